//! The pages of live games (issue #15 items 1-3): the board device opened by its code, the
//! print page of a round's board codes with QR codes, the arbiter's dashboard (result proposed
//! and confirmed into the round) and the public live boards (published rounds only, with the
//! delay), the round's PGN.

mod common;

use std::time::{Duration, Instant};

use axum::Router;
use axum::body::BodyDataStream;
use axum::http::StatusCode;
use futures_util::StreamExt;
use serde_json::{Value, json};
use store::Store;

use common::{Answer, FormClient, json_request, login, send};

store::on_both!(
    "arbiter_live_pages", "lp";
    h15_01_the_device_page_opens_by_the_boards_code_only,
    h15_02_the_dashboard_proposes_the_result_and_the_arbiter_confirms_it,
    h15_03_the_public_sees_published_rounds_only_and_with_the_delay,
    h15_07_the_organiser_sets_the_public_delay_per_section,
    h15_08_every_stream_of_a_round_gets_a_stored_move_pushed_at_once,
    h15_09_the_delayed_stream_shows_only_events_that_aged_in,
    h15_10_a_second_server_process_streams_the_move_notified_or_after_its_poll,
    h15_12_the_dashboard_reads_the_shared_picture_as_the_rebuilt_round,
);

async fn post(c: &FormClient, uri: &str, body: Value) -> Value {
    let a = send(
        &c.app,
        json_request("POST", uri, Some(&c.session), Some(&body)),
    )
    .await;
    assert!(a.status.is_success(), "{uri}: {}", a.text);
    a.json()
}

/// A section of `players` players with round 1 paired (and published when `publish`); the
/// section and the game ids of its boards (byes left out).
async fn section_with_round(c: &FormClient, players: usize, publish: bool) -> (i64, Vec<i64>) {
    let event = post(
        c,
        "/api/events",
        json!({"name": "Live Open", "place": "Mainz", "start_date": "2026-03-01"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let section = post(
        c,
        &format!("/api/events/{event}/sections"),
        json!({"name": "A", "rounds": 3, "system": "swiss", "tiebreaks": "BH"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    for i in 0..players {
        post(
            c,
            &format!("/api/sections/{section}/players"),
            json!({"last_name": format!("Spieler{i}"), "first_name": "Test",
                   "elo": (2200 - 10 * i).to_string(), "federation": "GER", "sex": "m"}),
        )
        .await;
    }
    post(c, &format!("/api/sections/{section}/pair"), json!({})).await;
    if publish {
        post(
            c,
            &format!("/api/sections/{section}/rounds/1/publish"),
            json!({}),
        )
        .await;
    }
    let round = c.json(&format!("/api/sections/{section}/rounds/1")).await;
    let games = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| !b["black"].is_null())
        .map(|b| b["game"].as_i64().unwrap())
        .collect();
    (section, games)
}

/// The section's settings form sent back with `public_delay` changed.
async fn set_public_delay(c: &FormClient, section: i64, minutes: &str) -> Answer {
    let s = c.json(&format!("/api/sections/{section}/settings")).await;
    let mut fields: Vec<(String, String)> = Vec::new();
    for key in [
        "version",
        "classes",
        "system",
        "rounds",
        "time_control",
        "profile",
        "default_time",
        "scoring",
        "tiebreaks",
        "initial_colour",
        "seeding",
        "schedule",
        "kind",
        "dem_quota",
    ] {
        let value = match &s[key] {
            Value::String(text) => text.clone(),
            other => other.to_string(),
        };
        fields.push((key.into(), value));
    }
    for flag in ["dwz", "elo", "check_in", "supervised"] {
        if s[flag] == json!(true) {
            fields.push((flag.into(), "on".into()));
        }
    }
    fields.push(("public_delay".into(), minutes.into()));
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    c.form(&format!("/sections/{section}/settings"), &fields)
        .await
}

/// The moves of `game` on the public live boards.
async fn public_moves(c: &FormClient, section: i64, game: i64) -> Value {
    let seen = anonymous(&c.app, &format!("/api/sections/{section}/rounds/1/live")).await;
    assert_eq!(seen.status, StatusCode::OK, "{}", seen.text);
    seen.json()
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["game"] == json!(game))
        .unwrap()["live"]["moves"]
        .clone()
}

async fn anonymous(app: &Router, uri: &str) -> Answer {
    send(app, json_request("GET", uri, None, None)).await
}

/// The board codes of the print page, in board order.
fn codes_in(page: &str) -> Vec<String> {
    page.split("board-code\">")
        .skip(1)
        .map(|s| s.split('<').next().unwrap().to_owned())
        .collect()
}

/// Sends an arbiter's event to `game` (the session's, with `at_ms` allowed).
async fn arbiter_event(c: &FormClient, game: i64, event: Value) {
    post(c, &format!("/api/games/{game}/events"), event).await;
}

/// Opens the live game of `game` with a five-minute game (kept if it was opened already).
async fn with_time_control(c: &FormClient, section: i64, game: i64) {
    let opened = send(
        &c.app,
        json_request(
            "POST",
            &format!("/api/games/{game}/live"),
            Some(&c.session),
            Some(&json!({"time_control": "300+2"})),
        ),
    )
    .await;
    assert!(
        opened.status.is_success() || opened.status == StatusCode::CONFLICT,
        "section {section}, game {game}: {}",
        opened.text
    );
}

/// Item 1: the arbiter prints a code (and its QR code) per board of a published round; the code
/// opens the device page of its game only, without a login; a new print ends the old codes;
/// the device's game record downloads as PGN.
async fn h15_01_the_device_page_opens_by_the_boards_code_only(store: Store) {
    let c = FormClient::admin(store).await;
    let (section, games) = section_with_round(&c, 4, true).await;
    let uri = format!("/sections/{section}/rounds/1/board-codes");
    assert_eq!(c.get(&uri).await.status, StatusCode::OK);
    let anonymous_print = send(&c.app, json_request("POST", &uri, None, None)).await;
    assert!(
        !anonymous_print.status.is_success(),
        "{}",
        anonymous_print.text
    );
    let printed = c.form(&uri, &[]).await;
    assert_eq!(printed.status, StatusCode::OK, "{}", printed.text);
    let codes = codes_in(&printed.text);
    assert_eq!(codes.len(), games.len(), "{}", printed.text);
    assert_eq!(printed.text.matches("<svg").count(), games.len());
    // Templates write `/` as `&#x2f;`.
    let page_text = printed.text.replace("&#x2f;", "/");
    assert!(
        page_text.contains(&format!("/play/{}", codes[0])),
        "{page_text}"
    );

    let page = anonymous(&c.app, &format!("/play/{}?lang=de", codes[0])).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains(&format!("data-game=\"{}\"", games[0])));
    assert!(page.text.contains("Uhr drücken"), "{}", page.text);
    assert!(page.text.contains("Remis reklamieren"));
    assert!(page.text.contains("Schiedsrichter rufen"));
    let other = anonymous(&c.app, &format!("/play/{}", codes[1])).await;
    assert!(other.text.contains(&format!("data-game=\"{}\"", games[1])));
    assert_eq!(
        anonymous(&c.app, "/play/0123456789abcdef").await.status,
        StatusCode::NOT_FOUND
    );
    let js = anonymous(&c.app, "/static/live.js").await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(js.text.contains("X-Board-Code"));

    // The device plays with its code; its record downloads as PGN.
    with_time_control(&c, section, games[0]).await;
    for event in [
        json!({"event": "start_clock"}),
        json!({"event": "move", "by": "white", "move": "e4"}),
        json!({"event": "press", "by": "white"}),
        json!({"event": "move", "by": "black", "move": "e5"}),
    ] {
        let mut req = json_request(
            "POST",
            &format!("/api/games/{}/events", games[0]),
            None,
            Some(&event),
        );
        req.headers_mut()
            .insert("x-board-code", codes[0].parse().unwrap());
        let a = send(&c.app, req).await;
        assert_eq!(a.status, StatusCode::OK, "{event}: {}", a.text);
    }
    let pgn = anonymous(&c.app, &format!("/play/{}/pgn", codes[0])).await;
    assert_eq!(pgn.status, StatusCode::OK, "{}", pgn.text);
    assert!(pgn.text.contains("[White \"Spieler"), "{}", pgn.text);
    assert!(pgn.text.contains("1. e4 e5 *"), "{}", pgn.text);

    // Printing again ends the old codes.
    let again = codes_in(&c.form(&uri, &[]).await.text);
    assert_ne!(again[0], codes[0]);
    assert_eq!(
        anonymous(&c.app, &format!("/play/{}", codes[0]))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        anonymous(&c.app, &format!("/play/{}", again[0]))
            .await
            .status,
        StatusCode::OK
    );
}

/// Item 2: the dashboard is the arbiters'; it lists every board live; a game ended on the
/// board proposes its result, which the arbiter confirms into the round's results; the game
/// then joins the section's PGN export (item 3).
async fn h15_02_the_dashboard_proposes_the_result_and_the_arbiter_confirms_it(store: Store) {
    let c = FormClient::admin(store).await;
    let (section, games) = section_with_round(&c, 4, true).await;
    let page = format!("/sections/{section}/rounds/1/live");
    let api = format!("/api/sections/{section}/rounds/1/live");
    assert_eq!(c.get(&page).await.status, StatusCode::OK);
    // The arbiter's form offers every conduct of the Laws with its article, in German.
    let german = c.get(&format!("{page}?lang=de")).await;
    assert!(
        german.text.contains(
            "<option value=\"distraction\">Ablenken oder Belästigen des Gegners (Art. 11.5)</option>"
        ),
        "{}",
        german.text
    );
    assert_eq!(german.text.matches("<option value=\"smoking\">").count(), 1);
    let outside = anonymous(&c.app, &page).await;
    assert!(
        outside.status.is_redirection(),
        "{}: {}",
        outside.status,
        outside.text
    );
    assert!(
        outside.headers["location"]
            .to_str()
            .unwrap()
            .contains("/login")
    );

    let game = games[0];
    with_time_control(&c, section, game).await;
    for event in [
        json!({"event": "start_clock", "at_ms": 0}),
        json!({"event": "move", "by": "white", "move": "e4", "at_ms": 1000}),
        json!({"event": "press", "by": "white", "at_ms": 1500}),
        json!({"event": "offer_draw", "by": "black", "at_ms": 2000}),
    ] {
        arbiter_event(&c, game, event).await;
    }
    let boards = c.json(&api).await;
    let board = boards
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["game"] == json!(game))
        .unwrap()
        .clone();
    assert_eq!(boards.as_array().unwrap().len(), games.len());
    assert_eq!(board["live"]["moves"], json!(["e4"]));
    assert_eq!(board["live"]["draw_offer"], "black");
    assert_eq!(board["live"]["turn"], "black");
    assert_eq!(board["live"]["running"], "black");
    assert!(board["proposed"].is_null());
    assert!(
        board["live"]["legal_moves"]
            .as_array()
            .unwrap()
            .contains(&json!({"uci": "g8f6", "san": "Nf6"}))
    );

    arbiter_event(
        &c,
        game,
        json!({"event": "resign", "by": "black", "at_ms": 3000}),
    )
    .await;
    let boards = c.json(&api).await;
    let board = boards
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["game"] == json!(game))
        .unwrap()
        .clone();
    assert_eq!(board["live"]["result"], "1-0");
    assert_eq!(board["proposed"], "1-0");
    assert_eq!(board["result"], "*");

    // The dashboard confirms through the round's result entry (version checked, audited).
    let version = board["version"].as_i64().unwrap().to_string();
    let confirmed = c
        .form(
            &format!("/games/{game}/result"),
            &[("result", "1-0"), ("version", &version)],
        )
        .await;
    assert!(
        confirmed.status.is_redirection() || confirmed.status.is_success(),
        "{}",
        confirmed.text
    );
    let boards = c.json(&api).await;
    let board = boards
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["game"] == json!(game))
        .unwrap()
        .clone();
    assert_eq!(board["result"], "1-0");
    assert!(board["proposed"].is_null());
    let audit = c.get("/audit").await;
    assert!(audit.text.contains("1-0"), "{}", audit.text);
    // A question of the engine is answered with one of the options it offers.
    let youth = games[1];
    post(
        &c,
        &format!("/api/games/{youth}/live"),
        json!({"time_control": "5400+30", "profile": "sjrp"}),
    )
    .await;
    for event in [
        json!({"event": "start_clock", "at_ms": 0}),
        json!({"event": "move", "by": "white", "move": "e2e5", "at_ms": 1000}),
        json!({"event": "press", "by": "white", "at_ms": 1500}),
    ] {
        arbiter_event(&c, youth, event).await;
    }
    let asked = c.json(&format!("/api/games/{youth}/live")).await;
    assert_eq!(
        asked["options"],
        json!(["warning", "time_penalty", "time_for_opponent"]),
        "{asked}"
    );
    // In German: the question, the options and the rulings with their articles.
    let german = c.json(&format!("/api/games/{youth}/live?lang=de")).await;
    assert_eq!(
        german["question"], "Die Strafe für den 1. vollendeten regelwidrigen Zug von Weiß",
        "{german}"
    );
    assert_eq!(german["choices"][0]["choice"], "warning", "{german}");
    assert_eq!(german["choices"][0]["text"], "Verwarnung", "{german}");
    let texts: Vec<&str> = german["rulings"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["rulings"].as_array().unwrap())
        .map(|r| r["text"].as_str().unwrap())
        .collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Weiß hat 1 regelwidrigen Zug vollendet — Art. 7.5")),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("Der Schiedsrichter entscheidet: ")),
        "{texts:?}"
    );
    arbiter_event(
        &c,
        youth,
        json!({"event": "decision", "choice": "warning", "at_ms": 2000}),
    )
    .await;
    let decided = c.json(&format!("/api/games/{youth}/live")).await;
    assert_eq!(decided["options"], json!([]), "{decided}");
    assert!(decided["question"].is_null());

    // The finished live game joins the section's PGN export.
    let export = c.get(&format!("/sections/{section}/export.pgn")).await;
    assert!(export.text.contains("1. e4 1-0"), "{}", export.text);
}

/// Issue #15, the organiser's delay: a section setting from 0 to 360 minutes (15 by default):
/// with 0 the public sees a move at once (boards, their page, the round's PGN), with 15 not.
async fn h15_07_the_organiser_sets_the_public_delay_per_section(store: Store) {
    let c = FormClient::admin(store).await;
    let (section, games) = section_with_round(&c, 4, true).await;
    let game = games[0];
    with_time_control(&c, section, game).await;
    for event in [
        json!({"event": "start_clock", "at_ms": 0}),
        json!({"event": "move", "by": "white", "move": "c4", "at_ms": 1000}),
    ] {
        arbiter_event(&c, game, event).await;
    }
    let settings = format!("/api/sections/{section}/settings");
    assert_eq!(c.json(&settings).await["public_delay"], 15);
    let form = c
        .get(&format!("/sections/{section}/settings?lang=de"))
        .await;
    assert!(
        form.text
            .contains("Verzögerung der öffentlichen Live-Bretter")
            && form
                .text
                .contains(r#"name="public_delay" type="number" min="0" max="360" value="15""#),
        "{}",
        form.text
    );
    assert_eq!(public_moves(&c, section, game).await, json!([]));

    let saved = set_public_delay(&c, section, "0").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.text);
    assert_eq!(c.json(&settings).await["public_delay"], 0);
    assert_eq!(public_moves(&c, section, game).await, json!(["c4"]));
    let pgn = anonymous(&c.app, &format!("/sections/{section}/rounds/1/live.pgn")).await;
    assert!(pgn.text.contains("1. c4"), "{}", pgn.text);
    let page = anonymous(
        &c.app,
        &format!("/sections/{section}/rounds/1/boards?lang=de"),
    )
    .await;
    assert!(!page.text.contains("live-delay"), "{}", page.text);

    for minutes in ["361", "-1"] {
        let refused = set_public_delay(&c, section, minutes).await;
        assert!(
            refused.status.is_client_error(),
            "{minutes}: {}",
            refused.text
        );
    }
    let refused = set_public_delay(&c, section, "361").await;
    assert!(refused.text.contains("public_delay"), "{}", refused.text);
    assert_eq!(c.json(&settings).await["public_delay"], 0);

    let saved = set_public_delay(&c, section, "15").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.text);
    assert_eq!(public_moves(&c, section, game).await, json!([]));
    let page = anonymous(
        &c.app,
        &format!("/sections/{section}/rounds/1/boards?lang=de"),
    )
    .await;
    assert!(page.text.contains("Verzögerung"), "{}", page.text);
}

/// Item 3: spectators see published rounds only, and moves only after the organiser's delay;
/// the round's PGN at its stable address likewise; arbiters see everything at once.
async fn h15_03_the_public_sees_published_rounds_only_and_with_the_delay(store: Store) {
    let c = FormClient::admin(store).await;
    let (section, games) = section_with_round(&c, 4, true).await;
    let game = games[0];
    with_time_control(&c, section, game).await;
    for event in [
        json!({"event": "start_clock", "at_ms": 0}),
        json!({"event": "move", "by": "white", "move": "d4", "at_ms": 1000}),
    ] {
        arbiter_event(&c, game, event).await;
    }
    let page = anonymous(
        &c.app,
        &format!("/sections/{section}/rounds/1/boards?lang=de"),
    )
    .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains("Verzögerung"), "{}", page.text);
    let api = format!("/api/sections/{section}/rounds/1/live");
    let public = anonymous(&c.app, &api).await;
    assert_eq!(public.status, StatusCode::OK, "{}", public.text);
    let seen: Vec<Value> = public.json().as_array().unwrap().clone();
    let mine = seen.iter().find(|b| b["game"] == json!(game)).unwrap();
    assert_eq!(mine["live"]["moves"], json!([]), "the delay hides the move");
    let arbiter = c.json(&api).await;
    let mine = arbiter
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["game"] == json!(game))
        .unwrap();
    assert_eq!(mine["live"]["moves"], json!(["d4"]));

    let pgn = format!("/sections/{section}/rounds/1/live.pgn");
    let public_pgn = anonymous(&c.app, &pgn).await;
    assert_eq!(public_pgn.status, StatusCode::OK);
    assert!(!public_pgn.text.contains("1. d4"), "{}", public_pgn.text);
    assert!(c.get(&pgn).await.text.contains("1. d4"));

    let stream = format!("/sections/{section}/rounds/1/live/stream");
    let req = json_request("GET", &stream, None, None);
    let res = tower::ServiceExt::oneshot(c.app.clone(), req)
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "text/event-stream");

    // A round not yet published is nobody's to watch.
    let (hidden, _) = section_with_round(&c, 4, false).await;
    for uri in [
        format!("/sections/{hidden}/rounds/1/boards"),
        format!("/api/sections/{hidden}/rounds/1/live"),
        format!("/sections/{hidden}/rounds/1/live/stream"),
        format!("/sections/{hidden}/rounds/1/live.pgn"),
    ] {
        let a = anonymous(&c.app, &uri).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{uri}: {}", a.text);
    }
}

/// A client of the live stream (server-sent events) of a round.
struct Stream {
    body: BodyDataStream,
    buffer: String,
}

impl Stream {
    /// Opens `uri` (anonymous, or with `c`'s session).
    async fn open(app: &Router, uri: &str, c: Option<&FormClient>) -> Stream {
        let req = json_request("GET", uri, c.map(|c| &c.session), None);
        let res = tower::ServiceExt::oneshot(app.clone(), req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{uri}");
        Stream {
            body: res.into_body().into_data_stream(),
            buffer: String::new(),
        }
    }

    /// The next event (name and JSON data) within `wait`, none if none came.
    async fn within(&mut self, wait: Duration) -> Option<(String, Value)> {
        let until = tokio::time::Instant::now() + wait;
        loop {
            while let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut name = String::new();
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        name = v.trim().to_owned();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.trim_start());
                    }
                }
                if !name.is_empty() {
                    return Some((name, serde_json::from_str(&data).unwrap()));
                }
            }
            let chunk = tokio::time::timeout_at(until, self.body.next())
                .await
                .ok()??;
            self.buffer
                .push_str(&String::from_utf8_lossy(&chunk.unwrap()));
        }
    }

    /// The next event; fails after five seconds.
    async fn next(&mut self) -> (String, Value) {
        self.within(Duration::from_secs(5))
            .await
            .expect("an event of the stream within 5 s")
    }
}

/// The moves of `game` in an event of the stream (none if the event does not name it).
fn streamed_moves(data: &Value, game: i64) -> Option<Value> {
    assert!(data["server_ms"].as_i64().is_some(), "{data}");
    data["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["game"] == json!(game))
        .map(|b| b["live"]["moves"].clone())
}

/// The admin's client of an app whose service asks the database for other processes' events
/// every `poll`.
async fn admin_polling_every(store: Store, poll: Duration) -> FormClient {
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    let mut state = web::AppState::new(store);
    state.service = state.service.with_live_poll(poll);
    let app = web::router(state);
    let session = login(&app, "admin", &password).await;
    FormClient { app, session }
}

/// Issue #15 item 3 under load: the streams of a round share one picture; a stored move is
/// pushed to every stream at once (the poll for other processes is a minute here, so only the
/// push can bring it), as the boards that changed.
async fn h15_08_every_stream_of_a_round_gets_a_stored_move_pushed_at_once(store: Store) {
    let c = admin_polling_every(store, Duration::from_secs(60)).await;
    let (section, games) = section_with_round(&c, 6, true).await;
    let game = games[1];
    with_time_control(&c, section, game).await;
    arbiter_event(&c, game, json!({"event": "start_clock"})).await;
    let saved = set_public_delay(&c, section, "0").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.text);
    let uri = format!("/sections/{section}/rounds/1/live/stream");
    let mut spectators = [
        Stream::open(&c.app, &uri, None).await,
        Stream::open(&c.app, &uri, None).await,
    ];
    let mut arbiter = Stream::open(&c.app, &uri, Some(&c)).await;
    for s in spectators.iter_mut().chain([&mut arbiter]) {
        let (name, data) = s.next().await;
        assert_eq!(name, "boards");
        assert_eq!(data["boards"].as_array().unwrap().len(), games.len());
        assert_eq!(streamed_moves(&data, game), Some(json!([])), "{data}");
        assert_eq!(data["boards"][1]["live"]["events"], 1, "{data}");
    }
    for (n, (side, mv)) in [("white", "e4"), ("black", "c5")].into_iter().enumerate() {
        let posted = Instant::now();
        arbiter_event(&c, game, json!({"event": "move", "by": side, "move": mv})).await;
        arbiter_event(&c, game, json!({"event": "press", "by": side})).await;
        for s in spectators.iter_mut().chain([&mut arbiter]) {
            // The move, then (perhaps in the same picture) the press.
            let mut seen = Vec::new();
            while seen.len() < n + 1 || seen.last() != Some(&mv.to_owned()) {
                let (name, data) = s.next().await;
                assert_eq!(name, "update", "{data}");
                assert_eq!(data["boards"].as_array().unwrap().len(), 1, "{data}");
                let moves = streamed_moves(&data, game).expect("the changed board");
                seen = serde_json::from_value(moves).unwrap();
            }
            assert!(
                posted.elapsed() < Duration::from_secs(3),
                "{:?}",
                posted.elapsed()
            );
        }
    }
    // Nothing else changed: no further picture.
    assert!(
        spectators[0]
            .within(Duration::from_millis(300))
            .await
            .is_none_or(|(_, d)| { streamed_moves(&d, game) == Some(json!(["e4", "c5"])) })
    );
}

/// Issue #15 item 3: the spectators' stream never shows an event the server received less than
/// the section's delay ago, while the arbiters' shows it at once; events older than the delay
/// are shown.
async fn h15_09_the_delayed_stream_shows_only_events_that_aged_in(store: Store) {
    let c = FormClient::admin(store.clone()).await;
    let (section, games) = section_with_round(&c, 4, true).await;
    let game = games[0];
    with_time_control(&c, section, game).await;
    let saved = set_public_delay(&c, section, "1").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.text);
    // Two events the server received two minutes ago (entered straight into the store).
    let old = store::unix_now_ms() - 120_000;
    for (after, line) in [
        (0, r#"{"event":"start_clock","at_ms":0}"#),
        (
            1,
            r#"{"event":"move","by":"white","move":"e4","at_ms":1000}"#,
        ),
    ] {
        let new = store::NewLiveEvent {
            device: None,
            device_seq: None,
            user: None,
            server_ms: old,
            line,
        };
        store.append_live_event(game, after, &new).await.unwrap();
    }
    let uri = format!("/sections/{section}/rounds/1/live/stream");
    let mut public = Stream::open(&c.app, &uri, None).await;
    let mut arbiter = Stream::open(&c.app, &uri, Some(&c)).await;
    let (_, data) = public.next().await;
    assert_eq!(streamed_moves(&data, game), Some(json!(["e4"])), "{data}");
    let (_, data) = arbiter.next().await;
    assert_eq!(streamed_moves(&data, game), Some(json!(["e4"])), "{data}");

    arbiter_event(
        &c,
        game,
        json!({"event": "press", "by": "white", "at_ms": 1500}),
    )
    .await;
    arbiter_event(
        &c,
        game,
        json!({"event": "move", "by": "black", "move": "e5", "at_ms": 2000}),
    )
    .await;
    let mut moves = json!([]);
    while moves != json!(["e4", "e5"]) {
        let (_, data) = arbiter.next().await;
        moves = streamed_moves(&data, game).unwrap();
    }
    // The spectators get nothing of it for the next seconds.
    while let Some((_, data)) = public.within(Duration::from_millis(1500)).await {
        assert_eq!(streamed_moves(&data, game), Some(json!(["e4"])), "{data}");
    }
    let fresh = Stream::open(&c.app, &uri, None).await.next().await.1;
    assert_eq!(streamed_moves(&fresh, game), Some(json!(["e4"])), "{fresh}");
    assert_eq!(fresh["boards"][0]["live"]["events"], 2, "{fresh}");
}

/// Issue #15 item 4: a second server process on the same database (here a second service with
/// its own live pictures) streams a move the first stored: on PostgreSQL at once by the
/// database's notification (its poll is a minute here, so nothing else can bring it), on
/// SQLite after its poll.
async fn h15_10_a_second_server_process_streams_the_move_notified_or_after_its_poll(store: Store) {
    let c = FormClient::admin(store.clone()).await;
    let (section, games) = section_with_round(&c, 4, true).await;
    let game = games[0];
    with_time_control(&c, section, game).await;
    arbiter_event(&c, game, json!({"event": "start_clock"})).await;
    let saved = set_public_delay(&c, section, "0").await;
    assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.text);
    let poll = if store.is_postgres() {
        Duration::from_secs(60)
    } else {
        Duration::from_millis(200)
    };
    let mut other = web::AppState::new(store);
    other.service = other.service.with_live_poll(poll);
    let other = web::router(other);
    let uri = format!("/sections/{section}/rounds/1/live/stream");
    let mut watcher = Stream::open(&other, &uri, None).await;
    let (_, data) = watcher.next().await;
    assert_eq!(streamed_moves(&data, game), Some(json!([])), "{data}");
    arbiter_event(
        &c,
        game,
        json!({"event": "move", "by": "white", "move": "Nf3"}),
    )
    .await;
    let (name, data) = watcher.next().await;
    assert_eq!(name, "update");
    assert_eq!(streamed_moves(&data, game), Some(json!(["Nf3"])), "{data}");
    // And the next move too (the notifications go on).
    let posted = Instant::now();
    arbiter_event(&c, game, json!({"event": "press", "by": "white"})).await;
    arbiter_event(
        &c,
        game,
        json!({"event": "move", "by": "black", "move": "d5"}),
    )
    .await;
    let mut moves = json!([]);
    while moves != json!(["Nf3", "d5"]) {
        let (_, data) = watcher.next().await;
        moves = streamed_moves(&data, game).unwrap();
    }
    assert!(
        posted.elapsed() < Duration::from_secs(3),
        "{:?}",
        posted.elapsed()
    );
}

/// The boards of a dashboard answer without their `now_ms` (the game time at the read).
fn without_now(mut boards: Value) -> Value {
    for b in boards.as_array_mut().unwrap() {
        if let Some(live) = b["live"].as_object_mut() {
            assert!(
                live.remove("now_ms").unwrap().as_u64().is_some(),
                "{live:?}"
            );
        }
    }
    boards
}

/// Issue #15 item 2, the dashboard from the shared picture: the arbiters' JSON of a round (read
/// from [`service::live_hub`], no game rebuilt per read) is the round rebuilt from the logs
/// (`Service::round_live`), in German too; an event another process stored and a result
/// entered show in the next read; the game time `now_ms` is the time of the read.
async fn h15_12_the_dashboard_reads_the_shared_picture_as_the_rebuilt_round(store: Store) {
    let c = admin_polling_every(store.clone(), Duration::from_secs(60)).await;
    let (section, games) = section_with_round(&c, 6, true).await;
    let (game, youth) = (games[0], games[1]);
    with_time_control(&c, section, game).await;
    post(
        &c,
        &format!("/api/games/{youth}/live"),
        json!({"time_control": "5400+30", "profile": "sjrp"}),
    )
    .await;
    for (g, event) in [
        (game, json!({"event": "start_clock", "at_ms": 0})),
        (
            game,
            json!({"event": "move", "by": "white", "move": "e4", "at_ms": 1000}),
        ),
        (
            game,
            json!({"event": "press", "by": "white", "at_ms": 1500}),
        ),
        (youth, json!({"event": "start_clock", "at_ms": 0})),
        (
            youth,
            json!({"event": "move", "by": "white", "move": "e2e5", "at_ms": 1000}),
        ),
        (
            youth,
            json!({"event": "press", "by": "white", "at_ms": 1500}),
        ),
    ] {
        arbiter_event(&c, g, event).await;
    }
    let rebuilt = service::Service::new(store.clone());
    let api = format!("/api/sections/{section}/rounds/1/live");
    for lang in [laws::Lang::En, laws::Lang::De] {
        let uri = match lang {
            laws::Lang::De => format!("{api}?lang=de"),
            _ => api.clone(),
        };
        let read = c.json(&uri).await;
        let expected = rebuilt
            .round_live(section, 1, service::live_round::Audience::Arbiters, lang)
            .await
            .unwrap();
        let expected = serde_json::to_value(expected).unwrap();
        let now = read[0]["live"]["now_ms"].as_u64().unwrap();
        let then = expected[0]["live"]["now_ms"].as_u64().unwrap();
        assert!(now.abs_diff(then) < 5_000, "{now} {then}");
        assert_eq!(without_now(read), without_now(expected), "{lang:?}");
    }
    let german = c.json(&format!("{api}?lang=de")).await;
    assert_eq!(
        german[1]["live"]["question"],
        "Die Strafe für den 1. vollendeten regelwidrigen Zug von Weiß"
    );
    // Another process stores Black's answer: the next read shows it (the poll is a minute).
    let new = store::NewLiveEvent {
        device: None,
        device_seq: None,
        user: None,
        server_ms: store::unix_now_ms(),
        line: r#"{"event":"move","by":"black","move":"c5","at_ms":2000}"#,
    };
    store.append_live_event(game, 3, &new).await.unwrap();
    let read = c.json(&api).await;
    assert_eq!(read[0]["live"]["moves"], json!(["e4", "c5"]), "{read}");
    // A result entered shows at once.
    arbiter_event(
        &c,
        game,
        json!({"event": "resign", "by": "white", "at_ms": 3000}),
    )
    .await;
    let read = c.json(&api).await;
    assert_eq!(read[0]["proposed"], "0-1", "{read}");
    let version = read[0]["version"].as_i64().unwrap().to_string();
    let confirmed = c
        .form(
            &format!("/games/{game}/result"),
            &[("result", "0-1"), ("version", &version)],
        )
        .await;
    assert!(confirmed.status.is_redirection(), "{}", confirmed.text);
    let read = c.json(&api).await;
    assert_eq!(read[0]["result"], "0-1", "{read}");
    assert!(read[0]["proposed"].is_null(), "{read}");
}
