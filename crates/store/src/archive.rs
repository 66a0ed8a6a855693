//! The rows of one event as portable records, read in one transaction and stored again in one
//! transaction under new keys (#17 item 4). The file format around them (header, version,
//! validation of the domain documents) is `service::archive`'s.
//!
//! Keys in the records are the keys of the installation they were read from; they only link
//! the records to each other. Stored again, every row gets a new key and every link follows
//! it; links inside the domain documents are rewritten by the caller ([`Relink`]). Accounts
//! are carried by name and role only, never with their password hash.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use crate::audit::Audit;
use crate::row::{get, insert_id};
use crate::{Role, Store, StoreError};

/// The password hash of an account re-created by an import: no password matches it, so the
/// account cannot log in until an admin gives it a password.
pub const LOCKED: &str = "!locked";

/// A domain document kept as JSON text in a row, written into an archive as the JSON it holds
/// (an empty document as `null`).
mod document {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(crate) fn serialize<S: Serializer>(text: &str, s: S) -> Result<S::Ok, S::Error> {
        if text.is_empty() {
            return s.serialize_none();
        }
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(value) => value.serialize(s),
            Err(_) => s.serialize_str(text),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        Ok(match serde_json::Value::deserialize(d)? {
            serde_json::Value::Null => String::new(),
            serde_json::Value::String(text) => text,
            value => value.to_string(),
        })
    }
}

/// The event's own row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedEvent {
    /// The event's key where it was read.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Where it is played.
    pub place: String,
    /// `YYYY-MM-DD`.
    pub start_date: String,
    /// Unix seconds.
    pub created_at: i64,
    /// The domain event (settings, proceedings).
    #[serde(with = "document")]
    pub data: String,
}

/// A section, with its team settings when it is a team section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedSection {
    /// The section's key where it was read.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Planned number of rounds.
    pub rounds: i64,
    /// Tie-break codes.
    pub tiebreaks: String,
    /// The domain section without players and rounds.
    #[serde(with = "document")]
    pub data: String,
    /// The team settings of a team section.
    #[serde(default, with = "document")]
    pub team: String,
}

/// A player of an individual section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ArchivedPlayer {
    pub id: i64,
    pub section: i64,
    pub number: i64,
    pub name: String,
    pub sex: String,
    pub title: String,
    pub dwz: Option<i64>,
    pub elo: Option<i64>,
    pub federation: String,
    pub fide_id: String,
    pub birth_date: String,
    pub club: String,
    pub first_round: i64,
    pub withdrawn_after: Option<i64>,
    /// The domain entry (registration).
    #[serde(with = "document")]
    pub data: String,
}

/// A paired round of an individual section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ArchivedRound {
    pub id: i64,
    pub section: i64,
    pub number: i64,
    pub published: bool,
    /// The moment of publication.
    #[serde(with = "document")]
    pub data: String,
}

/// A board or bye of a round, with its game record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ArchivedGame {
    pub id: i64,
    pub round: i64,
    pub board: i64,
    pub white: i64,
    pub black: Option<i64>,
    /// The stored result code ([`crate::Recorded`]).
    pub result: String,
    pub manual: bool,
    /// The game record (PGN), empty when none was entered.
    pub pgn: String,
}

/// A team with its squad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ArchivedTeam {
    pub id: i64,
    pub section: i64,
    pub number: i64,
    pub name: String,
    #[serde(with = "document")]
    pub data: String,
}

/// A team's lineup for a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ArchivedLineup {
    pub id: i64,
    pub team: i64,
    pub round: i64,
    #[serde(with = "document")]
    pub data: String,
    pub confirmed: bool,
}

/// A team match or team bye.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ArchivedMatch {
    pub id: i64,
    pub section: i64,
    pub round: i64,
    pub number: i64,
    pub home: i64,
    pub away: Option<i64>,
    #[serde(with = "document")]
    pub data: String,
    pub confirmed: bool,
    pub published: bool,
}

/// An account the event's records name: a captain of one of its teams, or the author of an
/// audit entry. Never its password hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedAccount {
    /// The account's key where it was read.
    pub id: i64,
    /// The login name.
    pub name: String,
    /// `admin`, `arbiter`, `captain` or `public`.
    pub role: String,
    /// The team it captains (key where it was read).
    pub captain_of: Option<i64>,
}

/// An audit entry of one of the event's rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct ArchivedAudit {
    pub at: i64,
    /// The account (key where it was read); `None` for the system.
    pub user: Option<i64>,
    pub entity: String,
    pub entity_id: i64,
    pub action: String,
    pub old_value: Option<String>,
    pub new_value: Option<String>,
}

/// Every row of one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct EventRows {
    pub event: ArchivedEvent,
    pub sections: Vec<ArchivedSection>,
    pub players: Vec<ArchivedPlayer>,
    pub rounds: Vec<ArchivedRound>,
    pub games: Vec<ArchivedGame>,
    pub teams: Vec<ArchivedTeam>,
    pub lineups: Vec<ArchivedLineup>,
    pub matches: Vec<ArchivedMatch>,
    pub accounts: Vec<ArchivedAccount>,
    pub audit: Vec<ArchivedAudit>,
}

/// Which kind of domain document [`Relink`] is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    /// The event's document.
    Event,
    /// A section's document.
    Section,
}

/// Rewrites the player keys inside a domain document of the kind given, by the map from old
/// to new player keys: documents name players by their row key.
pub type Relink<'a> =
    &'a (dyn Fn(Document, &str, &HashMap<i64, i64>) -> Result<String, StoreError> + Send + Sync);

/// The key of `old` in `map`, or [`StoreError::Invalid`] naming the record that links to it.
fn linked(map: &HashMap<i64, i64>, old: i64, what: &str) -> Result<i64, StoreError> {
    map.get(&old)
        .copied()
        .ok_or_else(|| StoreError::Invalid(format!("{what}: no record with key {old}")))
}

/// The rows `sql` selects with its `$1` bound to `key`.
async fn rows(
    tx: &mut Transaction<'static, Any>,
    sql: &str,
    key: i64,
) -> Result<Vec<AnyRow>, StoreError> {
    Ok(sqlx::query(sql).bind(key).fetch_all(&mut **tx).await?)
}

/// `WHERE` condition of the rows of event `$1` for each table, by its alias.
const OF_SECTIONS: &str = "section_id IN (SELECT id FROM sections WHERE event_id = $1)";

impl Store {
    /// Every row of event `id`, read in one transaction (a consistent picture while results
    /// are being entered). Audit entries of rows deleted since are not among them.
    pub async fn event_rows(&self, id: i64) -> Result<EventRows, StoreError> {
        let mut tx = self.pool.begin().await?;
        if self.postgres {
            sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .execute(&mut *tx)
                .await?;
        }
        let event = rows(
            &mut tx,
            "SELECT id, name, place, start_date, created_at, data FROM events WHERE id = $1",
            id,
        )
        .await?
        .first()
        .ok_or(StoreError::NotFound {
            entity: "event",
            id,
        })
        .and_then(|r| {
            Ok(ArchivedEvent {
                id: get(r, "id")?,
                name: get(r, "name")?,
                place: get(r, "place")?,
                start_date: get(r, "start_date")?,
                created_at: get(r, "created_at")?,
                data: get(r, "data")?,
            })
        })?;
        let sections = rows(
            &mut tx,
            "SELECT s.id, s.name, s.rounds, s.tiebreaks, s.data, COALESCE(t.data, '') AS team
             FROM sections s LEFT JOIN team_sections t ON t.section_id = s.id
             WHERE s.event_id = $1 ORDER BY s.id",
            id,
        )
        .await?
        .iter()
        .map(|r| {
            Ok(ArchivedSection {
                id: get(r, "id")?,
                name: get(r, "name")?,
                rounds: get(r, "rounds")?,
                tiebreaks: get(r, "tiebreaks")?,
                data: get(r, "data")?,
                team: get(r, "team")?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
        let players = rows(
            &mut tx,
            &format!(
                "SELECT id, section_id, number, name, sex, title, dwz, elo, federation, fide_id,
                 birth_date, club, first_round, withdrawn_after, data FROM players
                 WHERE {OF_SECTIONS} ORDER BY id"
            ),
            id,
        )
        .await?
        .iter()
        .map(|r| {
            Ok(ArchivedPlayer {
                id: get(r, "id")?,
                section: get(r, "section_id")?,
                number: get(r, "number")?,
                name: get(r, "name")?,
                sex: get(r, "sex")?,
                title: get(r, "title")?,
                dwz: get(r, "dwz")?,
                elo: get(r, "elo")?,
                federation: get(r, "federation")?,
                fide_id: get(r, "fide_id")?,
                birth_date: get(r, "birth_date")?,
                club: get(r, "club")?,
                first_round: get(r, "first_round")?,
                withdrawn_after: get(r, "withdrawn_after")?,
                data: get(r, "data")?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
        let rounds = rows(
            &mut tx,
            &format!(
                "SELECT id, section_id, number, published, data FROM rounds
                 WHERE {OF_SECTIONS} ORDER BY id"
            ),
            id,
        )
        .await?
        .iter()
        .map(|r| {
            Ok(ArchivedRound {
                id: get(r, "id")?,
                section: get(r, "section_id")?,
                number: get(r, "number")?,
                published: get::<i64>(r, "published")? != 0,
                data: get(r, "data")?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
        let games = rows(
            &mut tx,
            &format!(
                "SELECT id, round_id, board, white_id, black_id, result, manual, pgn FROM games
                 WHERE round_id IN (SELECT id FROM rounds WHERE {OF_SECTIONS}) ORDER BY id"
            ),
            id,
        )
        .await?
        .iter()
        .map(|r| {
            Ok(ArchivedGame {
                id: get(r, "id")?,
                round: get(r, "round_id")?,
                board: get(r, "board")?,
                white: get(r, "white_id")?,
                black: get(r, "black_id")?,
                result: get(r, "result")?,
                manual: get::<i64>(r, "manual")? != 0,
                pgn: get(r, "pgn")?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
        let teams = rows(
            &mut tx,
            &format!(
                "SELECT id, section_id, number, name, data FROM teams WHERE {OF_SECTIONS}
                 ORDER BY id"
            ),
            id,
        )
        .await?
        .iter()
        .map(|r| {
            Ok(ArchivedTeam {
                id: get(r, "id")?,
                section: get(r, "section_id")?,
                number: get(r, "number")?,
                name: get(r, "name")?,
                data: get(r, "data")?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
        let lineups = rows(
            &mut tx,
            &format!(
                "SELECT id, team_id, round, data, confirmed FROM team_lineups
                 WHERE team_id IN (SELECT id FROM teams WHERE {OF_SECTIONS}) ORDER BY id"
            ),
            id,
        )
        .await?
        .iter()
        .map(|r| {
            Ok(ArchivedLineup {
                id: get(r, "id")?,
                team: get(r, "team_id")?,
                round: get(r, "round")?,
                data: get(r, "data")?,
                confirmed: get::<i64>(r, "confirmed")? != 0,
            })
        })
        .collect::<Result<_, StoreError>>()?;
        let matches = rows(
            &mut tx,
            &format!(
                "SELECT id, section_id, round, number, home_id, away_id, data, confirmed, published
                 FROM team_matches WHERE {OF_SECTIONS} ORDER BY id"
            ),
            id,
        )
        .await?
        .iter()
        .map(|r| {
            Ok(ArchivedMatch {
                id: get(r, "id")?,
                section: get(r, "section_id")?,
                round: get(r, "round")?,
                number: get(r, "number")?,
                home: get(r, "home_id")?,
                away: get(r, "away_id")?,
                data: get(r, "data")?,
                confirmed: get::<i64>(r, "confirmed")? != 0,
                published: get::<i64>(r, "published")? != 0,
            })
        })
        .collect::<Result<_, StoreError>>()?;
        let captains: HashMap<i64, i64> = rows(
            &mut tx,
            &format!(
                "SELECT user_id, team_id FROM captains
                 WHERE team_id IN (SELECT id FROM teams WHERE {OF_SECTIONS})"
            ),
            id,
        )
        .await?
        .iter()
        .map(|r| Ok((get(r, "user_id")?, get(r, "team_id")?)))
        .collect::<Result<_, StoreError>>()?;
        let audit = audit_rows(&mut tx, id, &captains).await?;
        let accounts = sqlx::query("SELECT id, name, role FROM users ORDER BY id")
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .filter_map(|r| {
                let id: i64 = get(r, "id").ok()?;
                let named = captains.contains_key(&id) || audit.iter().any(|a| a.user == Some(id));
                named.then(|| {
                    Ok(ArchivedAccount {
                        id,
                        name: get(r, "name")?,
                        role: get(r, "role")?,
                        captain_of: captains.get(&id).copied(),
                    })
                })
            })
            .collect::<Result<_, StoreError>>()?;
        tx.commit().await?;
        Ok(EventRows {
            event,
            sections,
            players,
            rounds,
            games,
            teams,
            lineups,
            matches,
            accounts,
            audit,
        })
    }

    /// Stores the rows of an event under new keys in one transaction; returns the new event's
    /// key. Accounts are found by name, or created locked ([`LOCKED`], the archived role);
    /// `relink` rewrites the player keys inside the documents. One audit entry (`import`, by
    /// `by`) records the import. On any error nothing is stored.
    pub async fn import_event_rows(
        &self,
        by: Option<i64>,
        rows: &EventRows,
        relink: Relink<'_>,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let accounts = import_accounts(&mut tx, &rows.accounts).await?;
        let e = &rows.event;
        let event = insert_id(
            &mut tx,
            sqlx::query(
                "INSERT INTO events (name, place, start_date, created_at, data)
                 VALUES ($1, $2, $3, $4, '') RETURNING id",
            )
            .bind(&e.name)
            .bind(&e.place)
            .bind(&e.start_date)
            .bind(e.created_at),
        )
        .await?;
        let mut keys = Keys::default();
        keys.events.insert(e.id, event);
        for (i, s) in rows.sections.iter().enumerate() {
            let id = insert_id(
                &mut tx,
                sqlx::query(
                    "INSERT INTO sections (event_id, name, rounds, tiebreaks, data)
                     VALUES ($1, $2, $3, $4, '') RETURNING id",
                )
                .bind(event)
                .bind(&s.name)
                .bind(s.rounds)
                .bind(&s.tiebreaks),
            )
            .await?;
            if !s.team.is_empty() {
                sqlx::query("INSERT INTO team_sections (section_id, data) VALUES ($1, $2)")
                    .bind(id)
                    .bind(&s.team)
                    .execute(&mut *tx)
                    .await?;
            }
            if keys.sections.insert(s.id, id).is_some() {
                return Err(StoreError::Invalid(format!(
                    "sections[{i}].id: key {} twice",
                    s.id
                )));
            }
        }
        import_players(&mut tx, rows, &mut keys).await?;
        relink_documents(&mut tx, rows, &keys, relink).await?;
        import_rounds(&mut tx, rows, &mut keys).await?;
        import_teams(&mut tx, rows, &mut keys, &accounts).await?;
        for (i, a) in rows.audit.iter().enumerate() {
            let what = format!("audit[{i}]");
            let entity_id = if a.entity == "user" {
                &accounts
            } else {
                keys.of(&a.entity).ok_or_else(|| {
                    StoreError::Invalid(format!(
                        "{what}.entity: `{}` is not a kind of row",
                        a.entity
                    ))
                })?
            };
            sqlx::query(
                "INSERT INTO audit_log (at, user_id, entity, entity_id, action, old_value, new_value)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(a.at)
            .bind(a.user.map(|u| linked(&accounts, u, &format!("{what}.user"))).transpose()?)
            .bind(&a.entity)
            .bind(linked(entity_id, a.entity_id, &format!("{what}.entity_id"))?)
            .bind(&a.action)
            .bind(a.old_value.as_deref())
            .bind(a.new_value.as_deref())
            .execute(&mut *tx)
            .await?;
        }
        let from = format!("archive of event {} ({})", e.id, e.name);
        Audit::new(by, "event", event, "import")
            .commit(tx, None, Some(&from))
            .await?;
        Ok(event)
    }
}

/// The audit entries of event `id`'s rows (event, sections, players, rounds, games, teams,
/// lineups, team matches) and of its captains' accounts, oldest first.
async fn audit_rows(
    tx: &mut Transaction<'static, Any>,
    id: i64,
    captains: &HashMap<i64, i64>,
) -> Result<Vec<ArchivedAudit>, StoreError> {
    let teams = format!("SELECT id FROM teams WHERE {OF_SECTIONS}");
    let rounds = format!("SELECT id FROM rounds WHERE {OF_SECTIONS}");
    let sql = format!(
        "SELECT at, user_id, entity, entity_id, action, old_value, new_value FROM audit_log WHERE
         (entity = 'event' AND entity_id = $1)
         OR (entity = 'section' AND entity_id IN (SELECT id FROM sections WHERE event_id = $1))
         OR (entity = 'player' AND entity_id IN (SELECT id FROM players WHERE {OF_SECTIONS}))
         OR (entity = 'round' AND entity_id IN ({rounds}))
         OR (entity = 'game' AND entity_id IN (SELECT id FROM games WHERE round_id IN ({rounds})))
         OR (entity = 'team' AND entity_id IN ({teams}))
         OR (entity = 'lineup' AND entity_id IN (SELECT id FROM team_lineups WHERE team_id IN ({teams})))
         OR (entity = 'team match' AND entity_id IN (SELECT id FROM team_matches WHERE {OF_SECTIONS}))
         OR entity = 'user'
         ORDER BY id"
    );
    rows(tx, &sql, id)
        .await?
        .iter()
        .map(|r| {
            Ok(ArchivedAudit {
                at: get(r, "at")?,
                user: get(r, "user_id")?,
                entity: get(r, "entity")?,
                entity_id: get(r, "entity_id")?,
                action: get(r, "action")?,
                old_value: get(r, "old_value")?,
                new_value: get(r, "new_value")?,
            })
        })
        .filter(|a| {
            a.as_ref().map_or(true, |a| {
                a.entity != "user" || captains.contains_key(&a.entity_id)
            })
        })
        .collect()
}

/// The new keys of the imported rows by their archived keys, per table.
#[derive(Default)]
struct Keys {
    events: HashMap<i64, i64>,
    sections: HashMap<i64, i64>,
    players: HashMap<i64, i64>,
    rounds: HashMap<i64, i64>,
    games: HashMap<i64, i64>,
    teams: HashMap<i64, i64>,
    lineups: HashMap<i64, i64>,
    matches: HashMap<i64, i64>,
}

impl Keys {
    /// The keys of the rows an audit entry of `entity` names (accounts are not among them).
    fn of(&self, entity: &str) -> Option<&HashMap<i64, i64>> {
        Some(match entity {
            "event" => &self.events,
            "section" => &self.sections,
            "player" => &self.players,
            "round" => &self.rounds,
            "game" => &self.games,
            "team" => &self.teams,
            "lineup" => &self.lineups,
            "team match" => &self.matches,
            _ => return None,
        })
    }
}

/// Finds every account by name, or creates it locked; the map from archived to new keys.
async fn import_accounts(
    tx: &mut Transaction<'static, Any>,
    accounts: &[ArchivedAccount],
) -> Result<HashMap<i64, i64>, StoreError> {
    let mut keys = HashMap::new();
    for (i, a) in accounts.iter().enumerate() {
        let role: Role = a.role.parse().map_err(|e: crate::ParseRoleError| {
            StoreError::Invalid(format!("accounts[{i}].role: {e}"))
        })?;
        let found = sqlx::query("SELECT id FROM users WHERE name = $1")
            .bind(&a.name)
            .fetch_optional(&mut **tx)
            .await?;
        let id = match found {
            Some(r) => get(&r, "id")?,
            None => {
                insert_id(
                    tx,
                    sqlx::query(
                        "INSERT INTO users (name, password_hash, role, created_at)
                         VALUES ($1, $2, $3, $4) RETURNING id",
                    )
                    .bind(&a.name)
                    .bind(LOCKED)
                    .bind(role.as_str())
                    .bind(crate::unix_now()),
                )
                .await?
            }
        };
        keys.insert(a.id, id);
    }
    Ok(keys)
}

async fn import_players(
    tx: &mut Transaction<'static, Any>,
    rows: &EventRows,
    keys: &mut Keys,
) -> Result<(), StoreError> {
    for (i, p) in rows.players.iter().enumerate() {
        let section = linked(&keys.sections, p.section, &format!("players[{i}].section"))?;
        let id = insert_id(
            tx,
            sqlx::query(
                "INSERT INTO players (section_id, number, name, sex, title, dwz, elo, federation,
                 fide_id, birth_date, club, first_round, withdrawn_after, data)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
            )
            .bind(section)
            .bind(p.number)
            .bind(&p.name)
            .bind(&p.sex)
            .bind(&p.title)
            .bind(p.dwz)
            .bind(p.elo)
            .bind(&p.federation)
            .bind(&p.fide_id)
            .bind(&p.birth_date)
            .bind(&p.club)
            .bind(p.first_round)
            .bind(p.withdrawn_after)
            .bind(&p.data),
        )
        .await?;
        keys.players.insert(p.id, id);
    }
    Ok(())
}

/// Writes the event's and the sections' documents with their player keys rewritten by
/// `relink`, and the players' documents as they are (a player's id is its row's key).
async fn relink_documents(
    tx: &mut Transaction<'static, Any>,
    rows: &EventRows,
    keys: &Keys,
    relink: Relink<'_>,
) -> Result<(), StoreError> {
    let players = &keys.players;
    let documents = std::iter::once((Document::Event, "events", rows.event.id, &rows.event.data))
        .chain(
            rows.sections
                .iter()
                .map(|s| (Document::Section, "sections", s.id, &s.data)),
        );
    for (kind, table, old, data) in documents {
        let map = match kind {
            Document::Event => &keys.events,
            Document::Section => &keys.sections,
        };
        let text = if data.is_empty() {
            String::new()
        } else {
            relink(kind, data, players)?
        };
        sqlx::query(&format!("UPDATE {table} SET data = $1 WHERE id = $2"))
            .bind(text)
            .bind(linked(map, old, table)?)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

async fn import_rounds(
    tx: &mut Transaction<'static, Any>,
    rows: &EventRows,
    keys: &mut Keys,
) -> Result<(), StoreError> {
    for (i, r) in rows.rounds.iter().enumerate() {
        let id = insert_id(
            tx,
            sqlx::query(
                "INSERT INTO rounds (section_id, number, published, data)
                 VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(linked(
                &keys.sections,
                r.section,
                &format!("rounds[{i}].section"),
            )?)
            .bind(r.number)
            .bind(i64::from(r.published))
            .bind(&r.data),
        )
        .await?;
        keys.rounds.insert(r.id, id);
    }
    for (i, g) in rows.games.iter().enumerate() {
        let what = |field: &str| format!("games[{i}].{field}");
        let black = g
            .black
            .map(|b| linked(&keys.players, b, &what("black")))
            .transpose()?;
        let id = insert_id(
            tx,
            sqlx::query(
                "INSERT INTO games (round_id, board, white_id, black_id, result, manual, pgn)
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            )
            .bind(linked(&keys.rounds, g.round, &what("round"))?)
            .bind(g.board)
            .bind(linked(&keys.players, g.white, &what("white"))?)
            .bind(black)
            .bind(&g.result)
            .bind(i64::from(g.manual))
            .bind(&g.pgn),
        )
        .await?;
        keys.games.insert(g.id, id);
    }
    Ok(())
}

async fn import_teams(
    tx: &mut Transaction<'static, Any>,
    rows: &EventRows,
    keys: &mut Keys,
    accounts: &HashMap<i64, i64>,
) -> Result<(), StoreError> {
    for (i, t) in rows.teams.iter().enumerate() {
        let id = insert_id(
            tx,
            sqlx::query(
                "INSERT INTO teams (section_id, number, name, data)
                 VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(linked(
                &keys.sections,
                t.section,
                &format!("teams[{i}].section"),
            )?)
            .bind(t.number)
            .bind(&t.name)
            .bind(&t.data),
        )
        .await?;
        keys.teams.insert(t.id, id);
    }
    for (i, a) in rows.accounts.iter().enumerate() {
        let Some(team) = a.captain_of else { continue };
        let team = linked(&keys.teams, team, &format!("accounts[{i}].captain_of"))?;
        let user = linked(accounts, a.id, &format!("accounts[{i}].id"))?;
        sqlx::query("DELETE FROM captains WHERE user_id = $1")
            .bind(user)
            .execute(&mut **tx)
            .await?;
        sqlx::query("INSERT INTO captains (user_id, team_id) VALUES ($1, $2)")
            .bind(user)
            .bind(team)
            .execute(&mut **tx)
            .await?;
    }
    for (i, l) in rows.lineups.iter().enumerate() {
        let id = insert_id(
            tx,
            sqlx::query(
                "INSERT INTO team_lineups (team_id, round, data, confirmed)
                 VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(linked(&keys.teams, l.team, &format!("lineups[{i}].team"))?)
            .bind(l.round)
            .bind(&l.data)
            .bind(i64::from(l.confirmed)),
        )
        .await?;
        keys.lineups.insert(l.id, id);
    }
    for (i, m) in rows.matches.iter().enumerate() {
        let what = |field: &str| format!("matches[{i}].{field}");
        let away = m
            .away
            .map(|a| linked(&keys.teams, a, &what("away")))
            .transpose()?;
        let id = insert_id(
            tx,
            sqlx::query(
                "INSERT INTO team_matches (section_id, round, number, home_id, away_id, data,
                 confirmed, published) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
            )
            .bind(linked(&keys.sections, m.section, &what("section"))?)
            .bind(m.round)
            .bind(m.number)
            .bind(linked(&keys.teams, m.home, &what("home"))?)
            .bind(away)
            .bind(&m.data)
            .bind(i64::from(m.confirmed))
            .bind(i64::from(m.published)),
        )
        .await?;
        keys.matches.insert(m.id, id);
    }
    Ok(())
}
