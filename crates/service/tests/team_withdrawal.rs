//! A team that leaves a team competition (issue 18): withdrawn by the director or expelled by
//! a sanction (§20.1, Art. 12.9.9). Its results stand; the team Swiss leaves it out, the round
//! robin keeps its place and scores its remaining matches as forfeits (Art. 6.7.1).

use serde_json::json;
use service::proceedings::SanctionForm;
use service::registration::NewEvent;
use service::teams::registration::{NewTeamSection, TeamForm};
use service::teams::withdrawal::TeamWithdrawalForm;
use service::teams::{Absent, BoardResult, MatchDoc};
use service::{Service, ServiceError};

/// A team section of `system` with `n` teams of four; the service, event, section, team ids.
async fn section(name: &str, system: &str, rounds: u32, n: usize) -> (Service, i64, i64, Vec<i64>) {
    let store = store::testing::sqlite_store(name).await.unwrap();
    let service = Service::new(store);
    let event: NewEvent = serde_json::from_value(
        json!({ "name": "Jugend-MM", "place": "Mainz", "start_date": "2026-05-01" }),
    )
    .unwrap();
    let event = service.create_event(None, &event).await.unwrap();
    let new: NewTeamSection = serde_json::from_value(json!({
        "name": "4er-U16", "rounds": rounds, "competition": "club_u16", "system": system
    }))
    .unwrap();
    let s = service
        .create_team_section(None, event, &new)
        .await
        .unwrap();
    let mut teams = Vec::new();
    for (i, name) in ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
        .into_iter()
        .take(n)
        .enumerate()
    {
        let top = 1900 - 100 * i32::try_from(i).unwrap();
        let players: Vec<String> = (0..4)
            .map(|k| format!("{name}{k}, P; {}", top - 20 * k))
            .collect();
        let form: TeamForm =
            serde_json::from_value(json!({ "name": name, "players": players.join("\n") })).unwrap();
        teams.push(service.register_team(None, s, &form).await.unwrap());
    }
    (service, event, s, teams)
}

/// Confirms every open match of round `n` as a home win on all boards.
async fn play_round(service: &Service, s: i64, n: i64) {
    let ts = service.team_section(s).await.unwrap();
    for (m, doc) in ts.matches.iter().filter(|(m, _)| m.round == n) {
        if m.away.is_none() || m.confirmed {
            continue;
        }
        let won = MatchDoc {
            boards: vec![BoardResult::HomeWins; 4],
            forfeit: doc.forfeit,
        };
        service
            .enter_match_result(None, true, m.id, &won, m.version)
            .await
            .unwrap();
    }
}

/// The teams of round `n`'s matches: (home, away, forfeit, confirmed).
async fn round(service: &Service, s: i64, n: i64) -> Vec<(i64, Option<i64>, Option<Absent>, bool)> {
    let ts = service.team_section(s).await.unwrap();
    ts.matches
        .iter()
        .filter(|(m, _)| m.round == n)
        .map(|(m, d)| (m.home, m.away, d.forfeit, m.confirmed))
        .collect()
}

fn version(ts: &service::teams::TeamSection, team: i64) -> i64 {
    ts.team(team).unwrap().0.version
}

fn form(after: &str, reason: &str, version: i64) -> TeamWithdrawalForm {
    TeamWithdrawalForm {
        after_round: after.into(),
        reason: reason.into(),
        version,
    }
}

#[tokio::test]
async fn h18_07_a_withdrawn_team_is_left_out_of_the_team_swiss() {
    let (service, _, s, teams) = section("h18_07_swiss", "swiss", 4, 5).await;
    service.pair_team_round(None, s).await.unwrap();
    play_round(&service, s, 1).await;
    let ts = service.team_section(s).await.unwrap();
    let delta = teams[3];
    // Bad input stores nothing: a round not paired, an empty reason, a stale version.
    for (f, expected) in [
        (form("2", "Anreise", version(&ts, delta)), "after_round"),
        (form("1", "  ", version(&ts, delta)), "reason"),
        (form("x", "Anreise", version(&ts, delta)), "after_round"),
        (
            form("0", "Anreise", version(&ts, delta)),
            "results up to round 1",
        ),
    ] {
        let e = service.withdraw_team(None, delta, &f).await.unwrap_err();
        assert!(e.to_string().contains(expected), "{e}");
    }
    let stale = form("1", "Anreise", version(&ts, delta) - 1);
    assert!(matches!(
        service.withdraw_team(None, delta, &stale).await,
        Err(ServiceError::Conflict(_))
    ));
    service
        .withdraw_team(
            None,
            delta,
            &form("1", "Bus fällt aus", version(&ts, delta)),
        )
        .await
        .unwrap();
    let again = service
        .withdraw_team(None, delta, &form("1", "Bus", version(&ts, delta) + 1))
        .await
        .unwrap_err();
    assert!(again.to_string().contains("withdrawn already"), "{again}");
    // Four teams remain: two matches, no bye, Delta nowhere.
    assert_eq!(service.pair_team_round(None, s).await.unwrap(), 2);
    let r2 = round(&service, s, 2).await;
    assert_eq!(r2.len(), 2, "{r2:?}");
    assert!(
        r2.iter()
            .all(|(h, a, ..)| *h != delta && *a != Some(delta) && a.is_some()),
        "{r2:?}"
    );
    // Its round-1 result stands in the standings, marked as withdrawn.
    let ts = service.team_section(s).await.unwrap();
    let view = service::teams::views::standings_view(&ts).unwrap();
    let row = view["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "Delta")
        .unwrap();
    assert_eq!(row["withdrawn"]["after_round"], 1, "{row}");
    assert_eq!(row["withdrawn"]["article"], "Art. 6.7.1");
    let played: usize = ts
        .standings_teams()
        .iter()
        .find(|t| t.name == "Delta")
        .unwrap()
        .encounters
        .len();
    assert_eq!(played, 1);
    // No lineup for a round it does not play.
    let lineup = service
        .enter_lineup(None, true, delta, 2, &[Some(1), None, None, None])
        .await
        .unwrap_err();
    assert!(
        lineup.to_string().contains("withdrawn after round 1"),
        "{lineup}"
    );
}

#[tokio::test]
async fn h18_07_an_expelled_team_loses_its_remaining_round_robin_matches_by_forfeit() {
    let (service, event, s, teams) = section("h18_07_rr", "round_robin", 3, 4).await;
    service.pair_team_round(None, s).await.unwrap();
    play_round(&service, s, 1).await;
    service.pair_team_round(None, s).await.unwrap();
    let bravo = teams[1];
    // Expelled during round 2 (§20.1, Art. 12.9.9): its round-2 match stays the director's to
    // enter; round 3 keeps the Berger table and Bravo's match is a forfeit.
    let sanction: SanctionForm = serde_json::from_value(json!({
        "section": s, "round": 2, "party": "team", "name": "Bravo", "player": "",
        "measure": "expulsion", "amount": "", "reason": "Unsportliches Verhalten",
        "version": service.store().event(event).await.unwrap().version,
    }))
    .unwrap();
    let n = service
        .impose_sanction(None, event, &sanction)
        .await
        .unwrap();
    let ts = service.team_section(s).await.unwrap();
    let w = ts.team(bravo).unwrap().1.withdrawn.clone().unwrap();
    assert_eq!(w.after_round, 2);
    assert_eq!(w.cause.article().to_string(), "Art. 12.9.9");
    assert_eq!(w.reason, format!("Sanktion Nr. {n}"));
    play_round(&service, s, 2).await;
    service.pair_team_round(None, s).await.unwrap();
    let r3 = round(&service, s, 3).await;
    assert_eq!(
        r3.len(),
        2,
        "four teams, a Berger round of two matches: {r3:?}"
    );
    let bravos = r3
        .iter()
        .find(|(h, a, ..)| *h == bravo || *a == Some(bravo))
        .unwrap();
    let absent = if bravos.0 == bravo {
        Absent::Home
    } else {
        Absent::Away
    };
    assert_eq!(bravos.2, Some(absent), "{r3:?}");
    assert!(bravos.3, "entered by the service as confirmed: {r3:?}");
    let other = r3.iter().find(|m| m != &bravos).unwrap();
    assert_eq!((other.2, other.3), (None, false));
    // A second expulsion of the same team is refused and stores no sanction.
    let v = service.store().event(event).await.unwrap().version;
    let again: SanctionForm = serde_json::from_value(json!({
        "section": s, "round": 3, "party": "team", "name": "Bravo", "player": "",
        "measure": "expulsion", "amount": "", "reason": "noch einmal", "version": v,
    }))
    .unwrap();
    let e = service
        .impose_sanction(None, event, &again)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("expelled already"), "{e}");
    let ev = service::rows::domain_event(&service.store().event(event).await.unwrap());
    assert_eq!(ev.proceedings.sanctions.len(), 1);
}
