//! What the store's operations share across entities: why an operation failed, and what a
//! game row records.

use std::fmt;
use std::str::FromStr;

use laws::{ByeKind, GameResult};

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

/// What a game row records: the result of a board, or the kind of bye of a player without
/// opponent (Art. 8.7; byes C.04.1, C.02). The laws' types are the vocabulary; this is only the
/// stored code of either (`*`, `1-0`, `1/2-1/2`, ..., `bye`, `bye-1`, `bye-1/2`, `bye-0`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Recorded {
    /// A board: pending, played or forfeited.
    Game(GameResult),
    /// A player without opponent.
    Bye(ByeKind),
}

impl Recorded {
    /// Every stored value, in the order of a result menu: the board results, then the byes.
    pub const ALL: [Recorded; 11] = [
        Recorded::Game(GameResult::Pending),
        Recorded::Game(GameResult::WhiteWins),
        Recorded::Game(GameResult::Draw),
        Recorded::Game(GameResult::BlackWins),
        Recorded::Game(GameResult::WhiteWinsByForfeit),
        Recorded::Game(GameResult::BlackWinsByForfeit),
        Recorded::Game(GameResult::DoubleForfeit),
        Recorded::Bye(ByeKind::PairingAllocated),
        Recorded::Bye(ByeKind::Full),
        Recorded::Bye(ByeKind::Half),
        Recorded::Bye(ByeKind::Zero),
    ];

    /// The stored code, also the API and form value.
    pub fn code(self) -> &'static str {
        match self {
            Recorded::Game(r) => match r {
                GameResult::Pending => "*",
                GameResult::WhiteWins => "1-0",
                GameResult::Draw => "1/2-1/2",
                GameResult::BlackWins => "0-1",
                GameResult::WhiteWinsByForfeit => "+/-",
                GameResult::BlackWinsByForfeit => "-/+",
                GameResult::DoubleForfeit => "-/-",
            },
            Recorded::Bye(k) => match k {
                ByeKind::PairingAllocated => "bye",
                ByeKind::Full => "bye-1",
                ByeKind::Half => "bye-1/2",
                ByeKind::Zero => "bye-0",
            },
        }
    }

    /// Whether the value belongs to a player without opponent.
    pub fn is_bye(self) -> bool {
        matches!(self, Recorded::Bye(_))
    }
}

impl From<GameResult> for Recorded {
    fn from(r: GameResult) -> Recorded {
        Recorded::Game(r)
    }
}

impl From<ByeKind> for Recorded {
    fn from(k: ByeKind) -> Recorded {
        Recorded::Bye(k)
    }
}

/// The board result of a stored value; a bye is [`StoreError::Invalid`].
impl TryFrom<Recorded> for GameResult {
    type Error = StoreError;

    fn try_from(r: Recorded) -> Result<GameResult, StoreError> {
        match r {
            Recorded::Game(g) => Ok(g),
            Recorded::Bye(_) => Err(StoreError::Invalid(format!(
                "`{}` is a bye, expected a game result (1-0, 1/2-1/2, 0-1, +/-, -/+, -/-, *)",
                r.code()
            ))),
        }
    }
}

/// The bye kind of a stored value; a board result is [`StoreError::Invalid`].
impl TryFrom<Recorded> for ByeKind {
    type Error = StoreError;

    fn try_from(r: Recorded) -> Result<ByeKind, StoreError> {
        match r {
            Recorded::Bye(k) => Ok(k),
            Recorded::Game(_) => Err(StoreError::Invalid(format!(
                "bye `{}`: expected bye, bye-1, bye-1/2 or bye-0",
                r.code()
            ))),
        }
    }
}

impl fmt::Display for Recorded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Recorded::Game(GameResult::Draw) => "½-½",
            Recorded::Bye(ByeKind::Half) => "bye-½",
            r => r.code(),
        })
    }
}

/// A text that is not a stored result code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRecordedError(pub String);

impl fmt::Display for ParseRecordedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a result (1-0, 1/2-1/2, 0-1, +/-, -/+, -/-, bye, bye-1, bye-1/2, bye-0, *)",
            self.0
        )
    }
}

impl std::error::Error for ParseRecordedError {}

impl FromStr for Recorded {
    type Err = ParseRecordedError;

    fn from_str(s: &str) -> Result<Recorded, ParseRecordedError> {
        let t = s.trim();
        let alias = match t {
            "½-½" | "=" => Some(Recorded::Game(GameResult::Draw)),
            "bye-½" => Some(Recorded::Bye(ByeKind::Half)),
            "" => Some(Recorded::Game(GameResult::Pending)),
            _ => None,
        };
        alias
            .or_else(|| Recorded::ALL.into_iter().find(|r| r.code() == t))
            .ok_or_else(|| ParseRecordedError(s.to_owned()))
    }
}
