//! The starting ranks: re-seeding by the section's rule and manual moves before round 1
//! (`event::seeding`), audited, frozen once round 1 is paired.

use event::{RoundError, Section};
use serde::Deserialize;

use crate::Service;
use crate::error::ServiceError;
use crate::rows::{player_id, section_document};

/// A change of the starting ranks; `number` with `player` moves that player, else the section
/// is re-seeded by its rule.
#[derive(Debug, Deserialize)]
pub struct SeedChange {
    /// The section version read (optimistic locking).
    pub version: i64,
    /// The player (id) to move.
    #[serde(default)]
    pub player: Option<i64>,
    /// The starting rank to move the player to.
    #[serde(default)]
    pub number: Option<u32>,
}

impl Service {
    /// Applies `change` to a copy of the section and stores it (audited, one transaction); returns
    /// the new section version. Refused with the reason once round 1 is paired.
    pub async fn seed(
        &self,
        by: Option<i64>,
        id: i64,
        change: &SeedChange,
    ) -> Result<i64, ServiceError> {
        let loaded = self.section(id).await?;
        let mut s: Section = loaded.section().clone();
        let done = match (change.player, change.number) {
            (Some(player), Some(number)) => s.move_to(player_id(player), number),
            (None, None) => s.reseed(),
            _ => {
                return Err(ServiceError::BadRequest(
                    "player and number: send both to move a player, neither to re-seed".into(),
                ));
            }
        };
        done.map_err(|e| match e {
            RoundError::NumbersFixed => ServiceError::rule_at(
                s.seeding.article(),
                e.to_string(),
                "die Startnummern stehen nach der ersten Runde fest",
            ),
            other => ServiceError::from(other),
        })?;
        let data = section_document(&s)?;
        Ok(self
            .store
            .update_section(by, id, &data, change.version)
            .await?)
    }
}
