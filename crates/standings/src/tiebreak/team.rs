//! The two German team criteria that need board results: Berliner Wertung and
//! Olympiade-Sonneborn-Berger. Whole team standings are outside this crate's individual
//! [`Field`](super::Field); these functions take one team's matches.
//!
//! ```
//! use standings::tiebreak::team::{berliner_wertung, olympiad_sb, TeamMatch};
//! use standings::{Outcome, Points};
//!
//! // Four boards: win, draw, loss, win → 4 + 3/2 + 0 + 1.
//! let bw = berliner_wertung(&[Outcome::Win, Outcome::Draw, Outcome::Loss, Outcome::Win]);
//! assert_eq!(bw.to_string(), "6.5");
//! let osb = olympiad_sb(&[TeamMatch {
//!     opponent_match_points: Points::from_half_points(10),
//!     board_points: Points::from_half_points(5),
//! }]);
//! assert_eq!(osb.to_string(), "12.50");
//! ```

use crate::rating::{Fixed, Hundredths};
use crate::score::{Outcome, Points};

/// Berliner Wertung of one match (DSJ JSpO 5.3 Nr. 6, 5.4 Nr. 5): with n boards in board
/// order, board b weighs n + 1 − b; a win (also by forfeit) scores the weight, a draw half
/// of it, anything else nothing.
pub fn berliner_wertung(boards: &[Outcome]) -> Points {
    let n = boards.len() as u32;
    boards
        .iter()
        .zip((1..=n).rev())
        .map(|(outcome, weight)| match outcome {
            Outcome::Win | Outcome::ForfeitWin => Points::from_half_points(2 * weight),
            Outcome::Draw => Points::from_half_points(weight),
            _ => Points::ZERO,
        })
        .sum()
}

/// One match of a team, as the Olympiade-SB sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamMatch {
    /// The opponent team's match points at the end of the event.
    pub opponent_match_points: Points,
    /// The team's own board points in this match.
    pub board_points: Points,
}

/// Olympiade-Sonneborn-Berger (C.07 Art. 13.2.2, DSJ JSpO 5.3 Nr. 1): Σ over the team's
/// matches of the opponent's match points × the team's board points in that match, exact
/// (a multiple of ¼).
pub fn olympiad_sb(matches: &[TeamMatch]) -> Hundredths {
    Fixed(
        matches
            .iter()
            .map(|m| {
                i64::from(m.opponent_match_points.half_points())
                    * i64::from(m.board_points.half_points())
                    * 25
            })
            .sum(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn half(n: u32) -> Points {
        Points::from_half_points(n)
    }

    #[test]
    fn berliner_wertung_weighs_boards_by_hand() {
        use Outcome::*;
        // Eight boards, weights 8..1: W on 1 (8), D on 2 (3.5), L on 3, F-win on 4 (5),
        // D on 5 (2), L on 6, W on 7 (2), D on 8 (0.5) = 21.
        let bw = berliner_wertung(&[Win, Draw, Loss, ForfeitWin, Draw, Loss, Win, Draw]);
        assert_eq!(bw, half(42));
        // The same results on reversed boards give less: the top boards weigh most.
        let reversed = berliner_wertung(&[Draw, Win, Loss, Draw, ForfeitWin, Loss, Draw, Win]);
        // 4 + 7 + 0 + 2.5 + 4 + 0 + 1 + 1 = 19.5
        assert_eq!(reversed, half(39));
        assert_eq!(berliner_wertung(&[ForfeitLoss, Loss]), Points::ZERO);
        assert_eq!(berliner_wertung(&[]), Points::ZERO);
    }

    #[test]
    fn olympiad_sb_by_hand() {
        // Three matches: v a team with 7 MP scoring 3 BP, v 4 MP scoring 1.5, v 9 MP scoring 2.5:
        // 21 + 6 + 22.5 = 49.5.
        let matches = [(14, 6), (8, 3), (18, 5)].map(|(mp, bp)| TeamMatch {
            opponent_match_points: half(mp),
            board_points: half(bp),
        });
        assert_eq!(olympiad_sb(&matches).to_string(), "49.50");
        // Half match points and half board points meet in quarters: 2.5 × 0.5 = 1.25.
        let quarter = olympiad_sb(&[TeamMatch {
            opponent_match_points: half(5),
            board_points: half(1),
        }]);
        assert_eq!(quarter.to_string(), "1.25");
    }
}
