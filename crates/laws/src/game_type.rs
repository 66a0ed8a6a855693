//! Standard, rapid and blitz games (Appendix A.1, B.1).
//!
//! A game is classified by the time each player has for 60 moves: the
//! allotted time of all periods plus the per-move bonus for 60 moves. More than 10 and less than 60 minutes is rapid
//! (A.1), 10 minutes or less is blitz (B.1), anything else is standard.
//!
//! Delay ("Aufschub", Bronstein) counts like an increment: the Laws speak only
//! of "time added per move", and a delay is the most a player can gain per
//! move. When the colours have different controls (Armageddon), the player
//! with more time decides.
//!
//! ```
//! use laws::game_type::GameType;
//!
//! let classify = |s: &str| GameType::of(&s.parse().unwrap());
//! assert_eq!(classify("180+2"), GameType::Blitz);      // 3 + 2 → 5 minutes
//! assert_eq!(classify("900+10"), GameType::Rapid);     // 15 + 10 → 25 minutes
//! assert_eq!(classify("3300+5"), GameType::Standard);  // 55 + 5 → 60 minutes, not < 60
//! ```

use std::fmt;

use shakmaty::Color;

use crate::Article;
use crate::time_control::TimeControl;

/// Moves over which Appendix A.1 and B.1 add up the time.
pub const CLASSIFICATION_MOVES: u32 = 60;

const TEN_MINUTES_MS: u64 = 10 * 60_000;
const SIXTY_MINUTES_MS: u64 = 60 * 60_000;
const FIVE_MINUTES_MS: u64 = 5 * 60_000;

/// The kind of game a time control makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameType {
    /// More than 60 minutes or exactly 60 for 60 moves: the Laws without the appendices.
    Standard,
    /// Appendix A.1: more than 10 and less than 60 minutes for 60 moves.
    Rapid,
    /// Appendix B.1: 10 minutes or less for 60 moves.
    Blitz,
}

impl GameType {
    /// Classifies a time control by the larger of the two players' 60-move budgets.
    pub fn of(control: &TimeControl) -> GameType {
        GameType::from_budget_ms(budget_ms(control))
    }

    /// Classifies a 60-move budget in milliseconds.
    pub fn from_budget_ms(ms: u64) -> GameType {
        if ms <= TEN_MINUTES_MS {
            GameType::Blitz
        } else if ms < SIXTY_MINUTES_MS {
            GameType::Rapid
        } else {
            GameType::Standard
        }
    }

    /// The provision that defines this game type (standard: neither A.1 nor B.1).
    pub fn article(self) -> Article {
        match self {
            GameType::Standard => Article::new("Appendix A.1, B.1"),
            GameType::Rapid => Article::new("Appendix A.1"),
            GameType::Blitz => Article::new("Appendix B.1"),
        }
    }

    /// Art. 7.5.5: time the opponent receives after an illegal move; one
    /// minute instead of two in rapid and blitz (A.3, via B.3).
    pub fn illegal_move_bonus_ms(self) -> u64 {
        match self {
            GameType::Standard => 2 * 60_000,
            GameType::Rapid | GameType::Blitz => 60_000,
        }
    }

    /// Whether a player must record the moves (Art. 8.1.1; not in rapid and
    /// blitz, A.2). In standard games Art. 8.4 suspends the duty when time is
    /// short: see [`recording_exempt`].
    pub fn recording_required(self) -> bool {
        self == GameType::Standard
    }
}

/// The larger of the two players' time for [`CLASSIFICATION_MOVES`] moves in milliseconds
/// (Appendix A.1, B.1); the DWZ's minimum playing time is measured the same way.
pub fn budget_ms(control: &TimeControl) -> u64 {
    Color::ALL
        .iter()
        .map(|&c| control.schedule(c).budget_ms(CLASSIFICATION_MOVES))
        .max()
        .unwrap_or(0)
}

/// Art. 8.4: a player who at some moment of a period has less than five
/// minutes, in a period without an increment of at least 30 seconds per move,
/// need not record for the rest of that period. Delay is not "added" time and
/// does not count here.
pub fn recording_exempt(lowest_remaining_in_period_ms: u64, increment_ms: u64) -> bool {
    lowest_remaining_in_period_ms < FIVE_MINUTES_MS && increment_ms < 30_000
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameType::Standard => "standard",
            GameType::Rapid => "rapid",
            GameType::Blitz => "blitz",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classify(s: &str) -> GameType {
        GameType::of(&s.parse().unwrap())
    }

    /// B-026 test vectors (A-065 overlaps): T = base + 60 × increment.
    #[test]
    fn b_026_classification_by_base_plus_sixty_increments() {
        let cases = [
            ("180+2", GameType::Blitz),
            ("300+3", GameType::Blitz),
            ("600", GameType::Blitz),
            ("540+1", GameType::Blitz),
            ("600+1", GameType::Rapid),
            ("900", GameType::Rapid),
            ("1200", GameType::Rapid),
            ("1500", GameType::Rapid),
            ("900+10", GameType::Rapid),
            ("2700+15", GameType::Standard),
            ("3000+10", GameType::Standard),
            ("3300+5", GameType::Standard),
            ("40/5400+30:1800+30", GameType::Standard),
        ];
        for (tc, expected) in cases {
            assert_eq!(classify(tc), expected, "{tc}");
        }
    }

    /// A-065: the same rule, including the boundary cases 8+2 (blitz) and 9+2 (rapid).
    #[test]
    fn a_065_classification_boundaries() {
        assert_eq!(classify("480+2"), GameType::Blitz);
        assert_eq!(classify("540+2"), GameType::Rapid);
        assert_eq!(classify("600+5"), GameType::Rapid);
        assert_eq!(classify("3600"), GameType::Standard);
        assert_eq!(classify("3599"), GameType::Rapid);
        assert_eq!(classify("600.001"), GameType::Rapid);
    }

    #[test]
    fn delay_counts_like_increment_and_larger_side_decides() {
        assert_eq!(classify("540d2"), GameType::Rapid);
        assert_eq!(classify("540b1"), GameType::Blitz);
        assert_eq!(classify("W300-B240"), GameType::Blitz);
        assert_eq!(classify("W660-B540"), GameType::Rapid);
    }

    /// B-027: rapid and blitz players need not record (A.2).
    #[test]
    fn b_027_no_recording_duty_in_rapid_and_blitz() {
        assert!(!classify("900+10").recording_required());
        assert!(!classify("180+2").recording_required());
        assert!(classify("5400+30").recording_required());
    }

    #[test]
    fn art_8_4_recording_exemption() {
        assert!(recording_exempt(299_999, 0));
        assert!(!recording_exempt(300_000, 0));
        assert!(recording_exempt(10_000, 29_999));
        assert!(!recording_exempt(10_000, 30_000));
    }

    #[test]
    fn each_type_cites_its_appendix() {
        assert_eq!(GameType::Rapid.article().as_str(), "Appendix A.1");
        assert_eq!(GameType::Blitz.article().as_str(), "Appendix B.1");
        assert_eq!(GameType::Standard.to_string(), "standard");
    }

    #[test]
    fn illegal_move_bonus_by_game_type() {
        assert_eq!(GameType::Standard.illegal_move_bonus_ms(), 120_000);
        assert_eq!(GameType::Rapid.illegal_move_bonus_ms(), 60_000);
        assert_eq!(GameType::Blitz.illegal_move_bonus_ms(), 60_000);
    }
}
