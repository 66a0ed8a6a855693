//! Tandem (bughouse, "Tandemschach"): teams of two partners on two boards with opposite colours
//! (`WB`), paired like any team section. A bughouse game ends on both boards at once, so the
//! director enters ONE result per match, for the first-named team, and both boards receive it:
//! `1-0` is a won match (2 board points), `½-½` a drawn one, `0-1` a lost one; match points
//! 2/1/0, then board points. The FIDE Laws do not cover bughouse: every provision is the
//! event's own announcement ([`TANDEM_RULES`]).
//!
//! ```
//! use service::teams::{BoardResult, MatchDoc, Settings};
//! use service::teams::tandem::match_doc;
//!
//! let tandem = Settings::club("tandem", "swiss")?;
//! assert_eq!(tandem.colours, "WB");
//! let one = MatchDoc { boards: vec![BoardResult::HomeWins], forfeit: None };
//! let both = match_doc(&tandem, &one)?.unwrap();
//! assert_eq!(both.boards, [BoardResult::HomeWins, BoardResult::HomeWins]);
//! # Ok::<(), service::ServiceError>(())
//! ```

pub use event::team::squad::{TANDEM, TANDEM_RULES};

use super::{MatchDoc, Settings};
use crate::ServiceError;

/// The board colours a new section of `competition` starts with: `WB` for a tandem (the
/// partners play opposite colours), else `BWBW` (the first-named team Black on board 1; the
/// Spielordnung sets no board colours).
pub fn default_colours(competition: &str) -> &'static str {
    if competition.trim() == TANDEM {
        "WB"
    } else {
        "BWBW"
    }
}

impl Settings {
    /// Whether the section is a tandem (bughouse) section.
    pub fn is_tandem(&self) -> bool {
        self.competition == TANDEM
    }
}

/// The result document of a tandem match: one result (or the same on both boards) becomes
/// the result of both boards; different results on the two boards are refused, since a
/// bughouse game ends for both at once. `None` for other competitions (the document stands).
pub fn match_doc(settings: &Settings, doc: &MatchDoc) -> Result<Option<MatchDoc>, ServiceError> {
    if !settings.is_tandem() || doc.forfeit.is_some() {
        return Ok(None);
    }
    let result = match doc.boards.as_slice() {
        [one] | [one, _] if doc.boards.iter().all(|b| b == one) => *one,
        _ => {
            return Err(ServiceError::rule_at(
                TANDEM_RULES,
                "a tandem match has one result for both boards (1-0, ½-½ or 0-1 for the \
                 first-named team)",
                "ein Tandemkampf hat ein Ergebnis für beide Bretter (1-0, ½-½ oder 0-1 für die \
                 erstgenannte Mannschaft)",
            ));
        }
    };
    Ok(Some(MatchDoc {
        boards: vec![result; 2],
        forfeit: None,
    }))
}

/// The tandem tournament of the demo championship: "Tandemturnier", six teams of two partners
/// drawn from the event's sections, a round robin of five rounds, every result entered and
/// confirmed (one per match). Returns the section id.
pub async fn demo(service: &crate::Service, event: i64) -> Result<i64, ServiceError> {
    let mut names: Vec<String> = Vec::new();
    for s in service.store.sections(event).await? {
        if let Ok(loaded) = service.view(s.id, true).await {
            names.extend(
                loaded
                    .section()
                    .entries
                    .iter()
                    .take(2)
                    .map(|e| e.player.name()),
            );
        }
    }
    let section = service
        .create_team_section(
            None,
            event,
            &super::registration::NewTeamSection {
                name: "Tandemturnier".into(),
                rounds: 5,
                competition: TANDEM.into(),
                system: "round_robin".into(),
                colours: String::new(),
                order: String::new(),
                year: None,
                time_control: "300".into(),
            },
        )
        .await?;
    let mut teams: Vec<String> = Vec::new();
    for pair in names.chunks_exact(2).take(6) {
        let short = |n: &str| n.split(',').next().unwrap_or(n).trim().to_owned();
        let mut name = format!("{}/{}", short(&pair[0]), short(&pair[1]));
        if teams.contains(&name) {
            name = format!("{name} {}", teams.len() + 1);
        }
        teams.push(name.clone());
        let form = super::registration::TeamForm {
            name,
            club: String::new(),
            players: pair.join("\n"),
            school_type: String::new(),
            over: String::new(),
        };
        service.register_team(None, section, &form).await?;
    }
    for round in 1..=5 {
        service.pair_team_round(None, section).await?;
        service.publish_team_round(None, section, round).await?;
        let ts = service.team_section(section).await?;
        let mut matches: Vec<_> = ts
            .matches
            .iter()
            .filter(|(m, _)| m.round == round)
            .collect();
        matches.sort_by_key(|(m, _)| m.number);
        for (m, _) in matches.into_iter().filter(|(m, _)| m.away.is_some()) {
            let result = match (round + m.number) % 3 {
                0 => super::BoardResult::HomeWins,
                1 => super::BoardResult::AwayWins,
                _ => super::BoardResult::Draw,
            };
            let doc = MatchDoc {
                boards: vec![result],
                forfeit: None,
            };
            service
                .enter_match_result(None, true, m.id, &doc, m.version)
                .await?;
        }
    }
    Ok(section)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teams::BoardResult;

    #[test]
    fn h14_08_one_result_per_tandem_match_for_both_boards() {
        let tandem = Settings::club(TANDEM, "round_robin").unwrap();
        let profile = tandem.profile().unwrap();
        assert_eq!(profile.boards.0, 2);
        assert_eq!(profile.boards.1, TANDEM_RULES);
        assert_eq!(tandem.match_points, [2, 1, 0]);
        assert_eq!((tandem.home_colour(1), tandem.home_colour(2)), ('W', 'B'));
        let doc = |boards: Vec<BoardResult>| MatchDoc {
            boards,
            forfeit: None,
        };
        let draw = match_doc(&tandem, &doc(vec![BoardResult::Draw])).unwrap();
        assert_eq!(draw.unwrap().boards, [BoardResult::Draw; 2]);
        let same = match_doc(&tandem, &doc(vec![BoardResult::AwayWins; 2])).unwrap();
        assert_eq!(same.unwrap().boards, [BoardResult::AwayWins; 2]);
        let split = match_doc(
            &tandem,
            &doc(vec![BoardResult::HomeWins, BoardResult::AwayWins]),
        )
        .unwrap_err();
        assert!(
            split
                .to_string()
                .ends_with("(Ausschreibung, Tandemturnier)"),
            "{split}"
        );
        assert!(match_doc(&tandem, &doc(Vec::new())).is_err());
        let club = Settings::club("club_u16", "swiss").unwrap();
        assert_eq!(club.colours, "BWBW");
        assert_eq!(
            match_doc(&club, &doc(vec![BoardResult::HomeWins])).unwrap(),
            None
        );
    }
}
