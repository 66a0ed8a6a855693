//! Deleting an event or a section (#14 item 7): confirmed by typing its name, refused once a
//! round is published unless an admin forces it, stored with its audit entry in one
//! transaction (`store::Store::delete_section`, `delete_event`).

use crate::Service;
use crate::error::ServiceError;

/// How a deletion is confirmed.
#[derive(Debug, Clone, Default, serde::Deserialize)]
pub struct Confirm {
    /// The name of the event or section, typed again.
    #[serde(default)]
    pub confirm: String,
    /// Delete although rounds are published (admins only).
    #[serde(default)]
    pub force: bool,
}

/// The typed name must be the name (spaces around it ignored).
fn confirmed(name: &str, c: &Confirm, what_en: &str, what_de: &str) -> Result<(), ServiceError> {
    if c.confirm.trim() == name.trim() {
        return Ok(());
    }
    Err(ServiceError::rule_in(
        format!("confirm: type the {what_en}'s name `{name}` to delete it"),
        format!("Bestätigung: zum Löschen den Namen {what_de} `{name}` eingeben"),
    ))
}

impl Service {
    /// Whether section `id` has a published round.
    async fn has_published(&self, id: i64) -> Result<bool, ServiceError> {
        Ok(self.store().rounds(id).await?.iter().any(|r| r.published))
    }

    /// A published round refuses the deletion unless an admin forces it.
    fn published_refusal(name: &str, c: &Confirm, admin: bool) -> Result<(), ServiceError> {
        if c.force && admin {
            return Ok(());
        }
        Err(ServiceError::rule_in(
            format!(
                "`{name}` has published rounds: only an admin can delete it, ticking \"delete despite published rounds\""
            ),
            format!(
                "`{name}` hat veröffentlichte Runden: löschen kann nur ein Administrator mit „trotz veröffentlichter Runden löschen“"
            ),
        ))
    }

    /// Deletes section `id` with its players, rounds, games and teams; `admin` says whether
    /// the caller is an admin (who alone may force the deletion of published rounds).
    pub async fn delete_section(
        &self,
        by: Option<i64>,
        id: i64,
        c: &Confirm,
        admin: bool,
    ) -> Result<(), ServiceError> {
        let section = self.store().section(id).await?;
        confirmed(&section.name, c, "section", "der Gruppe")?;
        if self.has_published(id).await? {
            Self::published_refusal(&section.name, c, admin)?;
        }
        self.store().delete_section(by, id).await?;
        Ok(())
    }

    /// Deletes event `id` with all its sections ([`Service::delete_section`]'s rules for
    /// each).
    pub async fn delete_event(
        &self,
        by: Option<i64>,
        id: i64,
        c: &Confirm,
        admin: bool,
    ) -> Result<(), ServiceError> {
        let event = self.store().event(id).await?;
        confirmed(&event.name, c, "event", "des Turniers")?;
        for s in self.store().sections(id).await? {
            if self.has_published(s.id).await? {
                Self::published_refusal(&event.name, c, admin)?;
            }
        }
        self.store().delete_event(by, id).await?;
        Ok(())
    }
}
