//! Check-in before round 1 (#12 item 5) and refusals shown where they happen (#12 item 7), in
//! process against SQLite and, with `ARBITER_TEST_POSTGRES`, PostgreSQL.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{Answer, json_request, login, send};
use serde_json::{Value, json};
use store::Store;

store::on_both!(
    "arbiter_webcheckin", "wc";
    h12_05_round_one_pairs_only_players_checked_in,
    h12_05_check_in_page_toggles_with_htmx,
    h12_05_check_in_is_refused_when_off_or_closed,
    h12_07_refused_pairing_is_shown_in_place_in_german,
    h12_07_error_pages_have_the_layout_and_the_language,
);

struct Client {
    app: Router,
    session: (String, String),
}

impl Client {
    async fn call(&self, method: &str, uri: &str, body: Option<Value>) -> Answer {
        send(
            &self.app,
            json_request(method, uri, Some(&self.session), body.as_ref()),
        )
        .await
    }

    async fn ok(&self, method: &str, uri: &str, body: Value) -> Value {
        let a = self.call(method, uri, Some(body)).await;
        assert!(a.status.is_success(), "{uri}: {} {}", a.status, a.text);
        a.json()
    }

    /// A form post (as a browser sends it), with htmx's header when `htmx`.
    async fn form(&self, uri: &str, fields: &[(&str, &str)], htmx: bool, lang: &str) -> Answer {
        let mut body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={v}")).collect();
        body.push(format!("csrf={}", self.session.1));
        let mut b = Request::post(uri)
            .header(header::COOKIE, format!("{}; lang={lang}", self.session.0))
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if htmx {
            b = b.header("hx-request", "true");
        }
        send(&self.app, b.body(Body::from(body.join("&"))).unwrap()).await
    }

    async fn page(&self, uri: &str, lang: &str) -> Answer {
        let req = Request::get(uri)
            .header(header::COOKIE, format!("{}; lang={lang}", self.session.0))
            .body(Body::empty())
            .unwrap();
        send(&self.app, req).await
    }

    /// Switches the section's check-in on or off through the settings API.
    async fn set_check_in(&self, s: i64, on: bool) -> Answer {
        let mut settings = self
            .call("GET", &format!("/api/sections/{s}/settings"), None)
            .await
            .json();
        settings["check_in"] = json!(on);
        self.call(
            "PUT",
            &format!("/api/sections/{s}/settings"),
            Some(settings),
        )
        .await
    }
}

/// Logged-in admin with a 3-round Swiss section of `n` players.
async fn section(store: Store, n: usize) -> (Client, i64, Vec<i64>) {
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    let app = web::router(web::AppState::new(store));
    let session = login(&app, "admin", &password).await;
    let c = Client { app, session };
    let event = c
        .ok(
            "POST",
            "/api/events",
            json!({"name": "SJRP", "place": "Pirmasens", "start_date": "2026-04-07"}),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let s = c
        .ok(
            "POST",
            &format!("/api/events/{event}/sections"),
            json!({"name": "U14", "rounds": 3, "system": "swiss", "tiebreaks": "BH,SB"}),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let mut ids = Vec::new();
    for i in 0..n {
        let p = c
            .ok(
                "POST",
                &format!("/api/sections/{s}/players"),
                json!({"last_name": format!("P{i}"), "first_name": "X", "dwz": 1800 - 50 * i}),
            )
            .await;
        ids.push(p["id"].as_i64().unwrap());
    }
    (c, s, ids)
}

fn checkin(s: i64, p: i64) -> String {
    format!("/api/sections/{s}/players/{p}/checkin")
}

async fn h12_05_round_one_pairs_only_players_checked_in(store: Store) {
    let (c, s, ids) = section(store, 6).await;
    let on = c.set_check_in(s, true).await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.text);
    for &p in &ids[..5] {
        c.ok("POST", &checkin(s, p), json!({})).await;
    }
    let undone = c.call("DELETE", &checkin(s, ids[4]), None).await.json();
    assert_eq!(
        undone,
        json!({"checked_in": false, "present": 4, "entered": 6})
    );
    let again = c
        .ok("POST", &checkin(s, ids[3]), json!({"present": true}))
        .await;
    assert_eq!(
        (again["present"].clone(), again["entered"].clone()),
        (json!(4), json!(6))
    );
    c.ok("POST", &format!("/api/sections/{s}/pair"), json!({}))
        .await;
    let boards = c
        .call("GET", &format!("/api/sections/{s}/rounds/1"), None)
        .await
        .json()["boards"]
        .as_array()
        .unwrap()
        .clone();
    let games: Vec<&Value> = boards.iter().filter(|b| !b["black"].is_null()).collect();
    assert_eq!(games.len(), 2, "four present, two boards: {boards:?}");
    for &absent in &ids[4..] {
        assert!(
            games
                .iter()
                .all(|b| b["white"] != absent && b["black"] != absent),
            "{absent} is absent: {boards:?}"
        );
        assert!(
            boards
                .iter()
                .any(|b| b["white"] == absent && b["black"].is_null() && b["result"] == "bye-0"),
            "{absent} gets a zero-point bye: {boards:?}"
        );
    }
    let trf = c
        .page(&format!("/sections/{s}/export.trf"), "en")
        .await
        .text;
    assert!(trf.parse::<trf::Tournament>().is_ok(), "{trf}");
}

async fn h12_05_check_in_page_toggles_with_htmx(store: Store) {
    let (c, s, ids) = section(store, 3).await;
    let off = c.page(&format!("/sections/{s}/check-in"), "en").await;
    assert_eq!(off.status, StatusCode::OK);
    assert!(off.text.contains("id=\"checkin-off\""), "{}", off.text);
    c.set_check_in(s, true).await;
    let section_page = c.page(&format!("/sections/{s}"), "en").await;
    assert!(section_page.text.contains("id=\"link-check-in\""));
    let page = c.page(&format!("/sections/{s}/check-in"), "de").await;
    assert!(page.text.contains("0 / 3"), "{}", page.text);
    assert!(page.text.contains("Anmeldung vor Ort"));
    assert!(page.text.contains(&format!("id=\"toggle-{}\"", ids[1])));
    let uri = format!("/sections/{s}/players/{}/checkin", ids[1]);
    let row = c.form(&uri, &[("present", "true")], true, "de").await;
    assert_eq!(row.status, StatusCode::OK, "{}", row.text);
    assert!(
        row.text
            .starts_with(&format!("<tr id=\"checkin-{}\" class=\"present\"", ids[1])),
        "{}",
        row.text
    );
    assert!(
        row.text.contains("hx-swap-oob=\"true\">1 / 3</span>"),
        "{}",
        row.text
    );
    assert!(row.text.contains("name=\"present\" value=\"false\""));
    let plain = c.form(&uri, &[("present", "false")], false, "de").await;
    assert_eq!(plain.status, StatusCode::SEE_OTHER);
    let page = c.page(&format!("/sections/{s}/check-in"), "en").await;
    assert!(page.text.contains("0 / 3"), "{}", page.text);
    let visitor = send(
        &c.app,
        Request::get(format!("/sections/{s}/check-in"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(
        visitor.status,
        StatusCode::SEE_OTHER,
        "visitors log in first"
    );
}

async fn h12_05_check_in_is_refused_when_off_or_closed(store: Store) {
    let (c, s, ids) = section(store, 4).await;
    let off = c.call("POST", &checkin(s, ids[0]), Some(json!({}))).await;
    assert_eq!(off.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        off.json()["error"].as_str().unwrap().contains("C.04.2"),
        "{}",
        off.text
    );
    c.set_check_in(s, true).await;
    for &p in &ids {
        c.ok("POST", &checkin(s, p), json!({})).await;
    }
    let stranger = c
        .call("POST", &checkin(s + 1000, ids[0]), Some(json!({})))
        .await;
    assert_eq!(stranger.status, StatusCode::NOT_FOUND);
    c.ok("POST", &format!("/api/sections/{s}/pair"), json!({}))
        .await;
    let closed = c.call("DELETE", &checkin(s, ids[0]), None).await;
    assert_eq!(closed.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        closed.text.contains("check-in is closed"),
        "{}",
        closed.text
    );
    let german = c
        .form(
            &format!("/sections/{s}/players/{}/checkin", ids[0]),
            &[("present", "false")],
            true,
            "de",
        )
        .await;
    assert_eq!(german.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        german.text.contains("Check-in ist geschlossen"),
        "{}",
        german.text
    );
    let switched = c.set_check_in(s, false).await;
    assert_eq!(
        switched.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        switched.text
    );
}

async fn h12_07_refused_pairing_is_shown_in_place_in_german(store: Store) {
    let (c, s, _) = section(store, 4).await;
    c.ok("POST", &format!("/api/sections/{s}/pair"), json!({}))
        .await;
    let refused = c
        .form(&format!("/sections/{s}/pair"), &[], true, "de")
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.text.contains("role=\"alert\"") && !refused.text.trim_start().starts_with('{'),
        "an HTML message, not JSON: {}",
        refused.text
    );
    assert!(refused.text.contains("Runde 1"), "German: {}", refused.text);
}

async fn h12_07_error_pages_have_the_layout_and_the_language(store: Store) {
    let (c, _, _) = section(store, 2).await;
    let missing = c.page("/sections/999999", "de").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(
        missing.text.contains("id=\"nav-events\""),
        "navigation: {}",
        missing.text
    );
    assert!(missing.text.contains("Nicht gefunden"), "{}", missing.text);
    assert!(missing.text.contains("lang=\"de\""));
    let english = c.page("/sections/999999", "en").await;
    assert!(english.text.contains("Not found"), "{}", english.text);
    let bad = c
        .form(
            "/events/1/sections",
            &[("name", "Kids"), ("rounds", "3"), ("system", "bogus")],
            false,
            "en",
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.text.contains("unknown system"), "{}", bad.text);
    assert!(
        bad.text.contains("value=\"Kids\""),
        "the input is kept: {}",
        bad.text
    );
    assert!(bad.text.contains("id=\"nav-events\""), "{}", bad.text);
}
