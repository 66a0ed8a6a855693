//! The director's day of championship administration (#18) in headless Chromium on SQLite (see
//! `browser.rs` for the setup): an entry deadline and the admission list with nominated players
//! and a substitute (Nachrücker) who moves up after a withdrawal (SJRP §7.6); the election of the
//! Turniergericht with a refused candidate of the same club (§5.5); a protest and an appeal that
//! block the pairing of the next round until the tribunal decides (§21.1.7); an expulsion that
//! removes a player from the later rounds (§20.1, Art. 12.9.9); a three-way tie for first
//! resolved by the Stichkampf (§6.1); the title and the DEM qualification list (§7.8, §6.4).
//! Players, pairings and results are set up through the JSON API from inside the page; every
//! decision of the day goes through the German pages.

mod common;

use common::{Backend, Browser, Server, get_json, run_scenario};
use serde_json::{Value, json};

/// Posts `body` to the JSON API from inside the logged-in page; the answer's JSON (with
/// `status`), or panics.
fn post(b: &Browser, path: &str, body: Value) -> Value {
    let script = r#"
        const [path, body, done] = arguments;
        const csrf = document.querySelector('input[name=csrf]').value;
        fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
            body: JSON.stringify(body)})
          .then(async r => done({status: r.status, body: await r.text()}), e => done({status: 0, body: String(e)}));
    "#;
    let answer = b
        .cmd(
            "POST",
            "execute/async",
            json!({"script": script, "args": [path, body]}),
        )
        .unwrap_or_else(|e| panic!("POST {path}: {e}"));
    let text = answer["body"].as_str().unwrap_or_default();
    let mut value: Value = serde_json::from_str(text).unwrap_or(json!({ "text": text }));
    value["status"] = answer["status"].clone();
    value
}

fn ok(b: &Browser, path: &str, body: Value) -> Value {
    let v = post(b, path, body);
    assert!(
        v["status"].as_u64().is_some_and(|s| s < 300),
        "POST {path}: {v}"
    );
    v
}

/// Registers a player born `year` through the API; the player's id.
fn register(b: &Browser, section: i64, last: &str, year: u16) -> i64 {
    let v = ok(
        b,
        &format!("/api/sections/{section}/players"),
        json!({"last_name": last, "first_name": "Kim", "birth": format!("{year}-03-01"), "sex": "m"}),
    );
    v["id"].as_i64().unwrap_or_else(|| panic!("player id: {v}"))
}

/// Enters `result` on every board of round `n` through the API.
fn results(b: &Browser, server: &Server, section: i64, n: u32, result: &str) {
    let round = get_json(&server.addr, &format!("/api/sections/{section}/rounds/{n}"));
    for board in round["boards"].as_array().expect("boards") {
        if board["black"].is_null() {
            continue;
        }
        ok(
            b,
            &format!("/api/games/{}/result", board["game"]),
            json!({"result": result, "version": board["version"]}),
        );
    }
}

/// Opens the `<details>` holding `form` and returns nothing; its fields are then visible.
fn open(b: &Browser, form: &str) {
    b.js(
        "document.querySelector(arguments[0]).closest('details').open = true;",
        json!([form]),
    );
}

fn entries_and_substitute(b: &Browser, base: &str, event: i64, u14: i64) {
    b.go(&format!("{base}/events/{event}/settings?lang=de"));
    b.js(
        "document.getElementById('event-entry-deadline').value = '2026-02-05';",
        json!([]),
    );
    b.fill("#event-title-region", "Rheinland-Pfalz");
    b.submit("#event-settings-save");
    b.go(&format!("{base}/events/{event}/entries?lang=de"));
    open(b, "#entries-form");
    // Entered before the deadline (a line without a day would be entered today, late).
    let lines = [
        "Abel, Kim, 2012, U14",
        "Berg, Kim, 2012, U14",
        "Cordes, Kim, 2012, U14",
        "Dahl, Kim, 2012, U14",
        "Engel, Kim, 2012, U14",
        "Zabel, Kim, 2012, U14, nominiert",
        "Fink, Kim, 2012, U14, Nachrücker 1",
        "Gold, Kim, 2014",
        "Haas, Kim, 2014",
        "Ilg, Kim, 2014",
        "Jost, Kim, 2014",
    ]
    .map(|l| format!("{l}, angemeldet 01.02.2026"))
    .join("\n");
    b.fill("#entries-lines", &lines);
    b.submit("#entries-save");
    assert!(b.text("#entries-deadline").contains("05.02.2026"));
    // The substitute waits: the section refuses him with §7.6.
    b.go(&format!("{base}/sections/{u14}?lang=de"));
    b.fill("#player-last", "Fink");
    b.fill("#player-first", "Kim");
    b.js(
        "document.getElementById('player-birth').value = '2012-03-01';",
        json!([]),
    );
    b.submit("#add-player-submit");
    let refused = b.text("#error");
    assert!(
        refused.contains("Nachrücker") && refused.contains("SJRP §7.6"),
        "{refused}"
    );
    // Zabel withdraws; the list proposes Fink; the director calls him up.
    b.go(&format!("{base}/events/{event}/entries?lang=de"));
    b.submit("#withdraw-6");
    b.wait_url("#place-7");
    assert!(b.text("#place-7").contains("als Nächster abzurufen"));
    b.submit("#call-up-7");
    assert!(b.text("#place-7").contains("abgerufen"));
    assert!(b.text("#place-6").contains("abgesagt"));
}

fn tribunal(b: &Browser, base: &str, event: i64) {
    b.go(&format!("{base}/events/{event}/proceedings?lang=de"));
    open(b, "#tribunal-form");
    b.fill("#tribunal-sections", "U12");
    b.fill(
        "#tribunal-members",
        "Roth, Sabine, SC Speyer\nVogel, Tim, SC Speyer\nFuchs, Dirk, SV Koblenz",
    );
    b.fill(
        "#tribunal-substitutes",
        "Zimmer, Anke, SC Neuwied\nLang, Udo, SK Bingen",
    );
    b.submit("#tribunal-save");
    let refused = b.text("#error");
    assert!(refused.contains("§5.5"), "two of one club: {refused}");
    b.go(&format!("{base}/events/{event}/proceedings?lang=de"));
    open(b, "#tribunal-form");
    b.fill("#tribunal-sections", "U12");
    b.fill(
        "#tribunal-members",
        "Roth, Sabine, SC Speyer\nVogel, Tim, SK Worms\nFuchs, Dirk, SV Koblenz",
    );
    b.fill(
        "#tribunal-substitutes",
        "Zimmer, Anke, SC Neuwied\nLang, Udo, SK Bingen",
    );
    b.submit("#tribunal-save");
    assert!(
        b.text("#tribunal-1").contains("Betreuer"),
        "U12: elected by the Betreuer"
    );
}

fn protest_appeal_and_expulsion(
    b: &Browser,
    server: &Server,
    base: &str,
    event: i64,
    u12: i64,
    jost: i64,
) {
    ok(b, &format!("/api/sections/{u12}/pair"), json!({}));
    ok(
        b,
        &format!("/api/sections/{u12}/rounds/1/publish"),
        json!({}),
    );
    b.go(&format!("{base}/events/{event}/proceedings?lang=de"));
    open(b, "#protest-form");
    b.js(
        "document.getElementById('protest-section').value = arguments[0];",
        json!([u12.to_string()]),
    );
    b.fill("#protest-round", "1");
    b.fill("#protest-board", "1");
    b.fill("#protest-by", "Gold, Kim");
    b.fill("#protest-subject", "Handy des Gegners hat geklingelt");
    b.submit("#protest-save");
    b.fill("#decision-1", "Abgelehnt: kein Verstoß festgestellt");
    b.submit("#decide-1");
    b.click("#in-writing-1");
    b.click("#fee-paid-1");
    b.submit("#appeal-1");
    assert!(b.text("#appeal-open-1").len() > 3, "the appeal is open");
    results(b, server, u12, 1, "1/2-1/2");
    // Expulsion of Jost in round 1 (§20.1, Art. 12.9.9).
    b.go(&format!("{base}/events/{event}/proceedings?lang=de"));
    open(b, "#sanction-form");
    b.js(
        "document.getElementById('sanction-section').value = arguments[0];\
         document.getElementById('sanction-player').value = arguments[1];\
         document.getElementById('sanction-measure').value = 'expulsion';",
        json!([u12.to_string(), jost.to_string()]),
    );
    b.fill("#sanction-round", "1");
    b.fill("#sanction-reason", "Besitz von Alkohol (Ausschreibung)");
    b.submit("#sanction-save");
    assert!(b.text("#sanction-list").contains("Ausschluss"));
    // The open appeal blocks round 2 (§21.1.7) until the tribunal decides.
    let blocked = post(b, &format!("/api/sections/{u12}/pair"), json!({}));
    assert_eq!(blocked["status"], 422, "{blocked}");
    assert!(blocked.to_string().contains("21.1.7"), "{blocked}");
    b.go(&format!("{base}/events/{event}/proceedings?lang=de"));
    b.fill("#appeal-decision-1", "Widerspruch zurückgewiesen");
    b.submit("#decide-appeal-1");
    ok(b, &format!("/api/sections/{u12}/pair"), json!({}));
    ok(
        b,
        &format!("/api/sections/{u12}/rounds/2/publish"),
        json!({}),
    );
    let round2 = get_json(&server.addr, &format!("/api/sections/{u12}/rounds/2"));
    // Jost is listed with a zero-point absence, without an opponent.
    let boards = round2["boards"].as_array().expect("boards");
    let jost_board = boards
        .iter()
        .find(|g| g["white_name"] == "Jost, Kim" || g["black_name"] == "Jost, Kim")
        .expect("Jost listed");
    assert!(jost_board["black"].is_null(), "{jost_board}");
    assert_eq!(jost_board["result"], "bye-0");
    assert!(
        boards.iter().any(|g| !g["black"].is_null()),
        "the others play"
    );
}

/// Plays the three-way Stichkampf of U14: of two players the one first in the alphabet wins
/// every game, so the rapid double round robin decides the whole order.
fn stichkampf(b: &Browser, base: &str, event: i64, u14: i64) -> Vec<String> {
    b.go(&format!("{base}/events/{event}/final?lang=de"));
    assert!(b.text("#champion-U14").contains("Stichkampf offen"));
    b.submit(&format!("#sk-start-{u14}-U14 button"));
    let mut games = 0;
    while b.js(
        "return !!document.querySelector(arguments[0]);",
        json!([format!("#playoff-{u14}-1 form")]),
    ) == json!(true)
    {
        let pair = b.text(&format!("#playoff-{u14}-1 form strong"));
        let (white, black) = pair.split_once(" – ").expect("white – black");
        let button = if white < black { "white" } else { "black" };
        b.submit(&format!("#sk-{u14}-1-{button}"));
        games += 1;
        assert!(games <= 6, "three players: six rapid games decide");
    }
    assert_eq!(games, 6);
    let decided = b.text(&format!("#playoff-{u14}-1 .decided"));
    decided
        .split_once(": ")
        .map(|(_, order)| order.split(" · ").map(str::to_owned).collect())
        .unwrap_or_default()
}

fn scenario(b: &Browser, server: &Server, _dir: &std::path::Path) {
    let base = format!("http://{}", server.addr);
    b.go(&format!("{base}/login?lang=de"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", &server.password);
    b.submit("#login-submit");
    let ev = ok(
        b,
        "/api/events",
        json!({"name": "RLP-EM 2026", "place": "Pirmasens", "start_date": "2026-04-07", "end_date": "2026-04-11"}),
    );
    let event = ev["id"].as_i64().expect("event id");
    let section = |name: &str, classes: &str, rounds: u32| {
        ok(
            b,
            &format!("/api/events/{event}/sections"),
            json!({"name": name, "classes": classes, "rounds": rounds, "system": "swiss"}),
        )["id"]
            .as_i64()
            .expect("section id")
    };
    let u14 = section("U14", "U14", 1);
    let u12 = section("U12", "U12", 3);
    entries_and_substitute(b, &base, event, u14);
    for last in ["Abel", "Berg", "Cordes", "Dahl", "Engel", "Fink"] {
        register(b, u14, last, 2012);
    }
    // Every one of them is registered (a side effect): the last is Jost.
    let registered: Vec<_> = ["Gold", "Haas", "Ilg", "Jost"]
        .iter()
        .map(|last| register(b, u12, last, 2014))
        .collect();
    let jost = registered.last().copied().expect("Jost");
    tribunal(b, &base, event);
    protest_appeal_and_expulsion(b, server, &base, event, u12, jost);

    // U14, one round: the three white players win and share first place after every
    // tie-break; the Stichkampf decides.
    ok(b, &format!("/api/sections/{u14}/pair"), json!({}));
    ok(
        b,
        &format!("/api/sections/{u14}/rounds/1/publish"),
        json!({}),
    );
    results(b, server, u14, 1, "1-0");
    let order = stichkampf(b, &base, event, u14);
    assert_eq!(order.len(), 3, "{order:?}");
    let mut sorted = order.clone();
    sorted.sort();
    assert_eq!(order, sorted, "the alphabet won every game");
    let champion = b.text("#champion-U14");
    assert!(
        champion.contains("Rheinland-Pfalz-Meister U14 2026"),
        "{champion}"
    );
    assert!(champion.contains(&order[0]), "{champion}");
    let u14_open = b.js(
        "return [...document.querySelectorAll('#qualification-table tr')]\
            .some(tr => tr.cells[0] && tr.cells[0].textContent === 'U14' && tr.querySelector('.status-missing'));",
        json!([]),
    );
    assert_eq!(u14_open, json!(false), "no open tie left in U14");
    assert!(b.text(".qualified-U14").contains(&order[0]));
    let csv = b.fetch(&format!("/events/{event}/dem.csv"));
    assert!(csv.contains(&format!("U14,1,\"{}\"", order[0])), "{csv}");
    let audit = b.fetch("/audit?lang=de");
    for action in [
        "Anmeldung",
        "Turniergericht gewählt",
        "Protest oder Widerspruch",
        "Strafe",
        "Stichkampf",
    ] {
        assert!(audit.contains(action), "audit: {action}");
    }
}

#[test]
fn h18_browser_director_runs_the_championship_administration() {
    run_scenario("championship_admin", Backend::Sqlite, scenario);
}
