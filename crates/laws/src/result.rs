//! The result of a board in a tournament and the kinds of bye: the one vocabulary every crate
//! shares (pairing, standings, rating reports, TRF, the store and the web pages).
//!
//! A [`GameResult`] is what the arbiter records for a board (Art. 8.7): pending, a game played
//! over the board, or a forfeit (Art. 6.7.1). Its [`GameResult::score`] is the game score of
//! Art. 10.1 ([`GameScore`]). A [`ByeKind`] is a round without a game for one player.
//!
//! ```
//! use laws::{ByeKind, GameResult};
//! use laws::points::GameScore;
//!
//! let r: GameResult = "½-½".parse()?;
//! assert_eq!(r, GameResult::Draw);
//! assert_eq!("+/-".parse::<GameResult>()?, GameResult::WhiteWinsByForfeit);
//! assert_eq!(GameResult::BlackWins.to_string(), "0-1");
//! assert_eq!(GameResult::WhiteWinsByForfeit.score(), Some(GameScore::WHITE_WINS));
//! assert_eq!("H".parse::<ByeKind>()?, ByeKind::Half);
//! # Ok::<(), laws::ParseResultError>(())
//! ```

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::points::GameScore;

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
    /// Every result, pending first, then the played results, then the forfeits.
    pub const ALL: [GameResult; 7] = [
        GameResult::Pending,
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
        GameResult::WhiteWinsByForfeit,
        GameResult::BlackWinsByForfeit,
        GameResult::DoubleForfeit,
    ];

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

    /// Whether a player did not play (Art. 6.7.1).
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            GameResult::WhiteWinsByForfeit
                | GameResult::BlackWinsByForfeit
                | GameResult::DoubleForfeit
        )
    }

    /// The game score (Art. 10.1); a forfeit loses the game (Art. 6.7.1), both players when
    /// neither played; `None` while pending.
    pub fn score(self) -> Option<GameScore> {
        Some(match self {
            GameResult::Pending => return None,
            GameResult::WhiteWins | GameResult::WhiteWinsByForfeit => GameScore::WHITE_WINS,
            GameResult::Draw => GameScore::DRAW,
            GameResult::BlackWins | GameResult::BlackWinsByForfeit => GameScore::BLACK_WINS,
            GameResult::DoubleForfeit => GameScore::BOTH_LOSE,
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

/// Text that is not a result or not a bye.
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

#[cfg(feature = "serde")]
impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameResult, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

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
    /// Every kind, the pairing-allocated bye first.
    pub const ALL: [ByeKind; 4] = [
        ByeKind::PairingAllocated,
        ByeKind::Full,
        ByeKind::Half,
        ByeKind::Zero,
    ];

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

#[cfg(feature = "serde")]
impl Serialize for ByeKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for ByeKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ByeKind, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
