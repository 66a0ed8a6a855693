//! Article 9 draws: position identity (Art. 9.2.3) and draw claims (Art. 9.2, 9.3).
//!
//! Art. 9.2.3: positions are the same only if the same player has the move,
//! pieces of the same kind and colour occupy the same squares and the possible
//! moves of all the pieces of both players are the same. So an en passant
//! square counts only when an en passant capture is legal (9.2.3.1), and
//! castling rights count (9.2.3.2). [`PositionKey`] is the Polyglot Zobrist key
//! of exactly these features.
//!
//! ```
//! use laws::draws::{ClaimKind, PositionKey};
//! use laws::game::Game;
//! use shakmaty::{Chess, Move, Role, Square};
//!
//! assert_eq!(PositionKey::of(&Chess::new()).to_string(), "463b96181691fc9c");
//!
//! let mut game = Game::default();
//! let knight = |from, to| Move::Normal { role: Role::Knight, from, capture: None, to, promotion: None };
//! for _ in 0..2 {
//!     game.play(knight(Square::G1, Square::F3))?;
//!     game.play(knight(Square::G8, Square::F6))?;
//!     game.play(knight(Square::F3, Square::G1))?;
//!     game.play(knight(Square::F6, Square::G8))?;
//! }
//! // The start position has arisen for the third time: White may claim (Art. 9.2.2).
//! let claims = game.draw_claims(None);
//! assert_eq!(claims[0].kind, ClaimKind::Repetition);
//! assert_eq!(claims[0].repetitions, [0, 4, 8]);
//! assert_eq!(claims[0].article().as_str(), "Art. 9.2.2");
//! # Ok::<_, laws::game::IllegalMove>(())
//! ```

use std::fmt;

use shakmaty::{Chess, EnPassantMode, Move, Position, zobrist::Zobrist64};

use crate::Article;

/// The identity of a position by Art. 9.2.3: Polyglot-compatible 64-bit Zobrist key
/// over pieces, side to move, castling rights and a legal en passant capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PositionKey(pub u64);

impl PositionKey {
    /// The key of a position, computed from scratch.
    pub fn of(position: &Chess) -> PositionKey {
        PositionKey(position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0)
    }

    /// The key after the legal move `m` from `position` (whose key is `self`),
    /// updated incrementally where possible; `after` is the position after the move.
    pub(crate) fn after(self, position: &Chess, m: Move, after: &Chess) -> PositionKey {
        crate::position::zobrist_after(position, Zobrist64(self.0), m)
            .map_or_else(|| PositionKey::of(after), |z| PositionKey(z.0))
    }
}

/// Sixteen lowercase hex digits, as Polyglot books print keys.
impl fmt::Display for PositionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// The grounds of a draw claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// Art. 9.2.2: the same position has just appeared for at least the third time,
    /// the claimant to move.
    Repetition,
    /// Art. 9.2.1: the claimant's written, intended move will make the same position
    /// appear for at least the third time.
    RepetitionByIntendedMove,
    /// Art. 9.3.2: the last 50 moves by each player were made without a pawn move or capture.
    FiftyMoves,
    /// Art. 9.3.1: the claimant's written, intended move completes 50 moves by each
    /// player without a pawn move or capture.
    FiftyMovesByIntendedMove,
}

impl ClaimKind {
    /// The article the claim rests on.
    pub fn article(self) -> Article {
        match self {
            ClaimKind::Repetition => Article::new("Art. 9.2.2"),
            ClaimKind::RepetitionByIntendedMove => Article::new("Art. 9.2.1"),
            ClaimKind::FiftyMoves => Article::new("Art. 9.3.2"),
            ClaimKind::FiftyMovesByIntendedMove => Article::new("Art. 9.3.1"),
        }
    }
}

impl fmt::Display for ClaimKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ClaimKind::Repetition => "threefold repetition",
            ClaimKind::RepetitionByIntendedMove => "threefold repetition with the intended move",
            ClaimKind::FiftyMoves => "50-move rule",
            ClaimKind::FiftyMovesByIntendedMove => "50-move rule with the intended move",
        })
    }
}

/// A correct draw claim the player to move could make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawClaim {
    /// The grounds.
    pub kind: ClaimKind,
    /// The ply of the position in which the claim is made (0 = start position).
    pub ply: u32,
    /// The move the claimant writes down, for claims by intended move.
    pub intended: Option<Move>,
    /// For repetition claims, the plies of every occurrence of the repeated
    /// position, oldest first; the last is `ply` or, with an intended move, `ply + 1`.
    pub repetitions: Vec<u32>,
}

impl DrawClaim {
    /// The article the claim rests on.
    pub fn article(&self) -> Article {
        self.kind.article()
    }
}

impl fmt::Display for DrawClaim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}) at ply {}", self.kind, self.article(), self.ply)?;
        if !self.repetitions.is_empty() {
            f.write_str(", positions at plies")?;
            for ply in &self.repetitions {
                write!(f, " {ply}")?;
            }
        }
        Ok(())
    }
}
