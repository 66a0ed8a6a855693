//! The files of a team section: TRF-2026 with the team records (`310` squads in board order,
//! `300` lineups, `320` team byes, `330` forfeited matches, `352` board colours, `362` match
//! points) and every board game as `001` player records; the DSB report (DSB XML 2026 and
//! SWI/ELOBASE, team tournament types `TW`/`TR`) with every board game, for the DWZ
//! evaluation; and the team standings as CSV.
//!
//! Players are numbered team by team (team number order), each squad in its registered
//! order (§10.8). A board a team leaves empty (§10.10) is a forfeit win without opponent for
//! the player facing it; a forfeited match (a team absent) gives the present team's lineup
//! forfeit wins without opponent and a `330` record; a board lost by the lineup rules
//! (§10.9) stays a forfeit (`+`/`-`, not rated).

use std::collections::HashMap;

use event::dsb_io::{name_uuid, report_player};
use event::person::PlayerId;
use event::trf_io::{header, result_code, trf_birth, trf_date};
use laws::GameResult;
use ratinglist::dsb::{self, ByePoints, Pairing, Report, TournamentType};
use standings::{Outcome, Points};
use store::TeamMatch;
use trf::{Colour, Header, Line, Record, ResultCode, RoundEntry};

use super::{Absent, MatchDoc, TeamSection, TeamSystem};
use crate::{Service, ServiceError};

/// One player's part of a board: the opponent's number (none for an empty board or a
/// forfeited match), the colour and the scored outcome (`None` while pending).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Seat {
    opponent: Option<u16>,
    white: bool,
    outcome: Option<Outcome>,
}

/// A team's part of a round: its opponent (none for the team bye) and its lineup, for `300`.
struct TeamRound {
    opponent: Option<u16>,
    lineup: Vec<Option<u16>>,
}

/// What the files need of a section's rounds: every player's seat per round, every team's
/// round, team byes and forfeited matches.
struct Played {
    seats: HashMap<(u16, i64), Seat>,
    teams: HashMap<(u16, i64), TeamRound>,
    byes: HashMap<i64, u16>,
    forfeits: Vec<trf::ForfeitedMatch>,
}

/// An export the data cannot be written as: the reason in English and German.
fn not_exported(format: &str, e: &dyn std::fmt::Display) -> ServiceError {
    ServiceError::rule_in(
        format!("{format}: {e}"),
        format!("{format} kann nicht geschrieben werden: {e}"),
    )
}

impl TeamSection {
    /// The pairing number of every registered player: team by team in team number order,
    /// each squad in its order; at most 9999 (TRF).
    fn player_numbers(&self) -> Result<HashMap<PlayerId, u16>, ServiceError> {
        let mut teams: Vec<_> = self.teams.iter().collect();
        teams.sort_by_key(|(t, _)| t.number);
        let mut numbers = HashMap::new();
        for (_, squad) in teams {
            for m in &squad.members {
                let n = u16::try_from(numbers.len() + 1)
                    .ok()
                    .filter(|&n| n <= 9999)
                    .ok_or_else(|| not_exported("TRF", &"more than 9999 players"))?;
                numbers.insert(m.player.id, n);
            }
        }
        Ok(numbers)
    }

    /// The team number of a team id.
    fn team_number(&self, id: i64) -> u16 {
        self.team(id)
            .and_then(|(t, _)| u16::try_from(t.number).ok())
            .unwrap_or(0)
    }

    /// The lineup of a team in a round as pairing numbers.
    fn numbered_lineup(
        &self,
        team: i64,
        round: i64,
        numbers: &HashMap<PlayerId, u16>,
    ) -> Vec<Option<u16>> {
        self.lineup(team, round)
            .map(|l| {
                l.0.iter()
                    .map(|p| p.and_then(|id| numbers.get(&id).copied()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The rounds up to `last` as the files write them; `confirmed_only` leaves results not
    /// confirmed by an arbiter pending.
    fn played(&self, last: i64, confirmed_only: bool) -> Result<Played, ServiceError> {
        let numbers = self.player_numbers()?;
        let mut played = Played {
            seats: HashMap::new(),
            teams: HashMap::new(),
            byes: HashMap::new(),
            forfeits: Vec::new(),
        };
        for (m, doc) in self.matches.iter().filter(|(m, _)| m.round <= last) {
            self.play_match(m, doc, &numbers, confirmed_only, &mut played);
        }
        Ok(played)
    }

    /// Adds one match's boards to `played`.
    fn play_match(
        &self,
        m: &TeamMatch,
        doc: &MatchDoc,
        numbers: &HashMap<PlayerId, u16>,
        confirmed_only: bool,
        played: &mut Played,
    ) {
        let home_no = self.team_number(m.home);
        let home = self.numbered_lineup(m.home, m.round, numbers);
        let Some(away_id) = m.away else {
            // Team bye: every board of the lineup scores the pairing-allocated bye.
            for p in home.iter().flatten() {
                let seat = Seat {
                    opponent: None,
                    white: false,
                    outcome: Some(Outcome::PairingBye),
                };
                played.seats.insert((*p, m.round), seat);
            }
            played.byes.insert(m.round, home_no);
            played.teams.insert(
                (home_no, m.round),
                TeamRound {
                    opponent: None,
                    lineup: home,
                },
            );
            return;
        };
        let away_no = self.team_number(away_id);
        let away = self.numbered_lineup(away_id, m.round, numbers);
        if let Some(absent) = doc.forfeit {
            let (present_no, absent_no, lineup) = match absent {
                Absent::Home => (away_no, home_no, away),
                Absent::Away => (home_no, away_no, home),
            };
            for (i, p) in lineup.iter().enumerate() {
                if let Some(p) = p {
                    let home_white = self.settings.home_colour(i + 1) == 'W';
                    let seat = Seat {
                        opponent: None,
                        white: home_white == (absent == Absent::Away),
                        outcome: Some(Outcome::ForfeitWin),
                    };
                    played.seats.insert((*p, m.round), seat);
                }
            }
            let home_white = self.settings.home_colour(1) == 'W';
            let home_wins = absent == Absent::Away;
            let (white, black, white_wins) = if home_white {
                (home_no, away_no, home_wins)
            } else {
                (away_no, home_no, !home_wins)
            };
            played.forfeits.push(trf::ForfeitedMatch {
                kind: if white_wins { "+-" } else { "-+" }.into(),
                round: u16::try_from(m.round).unwrap_or(0),
                white,
                black,
            });
            played.teams.insert(
                (present_no, m.round),
                TeamRound {
                    opponent: Some(absent_no),
                    lineup,
                },
            );
            return;
        }
        let scored = self
            .encounters(m, doc, !confirmed_only)
            .and_then(|(h, a)| Some((h, a?)));
        for i in 0..home.len().max(away.len()) {
            let h = home.get(i).copied().flatten();
            let a = away.get(i).copied().flatten();
            let outcomes = match &scored {
                Some((he, ae)) => (
                    he.boards.get(i).map(|b| b.outcome),
                    ae.boards.get(i).map(|b| b.outcome),
                ),
                // Pending: a board left empty still loses (§10.10).
                None => match (h, a) {
                    (Some(_), None) => (Some(Outcome::ForfeitWin), None),
                    (None, Some(_)) => (None, Some(Outcome::ForfeitWin)),
                    _ => (None, None),
                },
            };
            let home_white = self.settings.home_colour(i + 1) == 'W';
            if let Some(p) = h {
                let seat = Seat {
                    opponent: a,
                    white: home_white,
                    outcome: outcomes.0,
                };
                played.seats.insert((p, m.round), seat);
            }
            if let Some(p) = a {
                let seat = Seat {
                    opponent: h,
                    white: !home_white,
                    outcome: outcomes.1,
                };
                played.seats.insert((p, m.round), seat);
            }
        }
        played.teams.insert(
            (home_no, m.round),
            TeamRound {
                opponent: Some(away_no),
                lineup: home,
            },
        );
        played.teams.insert(
            (away_no, m.round),
            TeamRound {
                opponent: Some(home_no),
                lineup: away,
            },
        );
    }

    /// The section as TRF-2026 up to round `last` (the rounds the viewer may see), with each
    /// player's birth field from `birth`.
    pub fn to_trf(
        &self,
        event: &event::Event,
        last: i64,
        birth: &dyn Fn(&event::player::Player) -> String,
    ) -> Result<trf::Tournament, ServiceError> {
        let numbers = self.player_numbers()?;
        let played = self.played(last, false)?;
        let rounds = u32::try_from(self.section.rounds).unwrap_or(1);
        let mut t = trf::Tournament::default();
        let lines = t.lines_mut();
        lines.push(header(
            12,
            format!("{} - {}", event.name, self.section.name),
        ));
        lines.push(header(22, event.venue.clone()));
        lines.push(header(42, trf_date(event.start)));
        lines.push(header(52, trf_date(event.end)));
        lines.push(header(62, numbers.len().to_string()));
        lines.push(header(
            92,
            match self.settings.system {
                TeamSystem::Swiss => "Team Swiss system",
                TeamSystem::RoundRobin => "Team round robin (Berger)",
            },
        ));
        lines.push(Line::new(Record::Header(Header::Rounds(rounds))));
        lines.push(header(
            192,
            match self.settings.system {
                TeamSystem::Swiss => "FIDE_TEAM_MP_GP",
                TeamSystem::RoundRobin => "FIDE_TEAM_ROUNDROBIN",
            },
        ));
        lines.push(header(352, self.settings.colours.clone()));
        let whole = |x: u32| trf::Points::from_tenths(i32::try_from(x * 10).unwrap_or(0));
        let [w, d, l] = self.settings.match_points;
        lines.push(Line::new(Record::Header(Header::TeamScoring(vec![
            ("TW".into(), whole(w)),
            ("TD".into(), whole(d)),
            ("TL".into(), whole(l)),
        ]))));
        let mut teams: Vec<_> = self.teams.iter().collect();
        teams.sort_by_key(|(t, _)| t.number);
        for (_, squad) in &teams {
            for member in &squad.members {
                let p = &member.player;
                let n = numbers.get(&p.id).copied().unwrap_or(0);
                let entries: Vec<RoundEntry> = (1..=last)
                    .map(|r| match played.seats.get(&(n, r)) {
                        None => RoundEntry::BLANK,
                        Some(s) => RoundEntry {
                            opponent: s.opponent,
                            colour: match (s.opponent, s.outcome) {
                                (_, Some(Outcome::PairingBye)) => None,
                                _ => Some(if s.white {
                                    Colour::White
                                } else {
                                    Colour::Black
                                }),
                            },
                            result: s.outcome.map_or(ResultCode::Pending, result_code),
                        },
                    })
                    .collect();
                let halves: i32 = (1..=last)
                    .filter_map(|r| played.seats.get(&(n, r))?.outcome)
                    .map(|o| match o {
                        Outcome::Win | Outcome::ForfeitWin | Outcome::PairingBye => 2,
                        Outcome::Draw => 1,
                        _ => 0,
                    })
                    .sum();
                let mut rounds = entries;
                while rounds.last() == Some(&RoundEntry::BLANK) {
                    rounds.pop();
                }
                lines.push(Line::new(Record::Player(trf::Player {
                    person: p.trf_person(n, birth(p)),
                    points: Some(trf::Points::from_halves(halves)),
                    rank: None,
                    rounds,
                })));
            }
        }
        let criteria = self.settings.criteria()?;
        let standing_teams = self.standings_teams_until(last);
        let table = standings::team::rank(&standing_teams, &criteria);
        for (row, squad) in &teams {
            let number = u16::try_from(row.number).unwrap_or(0);
            let standing = table.iter().find(|r| r.number == number);
            let team = standing_teams.iter().find(|t| t.number == number);
            lines.push(Line::new(Record::Team(trf::Team {
                number,
                name: squad.name.chars().take(32).collect(),
                nickname: String::new(),
                strength: String::new(),
                match_points: team.map(|t| trf_points(t.match_points())),
                game_points: team.map(|t| trf_points(t.board_points())),
                rank: standing.and_then(|r| u16::try_from(r.rank).ok()),
                players: squad
                    .members
                    .iter()
                    .filter_map(|m| numbers.get(&m.player.id).copied())
                    .collect(),
            })));
        }
        for r in 1..=last {
            for (row, _) in &teams {
                let number = u16::try_from(row.number).unwrap_or(0);
                if let Some(TeamRound {
                    opponent: Some(opponent),
                    lineup,
                }) = played.teams.get(&(number, r))
                {
                    lines.push(Line::new(Record::LineUp(trf::LineUp {
                        round: u16::try_from(r).unwrap_or(0),
                        team: number,
                        opponent: *opponent,
                        players: lineup.clone(),
                    })));
                }
            }
        }
        if !played.byes.is_empty() {
            lines.push(Line::new(Record::TeamPab(trf::TeamPab {
                match_points: None,
                game_points: None,
                teams: (1..=last).map(|r| played.byes.get(&r).copied()).collect(),
            })));
        }
        for f in played.forfeits {
            lines.push(Line::new(Record::ForfeitedMatch(f)));
        }
        Ok(t)
    }

    /// The DSB report of the rounds up to `last` (round `r` played on `dates[r - 1]`): every player of every squad, every board
    /// game with its result (forfeits `+:-`, not rated), a forfeit win without opponent and
    /// the team bye as a full-point bye. Refused: a result missing or not confirmed.
    pub fn dsb_report(
        &self,
        event: &event::Event,
        last: i64,
        dates: &[event::date::Date],
        created: event::date::Date,
        uuid: &str,
        file_uuid: &str,
    ) -> Result<Report, ServiceError> {
        let numbers = self.player_numbers()?;
        if numbers.len() > event::dsb_io::MAX_PLAYERS {
            return Err(not_exported(
                "DSB report",
                &format!("{} players (at most 999)", numbers.len()),
            ));
        }
        let played = self.played(last, true)?;
        let mut teams: Vec<_> = self.teams.iter().collect();
        teams.sort_by_key(|(t, _)| t.number);
        let mut players = Vec::new();
        for (_, squad) in &teams {
            for m in &squad.members {
                let n = numbers.get(&m.player.id).copied().unwrap_or(0);
                players
                    .push(report_player(n, &m.player).map_err(|e| not_exported("DSB report", &e))?);
            }
        }
        let mut report_rounds = Vec::new();
        for r in 1..=last {
            let mut seats: Vec<(u16, Seat)> = played
                .seats
                .iter()
                .filter(|((_, round), _)| *round == r)
                .map(|((p, _), s)| (*p, *s))
                .collect();
            seats.sort_by_key(|(p, _)| *p);
            let mut pairings = Vec::new();
            for (p, seat) in seats {
                let Some(outcome) = seat.outcome else {
                    return Err(not_exported(
                        "DSB report",
                        &format!("round {r}: a board has no confirmed result"),
                    ));
                };
                match seat.opponent {
                    None => pairings.push(Pairing::Bye {
                        player: p,
                        points: match outcome {
                            Outcome::Win | Outcome::ForfeitWin | Outcome::PairingBye => {
                                ByePoints::Full
                            }
                            Outcome::Draw => ByePoints::Half,
                            _ => ByePoints::Zero,
                        },
                    }),
                    Some(_) if !seat.white => {}
                    Some(black) => pairings.push(Pairing::Game {
                        white: p,
                        black,
                        result: game_result(outcome),
                    }),
                }
            }
            report_rounds.push(dsb::Round {
                date: usize::try_from(r - 1)
                    .ok()
                    .and_then(|i| dates.get(i).copied()),
                pairings,
            });
        }
        let report = Report {
            tournament: dsb::Tournament {
                name: format!("{} - {}", event.name, self.section.name),
                details: self.section.name.clone(),
                place: event.venue.clone(),
                federation: "GER".into(),
                start: event.start,
                end: event.end,
                rounds: u8::try_from(self.section.rounds)
                    .map_err(|_| not_exported("DSB report", &"more than 255 rounds"))?,
                kind: match self.settings.system {
                    TeamSystem::Swiss => TournamentType::TeamSwiss,
                    TeamSystem::RoundRobin => TournamentType::TeamRoundRobin,
                },
                time_control: String::new(),
                chief_arbiter: String::new(),
                arbiters: Vec::new(),
                notes: String::new(),
                uuid: uuid.into(),
                file_uuid: file_uuid.into(),
                sender: String::new(),
                created,
            },
            players,
            rounds: report_rounds,
        };
        report
            .validate()
            .map_err(|e| not_exported("DSB report", &e))?;
        Ok(report)
    }

    /// The team standings after round `last` as CSV: rank, team number, name, then one
    /// column per criterion of the section's order (SJRP §10.5/§10.6), lines ended by CRLF.
    pub fn standings_csv(&self, last: i64) -> Result<String, ServiceError> {
        use event::table::csv_field;
        let criteria = self.settings.criteria()?;
        let table = standings::team::rank(&self.standings_teams_until(last), &criteria);
        let mut out = String::from("Rank,No,Team");
        for c in &criteria {
            out.push(',');
            out.push_str(&csv_field(&c.code()));
        }
        out.push_str("\r\n");
        for row in &table {
            let mut line = vec![
                row.rank.to_string(),
                row.number.to_string(),
                csv_field(&row.name),
            ];
            line.extend(row.values.iter().map(|v| csv_field(&v.to_string())));
            out.push_str(&line.join(","));
            out.push_str("\r\n");
        }
        Ok(out)
    }
}

/// Points in the TRF's tenths.
fn trf_points(p: Points) -> trf::Points {
    trf::Points::from_halves(i32::try_from(p.half_points()).unwrap_or(i32::MAX))
}

/// The game result of a board from White's scored outcome (a forfeit stays a forfeit).
fn game_result(white: Outcome) -> GameResult {
    match white {
        Outcome::Win => GameResult::WhiteWins,
        Outcome::Draw => GameResult::Draw,
        Outcome::Loss => GameResult::BlackWins,
        Outcome::ForfeitWin => GameResult::WhiteWinsByForfeit,
        _ => GameResult::BlackWinsByForfeit,
    }
}

/// A file of a team section: its name and bytes.
pub struct TeamFile {
    /// The download's name ([`crate::Loaded::file_name`] style, with the last team round).
    pub name: String,
    /// The content.
    pub bytes: Vec<u8>,
}

impl Service {
    /// Whether section `id` is a team section.
    pub async fn is_team_section(&self, id: i64) -> Result<bool, ServiceError> {
        Ok(self.store.team_section(id).await?.is_some())
    }

    /// The team section `id` as the viewer sees it ([`Service::team_section_view`]), with the
    /// event and the last round the viewer may see.
    async fn team_export_data(
        &self,
        id: i64,
        arbiter: bool,
    ) -> Result<(TeamSection, std::sync::Arc<crate::Loaded>, i64), ServiceError> {
        let ts = self.team_section_view(id, arbiter).await?;
        let loaded = self.section(id).await?;
        let last = ts.rounds_paired();
        Ok((ts, loaded, last))
    }

    /// The team section as TRF-2026 text (CR LF); `arbiter` writes full birth dates, the public
    /// gets the event's public birth field.
    pub async fn team_trf(&self, id: i64, arbiter: bool) -> Result<TeamFile, ServiceError> {
        let (ts, loaded, last) = self.team_export_data(id, arbiter).await?;
        let public = loaded.event.public_birth;
        let full = |p: &event::player::Player| p.birth.map(trf_birth).unwrap_or_default();
        let public_birth = |p: &event::player::Player| public.trf(p.birth);
        let birth: &dyn Fn(&event::player::Player) -> String =
            if arbiter { &full } else { &public_birth };
        let t = ts.to_trf(&loaded.event, last, birth)?;
        // A new file ends its lines with CR LF, as the individual exports.
        let text = t.write().map_err(|e| not_exported("TRF", &e))?;
        Ok(TeamFile {
            name: loaded.team_file_name("trf", last),
            bytes: text.into_bytes(),
        })
    }

    /// The DSB report of the published rounds of a team section (every result confirmed) and
    /// the file's name.
    async fn team_report(
        &self,
        id: i64,
        extension: &str,
    ) -> Result<(String, Report), ServiceError> {
        let revision = self.store.section_revision(id).await?;
        let (ts, loaded, last) = self.team_export_data(id, false).await?;
        let tournament = name_uuid(
            format!(
                "arbiter event {} section {id} {}",
                loaded.event_row.id, loaded.section_row.name
            )
            .as_bytes(),
        );
        let file = name_uuid(format!("{tournament} revision {revision}").as_bytes());
        let created = loaded.event.zone.local(store::unix_now()).date;
        let dates: Vec<_> = loaded.section().schedule.iter().map(|s| s.date).collect();
        let report = ts.dsb_report(&loaded.event, last, &dates, created, &tournament, &file)?;
        Ok((loaded.team_file_name(extension, last), report))
    }

    /// The DSB XML 2026 file of a team section (tournament type `TW`/`TR`).
    pub async fn team_dsb_xml(&self, id: i64) -> Result<TeamFile, ServiceError> {
        let (name, report) = self.team_report(id, "xml").await?;
        let xml = report
            .to_dsb_xml()
            .map_err(|e| not_exported("DSB XML", &e))?;
        Ok(TeamFile {
            name,
            bytes: xml.into_bytes(),
        })
    }

    /// The SWI/ELOBASE file of a team section (CP850, `MS`/`MR`).
    pub async fn team_swi(&self, id: i64) -> Result<TeamFile, ServiceError> {
        let (name, report) = self.team_report(id, "swi").await?;
        let bytes = report.to_swi().map_err(|e| not_exported("SWI", &e))?;
        Ok(TeamFile { name, bytes })
    }

    /// The team standings as CSV (the public's: after the published rounds).
    pub async fn team_standings_csv(
        &self,
        id: i64,
        arbiter: bool,
    ) -> Result<TeamFile, ServiceError> {
        let (ts, loaded, last) = self.team_export_data(id, arbiter).await?;
        Ok(TeamFile {
            name: loaded.team_file_name("csv", last),
            bytes: ts.standings_csv(last)?.into_bytes(),
        })
    }
}
