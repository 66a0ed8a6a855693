//! The penalties the arbiter may impose (Art. 12.9), a closed list of nine.
//!
//! ```
//! use laws::penalties::Penalty;
//!
//! let p = Penalty::IncreaseOpponentTime { ms: 120_000 };
//! assert_eq!(p.article().as_str(), "Art. 12.9.2");
//! assert_eq!(Penalty::Expulsion.to_string(), "expulsion from the competition");
//! ```

use std::fmt;

use crate::Article;
use crate::points::Score;

/// One of the penalties of Art. 12.9; the arbiter may combine them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Penalty {
    /// Art. 12.9.1: a warning.
    Warning,
    /// Art. 12.9.2: the opponent's remaining time is increased.
    IncreaseOpponentTime {
        /// Milliseconds added.
        ms: u64,
    },
    /// Art. 12.9.3: the offender's remaining time is reduced.
    ReduceTime {
        /// Milliseconds deducted.
        ms: u64,
    },
    /// Art. 12.9.4: the opponent's score in the game is increased, up to the maximum.
    IncreaseOpponentScore {
        /// The opponent's score now.
        to: Score,
    },
    /// Art. 12.9.5: the offender's score in the game is reduced.
    ReduceScore {
        /// The offender's score now.
        to: Score,
    },
    /// Art. 12.9.6: the game is declared lost by the offender; the arbiter
    /// also decides the opponent's score.
    DeclareLost {
        /// The opponent's score.
        opponent: Score,
    },
    /// Art. 12.9.7: a fine announced in advance, in cents of the announced currency.
    Fine {
        /// The amount in cents.
        cents: u64,
    },
    /// Art. 12.9.8: exclusion from one or more rounds.
    ExclusionFromRounds {
        /// How many rounds.
        rounds: u32,
    },
    /// Art. 12.9.9: expulsion from the competition.
    Expulsion,
}

impl Penalty {
    /// The provision of Art. 12.9.
    pub fn article(self) -> Article {
        Article::new(match self {
            Penalty::Warning => "Art. 12.9.1",
            Penalty::IncreaseOpponentTime { .. } => "Art. 12.9.2",
            Penalty::ReduceTime { .. } => "Art. 12.9.3",
            Penalty::IncreaseOpponentScore { .. } => "Art. 12.9.4",
            Penalty::ReduceScore { .. } => "Art. 12.9.5",
            Penalty::DeclareLost { .. } => "Art. 12.9.6",
            Penalty::Fine { .. } => "Art. 12.9.7",
            Penalty::ExclusionFromRounds { .. } => "Art. 12.9.8",
            Penalty::Expulsion => "Art. 12.9.9",
        })
    }
}

impl fmt::Display for Penalty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Penalty::Warning => f.write_str("warning"),
            Penalty::IncreaseOpponentTime { ms } => {
                write!(
                    f,
                    "opponent's time increased by {}",
                    crate::arbiter::Seconds(*ms)
                )
            }
            Penalty::ReduceTime { ms } => {
                write!(f, "time reduced by {}", crate::arbiter::Seconds(*ms))
            }
            Penalty::IncreaseOpponentScore { to } => write!(f, "opponent's score raised to {to}"),
            Penalty::ReduceScore { to } => write!(f, "score reduced to {to}"),
            Penalty::DeclareLost { opponent } => {
                write!(f, "game declared lost, opponent scores {opponent}")
            }
            Penalty::Fine { cents } => write!(f, "fine of {}.{:02}", cents / 100, cents % 100),
            Penalty::ExclusionFromRounds { rounds } => write!(f, "excluded from {rounds} round(s)"),
            Penalty::Expulsion => f.write_str("expulsion from the competition"),
        }
    }
}
