//! PGN import and export for the `laws` crate.
//!
//! Bytes in, games out: [`text::decode`] turns a file's bytes into text (UTF-8,
//! BOM, Latin-1), [`reader::Reader`] splits the text into games, and
//! [`import::import`] checks each game's moves against the Laws. The crate does
//! no file I/O.
//!
//! ```
//! use pgn::{import::import, reader::Reader, text::decode};
//!
//! let (text, _) = decode(b"[White \"A\"]\n[Black \"B\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
//! let game = import(&Reader::new(&text).next().unwrap());
//! assert!(game.error.is_none());
//! assert!(game.final_position().unwrap().is_checkmate());
//! # use shakmaty::Position;
//! ```

pub mod check;
pub mod export;
pub mod import;
pub mod reader;
pub mod text;
