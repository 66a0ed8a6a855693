//! Adjourned games (Guideline I): the sealed-move envelope and the verdict
//! on the sealed move when the envelope is opened.
//!
//! A sealed move that is ambiguous (I.8.1), unreadable (I.8.2) or illegal (I.8.3) loses
//! unless Art. 5, 6.9 or 9.6 already decide: a game that had ended stays
//! ended, and if the sealer's opponent cannot checkmate by any series of
//! legal moves the game is drawn.
//!
//! ```
//! use laws::game::Game;
//! use laws::notation::Language;
//! use laws::sealed_move::{SealedMove, judge};
//!
//! // Knights on e1 and g1 both reach f3: "Sf3" is ambiguous and loses.
//! let game = Game::new("4k2r/8/8/8/8/8/8/4NKN1 w - - 0 1".parse()?);
//! let verdict = judge(&game, "Sf3", Language::German);
//! assert!(matches!(verdict, SealedMove::Lost { .. }));
//! assert_eq!(verdict.article().as_str(), "Guideline I.8.1");
//! # Ok::<_, laws::position::ParseStartError>(())
//! ```

use std::fmt;

use shakmaty::{Color, Move, Position};

/// Guideline I.9.1: "... wird der Umschlag geöffnet, der Abgabezug auf dem Schachbrett
/// ausgeführt und die Uhr in Gang gesetzt."
const SEALED_MOVE_MADE: Article = Article::new("Guideline I.9.1");
/// Guideline I.8.1: the sealed move "mehrdeutig ist".
const SEALED_MOVE_AMBIGUOUS: Article = Article::new("Guideline I.8.1");
/// Guideline I.8.2: the sealed move is written "auf eine Art ..., welche die wahre Bedeutung
/// unmöglich erkennen lässt".
const SEALED_MOVE_UNREADABLE: Article = Article::new("Guideline I.8.2");
/// Guideline I.8.3: the sealed move "regelwidrig ist".
const SEALED_MOVE_ILLEGAL: Article = Article::new("Guideline I.8.3");

use crate::Article;
use crate::dead_position::cannot_checkmate;
use crate::game::{Game, Termination};
use crate::notation::{Language, NotationError, parse_move};

/// What the sealed move means for the game (Guideline I.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SealedMove {
    /// The move is made on the board (I.7).
    Valid(Move),
    /// The game had already ended before the sealed move (Art. 5, 9.6).
    AlreadyOver(Termination),
    /// The sealed move is defective but the sealer's opponent cannot
    /// checkmate by any series of legal moves: draw (Art. 6.9 analogue).
    Drawn {
        /// Why the move is defective.
        defect: NotationError,
    },
    /// The sealer loses (I.8.1 ambiguous or unreadable, I.8.3 illegal).
    Lost {
        /// Who sealed.
        sealer: Color,
        /// Why the move is defective.
        defect: NotationError,
    },
}

impl SealedMove {
    /// The provision of the verdict.
    pub fn article(&self) -> Article {
        match self {
            SealedMove::Valid(_) => SEALED_MOVE_MADE,
            SealedMove::AlreadyOver(t) => t.article(),
            SealedMove::Drawn { .. } => Article::new("Art. 6.9"),
            SealedMove::Lost {
                defect: NotationError::Illegal,
                ..
            } => SEALED_MOVE_ILLEGAL,
            SealedMove::Lost {
                defect: NotationError::Syntax { .. },
                ..
            } => SEALED_MOVE_UNREADABLE,
            SealedMove::Lost { .. } => SEALED_MOVE_AMBIGUOUS,
        }
    }
}

impl fmt::Display for SealedMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SealedMove::Valid(m) => write!(f, "sealed move {m} is made")?,
            SealedMove::AlreadyOver(t) => write!(f, "the game had already ended: {t}")?,
            SealedMove::Drawn { defect } => write!(
                f,
                "defective sealed move ({defect}), opponent cannot mate: draw"
            )?,
            SealedMove::Lost { sealer, defect } => {
                write!(f, "defective sealed move ({defect}): {sealer} loses")?
            }
        }
        write!(f, " ({})", self.article())
    }
}

/// Judges the sealed move `written` (in `language`) in the game's current
/// position, the sealer being the player to move.
pub fn judge(game: &Game, written: &str, language: Language) -> SealedMove {
    if let Some(t) = game.termination() {
        return SealedMove::AlreadyOver(t);
    }
    let position = game.position();
    let sealer = position.turn();
    match parse_move(position, written, language) {
        Ok(m) => SealedMove::Valid(m),
        Err(defect) if cannot_checkmate(position, !sealer) => SealedMove::Drawn { defect },
        Err(defect) => SealedMove::Lost { sealer, defect },
    }
}

/// The contents of the envelope (Guideline I.2).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Envelope {
    /// I.2.1: the names of the players.
    pub players: Option<(String, String)>,
    /// I.2.2: the position immediately before the sealed move (FEN).
    pub position: Option<String>,
    /// I.2.3: the time used by each player, White and Black, in milliseconds.
    pub time_used_ms: Option<(u64, u64)>,
    /// I.2.4: the player who sealed.
    pub sealer: Option<Color>,
    /// I.2.5: the number of the sealed move.
    pub move_number: Option<u32>,
    /// I.2.6: a draw offer still open, if any (recorded as `Some(None)` when there is none).
    pub draw_offer: Option<Option<Color>>,
    /// I.2.7: date, time and venue of resumption.
    pub resumption: Option<String>,
    /// I.1.1: the sealed move as written.
    pub sealed_move: Option<String>,
}

impl Envelope {
    /// The items of Guideline I.2 (and the sealed move, I.1.1) that are missing.
    pub fn missing(&self) -> Vec<Article> {
        [
            (self.players.is_none(), "Guideline I.2.1"),
            (self.position.is_none(), "Guideline I.2.2"),
            (self.time_used_ms.is_none(), "Guideline I.2.3"),
            (self.sealer.is_none(), "Guideline I.2.4"),
            (self.move_number.is_none(), "Guideline I.2.5"),
            (self.draw_offer.is_none(), "Guideline I.2.6"),
            (self.resumption.is_none(), "Guideline I.2.7"),
            (self.sealed_move.is_none(), "Guideline I.1.1"),
        ]
        .into_iter()
        .filter(|(missing, _)| *missing)
        .map(|(_, a)| Article::new(a))
        .collect()
    }
}
