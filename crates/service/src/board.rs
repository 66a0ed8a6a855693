//! The sanctions of the federation's board (SJRP §20.2) and the protest against them (§20.4),
//! kept across events in the board register ([`event::board::Register`]); a ban refuses the
//! registration of the banned player, of a member of a banned club and of a banned team for
//! the event's days (an arbiter may admit over it with a reason — a namesake).

use event::admission::EntryIssue;
use event::board::{BoardError, Measure, Register, Subject};
use event::date::{Date, DateTime};
use serde::Deserialize;

use crate::proceedings::{AppealForm, DecisionForm};
use crate::rows::json;
use crate::{Service, ServiceError};

impl From<BoardError> for ServiceError {
    fn from(e: BoardError) -> ServiceError {
        ServiceError::rule_in(e.to_string(), e.german())
    }
}

/// A board sanction as the form sends it.
#[derive(Debug, Deserialize)]
pub struct BoardForm {
    /// The register's version read.
    pub version: i64,
    /// `player`, `team`, `betreuer` or `club`.
    pub kind: String,
    /// `Last, First` of a person, or the name of the team or club.
    pub name: String,
    /// A player's year of birth, empty if unknown.
    #[serde(default)]
    pub birth_year: String,
    /// `warning`, `written_warning`, `ban` or `fine`.
    pub measure: String,
    /// First day of a ban (`YYYY-MM-DD`).
    #[serde(default)]
    pub from: String,
    /// Last day of a ban.
    #[serde(default)]
    pub until: String,
    /// Euros of a fine.
    #[serde(default)]
    pub euros: String,
    /// Why.
    pub reason: String,
    /// The day of the board's decision.
    pub decided: String,
}

fn day(field: &str, text: &str) -> Result<Date, ServiceError> {
    text.trim().parse().map_err(|_| {
        ServiceError::BadRequest(format!(
            "{field}: expected a date YYYY-MM-DD, found `{}`",
            text.trim()
        ))
    })
}

fn subject(f: &BoardForm) -> Result<Subject, ServiceError> {
    let name = f.name.trim().to_owned();
    Ok(match f.kind.as_str() {
        "player" => Subject::Player {
            name,
            birth_year: match f.birth_year.trim() {
                "" => None,
                y => Some(
                    y.parse::<u16>()
                        .ok()
                        .filter(|y| (1900..=2100).contains(y))
                        .ok_or_else(|| {
                            ServiceError::BadRequest(format!(
                                "birth_year: expected a year, found `{y}`"
                            ))
                        })?,
                ),
            },
        },
        "team" => Subject::Team { name },
        "betreuer" => Subject::Betreuer { name },
        "club" => Subject::Club { name },
        other => {
            return Err(ServiceError::BadRequest(format!(
                "kind: expected player, team, betreuer or club, found `{other}`"
            )));
        }
    })
}

fn measure(f: &BoardForm) -> Result<Measure, ServiceError> {
    Ok(match f.measure.as_str() {
        "warning" => Measure::Warning { written: false },
        "written_warning" => Measure::Warning { written: true },
        "ban" => Measure::Ban {
            from: day("from", &f.from)?,
            until: day("until", &f.until)?,
        },
        "fine" => Measure::Fine {
            cents: f
                .euros
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|e| (1..=100).contains(e))
                .map(|e| e * 100)
                .ok_or_else(|| {
                    ServiceError::BadRequest(format!(
                        "euros: expected 1 to 100, found `{}`",
                        f.euros.trim()
                    ))
                })?,
        },
        other => {
            return Err(ServiceError::BadRequest(format!(
                "measure: expected warning, written_warning, ban or fine, found `{other}`"
            )));
        }
    })
}

impl Service {
    /// The board register and its version.
    pub async fn board_register(&self) -> Result<(Register, i64), ServiceError> {
        let (data, version) = self.store().board_register().await?;
        if data.is_empty() {
            return Ok((Register::default(), version));
        }
        let register = serde_json::from_str(&data)
            .map_err(|e| ServiceError::Internal(format!("board register: {e}")))?;
        Ok((register, version))
    }

    /// Changes the register read at `version` by `change` and stores it, audited as `action`.
    async fn amend_register(
        &self,
        by: Option<i64>,
        version: i64,
        action: &str,
        change: impl FnOnce(&mut Register, DateTime) -> Result<(), ServiceError>,
    ) -> Result<i64, ServiceError> {
        let (mut register, _) = self.board_register().await?;
        let now = event::date::Zone::default().local(store::unix_now());
        change(&mut register, now)?;
        let data = json(&register)?;
        Ok(self
            .store()
            .update_board_register(by, &data, version, action)
            .await?)
    }

    /// Records a sanction of the board (§20.2); returns the register's new version.
    pub async fn impose_board_sanction(
        &self,
        by: Option<i64>,
        f: &BoardForm,
    ) -> Result<i64, ServiceError> {
        let against = subject(f)?;
        let measure = measure(f)?;
        let decided = day("decided", &f.decided)?;
        self.amend_register(by, f.version, "board sanction imposed", |r, _| {
            r.impose(against, measure, &f.reason, decided)?;
            Ok(())
        })
        .await
    }

    /// Lodges the protest against board sanction `n` with the Schiedsgericht (§20.4).
    pub async fn protest_board_sanction(
        &self,
        by: Option<i64>,
        n: u32,
        f: &AppealForm,
    ) -> Result<i64, ServiceError> {
        let action = format!("board sanction {n} protested");
        self.amend_register(by, f.version, &action, |r, now| {
            Ok(r.protest(n, f.in_writing, f.fee_paid, now)?)
        })
        .await
    }

    /// Records the Schiedsgericht's decision on the protest against board sanction `n`.
    pub async fn decide_board_protest(
        &self,
        by: Option<i64>,
        n: u32,
        f: &DecisionForm,
    ) -> Result<i64, ServiceError> {
        let action = format!("board sanction {n} protest decided");
        self.amend_register(by, f.version, &action, |r, now| {
            Ok(r.decide(n, f.upheld, &f.text, now)?)
        })
        .await
    }

    /// The registration issue of a ban over the days of `ev` for the player of `entry` or
    /// the player's club (§20.2).
    pub(crate) async fn entry_bans(
        &self,
        ev: &event::Event,
        entry: &event::player::Entry,
    ) -> Result<Vec<EntryIssue>, ServiceError> {
        let p = &entry.player;
        let year = p.birth.map(|b| b.year());
        let (register, _) = self.board_register().await?;
        Ok(ban_issues(&register, ev, &p.name(), year, &p.club))
    }
}

/// The registration issue of a ban in `register` over the days of `ev` for `name` (born
/// `birth_year`) of `club`, or a team so named (§20.2).
pub(crate) fn ban_issues(
    register: &Register,
    ev: &event::Event,
    name: &str,
    birth_year: Option<u16>,
    club: &str,
) -> Vec<EntryIssue> {
    register
        .ban_on(name, birth_year, club, ev.start, ev.end)
        .and_then(|s| match s.measure {
            Measure::Ban { until, .. } => Some(EntryIssue::Banned {
                who: s.against.name().to_owned(),
                until,
            }),
            _ => None,
        })
        .into_iter()
        .collect()
}
