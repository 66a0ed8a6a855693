//! Manual pairing edits, requested byes, corrections, player cards, result slips and PGN, in
//! process (tower `oneshot`) against SQLite and, with `ARBITER_TEST_POSTGRES`, PostgreSQL.

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use store::Store;
use tower::ServiceExt;

store::on_both!(
    "arbiter_webrounds", "wr";
    manual_edits_warn_are_audited_and_marked,
    requested_byes_are_left_out_and_exported,
    corrections_name_later_rounds_and_scores,
    player_cards_and_result_slips,
    game_records_are_checked_and_exported,
    h19_01_a_stored_huge_round_count_allocates_nothing,
    h14_01_round_page_and_alphabetical_list_in_words,
    h14_06_audit_names_board_players_and_filters,
    h14_07_search_finds_players_german_folded,
    h14_07_delete_needs_the_name_and_an_admin_after_publication,
    h13_fide_mode_confirms_records_and_exports_manual_changes,
);

struct Client {
    app: Router,
    cookie: String,
    csrf: String,
    store: Store,
}

struct Answer {
    status: StatusCode,
    text: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }
}

impl Client {
    async fn send(&self, req: Request<Body>) -> Answer {
        let res = self.app.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let bytes = to_bytes(res.into_body(), usize::MAX).await.unwrap();
        Answer {
            status,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    async fn get(&self, uri: &str) -> Answer {
        let req = Request::get(uri)
            .header(header::COOKIE, &self.cookie)
            .body(Body::empty())
            .unwrap();
        self.send(req).await
    }

    async fn post(&self, uri: &str, body: Value) -> Answer {
        let req = Request::post(uri)
            .header(header::COOKIE, &self.cookie)
            .header("x-csrf-token", &self.csrf)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        self.send(req).await
    }

    async fn post_form(&self, uri: &str, form: &[(&str, &str)]) -> Answer {
        let mut body: Vec<String> = form
            .iter()
            .map(|(k, v)| format!("{k}={}", urlencode(v)))
            .collect();
        body.push(format!("csrf={}", urlencode(&self.csrf)));
        let req = Request::post(uri)
            .header(header::COOKIE, &self.cookie)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body.join("&")))
            .unwrap();
        self.send(req).await
    }

    async fn put(&self, uri: &str, body: Value) -> Answer {
        let req = Request::put(uri)
            .header(header::COOKIE, &self.cookie)
            .header("x-csrf-token", &self.csrf)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        self.send(req).await
    }

    async fn ok(&self, uri: &str, body: Value) -> Value {
        let a = self.post(uri, body).await;
        assert!(a.status.is_success(), "{uri}: {} {}", a.status, a.text);
        a.json()
    }

    async fn round(&self, section: i64, n: u32) -> Vec<Value> {
        self.get(&format!("/api/sections/{section}/rounds/{n}"))
            .await
            .json()["boards"]
            .as_array()
            .unwrap()
            .clone()
    }

    /// Publishes round `n` and enters `result` on every board.
    async fn play(&self, section: i64, n: u32, result: &str) {
        self.ok(
            &format!("/api/sections/{section}/rounds/{n}/publish"),
            json!({}),
        )
        .await;
        for b in self.round(section, n).await {
            if b["black"].is_null() {
                continue;
            }
            self.ok(
                &format!("/api/games/{}/result", b["game"]),
                json!({"result": result, "version": b["version"]}),
            )
            .await;
        }
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Logged-in admin with an event and a `rounds`-round Swiss section of `n` rated players.
async fn section(store: Store, n: usize, rounds: u32) -> (Client, i64, Vec<i64>) {
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    let app = web::router(web::AppState::new(store.clone()));
    let mut c = Client {
        app,
        cookie: String::new(),
        csrf: String::new(),
        store,
    };
    let req = Request::post("/api/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"user": "admin", "password": password}).to_string(),
        ))
        .unwrap();
    let res = c.app.clone().oneshot(req).await.unwrap();
    c.cookie = res.headers()[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let bytes = to_bytes(res.into_body(), usize::MAX).await.unwrap();
    let login: Value = serde_json::from_slice(&bytes).unwrap();
    c.csrf = login["csrf"].as_str().unwrap().to_owned();
    let event = c
        .ok(
            "/api/events",
            json!({"name": "Open", "place": "Speyer", "start_date": "2026-05-02"}),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let section = c
        .ok(
            &format!("/api/events/{event}/sections"),
            json!({"name": "A", "rounds": rounds, "system": "swiss", "tiebreaks": "BH,SB"}),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let mut ids = Vec::new();
    for i in 0..n {
        let p = c
            .ok(
                &format!("/api/sections/{section}/players"),
                json!({"last_name": format!("P{i}"), "first_name": "X",
                       "elo": (2300 - 40 * i).to_string(), "federation": "GER", "sex": "m"}),
            )
            .await;
        ids.push(p["id"].as_i64().unwrap());
    }
    (c, section, ids)
}

fn pair_of(b: &Value) -> (i64, i64) {
    (b["white"].as_i64().unwrap(), b["black"].as_i64().unwrap())
}

async fn manual_edits_warn_are_audited_and_marked(store: Store) {
    let (c, s, _) = section(store, 6, 3).await;
    c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
    c.play(s, 1, "1-0").await;
    let met = pair_of(&c.round(s, 1).await[0]);
    c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
    let edit = format!("/api/sections/{s}/rounds/2/edit");
    let answer = c
        .ok(
            &edit,
            json!({"op": "pair", "board": 1, "white": met.1, "black": met.0, "confirm": true}),
        )
        .await;
    let warnings = answer["warnings"].as_array().unwrap();
    assert!(
        warnings.iter().any(|w| w["article"] == "C.04.1 b"
            && w["message"]
                .as_str()
                .unwrap()
                .contains("already met in round 1")),
        "{warnings:?}"
    );
    let boards = c.round(s, 2).await;
    assert_eq!(pair_of(&boards[0]), (met.1, met.0));
    assert_eq!(boards[0]["manual"], true);
    let orphans: Vec<&Value> = boards
        .iter()
        .filter(|b| b["black"].is_null() && b["result"] == "bye-0")
        .collect();
    assert_eq!(orphans.len(), 2, "the former partners wait: {boards:?}");
    let (a, b) = (orphans[0]["white"].clone(), orphans[1]["white"].clone());
    let next = boards.iter().filter(|b| !b["black"].is_null()).count() + 1;
    c.ok(
        &edit,
        json!({"op": "pair", "board": next, "white": a, "black": b, "confirm": true}),
    )
    .await;
    let swapped = c
        .post_form(
            &format!("/sections/{s}/rounds/2/edit"),
            &[("op", "swap"), ("board", "1"), ("confirm", "on")],
        )
        .await;
    assert_eq!(swapped.status, StatusCode::OK, "{}", swapped.text);
    assert!(
        swapped.text.contains("id=\"edit-warnings\""),
        "rematch again"
    );
    assert_eq!(pair_of(&c.round(s, 2).await[0]), met);
    let stale = c
        .post(
            &edit,
            json!({"op": "swap", "board": 1, "version": 1, "confirm": true}),
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.text);
    let log = c
        .store
        .audit_log(None, 20)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action == "manual pairing")
        .collect::<Vec<_>>();
    assert_eq!(log.len(), 3);
    assert!(
        log.iter()
            .all(|e| e.new_value.as_deref().unwrap().contains("warning: ")
                || e.new_value.as_deref().unwrap().contains(" - ")),
        "{log:?}"
    );
    assert!(
        log.last()
            .unwrap()
            .new_value
            .as_deref()
            .unwrap()
            .contains("C.04.1 b")
    );
    c.ok(&format!("/api/sections/{s}/rounds/2/publish"), json!({}))
        .await;
    let page = c.get(&format!("/sections/{s}/rounds/2")).await;
    assert!(page.text.contains("id=\"manual-1\""), "{}", page.text);
    assert!(page.text.contains("id=\"manual-note\""));
    assert!(page.text.contains("id=\"published-at\""));
    let late = c.post(&edit, json!({"op": "swap", "board": 1})).await;
    assert_eq!(
        late.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        late.text
    );
}

/// Issue 13 item 5 (C.04.A): in FIDE mode, on by default, a manual change without the
/// arbiter's confirmation is refused with the criteria it breaks and nothing is stored; a
/// confirmed one is stored with its integrity note, audited, and exported as a `###` TRF line;
/// FIDE mode switched off (audited) needs no confirmation and records nothing.
async fn h13_fide_mode_confirms_records_and_exports_manual_changes(store: Store) {
    let (c, s, _) = section(store, 6, 3).await;
    c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
    c.play(s, 1, "1-0").await;
    let met = pair_of(&c.round(s, 1).await[0]);
    c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
    let settings = format!("/api/sections/{s}/settings");
    assert_eq!(c.get(&settings).await.json()["fide_mode"], true);
    let edit = format!("/api/sections/{s}/rounds/2/edit");
    let before = c.round(s, 2).await;
    // The round-1 opponents meet again: exchange the partner of one with the other.
    let partner = before
        .iter()
        .find_map(|b| match pair_of(b) {
            (w, p) if w == met.0 => Some(p),
            (p, b) if b == met.0 => Some(p),
            _ => None,
        })
        .unwrap();
    let rematch = json!({"op": "exchange", "a": partner, "b": met.1});
    let refused = c.post(&edit, rematch.clone()).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.text
    );
    let body = refused.json();
    assert_eq!(body["confirmation_needed"], true);
    assert_eq!(body["article"], "C.04.A");
    assert!(
        body["criteria"].as_array().unwrap().contains(&json!("C1")),
        "{body}"
    );
    assert_eq!(
        body["confirmation"],
        event::fide_mode::CONFIRMATION_EN,
        "{body}"
    );
    assert!(
        body["error"].as_str().unwrap().contains("C1")
            && body["error_de"]
                .as_str()
                .unwrap()
                .contains("verletzt C1 (keine zweite Begegnung zweier Spieler)"),
        "{body}"
    );
    assert_eq!(
        body["criteria_named"][0]["words"], "C1 (no two players meet twice)",
        "{body}"
    );
    assert_eq!(c.round(s, 2).await, before, "nothing stored");
    let confirmed = c
        .ok(&edit, {
            let mut r = rematch.clone();
            r["confirm"] = json!(true);
            r
        })
        .await;
    let notes = confirmed["integrity"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{confirmed}");
    let note = notes[0].as_str().unwrap();
    assert!(
        note.starts_with("### manual pairing, round 2, by admin, ") && note.contains("breaks C1"),
        "{note}"
    );
    assert_ne!(c.round(s, 2).await, before);
    // The page: the same refusal shows the criteria and the German confirmation.
    let page = c
        .post_form(
            &format!("/sections/{s}/rounds/2/edit?lang=de"),
            &[("op", "swap"), ("board", "1")],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(page.text.contains("id=\"edit-confirm\""), "{}", page.text);
    assert!(
        page.text.contains(event::fide_mode::CONFIRMATION_DE),
        "{}",
        page.text
    );
    assert!(page.text.contains("name=\"op\" value=\"swap\""));
    assert!(
        page.text.contains("Brett 1: Farben getauscht"),
        "{}",
        page.text
    );
    let after_page = c.round(s, 2).await;
    let applied = c
        .post_form(
            &format!("/sections/{s}/rounds/2/edit?lang=de"),
            &[("op", "swap"), ("board", "1"), ("confirm", "on")],
        )
        .await;
    assert_eq!(applied.status, StatusCode::OK, "{}", applied.text);
    assert!(!applied.text.contains("id=\"edit-confirm\""));
    assert!(applied.text.contains("id=\"edit-integrity\""));
    let table = &applied.text[applied.text.find("id=\"edit-integrity\"").unwrap()..];
    assert!(
        table.contains("<td>admin</td>")
            && table.contains("C1 (keine zweite Begegnung zweier Spieler)")
            && table.contains("Verletzte"),
        "{table}"
    );
    let swapped = c.round(s, 2).await;
    assert_eq!(
        pair_of(&swapped[0]),
        (pair_of(&after_page[0]).1, pair_of(&after_page[0]).0)
    );
    // The TRF export carries both notes as `###` lines.
    let trf = c.get(&format!("/sections/{s}/export.trf")).await;
    let lines: Vec<&str> = trf
        .text
        .split(['\r', '\n'])
        .filter(|l| l.starts_with("### manual pairing, round 2, by admin"))
        .collect();
    assert_eq!(lines.len(), 2, "{}", trf.text);
    assert!(lines[0].contains("breaks C1"), "{}", lines[0]);
    let log = c.store.audit_log(None, 50).await.unwrap();
    let confirmations: Vec<_> = log
        .iter()
        .filter(|e| e.action == "manual pairing change confirmed")
        .collect();
    assert_eq!(confirmations.len(), 2, "{log:?}");
    assert!(confirmations.iter().all(|e| e.user == "admin"));
    // FIDE mode off (audited): no confirmation, no note.
    let form = c.get(&format!("/sections/{s}/settings")).await;
    assert!(form.text.contains("id=\"settings-fide-mode\""));
    let mut values = c.get(&settings).await.json();
    values["fide_mode"] = json!(false);
    let off = c.put(&settings, values).await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.text);
    assert_eq!(c.get(&settings).await.json()["fide_mode"], false);
    let free = c.ok(&edit, json!({"op": "swap", "board": 1})).await;
    assert_eq!(free["integrity"].as_array().unwrap().len(), 2, "{free}");
    let log = c.store.audit_log(None, 50).await.unwrap();
    assert!(
        log.iter().any(|e| e.action == "settings: FIDE mode off"),
        "{log:?}"
    );
    assert_eq!(
        log.iter()
            .filter(|e| e.action == "manual pairing change confirmed")
            .count(),
        2
    );
    let audit = c.get("/audit?lang=de").await;
    assert!(
        audit.text.contains("manuelle Paarungsänderung bestätigt"),
        "{}",
        audit.text
    );
}

async fn requested_byes_are_left_out_and_exported(store: Store) {
    let (c, s, ids) = section(store, 5, 3).await;
    let bye = format!("/api/players/{}/byes", ids[1]);
    let answer = c.ok(&bye, json!({"round": 1, "kind": "bye-1/2"})).await;
    assert_eq!(
        answer["requested_byes"],
        json!([{"round": 1, "kind": "bye-1/2"}])
    );
    c.ok(&bye, json!({"round": 3, "kind": "bye-0"})).await;
    c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
    let boards = c.round(s, 1).await;
    assert!(
        boards
            .iter()
            .all(|b| b["white"] != ids[1] && b["black"] != ids[1]
                || b["black"].is_null() && b["result"] == "bye-1/2"),
        "{boards:?}"
    );
    assert!(
        boards
            .iter()
            .any(|b| b["white"] == ids[1] && b["result"] == "bye-1/2")
    );
    assert_eq!(
        boards.iter().filter(|b| !b["black"].is_null()).count(),
        2,
        "four players left, two boards"
    );
    let paired = c.post(&bye, json!({"round": 1, "kind": "bye-0"})).await;
    assert_eq!(paired.status, StatusCode::UNPROCESSABLE_ENTITY);
    let trf = c.get(&format!("/sections/{s}/export.trf")).await.text;
    let t: trf::Tournament = trf.parse().expect("the export reads back");
    let byes: Vec<&trf::Bye> = t
        .lines()
        .iter()
        .filter_map(|l| match &l.record {
            trf::Record::Bye(b) => Some(b),
            _ => None,
        })
        .collect();
    assert_eq!(byes.len(), 1, "{trf}");
    assert_eq!(
        (byes[0].kind, byes[0].round),
        (event::round::ByeKind::Zero, 3)
    );
    let card = c.get(&format!("/sections/{s}/players/{}", ids[1])).await;
    assert!(card.text.contains("id=\"requested-byes\""));
    let withdrawn = c
        .post_form(
            &format!("/players/{}/byes", ids[1]),
            &[("round", "3"), ("kind", "none")],
        )
        .await;
    assert_eq!(
        withdrawn.status,
        StatusCode::SEE_OTHER,
        "{}",
        withdrawn.text
    );
    let log = c
        .store
        .audit_log(Some(("player", ids[1])), 1)
        .await
        .unwrap();
    assert_eq!(log[0].action, "requested bye withdrawn, round 3");
}

async fn corrections_name_later_rounds_and_scores(store: Store) {
    let (c, s, _) = section(store, 6, 3).await;
    c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
    c.play(s, 1, "1-0").await;
    c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
    let first = c.round(s, 1).await[0].clone();
    let game = first["game"].as_i64().unwrap();
    let plain = c
        .ok(
            &format!("/api/games/{game}/result"),
            json!({"result": "1-0", "version": first["version"]}),
        )
        .await;
    assert!(plain["correction"].is_null(), "same result: no effect");
    let v = plain["version"].clone();
    let answer = c
        .ok(
            &format!("/api/games/{game}/result"),
            json!({"result": "0-1", "version": v}),
        )
        .await;
    let effect = &answer["correction"];
    assert_eq!(effect["round"], 1);
    assert_eq!(effect["later_rounds"], json!([2]));
    let scores = effect["scores"].as_array().unwrap();
    let (w, b) = pair_of(&first);
    assert_eq!(
        scores
            .iter()
            .map(|x| (x[0].clone(), x[2].clone(), x[3].clone()))
            .collect::<Vec<_>>(),
        {
            let mut v = vec![
                (json!(w), json!("1"), json!("0")),
                (json!(b), json!("0"), json!("1")),
            ];
            v.sort_by_key(|x| x.0.as_i64());
            v
        }
    );
    let round2 = c.round(s, 2).await;
    let moved: Vec<usize> = effect["different_boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as usize)
        .collect();
    assert!(moved.iter().all(|&i| i >= 1 && i <= round2.len()));
    let log = c.store.audit_log(None, 5).await.unwrap();
    let note = log
        .iter()
        .find(|e| e.action == "correction effect (Art. 8.7)")
        .expect("the effect is in the audit log");
    assert!(
        note.new_value
            .as_deref()
            .unwrap()
            .contains("later rounds [2]")
    );
}

async fn player_cards_and_result_slips(store: Store) {
    let (c, s, ids) = section(store, 5, 3).await;
    for n in 1..=2 {
        c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
        c.play(s, n, "1/2-1/2").await;
    }
    let mut total_half_points = 0;
    let card = c
        .get(&format!("/api/sections/{s}/players/{}", ids[0]))
        .await
        .json();
    for (r, line) in card["rounds"].as_array().unwrap().iter().enumerate() {
        assert_eq!(line["round"], r + 1);
        total_half_points += if line["bye"] == "bye" { 2 } else { 1 };
        let score = line["score"].as_str().unwrap();
        let expect = if total_half_points % 2 == 0 {
            (total_half_points / 2).to_string()
        } else {
            format!("{}.5", total_half_points / 2)
        };
        assert_eq!(score, expect, "{card}");
        if line["bye"].is_null() {
            let opponent = line["opponent_id"].as_i64().unwrap();
            assert!(ids.contains(&opponent));
            assert!(line["colour"] == "w" || line["colour"] == "b");
        }
    }
    assert_eq!(card["score"], card["rounds"][1]["score"]);
    let rated = card["rated_games"].as_u64().unwrap();
    assert!(rated >= 1);
    let perf = card["performance"]
        .as_i64()
        .expect("performance over rated draws");
    let opponents: Vec<i64> = card["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|l| l["opponent_elo"].as_i64())
        .collect();
    let average = opponents.iter().sum::<i64>() as f64 / opponents.len() as f64;
    assert!(
        (perf as f64 - average).abs() <= 1.0,
        "all draws: performance = average opponent rating ({perf} vs {average})"
    );
    let page = c.get(&format!("/sections/{s}/players/{}", ids[0])).await;
    assert!(page.text.contains("id=\"card-score-2\""));
    let slips = c.get(&format!("/sections/{s}/rounds/2/slips")).await;
    assert_eq!(slips.status, StatusCode::OK);
    let boards = c.round(s, 2).await;
    let games = boards.iter().filter(|b| !b["black"].is_null()).count();
    assert_eq!(slips.text.matches("class=\"slip\"").count(), games);
    for b in boards.iter().filter(|b| !b["black"].is_null()) {
        assert!(slips.text.contains(b["white_name"].as_str().unwrap()));
        assert!(slips.text.contains(b["black_name"].as_str().unwrap()));
    }
    assert_eq!(slips.text.matches("Signature").count(), 2 * games);
}

async fn game_records_are_checked_and_exported(store: Store) {
    let (c, s, _) = section(store, 4, 3).await;
    c.ok(&format!("/api/sections/{s}/pair"), json!({})).await;
    c.play(s, 1, "1-0").await;
    let boards = c.round(s, 1).await;
    let game = boards[0]["game"].as_i64().unwrap();
    let illegal = c
        .post(
            &format!("/api/games/{game}/pgn"),
            json!({"pgn": "1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke6 4. Qh5 1-0"}),
        )
        .await;
    assert_eq!(illegal.status, StatusCode::BAD_REQUEST, "{}", illegal.text);
    assert!(
        illegal.json()["error"]
            .as_str()
            .unwrap()
            .contains("3...Ke6 is not a legal move"),
        "{}",
        illegal.text
    );
    let german = c
        .post_form(
            &format!("/games/{game}/pgn?lang=de"),
            &[("pgn", "1. e4 e5 2. Ke2 Ke7 3. Kf5 *")],
        )
        .await;
    assert_eq!(german.status, StatusCode::BAD_REQUEST);
    assert!(
        german.text.contains("3.Kf5 ist kein regelgemäßer Zug"),
        "{}",
        german.text
    );
    let two = c
        .post_form(
            &format!("/games/{game}/pgn?lang=de"),
            &[("pgn", "1. e4 e5 *\n\n1. d4 d5 *")],
        )
        .await;
    assert_eq!(two.status, StatusCode::BAD_REQUEST);
    assert!(
        two.text.contains("eine Partie je Brett erwartet"),
        "{}",
        two.text
    );
    c.ok(
        &format!("/api/games/{game}/pgn"),
        json!({"pgn": "[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0"}),
    )
    .await;
    let pgn = c.get(&format!("/sections/{s}/export.pgn")).await.text;
    let games: Vec<&str> = pgn.split("[Event ").filter(|g| !g.is_empty()).collect();
    assert_eq!(games.len(), 2, "{pgn}");
    assert!(
        games[0].starts_with(
            "\"Open - A\"]\n[Site \"Speyer\"]\n[Date \"2026.05.02\"]\n[Round \"1.1\"]"
        ),
        "{pgn}"
    );
    assert!(games[0].contains(&format!(
        "[White \"{}\"]",
        boards[0]["white_name"].as_str().unwrap()
    )));
    assert!(games[0].contains("[WhiteElo \"2300\"]"), "{pgn}");
    assert!(
        games[0].contains("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0"),
        "{pgn}"
    );
    assert!(games[1].contains("[Round \"1.2\"]"));
    assert!(
        games[1].trim_end().ends_with("\n\n1-0"),
        "result only: {pgn}"
    );
    for g in pgn::reader::Reader::new(&pgn) {
        assert!(pgn::import::import(&g).error.is_none());
    }
}

/// A section stored with billions of rounds before the bound existed: the public player card
/// lists at most the bounded rounds and the TRF export refuses it with the reason.
async fn h19_01_a_stored_huge_round_count_allocates_nothing(store: Store) {
    let (c, s, players) = section(store, 4, 3).await;
    let row = c.store.section(s).await.unwrap();
    let mut doc: Value = serde_json::from_str(&row.data).unwrap();
    doc["rounds"] = json!(u32::MAX);
    c.store
        .update_section(None, s, &doc.to_string(), row.version)
        .await
        .unwrap();
    let public = Request::get(format!("/sections/{s}/players/{}", players[0]))
        .body(Body::empty())
        .unwrap();
    let card = c.send(public).await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.text);
    let arbiter = c
        .get(&format!("/sections/{s}/players/{}", players[0]))
        .await;
    assert!(
        arbiter.text.contains("<option value=\"99\">"),
        "{}",
        arbiter.text
    );
    assert!(
        !arbiter.text.contains("<option value=\"100\">"),
        "bounded list"
    );
    let trf = c.get(&format!("/sections/{s}/export.trf")).await;
    assert_eq!(trf.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", trf.text);
    assert!(
        trf.text
            .contains("rounds: expected a whole number from 1 to 99"),
        "{}",
        trf.text
    );
}

/// #14 item 1: the German round page shows numbers, ratings, points before the round, the bye
/// as a word (never a code), the event's name; the alphabetical list is sorted by the event
/// (Ö with O) with club, colour `w`/`s` and opponent; a forfeit reads "kampflos".
async fn h14_01_round_page_and_alphabetical_list_in_words(store: Store) {
    let (c, section, _) = section(store, 5, 3).await;
    c.ok(&format!("/api/sections/{section}/pair"), json!({}))
        .await;
    c.play(section, 1, "+/-").await;
    c.ok(&format!("/api/sections/{section}/pair"), json!({}))
        .await;
    c.ok(
        &format!("/api/sections/{section}/rounds/2/publish"),
        json!({}),
    )
    .await;
    let page = c
        .get(&format!("/sections/{section}/rounds/1?lang=de"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let text = page.text;
    assert!(text.contains("id=\"round-event\">Open</p>"), "{text}");
    assert!(text.contains("<th class=\"nr\">Pkt.</th>"), "{text}");
    assert!(text.contains(">spielfrei</em>"), "{text}");
    assert!(!text.contains(">bye"), "no bye codes: {text}");
    assert!(
        text.contains("Ergebnisse: <span id=\"results-count\" data-games=\"2\">2/2</span>"),
        "{text}"
    );
    let round2 = c
        .get(&format!("/sections/{section}/rounds/2?lang=de"))
        .await
        .text;
    assert!(
        round2.contains("<td class=\"nr\">1</td>"),
        "points before round 2: {round2}"
    );
    let alpha = c
        .get(&format!(
            "/sections/{section}/rounds/1/alphabetical?lang=de"
        ))
        .await
        .text;
    let order: Vec<usize> = (0..5)
        .map(|i| {
            alpha
                .find(&format!("<td>P{i}, X</td>"))
                .expect("every player listed")
        })
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "by name: {alpha}");
    assert!(
        alpha.contains("<td>s</td>") && alpha.contains("<td>w</td>"),
        "{alpha}"
    );
    assert!(alpha.contains("kampflos +&#x2f;-"), "{alpha}");
    assert!(alpha.contains(">spielfrei</em>"), "{alpha}");
}

/// #14 item 6: the audit log names round, board and players of a result, old → new in words,
/// German action names, local time `TT.MM.JJJJ HH:MM:SS`; filters by section and round.
async fn h14_06_audit_names_board_players_and_filters(store: Store) {
    let (c, section, _) = section(store, 4, 3).await;
    c.ok(&format!("/api/sections/{section}/pair"), json!({}))
        .await;
    c.play(section, 1, "1/2-1/2").await;
    let log = c
        .get(&format!("/audit?lang=de&section={section}&round=1"))
        .await;
    assert_eq!(log.status, StatusCode::OK, "{}", log.text);
    let text = log.text;
    assert!(text.contains("Runde 1, Brett 1: P"), "{text}");
    assert!(text.contains("— → ½-½"), "{text}");
    assert!(
        text.contains("<td>Ergebnis</td>") && text.contains("<td>Runde veröffentlicht</td>"),
        "{text}"
    );
    let body = &text[text.find("<tbody>").unwrap()..text.find("</tbody>").unwrap()];
    assert!(
        !body.contains("<td>result</td>") && !body.contains("{\""),
        "no raw names or JSON: {body}"
    );
    let when = text.split("class=\"when\">").nth(1).unwrap();
    let when = &when[..when.find('<').unwrap()];
    let bytes: Vec<u8> = when.bytes().collect();
    assert!(
        when.len() == 19
            && bytes[2] == b'.'
            && bytes[5] == b'.'
            && bytes[13] == b':'
            && bytes[16] == b':',
        "TT.MM.JJJJ HH:MM:SS: {when}"
    );
    let other = c
        .get(&format!("/audit?lang=de&section={section}&round=2"))
        .await
        .text;
    assert!(
        !other.contains("Brett 1"),
        "round 2 has no entries yet: {other}"
    );
    let bad = c.get("/audit?round=zwei").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(
        bad.text.contains("round: expected a whole number"),
        "{}",
        bad.text
    );
}

/// #14 item 7: the event page finds players by part of the name, German-folded (`oe` is not `ö`,
/// but `o` finds `ö` and `ss` finds `ß`), and links to the player's card.
async fn h14_07_search_finds_players_german_folded(store: Store) {
    let (c, section, _) = section(store, 2, 3).await;
    let event = c.get(&format!("/api/sections/{section}")).await.json()["section"]["event"]
        .as_i64()
        .unwrap();
    for last in ["Öztürk", "Großmann"] {
        c.ok(
            &format!("/api/sections/{section}/players"),
            json!({"last_name": last, "first_name": "Ali", "elo": "1500", "federation": "GER", "sex": "m"}),
        )
        .await;
    }
    let found = c.get(&format!("/events/{event}?q=ozt&lang=de")).await.text;
    assert!(found.contains("Öztürk, Ali</a>"), "{found}");
    assert!(
        found.contains(&format!("href=\"/sections/{section}/players/")),
        "{found}"
    );
    let found = c.get(&format!("/events/{event}?q=GROSS")).await.text;
    assert!(found.contains("Großmann, Ali</a>"), "{found}");
    assert!(!found.contains("Öztürk, Ali</a>"), "{found}");
    let none = c
        .get(&format!("/events/{event}?q=Zander&lang=de"))
        .await
        .text;
    assert!(none.contains("id=\"search-none\""), "{none}");
    let long = c
        .get(&format!("/events/{event}?q={}", "x".repeat(101)))
        .await;
    assert_eq!(long.status, StatusCode::BAD_REQUEST);
}

/// #14 item 7: deleting a section needs its name typed again; once a round is published only an
/// admin's forced deletion passes (German message naming the reason); the event goes the same way.
async fn h14_07_delete_needs_the_name_and_an_admin_after_publication(store: Store) {
    let (c, section, _) = section(store, 4, 3).await;
    let event = c.get(&format!("/api/sections/{section}")).await.json()["section"]["event"]
        .as_i64()
        .unwrap();
    c.ok(&format!("/api/sections/{section}/pair"), json!({}))
        .await;
    c.ok(
        &format!("/api/sections/{section}/rounds/1/publish"),
        json!({}),
    )
    .await;
    let uri = format!("/events/{event}/delete-section?lang=de");
    let s = section.to_string();
    let typo = c
        .post_form(&uri, &[("section", &s), ("confirm", "B")])
        .await;
    assert_eq!(
        typo.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        typo.text
    );
    assert!(
        typo.text.contains("den Namen der Gruppe `A` eingeben"),
        "{}",
        typo.text
    );
    let published = c
        .post_form(&uri, &[("section", &s), ("confirm", "A")])
        .await;
    assert!(
        published.text.contains("veröffentlichte Runden"),
        "{}",
        published.text
    );
    assert_eq!(
        c.get(&format!("/api/sections/{section}")).await.status,
        StatusCode::OK
    );
    let forced = c
        .post_form(&uri, &[("section", &s), ("confirm", "A"), ("force", "on")])
        .await;
    assert_eq!(forced.status, StatusCode::SEE_OTHER, "{}", forced.text);
    assert_eq!(
        c.get(&format!("/api/sections/{section}")).await.status,
        StatusCode::NOT_FOUND
    );
    let log = c.get("/audit?lang=de").await.text;
    assert!(log.contains("<td>gelöscht</td>"), "{log}");
    let gone = c
        .post_form(&format!("/events/{event}/delete"), &[("confirm", "Open")])
        .await;
    assert_eq!(gone.status, StatusCode::SEE_OTHER, "{}", gone.text);
    assert_eq!(
        c.get(&format!("/api/events/{event}")).await.status,
        StatusCode::NOT_FOUND
    );
}
