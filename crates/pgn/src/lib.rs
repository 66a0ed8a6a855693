//! PGN import and export for the `laws` crate.
//!
//! Bytes in, games out: [`text::decode`] turns a file's bytes into text (UTF-8,
//! BOM, Latin-1), [`reader::Reader`] splits the text into games,
//! [`import::import`] checks each game's moves against the Laws,
//! [`check::Checker`] adds the end by rule, the result and the draw claims
//! (Art. 5, 9), and [`export::write_pgn`] writes standard PGN. The crate does
//! no file I/O.
//!
//! ```
//! use laws::notation::Language;
//! use pgn::{check::Checker, export::write_pgn, import::import, reader::Reader, text::decode};
//!
//! let (text, _) = decode(b"[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
//! let raw = Reader::new(&text).next().unwrap();
//!
//! let game = import(&raw);
//! assert!(game.error.is_none());
//! assert!(game.final_position().unwrap().is_checkmate());
//!
//! let report = Checker::new().check(&raw);
//! assert_eq!(report.ending.unwrap().termination.article().as_str(), "Art. 5.1.1");
//!
//! let start = &game.start.as_ref().unwrap().position;
//! let result = raw.termination.map(|(outcome, _)| outcome);
//! let pgn = write_pgn(&[("White", "A"), ("Black", "B")], start, &game.moves, result, Language::English);
//! assert!(pgn.ends_with("\n\n1. f3 e5 2. g4 Qh4# 0-1\n"));
//! # use shakmaty::Position;
//! ```

#![deny(missing_docs)]

pub mod check;
pub mod export;
pub mod import;
pub mod reader;
pub mod text;
