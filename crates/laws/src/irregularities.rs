//! Irregularities (Art. 7): the acts treated as illegal moves, the
//! irregularities found during the game, and the clocks after the position
//! is restored to an earlier move. The engine in [`arbiter`](crate::arbiter)
//! rules on them.
//!
//! Art. 7.1 leaves the clocks to the arbiter's best judgement; the arbiters'
//! commentary recommends the proportional method (the "rule of three"): each
//! player keeps the share of the time used that matches the moves kept.
//!
//! ```
//! use laws::irregularities::proportional_time_used_ms;
//!
//! const MIN: u64 = 60_000;
//! // 2 h for 40 moves; after move 30 the game goes back to move 20.
//! // White used 1:15 h, so keeps 20/30 of it: 0:50 h.
//! assert_eq!(proportional_time_used_ms(75 * MIN, 30, 20), Some(50 * MIN));
//! ```

use shakmaty::Move;

use crate::Article;

/// A completed act that the Laws treat as an illegal move (Art. 7.5.1-7.5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalAct {
    /// Art. 7.5.1: a move against Art. 3 (or an incomplete move, A-013).
    Move(Move),
    /// Art. 7.5.2: a pawn moved to the last rank without being replaced.
    UnreplacedPawn(Move),
    /// Art. 7.5.3: the clock pressed without a move.
    PressWithoutMove,
    /// Art. 7.5.4: a move made with two hands.
    TwoHands,
}

impl IllegalAct {
    /// The provision that treats the act as an illegal move.
    pub fn article(self) -> Article {
        Article::new(match self {
            IllegalAct::Move(_) => "Art. 7.5.1",
            IllegalAct::UnreplacedPawn(_) => "Art. 7.5.2",
            IllegalAct::PressWithoutMove => "Art. 7.5.3",
            IllegalAct::TwoHands => "Art. 7.5.4",
        })
    }
}

/// An irregularity found during the game (Art. 7.2, 7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Irregularity {
    /// Art. 7.2.1: the initial position was incorrect.
    WrongInitialPosition,
    /// Art. 7.2.2: the board was placed contrary to Art. 2.1.
    BoardMisplaced,
    /// Art. 7.3: the game started with colours reversed.
    ColoursReversed,
}

/// The time used to keep after going back from `moves_played` to
/// `moves_kept` moves: `used × kept / played`, rounded down to the
/// millisecond. `None` if `moves_kept` exceeds `moves_played` or no move was played.
pub fn proportional_time_used_ms(used_ms: u64, moves_played: u32, moves_kept: u32) -> Option<u64> {
    if moves_played == 0 || moves_kept > moves_played {
        return None;
    }
    let kept = u128::from(used_ms) * u128::from(moves_kept) / u128::from(moves_played);
    u64::try_from(kept).ok()
}
