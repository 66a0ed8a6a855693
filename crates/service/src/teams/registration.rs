//! Registration in a team section: the section with its settings, and teams with their
//! squads (one player per line, SJRP §10.8, §18.6).

use event::person::{PlayerId, Sex};

use event::player::Player;
use event::team::school::{Format, Pupil, SchoolType, SettingsViolation};
use event::team::squad::{Member, Squad, SquadOverride, SquadViolation, entry_issues};
use event::validate::{self, Field};
use laws::Article;
use serde::Deserialize;

use super::messages::squad_message;
use super::{Settings, TeamSystem, to_json};
use crate::board::ban_issues;
use crate::{Service, ServiceError};

/// Teams register before the first round.
pub const REGISTRATION: Article = Article::new("SJRP §10.8");

/// A team registration: name, club or school, and one player per line in board order
/// (`Last, First; DWZ; birth date; sex; grade` for a school team, `Last, First; DWZ; birth
/// date; sex; club` for a club team, the club given only for a guest from another club; all
/// after the name optional), regulars first, substitutes after (§10.8, §16.1, §18.6).
#[derive(Debug, Clone, Deserialize)]
pub struct TeamForm {
    /// Team name, unique in the section.
    pub name: String,
    /// Club or school of the team.
    #[serde(default)]
    pub club: String,
    /// The squad, one player per line in board order.
    pub players: String,
    /// School type for school teams: `primary`, `gymnasium`, `secondary`, `vocational`.
    #[serde(default)]
    pub school_type: String,
    /// The arbiter's reason to register a squad refused by eligibility (`override`, as for
    /// individual entries); empty: refused squads are not stored.
    #[serde(default, rename = "override")]
    pub over: String,
}

/// Reads the player lines of a registration; errors name the line. Player ids are
/// `100 × team number + position`.
pub fn parse_squad(f: &TeamForm, number: i64, school: bool) -> Result<Squad, ServiceError> {
    let name = f.name.trim();
    if name.is_empty() {
        return Err(ServiceError::BadRequest("the team needs a name".into()));
    }
    let club = if f.club.trim().is_empty() {
        name
    } else {
        f.club.trim()
    };
    let kind = match f.school_type.trim() {
        "primary" => SchoolType::Primary,
        "secondary" => SchoolType::Secondary,
        "vocational" => SchoolType::Vocational,
        _ => SchoolType::Gymnasium,
    };
    let mut members = Vec::new();
    for (i, line) in f.players.lines().enumerate() {
        let line_no = i + 1;
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        if fields.iter().all(|x| x.is_empty()) {
            continue;
        }
        let bad = |what: &str| ServiceError::BadRequest(format!("players, line {line_no}: {what}"));
        let position = i64::try_from(members.len() + 1).unwrap_or(i64::MAX);
        if position > 99 {
            return Err(bad("at most 99 players per team"));
        }
        let id = u32::try_from(number * 100 + position).map_err(|_| bad("too many teams"))?;
        let (last, first) = fields[0].split_once(',').unwrap_or((fields[0], ""));
        if last.trim().is_empty() {
            return Err(bad("the player needs a name"));
        }
        let mut player = Player::new(PlayerId(id), last.trim(), first.trim());
        player.club = club.to_owned();
        if let Some(d) = fields.get(1).filter(|x| !x.is_empty()) {
            player.dwz = Some(d.parse().map_err(|_| bad(&format!("DWZ `{d}`")))?);
        }
        if let Some(d) = fields.get(2).filter(|x| !x.is_empty()) {
            player.birth = Some(
                d.parse()
                    .map_err(|e| bad(&format!("birth date `{d}`: {e}")))?,
            );
        }
        if let Some(s) = fields.get(3).filter(|x| !x.is_empty()) {
            player.sex = Some(match s.to_ascii_lowercase().as_str() {
                "w" | "f" => Sex::Female,
                "m" => Sex::Male,
                _ => return Err(bad(&format!("sex `{s}`: w or m"))),
            });
        }
        let fifth = fields.get(4).filter(|x| !x.is_empty());
        let grade = match fifth.filter(|_| school) {
            Some(g) => g.parse().map_err(|_| bad(&format!("grade `{g}`")))?,
            None => 0,
        };
        if let Some(guest_club) = fifth.filter(|_| !school) {
            (*guest_club).clone_into(&mut player.club);
        }
        let pupil = school.then(|| Pupil {
            school: club.to_owned(),
            kind,
            grade,
            leaver: false,
        });
        members.push(Member { player, pupil });
    }
    Ok(Squad {
        name: name.to_owned(),
        club: club.to_owned(),
        members,
        admitted_over: None,
        withdrawn: None,
    })
}

/// The override of a squad refused for `issues`: the arbiter's reason `over`, or the refusal
/// naming each issue with its paragraph when there is none (or it is not one line of text).
fn admitted_over(
    issues: &[SquadViolation],
    others: &[Squad],
    squad: &Squad,
    over: &str,
) -> Result<SquadOverride, ServiceError> {
    let reason = over.trim();
    if !reason.is_empty() {
        validate::required(Field::OverrideReason, reason, validate::MAX_TEXT)?;
        return Ok(SquadOverride {
            reason: reason.to_owned(),
            issues: issues.iter().map(ToString::to_string).collect(),
        });
    }
    let name = |id: PlayerId| {
        others
            .iter()
            .chain([squad])
            .flat_map(|s| &s.members)
            .find(|m| m.player.id == id)
            .map_or_else(|| id.to_string(), |m| m.player.name())
    };
    let list = |german: bool| {
        issues
            .iter()
            .map(|v| format!("{}: {}", v.article(), squad_message(v, &name, german)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    Err(ServiceError::rule_in(
        format!(
            "team {} refused: {}. Give a reason to register it anyway.",
            squad.name,
            list(false)
        ),
        format!(
            "Mannschaft {} abgelehnt: {}. Mit einer Begründung lässt sie sich trotzdem melden.",
            squad.name,
            list(true)
        ),
    ))
}

impl Service {
    /// Registers a team before the first round (SJRP §10.8). A squad with a player outside
    /// the competition's class or group, too many guests or a player of another team
    /// ([`SquadViolation::refuses_entry`]) is refused with the paragraphs unless the arbiter
    /// gives a reason, which is kept on the squad and in the audit; the other rules (band,
    /// players) are shown as warnings ([`crate::teams::messages::squad_violations`]).
    pub async fn register_team(
        &self,
        by: Option<i64>,
        section: i64,
        f: &TeamForm,
    ) -> Result<i64, ServiceError> {
        let ts = self.team_section(section).await?;
        if ts.rounds_paired() > 0 {
            return Err(ServiceError::rule_at(
                REGISTRATION,
                "teams register before the first round",
                "Mannschaften werden vor der ersten Runde gemeldet",
            ));
        }
        let number = ts.teams.iter().map(|(t, _)| t.number).max().unwrap_or(0) + 1;
        let profile = ts.settings.profile()?;
        let mut squad = parse_squad(f, number, profile.group.is_some())?;
        validate::squad(&squad)?;
        let others: Vec<Squad> = ts.teams.iter().map(|(_, s)| s.clone()).collect();
        let issues = entry_issues(&profile, &others, &squad, ts.settings.year);
        if !issues.is_empty() {
            squad.admitted_over = Some(admitted_over(&issues, &others, &squad, &f.over)?);
        }
        self.refuse_banned(ts.section.event, &squad, &f.over)
            .await?;
        Ok(self
            .store
            .add_team(by, section, &squad.name, &to_json(&squad)?)
            .await?)
    }

    /// Refuses a team banned by the board, of a banned club or with a banned player over the
    /// event's days (§20.2), unless the arbiter gives a reason (a namesake).
    async fn refuse_banned(
        &self,
        event: i64,
        squad: &Squad,
        over: &str,
    ) -> Result<(), ServiceError> {
        let ev = crate::rows::domain_event(&self.store.event(event).await?);
        let (register, _) = self.board_register().await?;
        let mut bans = ban_issues(&register, &ev, &squad.name, None, &squad.club);
        for m in &squad.members {
            let year = m.player.birth.map(|b| b.year());
            bans.extend(ban_issues(&register, &ev, &m.player.name(), year, ""));
        }
        if bans.is_empty() || !over.trim().is_empty() {
            return Ok(());
        }
        let german: Vec<String> = bans.iter().map(|b| b.german()).collect();
        let english: Vec<String> = bans.iter().map(|b| b.to_string()).collect();
        Err(ServiceError::rule_in(english.join("; "), german.join("; ")))
    }

    /// Creates a team section under an event, with its settings, in one transaction; returns
    /// the section id.
    pub async fn create_team_section(
        &self,
        by: Option<i64>,
        event: i64,
        f: &NewTeamSection,
    ) -> Result<i64, ServiceError> {
        let ev = self.store.event(event).await?;
        let settings = f.settings(ev.start_date.get(..4).and_then(|y| y.parse().ok()))?;
        let criteria: Vec<String> = settings.criteria()?.iter().map(|c| c.code()).collect();
        Ok(self
            .store
            .create_team_section(
                by,
                event,
                &store::NewSection {
                    name: f.name.trim(),
                    rounds: i64::from(f.rounds),
                    tiebreaks: &criteria.join(","),
                    data: "",
                },
                &to_json(&settings)?,
            )
            .await?)
    }
}

/// A new team section.
#[derive(Debug, Clone, Deserialize)]
pub struct NewTeamSection {
    /// Section name.
    pub name: String,
    /// Rounds (a round robin's follow from the teams).
    pub rounds: u32,
    /// See [`Settings::competition`].
    pub competition: String,
    /// `round_robin` or `swiss`.
    #[serde(default)]
    pub system: String,
    /// Empty for the SJRP default `BWBW`.
    #[serde(default)]
    pub colours: String,
    /// Empty for the SJRP order of the system.
    #[serde(default)]
    pub order: String,
    /// The competition year for the age limits of school groups (§18.2); absent: the year
    /// of the event's start.
    #[serde(default)]
    pub year: Option<u16>,
    /// The thinking time, TRF notation in seconds (`1500+5`); empty: not set yet. At least
    /// 25 minutes for club teams (§10.11), 15 for school teams (§18.12).
    #[serde(default)]
    pub time_control: String,
}

impl NewTeamSection {
    /// The settings of the new section, checked with its name and rounds; `event_year` is the
    /// year of the event's start (the default competition year).
    fn settings(&self, event_year: Option<u16>) -> Result<Settings, ServiceError> {
        let mut settings = Settings::club(&self.competition, self.system.trim())?;
        if !self.colours.trim().is_empty() {
            settings.colours = self.colours.trim().to_ascii_uppercase();
        }
        if !self.order.trim().is_empty() {
            settings.order = self.order.trim().to_owned();
        }
        settings.year = self.year.or(event_year).unwrap_or(settings.year);
        self.time_control
            .trim()
            .clone_into(&mut settings.time_control);
        validate::text(
            Field::TimeControl,
            &settings.time_control,
            validate::MAX_TEXT,
        )?;
        settings.check()?;
        validate::text(Field::Colours, &settings.colours, validate::MAX_TEXT)?;
        let format = match settings.system {
            TeamSystem::Swiss => Format::Swiss(self.rounds),
            TeamSystem::RoundRobin => Format::RoundRobin,
        };
        // Without a time control only the rounds are checked (`u32::MAX` minutes pass).
        let minutes = settings.minutes()?.unwrap_or(u32::MAX);
        if let Some(v) = settings.profile()?.check_settings(format, minutes).first() {
            return Err(settings_refusal(*v));
        }
        validate::required(Field::SectionName, self.name.trim(), validate::MAX_TEXT)?;
        validate::number(
            Field::Rounds,
            u64::from(self.rounds),
            1,
            u64::from(validate::MAX_ROUNDS),
        )?;
        Ok(settings)
    }
}

/// A setting outside §18.11, §18.12 or §10.11 as a refusal naming the paragraph.
fn settings_refusal(v: SettingsViolation) -> ServiceError {
    match v {
        SettingsViolation::TooManyRounds { max, article, .. } => ServiceError::rule_at(
            article,
            format!("at most {max} Swiss rounds"),
            format!("höchstens {max} Schweizer-System-Runden"),
        ),
        SettingsViolation::TooLittleTime {
            minutes,
            min,
            article,
        } => ServiceError::rule_at(
            article,
            format!(
                "time control: {minutes} minutes per player and game (60 moves), at least {min}"
            ),
            format!(
                "Bedenkzeit: {minutes} Minuten je Spieler und Partie (60 Züge), mindestens {min}"
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, lines: &str) -> TeamForm {
        TeamForm {
            name: name.into(),
            club: String::new(),
            players: lines.into(),
            school_type: String::new(),
            over: String::new(),
        }
    }

    #[test]
    fn registration_lines_name_the_bad_line() {
        let squad = parse_squad(
            &form("A", "Alpha, Ann; 1800\n\nBeta, Bo; ; 2012-02-03; w"),
            3,
            false,
        )
        .unwrap();
        assert_eq!(squad.members.len(), 2);
        assert_eq!(squad.members[0].player.id, PlayerId(301));
        assert_eq!(squad.members[0].player.dwz, Some(1800));
        assert_eq!(squad.members[1].player.id, PlayerId(302));
        assert_eq!(squad.members[1].player.sex, Some(Sex::Female));
        let e = parse_squad(&form("A", "Alpha; 18x0"), 1, false).unwrap_err();
        assert_eq!(e.to_string(), "players, line 1: DWZ `18x0`");
    }
}
