//! Live games in headless Chromium: the acceptance scenario of issue #15 (see `browser.rs` for
//! the setup), on SQLite and PostgreSQL, all pages in German.
//!
//! The arbiter publishes round 1 of a four-player section, prints the board codes and keeps the
//! round's live dashboard open; two board devices (tabs of the same browser) open boards 1 and
//! 2 by their codes. On board 1 a rapid game (15 min + 10 s, unsupervised, Appendix A.5) is
//! played on the device by taps and typed moves: White's king goes e1-e3 (an illegal move,
//! claimed by Black: the position is reinstated, time for Black); the king is the touched
//! piece, so Nf3 is refused (touch-move; the device does not press the clock after it) and Ke2
//! played; Black offers a draw, which lapses when White moves; Black claims a threefold
//! repetition with the written move Sf6 — incorrect: White gets time and Black must play Sf6; after the knights went back and forth Black claims again
//! with Sf6, correctly: drawn. On board 2 the arbiter opened the game (supervised) from a
//! position where Black has a lone king and White ten seconds; White's flag falls and Black
//! claims it: drawn, Black cannot checkmate (Art. 6.9). The dashboard shows every ruling in German with its
//! article; the arbiter confirms both results into the round. The organiser sets the public
//! delay of the section to 0 and, logged out, the public live boards show the moves.
//!
//! Screenshots of the device, the dashboard and the section's settings (with the public delay)
//! at 1280 and 360 px go to `target/screenshots/` (`live_device_de_1280.png`, ...; the README's
//! hall set-up shows the first two).

mod common;

use std::path::{Path, PathBuf};

use common::{Backend, Browser, Server, get_json, run_scenario};
use serde_json::{Value, json};

/// Black's lone king against king and rook, White to move (board 2).
const LONE_KING: &str = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

/// Sets up a section of four players with round 1 published through the API, from inside the
/// logged-in page; opens the live game of board 1 with a rapid time control and of board 2 from
/// [`LONE_KING`] with ten seconds. The section id.
fn published_round(b: &Browser) -> i64 {
    let script = r#"
        const done = arguments[arguments.length - 1];
        const start = arguments[0];
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
            await post(`/api/games/${round.boards[0].game}/live`, {time_control: '900+10', profile: 'fide-2023'});
            await post(`/api/games/${round.boards[1].game}/live`, {start, time_control: '10', profile: 'fide-2023', supervision: 'supervised'});
            return sec.id;
        })().then(done, e => done('ERROR ' + e));
    "#;
    let id = b
        .cmd(
            "POST",
            "execute/async",
            json!({"script": script, "args": [LONE_KING]}),
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

/// A new tab, left open in the background; its WebDriver handle.
fn new_tab(b: &Browser) -> String {
    let v = b
        .cmd("POST", "window/new", json!({"type": "tab"}))
        .expect("a new tab");
    v["handle"].as_str().expect("the tab's handle").to_owned()
}

/// Brings the tab `handle` to the front.
fn switch(b: &Browser, handle: &str) {
    b.cmd("POST", "window", json!({ "handle": handle }))
        .expect("switch tabs");
}

fn current_tab(b: &Browser) -> String {
    b.cmd("GET", "window", Value::Null)
        .expect("the current tab")
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Plays a move on the device by tapping its squares (the clock pressed after it).
fn tap_move(b: &Browser, from: &str, to: &str) {
    tap(b, &format!("[data-square={from}]"));
    tap(b, &format!("[data-square={to}]"));
}

/// Plays a move on the device by typing it (the clock pressed after it); waits for the
/// scoresheet to show `shown`.
fn type_move(b: &Browser, text: &str, shown: &str) {
    let before = b.js(
        "return document.querySelectorAll('#record span').length;",
        json!([]),
    );
    b.fill("#move-text", text);
    tap(b, "#move-send");
    b.wait_js(
        &format!(
            "const s = document.querySelectorAll('#record span'); return s.length > {before} && s[s.length - 1].textContent === {shown:?};"
        ),
        &format!("{text} on the scoresheet"),
    );
}

/// Waits until the device's side to move is `side` (German).
fn to_move(b: &Browser, side: &str) {
    wait_text(b, "#live-status", &format!("{side} am Zug"));
}

/// Opens the offers and claims of `side` on the device.
fn open_actions(b: &Browser, side: &str) {
    b.js(
        "document.getElementById(`actions-${arguments[0]}`).open = true; return true;",
        json!([side]),
    );
}

/// Fills the dashboard's form of the arbiter's events on `board` (`kind` first, so that its
/// fields show) and sends it.
fn arbiter_form(b: &Browser, board: &str, fields: Value) {
    b.js(
        "const f = document.querySelector(`${arguments[0]} .dash-event`);
         for (const [name, value] of Object.entries(arguments[1])) {
           f.elements[name].value = value;
           f.elements[name].dispatchEvent(new Event('change'));
         }
         f.requestSubmit();
         return true;",
        json!([board, fields]),
    );
}

fn auto_press(b: &Browser, on: bool) {
    b.js(
        "document.getElementById('auto-press').checked = arguments[0]; return true;",
        json!([on]),
    );
}

/// `target/screenshots`, created.
fn screenshots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots");
    std::fs::create_dir_all(&dir).expect("target/screenshots");
    dir
}

/// Screenshots of the current page at desktop and phone width (`live_{name}_de_{width}.png`),
/// from its top with the actions folded.
fn shoot(b: &Browser, name: &str, ready: &str) {
    for (width, height) in [(1280, 900), (360, 760)] {
        b.viewport(width, height).expect("viewport");
        b.js(
            "if (document.activeElement) document.activeElement.blur();
             for (const d of document.querySelectorAll('details')) d.open = false;
             window.scrollTo(0, 0); return true;",
            json!([]),
        );
        b.wait_js(ready, "the page redrawn");
        std::thread::sleep(std::time::Duration::from_millis(300));
        let to = screenshots().join(format!("live_{name}_de_{width}.png"));
        b.screenshot(&to).expect("screenshot");
    }
    b.cmd(
        "POST",
        "goog/cdp/execute",
        json!({"cmd": "Emulation.clearDeviceMetricsOverride", "params": {}}),
    )
    .expect("viewport reset");
}

fn scenario(b: &Browser, server: &Server, _dir: &Path) {
    let base = format!("http://{}", server.addr);
    b.go(&format!("{base}/login?lang=de"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", &server.password);
    b.submit("#login-submit");
    let section = published_round(b);
    let round = format!("{base}/sections/{section}/rounds/1");

    // The arbiter prints the codes and keeps the dashboard open; two devices open their boards.
    b.go(&format!("{round}/board-codes?lang=de"));
    b.submit("#codes-make");
    b.wait_js(
        "return document.querySelectorAll('.board-code').length === 2;",
        "two board codes",
    );
    let code1 = b.text("#code-1 .board-code");
    let code2 = b.text("#code-2 .board-code");
    b.go(&format!("{round}/live?lang=de"));
    wait_text(b, "#dash-2", "nicht begonnen");
    let dashboard = current_tab(b);
    let device1 = new_tab(b);
    switch(b, &device1);
    b.go(&format!("{base}/play/{code1}?lang=de"));
    let device2 = new_tab(b);
    switch(b, &device2);
    b.go(&format!("{base}/play/{code2}?lang=de"));

    // Board 2: the clock starts with ten seconds for White, who has king and rook.
    b.wait_js(
        "return !document.getElementById('start-clock').hidden;",
        "the start button on board 2",
    );
    tap(b, "#start-clock");
    let flag_from = std::time::Instant::now();

    // Board 1: a rapid game.
    switch(b, &device1);
    b.wait_js(
        "return !document.getElementById('start-clock').hidden;",
        "the start button on board 1",
    );
    tap(b, "#start-clock");
    b.wait_js(
        "return document.getElementById('start-clock').hidden;",
        "the clock started",
    );
    tap_move(b, "e2", "e4");
    to_move(b, "Schwarz");
    type_move(b, "e5", "e5");
    to_move(b, "Weiß");
    // An illegal move, completed by the press; Black claims it before moving (A.5.2).
    tap_move(b, "e1", "e3");
    wait_text(b, "#rulings", "Weiß hat einen regelwidrigen Zug vollendet");
    open_actions(b, "black");
    tap(b, "#black-claim-illegal");
    wait_text(
        b,
        "#rulings",
        "1 Minute Bedenkzeit für Schwarz hinzugefügt — Anhang A.3",
    );
    wait_text(
        b,
        "#rulings",
        "Berührt – geführt: Weiß muss einen dieser Züge ausführen: Ke1-e2 — Art. 4.3",
    );
    // Touch-move: the king was touched, so the knight may not move; the device does not press
    // the clock after the refused move (that would be a press without a move, 7.5.3).
    tap_move(b, "g1", "f3");
    wait_text(b, "#rulings", "Der Zug von Weiß ist nicht zulässig");
    to_move(b, "Weiß");
    type_move(b, "Ke2", "Ke2");
    let counted = b.text("#rulings");
    assert!(
        !counted.contains("7.5.3"),
        "no press without a move: {counted}"
    );
    // Black moves, offers a draw and presses the clock (Art. 9.1.2.1); White's move ends it.
    auto_press(b, false);
    type_move(b, "Sc6", "Sc6");
    tap(b, "#black-offer");
    wait_text(b, "#live-status", "Remisangebot von Schwarz");
    tap(b, "#press");
    to_move(b, "Weiß");
    auto_press(b, true);
    tap_move(b, "g1", "f3");
    wait_text(b, "#rulings", "Das Remisangebot von Schwarz ist erloschen");
    // An incorrect threefold claim with the written move: the move is played.
    to_move(b, "Schwarz");
    b.fill("#black-written", "Sf6");
    tap(b, "#black-claim-draw");
    wait_text(b, "#rulings", "Die Reklamation von Schwarz wird abgewiesen");
    wait_text(
        b,
        "#rulings",
        "Schwarz muss den notierten Zug Sg8-f6 ausführen — Art. 9.5.2",
    );
    wait_text(
        b,
        "#rulings",
        "1 Minute Bedenkzeit für Weiß hinzugefügt — Anhang A.3",
    );
    type_move(b, "Sf6", "Sf6");
    // White claims a touch-move on a square that was empty before Black's move: refused,
    // nothing changes (Art. 4.3 needs a touched piece).
    to_move(b, "Weiß");
    open_actions(b, "white");
    b.fill("#white-touched", "a5");
    tap(b, "#white-claim-touch");
    wait_text(b, "#live-ruling", "auf a5 steht keine Figur");
    // The knights go back and forth; the third time Black claims with the written move.
    to_move(b, "Weiß");
    for knight in ["Sg1", "Sg8", "Sf3", "Sf6", "Sg1", "Sg8", "Sf3"] {
        type_move(b, knight, knight);
    }
    to_move(b, "Schwarz");
    b.fill("#black-written", "Sf6");
    tap(b, "#black-claim-draw");
    wait_text(b, "#live-status", "Ergebnis: ½-½ — Art. 9.2.2");
    wait_text(b, "#rulings", "Die Partie ist beendet: ½-½ — Art. 9.2.2");
    shoot(
        b,
        "device",
        "return document.querySelectorAll('#board .sq').length === 64;",
    );

    // Board 2: White's flag has fallen; Black claims it. Black cannot checkmate: drawn.
    switch(b, &device2);
    let left = std::time::Duration::from_secs(11).saturating_sub(flag_from.elapsed());
    std::thread::sleep(left);
    open_actions(b, "black");
    tap(b, "#black-claim-flag");
    wait_text(
        b,
        "#rulings",
        "Zeitüberschreitung von Weiß vor dem ersten eigenen Zug — Art. 6.9",
    );
    wait_text(b, "#live-status", "Ergebnis: ½-½ — Art. 6.9");

    // The dashboard shows every ruling in German with its article; the arbiter confirms.
    switch(b, &dashboard);
    for text in [
        "Weiß hat einen regelwidrigen Zug vollendet; der Gegner kann ihn vor seinem Zug reklamieren — Anhang A.5.2",
        "Wiederhergestellt: die Stellung nach dem 1. Zug von Schwarz — Art. 7.5.1",
        "Weiß hat 1 regelwidrigen Zug vollendet — Art. 7.5.1",
        "1 Minute Bedenkzeit für Schwarz hinzugefügt — Anhang A.3",
        "Berührt – geführt: Weiß muss einen dieser Züge ausführen: Ke1-e2 — Art. 4.3",
        "Der Zug von Weiß ist nicht zulässig: berührt – geführt bzw. der notierte Zug bindet — Art. 4.3",
        "Remisangebot von Schwarz — Art. 9.1.2.1",
        "Das Remisangebot von Schwarz ist erloschen — Art. 9.1.2.1",
        "Die Reklamation von Schwarz wird abgewiesen: die Reklamation ist unzutreffend — Art. 9.5.2",
        "Remisangebot von Schwarz — Art. 9.1.2.3",
        "Die Partie ist beendet: ½-½ — Art. 9.2.2",
    ] {
        wait_text(b, "#dash-1 .rulings", text);
    }
    for text in [
        "Zeitüberschreitung von Weiß vor dem ersten eigenen Zug — Art. 6.9",
        "Die Partie ist beendet: ½-½ — Art. 6.9",
    ] {
        wait_text(b, "#dash-2 .rulings", text);
    }
    // A finished game's clock is not restarted; the arbiter's own event is entered by the
    // form (here a warning to White, Art. 12.9.1), not typed as JSON.
    let quick = b.js(
        "return document.querySelectorAll('#dash-1 [data-arbiter]').length;",
        json!([]),
    );
    assert_eq!(quick, json!(0), "no clock buttons for a finished game");
    arbiter_form(
        b,
        "#dash-1",
        json!({"kind": "penalty", "color": "white", "penalty": "warning"}),
    );
    wait_text(
        b,
        "#dash-1 .rulings",
        "Strafe gegen Weiß: Verwarnung — Art. 12.9.1",
    );
    arbiter_form(
        b,
        "#dash-1",
        json!({"kind": "misconduct", "color": "black", "conduct": "distraction"}),
    );
    // A conduct of Art. 11 reported after the end: the player is a spectator (Art. 11.4).
    wait_text(
        b,
        "#dash-1 .rulings",
        "Schwarz gilt als Zuschauer; das Ergebnis bleibt, eine Strafe nach Art. 12.9 verhängt der Schiedsrichter — Art. 11.4",
    );
    let shown = b.text("#dashboard-boards");
    assert!(
        !shown.contains('{') && !shown.contains("Fide2023") && !shown.contains(" added "),
        "{shown}"
    );
    shoot(
        b,
        "dashboard",
        "const form = document.querySelector('#dash-2 .dash-event details');
         if (form) form.open = true;
         return document.querySelectorAll('.dash-card').length === 2;",
    );
    for board in ["#dash-1", "#dash-2"] {
        b.wait_js(
            &format!("return !!document.querySelector('{board} .confirm-result');"),
            "the proposed result",
        );
        tap(b, &format!("{board} .confirm-result"));
        wait_text(b, &format!("{board} .dash-entered"), "½-½");
    }
    let stored: Value = get_json(&server.addr, &format!("/api/sections/{section}/rounds/1"));
    for board in 0..2 {
        assert_eq!(stored["boards"][board]["result"], "1/2-1/2", "{stored}");
    }

    // The organiser shows the moves to the public at once; a spectator (logged out) sees them.
    b.go(&format!("{base}/sections/{section}/settings?lang=de"));
    shoot(
        b,
        "settings",
        "return !!document.getElementById('settings-public-delay');",
    );
    b.fill("#settings-public-delay", "0");
    b.submit("#settings-save");
    // A second round to watch live: its board 1 gets a device code for the pushes below.
    let (watched, game, code) = watched_round(b);
    b.go(&format!("{round}/live?lang=de"));
    b.submit("#logout");
    b.go(&format!("{round}/boards?lang=de"));
    wait_text(b, "#pub-1", "Ke2");
    wait_text(b, "#pub-1", "Sf6");
    wait_text(b, "#pub-2", "Ergebnis: ½-½");
    let delay = b.js(
        "return document.getElementById('live-delay') === null;",
        json!([]),
    );
    assert_eq!(delay, json!(true), "no delay announced with 0 minutes");

    // Moves played while the spectator watches arrive pushed (`update` events of the stream).
    b.go(&format!(
        "{base}/sections/{watched}/rounds/1/boards?lang=de"
    ));
    wait_text(b, "#pub-1", "nicht begonnen");
    for event in [
        json!({"event": "start_clock"}),
        json!({"event": "move", "by": "white", "move": "d4"}),
        json!({"event": "press", "by": "white"}),
        json!({"event": "move", "by": "black", "move": "Nf6"}),
    ] {
        device_event(b, game, &code, &event);
    }
    wait_text(b, "#pub-1", "Sf6");
    wait_text(b, "#pub-1", "d4");
    shoot(
        b,
        "public",
        "return document.querySelector('#pub-1 .record li') !== null;",
    );
}

/// A second section like [`published_round`] with the public delay 0 and a device code for
/// its board 1: the section, board 1's game and its code.
fn watched_round(b: &Browser) -> (i64, i64, String) {
    let section = published_round(b);
    let script = r#"
        const done = arguments[arguments.length - 1];
        const section = arguments[0];
        const csrf = document.querySelector('input[name=csrf]').value;
        const send = (method, path, body) => fetch(path, {
            method,
            headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
            body: JSON.stringify(body),
        }).then(r => r.json());
        (async () => {
            const settings = await fetch(`/api/sections/${section}/settings`).then(r => r.json());
            settings.public_delay = 0;
            await send('PUT', `/api/sections/${section}/settings`, settings);
            const round = await fetch(`/api/sections/${section}/rounds/1`).then(r => r.json());
            const game = round.boards[0].game;
            const made = await send('POST', `/api/games/${game}/board-code`, {});
            return [game, made.code];
        })().then(done, e => done('ERROR ' + e));
    "#;
    let made = b
        .cmd(
            "POST",
            "execute/async",
            json!({"script": script, "args": [section]}),
        )
        .expect("code script");
    let game = made[0]
        .as_i64()
        .unwrap_or_else(|| panic!("board code: {made}"));
    let code = made[1]
        .as_str()
        .unwrap_or_else(|| panic!("board code: {made}"));
    (section, game, code.to_owned())
}

/// Sends `event` to `game` as its board's device does (the board code, no session).
fn device_event(b: &Browser, game: i64, code: &str, event: &Value) {
    let script = r#"
        const done = arguments[arguments.length - 1];
        fetch(`/api/games/${arguments[0]}/events`, {
            method: 'POST',
            headers: {'Content-Type': 'application/json', 'X-Board-Code': arguments[1]},
            body: JSON.stringify(arguments[2]),
        }).then(r => done(r.status), e => done('ERROR ' + e));
    "#;
    let status = b
        .cmd(
            "POST",
            "execute/async",
            json!({"script": script, "args": [game, code, event]}),
        )
        .expect("device event");
    assert_eq!(status, json!(200), "{event}");
}

#[test]
fn h15_browser_acceptance_devices_dashboard_and_public_boards_on_sqlite() {
    run_scenario("browser_live", Backend::Sqlite, scenario);
}

#[test]
fn h15_browser_acceptance_devices_dashboard_and_public_boards_on_postgres() {
    run_scenario("browser_live", Backend::Postgres, scenario);
}
