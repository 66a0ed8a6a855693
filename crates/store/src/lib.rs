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

mod model;
mod schema;
mod team;
pub mod testing;

use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{Any, AnyPool, Executor, Row, Transaction};

pub use model::{
    AuditEntry, Event, EventChange, Game, GameResult, NewGame, NewPlayer, NewRound, NewSection,
    ParseGameResultError, ParseRoleError, Player, Role, Round, Section, Session, StoreError, User,
    Versioned,
};
pub use team::{Lineup, TeamMatch, TeamRow, TeamSection};

/// The schema version after all migrations: the number of migrations.
pub const SCHEMA_VERSION: i64 = schema::MIGRATIONS.len() as i64;

/// Seconds since the Unix epoch.
pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// SHA-256 of a session token as lowercase hex: what the database keeps instead of the token,
/// so a leaked database (or backup) opens no session.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// An audit entry about a round written with another change (see [`Store::set_result_noted`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundNote {
    pub action: String,
    pub old: String,
    pub new: String,
}

/// The database of the tournament service.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    postgres: bool,
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
            let path = url
                .strip_prefix("sqlite://")
                .or_else(|| url.strip_prefix("sqlite:"))
                .ok_or_else(|| StoreError::Url(url.to_owned()))?;
            let path = path.split('?').next().unwrap_or(path);
            (format!("sqlite://{path}?mode=rwc"), 8)
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
        Ok(Store { pool, postgres })
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

    /// Applies the migrations not yet applied up to number `last`.
    async fn migrate(&self, last: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        tx.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (
                version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
        )
        .await?;
        if self.postgres {
            tx.execute("LOCK TABLE schema_migrations IN EXCLUSIVE MODE")
                .await?;
        }
        let done: i64 = sqlx::query("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations")
            .fetch_one(&mut *tx)
            .await?
            .try_get("v")?;
        for (i, (name, sql)) in schema::MIGRATIONS.iter().enumerate() {
            let version = i64::try_from(i + 1).unwrap_or(i64::MAX);
            if version <= done || version > last {
                continue;
            }
            let sql = sql.replace("{id}", schema::id_column(self.postgres));
            for statement in sql.split(';').filter(|s| !s.trim().is_empty()) {
                tx.execute(statement).await?;
            }
            if version == schema::DWZ_AND_ELO {
                ratings_from_documents(&mut tx).await?;
            }
            sqlx::query(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            )
            .bind(version)
            .bind(*name)
            .bind(unix_now())
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    // ---- users and sessions -------------------------------------------------------------

    /// Creates a user with an already hashed password; `by` is the admin who creates it
    /// (`None` for the account made at first start).
    pub async fn create_user(
        &self,
        by: Option<i64>,
        name: &str,
        password_hash: &str,
        role: Role,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let id = insert_id(
            &mut tx,
            sqlx::query(
                "INSERT INTO users (name, password_hash, role, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(name)
            .bind(password_hash)
            .bind(role.as_str())
            .bind(unix_now()),
        )
        .await
        .map_err(|e| duplicate(e, name))?;
        audit(
            &mut tx,
            by,
            "user",
            id,
            "create",
            None,
            Some(&format!("{name} ({role})")),
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// All user accounts by name.
    pub async fn users(&self) -> Result<Vec<User>, StoreError> {
        sqlx::query("SELECT id, name, password_hash, role FROM users ORDER BY name")
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(User::from_row)
            .collect()
    }

    /// Number of user accounts.
    pub async fn user_count(&self) -> Result<i64, StoreError> {
        Ok(sqlx::query("SELECT COUNT(*) AS n FROM users")
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?)
    }

    /// The user of that name.
    pub async fn user_by_name(&self, name: &str) -> Result<Option<User>, StoreError> {
        sqlx::query("SELECT id, name, password_hash, role FROM users WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| User::from_row(&r))
            .transpose()
    }

    /// Stores a session for `user` until `expires_at`; the database keeps only the
    /// [`token_hash`] of the cookie value `token`.
    pub async fn create_session(
        &self,
        token: &str,
        user: i64,
        csrf: &str,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash(token))
        .bind(user)
        .bind(csrf)
        .bind(expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The session of a token that has not expired at `now` (looked up by its hash).
    pub async fn session(&self, token: &str, now: i64) -> Result<Option<Session>, StoreError> {
        sqlx::query(
            "SELECT s.csrf, s.expires_at, u.id, u.name, u.password_hash, u.role
             FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(token_hash(token))
        .bind(now)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| {
            Ok(Session {
                csrf: r.try_get("csrf")?,
                expires_at: r.try_get("expires_at")?,
                user: User::from_row(&r)?,
            })
        })
        .transpose()
    }

    /// Ends a session (logout) and removes expired ones.
    pub async fn delete_session(&self, token: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1 OR expires_at < $2")
            .bind(token_hash(token))
            .bind(unix_now())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The audit entries of one entity, or all (`None`), newest first, at most `limit`.
    pub async fn audit_log(
        &self,
        entity: Option<(&str, i64)>,
        limit: i64,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let base = "SELECT a.id, a.at, COALESCE(u.name, '') AS user_name, a.entity, a.entity_id,
                    a.action, a.old_value, a.new_value FROM audit_log a LEFT JOIN users u ON u.id = a.user_id";
        let rows =
            match entity {
                Some((kind, id)) => sqlx::query(&format!(
                    "{base} WHERE a.entity = $1 AND a.entity_id = $2 ORDER BY a.id DESC LIMIT $3"
                ))
                .bind(kind)
                .bind(id)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?,
                None => {
                    sqlx::query(&format!("{base} ORDER BY a.id DESC LIMIT $1"))
                        .bind(limit)
                        .fetch_all(&self.pool)
                        .await?
                }
            };
        rows.iter().map(AuditEntry::from_row).collect()
    }

    /// The row with key `id` of a `... WHERE id = $1` query, or [`StoreError::NotFound`] naming
    /// `entity`.
    async fn row_by_id(
        &self,
        sql: &str,
        entity: &'static str,
        id: i64,
    ) -> Result<AnyRow, StoreError> {
        sqlx::query(sql)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound { entity, id })
    }

    // ---- events and sections ------------------------------------------------------------

    /// Creates an event.
    pub async fn create_event(
        &self,
        by: Option<i64>,
        name: &str,
        place: &str,
        start_date: &str,
        data: &str,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let id = insert_id(
            &mut tx,
            sqlx::query(
                "INSERT INTO events (name, place, start_date, created_at, data) VALUES ($1, $2, $3, $4, $5) RETURNING id",
            )
            .bind(name)
            .bind(place)
            .bind(start_date)
            .bind(unix_now())
            .bind(data),
        )
        .await?;
        audit(&mut tx, by, "event", id, "create", None, Some(name)).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// All events, newest first.
    pub async fn events(&self) -> Result<Vec<Event>, StoreError> {
        sqlx::query(
            "SELECT id, name, place, start_date, data, version FROM events ORDER BY start_date DESC, id DESC",
        )
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(Event::from_row)
        .collect()
    }

    /// One event.
    pub async fn event(&self, id: i64) -> Result<Event, StoreError> {
        let row = self
            .row_by_id(
                "SELECT id, name, place, start_date, data, version FROM events WHERE id = $1",
                "event",
                id,
            )
            .await?;
        Event::from_row(&row)
    }

    /// Replaces the name, place, start date and domain document of an event the caller read at
    /// `version`; returns the new version. Every section of the event gets a new revision, as
    /// the event's settings (e.g. the age-class cut-off) enter the sections' views.
    pub async fn update_event(
        &self,
        by: Option<i64>,
        id: i64,
        change: &EventChange<'_>,
        version: i64,
    ) -> Result<i64, StoreError> {
        let old = self.event(id).await?;
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE events SET name = $1, place = $2, start_date = $3, data = $4,
             version = version + 1 WHERE id = $5 AND version = $6",
        )
        .bind(change.name)
        .bind(change.place)
        .bind(change.start_date)
        .bind(change.data)
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict {
                entity: "event",
                id,
            });
        }
        sqlx::query("UPDATE sections SET revision = revision + 1 WHERE event_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        audit(
            &mut tx,
            by,
            "event",
            id,
            "settings",
            Some(&old.data),
            Some(change.data),
        )
        .await?;
        tx.commit().await?;
        Ok(version + 1)
    }

    /// Creates a section of an event.
    pub async fn create_section(
        &self,
        by: Option<i64>,
        event: i64,
        section: &NewSection<'_>,
    ) -> Result<i64, StoreError> {
        self.event(event).await?;
        let mut tx = self.write().await?;
        let id = insert_section(&mut tx, by, event, section).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The sections of an event in order of creation.
    pub async fn sections(&self, event: i64) -> Result<Vec<Section>, StoreError> {
        sqlx::query(
            "SELECT id, event_id, name, rounds, tiebreaks, data, version FROM sections WHERE event_id = $1 ORDER BY id",
        )
        .bind(event)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(Section::from_row)
        .collect()
    }

    /// One section.
    pub async fn section(&self, id: i64) -> Result<Section, StoreError> {
        let row = self
            .row_by_id(
                "SELECT id, event_id, name, rounds, tiebreaks, data, version FROM sections WHERE id = $1",
                "section",
                id,
            )
            .await?;
        Section::from_row(&row)
    }

    /// The revision of a section: a counter raised in the same transaction as every change of
    /// its settings, players, rounds or results. One cheap query tells a process whether a copy
    /// of the section it read earlier is still current, also when other processes write to the
    /// same database.
    pub async fn section_revision(&self, id: i64) -> Result<i64, StoreError> {
        self.row_by_id("SELECT revision FROM sections WHERE id = $1", "section", id)
            .await?
            .try_get("revision")
            .map_err(StoreError::from)
    }

    // ---- players --------------------------------------------------------------------------

    /// Registers a player with the next free pairing number; `first_round` above 1 is a late
    /// entry.
    pub async fn add_player(
        &self,
        by: Option<i64>,
        section: i64,
        p: &NewPlayer,
    ) -> Result<i64, StoreError> {
        let ids = self
            .add_players(by, section, std::slice::from_ref(p))
            .await?;
        ids.first().copied().ok_or(StoreError::NotFound {
            entity: "player",
            id: 0,
        })
    }

    /// Registers several players (an imported list) in one transaction, in order, with the
    /// next free pairing numbers: either all are stored or none. Returns their ids. A first
    /// round that is paired already (by a pairing committed meanwhile) becomes the next
    /// unpaired round, so an acknowledged entry is never left out of a round.
    pub async fn add_players(
        &self,
        by: Option<i64>,
        section: i64,
        players: &[NewPlayer],
    ) -> Result<Vec<i64>, StoreError> {
        self.section(section).await?;
        let mut tx = self.write().await?;
        bump_revision(&mut tx, section).await?;
        let mut ids = Vec::with_capacity(players.len());
        for p in players {
            ids.push(insert_player(&mut tx, by, section, p).await?);
        }
        tx.commit().await?;
        Ok(ids)
    }

    /// The players of a section by pairing number.
    pub async fn players(&self, section: i64) -> Result<Vec<Player>, StoreError> {
        sqlx::query(&format!(
            "SELECT {PLAYER_COLUMNS} FROM players WHERE section_id = $1 ORDER BY number"
        ))
        .bind(section)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(Player::from_row)
        .collect()
    }

    /// One player.
    pub async fn player(&self, id: i64) -> Result<Player, StoreError> {
        let row = self
            .row_by_id(
                &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1"),
                "player",
                id,
            )
            .await?;
        Player::from_row(&row)
    }

    /// Withdraws a player after round `after` (0: before the first round), or takes a
    /// withdrawal back (`None`); `version` is the version the caller read.
    pub async fn set_withdrawn(
        &self,
        by: Option<i64>,
        player: i64,
        after: Option<i64>,
        version: i64,
    ) -> Result<i64, StoreError> {
        let old = self.player(player).await?;
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE players SET withdrawn_after = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(after)
        .bind(player)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 || old.version != version {
            return Err(StoreError::Conflict {
                entity: "player",
                id: player,
            });
        }
        let text = |w: Option<i64>| {
            w.map_or("active".to_owned(), |r| {
                format!("withdrawn after round {r}")
            })
        };
        audit(
            &mut tx,
            by,
            "player",
            player,
            "withdraw",
            Some(&text(old.withdrawn_after)),
            Some(&text(after)),
        )
        .await?;
        bump_revision(&mut tx, old.section).await?;
        tx.commit().await?;
        Ok(version + 1)
    }

    /// Replaces every stored field of a player the caller read at `version` (name, sex,
    /// title, DWZ, Elo, federation, FIDE id, birth date, club and the domain document; the first
    /// round stays, a late entry sets it): [`StoreError::Conflict`] when the player changed
    /// meanwhile. Audited with the old and new fields; returns the new version.
    pub async fn update_player(
        &self,
        by: Option<i64>,
        player: i64,
        p: &NewPlayer,
        version: i64,
    ) -> Result<i64, StoreError> {
        let (old, mut tx) = self.player_change(player).await?;
        replace_player(&mut tx, player, p, version).await?;
        let old_fields = old.registration().summary();
        let edit = PlayerAudit {
            by,
            player,
            action: "edit",
        };
        edit.commit(tx, Some(&old_fields), Some(&p.summary()))
            .await?;
        Ok(version + 1)
    }

    /// Deletes a player the caller read at `version`, refused ([`StoreError::Invalid`]) once the
    /// player is in a stored pairing (withdraw instead). Audited; the pairing numbers of the
    /// others stay (they are registration order, not starting ranks). `settings` is a new
    /// settings document of the section stored with it (e.g. the player gone from the fixed
    /// order and the prohibited pairs), `None` to keep it.
    pub async fn delete_player(
        &self,
        by: Option<i64>,
        player: i64,
        version: i64,
        settings: Option<&str>,
    ) -> Result<(), StoreError> {
        let (old, mut tx) = self.player_change(player).await?;
        remove_player(&mut tx, player, version).await?;
        if let Some(data) = settings {
            replace_section_data(&mut tx, by, old.section, data, None).await?;
        }
        let old_fields = old.registration().summary();
        let delete = PlayerAudit {
            by,
            player,
            action: "delete",
        };
        delete.commit(tx, Some(&old_fields), None).await
    }

    /// Merges a duplicate registration into the one kept, both read at the versions given and
    /// in the same section, before either is in a stored pairing: `keep` gets the `merged`
    /// fields (its first round stays) and the duplicate is deleted, in one transaction with an
    /// audit entry for each; `settings` as for [`Store::delete_player`]. Returns the kept
    /// player's new version.
    pub async fn merge_players(
        &self,
        by: Option<i64>,
        keep: Versioned,
        duplicate: Versioned,
        merged: &NewPlayer,
        settings: Option<&str>,
    ) -> Result<i64, StoreError> {
        let dup = self.player(duplicate.id).await?;
        let (old, mut tx) = self.player_change(keep.id).await?;
        if keep.id == duplicate.id || old.section != dup.section {
            return Err(StoreError::Invalid(format!(
                "player {} cannot be merged into player {}: a duplicate is another player of the same section",
                duplicate.id, keep.id
            )));
        }
        remove_player(&mut tx, duplicate.id, duplicate.version).await?;
        unpaired(&mut tx, keep.id).await?;
        replace_player(&mut tx, keep.id, merged, keep.version).await?;
        if let Some(data) = settings {
            replace_section_data(&mut tx, by, old.section, data, None).await?;
        }
        let (old_fields, dup_fields) = (old.registration().summary(), dup.registration().summary());
        let merged_fields = merged.summary();
        let into = format!("merged into player {}", keep.id);
        audit(
            &mut tx,
            by,
            "player",
            duplicate.id,
            "merge",
            Some(&dup_fields),
            Some(&into),
        )
        .await?;
        let note = format!(
            "{merged_fields}; merged with player {}: {dup_fields}",
            duplicate.id
        );
        let merge = PlayerAudit {
            by,
            player: keep.id,
            action: "merge",
        };
        merge.commit(tx, Some(&old_fields), Some(&note)).await?;
        Ok(keep.version + 1)
    }

    /// A change of a stored player begins: the player as stored and the write transaction,
    /// in which the section's revision is already raised.
    async fn player_change(
        &self,
        player: i64,
    ) -> Result<(Player, Transaction<'static, Any>), StoreError> {
        let old = self.player(player).await?;
        let mut tx = self.write().await?;
        bump_revision(&mut tx, old.section).await?;
        Ok((old, tx))
    }

    // ---- rounds and games -----------------------------------------------------------------

    /// The rounds of a section that have pairings, in order.
    pub async fn rounds(&self, section: i64) -> Result<Vec<Round>, StoreError> {
        sqlx::query(
            "SELECT id, section_id, number, published, data, version FROM rounds WHERE section_id = $1 ORDER BY number",
        )
        .bind(section)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(Round::from_row)
        .collect()
    }

    /// Stores the pairing of a round as an unpublished preview. Fails with
    /// [`StoreError::Duplicate`] when the round already has pairings, and with
    /// [`StoreError::Conflict`] when the section changed since the revision the pairing was
    /// computed at (compare-and-set in the same transaction: a registration, withdrawal or
    /// result committed meanwhile is never left out).
    pub async fn create_round(
        &self,
        by: Option<i64>,
        section: i64,
        round: &NewRound<'_>,
    ) -> Result<i64, StoreError> {
        let NewRound {
            number,
            games,
            note,
            revision,
            settings,
        } = *round;
        let mut tx = self.write().await?;
        lock_at_revision(&mut tx, section, revision).await?;
        if let Some(data) = settings {
            replace_section_data(&mut tx, by, section, data, None).await?;
        }
        let id = insert_id(
            &mut tx,
            sqlx::query(
                "INSERT INTO rounds (section_id, number, published) VALUES ($1, $2, 0) RETURNING id",
            )
            .bind(section)
            .bind(number),
        )
        .await
        .map_err(|e| duplicate(e, &format!("round {number}")))?;
        for g in games {
            insert_game(&mut tx, id, g).await?;
        }
        audit(
            &mut tx,
            by,
            "round",
            id,
            "pair",
            None,
            Some(&format!("round {number}: {} boards{note}", games.len())),
        )
        .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// One round.
    pub async fn round(&self, id: i64) -> Result<Round, StoreError> {
        let row = self
            .row_by_id(
                "SELECT id, section_id, number, published, data, version FROM rounds WHERE id = $1",
                "round",
                id,
            )
            .await?;
        Round::from_row(&row)
    }

    /// Publishes a previewed round; `data` records the moment in the domain's terms.
    pub async fn publish_round(
        &self,
        by: Option<i64>,
        round: i64,
        data: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE rounds SET published = 1, data = $1, version = version + 1 WHERE id = $2 AND published = 0",
        )
        .bind(data)
        .bind(round)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict {
                entity: "round",
                id: round,
            });
        }
        audit(
            &mut tx,
            by,
            "round",
            round,
            "publish",
            Some("preview"),
            Some("published"),
        )
        .await?;
        bump_round_revision(&mut tx, round).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Replaces the domain document of a section the caller read at `version`.
    pub async fn update_section(
        &self,
        by: Option<i64>,
        section: i64,
        data: &str,
        version: i64,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        bump_revision(&mut tx, section).await?;
        let version = replace_section_data(&mut tx, by, section, data, Some(version)).await?;
        tx.commit().await?;
        Ok(version)
    }

    /// Deletes the pairing of a round (unpair) if it is the last round of its section and no
    /// result has been entered.
    pub async fn unpair_round(&self, by: Option<i64>, round: i64) -> Result<(), StoreError> {
        let r = self.round(round).await?;
        let mut tx = self.write().await?;
        // Checked under the section's lock: a result entered meanwhile is never deleted.
        bump_revision(&mut tx, r.section).await?;
        let later = count(
            &mut tx,
            sqlx::query("SELECT COUNT(*) AS n FROM rounds WHERE section_id = $1 AND number > $2")
                .bind(r.section)
                .bind(r.number),
        )
        .await?;
        let entered = count(
            &mut tx,
            sqlx::query(
                "SELECT COUNT(*) AS n FROM games WHERE round_id = $1 AND black_id IS NOT NULL AND result <> $2",
            )
            .bind(round)
            .bind(GameResult::Pending.code()),
        )
        .await?;
        let boards = sqlx::query("DELETE FROM games WHERE round_id = $1")
            .bind(round)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        let gone = sqlx::query("DELETE FROM rounds WHERE id = $1")
            .bind(round)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if later > 0 || entered > 0 || gone != 1 {
            return Err(StoreError::Conflict {
                entity: "round",
                id: round,
            });
        }
        audit(
            &mut tx,
            by,
            "round",
            round,
            "unpair",
            Some(&format!("round {}: {boards} boards", r.number)),
            None,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The games of a round by board.
    pub async fn games(&self, round: i64) -> Result<Vec<Game>, StoreError> {
        sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE round_id = $1 ORDER BY board"
        ))
        .bind(round)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(Game::from_row)
        .collect()
    }

    /// All games of a section with the round number, for standings and exports.
    pub async fn section_games(&self, section: i64) -> Result<Vec<(i64, Game)>, StoreError> {
        sqlx::query(&format!(
            "SELECT r.number AS round_number, {GAME_COLUMNS_G} FROM games g JOIN rounds r ON r.id = g.round_id
             WHERE r.section_id = $1 ORDER BY r.number, g.board"
        ))
        .bind(section)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("round_number")?, Game::from_row(r)?)))
        .collect()
    }

    /// One game.
    pub async fn game(&self, id: i64) -> Result<Game, StoreError> {
        let row = self
            .row_by_id(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"),
                "game",
                id,
            )
            .await?;
        Game::from_row(&row)
    }

    /// Enters or corrects the result of a game the caller read at `version`; returns the new
    /// version. A stale version is [`StoreError::Conflict`]: another arbiter changed the game
    /// meanwhile and nothing is written.
    pub async fn set_result(
        &self,
        by: Option<i64>,
        game: i64,
        result: GameResult,
        version: i64,
    ) -> Result<i64, StoreError> {
        self.set_result_noted(by, game, result, version, None).await
    }

    /// [`Store::set_result`] with a note on the game's round in the same transaction (e.g. the
    /// effect of a result correction on later rounds, Art. 8.7): the note is written only with
    /// the result.
    pub async fn set_result_noted(
        &self,
        by: Option<i64>,
        game: i64,
        result: GameResult,
        version: i64,
        note: Option<&RoundNote>,
    ) -> Result<i64, StoreError> {
        let old = self.game(game).await?;
        if old.version != version {
            return Err(StoreError::Conflict {
                entity: "game",
                id: game,
            });
        }
        if old.black.is_none() != result.is_bye() {
            return Err(StoreError::Invalid(format!(
                "result {result} does not fit a {}",
                if old.black.is_none() { "bye" } else { "game" }
            )));
        }
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE games SET result = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(result.code())
        .bind(game)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict {
                entity: "game",
                id: game,
            });
        }
        audit(
            &mut tx,
            by,
            "game",
            game,
            "result",
            Some(old.result.code()),
            Some(result.code()),
        )
        .await?;
        if let Some(n) = note {
            audit(
                &mut tx,
                by,
                "round",
                old.round,
                &n.action,
                Some(&n.old),
                Some(&n.new),
            )
            .await?;
        }
        bump_round_revision(&mut tx, old.round).await?;
        tx.commit().await?;
        Ok(version + 1)
    }

    /// Replaces the boards and byes of an unpublished round (a manual pairing edit) that the
    /// caller read at round version `version`; `what` describes the edit and its warnings for
    /// the audit log. Returns the round's new version.
    pub async fn replace_games(
        &self,
        by: Option<i64>,
        round: i64,
        version: i64,
        games: &[NewGame],
        what: &str,
    ) -> Result<i64, StoreError> {
        let old = self.games(round).await?;
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE rounds SET version = version + 1 WHERE id = $1 AND version = $2 AND published = 0",
        )
        .bind(round)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict {
                entity: "round",
                id: round,
            });
        }
        sqlx::query("DELETE FROM games WHERE round_id = $1")
            .bind(round)
            .execute(&mut *tx)
            .await?;
        for g in games {
            insert_game(&mut tx, round, g).await?;
        }
        let list = |games: &mut dyn Iterator<Item = (i64, i64, Option<i64>)>| {
            games
                .map(|(board, w, b)| match b {
                    Some(b) => format!("{board}: {w}-{b}"),
                    None => format!("{board}: {w} bye"),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let before = list(&mut old.iter().map(|g| (g.board, g.white, g.black)));
        let after = list(&mut games.iter().map(|g| (g.board, g.white, g.black)));
        audit(
            &mut tx,
            by,
            "round",
            round,
            "manual pairing",
            Some(&before),
            Some(&format!("{after}; {what}")),
        )
        .await?;
        bump_round_revision(&mut tx, round).await?;
        tx.commit().await?;
        Ok(version + 1)
    }

    /// Replaces the domain document of a player the caller read at `version` (e.g. requested
    /// byes); `what` describes the change for the audit log. Returns the new version.
    pub async fn update_player_data(
        &self,
        by: Option<i64>,
        player: i64,
        data: &str,
        version: i64,
        what: &str,
    ) -> Result<i64, StoreError> {
        let old = self.player(player).await?;
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE players SET data = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(data)
        .bind(player)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict {
                entity: "player",
                id: player,
            });
        }
        audit(
            &mut tx,
            by,
            "player",
            player,
            what,
            Some(&old.data),
            Some(data),
        )
        .await?;
        bump_revision(&mut tx, old.section).await?;
        tx.commit().await?;
        Ok(version + 1)
    }

    /// Records a note in the audit log without changing anything else (e.g. the effect of a
    /// result correction on later rounds, Art. 8.7).
    pub async fn audit_note(
        &self,
        by: Option<i64>,
        entity: &str,
        id: i64,
        action: &str,
        old: Option<&str>,
        new: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        audit(&mut tx, by, entity, id, action, old, new).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The game record (PGN text) of a game; empty when none is attached.
    pub async fn game_pgn(&self, game: i64) -> Result<String, StoreError> {
        self.row_by_id("SELECT pgn FROM games WHERE id = $1", "game", game)
            .await?
            .try_get("pgn")
            .map_err(StoreError::from)
    }

    /// The game records of a section's games that have one, by game id.
    pub async fn section_pgns(&self, section: i64) -> Result<Vec<(i64, String)>, StoreError> {
        sqlx::query(
            "SELECT g.id, g.pgn FROM games g JOIN rounds r ON r.id = g.round_id
             WHERE r.section_id = $1 AND g.pgn <> '' ORDER BY r.number, g.board",
        )
        .bind(section)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| Ok((r.try_get("id")?, r.try_get("pgn")?)))
        .collect()
    }

    /// Attaches a game record (checked by the caller) to a game, or removes it (empty text).
    pub async fn set_game_pgn(
        &self,
        by: Option<i64>,
        game: i64,
        pgn: &str,
    ) -> Result<(), StoreError> {
        let old = self.game_pgn(game).await?;
        let mut tx = self.write().await?;
        sqlx::query("UPDATE games SET pgn = $1 WHERE id = $2")
            .bind(pgn)
            .bind(game)
            .execute(&mut *tx)
            .await?;
        let size = |t: &str| format!("{} bytes of PGN", t.len());
        audit(
            &mut tx,
            by,
            "game",
            game,
            "moves",
            Some(&size(&old)),
            Some(&size(pgn)),
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Inserts one game row of a round.
async fn insert_game(
    tx: &mut Transaction<'static, Any>,
    round: i64,
    g: &NewGame,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (round_id, board, white_id, black_id, result, manual) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(round)
    .bind(g.board)
    .bind(g.white)
    .bind(g.black)
    .bind(g.result.code())
    .bind(i64::from(g.manual))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

const PLAYER_COLUMNS: &str = "id, section_id, number, name, sex, title, dwz, elo, federation, fide_id, \
     birth_date, club, first_round, withdrawn_after, data, version";
const GAME_COLUMNS: &str = "id, round_id, board, white_id, black_id, result, manual, version";
const GAME_COLUMNS_G: &str =
    "g.id, g.round_id, g.board, g.white_id, g.black_id, g.result, g.manual, g.version";

/// Replaces a section's settings document inside `tx` and audits the change, if the section
/// is still at `version` (`None`: whatever version it is at, for a caller holding the section's
/// lock). Returns the new version.
async fn replace_section_data(
    tx: &mut Transaction<'static, Any>,
    by: Option<i64>,
    section: i64,
    data: &str,
    version: Option<i64>,
) -> Result<i64, StoreError> {
    let row: AnyRow = sqlx::query("SELECT data, version FROM sections WHERE id = $1")
        .bind(section)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or(StoreError::NotFound {
            entity: "section",
            id: section,
        })?;
    let old: String = row.try_get("data")?;
    let version = match version {
        Some(v) => v,
        None => row.try_get("version")?,
    };
    let done = sqlx::query(
        "UPDATE sections SET data = $1, version = version + 1 WHERE id = $2 AND version = $3",
    )
    .bind(data)
    .bind(section)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict {
            entity: "section",
            id: section,
        });
    }
    audit(
        tx,
        by,
        "section",
        section,
        "settings",
        Some(&old),
        Some(data),
    )
    .await?;
    Ok(version + 1)
}

/// Writes every edited field of a player still at `version` ([`Store::update_player`]).
async fn replace_player(
    tx: &mut Transaction<'static, Any>,
    player: i64,
    p: &NewPlayer,
    version: i64,
) -> Result<(), StoreError> {
    let done = sqlx::query(
        "UPDATE players SET name = $1, sex = $2, title = $3, dwz = $4, elo = $5, federation = $6,
         fide_id = $7, birth_date = $8, club = $9, data = $10, version = version + 1
         WHERE id = $11 AND version = $12",
    )
    .bind(&p.name)
    .bind(&p.sex)
    .bind(&p.title)
    .bind(p.dwz)
    .bind(p.elo)
    .bind(&p.federation)
    .bind(&p.fide_id)
    .bind(&p.birth_date)
    .bind(&p.club)
    .bind(&p.data)
    .bind(player)
    .bind(version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict {
            entity: "player",
            id: player,
        });
    }
    Ok(())
}

/// [`StoreError::Invalid`] once a player is in a stored pairing (of any round, published or
/// not): the player's games and the later pairings depend on the registration.
async fn unpaired(tx: &mut Transaction<'static, Any>, player: i64) -> Result<(), StoreError> {
    let rounds: AnyRow = sqlx::query(
        "SELECT COUNT(*) AS n, MIN(r.number) AS first FROM games g JOIN rounds r ON r.id = g.round_id
         WHERE g.white_id = $1 OR g.black_id = $1",
    )
    .bind(player)
    .fetch_one(&mut **tx)
    .await?;
    if rounds.try_get::<i64, _>("n")? > 0 {
        let first: i64 = rounds.try_get("first")?;
        return Err(StoreError::Invalid(format!(
            "player {player} is paired in round {first}: a paired player is withdrawn, not deleted or merged"
        )));
    }
    Ok(())
}

/// Deletes a player still at `version` and in no stored pairing ([`unpaired`]).
async fn remove_player(
    tx: &mut Transaction<'static, Any>,
    player: i64,
    version: i64,
) -> Result<(), StoreError> {
    unpaired(tx, player).await?;
    let done = sqlx::query("DELETE FROM players WHERE id = $1 AND version = $2")
        .bind(player)
        .bind(version)
        .execute(&mut **tx)
        .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict {
            entity: "player",
            id: player,
        });
    }
    Ok(())
}

/// The data step of migration [`schema::DWZ_AND_ELO`]: DWZ and Elo of every player with a
/// domain document from that document.
async fn ratings_from_documents(tx: &mut Transaction<'static, Any>) -> Result<(), StoreError> {
    let rows = sqlx::query("SELECT id, data FROM players WHERE data <> ''")
        .fetch_all(&mut **tx)
        .await?;
    for row in rows {
        let data: String = row.try_get("data")?;
        let Some((dwz, elo)) = schema::document_ratings(&data) else {
            continue;
        };
        sqlx::query("UPDATE players SET dwz = $1, elo = $2 WHERE id = $3")
            .bind(dwz)
            .bind(elo)
            .bind(row.try_get::<i64, _>("id")?)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

/// Runs a `SELECT COUNT(*) AS n ...` inside a transaction.
async fn count<'q>(
    tx: &mut Transaction<'static, Any>,
    query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
) -> Result<i64, StoreError> {
    let row: AnyRow = query.fetch_one(&mut **tx).await?;
    Ok(row.try_get("n")?)
}

/// Runs an `INSERT ... RETURNING id`.
async fn insert_id<'q>(
    tx: &mut Transaction<'static, Any>,
    query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
) -> Result<i64, StoreError> {
    let row: AnyRow = query.fetch_one(&mut **tx).await?;
    Ok(row.try_get("id")?)
}

/// A unique-constraint violation as [`StoreError::Duplicate`].
fn duplicate(e: StoreError, what: &str) -> StoreError {
    match e {
        StoreError::Database(sqlx::Error::Database(d)) if d.is_unique_violation() => {
            StoreError::Duplicate(what.to_owned())
        }
        e => e,
    }
}

/// Counts a change of a section's players, rounds or results, inside the transaction of the
/// change (see [`Store::section_revision`]). Done first in a transaction, it locks the
/// section's row until the commit (PostgreSQL), so changes that number things in a section
/// (players, teams) or check what is stored there run one after the other.
async fn bump_revision(tx: &mut Transaction<'static, Any>, section: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE sections SET revision = revision + 1 WHERE id = $1")
        .bind(section)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// [`bump_revision`] only if the section is still at `revision` (compare-and-set), else
/// [`StoreError::Conflict`]; `None`: unconditionally.
async fn lock_at_revision(
    tx: &mut Transaction<'static, Any>,
    section: i64,
    revision: Option<i64>,
) -> Result<(), StoreError> {
    let Some(revision) = revision else {
        return bump_revision(tx, section).await;
    };
    let done =
        sqlx::query("UPDATE sections SET revision = revision + 1 WHERE id = $1 AND revision = $2")
            .bind(section)
            .bind(revision)
            .execute(&mut **tx)
            .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict {
            entity: "section",
            id: section,
        });
    }
    Ok(())
}

/// [`bump_revision`] for the section of a round.
async fn bump_round_revision(
    tx: &mut Transaction<'static, Any>,
    round: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE sections SET revision = revision + 1
         WHERE id = (SELECT section_id FROM rounds WHERE id = $1)",
    )
    .bind(round)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Inserts a section of an event with its audit entry, inside the transaction `tx`.
pub(crate) async fn insert_section(
    tx: &mut Transaction<'static, Any>,
    by: Option<i64>,
    event: i64,
    s: &NewSection<'_>,
) -> Result<i64, StoreError> {
    let id = insert_id(
        tx,
        sqlx::query(
            "INSERT INTO sections (event_id, name, rounds, tiebreaks, data) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(event)
        .bind(s.name)
        .bind(s.rounds)
        .bind(s.tiebreaks)
        .bind(s.data),
    )
    .await?;
    let summary = format!("{}, {} rounds, {}", s.name, s.rounds, s.tiebreaks);
    audit(tx, by, "section", id, "create", None, Some(&summary)).await?;
    Ok(id)
}

/// The audit entry that ends a change of a player ([`Store::player_change`]).
struct PlayerAudit<'a> {
    by: Option<i64>,
    player: i64,
    action: &'a str,
}

impl PlayerAudit<'_> {
    /// Writes the audit entry with the old and new fields and commits the change.
    async fn commit(
        self,
        mut tx: Transaction<'static, Any>,
        old: Option<&str>,
        new: Option<&str>,
    ) -> Result<(), StoreError> {
        audit(
            &mut tx,
            self.by,
            "player",
            self.player,
            self.action,
            old,
            new,
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }
}

/// Writes one audit row inside the transaction of the change.
async fn audit(
    tx: &mut Transaction<'static, Any>,
    by: Option<i64>,
    entity: &str,
    id: i64,
    action: &str,
    old: Option<&str>,
    new: Option<&str>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO audit_log (at, user_id, entity, entity_id, action, old_value, new_value)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(unix_now())
    .bind(by)
    .bind(entity)
    .bind(id)
    .bind(action)
    .bind(old)
    .bind(new)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Inserts one player with the next free pairing number of the section, from its first round
/// or the next unpaired one, with its audit row; the section is locked ([`bump_revision`]).
async fn insert_player(
    tx: &mut Transaction<'static, Any>,
    by: Option<i64>,
    section: i64,
    p: &NewPlayer,
) -> Result<i64, StoreError> {
    let unpaired: i64 =
        sqlx::query("SELECT COALESCE(MAX(number), 0) + 1 AS n FROM rounds WHERE section_id = $1")
            .bind(section)
            .fetch_one(&mut **tx)
            .await?
            .try_get("n")?;
    let first_round = p.first_round.max(unpaired);
    let number: i64 =
        sqlx::query("SELECT COALESCE(MAX(number), 0) + 1 AS n FROM players WHERE section_id = $1")
            .bind(section)
            .fetch_one(&mut **tx)
            .await?
            .try_get("n")?;
    let id = insert_id(
        tx,
        sqlx::query(
            "INSERT INTO players (section_id, number, name, sex, title, dwz, elo, federation, fide_id,
             birth_date, club, first_round, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
        )
        .bind(section)
        .bind(number)
        .bind(&p.name)
        .bind(&p.sex)
        .bind(&p.title)
        .bind(p.dwz)
        .bind(p.elo)
        .bind(&p.federation)
        .bind(&p.fide_id)
        .bind(&p.birth_date)
        .bind(&p.club)
        .bind(first_round)
        .bind(&p.data),
    )
    .await?;
    audit(
        tx,
        by,
        "player",
        id,
        "register",
        None,
        Some(&format!("{}, from round {first_round}", p.summary())),
    )
    .await?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::on_both!("arbiter_store_unit", "su"; h19_09_session_tokens_are_stored_hashed);

    async fn h19_09_session_tokens_are_stored_hashed(store: Store) {
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let user = store
            .create_user(None, "h19", "$argon2id$fake", Role::Arbiter)
            .await
            .unwrap();
        store
            .create_session("cookie-token", user, "csrf", i64::MAX)
            .await
            .unwrap();
        let stored: Vec<String> = sqlx::query("SELECT token_hash FROM sessions")
            .fetch_all(&store.pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get("token_hash").unwrap())
            .collect();
        assert_eq!(stored, [token_hash("cookie-token")]);
        assert_eq!(
            store
                .session("cookie-token", 0)
                .await
                .unwrap()
                .map(|s| s.user.id),
            Some(user)
        );
        assert!(
            store.session(&stored[0], 0).await.unwrap().is_none(),
            "the stored value opens no session"
        );
        store.delete_session("cookie-token").await.unwrap();
        assert!(store.session("cookie-token", 0).await.unwrap().is_none());
    }
}

#[cfg(test)]
mod dwz_and_elo {
    use super::*;

    /// Players stored before migration 8 with `rating` = Elo, or DWZ when no Elo
    /// (`elo.or(dwz)`), and with or without a domain document.
    async fn h12_02_migration_splits_rating_into_dwz_and_elo(url: String) {
        let store = Store::connect(&url).await.unwrap();
        store.migrate(schema::DWZ_AND_ELO - 1).await.unwrap();
        let event = store
            .create_event(None, "E", "P", "2026-01-01", "")
            .await
            .unwrap();
        let section = store
            .create_section(
                None,
                event,
                &NewSection {
                    name: "A",
                    rounds: 5,
                    tiebreaks: "",
                    data: "",
                },
            )
            .await
            .unwrap();
        let rows = [
            ("Old, Row", 2100, ""),
            ("Dwz, Only", 1888, r#"{"player":{"dwz":1888,"elo":null}}"#),
            ("Both, Known", 2200, r#"{"player":{"dwz":2150,"elo":2200}}"#),
            ("Un, Rated", 0, ""),
        ];
        for (number, (name, rating, data)) in (1..).zip(rows) {
            sqlx::query(
                "INSERT INTO players (section_id, number, name, sex, title, rating, federation,
                 fide_id, birth_date, club, first_round, data)
                 VALUES ($1, $2, $3, '', '', $4, '', '', '', '', 1, $5)",
            )
            .bind(section)
            .bind(number)
            .bind(name)
            .bind(rating)
            .bind(data)
            .execute(&store.pool)
            .await
            .unwrap();
        }
        store.migrate(SCHEMA_VERSION).await.unwrap();
        let got: Vec<_> = store
            .players(section)
            .await
            .unwrap()
            .into_iter()
            .map(|p| (p.name, p.dwz, p.elo))
            .collect();
        assert_eq!(
            got,
            [
                ("Old, Row".to_owned(), None, Some(2100)),
                ("Dwz, Only".to_owned(), Some(1888), None),
                ("Both, Known".to_owned(), Some(2150), Some(2200)),
                ("Un, Rated".to_owned(), None, None),
            ]
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        let path =
            std::env::temp_dir().join(format!("{}.db", testing::unique_name("arbiter_store_m8")));
        h12_02_migration_splits_rating_into_dwz_and_elo(format!("sqlite://{}", path.display()))
            .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        if let Some(url) = testing::fresh_postgres_schema("sm8").await.unwrap() {
            h12_02_migration_splits_rating_into_dwz_and_elo(url).await;
        }
    }
}
