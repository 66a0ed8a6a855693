//! Team events (SJRP Spielordnung §10-§18): team sections, squads, lineups per round checked
//! before the round, team pairing, match results per board and the team standings with board
//! statistics and a crosstable.
//!
//! The rules come from the team layer: [`event::team`] checks squads and lineups and scores
//! the boards, [`pairing::team`] pairs the team Swiss, [`roundrobin`] the team round robin and
//! [`standings::team`] ranks. This module keeps the documents ([`TeamSection`]); the
//! operations are methods of [`crate::Service`] ([`registration`], [`pairing`](mod@pairing),
//! [`play`]) and [`views`] turns a section into what the pages and the API show.
//!
//! ```
//! use service::teams::{BoardResult, Settings};
//!
//! let settings = Settings::club("club_u16", "round_robin")?;
//! assert_eq!(settings.profile()?.boards.0, 4);
//! assert_eq!(settings.home_colour(1), 'B');
//! assert_eq!("½-½".parse::<BoardResult>()?, BoardResult::Draw);
//! # Ok::<(), service::ServiceError>(())
//! ```

pub mod exports;
pub mod messages;
pub mod pairing;
pub mod play;
pub mod registration;
pub mod tandem;
pub mod views;
pub mod withdrawal;

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use event::person::PlayerId;
use event::team::lineup::{
    Lineup, MatchPoints, Side, apply_lineup_rules, encounters, forfeited_match,
};
use event::team::school::Group;
use event::team::squad::{Profile, Squad};
use serde::{Deserialize, Serialize};
use standings::team::{Criterion, Encounter, Team};
use standings::{Outcome, Points};
use store::{Store, TeamMatch, TeamRow};

use crate::{Service, ServiceError};

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
    /// How the teams are paired (§10.3, §18.11).
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
    /// The thinking time in the TRF-2026 `222` notation (`1500+5`: 25 minutes plus 5 seconds
    /// a move); empty while the director has not set it (§10.11, §18.12).
    #[serde(default)]
    pub time_control: String,
}

impl Settings {
    /// A section of `competition` paired by `system` (`round_robin` or `swiss`) with the
    /// defaults: colours `BWBW` (the first-named team has Black on board 1; the Spielordnung
    /// sets no board colours, §10.4 only chooses round robin or Swiss, so the director may
    /// change them), 2/1/0 match points (§10.2) and the §10.5 or §10.6 order.
    pub fn club(competition: &str, system: &str) -> Result<Settings, ServiceError> {
        let system = match system {
            "swiss" => TeamSystem::Swiss,
            "round_robin" | "" => TeamSystem::RoundRobin,
            other => {
                return Err(ServiceError::BadRequest(format!(
                    "system `{other}`: expected swiss or round_robin"
                )));
            }
        };
        let settings = Settings {
            competition: competition.trim().to_owned(),
            system,
            colours: tandem::default_colours(competition).into(),
            order: match system {
                TeamSystem::Swiss => "sjrp-teams-swiss".into(),
                TeamSystem::RoundRobin => "sjrp-teams-rr".into(),
            },
            match_points: [2, 1, 0],
            year: 2026,
            time_control: String::new(),
        };
        settings.profile()?;
        Ok(settings)
    }

    /// The squad rules of the competition.
    pub fn profile(&self) -> Result<Profile, ServiceError> {
        if let Some(club) = self.competition.strip_suffix("_dsj") {
            let base = Settings {
                competition: club.to_owned(),
                ..self.clone()
            }
            .profile()?;
            return base.with_dsj_pseudo_ratings().ok_or_else(|| {
                ServiceError::BadRequest(format!(
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
            event::team::squad::TANDEM => Profile::tandem(),
            other => Profile::school(other.parse::<Group>().map_err(|e| {
                ServiceError::BadRequest(format!(
                    "competition `{other}`: not a club competition (club_u20, club_u16, ...); {e}"
                ))
            })?),
        })
    }

    /// The criteria of the standings order.
    pub fn criteria(&self) -> Result<Vec<Criterion>, ServiceError> {
        standings::tiebreak::preset::find(&self.order)
            .and_then(|p| p.team_criteria())
            .map_err(|e| ServiceError::BadRequest(format!("order `{}`: {e}", self.order)))
    }

    /// The criteria of the standings order with the provision each rests on (SJRP §10.2,
    /// §10.5 or §10.6 Nr. 1-4 for the SJRP orders).
    pub fn cited_criteria(&self) -> Result<Vec<(Criterion, laws::Article)>, ServiceError> {
        standings::tiebreak::preset::find(&self.order)
            .and_then(|p| p.team_articles())
            .map_err(|e| ServiceError::BadRequest(format!("order `{}`: {e}", self.order)))
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

    /// Minutes per player and game of the time control: the time for 60 moves (Appendix A.1,
    /// the measure the DWZ uses too); `None` while none is set.
    pub fn minutes(&self) -> Result<Option<u32>, ServiceError> {
        let text = self.time_control.trim();
        if text.is_empty() {
            return Ok(None);
        }
        let control: laws::time_control::TimeControl = text.parse().map_err(|e| {
            ServiceError::BadRequest(format!(
                "time control `{text}`: {e}; expected the TRF notation in seconds, e.g. 1500+5"
            ))
        })?;
        let minutes = laws::game_type::budget_ms(&control) / 60_000;
        Ok(Some(u32::try_from(minutes).unwrap_or(u32::MAX)))
    }

    pub(crate) fn check(&self) -> Result<(), ServiceError> {
        self.profile()?;
        self.minutes()?;
        self.criteria()?;
        if self.colours.is_empty() || !self.colours.chars().all(|c| c == 'W' || c == 'B') {
            return Err(ServiceError::BadRequest(format!(
                "board colours `{}`: W and B only, e.g. WBWB (TRF26 352)",
                self.colours
            )));
        }
        let [win, draw, loss] = self.match_points;
        if !(win > draw && draw >= loss) {
            return Err(ServiceError::BadRequest(
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
    pub(crate) fn home(self) -> Option<Outcome> {
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
    type Err = ServiceError;

    fn from_str(s: &str) -> Result<BoardResult, ServiceError> {
        let s = s.trim().replace("1/2", "½");
        BoardResult::ALL
            .into_iter()
            .find(|r| r.code() == s || (s.is_empty() && *r == BoardResult::Pending))
            .ok_or_else(|| {
                ServiceError::BadRequest(format!(
                    "board result `{s}`: expected 1-0, ½-½, 0-1, +-, -+, -- or *"
                ))
            })
    }
}

/// Which team did not turn up to a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Absent {
    /// The first-named (home) team.
    Home,
    /// The second-named (away) team.
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
    /// The section's row.
    pub section: store::Section,
    /// The team settings.
    pub settings: Settings,
    /// The settings' version as read (optimistic locking).
    pub version: i64,
    /// The teams with their squads, in registration order.
    pub teams: Vec<(TeamRow, Squad)>,
    /// Lineups by (team id, round).
    pub lineups: HashMap<(i64, i64), (store::Lineup, Lineup)>,
    /// The matches of every paired round with their board results.
    pub matches: Vec<(TeamMatch, MatchDoc)>,
}

pub(crate) fn parse_doc<T: serde::de::DeserializeOwned>(
    what: &str,
    text: &str,
) -> Result<T, ServiceError> {
    serde_json::from_str(text).map_err(|e| ServiceError::Internal(format!("{what} document: {e}")))
}

pub(crate) fn to_json<T: Serialize>(value: &T) -> Result<String, ServiceError> {
    serde_json::to_string(value).map_err(|e| ServiceError::Internal(e.to_string()))
}

impl Service {
    /// A team section as stored; [`ServiceError::NotFound`] for an individual section.
    pub async fn team_section(&self, section: i64) -> Result<TeamSection, ServiceError> {
        load(&self.store, section).await
    }

    /// A team section as a viewer sees it: arbiters everything, everyone else (the public and
    /// captains) its published rounds only ([`TeamSection::published`]).
    pub async fn team_section_view(
        &self,
        section: i64,
        arbiter: bool,
    ) -> Result<TeamSection, ServiceError> {
        let ts = self.team_section(section).await?;
        Ok(if arbiter { ts } else { ts.published() })
    }
}

/// Reads a team section; [`ServiceError::NotFound`] for an individual section.
pub async fn load(store: &Store, section: i64) -> Result<TeamSection, ServiceError> {
    let row = store
        .team_section(section)
        .await?
        .ok_or(ServiceError::NotFound)?;
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
    /// The section with its published rounds only: the matches and lineups of a round still
    /// in preview are left out, so nothing of it reaches a page, the API or a file.
    pub fn published(mut self) -> TeamSection {
        let preview: Vec<i64> = self
            .matches
            .iter()
            .filter(|(m, _)| !m.published)
            .map(|(m, _)| m.round)
            .collect();
        self.matches.retain(|(m, _)| m.published);
        self.lineups
            .retain(|(_, round), _| !preview.contains(round));
        self
    }

    /// The last published round (0 before the first).
    pub fn rounds_published(&self) -> i64 {
        self.matches
            .iter()
            .filter(|(m, _)| m.published)
            .map(|(m, _)| m.round)
            .max()
            .unwrap_or(0)
    }

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
    pub(crate) fn encounters(
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
        self.standings_teams_until(self.rounds_paired())
    }

    /// Every team with its confirmed matches of the rounds up to `last`.
    pub fn standings_teams_until(&self, last: i64) -> Vec<Team> {
        let mut teams: Vec<Team> = self
            .teams
            .iter()
            .map(|(t, s)| Team {
                number: u16::try_from(t.number).unwrap_or(0),
                name: s.name.clone(),
                encounters: Vec::new(),
            })
            .collect();
        for (m, doc) in self.matches.iter().filter(|(m, _)| m.round <= last) {
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

    /// The boards (from 0) of a match whose game, played over the board, the lineup rules
    /// score as lost (§10.9): both players sat, a played result was entered, and the scored
    /// board is a forfeit.
    fn rule_boards(&self, m: &TeamMatch, doc: &MatchDoc) -> Vec<usize> {
        let (Some((home, _)), Some(away)) = (self.encounters(m, doc, false), m.away) else {
            return Vec::new();
        };
        let seated = |team: i64, i: usize| {
            self.lineup(team, m.round)
                .is_some_and(|l| l.0.get(i).copied().flatten().is_some())
        };
        let played = [
            BoardResult::HomeWins,
            BoardResult::Draw,
            BoardResult::AwayWins,
        ];
        home.boards
            .iter()
            .enumerate()
            .filter(|(i, b)| {
                seated(m.home, *i)
                    && seated(away, *i)
                    && doc.boards.get(*i).is_some_and(|r| played.contains(r))
                    && matches!(b.outcome, Outcome::ForfeitWin | Outcome::ForfeitLoss)
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// `teams` ([`TeamSection::standings_teams`]) for the board leaders: a board the lineup
    /// rules decided (§10.9) is no game at the board for either player (player 0, which
    /// [`standings::team::board_leaders`] leaves out).
    pub fn leader_teams(&self, teams: &[Team]) -> Vec<Team> {
        let mut teams = teams.to_vec();
        for (m, doc) in &self.matches {
            let boards = self.rule_boards(m, doc);
            if boards.is_empty() {
                continue;
            }
            let round = usize::try_from(m.round).unwrap_or(0);
            let numbers: Vec<u16> = [Some(m.home), m.away]
                .into_iter()
                .flatten()
                .filter_map(|id| self.team(id))
                .filter_map(|(t, _)| u16::try_from(t.number).ok())
                .collect();
            for t in teams.iter_mut().filter(|t| numbers.contains(&t.number)) {
                for e in t.encounters.iter_mut().filter(|e| e.round == round) {
                    for &i in &boards {
                        if let Some(b) = e.boards.get_mut(i) {
                            b.player = 0;
                        }
                    }
                }
            }
        }
        teams
    }

    /// Whether a result of round `round` has been entered (the round has begun, §21.2.3).
    pub fn round_begun(&self, round: i64) -> bool {
        self.matches.iter().any(|(m, doc)| {
            m.round == round
                && (doc.forfeit.is_some() || doc.boards.iter().any(|b| *b != BoardResult::Pending))
        })
    }

    /// Whether every round is paired and complete: the tournament is over (§21.2.4).
    pub fn finished(&self) -> bool {
        let rounds = self.section.rounds;
        rounds > 0 && self.rounds_paired() == rounds && (1..=rounds).all(|r| self.round_complete(r))
    }

    /// Whether every match of a round has a confirmed, complete result.
    pub fn round_complete(&self, round: i64) -> bool {
        self.matches
            .iter()
            .filter(|(m, _)| m.round == round)
            .all(|(m, doc)| self.encounters(m, doc, false).is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
