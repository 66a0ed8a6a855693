//! A team that leaves a team competition before its end: it withdrew, or the director expelled
//! it (SJRP §20.1, Art. 12.9.9). Its results so far stand; it is not paired after
//! [`Withdrawal::after_round`]. In a team Swiss it is left out of the pairing; in a round robin
//! the Berger table keeps its place and each of its remaining matches is lost by forfeit, the
//! team not appearing (Art. 6.7.1). The Spielordnung says nothing on withdrawn teams; striking
//! all their results instead would be the organiser's rule, not modelled here.
//!
//! ```
//! use event::team::withdrawal::{Departure, Withdrawal};
//!
//! let w = Withdrawal::new(3, Departure::Withdrawn, "Anreise nicht möglich").unwrap();
//! assert!(w.plays(3));
//! assert!(!w.plays(4));
//! assert_eq!(Departure::Expelled { sanction: 2 }.article().to_string(), "Art. 12.9.9");
//! ```

use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

/// The longest reason, in characters (one line, as the other short texts of an event).
pub const MAX_TEXT: usize = 100;

/// The expulsion of a team from the competition (§20.1 names it among the director's measures).
pub const EXPULSION: Article = Article::new("Art. 12.9.9");

/// A team absent from a match loses it by forfeit: its players do not appear (default time).
pub const FORFEITED_MATCHES: Article = Article::new("Art. 6.7.1");

/// Why a team left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "cause", rename_all = "snake_case")]
pub enum Departure {
    /// The team (its club or school) withdrew.
    Withdrawn,
    /// The director expelled it; the sanction's number in the event's proceedings.
    Expelled {
        /// The number of the sanction (§20.1).
        sanction: u32,
    },
}

impl Departure {
    /// The provision for what follows: the forfeits of the remaining matches, or the expulsion.
    pub fn article(self) -> Article {
        match self {
            Departure::Withdrawn => FORFEITED_MATCHES,
            Departure::Expelled { .. } => EXPULSION,
        }
    }

    /// In German, for pages and exports.
    pub fn german(self) -> &'static str {
        match self {
            Departure::Withdrawn => "zurückgezogen",
            Departure::Expelled { .. } => "ausgeschlossen",
        }
    }
}

impl fmt::Display for Departure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Departure::Withdrawn => "withdrawn",
            Departure::Expelled { .. } => "expelled",
        })
    }
}

/// A team's departure, kept on its squad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Withdrawal {
    /// The last round the team is paired in (0: before round 1).
    pub after_round: u32,
    /// Withdrawn or expelled.
    #[serde(flatten)]
    pub cause: Departure,
    /// Why, as written (one line, at most [`MAX_TEXT`] characters).
    pub reason: String,
}

/// Why a withdrawal cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WithdrawalError {
    /// The reason is empty or longer than [`MAX_TEXT`], or not one line.
    Reason,
    /// The team has left already.
    Already(Departure),
    /// The team has a result in a round after `after_round`.
    Played {
        /// The round asked for.
        after_round: u32,
        /// The last round with a result of the team.
        played: u32,
    },
    /// `after_round` lies beyond the rounds paired so far.
    NotPaired {
        /// The round asked for.
        after_round: u32,
        /// The rounds paired.
        paired: u32,
    },
}

impl fmt::Display for WithdrawalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WithdrawalError::Reason => {
                write!(f, "reason: expected one line of 1 to {MAX_TEXT} characters")
            }
            WithdrawalError::Already(d) => write!(f, "the team is {d} already"),
            WithdrawalError::Played {
                after_round,
                played,
            } => write!(
                f,
                "after_round: the team has results up to round {played}, found {after_round}"
            ),
            WithdrawalError::NotPaired {
                after_round,
                paired,
            } => write!(
                f,
                "after_round: expected 0 to {paired} (the rounds paired), found {after_round}"
            ),
        }
    }
}

impl std::error::Error for WithdrawalError {}

impl Withdrawal {
    /// A departure after round `after_round`, with its reason checked.
    pub fn new(
        after_round: u32,
        cause: Departure,
        reason: &str,
    ) -> Result<Withdrawal, WithdrawalError> {
        let reason = reason.trim();
        if reason.is_empty() || reason.chars().count() > MAX_TEXT || reason.contains('\n') {
            return Err(WithdrawalError::Reason);
        }
        Ok(Withdrawal {
            after_round,
            cause,
            reason: reason.to_owned(),
        })
    }

    /// Whether the team is paired in `round`.
    pub fn plays(&self, round: u32) -> bool {
        round <= self.after_round
    }
}
