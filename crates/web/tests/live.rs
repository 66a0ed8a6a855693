//! Live games through the JSON API (issue #15): every replay log played through
//! `POST /api/games/{id}/events` gives the rulings and final state `arbiter replay` gives; refused
//! events store nothing, retries apply once, and a restarted server rebuilds the same state.

mod common;

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use store::Store;

use common::{Answer, FormClient, json_request, send};

store::on_both!(
    "arbiter_live", "lv";
    h15_05_every_replay_log_plays_the_same_through_the_api,
    h15_04_refused_events_store_nothing_and_retries_apply_once,
    h15_01_a_board_code_opens_only_its_game,
    h15_11_a_game_stepped_on_post_by_post_is_the_game_rebuilt_from_its_log,
);

/// Every log `arbiter replay` is tested with: the examples and this suite's data.
fn logs() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut logs = Vec::new();
    for dir in [root.join("../../examples"), root.join("tests/data/replay")] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "jsonl") {
                let text = std::fs::read_to_string(&path).unwrap();
                logs.push((path.display().to_string(), text));
            }
        }
    }
    logs.sort();
    logs
}

async fn call(
    app: &Router,
    session: &(String, String),
    method: &str,
    uri: &str,
    body: Option<&Value>,
) -> Answer {
    send(app, json_request(method, uri, Some(session), body)).await
}

/// An event, a section of `players` players with round 1 paired and published; the game ids
/// of its boards (byes left out).
async fn published_boards(c: &FormClient, players: usize) -> Vec<i64> {
    let post = |uri: String, body: Value| async move {
        let a = call(&c.app, &c.session, "POST", &uri, Some(&body)).await;
        assert!(a.status.is_success(), "{uri}: {}", a.text);
        a.json()
    };
    let event = post(
        "/api/events".into(),
        json!({"name": "Live Open", "place": "Mainz", "start_date": "2026-03-01"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let section = post(
        format!("/api/events/{event}/sections"),
        json!({"name": "A", "rounds": 3, "system": "swiss", "tiebreaks": "BH"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    for i in 0..players {
        post(
            format!("/api/sections/{section}/players"),
            json!({"last_name": format!("Player{i}"), "first_name": "Test",
                   "elo": (2200 - 10 * i).to_string(), "federation": "GER", "sex": "m"}),
        )
        .await;
    }
    post(format!("/api/sections/{section}/pair"), json!({})).await;
    post(
        format!("/api/sections/{section}/rounds/1/publish"),
        json!({}),
    )
    .await;
    let round = call(
        &c.app,
        &c.session,
        "GET",
        &format!("/api/sections/{section}/rounds/1"),
        None,
    )
    .await
    .json();
    round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| !b["black"].is_null())
        .map(|b| b["game"].as_i64().unwrap())
        .collect()
}

/// The rulings of an answer without their texts (the shape of `arbiter replay --json`); every
/// ruling has a text.
fn replay_shape(rulings: &Value) -> Value {
    let mut rulings = rulings.clone();
    for r in rulings.as_array_mut().unwrap() {
        let text = r.as_object_mut().unwrap().remove("text");
        let text = text.as_ref().and_then(Value::as_str).unwrap_or_default();
        assert!(text.contains(" — ") && !text.contains('{'), "{r}: {text}");
    }
    rulings
}

/// Plays a replay log through the API on `game`; checks every event's rulings against
/// `arbiter replay`'s engine (`laws::replay`) and returns the live state.
async fn play(app: &Router, session: &(String, String), game: i64, name: &str, log: &str) -> Value {
    let expected = laws::replay::replay(log, None).unwrap();
    let mut lines = log.lines().filter(|l| !l.trim().is_empty());
    let header: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let opened = call(
        app,
        session,
        "POST",
        &format!("/api/games/{game}/live"),
        Some(&header),
    )
    .await;
    assert_eq!(opened.status, StatusCode::OK, "{name}: {}", opened.text);
    for (line, step) in lines.zip(&expected.steps) {
        let event: Value = serde_json::from_str(line).unwrap();
        let a = call(
            app,
            session,
            "POST",
            &format!("/api/games/{game}/events"),
            Some(&event),
        )
        .await;
        assert_eq!(a.status, StatusCode::OK, "{name}: {line}: {}", a.text);
        let got = a.json();
        assert_eq!(
            replay_shape(&got["rulings"]),
            json!(step.rulings),
            "{name}: {line}"
        );
        assert_eq!(got["at_ms"], json!(step.at_ms), "{name}: {line}");
    }
    let live = call(
        app,
        session,
        "GET",
        &format!("/api/games/{game}/live"),
        None,
    )
    .await;
    assert_eq!(live.status, StatusCode::OK, "{name}: {}", live.text);
    let live = live.json();
    let Value::Object(fin) = json!(expected.final_state()) else {
        unreachable!("the final state is an object")
    };
    for (key, value) in fin {
        assert_eq!(live[&key], value, "{name}: final {key}");
    }
    assert_eq!(live["moves"], json!(expected.moves()), "{name}");
    let rulings: Vec<Value> = expected.steps.iter().map(|s| json!(s.rulings)).collect();
    let got: Vec<Value> = live["rulings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| replay_shape(&s["rulings"]))
        .collect();
    assert_eq!(got, rulings, "{name}");
    for (key, value) in header.as_object().unwrap() {
        assert_eq!(&live["header"][key], value, "{name}: header {key}");
    }
    live
}

/// Issue #15 item 5 acceptance: every example and test log of `arbiter replay`, played through
/// the API, gives the same rulings and final state.
async fn h15_05_every_replay_log_plays_the_same_through_the_api(store: Store) {
    let logs = logs();
    assert!(logs.len() >= 6, "{logs:?}");
    let c = FormClient::admin(store).await;
    let games = published_boards(&c, 2 * logs.len()).await;
    for ((name, log), game) in logs.iter().zip(games) {
        play(&c.app, &c.session, game, name, log).await;
    }
}

/// Issue #15 item 4, a post steps the stored game on instead of rebuilding it: every replay log
/// played through two servers on one database (events posted in turn, so each catches up with
/// the other's, with refused events and retries between them) gives every event the rulings of
/// `arbiter replay`, and the state a third server rebuilds from the log is the same.
async fn h15_11_a_game_stepped_on_post_by_post_is_the_game_rebuilt_from_its_log(store: Store) {
    let logs = logs();
    let c = FormClient::admin(store.clone()).await;
    let other = web::router(web::AppState::new(store.clone()));
    let games = published_boards(&c, 2 * logs.len()).await;
    for ((name, log), game) in logs.iter().zip(games) {
        let expected = laws::replay::replay(log, None).unwrap();
        let mut lines = log.lines().filter(|l| !l.trim().is_empty());
        let header: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
        let uri = format!("/api/games/{game}/live");
        let opened = call(&c.app, &c.session, "POST", &uri, Some(&header)).await;
        assert_eq!(opened.status, StatusCode::OK, "{name}: {}", opened.text);
        for (i, (line, step)) in lines.zip(&expected.steps).enumerate() {
            // Two posts by the first server, one by the other, ...
            let (app, peer) = if i % 3 == 2 {
                (&other, &c.app)
            } else {
                (&c.app, &other)
            };
            let events = format!("/api/games/{game}/events?device=d&seq={i}");
            let event: Value = serde_json::from_str(line).unwrap();
            let a = call(app, &c.session, "POST", &events, Some(&event)).await;
            assert_eq!(a.status, StatusCode::OK, "{name}: {line}: {}", a.text);
            let got = a.json();
            assert_eq!(
                replay_shape(&got["rulings"]),
                json!(step.rulings),
                "{name}: {line}"
            );
            if i % 4 == 1 {
                // The other server's retry finds the stored event; a refused event changes nothing.
                let again = call(peer, &c.session, "POST", &events, Some(&event))
                    .await
                    .json();
                assert_eq!(
                    (&again["seq"], &again["repeated"]),
                    (&got["seq"], &json!(true))
                );
                assert_eq!(
                    replay_shape(&again["rulings"]),
                    json!(step.rulings),
                    "{name}: {line}"
                );
                let refused = call(
                    app,
                    &c.session,
                    "POST",
                    &format!("/api/games/{game}/events"),
                    Some(&json!({"event": "move", "move": "Zz9"})),
                )
                .await;
                assert!(refused.status.is_client_error(), "{name}: {}", refused.text);
            }
        }
        let rebuilt = web::router(web::AppState::new(store.clone()));
        let live = call(&rebuilt, &c.session, "GET", &uri, None).await.json();
        let Value::Object(fin) = json!(expected.final_state()) else {
            unreachable!("the final state is an object")
        };
        for (key, value) in fin {
            assert_eq!(live[&key], value, "{name}: final {key}");
        }
        assert_eq!(live["moves"], json!(expected.moves()), "{name}");
        assert_eq!(
            live["rulings"].as_array().unwrap().len(),
            expected.steps.len(),
            "{name}"
        );
    }
}

/// Issue #15 item 4: a refused event stores nothing and names why; a device's retry applies
/// once; the server stamps the time of events without one; only arbiters give `at_ms`.
async fn h15_04_refused_events_store_nothing_and_retries_apply_once(store: Store) {
    let c = FormClient::admin(store.clone()).await;
    let game = published_boards(&c, 4).await[0];
    let events = format!("/api/games/{game}/events");
    let live = format!("/api/games/{game}/live");
    let post = |uri: String, body: Value| {
        let (app, session) = (c.app.clone(), c.session.clone());
        async move { call(&app, &session, "POST", &uri, Some(&body)).await }
    };
    let unopened = call(&c.app, &c.session, "GET", &live, None).await.json();
    let section_tc = unopened["header"]["time_control"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        !section_tc.is_empty() && section_tc != "300+2",
        "{unopened}"
    );
    assert_eq!(unopened["rulings"], json!([]));
    let opened = post(live.clone(), json!({"time_control": "300+2"})).await;
    assert_eq!(opened.status, StatusCode::OK, "{}", opened.text);
    let start = format!("{events}?device=tablet-1&seq=1");
    let first = post(start.clone(), json!({"event": "start_clock"}))
        .await
        .json();
    let again = post(start, json!({"event": "start_clock"})).await.json();
    assert_eq!(
        (&first["seq"], &first["repeated"]),
        (&json!(1), &json!(false))
    );
    assert_eq!(
        (&again["seq"], &again["repeated"]),
        (&json!(1), &json!(true))
    );
    let moved = post(events.clone(), json!({"event": "move", "move": "e4"})).await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    assert_eq!(moved.json()["seq"], 2);
    for (bad, why) in [
        (json!({"event": "move", "move": "Zz9"}), "Zz9"),
        (json!({"event": "illegal_move_discovered", "ply": 5}), "ply"),
        (json!({"event": "dance"}), "dance"),
        (json!(["start_clock"]), "object"),
    ] {
        let a = post(events.clone(), bad.clone()).await;
        assert!(a.status.is_client_error(), "{bad}: {}", a.text);
        assert!(a.text.contains(why), "{bad}: {}", a.text);
    }
    // The engine's refusal reads in the device's language.
    let german = post(
        format!("{events}?lang=de"),
        json!({"event": "illegal_move_discovered", "ply": 5}),
    )
    .await;
    assert!(german.status.is_client_error(), "{}", german.text);
    assert!(german.text.contains("bei Halbzug 5"), "{}", german.text);
    // So does a move it cannot read.
    let unreadable = post(
        format!("{events}?lang=de"),
        json!({"event": "move", "move": "Zz9"}),
    )
    .await;
    assert!(unreadable.status.is_client_error(), "{}", unreadable.text);
    assert!(
        unreadable
            .text
            .contains("Zug „Zz9“ ist weder ein regelgemäßer Zug"),
        "{}",
        unreadable.text
    );
    let mut retries = tokio::task::JoinSet::new();
    for _ in 0..6 {
        let (app, session) = (c.app.clone(), c.session.clone());
        let uri = format!("{events}?device=tablet-2&seq=7");
        let body = json!({"event": "offer_draw", "by": "black"});
        retries.spawn(async move { call(&app, &session, "POST", &uri, Some(&body)).await });
    }
    let mut fresh = 0;
    while let Some(a) = retries.join_next().await {
        let a = a.unwrap();
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        assert_eq!(a.json()["seq"], 3, "{}", a.text);
        fresh += usize::from(a.json()["repeated"] == false);
    }
    assert_eq!(fresh, 1, "concurrent retries apply once");
    let long = "x".repeat(65);
    for device in ["", "tab%0Alet", long.as_str()] {
        let a = post(
            format!("{events}?device={device}&seq=1"),
            json!({"event": "start_clock"}),
        )
        .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{device:?}: {}", a.text);
        assert!(a.text.contains("device"), "{}", a.text);
    }
    let state = call(&c.app, &c.session, "GET", &live, None).await.json();
    assert_eq!(state["rulings"].as_array().unwrap().len(), 3, "{state}");
    assert_eq!(state["draw_offer"], "black");
    assert_eq!(state["moves"], json!(["e4"]));
    assert_eq!(state["header"]["time_control"], "300+2");
    let refused = post(live, json!({"time_control": "900"})).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.text);
    let service = service::Service::new(store);
    let device = service::live::Posted {
        event: r#"{"at_ms": 5, "event": "press", "by": "white"}"#,
        device: Some("tablet-1"),
        device_seq: Some(2),
        may_set_time: false,
    };
    let e = service
        .post_live_event(None, game, &device, laws::Lang::En)
        .await
        .unwrap_err();
    assert!(e.to_string().contains("at_ms"), "{e}");
    let stamped = service::live::Posted {
        event: r#"{"event": "press", "by": "white"}"#,
        ..device
    };
    let pressed = service
        .post_live_event(None, game, &stamped, laws::Lang::En)
        .await
        .unwrap();
    assert_eq!((pressed.seq, pressed.repeated), (4, false));
    assert!(pressed.at_ms < 600_000, "{}", pressed.at_ms);
}

/// A request carrying a board code and no session.
async fn as_board(
    app: &Router,
    code: &str,
    method: &str,
    uri: &str,
    body: Option<&Value>,
) -> Answer {
    let mut req = json_request(method, uri, None, body);
    req.headers_mut()
        .insert("x-board-code", code.parse().unwrap());
    send(app, req).await
}

/// Every request of `requests` made with the board code `code` (and `body`) is answered 403.
async fn forbidden_to_board(app: &Router, code: &str, requests: &[(&str, String)], body: &Value) {
    for (method, uri) in requests {
        let a = as_board(app, code, method, uri, Some(body)).await;
        assert_eq!(
            a.status,
            StatusCode::FORBIDDEN,
            "{method} {uri}: {}",
            a.text
        );
    }
}

/// Issue #15 item 1, the `board` role: an arbiter makes a board's code; it opens that game only,
/// its events get the server's time, a new code ends the old one, and a result entered for the
/// game ends the code.
async fn h15_01_a_board_code_opens_only_its_game(store: Store) {
    let c = FormClient::admin(store.clone()).await;
    let games = published_boards(&c, 4).await;
    let (mine, other) = (games[0], games[1]);
    let make = || async {
        let a = call(
            &c.app,
            &c.session,
            "POST",
            &format!("/api/games/{mine}/board-code"),
            None,
        )
        .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        a.json()["code"].as_str().unwrap().to_owned()
    };
    let code = make().await;
    let header = json!({"time_control": "300+2"});
    let opened = call(
        &c.app,
        &c.session,
        "POST",
        &format!("/api/games/{mine}/live"),
        Some(&header),
    )
    .await;
    assert_eq!(opened.status, StatusCode::OK, "{}", opened.text);
    let start = json!({"event": "start_clock"});
    let ok = as_board(
        &c.app,
        &code,
        "POST",
        &format!("/api/games/{mine}/events"),
        Some(&start),
    )
    .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    let timed = json!({"at_ms": 99, "event": "move", "move": "e4"});
    let refused = as_board(
        &c.app,
        &code,
        "POST",
        &format!("/api/games/{mine}/events"),
        Some(&timed),
    )
    .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert!(refused.text.contains("at_ms"), "{}", refused.text);
    let state = as_board(
        &c.app,
        &code,
        "GET",
        &format!("/api/games/{mine}/live"),
        None,
    )
    .await;
    assert_eq!(state.status, StatusCode::OK, "{}", state.text);
    assert_eq!(state.json()["running"], "white");
    let elsewhere = [
        ("GET", format!("/api/games/{other}/live")),
        ("POST", format!("/api/games/{other}/events")),
        ("POST", format!("/api/games/{mine}/board-code")),
        ("POST", format!("/api/games/{mine}/live")),
    ];
    forbidden_to_board(&c.app, &code, &elsewhere, &start).await;
    let anonymous = send(
        &c.app,
        json_request("GET", &format!("/api/games/{mine}/live"), None, None),
    )
    .await;
    assert_eq!(
        anonymous.status,
        StatusCode::FORBIDDEN,
        "{}",
        anonymous.text
    );
    let new = make().await;
    assert_ne!(new, code);
    let old = as_board(
        &c.app,
        &code,
        "GET",
        &format!("/api/games/{mine}/live"),
        None,
    )
    .await;
    assert_eq!(old.status, StatusCode::FORBIDDEN, "{}", old.text);
    let fresh = as_board(
        &c.app,
        &new,
        "GET",
        &format!("/api/games/{mine}/live"),
        None,
    )
    .await;
    assert_eq!(fresh.status, StatusCode::OK, "{}", fresh.text);
    // Once the arbiter enters the game's result into the round, the code opens nothing: the
    // device has nothing more to play (the arbiter still reaches the game).
    let version = store.game(mine).await.unwrap().version.to_string();
    let entered = c
        .form(
            &format!("/games/{mine}/result"),
            &[("result", "1-0"), ("version", &version)],
        )
        .await;
    assert!(entered.status.is_redirection(), "{}", entered.text);
    let own = [
        ("GET", format!("/api/games/{mine}/live")),
        ("POST", format!("/api/games/{mine}/events")),
    ];
    forbidden_to_board(&c.app, &new, &own, &start).await;
    let page = send(
        &c.app,
        json_request("GET", &format!("/play/{new}"), None, None),
    )
    .await;
    assert_eq!(page.status, StatusCode::NOT_FOUND, "{}", page.text);
    let arbiter = call(
        &c.app,
        &c.session,
        "GET",
        &format!("/api/games/{mine}/live"),
        None,
    )
    .await;
    assert_eq!(arbiter.status, StatusCode::OK, "{}", arbiter.text);
}

/// Issue #15 item 4: a fresh store on the same database (a restarted server) rebuilds the
/// same live state from the log.
async fn h15_04_restarted_server_rebuilds_the_same_state(url: String) {
    let store = Store::open(&url).await.unwrap();
    let c = FormClient::admin(store).await;
    let game = published_boards(&c, 4).await[0];
    let (name, log) = logs()
        .into_iter()
        .find(|(n, _)| n.ends_with("replay-blitz.jsonl"))
        .unwrap();
    let before = play(&c.app, &c.session, game, &name, &log).await;
    drop(c.app);
    let app = web::router(web::AppState::new(Store::open(&url).await.unwrap()));
    let after = call(
        &app,
        &c.session,
        "GET",
        &format!("/api/games/{game}/live"),
        None,
    )
    .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text);
    let (mut before, mut after) = (before, after.json());
    before["now_ms"] = Value::Null;
    after["now_ms"] = Value::Null;
    assert_eq!(before, after);
}

mod h15_04_restart {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        let name = store::testing::unique_name("arbiter_live_restart");
        let path = std::env::temp_dir().join(format!("{name}.db"));
        super::h15_04_restarted_server_rebuilds_the_same_state(format!(
            "sqlite://{}",
            path.display()
        ))
        .await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        if let Some(url) = store::testing::fresh_postgres_schema("lvr").await.unwrap() {
            super::h15_04_restarted_server_rebuilds_the_same_state(url).await;
        }
    }
}
