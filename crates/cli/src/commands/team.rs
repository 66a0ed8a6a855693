//! Team events in the `pair` and `standings` commands: `arbiter pair --team FILE -p [OUT]`
//! pairs the next round of a team Swiss (`pairing::team`), `--team-rr` gives a round of the
//! team round robin; `arbiter standings FILE --preset sjrp-teams-swiss` (any team preset, or
//! `--team` with `--tiebreaks`) ranks the teams and lists the best player on each board;
//! `--crosstable` prints the team crosstable in ranking order.

use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use pairing::team::{TeamPairing, TeamPairingError, pair_next_round, round_robin};
use serde_json::{Value, json};
use standings::team::crosstable::{Crosstable, Form};
use standings::team::{Board, Criterion, Encounter, Row, Team, board_leaders, rank};
use standings::{Outcome, Points};
use trf::Tournament;
use trf::team::MatchKind;

/// Pairs the next team round (Swiss, or round `rr_round` of the Berger table) and writes the
/// engine protocol: the number of pairs, `white black` team numbers, the bye as `team 0`.
pub fn pair(t: &Tournament, rr_round: Option<usize>, double: bool, out: Option<&Path>) -> ExitCode {
    let pairing = match rr_round {
        Some(r) => round_robin(t, r, double),
        None => pair_next_round(t),
    };
    let pairing = match pairing {
        Ok(p) => p,
        Err(e) => {
            eprintln!("arbiter pair: {e} ({})", e.article());
            return ExitCode::from(match e {
                TeamPairingError::Engine(_) => 1,
                _ => 3,
            });
        }
    };
    let text = protocol(&pairing);
    match out {
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("arbiter pair: {}: {e}", path.display());
                ExitCode::from(5)
            }
        },
        None => {
            super::output::emit(&text);
            ExitCode::SUCCESS
        }
    }
}

fn protocol(p: &TeamPairing) -> String {
    let mut text = format!("{}\n", p.matches.len() + usize::from(p.bye.is_some()));
    for (white, black) in &p.matches {
        text += &format!("{white} {black}\n");
    }
    if let Some(team) = p.bye {
        text += &format!("{team} 0\n");
    }
    text
}

/// Standings points from TRF points (tenths; anything below a half point is dropped).
fn half_points(p: trf::Points) -> Points {
    Points::from_half_points(u32::try_from(p.tenths() / 5).unwrap_or(0))
}

/// The teams of a TRF file with their rounds played.
pub fn teams(t: &Tournament) -> Vec<Team> {
    let rounds: Vec<_> = (1..=t.rounds_played()).map(|r| t.team_rounds(r)).collect();
    t.teams()
        .into_iter()
        .enumerate()
        .map(|(i, roster)| Team {
            number: roster.number,
            name: roster.name.clone(),
            encounters: rounds
                .iter()
                .map(|matches| {
                    let m = &matches[i];
                    let boards = t
                        .board_order(m.round, roster.number)
                        .into_iter()
                        .flatten()
                        .filter_map(|p| {
                            let e = t.player(p)?.round(m.round)?;
                            let paired = e.opponent.is_some()
                                || matches!(
                                    e.result,
                                    trf::ResultCode::ForfeitWin | trf::ResultCode::ForfeitLoss
                                );
                            let outcome = Outcome::from_trf_code(e.result.as_char())?;
                            paired.then_some(Board { player: p, outcome })
                        })
                        .collect();
                    Encounter {
                        round: m.round,
                        opponent: m.opponent,
                        result: match m.kind {
                            MatchKind::Won => Outcome::Win,
                            MatchKind::Drawn => Outcome::Draw,
                            MatchKind::Lost => Outcome::Loss,
                            MatchKind::ForfeitWon => Outcome::ForfeitWin,
                            MatchKind::ForfeitLost => Outcome::ForfeitLoss,
                            MatchKind::PairingAllocatedBye => Outcome::PairingBye,
                            MatchKind::NotPaired => Outcome::ZeroPointBye,
                        },
                        board_points: half_points(m.game_points),
                        match_points: half_points(m.match_points),
                        boards,
                    }
                })
                .collect(),
        })
        .collect()
}

/// The team crosstable in the order of the ranking by `criteria`.
pub fn crosstable(t: &Tournament, criteria: &[Criterion], form: Form) -> Crosstable {
    let field = teams(t);
    let order: Vec<u16> = rank(&field, criteria).iter().map(|r| r.number).collect();
    Crosstable::new(&field, &order, form)
}

/// Prints the team standings by `criteria` (text, CSV or JSON) and, in text, the best player
/// of each board.
pub fn standings(t: &Tournament, criteria: &[Criterion], json: bool, csv: bool, playoff: &str) {
    let field = teams(t);
    let rows = rank(&field, criteria);
    let codes: Vec<String> = criteria.iter().map(|c| c.code()).collect();
    let mut out = String::new();
    if json {
        let rows: Vec<Value> = rows
            .iter()
            .map(|r| {
                let values: serde_json::Map<String, Value> = codes
                    .iter()
                    .zip(&r.values)
                    .map(|(c, v)| (c.clone(), json!(v.to_f64())))
                    .collect();
                json!({
                    "rank": r.rank,
                    "team": r.number,
                    "name": r.name,
                    "tiebreaks": values,
                    "tied": r.tied,
                })
            })
            .collect();
        out = format!("{}\n", Value::Array(rows));
    } else {
        let sep = if csv { "," } else { "\t" };
        let mut header = vec!["rank".to_string(), "team".into(), "name".into()];
        header.extend(codes.iter().cloned());
        out += &(header.join(sep) + "\n");
        for r in &rows {
            out += &(cells(r, csv).join(sep) + "\n");
        }
        if !csv {
            out += "\nboard\tplayer\tname\tteam\tpoints\tgames\n";
            for l in board_leaders(&field) {
                let name = t.player(l.player).map_or("", |p| p.person.name.as_str());
                out += &format!(
                    "{}\t{}\t{name}\t{}\t{}\t{}\n",
                    l.board, l.player, l.team, l.points, l.games
                );
            }
            let tied: Vec<String> = rows
                .iter()
                .filter(|r| r.tied)
                .map(|r| r.number.to_string())
                .collect();
            if !tied.is_empty() && !playoff.is_empty() {
                eprintln!("still tied (=): {}; then: {playoff}", tied.join(", "));
            }
        }
    }
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
}

fn cells(r: &Row, csv: bool) -> Vec<String> {
    let mut cells = vec![
        format!("{}{}", r.rank, if r.tied && !csv { "=" } else { "" }),
        r.number.to_string(),
        super::output::csv_field(&r.name, csv),
    ];
    cells.extend(r.values.iter().map(ToString::to_string));
    cells
}
