//! Pairing a team round: the Berger table of a team round robin (C.05 Annex 1) or the team
//! Swiss of [`pairing::team`] (C.04.6 on the Dutch engine) over the section written as a
//! TRF-2026 team file.

use std::collections::HashMap;

use laws::Article;
use pairing::team::{TeamPairing, TeamPairingError, pair_round_of};
use standings::Outcome;

use super::{Absent, MatchDoc, TeamSection, TeamSystem, to_json};
use crate::{Service, ServiceError};

/// The Berger tables of a round robin.
pub const BERGER: Article = Article::new("C.05 Annex 1");

impl Service {
    /// Pairs the next team round (Berger table or team Swiss) and stores it; returns its
    /// number. A team registered or a lineup entered while the round was computed makes it
    /// [`ServiceError::Conflict`] (nothing stored).
    pub async fn pair_team_round(
        &self,
        by: Option<i64>,
        section: i64,
    ) -> Result<i64, ServiceError> {
        let revision = self.store.section_revision(section).await?;
        let ts = self.team_section(section).await?;
        let last = ts.rounds_paired();
        if last > 0 && !ts.round_complete(last) {
            return Err(ServiceError::rule_in(
                format!(
                    "round {last} must have every match result confirmed before round {} is paired",
                    last + 1
                ),
                format!(
                    "Runde {last} braucht alle Mannschaftsergebnisse bestätigt, bevor Runde {} \
                     gepaart wird",
                    last + 1
                ),
            ));
        }
        let next = last + 1;
        if next > ts.section.rounds {
            let n = ts.section.rounds;
            return Err(ServiceError::rule_in(
                format!("the section has {n} rounds"),
                format!("die Gruppe hat {n} Runden"),
            ));
        }
        let TeamPairing {
            matches: pairs,
            bye,
        } = match ts.settings.system {
            TeamSystem::RoundRobin => round_robin_round(&ts, next)?,
            TeamSystem::Swiss => {
                let round = u32::try_from(next).unwrap_or(u32::MAX);
                pair_round_of(&swiss_trf(&ts)?, round).map_err(refused)?
            }
        };
        let matches = stored_matches(&ts, &pairs, bye)?;
        let doc = to_json(&MatchDoc::default())?;
        self.store
            .create_team_round(by, section, Some(revision), next, &matches, &doc)
            .await?;
        // A round robin keeps a departed team's place in the Berger table: its match is lost
        // by forfeit (Art. 6.7.1).
        if ts.teams.iter().any(|(_, s)| s.withdrawn.is_some()) {
            let ts = self.team_section(section).await?;
            self.forfeit_departed(by, &ts).await?;
        }
        Ok(next)
    }
}

impl Service {
    /// Publishes the paired team round `round`: until then it is a preview the arbiters see
    /// and the public (and captains) do not. Refused when the round is not paired or already
    /// published.
    pub async fn publish_team_round(
        &self,
        by: Option<i64>,
        section: i64,
        round: i64,
    ) -> Result<(), ServiceError> {
        let ts = self.team_section(section).await?;
        if !ts.matches.iter().any(|(m, _)| m.round == round) {
            return Err(ServiceError::NotFound);
        }
        self.store
            .publish_team_round(by, section, round)
            .await
            .map_err(|e| match e {
                store::StoreError::NotFound { .. } => ServiceError::rule_in(
                    format!("round {round} is published already"),
                    format!("Runde {round} ist schon veröffentlicht"),
                ),
                e => e.into(),
            })?;
        // A failed backup is reported by `backup_after_publish` and never undoes the publication.
        self.backup_after_publish(section, round).await;
        Ok(())
    }
}

/// A team pairing the engine refuses, with its provision.
fn refused(e: TeamPairingError) -> ServiceError {
    ServiceError::rule_at(
        e.article(),
        e.to_string(),
        format!("Mannschaftspaarung nicht möglich: {e}"),
    )
}

/// The matches of a pairing as stored: (home team id, away team id), the bye last. The
/// pairing names the team with White on board 1 first.
fn stored_matches(
    ts: &TeamSection,
    pairs: &[(u16, u16)],
    bye: Option<u16>,
) -> Result<Vec<(i64, Option<i64>)>, ServiceError> {
    let by_number: HashMap<u16, i64> = ts
        .teams
        .iter()
        .map(|(t, _)| (u16::try_from(t.number).unwrap_or(0), t.id))
        .collect();
    let id = |n: u16| by_number.get(&n).copied().ok_or(ServiceError::NotFound);
    let white_home = ts.settings.home_colour(1) == 'W';
    let mut matches = Vec::new();
    for &(white, black) in pairs {
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
    Ok(matches)
}

/// Round `round` of the Berger table for the teams in team number order (C.05 Annex 1).
fn round_robin_round(ts: &TeamSection, round: i64) -> Result<TeamPairing, ServiceError> {
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
    .map_err(|e| {
        ServiceError::rule_at(
            BERGER,
            format!("team round robin: {e}"),
            format!("Mannschaftsrundenturnier: {e}"),
        )
    })?;
    let boards = usize::try_from(round - 1)
        .ok()
        .and_then(|r| schedule.rounds().get(r))
        .ok_or_else(|| {
            ServiceError::rule_at(
                BERGER,
                format!("the round robin has no round {round}"),
                format!("das Rundenturnier hat keine Runde {round}"),
            )
        })?;
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
    Ok(TeamPairing {
        matches: pairs,
        bye,
    })
}

/// The section as a TRF-2026 team file for [`pairing::team`]: every team plays with one
/// stand-in player per board, who carries the team's board results; forfeited matches are
/// `330` records, the team bye `U` on every board. A team that left the competition is absent
/// (`Z` on every board) in the round to pair, so the team Swiss leaves it out.
pub fn swiss_trf(ts: &TeamSection) -> Result<trf::Tournament, ServiceError> {
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
                        let (enc_home, enc_away) =
                            ts.encounters(m, doc, false).ok_or_else(|| {
                                ServiceError::rule_in(
                                    format!("round {r} is not complete"),
                                    format!("Runde {r} ist nicht vollständig"),
                                )
                            })?;
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
            if !squad.plays(u32::try_from(rounds + 1).unwrap_or(u32::MAX)) {
                entries.push(RoundEntry {
                    opponent: None,
                    colour: None,
                    result: ResultCode::ZeroPointBye,
                });
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
