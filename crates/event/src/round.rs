//! Rounds: boards with results, byes, publication and the warnings of manual edits.
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
use std::str::FromStr;

use laws::Article;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::date::DateTime;
use crate::person::PlayerId;

/// The result of a board (Art. 8.7: a result stands unless the arbiter changes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Not yet played or not yet entered (`*`).
    Pending,
    /// `1-0`.
    WhiteWins,
    /// `½-½`.
    Draw,
    /// `0-1`.
    BlackWins,
    /// `+/-`: Black did not play (Art. 6.7.1).
    WhiteWinsByForfeit,
    /// `-/+`: White did not play.
    BlackWinsByForfeit,
    /// `-/-`: neither played.
    DoubleForfeit,
}

impl GameResult {
    /// Whether a result has been entered.
    pub fn is_decided(self) -> bool {
        self != GameResult::Pending
    }

    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins
        )
    }

    /// The outcome for White and for Black; `None` while pending.
    pub fn outcomes(self) -> Option<(standings::Outcome, standings::Outcome)> {
        use standings::Outcome::*;
        Some(match self {
            GameResult::Pending => return None,
            GameResult::WhiteWins => (Win, Loss),
            GameResult::Draw => (Draw, Draw),
            GameResult::BlackWins => (Loss, Win),
            GameResult::WhiteWinsByForfeit => (ForfeitWin, ForfeitLoss),
            GameResult::BlackWinsByForfeit => (ForfeitLoss, ForfeitWin),
            GameResult::DoubleForfeit => (ForfeitLoss, ForfeitLoss),
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Pending => "*",
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "½-½",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteWinsByForfeit => "+/-",
            GameResult::BlackWinsByForfeit => "-/+",
            GameResult::DoubleForfeit => "-/-",
        })
    }
}

/// Text that is not a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseResultError(pub String);

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a result (expected 1-0, ½-½, 0-1, +/-, -/+, -/- or *)",
            self.0
        )
    }
}

impl std::error::Error for ParseResultError {}

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseResultError> {
        let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        Ok(match t.replace(':', "-").as_str() {
            "*" | "" => GameResult::Pending,
            "1-0" => GameResult::WhiteWins,
            "½-½" | "1/2-1/2" | "0.5-0.5" | "0,5-0,5" | "=" | "remis" => GameResult::Draw,
            "0-1" => GameResult::BlackWins,
            "+/-" | "+-" | "+--" => GameResult::WhiteWinsByForfeit,
            "-/+" | "-+" | "--+" => GameResult::BlackWinsByForfeit,
            "-/-" | "--" | "---" => GameResult::DoubleForfeit,
            _ => return Err(ParseResultError(s.to_string())),
        })
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The odd player out receives the pairing-allocated bye: it is given by the pairing, never
/// requested (C.04.1 c).
pub const PAIRING_ALLOCATED_BYE: Article = Article::new("C.04.1 c");

/// A round without a game for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// Pairing-allocated bye (C.04.1 Art. 3), TRF `U`.
    PairingAllocated,
    /// Full-point bye (requested), TRF `F`.
    Full,
    /// Half-point bye (requested), TRF `H`.
    Half,
    /// Zero-point bye: requested, or absent (before a late entry, after a withdrawal), TRF `Z`.
    Zero,
}

impl ByeKind {
    /// The outcome in the categories of C.07 Art. 16.
    pub fn outcome(self) -> standings::Outcome {
        match self {
            ByeKind::PairingAllocated => standings::Outcome::PairingBye,
            ByeKind::Full => standings::Outcome::FullPointBye,
            ByeKind::Half => standings::Outcome::HalfPointBye,
            ByeKind::Zero => standings::Outcome::ZeroPointBye,
        }
    }

    /// The TRF result code.
    pub fn code(self) -> char {
        match self {
            ByeKind::PairingAllocated => 'U',
            ByeKind::Full => 'F',
            ByeKind::Half => 'H',
            ByeKind::Zero => 'Z',
        }
    }
}

impl fmt::Display for ByeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ByeKind::PairingAllocated => "PAB",
            ByeKind::Full => "F",
            ByeKind::Half => "H",
            ByeKind::Zero => "Z",
        })
    }
}

impl FromStr for ByeKind {
    type Err = ParseResultError;

    /// `PAB`/`U`, `F`/`1`, `H`/`½`/`0.5`, `Z`/`0` (case-insensitive).
    fn from_str(s: &str) -> Result<ByeKind, ParseResultError> {
        Ok(match s.trim().to_ascii_uppercase().as_str() {
            "PAB" | "U" => ByeKind::PairingAllocated,
            "F" | "1" => ByeKind::Full,
            "H" | "½" | "0.5" | "0,5" => ByeKind::Half,
            "Z" | "0" => ByeKind::Zero,
            _ => return Err(ParseResultError(s.to_string())),
        })
    }
}

impl Serialize for ByeKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for ByeKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ByeKind, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

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
