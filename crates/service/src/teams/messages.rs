//! The squad and lineup violations of a team section in words, English or German, each with
//! its paragraph (SJRP §10, §18).

use event::admission::DuplicateBy;
use event::person::PlayerId;
use event::team::lineup::{LineupViolation, check_lineup};
use event::team::school::NotAdmitted;
use event::team::squad::{Squad, SquadViolation, check_squads};
use serde_json::{Value, json};

use super::TeamSection;
use crate::ServiceError;

/// A squad violation in the viewer's language, with names for player numbers.
pub(crate) fn squad_message(
    v: &SquadViolation,
    name: &dyn Fn(PlayerId) -> String,
    german: bool,
) -> String {
    let de = german;
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
                "{team}: {} steht vor {} mit einer um {gap} Punkte höheren Wertungszahl",
                name(*ahead),
                name(*behind)
            ),
        ),
        SquadViolation::TwoTeams {
            player, teams, by, ..
        } => pick(
            format!(
                "{} registered for {} ({}), one team only",
                name(*player),
                teams.join(", "),
                match by {
                    DuplicateBy::Id => "the same player",
                    DuplicateBy::FideId => "the same FIDE id",
                    DuplicateBy::DsbId => "the same DSB membership",
                    DuplicateBy::NameAndBirth => "the same name and birth year",
                }
            ),
            format!(
                "{} gemeldet für {} ({}), nur in einer Mannschaft erlaubt",
                name(*player),
                teams.join(", "),
                match by {
                    DuplicateBy::Id => "dieselbe Person",
                    DuplicateBy::FideId => "dieselbe FIDE-ID",
                    DuplicateBy::DsbId => "dieselbe DSB-Mitgliedschaft",
                    DuplicateBy::NameAndBirth => "derselbe Name und dasselbe Geburtsjahr",
                }
            ),
        ),
        SquadViolation::Ineligible {
            team,
            player,
            class,
            reason,
            ..
        } => pick(
            format!(
                "{team}: {} may not play in the {class} team: {reason}",
                name(*player)
            ),
            format!(
                "{team}: {} darf nicht in der {class}-Mannschaft spielen: {}",
                name(*player),
                reason.german()
            ),
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
            not_admitted_message(reason, german)
        ),
    }
}

/// Why a pupil may not play in the group (§18.2), in the viewer's language.
fn not_admitted_message(reason: &NotAdmitted, german: bool) -> String {
    let de = german;
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
pub fn squad_violations(ts: &TeamSection, german: bool) -> Result<Vec<Value>, ServiceError> {
    let profile = ts.settings.profile()?;
    let squads: Vec<Squad> = ts.teams.iter().map(|(_, s)| s.clone()).collect();
    let name = |id: PlayerId| ts.player_name(id);
    Ok(check_squads(&profile, &squads, ts.settings.year)
        .iter()
        .map(|v| json!({ "text": squad_message(v, &name, german), "article": v.article().to_string() }))
        .collect())
}

/// A lineup violation in the viewer's language; its paragraph stands beside it
/// ([`lineup_violations`]), not in the sentence.
fn lineup_message(v: &LineupViolation, ts: &TeamSection, german: bool) -> String {
    let de = german;
    let name = |id: PlayerId| ts.player_name(id);
    match *v {
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
                    "Brett {board}: {} sitzt vor {}, obwohl weiter hinten gemeldet; diese und alle folgenden Partien gehen verloren",
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
    }
}

/// The violations of a team's lineup in a round, each `{text, article}`.
pub fn lineup_violations(
    ts: &TeamSection,
    team: i64,
    round: i64,
    german: bool,
) -> Result<Vec<Value>, ServiceError> {
    let profile = ts.settings.profile()?;
    let (_, squad) = ts.team(team).ok_or(ServiceError::NotFound)?;
    let lineup = ts.lineup(team, round).ok_or(ServiceError::NotFound)?;
    Ok(check_lineup(&profile, squad, &lineup)
        .iter()
        .map(|v| json!({ "text": lineup_message(v, ts, german), "article": v.article().to_string() }))
        .collect())
}
