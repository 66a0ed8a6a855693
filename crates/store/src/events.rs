//! Events: a tournament with its name, place, start date and domain document; its sections
//! are in the `sections` module.

use sqlx::{Any, Transaction};

use crate::audit::Audit;
use crate::row::{change_one, entity, get, insert_id};
use crate::{Store, StoreError, unix_now};

/// The database row of a tournament event (one or more sections); the tournament itself is
/// `event::Event`, stored as the row's `data`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct EventRow {
    /// The event's key.
    pub id: i64,
    /// The event's name, e.g. `Open 2026`.
    pub name: String,
    /// Where it is played.
    pub place: String,
    /// `YYYY-MM-DD`.
    pub start_date: String,
    /// JSON of the domain event.
    #[serde(skip)]
    pub data: String,
    /// Optimistic-locking version, raised by every update.
    pub version: i64,
}

entity! {
    EventRow = "event" from "events", columns "" {
        id: "id",
        name: "name",
        place: "place",
        start_date: "start_date",
        data: "data",
        version: "version",
    }
}

/// The new state of an event ([`Store::update_event`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventChange<'a> {
    /// The event's name.
    pub name: &'a str,
    /// Where it is played.
    pub place: &'a str,
    /// `YYYY-MM-DD`.
    pub start_date: &'a str,
    /// JSON of the domain event.
    pub data: &'a str,
}

impl Store {
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
        Audit::new(by, "event", id, "create")
            .commit(tx, None, Some(name))
            .await?;
        Ok(id)
    }

    /// All events, newest first.
    pub async fn events(&self) -> Result<Vec<EventRow>, StoreError> {
        self.list("ORDER BY start_date DESC, id DESC", &[]).await
    }

    /// One event.
    pub async fn event(&self, id: i64) -> Result<EventRow, StoreError> {
        self.by_id(id).await
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
        let update = sqlx::query(
            "UPDATE events SET name = $1, place = $2, start_date = $3, data = $4,
             version = version + 1 WHERE id = $5 AND version = $6",
        )
        .bind(change.name)
        .bind(change.place)
        .bind(change.start_date)
        .bind(change.data)
        .bind(id)
        .bind(version);
        change_one(&mut tx, update, "event", id).await?;
        Self::commit_event_change(tx, by, id, "settings", &old.data, change.data).await?;
        Ok(version + 1)
    }

    /// Replaces only the domain document of an event read at `version` (a record kept with the
    /// event, e.g. a protest), audited as `action`; returns the new version.
    pub async fn update_event_document(
        &self,
        by: Option<i64>,
        id: i64,
        data: &str,
        version: i64,
        action: &str,
    ) -> Result<i64, StoreError> {
        let old = self.event(id).await?;
        let mut tx = self.write().await?;
        let update = sqlx::query(
            "UPDATE events SET data = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(data)
        .bind(id)
        .bind(version);
        change_one(&mut tx, update, "event", id).await?;
        Self::commit_event_change(tx, by, id, action, &old.data, data).await?;
        Ok(version + 1)
    }

    /// Finishes a change of event `id`: every section gets a new revision (the event's
    /// document enters the sections' views) and the change is audited as `action`.
    async fn commit_event_change(
        mut tx: Transaction<'static, Any>,
        by: Option<i64>,
        id: i64,
        action: &str,
        old: &str,
        new: &str,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE sections SET revision = revision + 1 WHERE event_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        Audit::new(by, "event", id, action)
            .commit(tx, Some(old), Some(new))
            .await
    }
}

/// Which event a [`Store::event_fingerprint`] describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventOf {
    /// The event with this id.
    Event(i64),
    /// The event of the section with this id.
    Section(i64),
}

impl Store {
    /// Everything a public page of an event or of one of its sections changes with, as text:
    /// the event's version and each section's id, revision and version (`None` when there is
    /// no such event or section). Every change of results, rounds, players, teams, section or
    /// event settings raises one of them, and adding or deleting a section changes the list;
    /// HTTP validators (`ETag`) are derived from it.
    pub async fn event_fingerprint(&self, of: EventOf) -> Result<Option<String>, StoreError> {
        let (filter, id) = match of {
            EventOf::Event(id) => ("$1", id),
            EventOf::Section(id) => ("(SELECT event_id FROM sections WHERE id = $1)", id),
        };
        let rows = sqlx::query(&format!(
            "SELECT e.version AS ev, s.id AS sid, s.revision AS rev, s.version AS sv
             FROM events e LEFT JOIN sections s ON s.event_id = e.id
             WHERE e.id = {filter} ORDER BY s.id"
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let Some(first) = rows.first() else {
            return Ok(None);
        };
        let mut text = format!("e{}", get::<i64>(first, "ev")?);
        for row in &rows {
            if let Some(section) = get::<Option<i64>>(row, "sid")? {
                let rev: i64 = get(row, "rev")?;
                let version: i64 = get(row, "sv")?;
                text.push_str(&format!(";s{section}.{rev}.{version}"));
            }
        }
        Ok(Some(text))
    }
}
