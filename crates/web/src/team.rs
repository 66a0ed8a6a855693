//! Team events in the web app (SJRP Spielordnung §10-§18): team sections, squads, captains,
//! lineups per round checked before the round, team pairing, match results per board and the
//! team standings with board statistics and a crosstable.
//!
//! The rules come from the team layer: [`event::team`] checks squads and lineups and scores
//! the boards, [`pairing::team`] pairs the team Swiss, [`roundrobin`] the team round robin and
//! [`standings::team`] ranks. This module keeps the documents and turns them into pages.
//!
//! ```
//! use web::team::{BoardResult, Settings};
//!
//! let settings = Settings::club("club_u16", "round_robin")?;
//! assert_eq!(settings.profile()?.boards.0, 4);
//! assert_eq!(settings.home_colour(1), 'B');
//! assert_eq!("½-½".parse::<BoardResult>()?, BoardResult::Draw);
//! # Ok::<(), web::AppError>(())
//! ```

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use event::player::{Player, PlayerId, Sex};
use event::team::lineup::{
    Lineup, LineupViolation, MatchPoints, Side, apply_lineup_rules, check_lineup, encounters,
    forfeited_match,
};
use event::team::school::{Group, NotAdmitted, Pupil, SchoolType};
use event::team::squad::{Member, Profile, Squad, SquadViolation, check_squads};
use event::validate::{self, Field};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use standings::team::{Criterion, Encounter, Team};
use standings::{Outcome, Points};
use store::{Store, TeamMatch, TeamRow};

use crate::AppError;
use crate::i18n::Lang;

/// How the teams are paired (§10.3, §18.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamSystem {
    /// Team round robin by the Berger tables (C.05 Annex 1); double when the section has at
    /// least twice as many rounds as a single cycle.
    RoundRobin,
    /// Team Swiss by [`pairing::team`] (FIDE C.04.6 on the Dutch engine).
    Swiss,
}

/// The settings of a team section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The competition: `club_u20`, `club_u16`, `club_u14`, `club_u12`, `club_u10`,
    /// `club_u16w`, `club_u12w` or a school group such as `WK III` (§18.2).
    pub competition: String,
    pub system: TeamSystem,
    /// Colours of the first-named (home) team from board 1, repeated (TRF26 `352`, e.g. `WBWB`).
    pub colours: String,
    /// The standings order: a team preset of [`standings::tiebreak::preset`]
    /// (`sjrp-teams-swiss` §10.5, `sjrp-teams-rr` §10.6, `dsj-teams-swiss`, `dsj-teams-rr`).
    pub order: String,
    /// Match points for a won, drawn and lost match (§10.2: 2, 1, 0).
    pub match_points: [u32; 3],
    /// The competition year, for the age limits of school groups (§18.2).
    pub year: u16,
}

impl Settings {
    /// A section of `competition` paired by `system` (`round_robin` or `swiss`) with the SJRP
    /// defaults: colours `BWBW` (§10.4: the first-named team has Black on board 1), 2/1/0
    /// match points and the §10.5 or §10.6 order.
    pub fn club(competition: &str, system: &str) -> Result<Settings, AppError> {
        let system = match system {
            "swiss" => TeamSystem::Swiss,
            "round_robin" | "" => TeamSystem::RoundRobin,
            other => {
                return Err(AppError::BadRequest(format!(
                    "system `{other}`: expected swiss or round_robin"
                )));
            }
        };
        let settings = Settings {
            competition: competition.trim().to_owned(),
            system,
            colours: "BWBW".into(),
            order: match system {
                TeamSystem::Swiss => "sjrp-teams-swiss".into(),
                TeamSystem::RoundRobin => "sjrp-teams-rr".into(),
            },
            match_points: [2, 1, 0],
            year: 2026,
        };
        settings.profile()?;
        Ok(settings)
    }

    /// The squad rules of the competition.
    pub fn profile(&self) -> Result<Profile, AppError> {
        if let Some(club) = self.competition.strip_suffix("_dsj") {
            let base = Settings {
                competition: club.to_owned(),
                ..self.clone()
            }
            .profile()?;
            return base.with_dsj_pseudo_ratings().ok_or_else(|| {
                AppError::BadRequest(format!(
                    "competition `{}`: the DSJ pseudo ratings apply to club competitions only",
                    self.competition
                ))
            });
        }
        Ok(match self.competition.as_str() {
            "club_u20" => Profile::club_u20(),
            "club_u16" => Profile::club_u16(),
            "club_u14" => Profile::club_u14(),
            "club_u12" => Profile::club_u12(),
            "club_u10" => Profile::club_u10(),
            "club_u16w" => Profile::club_u16w(),
            "club_u12w" => Profile::club_u12w(),
            other => Profile::school(other.parse::<Group>().map_err(|e| {
                AppError::BadRequest(format!(
                    "competition `{other}`: not a club competition (club_u20, club_u16, ...); {e}"
                ))
            })?),
        })
    }

    /// The criteria of the standings order.
    pub fn criteria(&self) -> Result<Vec<Criterion>, AppError> {
        standings::tiebreak::preset::find(&self.order)
            .and_then(|p| p.team_criteria())
            .map_err(|e| AppError::BadRequest(format!("order `{}`: {e}", self.order)))
    }

    /// The match points (§10.2).
    pub fn scoring(&self) -> MatchPoints {
        let [win, draw, loss] = self.match_points;
        MatchPoints {
            win: Points::from_whole(win),
            draw: Points::from_whole(draw),
            loss: Points::from_whole(loss),
        }
    }

    /// The home team's colour on `board` (from 1), `W` or `B`.
    pub fn home_colour(&self, board: usize) -> char {
        let letters: Vec<char> = self.colours.chars().collect();
        letters
            .get(board.saturating_sub(1) % letters.len().max(1))
            .copied()
            .unwrap_or('W')
    }

    fn check(&self) -> Result<(), AppError> {
        self.profile()?;
        self.criteria()?;
        if self.colours.is_empty() || !self.colours.chars().all(|c| c == 'W' || c == 'B') {
            return Err(AppError::BadRequest(format!(
                "board colours `{}`: W and B only, e.g. WBWB (TRF26 352)",
                self.colours
            )));
        }
        let [win, draw, loss] = self.match_points;
        if !(win > draw && draw >= loss) {
            return Err(AppError::BadRequest(
                "match points: a win must score more than a draw, a draw no less than a loss (§10.2)"
                    .into(),
            ));
        }
        Ok(())
    }
}

/// The result of one board from the home team's side, written home–away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardResult {
    /// Not entered yet (`*`).
    Pending,
    /// `1-0`.
    HomeWins,
    /// `½-½`.
    Draw,
    /// `0-1`.
    AwayWins,
    /// `+-`: the home player wins by forfeit.
    HomeForfeitWin,
    /// `-+`: the away player wins by forfeit.
    AwayForfeitWin,
    /// `--`: both lose by forfeit.
    DoubleForfeit,
}

impl BoardResult {
    /// Every result, in the order of the forms.
    pub const ALL: [BoardResult; 7] = [
        BoardResult::Pending,
        BoardResult::HomeWins,
        BoardResult::Draw,
        BoardResult::AwayWins,
        BoardResult::HomeForfeitWin,
        BoardResult::AwayForfeitWin,
        BoardResult::DoubleForfeit,
    ];

    /// The code as written on the forms.
    pub fn code(self) -> &'static str {
        match self {
            BoardResult::Pending => "*",
            BoardResult::HomeWins => "1-0",
            BoardResult::Draw => "½-½",
            BoardResult::AwayWins => "0-1",
            BoardResult::HomeForfeitWin => "+-",
            BoardResult::AwayForfeitWin => "-+",
            BoardResult::DoubleForfeit => "--",
        }
    }

    /// The home player's outcome; `None` while pending.
    fn home(self) -> Option<Outcome> {
        Some(match self {
            BoardResult::Pending => return None,
            BoardResult::HomeWins => Outcome::Win,
            BoardResult::Draw => Outcome::Draw,
            BoardResult::AwayWins => Outcome::Loss,
            BoardResult::HomeForfeitWin => Outcome::ForfeitWin,
            BoardResult::AwayForfeitWin | BoardResult::DoubleForfeit => Outcome::ForfeitLoss,
        })
    }
}

impl fmt::Display for BoardResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for BoardResult {
    type Err = AppError;

    fn from_str(s: &str) -> Result<BoardResult, AppError> {
        let s = s.trim().replace("1/2", "½");
        BoardResult::ALL
            .into_iter()
            .find(|r| r.code() == s || (s.is_empty() && *r == BoardResult::Pending))
            .ok_or_else(|| {
                AppError::BadRequest(format!(
                    "board result `{s}`: expected 1-0, ½-½, 0-1, +-, -+, -- or *"
                ))
            })
    }
}

/// Which team did not turn up to a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Absent {
    Home,
    Away,
}

/// The result document of a team match: board results, or a forfeited match.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchDoc {
    /// Board results in board order.
    pub boards: Vec<BoardResult>,
    /// The team that forfeited the whole match, if any (the other wins it by forfeit).
    pub forfeit: Option<Absent>,
}

/// A team section as read: settings, teams with their squads, lineups and matches.
pub struct TeamSection {
    pub section: store::Section,
    pub settings: Settings,
    pub version: i64,
    pub teams: Vec<(TeamRow, Squad)>,
    /// Lineups by (team id, round).
    pub lineups: HashMap<(i64, i64), (store::Lineup, Lineup)>,
    pub matches: Vec<(TeamMatch, MatchDoc)>,
}

fn parse_doc<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> Result<T, AppError> {
    serde_json::from_str(text).map_err(|e| AppError::Internal(format!("{what} document: {e}")))
}

fn to_json<T: Serialize>(value: &T) -> Result<String, AppError> {
    serde_json::to_string(value).map_err(|e| AppError::Internal(e.to_string()))
}

/// Reads a team section; [`AppError::NotFound`] for an individual section.
pub async fn load(store: &Store, section: i64) -> Result<TeamSection, AppError> {
    let row = store
        .team_section(section)
        .await?
        .ok_or(AppError::NotFound)?;
    let settings: Settings = parse_doc("team settings", &row.data)?;
    let mut teams = Vec::new();
    for t in store.teams(section).await? {
        let squad = parse_doc("squad", &t.data)?;
        teams.push((t, squad));
    }
    let mut lineups = HashMap::new();
    for l in store.lineups(section).await? {
        let lineup = parse_doc("lineup", &l.data)?;
        lineups.insert((l.team, l.round), (l, lineup));
    }
    let mut matches = Vec::new();
    for m in store.team_matches(section).await? {
        let doc = parse_doc("match", &m.data)?;
        matches.push((m, doc));
    }
    Ok(TeamSection {
        section: store.section(section).await?,
        settings,
        version: row.version,
        teams,
        lineups,
        matches,
    })
}

impl TeamSection {
    /// The team and squad of a team id.
    pub fn team(&self, id: i64) -> Option<&(TeamRow, Squad)> {
        self.teams.iter().find(|(t, _)| t.id == id)
    }

    /// The rounds paired so far.
    pub fn rounds_paired(&self) -> i64 {
        self.matches.iter().map(|(m, _)| m.round).max().unwrap_or(0)
    }

    /// The lineup of a team in a round: the one entered, else the registered regulars in
    /// order (§10.8).
    pub fn lineup(&self, team: i64, round: i64) -> Option<Lineup> {
        if let Some((_, l)) = self.lineups.get(&(team, round)) {
            return Some(l.clone());
        }
        let boards = self.settings.profile().ok()?.boards.0;
        let (_, squad) = self.team(team)?;
        Some(Lineup(
            (0..boards)
                .map(|i| squad.members.get(i).map(|m| m.player.id))
                .collect(),
        ))
    }

    /// The name of a registered player.
    pub fn player_name(&self, id: PlayerId) -> String {
        self.teams
            .iter()
            .flat_map(|(_, s)| &s.members)
            .find(|m| m.player.id == id)
            .map_or_else(|| id.to_string(), |m| m.player.name())
    }

    /// Both teams' encounters of a match, `None` while a board is pending or the result is
    /// not confirmed (unless `unconfirmed`).
    fn encounters(
        &self,
        m: &TeamMatch,
        doc: &MatchDoc,
        unconfirmed: bool,
    ) -> Option<(Encounter, Option<Encounter>)> {
        // A team bye stands with the pairing; results wait for an arbiter's confirmation.
        if !m.confirmed && !unconfirmed && m.away.is_some() {
            return None;
        }
        let profile = self.settings.profile().ok()?;
        let boards = profile.boards.0;
        let scoring = self.settings.scoring();
        let round = usize::try_from(m.round).ok()?;
        let (home_row, home_squad) = self.team(m.home)?;
        let home_no = u16::try_from(home_row.number).ok()?;
        let Some(away) = m.away else {
            // Team bye: a won match with every board, as a forfeit win (C.04.1 d).
            let all = u32::try_from(boards).ok()?;
            return Some((
                Encounter {
                    round,
                    opponent: None,
                    result: Outcome::PairingBye,
                    board_points: Points::from_whole(all),
                    match_points: scoring.win,
                    boards: Vec::new(),
                },
                None,
            ));
        };
        let (away_row, away_squad) = self.team(away)?;
        let away_no = u16::try_from(away_row.number).ok()?;
        match doc.forfeit {
            Some(Absent::Home) => {
                let (a, h) = forfeited_match(round, away_no, home_no, boards, scoring);
                return Some((h, Some(a)));
            }
            Some(Absent::Away) => {
                let (h, a) = forfeited_match(round, home_no, away_no, boards, scoring);
                return Some((h, Some(a)));
            }
            None => {}
        }
        let results: Option<Vec<Outcome>> = (0..boards)
            .map(|i| doc.boards.get(i).copied().and_then(BoardResult::home))
            .collect();
        let results = results?;
        let home_lineup = self.lineup(m.home, m.round)?;
        let away_lineup = self.lineup(away, m.round)?;
        let home = Side {
            squad: home_squad,
            lineup: &home_lineup,
        };
        let away_side = Side {
            squad: away_squad,
            lineup: &away_lineup,
        };
        let mut scored = apply_lineup_rules(home, away_side, &results);
        for (s, r) in scored.iter_mut().zip(&doc.boards) {
            if *r == BoardResult::DoubleForfeit {
                s.home = Outcome::ForfeitLoss;
                s.away = Outcome::ForfeitLoss;
            }
        }
        let (h, a) = encounters(
            round,
            (home_no, away_no),
            (home, away_side),
            &scored,
            scoring,
            |id| u16::try_from(id.0).unwrap_or(0),
        );
        Some((h, Some(a)))
    }

    /// Every team with its confirmed matches, for [`standings::team`].
    pub fn standings_teams(&self) -> Vec<Team> {
        let mut teams: Vec<Team> = self
            .teams
            .iter()
            .map(|(t, s)| Team {
                number: u16::try_from(t.number).unwrap_or(0),
                name: s.name.clone(),
                encounters: Vec::new(),
            })
            .collect();
        for (m, doc) in &self.matches {
            let Some((h, a)) = self.encounters(m, doc, false) else {
                continue;
            };
            let mut push = |team: i64, e: Encounter| {
                if let Some((row, _)) = self.team(team)
                    && let Some(t) = teams.iter_mut().find(|t| i64::from(t.number) == row.number)
                {
                    t.encounters.push(e);
                }
            };
            push(m.home, h);
            if let (Some(away), Some(a)) = (m.away, a) {
                push(away, a);
            }
        }
        teams
    }

    /// Whether every match of a round has a confirmed, complete result.
    pub fn round_complete(&self, round: i64) -> bool {
        self.matches
            .iter()
            .filter(|(m, _)| m.round == round)
            .all(|(m, doc)| self.encounters(m, doc, false).is_some())
    }
}

// ---- registration ---------------------------------------------------------------------------

/// A team registration: name, club or school, and one player per line in board order
/// (`Last, First; DWZ; birth date; sex; grade`, all after the name optional), regulars first,
/// substitutes after (§10.8, §18.6).
#[derive(Debug, Clone, Deserialize)]
pub struct TeamForm {
    pub name: String,
    #[serde(default)]
    pub club: String,
    pub players: String,
    /// School type for school teams: `primary`, `gymnasium`, `secondary`, `vocational`.
    #[serde(default)]
    pub school_type: String,
    #[serde(default)]
    pub csrf: Option<String>,
}

/// Reads the player lines of a registration; errors name the line. Player ids are
/// `100 × team number + position`.
pub fn parse_squad(f: &TeamForm, number: i64, school: bool) -> Result<Squad, AppError> {
    let name = f.name.trim();
    if name.is_empty() {
        return Err(AppError::BadRequest("the team needs a name".into()));
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
        let bad = |what: &str| AppError::BadRequest(format!("players, line {line_no}: {what}"));
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

/// Registers a team; the squad is checked with the others when the page shows them.
pub async fn register(store: &Store, by: i64, section: i64, f: &TeamForm) -> Result<i64, AppError> {
    let ts = load(store, section).await?;
    if ts.rounds_paired() > 0 {
        return Err(AppError::Rule(
            "teams register before the first round (SJRP §10.8)".into(),
        ));
    }
    let number = ts.teams.iter().map(|(t, _)| t.number).max().unwrap_or(0) + 1;
    let school = ts.settings.profile()?.group.is_some();
    let squad = parse_squad(f, number, school)?;
    validate::squad(&squad)?;
    Ok(store
        .add_team(Some(by), section, &squad.name, &to_json(&squad)?)
        .await?)
}

/// A squad violation in the viewer's language, with names for player numbers.
fn squad_message(v: &SquadViolation, ts: &TeamSection, lang: Lang) -> String {
    let de = lang == Lang::De;
    let name = |id: PlayerId| ts.player_name(id);
    let pick = |en: String, german: String| if de { german } else { en };
    match v {
        SquadViolation::TooFewPlayers {
            team,
            players,
            boards,
            ..
        } => pick(
            format!("{team}: {players} players for {boards} boards"),
            format!("{team}: {players} Spieler für {boards} Bretter"),
        ),
        SquadViolation::TooManySubstitutes {
            team,
            substitutes,
            max,
            ..
        } => pick(
            format!("{team}: {substitutes} substitutes, at most {max}"),
            format!("{team}: {substitutes} Ersatzspieler, höchstens {max}"),
        ),
        SquadViolation::Band {
            team,
            ahead,
            behind,
            gap,
            ..
        } => pick(
            format!(
                "{team}: {} stands ahead of {}, rated {gap} higher",
                name(*ahead),
                name(*behind)
            ),
            format!(
                "{team}: {} steht vor {}, der um {gap} höher bewertet ist",
                name(*ahead),
                name(*behind)
            ),
        ),
        SquadViolation::TwoTeams { player, teams, .. } => pick(
            format!("{} registered for {}", name(*player), teams.join(", ")),
            format!("{} gemeldet für {}", name(*player), teams.join(", ")),
        ),
        SquadViolation::Guests {
            team, guests, max, ..
        } => pick(
            format!(
                "{team}: {} players from another club, at most {max}",
                guests.len()
            ),
            format!(
                "{team}: {} Spieler aus einem anderen Verein, höchstens {max}",
                guests.len()
            ),
        ),
        SquadViolation::OtherSchool { team, player, .. } => pick(
            format!("{team}: {} is not from the team's school", name(*player)),
            format!(
                "{team}: {} ist nicht von der Schule der Mannschaft",
                name(*player)
            ),
        ),
        SquadViolation::NotAdmitted {
            team,
            player,
            reason,
        } => format!(
            "{team}: {}: {}",
            name(*player),
            not_admitted_message(reason, lang)
        ),
    }
}

/// Why a pupil may not play in the group (§18.2), in the viewer's language.
fn not_admitted_message(reason: &NotAdmitted, lang: Lang) -> String {
    let de = lang == Lang::De;
    match (reason, de) {
        (NotAdmitted::TooOld { age, limit }, false) => {
            format!("{age} years old on 1 January, the group is for under {limit}")
        }
        (NotAdmitted::TooOld { age, limit }, true) => {
            format!("am 1. Januar {age} Jahre alt, die Gruppe ist für unter {limit}")
        }
        (NotAdmitted::NoBirthDate, false) => "no birth date entered".into(),
        (NotAdmitted::NoBirthDate, true) => "kein Geburtsdatum angegeben".into(),
        (NotAdmitted::NotFemale, false) => "the group is for girls".into(),
        (NotAdmitted::NotFemale, true) => "die Gruppe ist für Mädchen".into(),
        (NotAdmitted::Leaver, false) => "leavers play in WK I and WK M only".into(),
        (NotAdmitted::Leaver, true) => "Abgänger spielen nur in WK I und WK M".into(),
        (NotAdmitted::SchoolType(kind), false) => {
            format!("the group is not for a {kind:?} school")
        }
        (NotAdmitted::SchoolType(kind), true) => {
            format!("die Gruppe ist nicht für die Schulart {kind:?}")
        }
        (NotAdmitted::Grade(grade), false) => format!("the group is not for grade {grade}"),
        (NotAdmitted::Grade(grade), true) => {
            format!("die Gruppe ist nicht für Klassenstufe {grade}")
        }
    }
}

/// Every squad rule violation of the section, in the viewer's language, with its paragraph.
pub fn squad_violations(ts: &TeamSection, lang: Lang) -> Result<Vec<Value>, AppError> {
    let profile = ts.settings.profile()?;
    let squads: Vec<Squad> = ts.teams.iter().map(|(_, s)| s.clone()).collect();
    Ok(check_squads(&profile, &squads, ts.settings.year)
        .iter()
        .map(|v| json!({ "text": squad_message(v, ts, lang), "article": v.article().to_string() }))
        .collect())
}

/// A lineup violation in the viewer's language, with its paragraph.
fn lineup_message(v: &LineupViolation, ts: &TeamSection, lang: Lang) -> String {
    let de = lang == Lang::De;
    let name = |id: PlayerId| ts.player_name(id);
    let text = match *v {
        LineupViolation::BoardCount { given, boards, .. } => {
            if de {
                format!("{given} Bretter angegeben, die Mannschaft hat {boards}")
            } else {
                format!("{given} boards given, the team has {boards}")
            }
        }
        LineupViolation::NotRegistered { board, player } => {
            if de {
                format!("Brett {board}: {} ist nicht gemeldet", name(player))
            } else {
                format!("board {board}: {} is not registered", name(player))
            }
        }
        LineupViolation::Twice { board, player } => {
            if de {
                format!("Brett {board}: {} ist schon aufgestellt", name(player))
            } else {
                format!("board {board}: {} is already lined up", name(player))
            }
        }
        LineupViolation::WrongOrder {
            board,
            player,
            ahead_of,
            ..
        } => {
            if de {
                format!(
                    "Brett {board}: {} sitzt vor {}, der in der Rangliste vorher steht; diese und alle folgenden Partien gehen verloren",
                    name(player),
                    name(ahead_of)
                )
            } else {
                format!(
                    "board {board}: {} sits ahead of {}, listed higher; this and all following games are lost",
                    name(player),
                    name(ahead_of)
                )
            }
        }
        LineupViolation::EmptyBoard { board } => {
            if de {
                format!("Brett {board} ist frei; diese und alle folgenden Partien gehen verloren")
            } else {
                format!("board {board} is empty; this and all following games are lost")
            }
        }
    };
    format!("{text} ({})", v.article())
}

/// The violations of a team's lineup in a round, each `{text, article}`.
pub fn lineup_violations(
    ts: &TeamSection,
    team: i64,
    round: i64,
    lang: Lang,
) -> Result<Vec<Value>, AppError> {
    let profile = ts.settings.profile()?;
    let (_, squad) = ts.team(team).ok_or(AppError::NotFound)?;
    let lineup = ts.lineup(team, round).ok_or(AppError::NotFound)?;
    Ok(check_lineup(&profile, squad, &lineup)
        .iter()
        .map(|v| json!({ "text": lineup_message(v, ts, lang), "article": v.article().to_string() }))
        .collect())
}

// ---- pairing --------------------------------------------------------------------------------

/// Pairs the next team round and stores it; returns its number. A team registered or a
/// lineup entered while the round was computed makes it [`AppError::Conflict`] (nothing
/// stored).
pub async fn pair_next(store: &Store, by: i64, section: i64) -> Result<i64, AppError> {
    let revision = store.section_revision(section).await?;
    let ts = load(store, section).await?;
    let last = ts.rounds_paired();
    if last > 0 && !ts.round_complete(last) {
        return Err(AppError::Rule(format!(
            "round {last} must have every match result confirmed before round {} is paired",
            last + 1
        )));
    }
    let next = last + 1;
    if next > ts.section.rounds {
        return Err(AppError::Rule(format!(
            "the section has {} rounds",
            ts.section.rounds
        )));
    }
    let by_number: HashMap<u16, i64> = ts
        .teams
        .iter()
        .map(|(t, _)| (u16::try_from(t.number).unwrap_or(0), t.id))
        .collect();
    let pairing::team::TeamPairing {
        matches: pairs,
        bye,
    } = match ts.settings.system {
        TeamSystem::RoundRobin => round_robin_round(&ts, next)?,
        TeamSystem::Swiss => pairing::team::pair_next_round(&swiss_trf(&ts)?)
            .map_err(|e| AppError::Rule(format!("{e} ({})", e.article())))?,
    };
    let id = |n: u16| by_number.get(&n).copied().ok_or(AppError::NotFound);
    // The pairing names the team with White on board 1 first.
    let white_home = ts.settings.home_colour(1) == 'W';
    let mut matches = Vec::new();
    for (white, black) in pairs {
        let (home, away) = if white_home {
            (white, black)
        } else {
            (black, white)
        };
        matches.push((id(home)?, Some(id(away)?)));
    }
    if let Some(b) = bye {
        matches.push((id(b)?, None));
    }
    let doc = to_json(&MatchDoc::default())?;
    store
        .create_team_round(Some(by), section, Some(revision), next, &matches, &doc)
        .await?;
    Ok(next)
}

/// Round `round` of the Berger table for the teams in team number order (C.05 Annex 1).
fn round_robin_round(ts: &TeamSection, round: i64) -> Result<pairing::team::TeamPairing, AppError> {
    let n = ts.teams.len();
    let single = i64::try_from(if n.is_multiple_of(2) {
        n.saturating_sub(1)
    } else {
        n
    })
    .unwrap_or(0);
    let schedule = if ts.section.rounds > single {
        roundrobin::Schedule::double(n)
    } else {
        roundrobin::Schedule::single(n)
    }
    .map_err(|e| AppError::Rule(format!("team round robin: {e}")))?;
    let boards = usize::try_from(round - 1)
        .ok()
        .and_then(|r| schedule.rounds().get(r))
        .ok_or_else(|| AppError::Rule(format!("the round robin has no round {round}")))?;
    let number = |p: u8| {
        ts.teams
            .get(usize::from(p).saturating_sub(1))
            .map_or(0, |(t, _)| u16::try_from(t.number).unwrap_or(0))
    };
    let mut pairs = Vec::new();
    let mut bye = None;
    for b in boards {
        match *b {
            roundrobin::Board::Game { white, black } => pairs.push((number(white), number(black))),
            roundrobin::Board::Bye(p) => bye = Some(number(p)),
        }
    }
    Ok(pairing::team::TeamPairing {
        matches: pairs,
        bye,
    })
}

/// The section as a TRF-2026 team file for [`pairing::team`]: every team plays with one
/// stand-in player per board, who carries the team's board results; forfeited matches are
/// `330` records, the team bye `U` on every board.
pub fn swiss_trf(ts: &TeamSection) -> Result<trf::Tournament, AppError> {
    use trf::{
        Colour, ForfeitedMatch, Header, Person, Player as TrfPlayer, Record, ResultCode,
        RoundEntry, Team as TrfTeam,
    };
    let boards = ts.settings.profile()?.boards.0;
    let boards16 = u16::try_from(boards).unwrap_or(1);
    let mut t = trf::Tournament::default();
    let lines = t.lines_mut();
    lines.push(trf::Line::new(Record::Header(Header::Rounds(
        u32::try_from(ts.section.rounds).unwrap_or(1),
    ))));
    let [w, d, l] = ts.settings.match_points;
    let whole = |x: u32| trf::Points::from_tenths(i32::try_from(x * 10).unwrap_or(0));
    lines.push(trf::Line::new(Record::Header(Header::TeamScoring(vec![
        ("TW".into(), whole(w)),
        ("TD".into(), whole(d)),
        ("TL".into(), whole(l)),
    ]))));
    let stand_in = |team_no: i64, board: usize| -> u16 {
        u16::try_from(team_no - 1).unwrap_or(0) * boards16 + u16::try_from(board).unwrap_or(0) + 1
    };
    let number_of = |id: i64| ts.team(id).map_or(0, |(t, _)| t.number);
    let rounds = ts.rounds_paired();
    let mut forfeits = Vec::new();
    for (team, squad) in &ts.teams {
        for b in 0..boards {
            let mut entries = Vec::new();
            for r in 1..=rounds {
                let m = ts
                    .matches
                    .iter()
                    .find(|(m, _)| m.round == r && (m.home == team.id || m.away == Some(team.id)));
                let entry = match m {
                    None => RoundEntry::BLANK,
                    Some((m, _)) if m.away.is_none() => RoundEntry {
                        opponent: None,
                        colour: None,
                        result: ResultCode::PairingAllocatedBye,
                    },
                    Some((m, doc)) => {
                        let home = m.home == team.id;
                        let opp = number_of(if home { m.away.unwrap_or(0) } else { m.home });
                        let home_colour = ts.settings.home_colour(b + 1);
                        let colour = match (home, home_colour) {
                            (true, 'W') | (false, 'B') => Colour::White,
                            _ => Colour::Black,
                        };
                        let (enc_home, enc_away) = ts
                            .encounters(m, doc, false)
                            .ok_or_else(|| AppError::Rule(format!("round {r} is not complete")))?;
                        let enc = if home { Some(enc_home) } else { enc_away };
                        let outcome = enc
                            .as_ref()
                            .and_then(|e| e.boards.get(b).map(|x| x.outcome).or(Some(e.result)))
                            .unwrap_or(Outcome::Loss);
                        if let (Some(absent), true, 0) = (doc.forfeit, home, b) {
                            // `330` names the team with White on board 1 first.
                            let home_no = u16::try_from(team.number).unwrap_or(0);
                            let away_no = u16::try_from(opp).unwrap_or(0);
                            let home_wins = absent == Absent::Away;
                            let (white, black, white_wins) = if home_colour == 'W' {
                                (home_no, away_no, home_wins)
                            } else {
                                (away_no, home_no, !home_wins)
                            };
                            forfeits.push(ForfeitedMatch {
                                kind: if white_wins { "+-" } else { "-+" }.into(),
                                round: u16::try_from(r).unwrap_or(0),
                                white,
                                black,
                            });
                        }
                        RoundEntry {
                            opponent: Some(stand_in(opp, b)),
                            colour: Some(colour),
                            result: match outcome {
                                Outcome::Win => ResultCode::Win,
                                Outcome::Draw => ResultCode::Draw,
                                Outcome::ForfeitWin => ResultCode::ForfeitWin,
                                Outcome::ForfeitLoss => ResultCode::ForfeitLoss,
                                _ => ResultCode::Loss,
                            },
                        }
                    }
                };
                entries.push(entry);
            }
            lines.push(trf::Line::new(Record::Player(TrfPlayer {
                person: Person {
                    number: stand_in(team.number, b),
                    sex: None,
                    title: String::new(),
                    name: format!("{} {}", squad.name, b + 1),
                    rating: None,
                    federation: String::new(),
                    id: String::new(),
                    birth_date: String::new(),
                },
                points: None,
                rank: None,
                rounds: entries,
            })));
        }
    }
    for (team, squad) in &ts.teams {
        lines.push(trf::Line::new(Record::Team(TrfTeam {
            number: u16::try_from(team.number).unwrap_or(0),
            name: squad.name.chars().take(32).collect(),
            nickname: String::new(),
            strength: String::new(),
            match_points: None,
            game_points: None,
            rank: None,
            players: (0..boards).map(|b| stand_in(team.number, b)).collect(),
        })));
    }
    for f in forfeits {
        lines.push(trf::Line::new(Record::ForfeitedMatch(f)));
    }
    Ok(t)
}

// ---- lineups and results --------------------------------------------------------------------

/// Who may act for a team: an arbiter (the entry is confirmed at once) or the team's captain
/// (the entry waits for an arbiter). Returns the user id and whether the entry is confirmed.
pub async fn team_actor(
    store: &Store,
    viewer: &crate::Viewer,
    teams: &[i64],
) -> Result<(i64, bool), AppError> {
    let user = viewer.user.as_ref().ok_or(AppError::Forbidden)?;
    if viewer.can_edit() {
        return Ok((user.id, true));
    }
    if user.role == store::Role::Captain
        && let Some(team) = store.captain_team(user.id).await?
        && teams.contains(&team)
    {
        return Ok((user.id, false));
    }
    Err(AppError::Forbidden)
}

/// Enters a team's lineup for a round: player ids board by board, `None` an empty board.
/// Violations do not refuse the lineup: they are shown to the arbiter with their paragraph
/// before the round, and scored by §10.9 and §10.10.
pub async fn enter_lineup(
    store: &Store,
    by: i64,
    confirmed: bool,
    team: i64,
    round: i64,
    players: &[Option<u32>],
) -> Result<i64, AppError> {
    let row = store.team(team).await?;
    let ts = load(store, row.section).await?;
    if round < 1 || round > ts.section.rounds {
        return Err(AppError::BadRequest(format!("no round {round}")));
    }
    let boards = ts.settings.profile()?.boards.0;
    if players.len() != boards {
        return Err(AppError::BadRequest(format!(
            "{} boards given, the team has {boards}",
            players.len()
        )));
    }
    let results_in = ts.matches.iter().any(|(m, doc)| {
        m.round == round
            && (m.home == team || m.away == Some(team))
            && (m.confirmed || doc.boards.iter().any(|b| *b != BoardResult::Pending))
    });
    if results_in {
        return Err(AppError::Rule(format!(
            "round {round} has results: the lineup is fixed (SJRP §10.9)"
        )));
    }
    let lineup = Lineup(players.iter().map(|p| p.map(PlayerId)).collect());
    Ok(store
        .submit_lineup(Some(by), team, round, &to_json(&lineup)?, confirmed)
        .await?)
}

/// Enters the result of a match the caller read at `version`; returns the new version.
pub async fn enter_result(
    store: &Store,
    by: i64,
    confirmed: bool,
    id: i64,
    doc: &MatchDoc,
    version: i64,
) -> Result<i64, AppError> {
    let m = store.team_match(id).await?;
    let ts = load(store, m.section).await?;
    let boards = ts.settings.profile()?.boards.0;
    if m.away.is_none() {
        return Err(AppError::Rule("a team bye has no result to enter".into()));
    }
    if doc.forfeit.is_none() && doc.boards.len() != boards {
        return Err(AppError::BadRequest(format!(
            "{} board results given, the match has {boards} boards",
            doc.boards.len()
        )));
    }
    Ok(store
        .set_match_result(Some(by), id, &to_json(doc)?, confirmed, version)
        .await?)
}

// ---- views ----------------------------------------------------------------------------------

fn points(p: Points) -> String {
    p.to_string()
}

/// The teams with their squads (regulars and substitutes marked) and the squad violations.
pub fn teams_view(ts: &TeamSection, lang: Lang) -> Result<Value, AppError> {
    let boards = ts.settings.profile()?.boards.0;
    let teams: Vec<Value> = ts
        .teams
        .iter()
        .map(|(t, s)| {
            json!({
                "id": t.id,
                "number": t.number,
                "name": s.name,
                "club": s.club,
                "players": s.members.iter().enumerate().map(|(i, m)| json!({
                    "id": m.player.id.0,
                    "position": i + 1,
                    "name": m.player.name(),
                    "dwz": m.player.dwz,
                    "substitute": i >= boards,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(json!({
        "section": ts.section,
        "settings": ts.settings,
        "boards": boards,
        "rounds_paired": ts.rounds_paired(),
        "teams": teams,
        "violations": squad_violations(ts, lang)?,
    }))
}

/// One team's side of a match in a round: lineup with names, status and violations.
fn side_view(ts: &TeamSection, team: i64, round: i64, lang: Lang) -> Result<Value, AppError> {
    let (row, squad) = ts.team(team).ok_or(AppError::NotFound)?;
    let lineup = ts.lineup(team, round).ok_or(AppError::NotFound)?;
    let entered = ts.lineups.get(&(team, round)).map(|(l, _)| l);
    Ok(json!({
        "id": team,
        "number": row.number,
        "name": squad.name,
        "lineup": lineup.0.iter().map(|p| json!({
            "id": p.map(|id| id.0),
            "name": p.map(|id| ts.player_name(id)),
        })).collect::<Vec<_>>(),
        "lineup_id": entered.map(|l| l.id),
        "lineup_status": match entered {
            None => "default",
            Some(l) if l.confirmed => "confirmed",
            Some(_) => "submitted",
        },
        "violations": lineup_violations(ts, team, round, lang)?,
        "squad": squad.members.iter().map(|m| json!({"id": m.player.id.0, "name": m.player.name()})).collect::<Vec<_>>(),
    }))
}

/// The matches of a round with lineups, violations, board colours and scores.
pub fn round_view(ts: &TeamSection, round: i64, lang: Lang) -> Result<Value, AppError> {
    let boards = ts.settings.profile()?.boards.0;
    let mut matches = Vec::new();
    for (m, doc) in ts.matches.iter().filter(|(m, _)| m.round == round) {
        let home = side_view(ts, m.home, round, lang)?;
        let away = match m.away {
            Some(a) => Some(side_view(ts, a, round, lang)?),
            None => None,
        };
        let scored = ts.encounters(m, doc, true);
        let board_rows: Vec<Value> = (0..boards)
            .map(|i| {
                let colour = ts.settings.home_colour(i + 1);
                json!({
                    "board": i + 1,
                    "home_colour": colour.to_string(),
                    "away_colour": if colour == 'W' { "B" } else { "W" },
                    "result": doc.boards.get(i).copied().unwrap_or(BoardResult::Pending).code(),
                    "scored": scored.as_ref().and_then(|(h, a)| {
                        let h = h.boards.get(i)?;
                        let a = a.as_ref()?.boards.get(i)?;
                        Some(format!("{}-{}", outcome_points(h.outcome), outcome_points(a.outcome)))
                    }),
                })
            })
            .collect();
        matches.push(json!({
            "id": m.id,
            "number": m.number,
            "version": m.version,
            "confirmed": m.confirmed,
            "bye": m.away.is_none(),
            "forfeit": doc.forfeit,
            "home": home,
            "away": away,
            "boards": board_rows,
            "home_points": scored.as_ref().map(|(h, _)| points(h.board_points)),
            "away_points": scored.as_ref().and_then(|(_, a)| a.as_ref().map(|a| points(a.board_points))),
            "home_match_points": scored.as_ref().map(|(h, _)| points(h.match_points)),
            "away_match_points": scored.as_ref().and_then(|(_, a)| a.as_ref().map(|a| points(a.match_points))),
        }));
    }
    if matches.is_empty() {
        return Err(AppError::NotFound);
    }
    Ok(json!({
        "section": ts.section,
        "round": round,
        "boards": boards,
        "complete": ts.round_complete(round),
        "matches": matches,
        "results": BoardResult::ALL.iter().map(|r| r.code()).collect::<Vec<_>>(),
    }))
}

fn outcome_points(o: Outcome) -> &'static str {
    match o {
        Outcome::Win | Outcome::ForfeitWin => "1",
        Outcome::Draw => "½",
        _ => "0",
    }
}

/// The standings in the section's order with the criteria values, the best player per board
/// and the crosstable (board points against each opponent).
pub fn standings_view(ts: &TeamSection) -> Result<Value, AppError> {
    let criteria = ts.settings.criteria()?;
    let teams = ts.standings_teams();
    let table = standings::team::rank(&teams, &criteria);
    let rows: Vec<Value> = table
        .iter()
        .map(|r| {
            json!({
                "rank": r.rank,
                "tied": r.tied,
                "number": r.number,
                "name": r.name,
                "values": r.values.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })
        })
        .collect();
    let team_name = |n: u16| {
        teams
            .iter()
            .find(|t| t.number == n)
            .map_or_else(String::new, |t| t.name.clone())
    };
    let leaders: Vec<Value> = standings::team::board_leaders(&teams)
        .iter()
        .map(|l| {
            json!({
                "board": l.board,
                "player": ts.player_name(PlayerId(u32::from(l.player))),
                "team": team_name(l.team),
                "points": points(l.points),
                "games": l.games,
            })
        })
        .collect();
    let order: Vec<u16> = table.iter().map(|r| r.number).collect();
    let cross: Vec<Value> = order
        .iter()
        .filter_map(|&n| teams.iter().find(|t| t.number == n))
        .map(|t| {
            let cells: Vec<String> = order
                .iter()
                .map(|&o| {
                    if o == t.number {
                        return "×".to_owned();
                    }
                    t.encounters
                        .iter()
                        .filter(|e| e.opponent == Some(o))
                        .map(|e| points(e.board_points))
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            json!({
                "number": t.number,
                "name": t.name,
                "cells": cells,
                "match_points": points(t.match_points()),
                "board_points": points(t.board_points()),
            })
        })
        .collect();
    Ok(json!({
        "section": ts.section,
        "order": ts.settings.order,
        "criteria": criteria.iter().map(|c| json!({"code": c.code(), "article": c.article().to_string()})).collect::<Vec<_>>(),
        "rows": rows,
        "board_leaders": leaders,
        "crosstable": cross,
    }))
}

// ---- section creation -----------------------------------------------------------------------

/// A new team section.
#[derive(Debug, Clone, Deserialize)]
pub struct NewTeamSection {
    pub name: String,
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
    #[serde(default)]
    pub year: Option<u16>,
    #[serde(default)]
    pub csrf: Option<String>,
}

/// Creates a team section under an event; returns the section id.
pub async fn create_section(
    store: &Store,
    by: i64,
    event: i64,
    f: &NewTeamSection,
) -> Result<i64, AppError> {
    let ev = store.event(event).await?;
    let mut settings = Settings::club(&f.competition, f.system.trim())?;
    if !f.colours.trim().is_empty() {
        settings.colours = f.colours.trim().to_ascii_uppercase();
    }
    if !f.order.trim().is_empty() {
        settings.order = f.order.trim().to_owned();
    }
    settings.year = f
        .year
        .or_else(|| ev.start_date.get(..4).and_then(|y| y.parse().ok()))
        .unwrap_or(settings.year);
    settings.check()?;
    validate::text(Field::Colours, &settings.colours, validate::MAX_TEXT)?;
    let profile = settings.profile()?;
    if let (TeamSystem::Swiss, Some((max, article))) = (settings.system, profile.max_swiss_rounds)
        && f.rounds > max
    {
        return Err(AppError::Rule(format!(
            "at most {max} Swiss rounds ({article})"
        )));
    }
    validate::required(Field::SectionName, f.name.trim(), validate::MAX_TEXT)?;
    validate::number(
        Field::Rounds,
        u64::from(f.rounds),
        1,
        u64::from(validate::MAX_ROUNDS),
    )?;
    let criteria: Vec<String> = settings.criteria()?.iter().map(|c| c.code()).collect();
    let id = store
        .create_section(
            Some(by),
            event,
            f.name.trim(),
            i64::from(f.rounds),
            &criteria.join(","),
            "",
        )
        .await?;
    store
        .create_team_section(Some(by), id, &to_json(&settings)?)
        .await?;
    Ok(id)
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
            csrf: None,
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

    #[test]
    fn settings_refuse_bad_colours_and_orders() {
        let mut s = Settings::club("WK III", "swiss").unwrap();
        assert_eq!(s.profile().unwrap().pseudo_rating, Some(800));
        s.colours = "WXWB".into();
        assert!(s.check().is_err());
        s.colours = "WB".into();
        assert_eq!(s.home_colour(3), 'W');
        s.order = "sjrp-swiss".into();
        assert!(s.check().is_err());
        assert!(Settings::club("club_u99", "swiss").is_err());
    }

    #[test]
    fn dsj_competitions_count_unrated_players_by_age_group() {
        let s = Settings::club("club_u12_dsj", "round_robin").unwrap();
        assert_eq!(s.profile().unwrap().pseudo_rating, Some(1200));
        assert_eq!(
            Settings::club("club_u12", "round_robin")
                .unwrap()
                .profile()
                .unwrap()
                .pseudo_rating,
            None
        );
        assert!(Settings::club("WK III_dsj", "swiss").is_err());
    }

    #[test]
    fn board_results_read_both_spellings() {
        assert_eq!("1/2-1/2".parse::<BoardResult>().unwrap(), BoardResult::Draw);
        assert_eq!("".parse::<BoardResult>().unwrap(), BoardResult::Pending);
        assert!("2-0".parse::<BoardResult>().is_err());
        for r in BoardResult::ALL {
            assert_eq!(r.code().parse::<BoardResult>().unwrap(), r);
        }
    }
}
