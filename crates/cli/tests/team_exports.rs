//! The files of a team section (issue 21) re-read by `arbiter trf check`: a team round robin
//! with a bye, a board left empty, a `+-` board and a forfeited match, exported by the service.

use serde_json::json;
use service::Service;
use service::registration::NewEvent;
use service::teams::registration::{NewTeamSection, TeamForm};
use service::teams::{Absent, BoardResult, MatchDoc};

fn arbiter(args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

/// Five teams of five, round 1 played and confirmed; the service and the section.
async fn played_section() -> (Service, i64) {
    let store = store::testing::sqlite_store("cli_team_exports")
        .await
        .unwrap();
    let service = Service::new(store);
    let event: NewEvent = serde_json::from_value(
        json!({ "name": "Jugend-MM", "place": "Mainz", "start_date": "2026-05-01" }),
    )
    .unwrap();
    let event = service.create_event(None, &event).await.unwrap();
    let new: NewTeamSection = serde_json::from_value(json!({
        "name": "4er-U16", "rounds": 5, "competition": "club_u16", "system": "round_robin"
    }))
    .unwrap();
    let s = service
        .create_team_section(None, event, &new)
        .await
        .unwrap();
    for (name, top) in [
        ("Alpha", 1800),
        ("Bravo", 1700),
        ("Charlie", 1600),
        ("Delta", 1500),
        ("Echo", 1400),
    ] {
        let players: Vec<String> = (0..5)
            .map(|i| format!("{name}{i}, P; {}", top - 50 * i))
            .collect();
        let form: TeamForm =
            serde_json::from_value(json!({ "name": name, "players": players.join("\n") })).unwrap();
        service.register_team(None, s, &form).await.unwrap();
    }
    service.pair_team_round(None, s).await.unwrap();
    service.publish_team_round(None, s, 1).await.unwrap();
    let ts = service.team_section(s).await.unwrap();
    let played: Vec<_> = ts
        .matches
        .iter()
        .filter(|(m, _)| m.away.is_some())
        .map(|(m, _)| m.clone())
        .collect();
    let away = played[0].away.unwrap();
    let ids: Vec<u32> = ts
        .team(away)
        .unwrap()
        .1
        .members
        .iter()
        .map(|m| m.player.id.0)
        .collect();
    service
        .enter_lineup(
            None,
            true,
            away,
            1,
            &[Some(ids[0]), Some(ids[1]), None, Some(ids[3])],
        )
        .await
        .unwrap();
    let doc = MatchDoc {
        boards: vec![
            BoardResult::Draw,
            BoardResult::AwayWins,
            BoardResult::HomeWins,
            BoardResult::HomeForfeitWin,
        ],
        forfeit: None,
    };
    service
        .enter_match_result(None, true, played[0].id, &doc, played[0].version)
        .await
        .unwrap();
    let forfeit = MatchDoc {
        boards: Vec::new(),
        forfeit: Some(Absent::Home),
    };
    service
        .enter_match_result(None, true, played[1].id, &forfeit, played[1].version)
        .await
        .unwrap();
    (service, s)
}

#[tokio::test]
async fn h21_01_team_trf_passes_arbiter_trf_check() {
    let (service, s) = played_section().await;
    let dir = std::env::temp_dir().join(format!("arbiter-team-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for arbiter_view in [true, false] {
        let file = service.team_trf(s, arbiter_view).await.unwrap();
        let path = dir.join(&file.name);
        std::fs::write(&path, &file.bytes).unwrap();
        let (code, out, err) = arbiter(&["trf".as_ref(), "check".as_ref(), path.as_os_str()]);
        assert_eq!(code, 0, "{out}{err}");
        assert!(
            out.contains("25 players") && out.contains("0 errors"),
            "{out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
