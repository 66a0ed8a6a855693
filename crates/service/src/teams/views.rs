//! A team section as the pages and the API show it: teams with squads, a round with its
//! lineups, board colours and scores, and the standings with board leaders and crosstable.
//! Texts are English, or German when `german` is set.

use event::person::PlayerId;
use serde_json::{Value, json};
use standings::{Outcome, Points};

use super::messages::{lineup_violations, squad_violations};
use super::{Absent, BoardResult, TeamSection};
use crate::ServiceError;

fn points(p: Points) -> String {
    p.to_string()
}

/// The teams with their squads (regulars and substitutes marked) and the squad violations.
pub fn teams_view(ts: &TeamSection, german: bool) -> Result<Value, ServiceError> {
    let profile = ts.settings.profile()?;
    let boards = profile.boards.0;
    let teams: Vec<Value> = ts
        .teams
        .iter()
        .map(|(t, s)| {
            json!({
                "id": t.id,
                "number": t.number,
                "name": s.name,
                "club": s.club,
                "admitted_over": s.admitted_over,
                "withdrawn": s.withdrawn.as_ref().map(|w| json!({
                    "after_round": w.after_round,
                    "cause": w.cause.to_string(),
                    "text": if german { w.cause.german().to_owned() } else { w.cause.to_string() },
                    "article": w.cause.article().to_string(),
                    "reason": w.reason,
                })),
                "version": t.version,
                "players": s.members.iter().enumerate().map(|(i, m)| json!({
                    "id": m.player.id.0,
                    "position": i + 1,
                    "name": m.player.name(),
                    "dwz": m.player.dwz,
                    // The band counts an unrated player with the pseudo rating (§18.7).
                    "pseudo_rating": profile.pseudo_rating.filter(|_| m.player.dwz.is_none()),
                    // The year only: the public never sees a minor's birth date.
                    "birth_year": m.player.birth.map(event::date::Birth::year),
                    "sex": m.player.sex.map(|s| match s {
                        event::person::Sex::Female => "w",
                        event::person::Sex::Male => "m",
                    }),
                    "guest_club": (m.player.club != s.club).then_some(&m.player.club),
                    "substitute": i >= boards,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    Ok(json!({
        "section": ts.section,
        "settings": ts.settings,
        "competition_name": profile.name,
        "pseudo_rating": profile.pseudo_rating,
        "time_control": ts.settings.time_control.parse::<laws::time_control::TimeControl>().ok()
            .map(|c| c.written(if german { laws::Lang::De } else { laws::Lang::En })),
        "boards": boards,
        "rounds_paired": ts.rounds_paired(),
        "teams": teams,
        "violations": squad_violations(ts, german)?,
    }))
}

/// One team's side of a match in a round: lineup with names, status and violations.
fn side_view(ts: &TeamSection, team: i64, round: i64, german: bool) -> Result<Value, ServiceError> {
    let (row, squad) = ts.team(team).ok_or(ServiceError::NotFound)?;
    let lineup = ts.lineup(team, round).ok_or(ServiceError::NotFound)?;
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
        "violations": lineup_violations(ts, team, round, german)?,
        "squad": squad.members.iter().map(|m| json!({"id": m.player.id.0, "name": m.player.name()})).collect::<Vec<_>>(),
    }))
}

/// The matches of a round with lineups, violations, board colours and scores.
pub fn round_view(ts: &TeamSection, round: i64, german: bool) -> Result<Value, ServiceError> {
    let boards = ts.settings.profile()?.boards.0;
    let mut matches = Vec::new();
    for (m, doc) in ts.matches.iter().filter(|(m, _)| m.round == round) {
        let home = side_view(ts, m.home, round, german)?;
        let away = match m.away {
            Some(a) => Some(side_view(ts, a, round, german)?),
            None => None,
        };
        let scored = ts.encounters(m, doc, true);
        // A forfeited match: every board is won by forfeit by the team present.
        let forfeited = doc.forfeit.map(|absent| match absent {
            Absent::Home => BoardResult::AwayForfeitWin,
            Absent::Away => BoardResult::HomeForfeitWin,
        });
        let board_rows: Vec<Value> = (0..boards)
            .map(|i| {
                let colour = ts.settings.home_colour(i + 1);
                let entered = doc.boards.get(i).copied().unwrap_or(BoardResult::Pending);
                json!({
                    "board": i + 1,
                    "home_colour": colour.to_string(),
                    "away_colour": if colour == 'W' { "B" } else { "W" },
                    "entered": entered.code(),
                    "result": forfeited.unwrap_or(entered).code(),
                    "scored": forfeited.map(|f| f.code().to_owned()).or_else(|| scored.as_ref().and_then(|(h, a)| {
                        let h = h.boards.get(i)?;
                        let a = a.as_ref()?.boards.get(i)?;
                        Some(format!("{}{}{}", outcome_mark(h.outcome), if is_forfeit(h.outcome) { "" } else { "-" }, outcome_mark(a.outcome)))
                    })),
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
        return Err(ServiceError::NotFound);
    }
    Ok(json!({
        "section": ts.section,
        "round": round,
        "boards": boards,
        "complete": ts.round_complete(round),
        "published": ts.matches.iter().any(|(m, _)| m.round == round && m.published),
        "matches": matches,
        "results": BoardResult::ALL.iter().map(|r| r.code()).collect::<Vec<_>>(),
    }))
}

/// A board outcome as the forms write it: `1 ½ 0` over the board, `+ -` by forfeit (also a
/// board lost by §10.9 or §10.10), so a scored board reads `1-0`, `½-½`, `+-`, `-+` or `--`.
fn outcome_mark(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "1",
        Outcome::Draw => "½",
        Outcome::ForfeitWin => "+",
        Outcome::ForfeitLoss => "-",
        _ => "0",
    }
}

fn is_forfeit(o: Outcome) -> bool {
    matches!(o, Outcome::ForfeitWin | Outcome::ForfeitLoss)
}

/// A crosstable cell: the board points scored against the opponent, a forfeited match as
/// `+4:0` for the team present and `-0:4` for the absent team.
fn cross_cell(
    team: &standings::team::Team,
    e: &standings::team::Encounter,
    teams: &[standings::team::Team],
) -> String {
    let forfeited = e.boards.is_empty() && is_forfeit(e.result);
    if !forfeited {
        return points(e.board_points);
    }
    let theirs = teams
        .iter()
        .find(|t| Some(t.number) == e.opponent)
        .and_then(|t| {
            t.encounters
                .iter()
                .find(|x| x.round == e.round && x.opponent == Some(team.number))
        })
        .map_or(Points::ZERO, |x| x.board_points);
    let sign = if e.result == Outcome::ForfeitWin {
        '+'
    } else {
        '-'
    };
    format!("{sign}{}:{}", points(e.board_points), points(theirs))
}

/// A departed team's cause and last round, for the standings (`None` while it plays on).
fn departure(ts: &TeamSection, number: u16) -> Option<Value> {
    ts.teams
        .iter()
        .find(|(t, _)| t.number == i64::from(number))
        .and_then(|(_, s)| s.withdrawn.as_ref())
        .map(|w| {
            json!({
                "cause": w.cause.to_string(),
                "after_round": w.after_round,
                "article": w.cause.article().to_string(),
            })
        })
}

/// The standings in the section's order with the criteria values, the best player per board
/// and the crosstable (board points against each opponent).
pub fn standings_view(ts: &TeamSection) -> Result<Value, ServiceError> {
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
                "withdrawn": departure(ts, r.number),
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
    let leaders: Vec<Value> = standings::team::board_leaders(&ts.leader_teams(&teams))
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
                        .map(|e| cross_cell(t, e, &teams))
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
        "criteria": ts.settings.cited_criteria()?.iter().map(|(c, a)| json!({"code": c.code(), "article": a.to_string()})).collect::<Vec<_>>(),
        "rows": rows,
        "board_leaders": leaders,
        "crosstable": cross,
    }))
}
