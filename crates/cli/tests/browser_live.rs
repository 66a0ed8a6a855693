//! Live games in headless Chromium (issue #15 items 1-3; see `browser.rs` for the setup), on
//! SQLite and PostgreSQL.
//!
//! The arbiter sets up a published round through the JSON API, prints the board codes and
//! opens a board's device page by its code (German): the clock is started, a move is tapped,
//! one typed in German notation, a draw offered; the dashboard shows the board with the open
//! offer; White resigns on the device, the dashboard proposes 0-1 and the arbiter confirms it
//! into the round's results; the live boards page shows the moves.

mod common;

use common::{Backend, Browser, Server, get_json, run_scenario};
use serde_json::{Value, json};

/// Sets up a section of four players with round 1 published through the API, from inside the
/// logged-in page; opens the live game of board 1 with a rapid time control. The section id.
fn published_round(b: &Browser) -> i64 {
    let script = r#"
        const done = arguments[arguments.length - 1];
        const csrf = document.querySelector('input[name=csrf]').value;
        const post = (path, body) => fetch(path, {
            method: 'POST',
            headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
            body: JSON.stringify(body),
        }).then(r => r.json());
        (async () => {
            const ev = await post('/api/events', {name: 'Live 2026', place: 'Mainz', start_date: '2026-06-12'});
            const sec = await post(`/api/events/${ev.id}/sections`, {name: 'Open', rounds: 3, system: 'swiss', tiebreaks: 'BH'});
            for (let i = 0; i < 4; i++) {
                await post(`/api/sections/${sec.id}/players`, {last_name: `Spieler${i}`,
                    first_name: 'Test', elo: String(2200 - 20 * i), federation: 'GER', sex: 'm'});
            }
            await post(`/api/sections/${sec.id}/pair`, {});
            await post(`/api/sections/${sec.id}/rounds/1/publish`, {});
            const round = await fetch(`/api/sections/${sec.id}/rounds/1`).then(r => r.json());
            await post(`/api/games/${round.boards[0].game}/live`, {time_control: '600+5'});
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

/// Clicks the element at `css` from inside the page (the board is redrawn at every re-sync).
fn tap(b: &Browser, css: &str) {
    let found = b.js(
        "const e = document.querySelector(arguments[0]); if (!e) return false; e.click(); return true;",
        json!([css]),
    );
    assert_eq!(found, json!(true), "{css}");
}

fn wait_text(b: &Browser, css: &str, text: &str) {
    b.wait_js(
        &format!(
            "const e = document.querySelector({css:?}); return !!e && e.textContent.includes({text:?});"
        ),
        &format!("{css} showing {text:?}"),
    );
}

fn scenario(b: &Browser, server: &Server, _dir: &std::path::Path) {
    let base = format!("http://{}", server.addr);
    b.go(&format!("{base}/login?lang=de"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", &server.password);
    b.submit("#login-submit");
    let section = published_round(b);
    let round = format!("{base}/sections/{section}/rounds/1");

    // The arbiter prints the codes; the device opens board 1 by its code.
    b.go(&format!("{round}/board-codes?lang=de"));
    b.submit("#codes-make");
    b.wait_js(
        "return document.querySelectorAll('.board-code').length === 2;",
        "two board codes",
    );
    let code = b.text("#code-1 .board-code");
    b.go(&format!("{base}/play/{code}?lang=de"));
    b.wait_js(
        "return !document.getElementById('start-clock').hidden;",
        "the start button",
    );
    tap(b, "#start-clock");
    b.wait_js(
        "return document.getElementById('start-clock').hidden;",
        "the clock started",
    );
    // A tapped move (the clock pressed after it), then one typed in German notation.
    tap(b, "[data-square=e2]");
    tap(b, "[data-square=e4]");
    wait_text(b, "#record", "e4");
    b.wait_js(
        "return document.getElementById('live-status').textContent.includes('Schwarz am Zug');",
        "black to move",
    );
    b.fill("#move-text", "Sf6");
    tap(b, "#move-send");
    wait_text(b, "#record", "Sf6");
    b.js(
        "document.getElementById('actions-black').open = true;",
        json!([]),
    );
    tap(b, "#black-offer");
    wait_text(b, "#live-status", "Remisangebot von Schwarz");
    wait_text(b, "#rulings", "9.1.2.1");

    // The dashboard shows the board with the open offer.
    b.go(&format!("{round}/live?lang=de"));
    wait_text(b, "#dash-1", "Remisangebot von Schwarz");

    // White resigns on the device; the dashboard proposes 0-1, the arbiter confirms it.
    b.go(&format!("{base}/play/{code}?lang=de"));
    wait_text(b, "#record", "Sf6");
    b.js(
        "window.confirm = () => true; document.getElementById('actions-white').open = true;",
        json!([]),
    );
    tap(b, "#white-resign");
    wait_text(b, "#live-status", "Ergebnis: 0-1");
    b.go(&format!("{round}/live?lang=de"));
    b.wait_js(
        "return !!document.querySelector('#dash-1 .confirm-result');",
        "the proposed result",
    );
    tap(b, "#dash-1 .confirm-result");
    wait_text(b, "#dash-1 .dash-entered", "0-1");
    let stored: Value = get_json(&server.addr, &format!("/api/sections/{section}/rounds/1"));
    assert_eq!(stored["boards"][0]["result"], "0-1", "{stored}");

    // The live boards page (the arbiter sees it without the delay) shows the moves.
    b.go(&format!("{round}/boards?lang=de"));
    wait_text(b, "#pub-1", "Sf6");
}

#[test]
fn h15_browser_device_dashboard_and_live_boards_on_sqlite() {
    run_scenario("browser_live", Backend::Sqlite, scenario);
}

#[test]
fn h15_browser_device_dashboard_and_live_boards_on_postgres() {
    run_scenario("browser_live", Backend::Postgres, scenario);
}
