//! What the store's operations share across entities: why an operation failed, and the
//! result of a game.

use std::fmt;
use std::str::FromStr;

/// Why a store operation failed.
#[derive(Debug)]
pub enum StoreError {
    /// The database refused or could not be reached.
    Database(sqlx::Error),
    /// The URL is neither `sqlite://PATH` nor `postgres://...`.
    Url(String),
    /// No row with that id.
    NotFound {
        /// What kind of row (`player`, `game`, ...).
        entity: &'static str,
        /// The key asked for.
        id: i64,
    },
    /// The row changed since the caller read it (optimistic locking); nothing was written.
    Conflict {
        /// What kind of row.
        entity: &'static str,
        /// The row's key.
        id: i64,
    },
    /// A name or number that must be unique is taken.
    Duplicate(String),
    /// A value the operation cannot take.
    Invalid(String),
    /// Concurrent writers kept the database busy, or the transaction lost a race with one
    /// (SQLite "database is locked", PostgreSQL serialization failure or deadlock, no free
    /// connection in time); nothing was written and the change may be sent again.
    Busy(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Url(u) => write!(
                f,
                "`{u}` is not a database URL (sqlite://PATH or postgres://USER@HOST/DB)"
            ),
            StoreError::NotFound { entity, id } => write!(f, "no {entity} with id {id}"),
            StoreError::Conflict { entity, id } => write!(
                f,
                "{entity} {id} was changed by someone else meanwhile; reload and enter it again"
            ),
            StoreError::Duplicate(what) => write!(f, "{what} exists already"),
            StoreError::Invalid(what) => f.write_str(what),
            StoreError::Busy(why) => write!(
                f,
                "the database is busy with other changes; nothing was written, send it again ({why})"
            ),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Database(e) => Some(e),
            _ => None,
        }
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        if contended(&e) {
            StoreError::Busy(e.to_string())
        } else {
            StoreError::Database(e)
        }
    }
}

/// Whether an error comes from concurrent writers rather than from the request: SQLite
/// `SQLITE_BUSY`/`SQLITE_LOCKED` (with their extended codes), PostgreSQL `40001`
/// (serialization failure) and `40P01` (deadlock), or no pooled connection in time.
fn contended(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(d) => d.code().is_some_and(|code| {
            matches!(code.as_ref(), "40001" | "40P01")
                || (code.len() < 5 && code.parse::<u32>().is_ok_and(|c| matches!(c & 0xff, 5 | 6)))
        }),
        sqlx::Error::PoolTimedOut => true,
        _ => false,
    }
}

/// The result of a game or a bye, as recorded by the arbiter (Art. 8.7; byes C.04.1, C.02).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Not entered yet.
    Pending,
    /// `1-0`.
    WhiteWins,
    /// `½-½`.
    Draw,
    /// `0-1`.
    BlackWins,
    /// `+/-`: White wins by forfeit.
    WhiteForfeitWin,
    /// `-/+`: Black wins by forfeit.
    BlackForfeitWin,
    /// `-/-`: both lose by forfeit.
    DoubleForfeit,
    /// Pairing-allocated bye (C.04.1 Art. 3).
    PairingBye,
    /// Requested full-point bye.
    FullBye,
    /// Requested half-point bye.
    HalfBye,
    /// Zero-point bye (absent, not paired).
    ZeroBye,
}

impl GameResult {
    /// Every result, in the order of a result menu.
    pub const ALL: [GameResult; 11] = [
        GameResult::Pending,
        GameResult::WhiteWins,
        GameResult::Draw,
        GameResult::BlackWins,
        GameResult::WhiteForfeitWin,
        GameResult::BlackForfeitWin,
        GameResult::DoubleForfeit,
        GameResult::PairingBye,
        GameResult::FullBye,
        GameResult::HalfBye,
        GameResult::ZeroBye,
    ];

    /// The stored code, also the API and form value.
    pub fn code(self) -> &'static str {
        match self {
            GameResult::Pending => "*",
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "1/2-1/2",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteForfeitWin => "+/-",
            GameResult::BlackForfeitWin => "-/+",
            GameResult::DoubleForfeit => "-/-",
            GameResult::PairingBye => "bye",
            GameResult::FullBye => "bye-1",
            GameResult::HalfBye => "bye-1/2",
            GameResult::ZeroBye => "bye-0",
        }
    }

    /// Whether the result belongs to a player without opponent.
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            GameResult::PairingBye
                | GameResult::FullBye
                | GameResult::HalfBye
                | GameResult::ZeroBye
        )
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Draw => "½-½",
            GameResult::HalfBye => "bye-½",
            r => r.code(),
        })
    }
}

/// A text that is not a result code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseGameResultError(pub String);

impl fmt::Display for ParseGameResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a result (1-0, 1/2-1/2, 0-1, +/-, -/+, -/-, bye, bye-1, bye-1/2, bye-0, *)",
            self.0
        )
    }
}

impl std::error::Error for ParseGameResultError {}

impl FromStr for GameResult {
    type Err = ParseGameResultError;

    fn from_str(s: &str) -> Result<GameResult, ParseGameResultError> {
        let t = s.trim();
        let alias = match t {
            "½-½" | "=" => Some(GameResult::Draw),
            "bye-½" => Some(GameResult::HalfBye),
            "" => Some(GameResult::Pending),
            _ => None,
        };
        alias
            .or_else(|| GameResult::ALL.into_iter().find(|r| r.code() == t))
            .ok_or_else(|| ParseGameResultError(s.to_owned()))
    }
}
