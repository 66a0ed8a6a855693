//! End-to-end test of the team pages of `arbiter serve` in headless Chromium (see
//! `browser.rs` for the setup), on SQLite and, with `ARBITER_TEST_POSTGRES`, PostgreSQL.
//!
//! The browser creates a team event (4er-U16, round robin), registers four teams, pairs round
//! 1, creates a captain account; the captain enters a lineup with a wrong board order and sees
//! the §10.9 message, the arbiter sees it too (English and German) and confirms; the arbiter
//! enters the match results board by board and checks the team standings against points
//! computed by hand: the team in the wrong order loses every board (§10.9).
//!
//! Issue 21: registrations refused with their paragraph for age (§12.1 with §5.3), guests
//! (§12.1, §16.1), sex (§16.1) and the same player in two teams (§10.1), one registered over
//! the refusal with a reason; a round is a preview until published; forfeit marks on the round
//! page and in the crosstable; the exports re-read by our readers and `arbiter trf check`
//! (with every board's game in the DSB XML; `team_exports.rs` and the service tests check the
//! files in detail); a captain opening `/users` gets a 403 page; every team page fits 360 px.

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

    // Refused with the paragraph, nothing stored: a player too old for U16, a guest.
    let teams_page = format!("{base}/sections/{section}/teams");
    refused(
        b,
        &teams_page,
        "Echo",
        "Echo0, P; 1500; 2009-06-01\nEcho1, P\nEcho2, P\nEcho3, P",
        &["SJRP §12.1", "SJRP §5.3", "Echo0, P"],
    );
    refused(
        b,
        &teams_page,
        "Echo",
        "Echo0, P; 1500; ; ; SC Gast\nEcho1, P\nEcho2, P\nEcho3, P",
        &["SJRP §12.1", "another club"],
    );
    b.go(&teams_page);
    for (i, name) in TEAMS.iter().enumerate() {
        // Alpha0 with a birth date, for the double registration below.
        let players: Vec<String> = (0..5)
            .map(|k| {
                let born = if i + k == 0 { "; 2011-03-04" } else { "" };
                format!("{name}{k}, P; {}{born}", 1900 - 100 * i - 20 * k)
            })
            .collect();
        b.fill("#team-name", name);
        b.fill("#team-players", &players.join("\n"));
        b.click("#register-team-submit");
        wait_text(b, &format!("team-{}", i + 1), name);
    }
    assert!(b.text("#squad-1").contains("substitute"));
    assert!(b.text("#squad-1").contains("2011"), "birth year shown");
    // The same player in a second team: same name and birth year (§10.1, the DSJ rules).
    refused(
        b,
        &teams_page,
        "Echo",
        "Echo0, P\nEcho1, P\nalpha0,  p; ; 2011-03-04\nEcho3, P",
        &["SJRP §10.1", "Alpha, Echo"],
    );
    b.go(&teams_page);
    girls_section(b, &base, server, section);
    // Back to English (the phone check read the German page).
    b.go(&format!("{teams_page}?lang=en"));

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
    exports(b, section);
    round_two_forfeited(b, &base, section);
    // A captain is no admin: /users answers with a 403 page, not the login form.
    log_in(b, &base, "cap-alpha", "captain-password");
    b.go(&format!("{base}/users"));
    b.wait_js("return !!document.getElementById('error');", "the 403 page");
    assert!(b.text("#error").contains("for admins only"));
    assert_eq!(
        b.js(
            "return document.getElementById('login-user') === null;",
            json!([])
        ),
        json!(true)
    );
    log_in(b, &base, "admin", &server.password);
    for page in [
        format!("/sections/{section}/teams"),
        format!("/sections/{section}/teams/rounds/1"),
        format!("/sections/{section}/teams/rounds/2"),
        format!("/sections/{section}/teams/standings"),
    ] {
        fits_phone(b, &format!("{base}{page}?lang=de"));
    }
    b.click("#logout");
    b.wait_js(
        "return !document.getElementById('current-user');",
        "logged out",
    );
    for page in ["teams", "teams/rounds/2", "teams/standings"] {
        fits_phone(b, &format!("{base}/sections/{section}/{page}?lang=de"));
    }
    log_in_again(b, &base, &server.password);

    let api = get_json(
        &server.addr,
        &format!("/api/sections/{section}/teams/standings"),
    );
    // After round 2 Charlie (1 + 2 MP, 2 + 4 BP) leads Delta (2 MP, 4 BP).
    assert_eq!(api["rows"][0]["name"], "Charlie");
    assert_eq!(api["rows"][0]["values"][1], "6.00");
}

/// Submits a team registration and expects the refusal page naming `needles`.
fn refused(b: &Browser, teams_page: &str, name: &str, lines: &str, needles: &[&str]) {
    b.go(teams_page);
    b.fill("#team-name", name);
    b.fill("#team-players", lines);
    b.click("#register-team-submit");
    b.wait_js(
        "return !!document.getElementById('error');",
        "the refusal page",
    );
    let text = b.text("#error");
    for needle in needles {
        assert!(text.contains(needle), "{needle} in {text}");
    }
}

/// `url` at 360 px: the page is no wider than the screen.
fn fits_phone(b: &Browser, url: &str) {
    b.viewport(360, 800).unwrap();
    b.go(url);
    b.wait_js("return document.readyState === 'complete';", url);
    let width = b.js("return document.documentElement.scrollWidth;", json!([]));
    assert!(
        width.as_i64().is_some_and(|w| w <= 360),
        "{url} is {width} px wide at 360"
    );
    b.viewport(1366, 900).unwrap();
}

/// A 4er-U16w section (§16.1): a boy and two guests refused, the squad registered over the
/// refusal with a reason; the squad shows birth year, sex and the guest.
fn girls_section(b: &Browser, base: &str, server: &Server, section: i64) {
    let event = get_json(&server.addr, &format!("/api/sections/{section}"))["section"]["event"]
        .as_i64()
        .unwrap();
    b.go(&format!("{base}/events/{event}"));
    b.fill("#team-section-name", "4er-U16w");
    b.fill("#team-section-rounds", "3");
    set_select(b, "team-section-competition", "club_u16w");
    b.fill("#team-section-time-control", "1500+5");
    b.click("#create-team-section");
    wait_text(b, "teams-title", "4er-U16w");
    wait_text(b, "team-settings", "25");
    let page = b.url();
    let girls = "Gamma0, A; 1500; 2011-01-02; w\nGamma1, B; 1400; 2012-01-02; m\nGamma2, C; ; 2012-05-06; w\nGamma3, D; ; 2013-01-01; w";
    refused(
        b,
        &page,
        "Gamma",
        girls,
        &["SJRP §16.1", "Gamma1, B", "girls"],
    );
    let guests = "Gamma0, A; 1500; 2011-01-02; w; SC Gast\nGamma1, B; 1400; 2012-01-02; w; SV Gast\nGamma2, C; ; 2012-05-06; w\nGamma3, D; ; 2013-01-01; w";
    refused(
        b,
        &page,
        "Gamma",
        guests,
        &["SJRP §16.1", "2 players from another club, at most 1"],
    );
    b.go(&page);
    b.fill("#team-name", "Gamma");
    b.fill("#team-players", guests);
    b.fill(
        "#team-override",
        "Spielgemeinschaft, genehmigt vom Spielleiter",
    );
    b.click("#register-team-submit");
    wait_text(b, "squad-override-1", "Spielgemeinschaft");
    let squad = b.text("#squad-1");
    assert!(
        squad.contains("2011") && squad.contains("SC Gast") && !squad.contains("2011-01-02"),
        "{squad}"
    );
    fits_phone(b, &format!("{page}?lang=de"));
}

/// Round 2: the first match forfeited by its away team; the round page marks every board
/// `+-` and the crosstable `+4:0` / `-0:4`.
fn round_two_forfeited(b: &Browser, base: &str, section: i64) {
    b.go(&format!("{base}/sections/{section}/teams"));
    b.click("#team-pair");
    b.wait_url(&format!("/sections/{section}/teams/rounds/2"));
    b.click("#team-publish");
    b.wait_js(
        "return !document.getElementById('preview-note');",
        "team round 2 published",
    );
    set_select(b, "forfeit-1", "away");
    b.click("#result-submit-1");
    wait_text(b, "match-status-1", "confirmed");
    let scored = b.js(
        "return Array.from(document.querySelectorAll('#boards-1 tbody tr')).map(r => r.lastElementChild.textContent.trim());",
        json!([]),
    );
    assert_eq!(scored, json!(["+-", "+-", "+-", "+-"]), "the scored column");
    b.go(&format!("{base}/sections/{section}/teams/standings"));
    let cross = b.text("#team-crosstable");
    assert!(cross.contains("+4:0") && cross.contains("-0:4"), "{cross}");
}

/// The exports as the arbiter downloads them: the TRF passes `arbiter trf check`, the DSB
/// XML reads back with every board of round 1 as a game.
fn exports(b: &Browser, section: i64) {
    let trf = b.fetch(&format!("/sections/{section}/export.trf"));
    let dir = std::env::temp_dir().join(format!("arbiter-browser-team-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("teams.trf");
    std::fs::write(&path, &trf).unwrap();
    let (code, out, err) = testkit::run(
        env!("CARGO_BIN_EXE_arbiter"),
        ["trf".as_ref(), "check".as_ref(), path.as_os_str()],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("20 players") && out.contains("0 errors"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let xml = b.fetch(&format!("/sections/{section}/export.xml"));
    let report = ratinglist::dsb::read_xml(xml.as_bytes(), "teams.xml")
        .unwrap_or_else(|e| panic!("{e}: {}", xml.chars().take(400).collect::<String>()));
    let games = report.rounds[0]
        .pairings
        .iter()
        .filter(|p| matches!(p, ratinglist::dsb::Pairing::Game { .. }))
        .count();
    assert_eq!(games, 8, "two matches of four boards in round 1");
    let csv = b.fetch(&format!("/sections/{section}/standings.csv"));
    assert!(csv.starts_with("Rank,No,Team,MP"), "{csv}");
}

/// Logs the admin in after a logout.
fn log_in_again(b: &Browser, base: &str, password: &str) {
    b.go(&format!("{base}/login"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", password);
    b.click("#login-submit");
    b.wait_js(
        "const u = document.getElementById('current-user'); return !!u && u.textContent === 'admin';",
        "the admin logged in",
    );
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
