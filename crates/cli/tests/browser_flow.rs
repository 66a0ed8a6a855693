//! Fast result entry on the round page in headless Chromium (#14 item 5; see `browser.rs` for
//! the setup), on SQLite.
//!
//! A section of twenty players is set up through the JSON API (from inside the logged-in page),
//! round 1 (ten boards) is paired and published; the director then enters the ten results with
//! one key per board on the German round page, undoes the last entry with Backspace and types it
//! again, and pairs round 2 with one more key (Enter on the focused next step). The stored
//! results are read back from the JSON API.

mod common;

use common::{Backend, Browser, Server, get_json, run_scenario};
use serde_json::{Value, json};

/// The key of each board and the result it stands for.
const KEYS: [(&str, &str); 10] = [
    ("1", "1-0"),
    ("0", "0-1"),
    ("=", "1/2-1/2"),
    ("r", "1/2-1/2"),
    ("+", "+/-"),
    ("-", "-/+"),
    ("1", "1-0"),
    ("0", "0-1"),
    ("=", "1/2-1/2"),
    ("1", "1-0"),
];

const BACKSPACE: &str = "\u{E003}";
const ENTER: &str = "\u{E007}";

/// One key press (down and up) on whatever has the focus, as a person types it.
fn press(b: &Browser, key: &str) {
    b.cmd(
        "POST",
        "actions",
        json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}
        ]}]}),
    )
    .unwrap_or_else(|e| panic!("press {key:?}: {e}"));
}

/// Sets up the section through the API from inside the page; returns its id.
fn twenty_players_paired(b: &Browser) -> i64 {
    let script = r#"
        const done = arguments[arguments.length - 1];
        const csrf = document.querySelector('input[name=csrf]').value;
        const post = (path, body) => fetch(path, {
            method: 'POST',
            headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
            body: JSON.stringify(body),
        }).then(r => r.json());
        (async () => {
            const ev = await post('/api/events', {name: 'Schnellerfassung 2026', place: 'Mainz', start_date: '2026-06-12'});
            const sec = await post(`/api/events/${ev.id}/sections`, {name: 'Open', rounds: 3, system: 'swiss', tiebreaks: 'BH,SB'});
            for (let i = 0; i < 20; i++) {
                await post(`/api/sections/${sec.id}/players`, {last_name: `Spieler${String(i).padStart(2, '0')}`,
                    first_name: 'Test', elo: String(2200 - 20 * i), federation: 'GER', sex: 'm'});
            }
            await post(`/api/sections/${sec.id}/pair`, {});
            await post(`/api/sections/${sec.id}/rounds/1/publish`, {});
            return sec.id;
        })().then(done, e => done('ERROR ' + e));
    "#;
    let id = b
        .cmd(
            "POST",
            "execute/async",
            json!({"script": script, "args": []}),
        )
        .expect("set-up script");
    id.as_i64()
        .unwrap_or_else(|| panic!("section set up: {id}"))
}

/// The results of round `n` as the JSON API has them, board by board.
fn stored(server: &Server, section: i64, n: u32) -> Vec<String> {
    let round = get_json(&server.addr, &format!("/api/sections/{section}/rounds/{n}"));
    round["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| g["result"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn wait_count(b: &Browser, count: &str) {
    b.wait_js(
        &format!("return document.getElementById('results-count').textContent === '{count}';"),
        &format!("the counter {count}"),
    );
}

fn focused_board(b: &Browser) -> Value {
    b.js(
        "return document.activeElement.dataset ? document.activeElement.dataset.board || document.activeElement.id : null;",
        json!([]),
    )
}

fn scenario(b: &Browser, server: &Server, _dir: &std::path::Path) {
    let base = format!("http://{}", server.addr);
    b.go(&format!("{base}/login?lang=de"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", &server.password);
    b.submit("#login-submit");
    let section = twenty_players_paired(b);
    let round = format!("{base}/sections/{section}/rounds/1");
    b.go(&format!("{round}?lang=de"));
    assert_eq!(b.text("#results-count"), "0/10");
    assert_eq!(focused_board(b), json!("1"), "the cursor starts on board 1");

    let mut presses = 0;
    for (i, (key, _)) in KEYS.iter().enumerate() {
        press(b, key);
        presses += 1;
        wait_count(b, &format!("{}/10", i + 1));
    }
    b.wait_js(
        "return document.activeElement.id === 'next-round';",
        "the focus on the next step",
    );
    let expected: Vec<&str> = KEYS.iter().map(|(_, r)| *r).collect();
    assert_eq!(
        stored(server, section, 1),
        expected,
        "ten keys, ten results"
    );
    let audit = b.fetch("/audit");
    assert!(audit.contains("Ergebnis"), "results are audited");

    // Backspace undoes the last entry: board 10 is open again, the cursor back on it.
    press(b, BACKSPACE);
    wait_count(b, "9/10");
    b.wait_js(
        "return document.activeElement.dataset.board === '10' && document.activeElement.dataset.result === '*';",
        "board 10 open again",
    );
    let mut undone = expected.clone();
    undone[9] = "*";
    assert_eq!(
        stored(server, section, 1),
        undone,
        "undo restores the previous state"
    );
    assert_eq!(
        b.js(
            "return document.getElementById('next-round-form').hidden;",
            json!([])
        ),
        json!(true),
        "no next round while a result is missing"
    );
    press(b, "1");
    wait_count(b, "10/10");
    b.wait_js(
        "return document.activeElement.id === 'next-round';",
        "the focus on the next step again",
    );

    // One more key: Enter on the next step pairs round 2.
    press(b, ENTER);
    presses += 1;
    b.wait_url("/rounds/2");
    assert!(
        presses <= 11,
        "{presses} key presses for ten boards and the next step"
    );
    assert_eq!(stored(server, section, 1), expected);
    // Round 2 is a preview: the arbiter (this session) sees it, the public does not yet.
    let preview: Value =
        serde_json::from_str(&b.fetch(&format!("/api/sections/{section}/rounds/2"))).unwrap();
    assert_eq!(
        preview["boards"].as_array().map(Vec::len),
        Some(10),
        "round 2 is paired"
    );

    // The section's checklist: round 1 paired, published, complete, next round paired.
    b.go(&format!("{base}/sections/{section}?lang=de"));
    assert_eq!(b.text("#check-results-1"), "10/10");
    let row = b.text("#check-1");
    assert_eq!(row.matches('✓').count(), 3, "{row}");
}

#[test]
fn h14_05_ten_boards_by_ten_keys_with_undo_on_sqlite() {
    run_scenario("browser_flow", Backend::Sqlite, scenario);
}
