//! Check-in before round 1 ([`event::checkin`]): an arbiter or the tablet at the entrance
//! checks players in; the change is stored on the player's entry with its audit entry.

use event::checkin::CheckInError;

use crate::Service;
use crate::error::ServiceError;
use crate::loaded::load;
use crate::rows::{json, player_id};

impl From<CheckInError> for ServiceError {
    fn from(e: CheckInError) -> ServiceError {
        match e {
            CheckInError::UnknownPlayer(_) => ServiceError::NotFound,
            refused => ServiceError::Rule {
                article: Some(refused.article()),
                english: refused.to_string(),
                german: Some(refused.german()),
            },
        }
    }
}

impl Service {
    /// Checks `player` of `section` in (`present`) or takes the check-in back. Returns
    /// (players checked in, players entered).
    pub async fn check_in(
        &self,
        by: Option<i64>,
        section: i64,
        player: i64,
        present: bool,
    ) -> Result<(usize, usize), ServiceError> {
        let row = self.store.player(player).await?;
        if row.section != section {
            return Err(ServiceError::NotFound);
        }
        let loaded = load(&self.store, section).await?;
        let mut s = loaded.section().clone();
        s.set_checked_in(player_id(player), present)?;
        let entry = s.entry(player_id(player)).ok_or(ServiceError::NotFound)?;
        let what = if present {
            "checked in"
        } else {
            "check-in taken back"
        };
        self.store
            .update_player_data(by, player, &json(entry)?, row.version, what)
            .await?;
        Ok(s.checked_in_count())
    }
}
