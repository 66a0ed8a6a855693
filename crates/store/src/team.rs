//! Team events (SJRP Spielordnung §10-§18): the team settings of a section, teams with their
//! squads, captains bound to one team, lineups per round and team matches.
//!
//! The domain values (squad, lineup, board results) are JSON documents of the `web` crate's
//! team layer; the store keeps them with the row's `version` for optimistic locking and writes
//! an audit row with every change. Lineups and match results a captain submits stay
//! unconfirmed until an arbiter confirms them.

use crate::audit::Audit;
use crate::row::{Entity, change_one, count, entity, get, insert_id};
use crate::sections::{bump_revision, insert_section, lock_at_revision};
use crate::{NewSection, Store, StoreError};

/// The team settings of a section (a section is a team section when it has them).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TeamSection {
    /// The key of the section.
    pub section: i64,
    /// JSON document of the settings.
    pub data: String,
    /// Optimistic-locking version of the settings.
    pub version: i64,
}

/// A registered team.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TeamRow {
    /// The team's key.
    pub id: i64,
    /// The key of its section.
    pub section: i64,
    /// Team number in the section, from 1 in order of registration.
    pub number: i64,
    /// The team's name.
    pub name: String,
    /// JSON document of the squad.
    pub data: String,
    /// Optimistic-locking version of the squad.
    pub version: i64,
}

/// A team's lineup for one round.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Lineup {
    /// The lineup's key.
    pub id: i64,
    /// The key of the team.
    pub team: i64,
    /// The round number.
    pub round: i64,
    /// JSON document of the lineup.
    pub data: String,
    /// Whether an arbiter confirmed it.
    pub confirmed: bool,
    /// Optimistic-locking version, raised by every change.
    pub version: i64,
}

/// A team match of a round, or a team bye (`away` is `None`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TeamMatch {
    /// The match's key.
    pub id: i64,
    /// The key of its section.
    pub section: i64,
    /// The round number.
    pub round: i64,
    /// Match number in the round, from 1.
    pub number: i64,
    /// The key of the home team.
    pub home: i64,
    /// The key of the away team; `None` for the team bye.
    pub away: Option<i64>,
    /// JSON document of the board results.
    pub data: String,
    /// Whether an arbiter confirmed the result.
    pub confirmed: bool,
    /// Optimistic-locking version, raised by every result entry.
    pub version: i64,
    /// Whether the round is published; a paired round is a preview for the arbiters until then.
    pub published: bool,
}

entity! {
    TeamSection = "team section" from "team_sections", key "section_id", columns "" {
        section: "section_id",
        data: "data",
        version: "version",
    }
}

entity! {
    TeamRow = "team" from "teams", columns "" {
        id: "id",
        section: "section_id",
        number: "number",
        name: "name",
        data: "data",
        version: "version",
    }
}

entity! {
    Lineup = "lineup" from "team_lineups l", key "l.id", columns "l." {
        id: "id",
        team: "team_id",
        round: "round",
        data: "data",
        confirmed: "confirmed",
        version: "version",
    }
}

entity! {
    TeamMatch = "team match" from "team_matches", columns "" {
        id: "id",
        section: "section_id",
        round: "round",
        number: "number",
        home: "home_id",
        away: "away_id",
        data: "data",
        confirmed: "confirmed",
        version: "version",
        published: "published",
    }
}

impl Store {
    /// Creates a team section of an event with its settings document `data`, in one
    /// transaction with its audit entries; returns the section id.
    /// `section.data` is the section's own document, `data` the team settings.
    pub async fn create_team_section(
        &self,
        by: Option<i64>,
        event: i64,
        section: &NewSection<'_>,
        data: &str,
    ) -> Result<i64, StoreError> {
        self.event(event).await?;
        let mut tx = self.write().await?;
        let section = insert_section(&mut tx, by, event, section).await?;
        sqlx::query("INSERT INTO team_sections (section_id, data) VALUES ($1, $2)")
            .bind(section)
            .bind(data)
            .execute(&mut *tx)
            .await?;
        Audit::new(by, "section", section, "team settings")
            .commit(tx, None, Some(data))
            .await?;
        Ok(section)
    }

    /// The team settings of a section; `None` for an individual section.
    pub async fn team_section(&self, section: i64) -> Result<Option<TeamSection>, StoreError> {
        self.find(section).await
    }

    /// Registers a team with the next free team number; returns its id.
    pub async fn add_team(
        &self,
        by: Option<i64>,
        section: i64,
        name: &str,
        data: &str,
    ) -> Result<i64, StoreError> {
        self.section(section).await?;
        let mut tx = self.write().await?;
        bump_revision(&mut tx, section).await?;
        let number = count(
            &mut tx,
            sqlx::query(
                "SELECT COALESCE(MAX(number), 0) + 1 AS n FROM teams WHERE section_id = $1",
            )
            .bind(section),
        )
        .await?;
        let id = insert_id(
            &mut tx,
            sqlx::query(
                "INSERT INTO teams (section_id, number, name, data) VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(section)
            .bind(number)
            .bind(name)
            .bind(data),
        )
        .await?;
        Audit::new(by, "team", id, "register")
            .commit(tx, None, Some(data))
            .await?;
        Ok(id)
    }

    /// Replaces the squad document of a team the caller read at `version` (a stale version is
    /// [`StoreError::Conflict`]), with `action` in the audit; a team pairing computed meanwhile
    /// is not stored. Returns the new version.
    pub async fn update_team(
        &self,
        by: Option<i64>,
        id: i64,
        data: &str,
        version: i64,
        action: &str,
    ) -> Result<i64, StoreError> {
        let old = self.team(id).await?;
        if old.version != version {
            return Err(StoreError::Conflict { entity: "team", id });
        }
        let mut tx = self.write().await?;
        let update = sqlx::query(
            "UPDATE teams SET data = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(data)
        .bind(id)
        .bind(version);
        change_one(&mut tx, update, "team", id).await?;
        bump_revision(&mut tx, old.section).await?;
        Audit::new(by, "team", id, action)
            .commit(tx, Some(&old.data), Some(data))
            .await?;
        Ok(version + 1)
    }

    /// The teams of a section by team number.
    pub async fn teams(&self, section: i64) -> Result<Vec<TeamRow>, StoreError> {
        self.list("WHERE section_id = $1 ORDER BY number", &[section])
            .await
    }

    /// One team.
    pub async fn team(&self, id: i64) -> Result<TeamRow, StoreError> {
        self.by_id(id).await
    }

    /// Binds a captain account to its team (one team per captain).
    pub async fn set_captain(
        &self,
        by: Option<i64>,
        user: i64,
        team: i64,
    ) -> Result<(), StoreError> {
        self.team(team).await?;
        let mut tx = self.write().await?;
        sqlx::query("DELETE FROM captains WHERE user_id = $1")
            .bind(user)
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO captains (user_id, team_id) VALUES ($1, $2)")
            .bind(user)
            .bind(team)
            .execute(&mut *tx)
            .await?;
        Audit::new(by, "user", user, "captain")
            .commit(tx, None, Some(&format!("team {team}")))
            .await
    }

    /// The team a captain account is bound to.
    pub async fn captain_team(&self, user: i64) -> Result<Option<i64>, StoreError> {
        self.row("SELECT team_id FROM captains WHERE user_id = $1", user)
            .await?
            .map(|r| get(&r, "team_id"))
            .transpose()
    }

    /// Every captain binding as (user id, team id).
    pub async fn captains(&self) -> Result<Vec<(i64, i64)>, StoreError> {
        sqlx::query("SELECT user_id, team_id FROM captains ORDER BY user_id")
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| Ok((get(r, "user_id")?, get(r, "team_id")?)))
            .collect()
    }

    /// Enters or replaces a team's lineup for a round; `confirmed` when an arbiter enters it.
    /// A confirmed lineup is changed only by an arbiter (`confirmed` again): a captain's
    /// submission then is [`StoreError::Conflict`].
    pub async fn submit_lineup(
        &self,
        by: Option<i64>,
        team: i64,
        round: i64,
        data: &str,
        confirmed: bool,
    ) -> Result<i64, StoreError> {
        let section = self.team(team).await?.section;
        let mut tx = self.write().await?;
        bump_revision(&mut tx, section).await?;
        let old = sqlx::query(&Lineup::select("WHERE l.team_id = $1 AND l.round = $2"))
            .bind(team)
            .bind(round)
            .fetch_optional(&mut *tx)
            .await?
            .map(|r| Lineup::from_row(&r))
            .transpose()?;
        let stored = i64::from(confirmed);
        let id = match &old {
            Some(o) if o.confirmed && !confirmed => {
                return Err(StoreError::Conflict {
                    entity: "lineup",
                    id: o.id,
                });
            }
            Some(o) => {
                sqlx::query(
                    "UPDATE team_lineups SET data = $1, confirmed = $2, version = version + 1 WHERE id = $3",
                )
                .bind(data)
                .bind(stored)
                .bind(o.id)
                .execute(&mut *tx)
                .await?;
                o.id
            }
            None => {
                insert_id(
                    &mut tx,
                    sqlx::query(
                        "INSERT INTO team_lineups (team_id, round, data, confirmed) VALUES ($1, $2, $3, $4) RETURNING id",
                    )
                    .bind(team)
                    .bind(round)
                    .bind(data)
                    .bind(stored),
                )
                .await?
            }
        };
        let action = if confirmed {
            "lineup confirmed"
        } else {
            "lineup submitted"
        };
        let old_data = old.as_ref().map(|o| o.data.as_str());
        Audit::new(by, "lineup", id, action)
            .commit(tx, old_data, Some(data))
            .await?;
        Ok(id)
    }

    /// Confirms a submitted lineup as it stands.
    pub async fn confirm_lineup(&self, by: Option<i64>, lineup: i64) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        let update = sqlx::query(
            "UPDATE team_lineups SET confirmed = 1, version = version + 1 WHERE id = $1 AND confirmed = 0",
        )
        .bind(lineup);
        change_one(&mut tx, update, "lineup", lineup).await?;
        Audit::new(by, "lineup", lineup, "confirm")
            .commit(tx, Some("submitted"), Some("confirmed"))
            .await
    }

    /// One lineup.
    pub async fn lineup(&self, id: i64) -> Result<Lineup, StoreError> {
        self.by_id(id).await
    }

    /// All lineups of a section's teams, by round and team number.
    pub async fn lineups(&self, section: i64) -> Result<Vec<Lineup>, StoreError> {
        self.list(
            "JOIN teams t ON t.id = l.team_id WHERE t.section_id = $1 ORDER BY l.round, t.number",
            &[section],
        )
        .await
    }

    /// Stores the pairing of team round `round`: matches (home, away) in order, `None` as away
    /// for the team bye; `data` is the initial result document of every match. Fails with
    /// [`StoreError::Duplicate`] when the round is paired already, and with
    /// [`StoreError::Conflict`] when the section changed since `revision`, the revision the
    /// pairing was computed at (`None`: regardless), e.g. a team registered meanwhile.
    pub async fn create_team_round(
        &self,
        by: Option<i64>,
        section: i64,
        revision: Option<i64>,
        round: i64,
        matches: &[(i64, Option<i64>)],
        data: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        lock_at_revision(&mut tx, section, revision).await?;
        let taken = count(
            &mut tx,
            sqlx::query(
                "SELECT COUNT(*) AS n FROM team_matches WHERE section_id = $1 AND round = $2",
            )
            .bind(section)
            .bind(round),
        )
        .await?;
        if taken > 0 {
            return Err(StoreError::Duplicate(format!("team round {round}")));
        }
        for (&(home, away), number) in matches.iter().zip(1i64..) {
            sqlx::query(
                "INSERT INTO team_matches (section_id, round, number, home_id, away_id, data, published) VALUES ($1, $2, $3, $4, $5, $6, 0)",
            )
            .bind(section)
            .bind(round)
            .bind(number)
            .bind(home)
            .bind(away)
            .bind(data)
            .execute(&mut *tx)
            .await?;
        }
        let paired = format!("round {round}: {} matches", matches.len());
        Audit::new(by, "section", section, "pair team round")
            .commit(tx, None, Some(&paired))
            .await
    }

    /// Publishes the paired team round `round` of a section (every match of it), with its audit
    /// entry. [`StoreError::NotFound`] when the round is not paired or already published.
    pub async fn publish_team_round(
        &self,
        by: Option<i64>,
        section: i64,
        round: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        let done = sqlx::query(
            "UPDATE team_matches SET published = 1 WHERE section_id = $1 AND round = $2 AND published = 0",
        )
        .bind(section)
        .bind(round)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if done == 0 {
            return Err(StoreError::NotFound {
                entity: "unpublished team round",
                id: round,
            });
        }
        bump_revision(&mut tx, section).await?;
        Audit::new(by, "section", section, "publish team round")
            .commit(
                tx,
                Some("preview"),
                Some(&format!("round {round} published")),
            )
            .await
    }

    /// The team matches of a section by round and match number.
    pub async fn team_matches(&self, section: i64) -> Result<Vec<TeamMatch>, StoreError> {
        self.list("WHERE section_id = $1 ORDER BY round, number", &[section])
            .await
    }

    /// One team match.
    pub async fn team_match(&self, id: i64) -> Result<TeamMatch, StoreError> {
        self.by_id(id).await
    }

    /// Enters the board results of a match the caller read at `version`; `confirmed` when an
    /// arbiter enters them. A captain cannot change a confirmed result (conflict), and a stale
    /// version is [`StoreError::Conflict`]. Returns the new version.
    pub async fn set_match_result(
        &self,
        by: Option<i64>,
        id: i64,
        data: &str,
        confirmed: bool,
        version: i64,
    ) -> Result<i64, StoreError> {
        let old = self.team_match(id).await?;
        if old.version != version || (old.confirmed && !confirmed) {
            return Err(StoreError::Conflict {
                entity: "team match",
                id,
            });
        }
        let mut tx = self.write().await?;
        let update = sqlx::query(
            "UPDATE team_matches SET data = $1, confirmed = $2, version = version + 1
             WHERE id = $3 AND version = $4",
        )
        .bind(data)
        .bind(i64::from(confirmed))
        .bind(id)
        .bind(version);
        change_one(&mut tx, update, "team match", id).await?;
        let action = if confirmed {
            "result confirmed"
        } else {
            "result submitted"
        };
        Audit::new(by, "team match", id, action)
            .write(&mut tx, Some(&old.data), Some(data))
            .await?;
        // A team pairing computed meanwhile sees the section changed and is not stored.
        bump_revision(&mut tx, old.section).await?;
        tx.commit().await?;
        Ok(version + 1)
    }
}

#[cfg(test)]
mod tests {
    use crate::testing;
    use crate::{NewSection, Role, Store, StoreError};

    async fn lifecycle(store: &Store) {
        let admin = store
            .create_user(None, "admin", "h", Role::Admin)
            .await
            .unwrap();
        let captain = store
            .create_user(None, "cap", "h", Role::Captain)
            .await
            .unwrap();
        assert_eq!(store.users().await.unwrap()[1].role, Role::Captain);
        let event = store
            .create_event(Some(admin), "Teams", "Mainz", "2026-05-01", "{}")
            .await
            .unwrap();
        let single = store
            .create_section(
                Some(admin),
                event,
                &NewSection {
                    name: "Open",
                    rounds: 3,
                    tiebreaks: "",
                    data: "{}",
                },
            )
            .await
            .unwrap();
        assert_eq!(store.team_section(single).await.unwrap(), None);
        let section = store
            .create_team_section(
                Some(admin),
                event,
                &NewSection {
                    name: "4er",
                    rounds: 3,
                    tiebreaks: "MP,BP",
                    data: "",
                },
                "{\"boards\":4}",
            )
            .await
            .unwrap();
        assert_eq!(
            store.team_section(section).await.unwrap().unwrap().data,
            "{\"boards\":4}"
        );
        let a = store
            .add_team(Some(admin), section, "A", "a")
            .await
            .unwrap();
        let b = store
            .add_team(Some(admin), section, "B", "b")
            .await
            .unwrap();
        let numbers: Vec<i64> = store
            .teams(section)
            .await
            .unwrap()
            .iter()
            .map(|t| t.number)
            .collect();
        assert_eq!(numbers, [1, 2]);
        store.set_captain(Some(admin), captain, a).await.unwrap();
        assert_eq!(store.captain_team(captain).await.unwrap(), Some(a));
        assert_eq!(store.captain_team(admin).await.unwrap(), None);

        let l = store
            .submit_lineup(Some(captain), a, 1, "[1,2]", false)
            .await
            .unwrap();
        store.confirm_lineup(Some(admin), l).await.unwrap();
        assert!(matches!(
            store.confirm_lineup(Some(admin), l).await,
            Err(StoreError::Conflict { .. })
        ));
        assert!(matches!(
            store
                .submit_lineup(Some(captain), a, 1, "[2,1]", false)
                .await,
            Err(StoreError::Conflict { .. })
        ));
        assert!(store.lineup(l).await.unwrap().confirmed);
        let lineups = store.lineups(section).await.unwrap();
        assert_eq!(lineups.len(), 1);
        assert!(lineups[0].confirmed);
        assert_eq!(lineups[0].data, "[1,2]");

        store
            .create_team_round(Some(admin), section, None, 1, &[(a, Some(b))], "{}")
            .await
            .unwrap();
        assert!(matches!(
            store
                .create_team_round(Some(admin), section, None, 1, &[(b, None)], "{}")
                .await,
            Err(StoreError::Duplicate(_))
        ));
        let m = store.team_matches(section).await.unwrap().remove(0);
        assert_eq!((m.home, m.away, m.confirmed), (a, Some(b), false));
        let before = store.section_revision(section).await.unwrap();
        let v = store
            .set_match_result(Some(captain), m.id, "x", false, m.version)
            .await
            .unwrap();
        // A match result changes the section: a team pairing computed meanwhile is refused.
        assert!(store.section_revision(section).await.unwrap() > before);
        assert!(matches!(
            store
                .set_match_result(Some(captain), m.id, "y", false, m.version)
                .await,
            Err(StoreError::Conflict { .. })
        ));
        let v = store
            .set_match_result(Some(admin), m.id, "z", true, v)
            .await
            .unwrap();
        assert!(matches!(
            store
                .set_match_result(Some(captain), m.id, "w", false, v)
                .await,
            Err(StoreError::Conflict { .. })
        ));
        let m = store.team_match(m.id).await.unwrap();
        assert_eq!((m.data.as_str(), m.confirmed), ("z", true));
        let audit = store
            .audit_log(Some(("team match", m.id)), 10)
            .await
            .unwrap();
        assert_eq!(audit.len(), 2);
    }

    #[tokio::test]
    async fn team_rows_on_sqlite() {
        lifecycle(&testing::sqlite_store("team").await.unwrap()).await;
    }

    #[tokio::test]
    async fn team_rows_on_postgres() {
        if let Some(store) = testing::postgres_store("team").await.unwrap() {
            lifecycle(&store).await;
        }
    }
}
