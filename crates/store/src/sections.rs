//! Sections of an event, each paired on its own, and the section's revision: a counter raised
//! with every change of its settings, players, rounds or results, which also serialises the
//! changes of one section.

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use crate::audit::Audit;
use crate::row::{change_one, entity, get, insert_id};
use crate::{Store, StoreError};

/// A section (group) of an event, paired on its own.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Section {
    /// The section's key.
    pub id: i64,
    /// The key of its event.
    pub event: i64,
    /// The section's name, e.g. `U14`.
    pub name: String,
    /// Planned number of rounds.
    pub rounds: i64,
    /// Tie-break order as C.07 codes, comma-separated (`BH/C1,BH,SB`).
    pub tiebreaks: String,
    /// JSON of the domain section without players and rounds.
    #[serde(skip)]
    pub data: String,
    /// Optimistic-locking version of the settings, raised by every update.
    pub version: i64,
}

entity! {
    Section = "section" from "sections", columns "" {
        id: "id",
        event: "event_id",
        name: "name",
        rounds: "rounds",
        tiebreaks: "tiebreaks",
        data: "data",
        version: "version",
    }
}

/// A section to store ([`Store::create_section`], [`Store::create_team_section`]).
#[derive(Debug, Clone, Copy)]
pub struct NewSection<'a> {
    /// The section's name.
    pub name: &'a str,
    /// Planned number of rounds.
    pub rounds: i64,
    /// The tie-break codes, comma-separated.
    pub tiebreaks: &'a str,
    /// The section's settings document.
    pub data: &'a str,
}

impl Store {
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
        self.list("WHERE event_id = $1 ORDER BY id", &[event]).await
    }

    /// One section.
    pub async fn section(&self, id: i64) -> Result<Section, StoreError> {
        self.by_id(id).await
    }

    /// The revision of a section: a counter raised in the same transaction as every change of
    /// its settings, players, rounds or results. One cheap query tells a process whether a copy
    /// of the section it read earlier is still current, also when other processes write to the
    /// same database.
    pub async fn section_revision(&self, id: i64) -> Result<i64, StoreError> {
        let row = self
            .row_by_id("SELECT revision FROM sections WHERE id = $1", "section", id)
            .await?;
        get(&row, "revision")
    }

    /// Replaces the domain document of a section the caller read at `version` (audited as
    /// `settings`).
    pub async fn update_section(
        &self,
        by: Option<i64>,
        section: i64,
        data: &str,
        version: i64,
    ) -> Result<i64, StoreError> {
        self.update_section_as(by, section, data, version, "settings")
            .await
    }

    /// Replaces the domain document of a section the caller read at `version`, audited as
    /// `action`.
    pub async fn update_section_as(
        &self,
        by: Option<i64>,
        section: i64,
        data: &str,
        version: i64,
        action: &str,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        bump_revision(&mut tx, section).await?;
        let version =
            replace_section_data(&mut tx, by, section, data, Some(version), action).await?;
        tx.commit().await?;
        Ok(version)
    }
}

impl Store {
    /// Deletes a section and everything in it — games, rounds, players (registrations), teams
    /// with their captains, line-ups and matches — in one transaction with its audit entry
    /// (#14 item 7). Whether it may be deleted is the service's question.
    pub async fn delete_section(&self, by: Option<i64>, id: i64) -> Result<(), StoreError> {
        let row = self.section(id).await?;
        let mut tx = self.write().await?;
        delete_section_rows(&mut tx, id).await?;
        Audit::new(by, "section", id, "delete")
            .commit(tx, Some(&row.name), None)
            .await
    }

    /// Deletes an event with all its sections ([`Store::delete_section`]) in one transaction
    /// with its audit entry.
    pub async fn delete_event(&self, by: Option<i64>, id: i64) -> Result<(), StoreError> {
        let event = self.event(id).await?;
        let sections = self.sections(id).await?;
        let mut tx = self.write().await?;
        for s in &sections {
            delete_section_rows(&mut tx, s.id).await?;
        }
        sqlx::query("DELETE FROM events WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        Audit::new(by, "event", id, "delete")
            .commit(tx, Some(&event.name), None)
            .await
    }
}

/// Deletes the rows of section `id`, children first, inside the transaction `tx`.
async fn delete_section_rows(
    tx: &mut Transaction<'static, Any>,
    id: i64,
) -> Result<(), StoreError> {
    const TEAMS: &str = "SELECT id FROM teams WHERE section_id = $1";
    let statements = [
        format!("DELETE FROM captains WHERE team_id IN ({TEAMS})"),
        format!("DELETE FROM team_lineups WHERE team_id IN ({TEAMS})"),
        "DELETE FROM team_matches WHERE section_id = $1".to_owned(),
        "DELETE FROM teams WHERE section_id = $1".to_owned(),
        "DELETE FROM team_sections WHERE section_id = $1".to_owned(),
        "DELETE FROM games WHERE round_id IN (SELECT id FROM rounds WHERE section_id = $1)"
            .to_owned(),
        "DELETE FROM rounds WHERE section_id = $1".to_owned(),
        "DELETE FROM players WHERE section_id = $1".to_owned(),
        "DELETE FROM sections WHERE id = $1".to_owned(),
    ];
    for sql in &statements {
        sqlx::query(sql).bind(id).execute(&mut **tx).await?;
    }
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
    Audit::new(by, "section", id, "create")
        .write(tx, None, Some(&summary))
        .await?;
    Ok(id)
}

/// Replaces a section's settings document inside `tx` and audits the change, if the section
/// is still at `version` (`None`: whatever version it is at, for a caller holding the section's
/// lock). Returns the new version.
pub(crate) async fn replace_section_data(
    tx: &mut Transaction<'static, Any>,
    by: Option<i64>,
    section: i64,
    data: &str,
    version: Option<i64>,
    action: &str,
) -> Result<i64, StoreError> {
    let row: AnyRow = sqlx::query("SELECT data, version FROM sections WHERE id = $1")
        .bind(section)
        .fetch_optional(&mut **tx)
        .await?
        .ok_or(StoreError::NotFound {
            entity: "section",
            id: section,
        })?;
    let old: String = get(&row, "data")?;
    let version = match version {
        Some(v) => v,
        None => get(&row, "version")?,
    };
    let update = sqlx::query(
        "UPDATE sections SET data = $1, version = version + 1 WHERE id = $2 AND version = $3",
    )
    .bind(data)
    .bind(section)
    .bind(version);
    change_one(tx, update, "section", section).await?;
    Audit::new(by, "section", section, action)
        .write(tx, Some(&old), Some(data))
        .await?;
    Ok(version + 1)
}

/// Counts a change of a section's players, rounds or results, inside the transaction of the
/// change (see [`Store::section_revision`]). Done first in a transaction, it locks the
/// section's row until the commit (PostgreSQL), so changes that number things in a section
/// (players, teams) or check what is stored there run one after the other.
pub(crate) async fn bump_revision(
    tx: &mut Transaction<'static, Any>,
    section: i64,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE sections SET revision = revision + 1 WHERE id = $1")
        .bind(section)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// [`bump_revision`] only if the section is still at `revision` (compare-and-set), else
/// [`StoreError::Conflict`]; `None`: unconditionally.
pub(crate) async fn lock_at_revision(
    tx: &mut Transaction<'static, Any>,
    section: i64,
    revision: Option<i64>,
) -> Result<(), StoreError> {
    let Some(revision) = revision else {
        return bump_revision(tx, section).await;
    };
    let update =
        sqlx::query("UPDATE sections SET revision = revision + 1 WHERE id = $1 AND revision = $2")
            .bind(section)
            .bind(revision);
    change_one(tx, update, "section", section).await
}

/// [`bump_revision`] for the section of a round.
pub(crate) async fn bump_round_revision(
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
