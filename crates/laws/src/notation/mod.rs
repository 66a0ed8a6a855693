//! Algebraic notation (Appendix C) and announcements for visually impaired
//! players (Appendix D).
//!
//! Moves are read and written in the piece letters of a player's language
//! (C.3), in short or long form (C.8), with the optional signs of C.9-C.13.
//! Every move is looked up among the legal moves of the position, so a record
//! either denotes exactly one legal move or is reported as illegal, ambiguous
//! (C.10) or unreadable (with its column).
//!
//! ```
//! use laws::Lang;
//! use laws::notation::{Form, Language, announce, parse_move, parse_movetext, write_move};
//! use shakmaty::Chess;
//!
//! let pos = Chess::default();
//! let m = parse_move(&pos, "Sg1-f3", Language::German).unwrap();
//! assert_eq!(write_move(&pos, &m, Language::English, Form::Short), "Nf3");
//! assert_eq!(write_move(&pos, &m, Language::French, Form::Long), "Cg1f3");
//! assert_eq!(announce(&pos, &m, Lang::De), "Springer Gustav eins Felix drei");
//!
//! let game = parse_movetext(&pos, "1.e4 e5 2.Sf3 Sf6 3.d4 ed4 4.e5 Se4 5.Dd4 d5 6.ed6 e.p. (=)", Language::German).unwrap();
//! assert!(game[10].mv.is_en_passant() && game[10].draw_offer);
//! ```

mod announce;
pub mod impaired;
mod language;
mod movetext;
mod parse;
mod write;

use std::fmt;

pub use announce::{announce, parse_announcement};
pub use language::{Language, UnknownLanguage};
pub use movetext::{MovetextError, parse_movetext};
pub use parse::{ParsedMove, parse_move, parse_record};
pub use write::{Form, write_move};

use crate::Article;

/// Why a written or announced move does not denote a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not algebraic notation; `column` (1-based, in characters)
    /// is where `expected` was wanted.
    Syntax {
        /// 1-based column in characters.
        column: usize,
        /// What would have been readable there.
        expected: &'static str,
    },
    /// No legal move fits the text.
    Illegal,
    /// Several legal moves fit: the piece was not identified as C.10 requires.
    Ambiguous {
        /// How many legal moves fit.
        candidates: usize,
    },
}

impl NotationError {
    /// The provision the text fails.
    pub fn article(self) -> Article {
        match self {
            NotationError::Syntax { .. } => Article::new("Appendix C"),
            NotationError::Illegal => Article::new("Art. 3.10.1"),
            NotationError::Ambiguous { .. } => Article::new("Appendix C.10"),
        }
    }
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax { column, expected } => {
                write!(f, "column {column}: expected {expected}")
            }
            NotationError::Illegal => write!(f, "no legal move fits ({})", self.article()),
            NotationError::Ambiguous { candidates } => {
                write!(
                    f,
                    "ambiguous: {candidates} legal moves fit ({})",
                    self.article()
                )
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// The words of `text` between separators, with their 1-based character columns.
fn words(text: &str, separator: impl Fn(char) -> bool) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (column, (byte, c)) in text.char_indices().enumerate() {
        match (separator(c), start) {
            (true, Some((s, col))) => {
                out.push((col, &text[s..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, column + 1)),
            _ => {}
        }
    }
    if let Some((s, col)) = start {
        out.push((col, &text[s..]));
    }
    out
}
