//! The championship off the board (SJRP §5.5-§5.8, §20, §21): electing a Turniergericht,
//! protests with the director's decision and the appeal to the tribunal, and sanctions with
//! their effect on the tournament (an expelled player is no longer paired, a game declared
//! lost gets its result). The rules are [`event::tribunal`] and [`event::proceedings`]; this
//! module reads the forms, supplies the moment and the facts (has the next round begun, who is
//! involved), and stores the event's record with its audit entry.

use event::date::DateTime;
use event::proceedings::{CaseError, Entitled, Measure, NewProtest, Party, Procedure};
use event::team::withdrawal::{Departure, Withdrawal, WithdrawalError};
use event::tribunal::{Electorate, Member, Tribunal, TribunalError};
use laws::GameResult;
use laws::game_type::GameType;
use laws::penalties::Penalty;
use laws::points::Score;
use serde::Deserialize;
use store::Recorded;

use crate::rows::{domain_event, json, player_id};
use crate::teams::withdrawal::refused;
use crate::teams::{Absent, MatchDoc, TeamSection};
use crate::{Loaded, Service, ServiceError};

/// Longest time penalty a form takes, in minutes.
pub const MAX_PENALTY_MINUTES: u32 = 180;
/// Most rounds of an exclusion from rounds (Art. 12.9.8).
pub const MAX_EXCLUDED_ROUNDS: u32 = 30;
/// Largest fine, in cents (Art. 12.9.7; SJRP §20.2: fines up to 100 €).
pub const MAX_FINE_CENTS: u64 = 10_000;

impl From<CaseError> for ServiceError {
    fn from(e: CaseError) -> ServiceError {
        ServiceError::rule_in(e.to_string(), e.german())
    }
}

impl From<TribunalError> for ServiceError {
    fn from(e: TribunalError) -> ServiceError {
        ServiceError::rule_in(e.to_string(), e.german())
    }
}

/// The election of a tribunal as the form sends it.
#[derive(Debug, Deserialize)]
pub struct TribunalForm {
    /// The event's version read.
    pub version: i64,
    /// The sections it serves, by name, separated by commas.
    pub sections: String,
    /// Three lines `Last, First, Club[, birth year][, Vorstand]`.
    pub members: String,
    /// Two lines like the members.
    pub substitutes: String,
}

/// A protest as the form sends it.
#[derive(Debug, Deserialize)]
pub struct ProtestForm {
    /// The event's version read.
    pub version: i64,
    /// The section (id).
    pub section: i64,
    /// The round protested.
    pub round: u32,
    /// The board, empty if none.
    #[serde(default)]
    pub board: String,
    /// Who protests.
    pub by: String,
    /// `player`, `parent`, `betreuer` or `captain`.
    pub role: String,
    /// The protester's club.
    #[serde(default)]
    pub club: String,
    /// What it is against.
    pub subject: String,
}

/// A decision (the director's on a protest, the tribunal's on an appeal).
#[derive(Debug, Deserialize)]
pub struct DecisionForm {
    /// The event's version read.
    pub version: i64,
    /// Upheld.
    #[serde(default, deserialize_with = "crate::settings::flag")]
    pub upheld: bool,
    /// The decision and its reasons.
    pub text: String,
}

/// An appeal to the tribunal.
#[derive(Debug, Deserialize)]
pub struct AppealForm {
    /// The event's version read.
    pub version: i64,
    /// Lodged in writing (§21.1.5).
    #[serde(default, deserialize_with = "crate::settings::flag")]
    pub in_writing: bool,
    /// The fee paid (§21.1.6: 10 € at once; §21.2.8: within 5 days; §21.2.13: 50 €).
    #[serde(default, deserialize_with = "crate::settings::flag")]
    pub fee_paid: bool,
    /// The Spielleiter für Mannschaftsturniere directed the tournament: the appeal goes
    /// straight to the Schiedsgericht (§21.3.1).
    #[serde(default, deserialize_with = "crate::settings::flag")]
    pub directed_by_spielleiter: bool,
}

/// A form that only carries the version read (the payment of an appeal fee).
#[derive(Debug, Deserialize)]
pub struct VersionForm {
    /// The event's version read.
    pub version: i64,
}

/// A sanction as the form sends it.
#[derive(Debug, Deserialize)]
pub struct SanctionForm {
    /// The event's version read.
    pub version: i64,
    /// The section (id).
    pub section: i64,
    /// The round in which it is imposed.
    pub round: u32,
    /// A player of the section (its id), or empty with `party` and `name`.
    #[serde(default)]
    pub player: String,
    /// `betreuer`, `team` or `club` when no player is given.
    #[serde(default)]
    pub party: String,
    /// Name of the Betreuer, team or club.
    #[serde(default)]
    pub name: String,
    /// `warning`, `time_opponent`, `time_reduce`, `lost`, `fine`, `rounds`, `expulsion` or
    /// `leave_hall`.
    pub measure: String,
    /// Minutes of a time penalty, rounds of an exclusion, or euros of a fine.
    #[serde(default)]
    pub amount: String,
    /// Why.
    pub reason: String,
}

/// A tribunal member line `Last, First, Club[, birth year][, Vorstand]`.
fn member(line: &str, field: &str) -> Result<Member, ServiceError> {
    let parts: Vec<&str> = line.split(',').map(str::trim).collect();
    let bad = || {
        ServiceError::BadRequest(format!(
            "{field}: `{line}`: expected `Last, First, Club[, birth year][, Vorstand]`"
        ))
    };
    if parts.len() < 3 || parts[0].is_empty() || parts[1].is_empty() || line.len() > 200 {
        return Err(bad());
    }
    let mut m = Member::adult(&format!("{}, {}", parts[0], parts[1]), parts[2]);
    for extra in &parts[3..] {
        match extra.parse::<u16>() {
            Ok(y) if (1900..=2100).contains(&y) => m.birth_year = Some(y),
            _ if extra.eq_ignore_ascii_case("vorstand") || extra.eq_ignore_ascii_case("board") => {
                m.board = true;
            }
            _ => return Err(bad()),
        }
    }
    Ok(m)
}

fn members(text: &str, field: &str) -> Result<Vec<Member>, ServiceError> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(10)
        .map(|l| member(l, field))
        .collect()
}

/// Whether the round after `round` of the section (of the team section `team`) has begun at
/// `now`: it has a result, or its scheduled start has passed (§21.1.3, §21.2.3).
fn next_round_begun(
    loaded: &Loaded,
    team: Option<&TeamSection>,
    round: u32,
    now: DateTime,
) -> bool {
    let s = loaded.section();
    let next = round + 1;
    let results = match team {
        Some(t) => (i64::from(next)..=t.rounds_paired()).any(|r| t.round_begun(r)),
        None => s.played.iter().any(|r| r.number >= next && r.has_results()),
    };
    results || s.schedule_of(next).is_some_and(|start| start <= now)
}

/// Who elects the tribunal of a section (§5.7): the players from U14 up, the Betreuer below;
/// `None` when its classes have different electorates.
fn section_electorate(s: &event::Section) -> Option<Electorate> {
    let mut all = s.classes.iter().map(|&c| Electorate::of_class(c));
    let first = all.next().unwrap_or(Electorate::Players);
    all.all(|e| e == first).then_some(first)
}

/// The game of `player` (store id) in `round`, with White's id.
fn game_of(loaded: &Loaded, round: u32, player: i64) -> Option<&store::Game> {
    let (_, games) = loaded.round(i64::from(round))?;
    games
        .iter()
        .find(|g| g.white == player || g.black == Some(player))
}

/// The id and squad version of the team called `name`.
fn team_named(ts: &TeamSection, name: &str) -> Result<(i64, i64), ServiceError> {
    ts.teams
        .iter()
        .find(|(t, _)| t.name == name)
        .map(|(t, _)| (t.id, t.version))
        .ok_or_else(|| ServiceError::BadRequest(format!("name: no team `{name}` in the section")))
}

/// The match of team `name` in `round` declared lost (§20.1 "Verlust ... des
/// Mannschaftskampfes"): its result document with the team as the side that loses it, scored
/// like a forfeited match; with the match's id and version.
fn lost_match(
    ts: &TeamSection,
    name: &str,
    round: u32,
) -> Result<(i64, MatchDoc, i64), ServiceError> {
    let (id, _) = team_named(ts, name)?;
    let (m, doc) = ts
        .matches
        .iter()
        .find(|(m, _)| m.round == i64::from(round) && (m.home == id || m.away == Some(id)))
        .filter(|(m, _)| m.away.is_some())
        .ok_or_else(|| {
            ServiceError::BadRequest(format!("round: {name} has no match in round {round}"))
        })?;
    let side = if m.home == id {
        Absent::Home
    } else {
        Absent::Away
    };
    let doc = MatchDoc {
        boards: doc.boards.clone(),
        forfeit: Some(side),
    };
    Ok((m.id, doc, m.version))
}

/// The measure a form names.
fn measure(f: &SanctionForm) -> Result<Measure, ServiceError> {
    let amount = |max: u64, what: &str| -> Result<u64, ServiceError> {
        match f.amount.trim().parse::<u64>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ => Err(ServiceError::BadRequest(format!(
                "amount: expected {what} from 1 to {max}, found `{}`",
                f.amount.trim()
            ))),
        }
    };
    let penalty = match f.measure.as_str() {
        "leave_hall" => return Ok(Measure::LeaveHall),
        "warning" => Penalty::Warning,
        "time_opponent" => Penalty::IncreaseOpponentTime {
            ms: amount(MAX_PENALTY_MINUTES.into(), "minutes")? * 60_000,
        },
        "time_reduce" => Penalty::ReduceTime {
            ms: amount(MAX_PENALTY_MINUTES.into(), "minutes")? * 60_000,
        },
        "lost" => Penalty::DeclareLost {
            opponent: Score::One,
        },
        "fine" => Penalty::Fine {
            cents: amount(MAX_FINE_CENTS / 100, "euros")? * 100,
        },
        "rounds" => Penalty::ExclusionFromRounds {
            rounds: u32::try_from(amount(MAX_EXCLUDED_ROUNDS.into(), "rounds")?).unwrap_or(1),
        },
        "expulsion" => Penalty::Expulsion,
        other => {
            return Err(ServiceError::BadRequest(format!(
                "measure: expected warning, time_opponent, time_reduce, lost, fine, rounds, \
                 expulsion or leave_hall, found `{other}`"
            )));
        }
    };
    Ok(Measure::Penalty { penalty })
}

impl Service {
    /// The event's record and its version.
    async fn record(&self, event: i64) -> Result<(event::Event, i64), ServiceError> {
        let row = self.store().event(event).await?;
        Ok((domain_event(&row), row.version))
    }

    /// Stores the event's record read at `version`, audited as `action`.
    async fn keep(
        &self,
        by: Option<i64>,
        event: i64,
        ev: &mut event::Event,
        version: i64,
        action: &str,
    ) -> Result<i64, ServiceError> {
        ev.sections.clear();
        let data = json(ev)?;
        Ok(self
            .store()
            .update_event_document(by, event, &data, version, action)
            .await?)
    }

    /// Changes the event's record by `change` at the event's local time now, stored at
    /// `version` and audited as `action`.
    pub(crate) async fn amend(
        &self,
        by: Option<i64>,
        event: i64,
        version: i64,
        action: &str,
        change: impl FnOnce(&mut event::Event, DateTime) -> Result<(), ServiceError>,
    ) -> Result<i64, ServiceError> {
        let (mut ev, _) = self.record(event).await?;
        let now = Self::now_at(&ev);
        change(&mut ev, now)?;
        self.keep(by, event, &mut ev, version, action).await
    }

    /// The sections of an event loaded, by name.
    async fn sections_of(&self, event: i64) -> Result<Vec<std::sync::Arc<Loaded>>, ServiceError> {
        let mut out = Vec::new();
        for s in self.store().sections(event).await? {
            out.push(self.section(s.id).await?);
        }
        Ok(out)
    }

    /// The local time of the event now.
    fn now_at(ev: &event::Event) -> DateTime {
        ev.zone.local(store::unix_now())
    }

    /// Records the election of a tribunal (§5.5, §5.7) for the sections named in the form.
    pub async fn elect_tribunal(
        &self,
        by: Option<i64>,
        event: i64,
        f: &TribunalForm,
    ) -> Result<i64, ServiceError> {
        let (mut ev, _) = self.record(event).await?;
        let sections = self.sections_of(event).await?;
        let mut served = Vec::new();
        let mut electorate: Option<Electorate> = None;
        for name in f
            .sections
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            let Some(l) = sections.iter().find(|l| l.section_row.name == name) else {
                return Err(ServiceError::BadRequest(format!(
                    "sections: no section `{name}` in this event"
                )));
            };
            let s = l.section();
            let game = s.time_control.parse().map(|tc| GameType::of(&tc));
            if matches!(game, Ok(GameType::Rapid | GameType::Blitz)) {
                return Err(TribunalError::RapidOrBlitz(name.to_owned()).into());
            }
            if !l.rounds.is_empty() {
                return Err(TribunalError::AfterStart(name.to_owned()).into());
            }
            let ours = section_electorate(s);
            if electorate.is_some_and(|e| Some(e) != ours) || ours.is_none() {
                return Err(TribunalError::MixedElectorate.into());
            }
            electorate = ours;
            if ev.proceedings.tribunal_for(name).is_some() {
                return Err(ServiceError::rule_in(
                    format!("{name} has a tribunal already"),
                    format!("{name} hat schon ein Turniergericht"),
                ));
            }
            served.push(name.to_owned());
        }
        if served.is_empty() {
            return Err(ServiceError::BadRequest(
                "sections: name at least one section".into(),
            ));
        }
        let tribunal = Tribunal {
            sections: served,
            electorate: electorate.unwrap_or(Electorate::Players),
            members: members(&f.members, "members")?,
            substitutes: members(&f.substitutes, "substitutes")?,
        };
        tribunal.check(ev.start.year())?;
        ev.proceedings.tribunals.push(tribunal);
        self.keep(by, event, &mut ev, f.version, "tribunal elected")
            .await
    }

    /// Files a protest (§21.1.1-§21.1.3); returns its number.
    pub async fn file_protest(
        &self,
        by: Option<i64>,
        event: i64,
        f: &ProtestForm,
    ) -> Result<u32, ServiceError> {
        let (mut ev, _) = self.record(event).await?;
        let loaded = self.section_of(event, f.section).await?;
        let role = Entitled::parse(&f.role).ok_or_else(|| {
            ServiceError::BadRequest(format!(
                "role: expected player, parent, betreuer or captain, found `{}`",
                f.role
            ))
        })?;
        let team = self.team_of(f.section).await?;
        let paired = team
            .as_ref()
            .map_or(loaded.rounds.len() as i64, |t| t.rounds_paired());
        let rounds = u32::try_from(paired).unwrap_or(0);
        if !(1..=rounds).contains(&f.round) {
            return Err(ServiceError::BadRequest(format!(
                "round: expected a paired round from 1 to {rounds}, found {}",
                f.round
            )));
        }
        let board = match f.board.trim() {
            "" => None,
            b => Some(
                b.parse::<u32>()
                    .ok()
                    .filter(|&b| (1..=10_000).contains(&b))
                    .ok_or_else(|| {
                        ServiceError::BadRequest(format!(
                            "board: expected a board number, found `{b}`"
                        ))
                    })?,
            ),
        };
        let now = Self::now_at(&ev);
        let protest = NewProtest {
            section: loaded.section_row.name.clone(),
            round: f.round,
            board,
            by: f.by.clone(),
            role,
            club: f.club.clone(),
            subject: f.subject.clone(),
        };
        let begun = next_round_begun(&loaded, team.as_ref(), f.round, now);
        let n = match team {
            Some(_) => ev.proceedings.file_team_protest(protest, now, begun)?,
            None => ev.proceedings.file_protest(protest, now, begun)?,
        };
        self.keep(by, event, &mut ev, f.version, &format!("protest {n} filed"))
            .await?;
        Ok(n)
    }

    /// A section of `event`, or not found.
    async fn section_of(
        &self,
        event: i64,
        section: i64,
    ) -> Result<std::sync::Arc<Loaded>, ServiceError> {
        let loaded = self.section(section).await?;
        if loaded.section_row.event != event {
            return Err(ServiceError::NotFound);
        }
        Ok(loaded)
    }

    /// Records the director's decision on protest `n`.
    pub async fn decide_protest(
        &self,
        by: Option<i64>,
        event: i64,
        n: u32,
        f: &DecisionForm,
    ) -> Result<i64, ServiceError> {
        let action = format!("protest {n} decided");
        self.amend(by, event, f.version, &action, |ev, now| {
            Ok(ev.proceedings.decide(n, f.upheld, &f.text, now)?)
        })
        .await
    }

    /// Lodges the appeal against the decision on protest `n` with the tribunal of its section,
    /// seated without the persons and clubs involved (§5.8): the protester and the players of
    /// the board protested.
    pub async fn appeal(
        &self,
        by: Option<i64>,
        event: i64,
        n: u32,
        f: &AppealForm,
    ) -> Result<i64, ServiceError> {
        let (mut ev, _) = self.record(event).await?;
        let p = ev
            .proceedings
            .protest(n)
            .ok_or(ServiceError::from(CaseError::NoSuchProtest(n)))?
            .clone();
        if p.procedure == Procedure::Federation {
            return self.appeal_to_federation(by, event, ev, &p, f).await;
        }
        let tribunal = ev
            .proceedings
            .tribunal_for(&p.section)
            .ok_or_else(|| TribunalError::NoneFor(p.section.clone()))?;
        let (names, clubs) = self.involved(event, &p).await?;
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let clubs: Vec<&str> = clubs.iter().map(String::as_str).collect();
        let bench = tribunal
            .bench(&clubs, &names)?
            .into_iter()
            .map(|m| m.name.clone())
            .collect();
        let now = Self::now_at(&ev);
        ev.proceedings
            .appeal(n, f.in_writing, f.fee_paid, bench, now)?;
        self.keep(by, event, &mut ev, f.version, &format!("appeal {n} lodged"))
            .await
    }

    /// Lodges the appeal of protest `p` of a team championship without a tribunal (§21.2.5):
    /// after the section's last round, within 5 days of the event's last day.
    async fn appeal_to_federation(
        &self,
        by: Option<i64>,
        event: i64,
        mut ev: event::Event,
        p: &event::proceedings::Protest,
        f: &AppealForm,
    ) -> Result<i64, ServiceError> {
        let sections = self.store().sections(event).await?;
        let section = sections.iter().find(|s| s.name == p.section);
        let team = match section {
            Some(s) => self.team_of(s.id).await?,
            None => None,
        };
        let ended = team.is_some_and(|t| t.finished()).then_some(ev.end);
        let now = Self::now_at(&ev);
        ev.proceedings.appeal_to_federation(
            p.number,
            f.in_writing,
            f.fee_paid,
            ended,
            f.directed_by_spielleiter,
            now,
        )?;
        let action = format!("appeal {} lodged", p.number);
        self.keep(by, event, &mut ev, f.version, &action).await
    }

    /// Lodges the further appeal against the Spielleiter's decision on protest `n` with the
    /// Schiedsgericht of the SBRP (§21.2.11-§21.2.15).
    pub async fn further_appeal(
        &self,
        by: Option<i64>,
        event: i64,
        n: u32,
        f: &AppealForm,
    ) -> Result<i64, ServiceError> {
        let action = format!("appeal {n} lodged further");
        self.amend(by, event, f.version, &action, |ev, now| {
            Ok(ev
                .proceedings
                .further_appeal(n, f.in_writing, f.fee_paid, now)?)
        })
        .await
    }

    /// Records the payment of the fee of protest `n`'s open appeal (§21.2.8, §21.2.13).
    pub async fn pay_appeal_fee(
        &self,
        by: Option<i64>,
        event: i64,
        n: u32,
        f: &VersionForm,
    ) -> Result<i64, ServiceError> {
        let action = format!("appeal {n} fee paid");
        self.amend(by, event, f.version, &action, |ev, now| {
            Ok(ev.proceedings.pay_appeal_fee(n, now)?)
        })
        .await
    }

    /// The team section `section`, `None` for an individual one.
    pub async fn team_of(&self, section: i64) -> Result<Option<TeamSection>, ServiceError> {
        if !self.is_team_section(section).await? {
            return Ok(None);
        }
        Ok(Some(self.team_section(section).await?))
    }

    /// Names and clubs involved in protest `p`: the protester, and the players of its board.
    async fn involved(
        &self,
        event: i64,
        p: &event::proceedings::Protest,
    ) -> Result<(Vec<String>, Vec<String>), ServiceError> {
        let mut names = vec![p.by.clone()];
        let mut clubs = vec![p.club.clone()];
        let sections = self.store().sections(event).await?;
        let Some(row) = sections.iter().find(|s| s.name == p.section) else {
            return Ok((names, clubs));
        };
        let loaded = self.section(row.id).await?;
        if let (Some(board), Some((_, games))) = (p.board, loaded.round(i64::from(p.round))) {
            let game = games.iter().find(|g| g.board == i64::from(board));
            for id in game
                .into_iter()
                .flat_map(|g| std::iter::once(g.white).chain(g.black))
            {
                if let Some(player) = loaded.players.iter().find(|pl| pl.id == id) {
                    names.push(player.name.clone());
                    clubs.push(player.club.clone());
                }
            }
        }
        clubs.retain(|c| !c.trim().is_empty());
        Ok((names, clubs))
    }

    /// Records the tribunal's final decision on the appeal of protest `n` (§21.1.7).
    pub async fn decide_appeal(
        &self,
        by: Option<i64>,
        event: i64,
        n: u32,
        f: &DecisionForm,
    ) -> Result<i64, ServiceError> {
        let action = format!("appeal {n} decided");
        self.amend(by, event, f.version, &action, |ev, now| {
            Ok(ev.proceedings.decide_appeal(n, f.upheld, &f.text, now)?)
        })
        .await
    }

    /// Imposes a sanction (§20.1) and carries it into the tournament: an expelled player
    /// (Art. 12.9.9) is withdrawn after the last paired round; a game declared lost
    /// (Art. 12.9.6) gets the result (the offender 0, the opponent 1). Returns its number.
    pub async fn impose_sanction(
        &self,
        by: Option<i64>,
        event: i64,
        f: &SanctionForm,
    ) -> Result<u32, ServiceError> {
        let (mut ev, _) = self.record(event).await?;
        let loaded = self.section_of(event, f.section).await?;
        let measure = measure(f)?;
        let player = match f.player.trim() {
            "" => None,
            id => Some(
                id.parse::<i64>()
                    .ok()
                    .and_then(|id| loaded.players.iter().find(|p| p.id == id))
                    .ok_or_else(|| {
                        ServiceError::BadRequest(format!("player: no player `{id}` in the section"))
                    })?,
            ),
        };
        let against = match (player, f.party.as_str()) {
            (Some(p), _) => Party::Player {
                player: player_id(p.id),
                name: p.name.clone(),
            },
            (None, "betreuer") => Party::Betreuer {
                name: f.name.trim().to_owned(),
            },
            (None, "team") => Party::Team {
                name: f.name.trim().to_owned(),
            },
            (None, "club") => Party::Club {
                name: f.name.trim().to_owned(),
            },
            (None, other) => {
                return Err(ServiceError::BadRequest(format!(
                    "party: choose a player, or betreuer, team or club with a name, found `{other}`"
                )));
            }
        };
        if against.name().is_empty() || against.name().chars().count() > 200 {
            return Err(ServiceError::BadRequest("name: expected a name".into()));
        }
        let team = self.team_of(f.section).await?;
        let lost_match = match (&team, &against, measure) {
            (
                Some(ts),
                Party::Team { name },
                Measure::Penalty {
                    penalty: Penalty::DeclareLost { .. },
                },
            ) => Some(lost_match(ts, name, f.round)?),
            _ => None,
        };
        let expelled_team = match (&team, &against, measure) {
            (
                Some(ts),
                Party::Team { name },
                Measure::Penalty {
                    penalty: Penalty::Expulsion,
                },
            ) => {
                let (id, version) = team_named(ts, name)?;
                if let Some(w) = ts.team(id).and_then(|(_, s)| s.withdrawn.as_ref()) {
                    return Err(refused(WithdrawalError::Already(w.cause)));
                }
                Some((id, version))
            }
            _ => None,
        };
        let game = match (measure, player) {
            _ if lost_match.is_some() || expelled_team.is_some() => None,
            (
                Measure::Penalty {
                    penalty: Penalty::DeclareLost { .. },
                },
                Some(p),
            ) => Some(
                game_of(&loaded, f.round, p.id)
                    .filter(|g| g.black.is_some())
                    .ok_or_else(|| {
                        ServiceError::BadRequest(format!(
                            "round: {} has no game in round {}",
                            p.name, f.round
                        ))
                    })?
                    .clone(),
            ),
            (
                Measure::Penalty {
                    penalty:
                        Penalty::DeclareLost { .. }
                        | Penalty::Expulsion
                        | Penalty::ExclusionFromRounds { .. },
                },
                None,
            ) => {
                return Err(ServiceError::BadRequest(
                    "player: a game declared lost, an exclusion from rounds or an expulsion needs a player \
                     (a lost match: a team of a team section)"
                        .into(),
                ));
            }
            _ => None,
        };
        let now = Self::now_at(&ev);
        let section = loaded.section_row.name.clone();
        let n = ev
            .proceedings
            .sanction(&section, f.round, against, measure, &f.reason, now)?;
        self.keep(
            by,
            event,
            &mut ev,
            f.version,
            &format!("sanction {n} imposed"),
        )
        .await?;
        if let (Some(ts), Some((id, version))) = (&team, expelled_team) {
            // Art. 12.9.9 against a team: not paired after the rounds paired so far.
            let paired = u32::try_from(ts.rounds_paired()).unwrap_or(0);
            let cause = Departure::Expelled { sanction: n };
            let withdrawal = Withdrawal::new(paired, cause, &format!("Sanktion Nr. {n}"))
                .map_err(|e| ServiceError::BadRequest(e.to_string()))?;
            self.depart(by, ts, id, withdrawal, version).await?;
        }
        if let Some((id, doc, version)) = lost_match {
            self.enter_match_result(by, true, id, &doc, version).await?;
        }
        if let (Some(g), Some(p)) = (game, player) {
            let result = if g.white == p.id {
                GameResult::BlackWins
            } else {
                GameResult::WhiteWins
            };
            self.enter_result(by, g.id, Recorded::Game(result).code(), g.version)
                .await?;
        }
        if let (
            Measure::Penalty {
                penalty: Penalty::Expulsion,
            },
            Some(p),
        ) = (measure, player)
        {
            let last = i64::try_from(loaded.rounds.len()).unwrap_or(0);
            self.withdraw(by, p.id, Some(last), p.version).await?;
        }
        if let (
            Measure::Penalty {
                penalty: Penalty::ExclusionFromRounds { rounds },
            },
            Some(p),
        ) = (measure, player)
        {
            // Art. 12.9.8: left out of the next rounds still to be paired, without points.
            let paired = u32::try_from(loaded.rounds.len()).unwrap_or(u32::MAX);
            let last = loaded.section().total_rounds();
            for round in (paired + 1..=paired.saturating_add(rounds)).filter(|r| *r <= last) {
                self.request_bye(by, p.id, round, "bye-0").await?;
            }
        }
        Ok(n)
    }
}
