//! Rounds: pair the next round, publish it, unpair it.

use store::{NewRound, StoreError};

use crate::Service;
use crate::error::ServiceError;
use crate::loaded::load;
use crate::rows::{json, moment, new_games, section_document};

/// How often a pairing is computed afresh when the section changed while it was computed.
const PAIRING_ATTEMPTS: usize = 5;

impl Service {
    /// Pairs the next round of a section and stores it as a preview. Returns its number. The
    /// round is stored only if the section is unchanged since it was read (compare-and-set on its
    /// revision): a registration or result committed meanwhile makes the pairing start again,
    /// up to [`PAIRING_ATTEMPTS`] times, then [`ServiceError::Conflict`].
    pub async fn pair_next(&self, by: Option<i64>, section: i64) -> Result<i64, ServiceError> {
        for _ in 0..PAIRING_ATTEMPTS {
            match self.pair_at_revision(by, section).await {
                Err(ServiceError::Conflict(_)) => continue,
                done => return done,
            }
        }
        Err(ServiceError::Conflict(format!(
            "section {section} kept changing while its next round was paired; try again"
        )))
    }

    /// One attempt of [`pair_next`]: [`ServiceError::Conflict`] when the section changed meanwhile.
    async fn pair_at_revision(&self, by: Option<i64>, section: i64) -> Result<i64, ServiceError> {
        let revision = self.store.section_revision(section).await?;
        let loaded = load(&self.store, section).await?;
        let s = loaded.section();
        let next = u32::try_from(s.played.len() + 1).unwrap_or(u32::MAX);
        if let Some(last) = s
            .played
            .last()
            .filter(|l| !l.is_published() || !l.is_complete())
        {
            return Err(ServiceError::rule(format!(
                "round {} must be published and complete before round {next} is paired",
                last.number
            )));
        }
        let draft = s
            .pair_round(next)
            .map_err(|e| ServiceError::rule(format!("{e} ({})", e.article())))?;
        let mut after = s.clone();
        after
            .add_round(draft.clone())
            .map_err(|e| ServiceError::rule(e.to_string()))?;
        let settings = if after.fixed_order == s.fixed_order {
            None
        } else {
            Some(section_document(&after)?)
        };
        let games = new_games(&draft, &|p| p);
        let note = format!(", {:?}", s.system);
        let round = NewRound {
            number: i64::from(next),
            games: &games,
            note: &note,
            revision: Some(revision),
            settings: settings.as_deref(),
        };
        match self.store.create_round(by, section, &round).await {
            Ok(_) => Ok(i64::from(next)),
            Err(StoreError::Duplicate(_)) => Err(ServiceError::Conflict(format!(
                "round {next} was paired meanwhile"
            ))),
            Err(e) => Err(e.into()),
        }
    }

    /// Publishes a previewed round now; returns the warnings of the publication (SJRP §6.2).
    pub async fn publish(
        &self,
        by: Option<i64>,
        section: i64,
        number: i64,
    ) -> Result<Vec<String>, ServiceError> {
        let loaded = load(&self.store, section).await?;
        let (row, _) = loaded.round(number).ok_or(ServiceError::NotFound)?;
        let at = moment(store::unix_now());
        let mut s = loaded.section().clone();
        let warnings = s
            .publish(u32::try_from(number).unwrap_or(0), at)
            .map_err(|e| ServiceError::rule(e.to_string()))?;
        self.store.publish_round(by, row.id, &json(&at)?).await?;
        Ok(warnings
            .iter()
            .map(|w| format!("{:?} ({})", w.kind, w.article))
            .collect())
    }
}

impl Service {
    /// Takes the last round back (its boards and byes are deleted); only before any result of
    /// it is entered.
    pub async fn unpair(
        &self,
        by: Option<i64>,
        section: i64,
        number: i64,
    ) -> Result<(), ServiceError> {
        let loaded = load(&self.store, section).await?;
        let (round, _) = loaded.round(number).ok_or(ServiceError::NotFound)?;
        self.store
            .unpair_round(by, round.id)
            .await
            .map_err(|e| match e {
                StoreError::Conflict { .. } => ServiceError::rule(
                    "only the last round can be unpaired, and only before results are entered",
                ),
                e => e.into(),
            })
    }
}
