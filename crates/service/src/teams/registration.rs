//! Registration in a team section: the section with its settings, and teams with their
//! squads (one player per line, SJRP §10.8, §18.6).

use event::person::{PlayerId, Sex};

use event::player::Player;
use event::team::school::{Pupil, SchoolType};
use event::team::squad::{Member, Squad};
use event::validate::{self, Field};
use laws::Article;
use serde::Deserialize;

use super::{Settings, TeamSystem, to_json};
use crate::{Service, ServiceError};

/// Teams register before the first round.
pub const REGISTRATION: Article = Article::new("SJRP §10.8");

/// A team registration: name, club or school, and one player per line in board order
/// (`Last, First; DWZ; birth date; sex; grade`, all after the name optional), regulars first,
/// substitutes after (§10.8, §18.6).
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
        let grade = match fields.get(4).filter(|x| !x.is_empty()) {
            Some(g) => g.parse().map_err(|_| bad(&format!("grade `{g}`")))?,
            None => 0,
        };
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
    })
}

impl Service {
    /// Registers a team before the first round (SJRP §10.8); the squad is checked with the
    /// others when the page shows them ([`crate::teams::messages::squad_violations`]).
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
        let school = ts.settings.profile()?.group.is_some();
        let squad = parse_squad(f, number, school)?;
        validate::squad(&squad)?;
        Ok(self
            .store
            .add_team(by, section, &squad.name, &to_json(&squad)?)
            .await?)
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
        settings.check()?;
        validate::text(Field::Colours, &settings.colours, validate::MAX_TEXT)?;
        let profile = settings.profile()?;
        if let (TeamSystem::Swiss, Some((max, article))) =
            (settings.system, profile.max_swiss_rounds)
            && self.rounds > max
        {
            return Err(ServiceError::rule_at(
                article,
                format!("at most {max} Swiss rounds"),
                format!("höchstens {max} Schweizer-System-Runden"),
            ));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, lines: &str) -> TeamForm {
        TeamForm {
            name: name.into(),
            club: String::new(),
            players: lines.into(),
            school_type: String::new(),
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
