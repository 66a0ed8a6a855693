//! A team leaving the competition ([`event::team::withdrawal`]): recorded on its squad, its
//! matches after its last round lost by forfeit, and left out of the team Swiss (see
//! [`super::pairing`]).

use event::team::withdrawal::{Departure, Withdrawal, WithdrawalError};
use serde::Deserialize;

use super::{Absent, MatchDoc, TeamSection, to_json};
use crate::{Service, ServiceError};

/// The director's withdrawal of a team, as a form sends it.
#[derive(Debug, Clone, Deserialize)]
pub struct TeamWithdrawalForm {
    /// The last round the team is paired in (0 to the rounds paired).
    pub after_round: String,
    /// Why (one line).
    pub reason: String,
    /// The squad's version as read.
    pub version: i64,
}

/// A refused withdrawal as the service reports it.
pub(crate) fn refused(e: WithdrawalError) -> ServiceError {
    match e {
        WithdrawalError::Reason
        | WithdrawalError::Played { .. }
        | WithdrawalError::NotPaired { .. } => ServiceError::BadRequest(e.to_string()),
        WithdrawalError::Already(d) => ServiceError::rule_at(
            d.article(),
            e.to_string(),
            format!("die Mannschaft ist schon {}", d.german()),
        ),
    }
}

impl Service {
    /// Withdraws team `team` after round `after_round`: it is not paired after that round,
    /// and its matches already paired for later rounds are entered as lost by forfeit.
    pub async fn withdraw_team(
        &self,
        by: Option<i64>,
        team: i64,
        f: &TeamWithdrawalForm,
    ) -> Result<(), ServiceError> {
        let row = self.store.team(team).await?;
        let ts = self.team_section(row.section).await?;
        let after_round = f.after_round.trim().parse::<u32>().map_err(|_| {
            ServiceError::BadRequest(format!(
                "after_round: expected a round number, found `{}`",
                f.after_round.trim()
            ))
        })?;
        let withdrawal =
            Withdrawal::new(after_round, Departure::Withdrawn, &f.reason).map_err(refused)?;
        self.depart(by, &ts, team, withdrawal, f.version).await
    }

    /// Records a team's departure on its squad (read at `version`) and enters its matches
    /// after the departure as forfeits.
    pub(crate) async fn depart(
        &self,
        by: Option<i64>,
        ts: &TeamSection,
        team: i64,
        withdrawal: Withdrawal,
        version: i64,
    ) -> Result<(), ServiceError> {
        let (_, squad) = ts.team(team).ok_or(ServiceError::NotFound)?;
        let mut squad = squad.clone();
        let paired = u32::try_from(ts.rounds_paired()).unwrap_or(0);
        // The last round in which the team has a confirmed result (a bye is no result).
        let played = ts
            .matches
            .iter()
            .filter(|(m, _)| m.confirmed && m.away.is_some())
            .filter(|(m, _)| m.home == team || m.away == Some(team))
            .map(|(m, _)| u32::try_from(m.round).unwrap_or(0))
            .max()
            .unwrap_or(0);
        let action = format!("team {}", withdrawal.cause);
        squad
            .withdraw(withdrawal, played, paired)
            .map_err(refused)?;
        self.store
            .update_team(by, team, &to_json(&squad)?, version, &action)
            .await?;
        let ts = self.team_section(ts.section.id).await?;
        self.forfeit_departed(by, &ts).await
    }

    /// Enters every unconfirmed match of a departed team after its last round as lost by
    /// forfeit by that team (Art. 6.7.1). A match of two departed teams is left to the
    /// director: one forfeit side cannot say that both stayed away.
    pub(crate) async fn forfeit_departed(
        &self,
        by: Option<i64>,
        ts: &TeamSection,
    ) -> Result<(), ServiceError> {
        let gone = |id: i64, round: i64| {
            ts.team(id)
                .is_some_and(|(_, s)| !s.plays(u32::try_from(round).unwrap_or(u32::MAX)))
        };
        for (m, doc) in &ts.matches {
            let Some(away) = m.away else { continue };
            if m.confirmed {
                continue;
            }
            let side = match (gone(m.home, m.round), gone(away, m.round)) {
                (true, false) => Absent::Home,
                (false, true) => Absent::Away,
                _ => continue,
            };
            let forfeit = MatchDoc {
                boards: doc.boards.clone(),
                forfeit: Some(side),
            };
            self.enter_match_result(by, true, m.id, &forfeit, m.version)
                .await?;
        }
        Ok(())
    }
}
