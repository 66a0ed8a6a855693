//! End-to-end test of the team pages of `arbiter serve` in headless Chromium (see
//! `browser.rs` for the setup), on SQLite and, with `ARBITER_TEST_POSTGRES`, PostgreSQL.
//!
//! The browser creates a team event (4er-U16, round robin), registers four teams, pairs round
//! 1, creates a captain account; the captain enters a lineup with a wrong board order and sees
//! the §10.9 message, the arbiter sees it too (English and German) and confirms; the arbiter
//! enters the match results board by board and checks the team standings against points
//! computed by hand: the team in the wrong order loses every board (§10.9).

mod common;

use common::{Backend, Browser, Server, get_json, http, run_scenario};
use serde_json::json;

const TEAMS: [&str; 4] = ["Alpha", "Bravo", "Charlie", "Delta"];

fn set_select(b: &Browser, id: &str, value: &str) {
    let found = b.js(
        "const e = document.getElementById(arguments[0]); if (!e) return false; e.value = arguments[1]; return e.value === arguments[1];",
        json!([id, value]),
    );
    assert_eq!(found, json!(true), "select {id} = {value}");
}

fn wait_text(b: &Browser, id: &str, needle: &str) {
    let script = format!(
        "const e = document.getElementById({id:?}); return !!e && e.textContent.includes({needle:?});"
    );
    b.wait_js(&script, &format!("{needle} in #{id}"));
}

fn scenario(b: &Browser, server: &Server) {
    let base = format!("http://{}", server.addr);
    b.go(&format!("{base}/login?lang=en"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", &server.password);
    b.click("#login-submit");
    assert_eq!(b.text("#current-user"), "admin");

    b.go(&format!("{base}/"));
    b.fill("#event-name", "Mannschaftsmeisterschaft 2026");
    b.fill("#event-place", "Mainz");
    b.js(
        "document.getElementById('event-start').value = '2026-05-01';",
        json!([]),
    );
    b.click("#create-event");
    wait_text(b, "event-title", "Mannschaftsmeisterschaft 2026");

    b.fill("#team-section-name", "4er-U16");
    b.fill("#team-section-rounds", "3");
    set_select(b, "team-section-competition", "club_u16");
    set_select(b, "team-section-system", "round_robin");
    b.click("#create-team-section");
    wait_text(b, "teams-title", "4er-U16");
    let section: i64 = b
        .url()
        .trim_end_matches("/teams")
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("section id in the address");

    for (i, name) in TEAMS.iter().enumerate() {
        let players: Vec<String> = (0..5)
            .map(|k| format!("{name}{k}, P; {}", 1900 - 100 * i - 20 * k))
            .collect();
        b.fill("#team-name", name);
        b.fill("#team-players", &players.join("\n"));
        b.click("#register-team-submit");
        wait_text(b, &format!("team-{}", i + 1), name);
    }
    assert!(b.text("#squad-1").contains("substitute"));

    b.click("#team-pair");
    b.wait_url(&format!("/sections/{section}/teams/rounds/1"));
    // Berger round 1: teams 1-4 and 2-3.
    wait_text(b, "match-1", "Alpha");
    wait_text(b, "match-1", "Delta");
    // A preview until published: the public sees nothing of it (issue 21).
    let (status, _) = http(
        &server.addr,
        "GET",
        &format!("/api/sections/{section}/teams/rounds/1"),
        None,
    )
    .unwrap();
    assert_eq!(
        status, 404,
        "the public does not see an unpublished team round"
    );
    b.click("#team-publish");
    b.wait_js(
        "return !document.getElementById('preview-note');",
        "team round 1 published",
    );
    let public = get_json(
        &server.addr,
        &format!("/api/sections/{section}/teams/rounds/1"),
    );
    assert_eq!(public["published"], true);

    // A captain for Alpha, created on the users page.
    let teams = get_json(&server.addr, &format!("/api/sections/{section}/teams"));
    let alpha_id = teams["teams"][0]["id"].as_i64().unwrap().to_string();
    b.go(&format!("{base}/users"));
    b.fill("#user-name", "cap-alpha");
    b.fill("#user-password", "captain-password");
    set_select(b, "user-role", "captain");
    set_select(b, "user-team", &alpha_id);
    b.click("#user-create");
    wait_text(b, "users", "cap-alpha");
    log_in(b, &base, "cap-alpha", "captain-password");
    assert_eq!(b.text("#current-user"), "cap-alpha");

    // The captain lines Alpha up: the second player on board 1, the first on board 2 (§10.9).
    // Delta's lineup is not the captain's to enter.
    b.go(&format!("{base}/sections/{section}/teams/rounds/1"));
    wait_text(b, "match-1", "Alpha");
    assert_eq!(
        b.js(
            "return document.getElementById('lineup-form-4') === null;",
            json!([])
        ),
        json!(true)
    );
    set_select(b, "lineup-1-board-1", "102");
    set_select(b, "lineup-1-board-2", "101");
    b.click("#lineup-submit-1");
    wait_text(b, "lineup-violations-1", "SJRP §10.9");
    wait_text(b, "lineup-1", "awaiting the arbiter");

    // The arbiter sees the violation with its paragraph before the round and confirms.
    log_in(b, &base, "admin", &server.password);
    b.go(&format!("{base}/sections/{section}/teams/rounds/1"));
    wait_text(b, "lineup-violations-1", "SJRP §10.9");
    b.click("#confirm-lineup-1");
    wait_text(b, "lineup-1", "(confirmed)");
    assert!(
        b.text("#lineup-violations-1")
            .contains("Alpha1, P sits ahead of Alpha0, P")
    );
    b.go(&format!("{base}/sections/{section}/teams/rounds/1?lang=de"));
    wait_text(
        b,
        "lineup-violations-1",
        "Brett 1: Alpha1, P sitzt vor Alpha0, P",
    );
    b.go(&format!("{base}/sections/{section}/teams/rounds/1?lang=en"));

    for m in 1..=2 {
        for board in 1..=4 {
            set_select(b, &format!("result-{m}-board-{board}"), "½-½");
        }
        b.click(&format!("#result-submit-{m}"));
        wait_text(b, &format!("match-status-{m}"), "confirmed");
    }
    // Alpha's boards are all lost (§10.9 from board 1): 0-4 whatever was played.
    let alpha_home = b.text("#match-1 h2").starts_with("Alpha");
    let expected = if alpha_home { "0 : 4" } else { "4 : 0" };
    assert_eq!(b.text("#match-score-1"), expected);

    b.go(&format!("{base}/sections/{section}/teams/standings"));
    wait_text(b, "team-standings-title", "4er-U16");
    // By hand: Delta 2 MP 4 BP, Bravo and Charlie 1 MP 2 BP, Alpha 0.
    let cells = |team: usize| -> Vec<String> {
        b.text(&format!("#team-rank-{team}"))
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    let delta = cells(4);
    assert_eq!(delta[0], "1.");
    assert_eq!(&delta[2..5], ["Delta", "2.00", "4.00"]);
    let alpha = cells(1);
    assert_eq!(&alpha[2..5], ["Alpha", "0.00", "0.00"]);
    assert_eq!(alpha[0], "4.");
    let bravo = cells(2);
    assert_eq!(&bravo[2..5], ["Bravo", "1.00", "2.00"]);
    assert!(b.text("#team-crosstable").contains("Delta"));
    // Delta's boards were won by §10.9 only: no win at the board, no board leader (issue 21).
    let leaders = b.text("#board-leaders");
    assert!(
        !leaders.contains("Delta") && leaders.contains("Bravo0, P"),
        "{leaders}"
    );
    // The forfeit marks: Alpha's boards lost by §10.9 read `-+`/`+-`, not `0-1`/`1-0`.
    b.go(&format!("{base}/sections/{section}/teams/rounds/1"));
    wait_text(b, "match-1", "Alpha");
    let boards = b.text("#boards-1");
    assert!(boards.contains("-+") || boards.contains("+-"), "{boards}");
    b.go(&format!("{base}/sections/{section}/teams/standings"));

    let api = get_json(
        &server.addr,
        &format!("/api/sections/{section}/teams/standings"),
    );
    assert_eq!(api["rows"][0]["name"], "Delta");
    assert_eq!(api["rows"][0]["values"][1], "4.00");
}

/// Logs the current user out and `user` in, waiting for each page change (a click only starts
/// the navigation).
fn log_in(b: &Browser, base: &str, user: &str, password: &str) {
    b.click("#logout");
    b.wait_js(
        "return !document.getElementById('current-user');",
        "the page after logging out",
    );
    b.go(&format!("{base}/login"));
    b.fill("#login-user", user);
    b.fill("#login-password", password);
    b.click("#login-submit");
    b.wait_js(
        &format!(
            "const u = document.getElementById('current-user'); return !!u && u.textContent === {user:?};"
        ),
        "the page after logging in",
    );
}

#[test]
fn browser_team_event_on_sqlite() {
    run_scenario("browser_team", Backend::Sqlite, |b, server, _| {
        scenario(b, server)
    });
}

#[test]
fn browser_team_event_on_postgres() {
    run_scenario("browser_team", Backend::Postgres, |b, server, _| {
        scenario(b, server)
    });
}
