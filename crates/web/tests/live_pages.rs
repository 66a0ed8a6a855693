//! The pages of live games (issue #15 items 1-3): the board device opened by its code, the
//! print page of a round's board codes with QR codes, the arbiter's dashboard (result proposed
//! and confirmed into the round) and the public live boards (published rounds only, with the
//! delay), the round's PGN.

mod common;

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use store::Store;

use common::{Answer, FormClient, json_request, send};

store::on_both!(
    "arbiter_live_pages", "lp";
    h15_01_the_device_page_opens_by_the_boards_code_only,
    h15_02_the_dashboard_proposes_the_result_and_the_arbiter_confirms_it,
    h15_03_the_public_sees_published_rounds_only_and_with_the_delay,
    h15_07_the_organiser_sets_the_public_delay_per_section,
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
    c.form(&format!("/sections/{section}/settings"), &fields).await
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
        german["question"],
        "Die Strafe für den 1. vollendeten regelwidrigen Zug von Weiß",
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
        texts.iter().any(|t| t.starts_with("Der Schiedsrichter entscheidet: ")),
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
    let form = c.get(&format!("/sections/{section}/settings?lang=de")).await;
    assert!(
        form.text.contains("Verzögerung der öffentlichen Live-Bretter")
            && form.text.contains(r#"name="public_delay" type="number" min="0" max="360" value="15""#),
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
        assert!(refused.status.is_client_error(), "{minutes}: {}", refused.text);
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
