//! Rounds: boards with results, byes, publication and the warnings of manual edits. The board
//! result and the bye kind are the Laws' ([`laws::GameResult`], [`laws::ByeKind`]), re-exported.
//!
//! ```
//! use event::round::{ByeKind, GameResult};
//!
//! let r: GameResult = "½-½".parse()?;
//! assert_eq!(r, GameResult::Draw);
//! assert_eq!("+/-".parse::<GameResult>()?, GameResult::WhiteWinsByForfeit);
//! assert_eq!(GameResult::BlackWins.to_string(), "0-1");
//! assert_eq!("H".parse::<ByeKind>()?, ByeKind::Half);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use laws::Article;
pub use laws::{ByeKind, GameResult, ParseResultError};
use serde::{Deserialize, Serialize, Serializer};

use crate::date::DateTime;
use crate::person::PlayerId;

/// The odd player out receives the pairing-allocated bye: it is given by the pairing, never
/// requested (C.04.1 c).
pub const PAIRING_ALLOCATED_BYE: Article = Article::new("C.04.1 c");

/// One board of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
    /// The result, [`GameResult::Pending`] until entered.
    pub result: GameResult,
    /// Set by hand rather than by the pairing engine (to be marked on the list, SJRP §6.2).
    pub manual: bool,
}

/// A player without a game in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    /// The player.
    pub player: PlayerId,
    /// The kind of bye.
    pub kind: ByeKind,
}

/// A round: its boards in order, its byes, and when it was published.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// Round number, from 1.
    pub number: u32,
    /// Boards, board 1 first.
    pub boards: Vec<Board>,
    /// Byes and absences.
    pub byes: Vec<Bye>,
    /// When the pairing was published; `None` while it is a preview.
    pub published: Option<DateTime>,
}

/// A freshly made pairing, before it is stored and published.
pub type RoundDraft = Round;

impl Round {
    /// Whether the pairing has been published.
    pub fn is_published(&self) -> bool {
        self.published.is_some()
    }

    /// Whether every board has a result.
    pub fn is_complete(&self) -> bool {
        self.boards.iter().all(|b| b.result.is_decided())
    }

    /// Whether any board has a result.
    pub fn has_results(&self) -> bool {
        self.boards.iter().any(|b| b.result.is_decided())
    }

    /// Whether any board was set by hand.
    pub fn has_manual_boards(&self) -> bool {
        self.boards.iter().any(|b| b.manual)
    }

    /// The board (0-based index) on which `player` plays.
    pub fn board_of(&self, player: PlayerId) -> Option<usize> {
        self.boards
            .iter()
            .position(|b| b.white == player || b.black == player)
    }

    /// The bye of `player`, if any.
    pub fn bye_of(&self, player: PlayerId) -> Option<ByeKind> {
        self.byes
            .iter()
            .find(|b| b.player == player)
            .map(|b| b.kind)
    }
}

/// Why a board of an engine pairing stands as it does, for the preview (C.04.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// 1-based board.
    pub board: usize,
    /// Score of the bracket (scoregroup) the pair was made in, written `2.5`; `None` in a round
    /// robin.
    pub bracket: Option<String>,
    /// White's float in this round (C.04.3 1.4).
    pub white_float: Option<Float>,
    /// Black's float in this round.
    pub black_float: Option<Float>,
    /// The rule that gave the colours (C.04.3 5.2.x, or the Berger table).
    pub colour_rule: String,
    /// Criteria the bracket's pairing could not fully meet.
    pub criteria_failed: Vec<String>,
}

/// A float (C.04.3 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Float {
    /// Paired with a lower score.
    Down,
    /// Paired with a higher score.
    Up,
}

/// Something the arbiter should know about a manual edit or a publication; it does not stop
/// the edit. Each names its provision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Warning {
    /// What is wrong.
    pub kind: WarningKind,
    /// The provision, e.g. `C.04.3 C1` or `SJRP §6.2`.
    #[serde(serialize_with = "serialize_article")]
    pub article: Article,
}

fn serialize_article<S: Serializer>(a: &Article, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(a.as_str())
}

/// The kinds of [`Warning`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum WarningKind {
    /// The two players met before (C.04.1 b).
    Rematch {
        /// One player.
        a: PlayerId,
        /// The other.
        b: PlayerId,
        /// The round they met in.
        round: u32,
    },
    /// A player would get the same colour three times in a row (C.04.1 g).
    SameColourThreeTimes {
        /// The player.
        player: PlayerId,
    },
    /// A player's colour difference would exceed 2 (C.04.1 f).
    ColourDifference {
        /// The player.
        player: PlayerId,
        /// Games with White minus games with Black after the round.
        difference: i32,
    },
    /// The pair is prohibited by the arbiter or the regulations (treated like C.04.3 C1).
    ProhibitedPair {
        /// One player.
        a: PlayerId,
        /// The other.
        b: PlayerId,
    },
    /// The player is not available in the round (late entry, withdrawal, requested bye).
    Unavailable {
        /// The player.
        player: PlayerId,
    },
    /// A manual pairing published less than 30 minutes before the round (SJRP §6.2).
    LatePublication {
        /// Minutes between publication and the start of the round.
        minutes_before: i64,
    },
    /// A player who already had a pairing-allocated bye gets another (C.04.1 d).
    RepeatedPairingBye {
        /// The player.
        player: PlayerId,
        /// The round of the earlier pairing-allocated bye.
        round: u32,
    },
    /// A later, already paired round rests on a result that was corrected (Art. 8.7).
    LaterRoundAffected {
        /// The later round.
        round: u32,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            WarningKind::Rematch { a, b, round } => {
                write!(f, "players {a} and {b} already met in round {round}")
            }
            WarningKind::SameColourThreeTimes { player } => {
                write!(
                    f,
                    "player {player} gets the same colour three times in a row"
                )
            }
            WarningKind::ColourDifference { player, difference } => {
                write!(
                    f,
                    "player {player} would have a colour difference of {difference}"
                )
            }
            WarningKind::ProhibitedPair { a, b } => {
                write!(f, "players {a} and {b} must not be paired")
            }
            WarningKind::Unavailable { player } => {
                write!(f, "player {player} is not available in this round")
            }
            WarningKind::LatePublication { minutes_before } => write!(
                f,
                "manual pairings published {minutes_before} minutes before the round, at least 30 are required"
            ),
            WarningKind::RepeatedPairingBye { player, round } => write!(
                f,
                "player {player} already had the pairing-allocated bye in round {round}"
            ),
            WarningKind::LaterRoundAffected { round } => {
                write!(f, "round {round} was paired with the old result")
            }
        }?;
        write!(f, " ({})", self.article)
    }
}
