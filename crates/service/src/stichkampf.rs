//! The Stichkampf of a finished section (SJRP §6.1): set up for the group still tied for the
//! title or across the last DEM place, with the lot's white player recorded by the director,
//! and its games' results entered one by one; once decided, its order is the group's order in
//! the final documents ([`event::stichkampf`]).

use event::honours::Honours;
use event::stichkampf::Playoff;
use serde::Deserialize;
use standings::tiebreak::playoff::{PlayoffError, Stichkampf};

use crate::Service;
use crate::error::ServiceError;
use crate::rows::{player_id, section_document};

/// A Stichkampf set up for the open tie of a class.
#[derive(Debug, Clone, Deserialize)]
pub struct PlayoffStart {
    /// The section's version read (optimistic locking).
    pub version: i64,
    /// The class whose tie it decides (`U14w`).
    pub class: String,
    /// The player (id) drawn to have white in the first game.
    pub white_first: i64,
}

/// The result of the next game of a Stichkampf.
#[derive(Debug, Clone, Deserialize)]
pub struct PlayoffResult {
    /// The section's version read.
    pub version: i64,
    /// The Stichkampf's number in the section (1 = first).
    pub playoff: usize,
    /// `1-0`, `1/2-1/2` or `0-1`.
    pub result: String,
}

impl From<PlayoffError> for ServiceError {
    fn from(e: PlayoffError) -> ServiceError {
        ServiceError::Rule {
            article: Some(Stichkampf::article()),
            english: e.to_string(),
            german: None,
        }
    }
}

fn no_tie(class: &str) -> ServiceError {
    ServiceError::rule_in(
        format!("{class}: no tie after the last tie-break to play out"),
        format!("{class}: kein Gleichstand nach der letzten Wertung, der auszuspielen wäre"),
    )
}

impl Service {
    /// Sets up the Stichkampf of the group tied for first place of `f.class` (or, with the
    /// title decided, across its last DEM place) once every round is complete.
    pub async fn start_playoff(
        &self,
        by: Option<i64>,
        section: i64,
        f: &PlayoffStart,
    ) -> Result<i64, ServiceError> {
        let loaded = self.section(section).await?;
        let mut s = loaded.section().clone();
        if !s.finished() {
            return Err(ServiceError::rule_in(
                "the Stichkampf follows the last round (§6.1)",
                "der Stichkampf folgt nach der letzten Runde (§6.1)",
            ));
        }
        let class = f
            .class
            .trim()
            .parse()
            .map_err(|e| ServiceError::BadRequest(format!("class: {e}")))?;
        let honours =
            Honours::of(&loaded.event, &s).map_err(|e| ServiceError::rule(e.to_string()))?;
        let c = honours.class(class).ok_or_else(|| no_tie(&f.class))?;
        let tied = if c.open_tie.is_empty() {
            &c.quota_tie
        } else {
            &c.open_tie
        };
        if tied.is_empty() {
            return Err(no_tie(&f.class));
        }
        let group: Vec<_> = tied.iter().map(|p| p.player).collect();
        if s.playoffs.iter().any(|p| p.decides(class, &group)) {
            return Err(ServiceError::rule_in(
                "this tie has a Stichkampf already",
                "für diesen Gleichstand gibt es schon einen Stichkampf",
            ));
        }
        s.playoffs
            .push(Playoff::new(class, &group, player_id(f.white_first))?);
        Ok(self
            .store
            .update_section_as(
                by,
                section,
                &section_document(&s)?,
                f.version,
                "stichkampf set up",
            )
            .await?)
    }

    /// Records the result of the next game of Stichkampf `f.playoff`.
    pub async fn record_playoff_result(
        &self,
        by: Option<i64>,
        section: i64,
        f: &PlayoffResult,
    ) -> Result<i64, ServiceError> {
        let loaded = self.section(section).await?;
        let mut s = loaded.section().clone();
        let result = f.result.trim().parse().map_err(|_| {
            ServiceError::BadRequest(format!(
                "result `{}`: expected 1-0, 1/2-1/2 or 0-1",
                f.result
            ))
        })?;
        let playoff = f
            .playoff
            .checked_sub(1)
            .and_then(|i| s.playoffs.get_mut(i))
            .ok_or(ServiceError::NotFound)?;
        playoff.record(result)?;
        Ok(self
            .store
            .update_section_as(
                by,
                section,
                &section_document(&s)?,
                f.version,
                "stichkampf result",
            )
            .await?)
    }
}
