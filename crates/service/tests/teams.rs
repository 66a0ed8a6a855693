//! Team sections through the service (SJRP §10): lineups, match results and team pairing are
//! validated by the service and stored with their audit entries, whoever calls them.

use serde_json::json;
use service::registration::NewEvent;
use service::teams::registration::{NewTeamSection, TeamForm};
use service::teams::views::round_view;
use service::teams::{Absent, BoardResult, MatchDoc};
use service::{Service, ServiceError};

/// A team section of `system` with four teams of five (four regulars and a substitute);
/// the service, the section and the team ids.
async fn section(name: &str, system: &str, rounds: u32) -> (Service, i64, Vec<i64>) {
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
    for (name, top) in [
        ("Alpha", 1800),
        ("Bravo", 1700),
        ("Charlie", 1600),
        ("Delta", 1500),
    ] {
        let players: Vec<String> = (0..5)
            .map(|i| format!("{name}{i}, P; {}", top - 50 * i))
            .collect();
        let form: TeamForm =
            serde_json::from_value(json!({ "name": name, "players": players.join("\n") })).unwrap();
        teams.push(service.register_team(None, s, &form).await.unwrap());
    }
    (service, s, teams)
}

/// Every match of round `n`: (id, version, home, away).
async fn matches(service: &Service, s: i64, n: i64) -> Vec<(i64, i64, i64, Option<i64>)> {
    let ts = service.team_section(s).await.unwrap();
    ts.matches
        .iter()
        .filter(|(m, _)| m.round == n)
        .map(|(m, _)| (m.id, m.version, m.home, m.away))
        .collect()
}

fn boards(results: [BoardResult; 4]) -> MatchDoc {
    MatchDoc {
        boards: results.to_vec(),
        forfeit: None,
    }
}

#[tokio::test]
async fn h12_01_team_lineup_is_checked_and_fixed_once_the_round_has_results() {
    let (service, s, teams) = section("service_team_lineup", "round_robin", 3).await;
    let round = service.pair_team_round(None, s).await.unwrap();
    assert_eq!(round, 1);
    let ts = service.team_section(s).await.unwrap();
    let (_, squad) = ts.team(teams[0]).unwrap();
    let ids: Vec<u32> = squad.members.iter().map(|m| m.player.id.0).collect();
    // Three boards for a team of four boards: refused, nothing stored.
    let short = service
        .enter_lineup(None, true, teams[0], 1, &[Some(ids[0]), Some(ids[1]), None])
        .await;
    assert!(
        matches!(short, Err(ServiceError::BadRequest(_))),
        "{short:?}"
    );
    let none = service
        .enter_lineup(None, true, teams[0], 4, &[None, None, None, None])
        .await;
    assert!(matches!(none, Err(ServiceError::BadRequest(_))), "{none:?}");
    // The substitute on board 1 ahead of the regulars: stored, and shown as a §10.9
    // violation (a captain's entry waits for an arbiter).
    let lineup = [Some(ids[4]), Some(ids[1]), Some(ids[2]), Some(ids[3])];
    let id = service
        .enter_lineup(None, false, teams[0], 1, &lineup)
        .await
        .unwrap();
    let ts = service.team_section(s).await.unwrap();
    let view = round_view(&ts, 1, true).unwrap();
    let side = view["matches"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| [&m["home"], &m["away"]])
        .find(|t| t["id"] == teams[0])
        .unwrap()
        .clone();
    assert_eq!(side["lineup_status"], "submitted");
    let violations = side["violations"].as_array().unwrap();
    assert!(
        violations
            .iter()
            .any(|v| v["text"].as_str().unwrap().starts_with("Brett 1:")),
        "German text: {violations:?}"
    );
    assert_eq!(service.confirm_lineup(None, id).await.unwrap(), (s, 1));
    // A result in the team's match fixes the lineup (§10.9).
    let (m, version, ..) = matches(&service, s, 1)
        .await
        .into_iter()
        .find(|(_, _, h, a)| *h == teams[0] || *a == Some(teams[0]))
        .unwrap();
    let mut doc = boards([BoardResult::Pending; 4]);
    doc.boards[0] = BoardResult::Draw;
    let submitted = service
        .enter_match_result(None, false, m, &doc, version)
        .await
        .unwrap();
    // A captain's submitted result fixes the lineup for the captains, not for the arbiter
    // (issue 21).
    let captain = service
        .enter_lineup(None, false, teams[0], 1, &lineup)
        .await
        .unwrap_err();
    assert!(captain.to_string().contains("SJRP §10.9"), "{captain}");
    service
        .enter_lineup(None, true, teams[0], 1, &lineup)
        .await
        .unwrap();
    service
        .enter_match_result(None, true, m, &doc, submitted)
        .await
        .unwrap();
    let fixed = service
        .enter_lineup(None, true, teams[0], 1, &lineup)
        .await
        .unwrap_err();
    assert!(
        fixed.to_string().contains("SJRP §10.9") && fixed.german().contains("Aufstellung"),
        "{fixed} / {}",
        fixed.german()
    );
    let audit = service.store().audit_log(None, 100).await.unwrap();
    assert!(
        audit.iter().any(|a| a.entity == "lineup"),
        "lineups are audited"
    );
}

#[tokio::test]
async fn h12_01_team_match_result_needs_every_board_and_the_version_read() {
    let (service, s, _) = section("service_team_result", "round_robin", 3).await;
    service.pair_team_round(None, s).await.unwrap();
    let round = matches(&service, s, 1).await;
    let (m, version, ..) = round[0];
    let three = MatchDoc {
        boards: vec![BoardResult::HomeWins; 3],
        forfeit: None,
    };
    let bad = service
        .enter_match_result(None, true, m, &three, version)
        .await;
    assert!(matches!(bad, Err(ServiceError::BadRequest(_))), "{bad:?}");
    let doc = boards([
        BoardResult::HomeWins,
        BoardResult::Draw,
        BoardResult::AwayWins,
        BoardResult::HomeForfeitWin,
    ]);
    let v2 = service
        .enter_match_result(None, true, m, &doc, version)
        .await
        .unwrap();
    assert_eq!(v2, version + 1);
    let stale = service
        .enter_match_result(None, true, m, &doc, version)
        .await;
    assert!(matches!(stale, Err(ServiceError::Conflict(_))), "{stale:?}");
    let forfeit = MatchDoc {
        boards: Vec::new(),
        forfeit: Some(Absent::Away),
    };
    let (m2, v, ..) = round[1];
    service
        .enter_match_result(None, true, m2, &forfeit, v)
        .await
        .unwrap();
    let ts = service.team_section(s).await.unwrap();
    assert!(ts.round_complete(1), "both matches confirmed and complete");
    let view = round_view(&ts, 1, false).unwrap();
    let first = view["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == m)
        .unwrap();
    // 1 + ½ + 0 + 1 = 2½ board points: the home team wins the match (§10.2).
    assert_eq!(first["home_points"], "2.5");
    assert_eq!(first["home_match_points"], "2");
}

#[tokio::test]
async fn h12_01_team_pairing_waits_for_confirmed_results_and_pairs_the_swiss() {
    let (service, s, teams) = section("service_team_pairing", "swiss", 3).await;
    assert_eq!(service.pair_team_round(None, s).await.unwrap(), 1);
    let early = service.pair_team_round(None, s).await.unwrap_err();
    assert!(
        matches!(
            early,
            ServiceError::Rule {
                german: Some(_),
                ..
            }
        ),
        "{early:?}"
    );
    assert!(early.german().contains("Runde 1"), "{}", early.german());
    // Results entered by a captain wait for an arbiter: still no round 2.
    for (m, v, ..) in matches(&service, s, 1).await {
        service
            .enter_match_result(None, false, m, &boards([BoardResult::HomeWins; 4]), v)
            .await
            .unwrap();
    }
    assert!(service.pair_team_round(None, s).await.is_err());
    for (m, v, ..) in matches(&service, s, 1).await {
        service
            .enter_match_result(None, true, m, &boards([BoardResult::HomeWins; 4]), v)
            .await
            .unwrap();
    }
    assert_eq!(service.pair_team_round(None, s).await.unwrap(), 2);
    let round2 = matches(&service, s, 2).await;
    assert_eq!(round2.len(), 2);
    let round1 = matches(&service, s, 1).await;
    for (_, _, home, away) in &round2 {
        let pair = [*home, away.unwrap()];
        assert!(
            !round1
                .iter()
                .any(|(_, _, h, a)| pair.contains(h) && pair.contains(&a.unwrap())),
            "no rematch in a team Swiss (C.04.6): {round1:?} {round2:?}"
        );
    }
    let late: TeamForm =
        serde_json::from_value(json!({ "name": "Echo", "players": "E0, P; 1400" })).unwrap();
    let refused = service.register_team(None, s, &late).await.unwrap_err();
    assert!(refused.to_string().contains("SJRP §10.8"), "{refused}");
    assert_eq!(
        service.team_section(s).await.unwrap().teams.len(),
        teams.len()
    );
}

/// A round robin of five teams (a team bye every round) with round 1 played: the first match
/// with a board left empty by the away team (§10.10) and a `+-` board, the second forfeited
/// by the away team. The service, the section, the first match's (home, away) team ids.
async fn played_round(name: &str) -> (Service, i64, (i64, i64)) {
    let (service, s, mut teams) = section(name, "round_robin", 5).await;
    let players: Vec<String> = (0..5)
        .map(|i| format!("Echo{i}, P; {}", 1400 - 50 * i))
        .collect();
    let form: TeamForm =
        serde_json::from_value(json!({ "name": "Echo", "players": players.join("\n") })).unwrap();
    teams.push(service.register_team(None, s, &form).await.unwrap());
    service.pair_team_round(None, s).await.unwrap();
    service.publish_team_round(None, s, 1).await.unwrap();
    let round = matches(&service, s, 1).await;
    let played: Vec<_> = round.iter().filter(|(.., a)| a.is_some()).collect();
    assert_eq!((round.len(), played.len()), (3, 2), "two matches and a bye");
    let &(m1, v1, home, away) = played[0];
    let away = away.unwrap();
    let ts = service.team_section(s).await.unwrap();
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
            &[Some(ids[0]), Some(ids[1]), Some(ids[2]), None],
        )
        .await
        .unwrap();
    let doc = boards([
        BoardResult::HomeWins,
        BoardResult::Draw,
        BoardResult::HomeForfeitWin,
        BoardResult::AwayWins,
    ]);
    service
        .enter_match_result(None, true, m1, &doc, v1)
        .await
        .unwrap();
    let &(m2, v2, ..) = played[1];
    let forfeit = MatchDoc {
        boards: Vec::new(),
        forfeit: Some(Absent::Away),
    };
    service
        .enter_match_result(None, true, m2, &forfeit, v2)
        .await
        .unwrap();
    (service, s, (home, away))
}

#[tokio::test]
async fn h21_01_team_trf_has_team_records_and_every_board_and_rereads() {
    let (service, s, (home, away)) = played_round("service_team_trf").await;
    let file = service.team_trf(s, true).await.unwrap();
    assert!(file.name.ends_with("_R1.trf"), "{}", file.name);
    let text = String::from_utf8(file.bytes).unwrap();
    assert!(
        text.lines().all(|l| !l.is_empty()) && text.contains("\r\n"),
        "CR LF"
    );
    let t: trf::Tournament = text.parse().unwrap();
    let report = t.validate();
    assert!(
        report.is_valid(),
        "{:?}",
        report.errors().collect::<Vec<_>>()
    );
    assert!(t.is_team_tournament());
    assert_eq!(
        t.players().count(),
        25,
        "every squad member has a 001 record"
    );
    let teams = t.teams();
    assert_eq!(teams.len(), 5);
    assert!(
        teams.iter().all(|r| r.players.len() == 5),
        "310 with the squad in board order"
    );
    let ts = service.team_section(s).await.unwrap();
    let number = |id: i64| u16::try_from(ts.team(id).unwrap().0.number).unwrap();
    let rounds = t.team_rounds(1);
    let of = |n: u16| {
        rounds
            .iter()
            .zip(&teams)
            .find(|(_, x)| x.number == n)
            .map(|(r, _)| r)
            .unwrap()
    };
    // Home: 1 + ½ + 1 (+-) + 1 (board 4 left empty by the away team, §10.10) = 3½.
    assert_eq!(of(number(home)).game_points, trf::Points::from_halves(7));
    assert_eq!(of(number(home)).kind, trf::team::MatchKind::Won);
    assert_eq!(of(number(away)).game_points, trf::Points::from_halves(1));
    assert_eq!(
        t.lineup(1, number(away)).unwrap().players[3],
        None,
        "300 with the empty board"
    );
    let kinds: Vec<_> = rounds.iter().map(|r| r.kind).collect();
    assert!(
        kinds.contains(&trf::team::MatchKind::PairingAllocatedBye),
        "320 team bye: {kinds:?}"
    );
    assert!(
        kinds.contains(&trf::team::MatchKind::ForfeitWon),
        "330: {kinds:?}"
    );
    assert!(
        kinds.contains(&trf::team::MatchKind::ForfeitLost),
        "330: {kinds:?}"
    );
    // The file's match points are the service's standings.
    for team in ts.standings_teams() {
        let r = of(team.number);
        assert_eq!(
            r.match_points,
            trf::Points::from_halves(i32::try_from(team.match_points().half_points()).unwrap()),
            "team {}",
            team.number
        );
        assert_eq!(
            r.game_points,
            trf::Points::from_halves(i32::try_from(team.board_points().half_points()).unwrap()),
            "team {}",
            team.number
        );
    }
    // The public's file carries no full birth date.
    let public = service.team_trf(s, false).await.unwrap();
    assert!(
        String::from_utf8(public.bytes)
            .unwrap()
            .parse::<trf::Tournament>()
            .is_ok()
    );
}

#[tokio::test]
async fn h21_01_team_dsb_report_has_every_board_game_and_team_type() {
    let (service, s, (home, away)) = played_round("service_team_dsb").await;
    let xml = service.team_dsb_xml(s).await.unwrap();
    assert!(xml.name.ends_with("_R1.xml"), "{}", xml.name);
    let text = String::from_utf8(xml.bytes.clone()).unwrap();
    assert!(text.contains("TR"), "team round robin type");
    let back = ratinglist::dsb::read_xml(&xml.bytes, "teams.xml").unwrap();
    assert_eq!(
        back.tournament.kind,
        ratinglist::dsb::TournamentType::TeamRoundRobin
    );
    assert_eq!(back.players.len(), 25);
    let games: Vec<_> = back.rounds[0]
        .pairings
        .iter()
        .filter_map(|p| match *p {
            ratinglist::dsb::Pairing::Game {
                white,
                black,
                result,
            } => Some((white, black, result)),
            _ => None,
        })
        .collect();
    // Match 1: boards 1-3 (board 4 empty); the forfeited match has no games.
    assert_eq!(games.len(), 3, "{games:?}");
    let ts = service.team_section(s).await.unwrap();
    let squad = |id: i64| ts.team(id).unwrap().1.members.len();
    assert_eq!((squad(home), squad(away)), (5, 5));
    let results: Vec<_> = games.iter().map(|g| g.2).collect();
    assert!(results.contains(&laws::GameResult::Draw), "{results:?}");
    assert_eq!(
        results.iter().filter(|r| r.is_forfeit()).count(),
        1,
        "the +- board stays a forfeit: {results:?}"
    );
    let swi = service.team_swi(s).await.unwrap();
    let back = ratinglist::dsb::read_swi(&swi.bytes, "teams.swi").unwrap();
    assert_eq!(
        back.tournament.kind,
        ratinglist::dsb::TournamentType::TeamRoundRobin
    );
    assert_eq!(
        back.rounds[0]
            .pairings
            .iter()
            .filter(|p| matches!(p, ratinglist::dsb::Pairing::Game { .. }))
            .count(),
        3
    );
    let csv = String::from_utf8(service.team_standings_csv(s, false).await.unwrap().bytes).unwrap();
    assert!(csv.starts_with("Rank,No,Team,MP"), "{csv}");
    assert_eq!(csv.lines().count(), 6);
}

#[tokio::test]
async fn h21_02_a_paired_team_round_is_a_preview_until_published() {
    let (service, s, _) = section("service_team_publish", "round_robin", 3).await;
    service.pair_team_round(None, s).await.unwrap();
    let arbiter = service.team_section_view(s, true).await.unwrap();
    assert_eq!(arbiter.rounds_paired(), 1);
    assert!(round_view(&arbiter, 1, false).unwrap()["published"] == false);
    // The public sees nothing of the preview: no round, no standings row with it, no file.
    let public = service.team_section_view(s, false).await.unwrap();
    assert_eq!(public.rounds_paired(), 0);
    assert!(matches!(
        round_view(&public, 1, false),
        Err(ServiceError::NotFound)
    ));
    let trf: trf::Tournament = String::from_utf8(service.team_trf(s, false).await.unwrap().bytes)
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(trf.rounds_played(), 0);
    assert!(
        trf.records().all(|r| !matches!(r, trf::Record::LineUp(_))),
        "no lineup of the preview"
    );
    service.publish_team_round(None, s, 1).await.unwrap();
    let public = service.team_section_view(s, false).await.unwrap();
    assert_eq!(public.rounds_paired(), 1);
    assert!(round_view(&public, 1, false).unwrap()["published"] == true);
    let again = service.publish_team_round(None, s, 1).await.unwrap_err();
    assert!(again.german().contains("schon veröffentlicht"), "{again}");
    assert!(matches!(
        service.publish_team_round(None, s, 2).await,
        Err(ServiceError::NotFound)
    ));
    let audit = service.store().audit_log(None, 100).await.unwrap();
    assert!(audit.iter().any(|a| a.action == "publish team round"));
}

#[tokio::test]
async fn h21_04_a_captains_result_does_not_lock_the_opponents_lineup_for_the_arbiter() {
    let (service, s, _) = section("service_team_captain_result", "round_robin", 3).await;
    service.pair_team_round(None, s).await.unwrap();
    let (m, version, home, away) = matches(&service, s, 1).await[0];
    let away = away.unwrap();
    // The home captain submits a result; the away team has no lineup entered yet.
    service
        .enter_match_result(None, false, m, &boards([BoardResult::HomeWins; 4]), version)
        .await
        .unwrap();
    let ts = service.team_section(s).await.unwrap();
    let ids: Vec<Option<u32>> = ts.team(away).unwrap().1.members[..4]
        .iter()
        .map(|m| Some(m.player.id.0))
        .collect();
    service
        .enter_lineup(None, true, away, 1, &ids)
        .await
        .unwrap();
    // The captains cannot change their lineups any more.
    let home_ids: Vec<Option<u32>> = ts.team(home).unwrap().1.members[..4]
        .iter()
        .map(|m| Some(m.player.id.0))
        .collect();
    assert!(
        service
            .enter_lineup(None, false, home, 1, &home_ids)
            .await
            .is_err()
    );
}

#[tokio::test]
async fn h21_03_forfeits_keep_their_marks_and_rule_boards_are_no_wins_at_the_board() {
    let (service, s, (home, _)) = played_round("service_team_marks").await;
    let ts = service.team_section(s).await.unwrap();
    let view = round_view(&ts, 1, false).unwrap();
    let all = view["matches"].as_array().unwrap();
    let first = all.iter().find(|m| m["home"]["id"] == home).unwrap();
    let scored: Vec<&str> = first["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["scored"].as_str().unwrap())
        .collect();
    // Board 3 `+-` entered, board 4 left empty by the away team (§10.10): forfeits, not 1-0.
    assert_eq!(scored, ["1-0", "½-½", "+-", "+-"]);
    let forfeited = all.iter().find(|m| !m["forfeit"].is_null()).unwrap();
    for b in forfeited["boards"].as_array().unwrap() {
        assert_eq!(b["result"], "+-", "{b}");
        assert_eq!(b["scored"], "+-", "{b}");
        assert_eq!(b["entered"], "*");
    }
    let standings = service::teams::views::standings_view(&ts).unwrap();
    let cells: Vec<String> = standings["crosstable"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["cells"].as_array().unwrap().clone())
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    assert!(cells.iter().any(|c| c == "+4:0"), "{cells:?}");
    assert!(cells.iter().any(|c| c == "-0:4"), "{cells:?}");

    // §10.9: the away team sits its second player ahead of the first, and wins every board
    // over the board; the home team wins them all by the rule, which is no win at the board.
    let (service, s, _) = section("service_team_leaders", "round_robin", 3).await;
    service.pair_team_round(None, s).await.unwrap();
    let round = matches(&service, s, 1).await;
    let (m, v, home, away) = round[0];
    let away = away.unwrap();
    let ts = service.team_section(s).await.unwrap();
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
            &[Some(ids[1]), Some(ids[0]), Some(ids[2]), Some(ids[3])],
        )
        .await
        .unwrap();
    service
        .enter_match_result(None, true, m, &boards([BoardResult::AwayWins; 4]), v)
        .await
        .unwrap();
    let (m2, v2, ..) = round[1];
    service
        .enter_match_result(None, true, m2, &boards([BoardResult::HomeWins; 4]), v2)
        .await
        .unwrap();
    let ts = service.team_section(s).await.unwrap();
    let view = round_view(&ts, 1, false).unwrap();
    let ruled = view["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["id"] == m)
        .unwrap();
    assert_eq!(ruled["boards"][0]["scored"], "+-", "lost by §10.9: {ruled}");
    let number = |id: i64| u16::try_from(ts.team(id).unwrap().0.number).unwrap();
    let leaders = ts.leader_teams(&ts.standings_teams());
    for team in leaders
        .iter()
        .filter(|t| t.number == number(home) || t.number == number(away))
    {
        assert!(
            team.encounters[0].boards.iter().all(|b| b.player == 0),
            "{team:?}"
        );
    }
    let names: Vec<String> = service::teams::views::standings_view(&ts).unwrap()["board_leaders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["team"].as_str().unwrap().to_owned())
        .collect();
    let home_name = &ts.team(home).unwrap().1.name;
    assert!(!names.contains(home_name), "{names:?}");
}

fn team_form(name: &str, players: &str, over: &str) -> TeamForm {
    serde_json::from_value(json!({ "name": name, "players": players, "override": over })).unwrap()
}

#[tokio::test]
async fn h21_01_registration_refuses_age_sex_and_guests_with_the_paragraph_and_an_audited_override()
{
    let (service, s, _) = section("service_team_eligibility", "round_robin", 3).await;
    // Born 2009: 17 at the end of 2025, U16 is for born 2010 or later (§12.1, §5.3).
    let old = "Echo0, P; 1500; 2009-06-01; m\nEcho1, P; 1450\nEcho2, P\nEcho3, P";
    let e = service
        .register_team(None, s, &team_form("Echo", old, ""))
        .await
        .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("SJRP §12.1") && text.contains("SJRP §5.3") && text.contains("Echo0, P"),
        "{text}"
    );
    assert!(
        e.german()
            .contains("darf nicht in der U16-Mannschaft spielen"),
        "{}",
        e.german()
    );
    // A guest from another club: none allowed in a U16 team (§12.1).
    let guest = "Echo0, P; 1500; 2011-06-01; m; SC Gast\nEcho1, P; 1450\nEcho2, P\nEcho3, P";
    let e = service
        .register_team(None, s, &team_form("Echo", guest, ""))
        .await
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("1 players from another club, at most 0"),
        "{e}"
    );
    assert_eq!(service.team_section(s).await.unwrap().teams.len(), 4);
    // The arbiter registers it over the refusal with a reason: kept on the squad and audited.
    let id = service
        .register_team(None, s, &team_form("Echo", old, "Ausnahme Spielleiter"))
        .await
        .unwrap();
    let ts = service.team_section(s).await.unwrap();
    let (_, squad) = ts.team(id).unwrap();
    let over = squad.admitted_over.as_ref().unwrap();
    assert_eq!(over.reason, "Ausnahme Spielleiter");
    assert!(over.issues[0].contains("SJRP §12.1"), "{over:?}");
    let log = service.store().audit_log(None, 5).await.unwrap();
    assert!(
        log.iter().any(|e| e.entity == "team"
            && e.entity_id == id
            && e.new_value
                .as_deref()
                .is_some_and(|v| v.contains("Ausnahme Spielleiter"))),
        "{log:?}"
    );
}

#[tokio::test]
async fn h21_02_the_same_player_in_two_club_teams_is_refused() {
    let (service, s, _) = section("service_team_two_teams", "round_robin", 3).await;
    let a = "Gleich, Paul; 1500; 2011-06-01\nF1, P; 1450\nF2, P\nF3, P";
    service
        .register_team(None, s, &team_form("Foxtrot", a, ""))
        .await
        .unwrap();
    let b = "G0, P; 1500\nG1, P; 1450\ngleich,  paul; ; 2011-06-01\nG3, P";
    let e = service
        .register_team(None, s, &team_form("Golf", b, ""))
        .await
        .unwrap_err();
    assert!(
        e.to_string().contains("SJRP §10.1")
            && e.to_string().contains("Foxtrot, Golf")
            && e.to_string().contains("the same name and birth year"),
        "{e}"
    );
    assert!(
        e.german().contains("nur in einer Mannschaft"),
        "{}",
        e.german()
    );
}

#[tokio::test]
async fn h21_03_time_controls_of_team_sections_and_no_late_entries() {
    let (service, s, _) = section("service_team_time", "round_robin", 3).await;
    let event = service.team_section(s).await.unwrap().section.event;
    let new = |competition: &str, time: &str| -> NewTeamSection {
        serde_json::from_value(json!({
            "name": format!("{competition} {time}"), "rounds": 5, "competition": competition,
            "system": "swiss", "time_control": time
        }))
        .unwrap()
    };
    // §10.11: at least 25 minutes; 20 minutes + 5 seconds a move make 25 for 60 moves.
    let e = service
        .create_team_section(None, event, &new("club_u16", "1200+4"))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("SJRP §10.11"), "{e}");
    assert!(e.german().contains("mindestens 25"), "{}", e.german());
    let ok = service
        .create_team_section(None, event, &new("club_u16", "1200+5"))
        .await
        .unwrap();
    assert_eq!(
        service
            .team_section(ok)
            .await
            .unwrap()
            .settings
            .time_control,
        "1200+5"
    );
    // §18.12: at least 15 minutes in the schools.
    let e = service
        .create_team_section(None, event, &new("WK G", "840"))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("SJRP §18.12"), "{e}");
    service
        .create_team_section(None, event, &new("WK G", "900"))
        .await
        .unwrap();
    let e = service
        .create_team_section(None, event, &new("club_u16", "25 min"))
        .await
        .unwrap_err();
    assert!(e.to_string().contains("time control `25 min`"), "{e}");
    // §10.8: no entries after the start.
    service.pair_team_round(None, s).await.unwrap();
    let late = team_form("Echo", "E0, P\nE1, P\nE2, P\nE3, P", "");
    let e = service.register_team(None, s, &late).await.unwrap_err();
    assert!(e.to_string().contains("SJRP §10.8"), "{e}");
}
