//! Persistent storage of the tournament service: users, sessions, audit log, events, sections,
//! players, rounds and games in SQLite (one file, default) or PostgreSQL (shared deployments).
//!
//! Both backends run through sqlx's `Any` driver with one schema text (see [`schema`](self)
//! migrations, applied on [`Store::open`]). SQLite runs in WAL mode with `synchronous=FULL`: a
//! result the server acknowledged has been written to the log on disk, so it survives a killed
//! process and a power cut. Sessions live in the database, so several server processes can share
//! one PostgreSQL database.
//!
//! Result entry is one row update guarded by the row's `version` (optimistic locking): a writer
//! that read an older version gets [`StoreError::Conflict`] instead of silently overwriting
//! another arbiter's entry. Every change writes an audit row (who, when, entity, old and new
//! value) in the same transaction (Art. 8.7: a result stands unless the arbiter changes it, and
//! the change is on record).
//!
//! [`Store::backup_to`] writes a consistent copy of a SQLite database while it is in use
//! (`VACUUM INTO`); [`restore`] puts such a copy in place.
//!
//! The code is split by entity: `users` (accounts and sessions), `audit`, `events`, `sections`
//! (with the section's revision), `players`, `rounds` (rounds and their games), `team` and `live`
//! (live games: replay header and append-only event log). Each
//! maps its rows through one trait in `row`, which gives every entity the same by-id and list
//! queries. `testing` (stores for test suites) exists only with the `testing` cargo feature,
//! which the crates above enable in their `[dev-dependencies]`.
//!
//! ```
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let path = std::env::temp_dir().join(format!("store-doc-{}.db", std::process::id()));
//! let store = store::Store::open(&format!("sqlite://{}", path.display())).await?;
//! let admin = store.create_user(None, "admin", "argon2-hash", store::Role::Admin).await?;
//! let event = store.create_event(Some(admin), "Open", "Berlin", "2026-05-01", "{}").await?;
//! assert_eq!(store.events().await?[0].id, event);
//! # std::fs::remove_file(&path).ok();
//! # Ok::<(), store::StoreError>(())
//! # }).unwrap();
//! ```

#![deny(missing_docs)]

mod archive;
mod audit;
mod backup;
mod board;
mod events;
mod live;
mod model;
mod players;
mod rounds;
mod row;
mod schema;
mod sections;
mod team;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
mod users;

use std::time::{SystemTime, UNIX_EPOCH};

use sqlx::any::AnyPoolOptions;
use sqlx::{Any, AnyPool, Executor, Row, Transaction};

pub use archive::{
    ArchivedAccount, ArchivedAudit, ArchivedEvent, ArchivedGame, ArchivedLineup, ArchivedMatch,
    ArchivedPlayer, ArchivedRound, ArchivedSection, ArchivedTeam, Document, EventRows, LOCKED,
    Relink,
};
pub use audit::AuditEntry;
pub use backup::{restore, sqlite_path};
pub use events::{EventChange, EventOf, EventRow};
pub use live::{Appended, LIVE_CHANNEL, LiveEvent, LiveGame, LiveListener, LiveMark, NewLiveEvent};
pub use model::{ParseRecordedError, Recorded, StoreError};
pub use players::{NewPlayer, Player};
pub use rounds::{Confirmed, Game, NewGame, NewRound, Round, RoundNote};
pub use row::Versioned;
pub use sections::{NewSection, Section};
pub use team::{Lineup, TeamMatch, TeamRow, TeamSection};
pub use users::{ParseRoleError, Role, Session, User, token_hash};

/// The schema version after all migrations: the number of migrations.
pub const SCHEMA_VERSION: i64 = schema::MIGRATIONS.len() as i64;

/// Seconds since the Unix epoch.
pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// Milliseconds since the Unix epoch (the server time of live game events).
pub fn unix_now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The database of the tournament service.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    postgres: bool,
    /// PostgreSQL: where a listener for the live games' notifications connects.
    listen_url: Option<live::ListenUrl>,
}

impl Store {
    /// Connects to `sqlite://PATH` (the file is created) or `postgres://...` and applies the
    /// migrations not yet applied.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let store = Store::connect(url).await?;
        store.migrate(SCHEMA_VERSION).await?;
        Ok(store)
    }

    /// Connects without migrating.
    async fn connect(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let postgres = url.starts_with("postgres:") || url.starts_with("postgresql:");
        let (url, max) = if postgres {
            (url.to_owned(), 16)
        } else {
            let path = sqlite_path(url).ok_or_else(|| StoreError::Url(url.to_owned()))?;
            (format!("sqlite://{}?mode=rwc", path.display()), 8)
        };
        let pool = AnyPoolOptions::new()
            .max_connections(max)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if !postgres {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await?;
        let listen_url = postgres.then(|| live::ListenUrl(url.as_str().into()));
        Ok(Store {
            pool,
            postgres,
            listen_url,
        })
    }

    /// Begins a write transaction. On SQLite it takes the write lock at once (`BEGIN
    /// IMMEDIATE`, waiting up to the busy timeout): a transaction that reads before it writes
    /// would otherwise fail with "database is locked" when another writer came first.
    async fn write(&self) -> Result<Transaction<'static, Any>, StoreError> {
        Ok(if self.postgres {
            self.pool.begin().await?
        } else {
            self.pool.begin_with("BEGIN IMMEDIATE").await?
        })
    }

    /// Whether the backend is PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The version of the schema (number of migrations applied).
    pub async fn schema_version(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations")
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("v")?)
    }
}
