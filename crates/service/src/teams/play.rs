//! A team round as it is played: lineups entered by captains or arbiters, confirmed by an
//! arbiter, and the match results board by board (SJRP §10.8-§10.10).

use event::person::PlayerId;
use event::team::lineup::Lineup;
use laws::Article;

use super::{BoardResult, MatchDoc, to_json};
use crate::{Service, ServiceError};

/// The lineup is fixed once the round has results.
pub const LINEUP_FIXED: Article = Article::new("SJRP §10.9");

impl Service {
    /// Enters a team's lineup for a round: player ids board by board, `None` an empty board;
    /// `confirmed` when an arbiter enters it, else it waits for an arbiter. A confirmed result
    /// of the team's match fixes the lineup (§10.9); a submitted, unconfirmed one only for the
    /// captains. Violations do not
    /// refuse the lineup: they are shown to the arbiter with their paragraph before the round
    /// ([`crate::teams::messages::lineup_violations`]), and scored by §10.9 and §10.10.
    /// Returns the lineup id.
    pub async fn enter_lineup(
        &self,
        by: Option<i64>,
        confirmed: bool,
        team: i64,
        round: i64,
        players: &[Option<u32>],
    ) -> Result<i64, ServiceError> {
        let row = self.store.team(team).await?;
        let ts = self.team_section(row.section).await?;
        if round < 1 || round > ts.section.rounds {
            return Err(ServiceError::BadRequest(format!("no round {round}")));
        }
        if let Some(w) = ts
            .team(team)
            .and_then(|(_, s)| s.withdrawn.as_ref())
            .filter(|w| !w.plays(u32::try_from(round).unwrap_or(u32::MAX)))
        {
            return Err(ServiceError::rule_at(
                w.cause.article(),
                format!("the team is {} after round {}", w.cause, w.after_round),
                format!(
                    "die Mannschaft ist nach Runde {} {}",
                    w.after_round,
                    w.cause.german()
                ),
            ));
        }
        let boards = ts.settings.profile()?.boards.0;
        if players.len() != boards {
            return Err(ServiceError::BadRequest(format!(
                "{} boards given, the team has {boards}",
                players.len()
            )));
        }
        // A confirmed result fixes the lineup for everyone; a result a captain submitted fixes
        // it for the captains, while the arbiter still enters a missing lineup (issue 21).
        let results_in = ts.matches.iter().any(|(m, doc)| {
            m.round == round
                && (m.home == team || m.away == Some(team))
                && (m.confirmed
                    || (!confirmed && doc.boards.iter().any(|b| *b != BoardResult::Pending)))
        });
        if results_in {
            return Err(ServiceError::rule_at(
                LINEUP_FIXED,
                format!("round {round} has results: the lineup is fixed"),
                format!("Runde {round} hat Ergebnisse: die Aufstellung steht fest"),
            ));
        }
        let lineup = Lineup(players.iter().map(|p| p.map(PlayerId)).collect());
        Ok(self
            .store
            .submit_lineup(by, team, round, &to_json(&lineup)?, confirmed)
            .await?)
    }

    /// An arbiter confirms a lineup; returns its section and round.
    pub async fn confirm_lineup(
        &self,
        by: Option<i64>,
        id: i64,
    ) -> Result<(i64, i64), ServiceError> {
        self.store.confirm_lineup(by, id).await?;
        let lineup = self.store.lineup(id).await?;
        let team = self.store.team(lineup.team).await?;
        Ok((team.section, lineup.round))
    }

    /// Enters the result of a match the caller read at `version` (`confirmed` when an arbiter
    /// enters it); returns the new version.
    pub async fn enter_match_result(
        &self,
        by: Option<i64>,
        confirmed: bool,
        id: i64,
        doc: &MatchDoc,
        version: i64,
    ) -> Result<i64, ServiceError> {
        let m = self.store.team_match(id).await?;
        let ts = self.team_section(m.section).await?;
        let tandem = super::tandem::match_doc(&ts.settings, doc)?;
        let doc = tandem.as_ref().unwrap_or(doc);
        let boards = ts.settings.profile()?.boards.0;
        if m.away.is_none() {
            return Err(ServiceError::rule_in(
                "a team bye has no result to enter",
                "ein spielfreies Team hat kein Ergebnis",
            ));
        }
        if doc.forfeit.is_none() && doc.boards.len() != boards {
            return Err(ServiceError::BadRequest(format!(
                "{} board results given, the match has {boards} boards",
                doc.boards.len()
            )));
        }
        Ok(self
            .store
            .set_match_result(by, id, &to_json(doc)?, confirmed, version)
            .await?)
    }
}
