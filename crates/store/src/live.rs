//! Live games: a game of a published round played with the rules engine, stored as its replay
//! header and an append-only log of events (the lines of a `laws::replay` log).
//!
//! Every event row names the device that sent it and the device's own sequence number: a retry
//! with the same (device, device sequence) finds the stored event instead of applying twice. An
//! event is acknowledged once its transaction committed (SQLite `synchronous=FULL`), so a killed
//! server loses no acknowledged event; the log is the record of who sent what when (user,
//! device, server time), the opening of a live game is audited.
//!
//! A board's device opens only its own game with the board's code; only the code's SHA-256 is
//! kept (`board_codes`).
//!
//! On PostgreSQL an event stored (and a live game opened) notifies [`LIVE_CHANNEL`] in the same
//! transaction, the payload naming the schema and the round (`schema:round`), so that another
//! server process on the database learns of it at once ([`Store::live_listener`]); a
//! notification is delivered only when the transaction commits. SQLite has no notifications:
//! its watchers poll.

use std::sync::Arc;

use sqlx::any::AnyRow;
use sqlx::postgres::PgListener;

use crate::audit::Audit;
use crate::row::{Entity, get};
use crate::{Store, StoreError};

/// The PostgreSQL channel notified when a live game of a round changes (payload
/// `schema:round`).
pub const LIVE_CHANNEL: &str = "arbiter_live";

/// The URL a listener connects to; never printed (it may hold a password).
#[derive(Clone)]
pub(crate) struct ListenUrl(pub(crate) Arc<str>);

impl std::fmt::Debug for ListenUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ListenUrl(..)")
    }
}

/// The notifications of [`LIVE_CHANNEL`] for this store's schema: the rounds whose live games
/// changed (PostgreSQL).
pub struct LiveListener {
    listener: PgListener,
    schema: String,
}

impl std::fmt::Debug for LiveListener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveListener")
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl LiveListener {
    /// The next round (key of `rounds`) whose live games changed. The connection is made
    /// again when it was lost (notifications meanwhile are lost: watchers still poll).
    pub async fn next(&mut self) -> Result<i64, StoreError> {
        loop {
            let n = self.listener.recv().await?;
            if let Some((schema, round)) = n.payload().rsplit_once(':')
                && schema == self.schema
                && let Ok(round) = round.parse()
            {
                return Ok(round);
            }
        }
    }
}

/// Notifies [`LIVE_CHANNEL`] of the round of `game` (PostgreSQL; on commit).
async fn notify_round(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    postgres: bool,
    game: i64,
) -> Result<(), StoreError> {
    if postgres {
        sqlx::query(
            "SELECT pg_notify('arbiter_live', current_schema() || ':' || round_id::text) AS n
             FROM games WHERE id = $1",
        )
        .bind(game)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A live game: its replay header and the server time its game time counts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveGame {
    /// The key of the game (of `games`).
    pub game: i64,
    /// The first line of the game's replay log (JSON).
    pub header: String,
    /// Unix milliseconds of game time 0.
    pub origin_ms: i64,
}

impl Entity for LiveGame {
    const NAME: &'static str = "live game";
    const COLUMNS: &'static str = "game_id, header, origin_ms";
    const FROM: &'static str = "live_games";
    const KEY: &'static str = "game_id";

    fn from_row(r: &AnyRow) -> Result<LiveGame, StoreError> {
        Ok(LiveGame {
            game: get(r, "game_id")?,
            header: get(r, "header")?,
            origin_ms: get(r, "origin_ms")?,
        })
    }
}

/// An opened live game of a round as [`Store::live_round_marks`] sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LiveMark {
    /// The key of the game.
    pub game: i64,
    /// Unix milliseconds of its game time 0 (a new opening changes it).
    pub origin_ms: i64,
    /// How many events its log has.
    pub events: i64,
}

/// One stored event of a live game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveEvent {
    /// The place in the game's log, from 1.
    pub seq: i64,
    /// The device that sent it, if it named itself.
    pub device: Option<String>,
    /// The device's own number of the event.
    pub device_seq: Option<i64>,
    /// The user whose session sent it.
    pub user: Option<i64>,
    /// Unix milliseconds when the server received it.
    pub server_ms: i64,
    /// The event as a line of the game's replay log (JSON with its `at_ms`).
    pub line: String,
}

impl Entity for LiveEvent {
    const NAME: &'static str = "live event";
    const COLUMNS: &'static str = "seq, device, device_seq, user_id, server_ms, line";
    const FROM: &'static str = "live_events";
    const KEY: &'static str = "seq";

    fn from_row(r: &AnyRow) -> Result<LiveEvent, StoreError> {
        Ok(LiveEvent {
            seq: get(r, "seq")?,
            device: get(r, "device")?,
            device_seq: get(r, "device_seq")?,
            user: get(r, "user_id")?,
            server_ms: get(r, "server_ms")?,
            line: get(r, "line")?,
        })
    }
}

/// An event to append to a live game's log.
#[derive(Debug, Clone, Copy)]
pub struct NewLiveEvent<'a> {
    /// The device that sends it.
    pub device: Option<&'a str>,
    /// The device's own number of the event; with `device`, a retry is found, not applied again.
    pub device_seq: Option<i64>,
    /// The user whose session sends it.
    pub user: Option<i64>,
    /// Unix milliseconds when the server received it.
    pub server_ms: i64,
    /// The event as a line of the replay log.
    pub line: &'a str,
}

/// What [`Store::append_live_event`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Appended {
    /// The event is stored under this sequence number.
    New(i64),
    /// The device sent this event before: it is stored under this sequence number.
    Repeated(i64),
}

impl Store {
    /// A listener of the live games' notifications of this store's schema (PostgreSQL); none
    /// on SQLite.
    pub async fn live_listener(&self) -> Result<Option<LiveListener>, StoreError> {
        let Some(url) = &self.listen_url else {
            return Ok(None);
        };
        let row = sqlx::query("SELECT current_schema()::text AS s")
            .fetch_one(&self.pool)
            .await?;
        let schema: String = get(&row, "s")?;
        let mut listener = PgListener::connect(&url.0).await?;
        listener.listen(LIVE_CHANNEL).await?;
        Ok(Some(LiveListener { listener, schema }))
    }

    /// The live game of a game, if one was opened.
    pub async fn live_game(&self, game: i64) -> Result<Option<LiveGame>, StoreError> {
        self.find(game).await
    }

    /// Opens the live game of `game` with its replay `header`, game time counting from
    /// `origin_ms`; an open game whose log is still empty gets the new header. Fails with
    /// [`StoreError::Conflict`] once events are stored.
    pub async fn open_live_game(
        &self,
        by: Option<i64>,
        game: i64,
        header: &str,
        origin_ms: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        let stored = crate::row::count(
            &mut tx,
            sqlx::query("SELECT COUNT(*) AS n FROM live_events WHERE game_id = $1").bind(game),
        )
        .await?;
        if stored > 0 {
            return Err(StoreError::Conflict {
                entity: "live game",
                id: game,
            });
        }
        sqlx::query("DELETE FROM live_games WHERE game_id = $1")
            .bind(game)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO live_games (game_id, header, origin_ms) VALUES ($1, $2, $3)")
            .bind(game)
            .bind(header)
            .bind(origin_ms)
            .execute(&mut *tx)
            .await?;
        notify_round(&mut tx, self.postgres, game).await?;
        Audit::new(by, "game", game, "live")
            .commit(tx, None, Some(header))
            .await
    }

    /// Gives a board a new code (its SHA-256 `code_hash`; the old code stops working). The
    /// audit entry records that a code was made, never the code.
    pub async fn set_board_code(
        &self,
        by: Option<i64>,
        game: i64,
        code_hash: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        sqlx::query("DELETE FROM board_codes WHERE game_id = $1")
            .bind(game)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO board_codes (game_id, code_hash) VALUES ($1, $2)")
            .bind(game)
            .bind(code_hash)
            .execute(&mut *tx)
            .await?;
        Audit::new(by, "game", game, "board code")
            .commit(tx, None, Some("new board code"))
            .await
    }

    /// The game a board code (its SHA-256) opens, if any.
    pub async fn board_code_game(&self, code_hash: &str) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT game_id FROM board_codes WHERE code_hash = $1")
            .bind(code_hash)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| get(&r, "game_id")).transpose()
    }

    /// The log of a live game, in order.
    pub async fn live_events(&self, game: i64) -> Result<Vec<LiveEvent>, StoreError> {
        self.list("WHERE game_id = $1 ORDER BY seq", &[game]).await
    }

    /// The events of a live game after its first `after`, in order.
    pub async fn live_events_after(
        &self,
        game: i64,
        after: i64,
    ) -> Result<Vec<LiveEvent>, StoreError> {
        self.list(
            "WHERE game_id = $1 AND seq > $2 ORDER BY seq",
            &[game, after],
        )
        .await
    }

    /// The live game of one game as [`Store::live_round_marks`] sees it (origin and number of
    /// events), if it was opened: one indexed query that tells a writer whether the game it
    /// knows is still the stored one.
    pub async fn live_mark(&self, game: i64) -> Result<Option<LiveMark>, StoreError> {
        let row = sqlx::query(
            "SELECT lg.origin_ms AS origin_ms,
                    (SELECT COALESCE(MAX(e.seq), 0) FROM live_events e WHERE e.game_id = lg.game_id) AS n
             FROM live_games lg WHERE lg.game_id = $1",
        )
        .bind(game)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|r| {
            Ok(LiveMark {
                game,
                origin_ms: get(&r, "origin_ms")?,
                events: get(&r, "n")?,
            })
        })
        .transpose()
    }

    /// The opened live games of a round (key of `rounds`), each with its origin and the number
    /// of its events: one cheap query that tells a watcher which games changed.
    pub async fn live_round_marks(&self, round: i64) -> Result<Vec<LiveMark>, StoreError> {
        let rows = sqlx::query(
            "SELECT lg.game_id AS game_id, lg.origin_ms AS origin_ms, COALESCE(MAX(e.seq), 0) AS n
             FROM live_games lg JOIN games g ON g.id = lg.game_id
             LEFT JOIN live_events e ON e.game_id = lg.game_id
             WHERE g.round_id = $1 GROUP BY lg.game_id, lg.origin_ms",
        )
        .bind(round)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(LiveMark {
                    game: get(r, "game_id")?,
                    origin_ms: get(r, "origin_ms")?,
                    events: get(r, "n")?,
                })
            })
            .collect()
    }

    /// Appends an event to a live game whose log the caller read with `after` events (and
    /// checked the event against): [`Appended::Repeated`] when the device sent this event
    /// before (nothing written), [`StoreError::Conflict`] when another event came first (read
    /// again and retry).
    pub async fn append_live_event(
        &self,
        game: i64,
        after: i64,
        event: &NewLiveEvent<'_>,
    ) -> Result<Appended, StoreError> {
        let conflict = StoreError::Conflict {
            entity: "live game",
            id: game,
        };
        let mut tx = self.write().await?;
        if let (Some(device), Some(n)) = (event.device, event.device_seq) {
            let row = sqlx::query(
                "SELECT seq FROM live_events WHERE game_id = $1 AND device = $2 AND device_seq = $3",
            )
            .bind(game)
            .bind(device)
            .bind(n)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(row) = row {
                return Ok(Appended::Repeated(get(&row, "seq")?));
            }
        }
        let last = crate::row::count(
            &mut tx,
            sqlx::query("SELECT COALESCE(MAX(seq), 0) AS n FROM live_events WHERE game_id = $1")
                .bind(game),
        )
        .await?;
        if last != after {
            return Err(conflict);
        }
        let seq = after + 1;
        let inserted = sqlx::query(
            "INSERT INTO live_events (game_id, seq, device, device_seq, user_id, server_ms, line)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(game)
        .bind(seq)
        .bind(event.device)
        .bind(event.device_seq)
        .bind(event.user)
        .bind(event.server_ms)
        .bind(event.line)
        .execute(&mut *tx)
        .await;
        match inserted {
            Err(sqlx::Error::Database(d)) if d.is_unique_violation() => return Err(conflict),
            r => r?,
        };
        notify_round(&mut tx, self.postgres, game).await?;
        tx.commit().await?;
        Ok(Appended::New(seq))
    }
}
