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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind", rename_all = "snake_case"))]
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

impl Penalty {
    /// The penalty in German, as the Laws' German text names it.
    pub fn german(self) -> String {
        match self {
            Penalty::Warning => "Verwarnung".to_owned(),
            Penalty::IncreaseOpponentTime { ms } => {
                format!(
                    "Bedenkzeit des Gegenübers um {} verlängert",
                    crate::clock::Seconds(ms)
                )
            }
            Penalty::ReduceTime { ms } => {
                format!("Bedenkzeit um {} verkürzt", crate::clock::Seconds(ms))
            }
            Penalty::IncreaseOpponentScore { to } => {
                format!("Punktzahl des Gegenübers auf {} erhöht", german_score(to))
            }
            Penalty::ReduceScore { to } => format!("Punktzahl auf {} gekürzt", german_score(to)),
            Penalty::DeclareLost { opponent } => format!(
                "Partie verloren erklärt, Gegenüber erhält {}",
                german_score(opponent)
            ),
            Penalty::Fine { cents } => format!("Bußgeld {},{:02} €", cents / 100, cents % 100),
            Penalty::ExclusionFromRounds { rounds } => {
                format!("Ausschluss von {rounds} Runde(n)")
            }
            Penalty::Expulsion => "Ausschluss vom Turnier".to_owned(),
        }
    }
}

fn german_score(s: Score) -> &'static str {
    match s {
        Score::Zero => "0",
        Score::Half => "½",
        Score::One => "1",
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
                    crate::clock::Seconds(*ms)
                )
            }
            Penalty::ReduceTime { ms } => {
                write!(f, "time reduced by {}", crate::clock::Seconds(*ms))
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

/// Conduct the Laws forbid without fixing the consequence: the arbiter
/// chooses a penalty under Art. 12.9 (B-071, A-019, A-069-A-071, A-080).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Conduct {
    /// Art. 4.2.1: adjusting a piece when not on move (A-019 (d)).
    AdjustingOffMove,
    /// Art. 6.2.3: pressing the clock with the other hand than the one that moved (A-024 (d)).
    PressWithOtherHand,
    /// Art. 6.11.4: stopping the clock without a valid reason (A-023 (b)).
    ClockStoppedWithoutReason,
    /// Art. 8.1.2: writing a move before making it, other than for a claim or a sealed move (A-070).
    WritingMoveInAdvance,
    /// Art. 8.1.3: making a move before recording one's previous move (A-069).
    RecordingArrears,
    /// Art. 8.1.4: annotations or other marks on the scoresheet (A-071).
    Annotations,
    /// Art. 8.2: the scoresheet hidden from the arbiter (A-080).
    ScoresheetHidden,
    /// Art. 11.2.3.1: leaving the venue without the arbiter's permission.
    LeftVenue,
    /// Art. 11.2.3.2: leaving the playing area without permission; a violation only when on move.
    LeftPlayingArea,
    /// Art. 11.3.1: notes, sources of information, advice, or analysis on another board.
    OutsideHelp,
    /// Art. 11.3.4: smoking (e-cigarettes included) outside the designated area.
    Smoking,
    /// Art. 11.5: distracting or annoying the opponent.
    Distraction,
}

impl Conduct {
    /// Every conduct, in the order of the Laws.
    pub const ALL: [Conduct; 12] = [
        Conduct::AdjustingOffMove,
        Conduct::PressWithOtherHand,
        Conduct::ClockStoppedWithoutReason,
        Conduct::WritingMoveInAdvance,
        Conduct::RecordingArrears,
        Conduct::Annotations,
        Conduct::ScoresheetHidden,
        Conduct::LeftVenue,
        Conduct::LeftPlayingArea,
        Conduct::OutsideHelp,
        Conduct::Smoking,
        Conduct::Distraction,
    ];

    /// The provision that forbids the conduct.
    pub fn article(self) -> Article {
        Article::new(match self {
            Conduct::AdjustingOffMove => "Art. 4.2.1",
            Conduct::PressWithOtherHand => "Art. 6.2.3",
            Conduct::ClockStoppedWithoutReason => "Art. 6.11.4",
            Conduct::WritingMoveInAdvance => "Art. 8.1.2",
            Conduct::RecordingArrears => "Art. 8.1.3",
            Conduct::Annotations => "Art. 8.1.4",
            Conduct::ScoresheetHidden => "Art. 8.2",
            Conduct::LeftVenue => "Art. 11.2.3.1",
            Conduct::LeftPlayingArea => "Art. 11.2.3.2",
            Conduct::OutsideHelp => "Art. 11.3.1",
            Conduct::Smoking => "Art. 11.3.4",
            Conduct::Distraction => "Art. 11.5",
        })
    }
}

impl fmt::Display for Conduct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Conduct::AdjustingOffMove => "adjusting a piece when not on move",
            Conduct::PressWithOtherHand => "pressing the clock with the other hand",
            Conduct::ClockStoppedWithoutReason => "stopping the clock without a valid reason",
            Conduct::WritingMoveInAdvance => "writing a move in advance",
            Conduct::RecordingArrears => "moving before recording the previous move",
            Conduct::Annotations => "annotations on the scoresheet",
            Conduct::ScoresheetHidden => "scoresheet hidden from the arbiter",
            Conduct::LeftVenue => "leaving the venue without permission",
            Conduct::LeftPlayingArea => "leaving the playing area while on move",
            Conduct::OutsideHelp => "using notes, information or advice",
            Conduct::Smoking => "smoking outside the designated area",
            Conduct::Distraction => "distracting the opponent",
        })
    }
}
