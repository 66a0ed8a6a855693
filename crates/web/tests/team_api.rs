//! Team events through the JSON API (SQLite and, with `ARBITER_TEST_POSTGRES`, PostgreSQL):
//! registration with squad checks, the captain role, lineups with §10.9/§10.10 violations,
//! match results per board, forfeited matches, team byes and standings by hand calculation.

mod common;

use axum::Router;
use axum::http::{StatusCode, header};
use serde_json::{Value, json};
use store::Store;

store::on_both!(
    "team_web", "tw";
    round_robin_with_captain_lineups_and_forfeit,
    team_swiss_gives_a_bye,
    school_group_checks_the_pupils,
    h19_01_02_team_sections_and_squads_are_validated,
    h18_07_a_withdrawn_team_is_no_longer_paired_and_marked,
);

struct Client {
    app: Router,
    /// Session cookie and CSRF token once logged in.
    session: Option<(String, String)>,
}

impl Client {
    async fn send(&self, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
        let req = common::json_request(method, uri, self.session.as_ref(), body.as_ref());
        let a = common::send(&self.app, req).await;
        if uri == "/api/login" && a.status == StatusCode::OK {
            assert!(a.headers.contains_key(header::SET_COOKIE));
        }
        let value = serde_json::from_str(&a.text).unwrap_or(Value::String(a.text));
        (a.status, value)
    }

    async fn login(app: &Router, user: &str, password: &str) -> Client {
        Client {
            app: app.clone(),
            session: Some(common::login(app, user, password).await),
        }
    }

    async fn ok(&self, method: &str, uri: &str, body: Option<Value>) -> Value {
        let (status, v) = self.send(method, uri, body).await;
        assert!(status.is_success(), "{method} {uri}: {status} {v}");
        v
    }
}

/// An app with an admin session, an event and a team section; returns (app, admin, section).
async fn setup(store: Store, system: &str, rounds: u32) -> (Router, Client, i64) {
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    let app = web::router(web::AppState::new(store));
    let admin = Client::login(&app, "admin", &password).await;
    let event = admin
        .ok(
            "POST",
            "/api/events",
            Some(json!({"name": "Jugend-Mannschaftsmeisterschaft", "place": "Mainz", "start_date": "2026-05-01"})),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let section = admin
        .ok(
            "POST",
            &format!("/api/events/{event}/team-sections"),
            Some(json!({"name": "4er-U16", "rounds": rounds, "competition": "club_u16", "system": system})),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    (app, admin, section)
}

/// Registers a team of five (four regulars and a substitute) with DWZ falling by 50.
async fn register(admin: &Client, section: i64, name: &str, top: u32) -> i64 {
    let players: Vec<String> = (0..5)
        .map(|i| format!("{name}{i}, P; {}", top - 50 * i))
        .collect();
    admin
        .ok(
            "POST",
            &format!("/api/sections/{section}/teams"),
            Some(json!({"name": name, "players": players.join("\n")})),
        )
        .await["id"]
        .as_i64()
        .unwrap()
}

fn player_ids(teams: &Value, team: i64) -> Vec<u64> {
    teams["teams"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == team)
        .unwrap()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_u64().unwrap())
        .collect()
}

async fn round_robin_with_captain_lineups_and_forfeit(store: Store) {
    let (app, admin, section) = setup(store, "round_robin", 3).await;
    let a = register(&admin, section, "Alpha", 1800).await;
    let b = register(&admin, section, "Bravo", 1700).await;
    let c = register(&admin, section, "Charlie", 1600).await;
    // Delta lists a 1300 ahead of a 1600: more than 200 higher behind (§10.8).
    let (status, v) = admin
        .send(
            "POST",
            &format!("/api/sections/{section}/teams"),
            Some(json!({"name": "Delta", "players": "D0, P; 1300\nD1, P; 1600\nD2, P\nD3, P"})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let d = v["id"].as_i64().unwrap();
    let violations = v["violations"].as_array().unwrap();
    assert_eq!(violations.len(), 1, "{v}");
    assert_eq!(violations[0]["article"], "SJRP §10.8");
    assert!(violations[0]["text"].as_str().unwrap().contains("D0, P"));
    let german = admin
        .ok(
            "GET",
            &format!("/api/sections/{section}/teams?lang=de"),
            None,
        )
        .await;
    let text = german["violations"][0]["text"].as_str().unwrap();
    assert!(text.contains("D0, P steht vor D1, P"), "{text}");
    let event = admin
        .ok("GET", &format!("/api/sections/{section}"), None)
        .await["section"]["event"]
        .as_i64()
        .unwrap();
    let (_, page) = admin.send("GET", &format!("/events/{event}"), None).await;
    let link = format!("/sections/{section}/teams/standings");
    assert!(
        page.as_str().unwrap().contains(&link),
        "event page links {link}"
    );
    let teams = admin
        .ok("GET", &format!("/api/sections/{section}/teams"), None)
        .await;
    assert_eq!(teams["teams"][0]["players"][4]["substitute"], true);
    assert_eq!(teams["teams"][0]["players"][3]["substitute"], false);

    // A captain for Alpha.
    admin
        .ok(
            "POST",
            "/api/users",
            Some(json!({"name": "cap-alpha", "password": "captain-password", "role": "captain", "team": a})),
        )
        .await;
    let (status, _) = admin
        .send(
            "POST",
            "/api/users",
            Some(json!({"name": "cap-none", "password": "captain-password", "role": "captain"})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let captain = Client::login(&app, "cap-alpha", "captain-password").await;
    let (status, _) = captain
        .send("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a captain cannot pair");

    let round1 = admin
        .ok("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    let matches = round1["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 2);
    // Berger round 1 for four teams: 1-4 and 2-3; BWBW: the team with White on board 1 is
    // named second.
    let pair = |m: &Value| {
        let mut p = [
            m["home"]["id"].as_i64().unwrap(),
            m["away"]["id"].as_i64().unwrap(),
        ];
        p.sort_unstable();
        p
    };
    assert_eq!(pair(&matches[0]), [a, d]);
    assert_eq!(pair(&matches[1]), [b, c]);
    assert_eq!(matches[0]["boards"][0]["home_colour"], "B");

    // The captain lines Alpha up with the second player ahead of the first: §10.9.
    let ids = player_ids(&teams, a);
    let wrong = json!({"players": [ids[1], ids[0], ids[2], ids[3]]});
    let v = captain
        .ok("POST", &format!("/api/teams/{a}/lineups/1"), Some(wrong))
        .await;
    assert_eq!(v["confirmed"], false);
    assert_eq!(v["violations"][0]["article"], "SJRP §10.9", "{v}");
    let lineup = v["id"].as_i64().unwrap();
    let (status, _) = captain
        .send(
            "POST",
            &format!("/api/teams/{b}/lineups/1"),
            Some(json!({"players": [null, null, null, null]})),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "only the own team");
    let (status, _) = captain
        .send("POST", &format!("/api/lineups/{lineup}/confirm"), None)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "captains do not confirm");
    admin
        .ok("POST", &format!("/api/lineups/{lineup}/confirm"), None)
        .await;
    // Bravo: a substitute moves up from the bottom (§10.10 allows it), board 4 stays in order.
    let bids = player_ids(&teams, b);
    let v = admin
        .ok(
            "POST",
            &format!("/api/teams/{b}/lineups/1"),
            Some(json!({"players": [bids[0], bids[1], bids[3], bids[4]]})),
        )
        .await;
    assert_eq!(v["violations"], json!([]));
    // Bravo's substitute cannot move up ahead of a regular (§10.9).
    let v = admin
        .ok(
            "POST",
            &format!("/api/teams/{b}/lineups/1"),
            Some(json!({"players": [bids[4], bids[0], bids[1], bids[2]]})),
        )
        .await;
    assert_eq!(v["violations"][0]["article"], "SJRP §10.9", "{v}");
    let v = admin
        .ok(
            "POST",
            &format!("/api/teams/{b}/lineups/1"),
            Some(json!({"players": [bids[0], bids[1], bids[3], bids[4]]})),
        )
        .await;
    assert_eq!(v["violations"], json!([]));
    // Charlie: board 3 empty (§10.10).
    let cids = player_ids(&teams, c);
    let v = admin
        .ok(
            "POST",
            &format!("/api/teams/{c}/lineups/1"),
            Some(json!({"players": [cids[0], cids[1], null, cids[2]]})),
        )
        .await;
    assert_eq!(v["violations"][0]["article"], "SJRP §10.10");

    let round = admin
        .ok(
            "GET",
            &format!("/api/sections/{section}/teams/rounds/1"),
            None,
        )
        .await;
    let status = &round["matches"][0]["home"]["lineup_status"];
    assert!(status == "confirmed" || status == "default");

    // Alpha-Delta: every board drawn over the board, but Alpha loses all four (§10.9 from
    // board 1). Bravo-Charlie: Charlie loses boards 3 and 4 (§10.10), boards 1 and 2 drawn.
    for m in round["matches"].as_array().unwrap() {
        let id = m["id"].as_i64().unwrap();
        let version = m["version"].as_i64().unwrap();
        let body = json!({"version": version, "boards": ["½-½", "½-½", "½-½", "½-½"]});
        if pair(m) == [a, d] {
            // The captain may submit Alpha's match; it waits for the arbiter.
            let v = captain
                .ok(
                    "POST",
                    &format!("/api/team-matches/{id}/result"),
                    Some(body),
                )
                .await;
            assert_eq!(v["confirmed"], false);
            let standings = admin
                .ok(
                    "GET",
                    &format!("/api/sections/{section}/teams/standings"),
                    None,
                )
                .await;
            assert!(
                standings["rows"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|r| r["values"][0] == "0.00")
            );
            let again = json!({"version": v["version"], "boards": ["½-½", "½-½", "½-½", "½-½"]});
            admin
                .ok(
                    "POST",
                    &format!("/api/team-matches/{id}/result"),
                    Some(again),
                )
                .await;
        } else {
            admin
                .ok(
                    "POST",
                    &format!("/api/team-matches/{id}/result"),
                    Some(body),
                )
                .await;
        }
    }
    let standings = admin
        .ok(
            "GET",
            &format!("/api/sections/{section}/teams/standings"),
            None,
        )
        .await;
    let row = |team: &str| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == team)
            .cloned()
            .unwrap()
    };
    // By hand: Delta 4:0 (2 MP), Bravo 3:1 (2 MP), Alpha 0:4, Charlie 1:3.
    assert_eq!(row("Delta")["values"][0], "2.00");
    assert_eq!(row("Delta")["values"][1], "4.00");
    assert_eq!(row("Bravo")["values"][1], "3.00");
    assert_eq!(row("Charlie")["values"][1], "1.00");
    assert_eq!(row("Alpha")["values"][0], "0.00");
    assert_eq!(row("Delta")["rank"], 1);
    assert_eq!(standings["criteria"][2]["code"], "SB");
    // Board 4 was decided by the lineup rules in both matches: no game at the board, no
    // leader (issue 21).
    assert_eq!(standings["board_leaders"].as_array().unwrap().len(), 3);

    // Round 2 with a forfeited match.
    let round2 = admin
        .ok("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    let m = &round2["matches"][0];
    let id = m["id"].as_i64().unwrap();
    let home = m["home"]["name"].as_str().unwrap().to_owned();
    admin
        .ok(
            "POST",
            &format!("/api/team-matches/{id}/result"),
            Some(json!({"version": m["version"], "forfeit": "home"})),
        )
        .await;
    let round2 = admin
        .ok(
            "GET",
            &format!("/api/sections/{section}/teams/rounds/2"),
            None,
        )
        .await;
    assert_eq!(round2["matches"][0]["home_points"], "0");
    assert_eq!(round2["matches"][0]["away_points"], "4");
    assert_eq!(round2["complete"], false);
    let (status, v) = admin
        .send("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let crosstable = admin
        .ok(
            "GET",
            &format!("/api/sections/{section}/teams/standings"),
            None,
        )
        .await["crosstable"]
        .clone();
    let home_row = crosstable
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == home.as_str())
        .cloned()
        .unwrap();
    // The forfeited match is marked as such (issue 21): `-0:4` for the absent team.
    assert!(
        home_row["cells"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c == "-0:4"),
        "{home_row}"
    );
    let round2 = &round2["matches"][0]["boards"];
    assert!(
        round2
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["result"] == "-+" && b["scored"] == "-+"),
        "the absent team's boards are forfeits, not `*`: {round2}"
    );
}

async fn team_swiss_gives_a_bye(store: Store) {
    let (_, admin, section) = setup(store, "swiss", 3).await;
    for (i, name) in ["A", "B", "C", "D", "E"].iter().enumerate() {
        register(
            &admin,
            section,
            name,
            2000 - 100 * u32::try_from(i).unwrap(),
        )
        .await;
    }
    let round = admin
        .ok("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    let matches = round["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 3);
    let bye: Vec<&Value> = matches.iter().filter(|m| m["bye"] == true).collect();
    assert_eq!(bye.len(), 1);
    // The lowest team gets the bye (C.04.1 / C.04.6).
    assert_eq!(bye[0]["home"]["name"], "E");
    for m in matches.iter().filter(|m| m["bye"] == false) {
        admin
            .ok(
                "POST",
                &format!("/api/team-matches/{}/result", m["id"]),
                Some(json!({"version": m["version"], "boards": ["1-0", "1-0", "½-½", "0-1"]})),
            )
            .await;
    }
    let standings = admin
        .ok(
            "GET",
            &format!("/api/sections/{section}/teams/standings"),
            None,
        )
        .await;
    let e = standings["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "E")
        .cloned()
        .unwrap();
    assert_eq!(e["values"][0], "2.00");
    assert_eq!(e["values"][1], "4.00");
    let round2 = admin
        .ok("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    let matches = round2["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 3);
    let bye2 = matches.iter().find(|m| m["bye"] == true).unwrap();
    assert_ne!(bye2["home"]["name"], "E", "no second bye (C.04.1 d)");
    // Round 2 with a forfeited match: the team Swiss still pairs round 3 (TRF `330`).
    let played: Vec<&Value> = matches.iter().filter(|m| m["bye"] == false).collect();
    admin
        .ok(
            "POST",
            &format!("/api/team-matches/{}/result", played[0]["id"]),
            Some(json!({"version": played[0]["version"], "forfeit": "home"})),
        )
        .await;
    admin
        .ok(
            "POST",
            &format!("/api/team-matches/{}/result", played[1]["id"]),
            Some(json!({"version": played[1]["version"], "boards": ["0-1", "½-½", "½-½", "1-0"]})),
        )
        .await;
    let round3 = admin
        .ok("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    let matches = round3["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 3);
    let byes: Vec<&Value> = matches.iter().filter(|m| m["bye"] == true).collect();
    assert_eq!(byes.len(), 1);
    assert_ne!(byes[0]["home"]["name"], "E");
    assert_ne!(byes[0]["home"]["name"], bye2["home"]["name"]);
}

async fn school_group_checks_the_pupils(store: Store) {
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    let app = web::router(web::AppState::new(store));
    let admin = Client::login(&app, "admin", &password).await;
    let event = admin
        .ok(
            "POST",
            "/api/events",
            Some(json!({"name": "Schulschach", "place": "Mainz", "start_date": "2026-03-01"})),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let (status, v) = admin
        .send(
            "POST",
            &format!("/api/events/{event}/team-sections"),
            Some(
                json!({"name": "WK III", "rounds": 9, "competition": "WK III", "system": "swiss"}),
            ),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "at most 7 Swiss rounds: {v}"
    );
    assert!(v["error"].as_str().unwrap().contains("§18.11"), "{v}");
    let section = admin
        .ok(
            "POST",
            &format!("/api/events/{event}/team-sections"),
            Some(
                json!({"name": "WK III", "rounds": 7, "competition": "WK III", "system": "swiss"}),
            ),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    // Born 2009: 16 on 1 January 2026, WK III is for under 15 (§18.2); no birth date (§18.6).
    let players =
        "Eins, A; 1200; 2012-01-01\nZwei, B; ; 2009-05-05\nDrei, C; ; 2012-02-02\nVier, D";
    // Refused with its paragraph (issue 21), registered over it with the arbiter's reason.
    let (status, refused) = admin
        .send(
            "POST",
            &format!("/api/sections/{section}/teams"),
            Some(json!({"name": "Gymnasium Mainz", "players": players})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(
        refused["error"].as_str().unwrap().contains("SJRP §18.2"),
        "{refused}"
    );
    let v = admin
        .ok(
            "POST",
            &format!("/api/sections/{section}/teams"),
            Some(json!({"name": "Gymnasium Mainz", "players": players, "override": "Ausnahme"})),
        )
        .await;
    let articles: Vec<&str> = v["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["article"].as_str().unwrap())
        .collect();
    assert!(articles.contains(&"SJRP §18.2"), "{v}");
    assert!(articles.contains(&"SJRP §18.6"), "{v}");
    let too_old = v["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["article"] == "SJRP §18.2")
        .unwrap();
    assert!(
        too_old["text"].as_str().unwrap().contains("Zwei, B"),
        "{too_old}"
    );
}

async fn h19_01_02_team_sections_and_squads_are_validated(store: Store) {
    let (_, admin, section) = setup(store, "round_robin", 3).await;
    let event = admin
        .ok("GET", &format!("/api/sections/{section}"), None)
        .await["section"]["event"]
        .as_i64()
        .unwrap();
    let (status, e) = admin
        .send(
            "POST",
            &format!("/api/events/{event}/team-sections"),
            Some(json!({"name": "RR", "rounds": 4_294_967_295_u32, "competition": "club_u16"})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("rounds: expected a whole number from 1 to 99"),
        "{e}"
    );
    for (body, field) in [
        (
            json!({"name": "Alpha\n012 forged", "players": "A, B"}),
            "team name: expected",
        ),
        (
            json!({"name": "Alpha", "players": "A\u{1b}, B; 1500"}),
            "last name: expected",
        ),
        (
            json!({"name": "Alpha", "players": "A, B; 9999"}),
            "DWZ: expected a whole number from 0 to 3500",
        ),
    ] {
        let (status, e) = admin
            .send(
                "POST",
                &format!("/api/sections/{section}/teams"),
                Some(body),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{e}");
        assert!(e["error"].as_str().unwrap().starts_with(field), "{e}");
        assert!(e["error_de"].is_string(), "{e}");
    }
    let teams = admin
        .ok("GET", &format!("/api/sections/{section}/teams"), None)
        .await;
    assert_eq!(
        teams["teams"].as_array().unwrap().len(),
        0,
        "nothing stored"
    );
}

async fn h18_07_a_withdrawn_team_is_no_longer_paired_and_marked(store: Store) {
    let (_, admin, section) = setup(store, "swiss", 3).await;
    for (i, name) in ["A", "B", "C", "D", "E"].iter().enumerate() {
        register(
            &admin,
            section,
            name,
            2000 - 100 * u32::try_from(i).unwrap(),
        )
        .await;
    }
    let round = admin
        .ok("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    for m in round["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["bye"] == false)
    {
        admin
            .ok(
                "POST",
                &format!("/api/team-matches/{}/result", m["id"]),
                Some(json!({"version": m["version"], "boards": ["1-0", "1-0", "½-½", "0-1"]})),
            )
            .await;
    }
    let page = admin
        .send("GET", &format!("/sections/{section}/teams?lang=de"), None)
        .await;
    let html = page.1.as_str().unwrap().to_owned();
    assert!(
        html.contains("Mannschaft zurückziehen") && html.contains("Art. 6.7.1"),
        "{html}"
    );
    let teams = admin
        .ok("GET", &format!("/api/sections/{section}/teams"), None)
        .await;
    let b = &teams["teams"][1];
    assert_eq!(b["name"], "B");
    let uri = format!("/api/teams/{}/withdraw", b["id"]);
    let (status, body) = admin
        .send(
            "POST",
            &uri,
            Some(json!({"after_round": "1", "reason": "", "version": b["version"]})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = admin
        .send(
            "POST",
            &uri,
            Some(json!({"after_round": "1", "reason": "Bus fällt aus", "version": b["version"]})),
        )
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
    let round2 = admin
        .ok("POST", &format!("/api/sections/{section}/teams/pair"), None)
        .await;
    let matches = round2["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 2, "four teams left, no bye: {round2}");
    assert!(
        matches
            .iter()
            .all(|m| m["home"]["name"] != "B" && m["away"]["name"] != "B"),
        "{round2}"
    );
    let page = admin
        .send("GET", &format!("/sections/{section}/teams?lang=de"), None)
        .await;
    assert!(
        page.1
            .as_str()
            .unwrap()
            .contains("zurückgezogen nach Runde 1</strong> (Art. 6.7.1): Bus fällt aus")
    );
    let standings = admin
        .send(
            "GET",
            &format!("/sections/{section}/teams/standings?lang=de"),
            None,
        )
        .await;
    assert!(
        standings
            .1
            .as_str()
            .unwrap()
            .contains("(zurückgezogen nach Runde 1)")
    );
}
