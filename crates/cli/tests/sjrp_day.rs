//! Acceptance of issue #12: the director's day of the SJRP youth championship in a real headless
//! Chromium, on SQLite and (with `ARBITER_TEST_POSTGRES`) PostgreSQL, through the pages as a
//! director uses them.
//!
//! The event of the announcement (Rheinland-Pfalz-Einzelmeisterschaften, Pirmasens, from
//! 07.04.2026) gets five age sections U18, U16, U14, U12, U10 (Spielordnung §1; cut-off day
//! 31 December, §5.3). U14 takes a DSB `spieler.csv` (`tests/data/sjrp_u14_spieler.csv`) with
//! a player born 2009 (too old for U14), one row twice (same DSB membership) and a player
//! already entered in U16 (a player plays in one section of the event only): the preview ticks
//! none of the three, registering them is refused, the too-old player is admitted with a
//! reason that the player card shows. A hand entry of an ineligible player is refused on the
//! section page with the input kept. Then: a rating and a name edited on the player card,
//! re-seeding (starting list in DWZ order), check-in with two absentees, rounds 1-3 paired,
//! published and their results entered on the round pages, with "pair next round" refused
//! while round 2 is incomplete and its message shown on the page. Finally the pairing number
//! ("Nr.") is compared on the starting list, player list, round pages, player cards,
//! standings, crosstable and in the TRF export, and the DSB XML export must carry every birth
//! year.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{Backend, Browser, Server, run_scenario};
use serde_json::json;

/// The sections: name, classes, rounds.
const SECTIONS: [(&str, &str); 5] = [
    ("U18", "U18"),
    ("U16", "U16"),
    ("U14", "U14"),
    ("U12", "U12"),
    ("U10", "U10"),
];

/// The uploaded list and what the preview must pre-select: (name, ticked).
const LIST: &str = "sjrp_u14_spieler.csv";
const ELIGIBLE: [&str; 8] = [
    "Hahn, Hannes",
    "Jung, Jonas",
    "Keller, Karl",
    "Lorenz, Lea",
    "Maier, Max",
    "Neumann, Nina",
    "Otto, Oskar",
    "Peters, Paul",
];
/// Born 2009: too old for U14 in 2026 (§5.3), admitted by override.
const TOO_OLD: &str = "Quast, Quirin";
/// Entered in U16 by hand before the upload.
const OTHER_SECTION: &str = "Roth, Rafael";
/// Birth years of the list (every player registered in U14 at the end).
const BIRTH_YEARS: [(&str, u16); 9] = [
    ("Hahn", 2012),
    ("Jung", 2012),
    ("Keller", 2012),
    ("Lorenz", 2013),
    ("Meier", 2012),
    ("Neumann", 2014),
    ("Otto", 2013),
    ("Peters", 2014),
    ("Quast", 2009),
];
/// The two players who do not report by 13:00 (Präsenzpflicht).
const ABSENT: [&str; 2] = ["Neumann, Nina", "Peters, Paul"];

/// A test fixture of this crate.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    path.canonicalize()
        .unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()))
        .display()
        .to_string()
}

/// The id at the end of a section's address.
fn last_id(url: &str) -> i64 {
    url.rsplit('/')
        .next()
        .and_then(|s| s.split('?').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no id at the end of {url}"))
}

/// The rows of a table as cell texts.
fn cells(b: &Browser, table: &str) -> Vec<Vec<String>> {
    let v = b.js(
        "return [...document.querySelectorAll(arguments[0] + ' tbody tr')].map(tr => [...tr.cells].map(c => c.textContent.trim()));",
        json!([table]),
    );
    serde_json::from_value(v).unwrap()
}

/// Players of the section page: (row id, Nr., name) in page order.
fn player_rows(b: &Browser) -> Vec<(i64, u32, String)> {
    let v = b.js(
        "return [...document.querySelectorAll('#players tbody tr')].map(tr => [tr.id.replace('player-', ''), tr.cells[0].textContent.trim(), tr.cells[1].querySelector('a').textContent.trim()]);",
        json!([]),
    );
    let rows: Vec<(String, String, String)> = serde_json::from_value(v).unwrap();
    rows.into_iter()
        .map(|(id, nr, name)| (id.parse().unwrap(), nr.parse().unwrap(), name))
        .collect()
}

fn login(b: &Browser, base: &str, password: &str) {
    b.go(&format!("{base}/login?lang=de"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", password);
    b.click("#login-submit");
    assert_eq!(b.text("#current-user"), "admin");
}

/// Creates a section from the event page; returns its address.
fn create_section(b: &Browser, event_url: &str, name: &str, classes: &str) -> String {
    b.go(event_url);
    b.fill("#section-name", name);
    b.fill("#section-rounds", "4");
    b.fill("#section-classes", classes);
    b.click("#create-section");
    b.wait_js(
        &format!(
            "const t = document.getElementById('section-title'); return !!t && t.textContent === '{name}';"
        ),
        "the new section's page",
    );
    b.url()
}

/// Uploads the U14 list and waits for its preview; the names of the ticked rows.
fn upload(b: &Browser, section_url: &str) -> Vec<String> {
    b.go(section_url);
    b.choose_file("#list-file", &fixture(LIST));
    b.click("#upload-submit");
    b.wait_js(
        "return !!document.getElementById('preview');",
        "the preview of the uploaded list",
    );
    ticked(b)
}

fn ticked(b: &Browser) -> Vec<String> {
    let v = b.js(
        "return [...document.querySelectorAll('#preview tbody tr')].filter(tr => tr.querySelector('input[name=pick]').checked).map(tr => tr.cells[2].textContent.trim());",
        json!([]),
    );
    serde_json::from_value(v).unwrap()
}

/// Ticks the first unticked preview row of `name`.
fn tick(b: &Browser, name: &str) {
    let done = b.js(
        "const tr = [...document.querySelectorAll('#preview tbody tr')].find(tr => tr.cells[2].textContent.trim() === arguments[0] && !tr.querySelector('input[name=pick]').checked); if (!tr) return false; tr.querySelector('input[name=pick]').click(); return true;",
        json!([name]),
    );
    assert_eq!(
        done,
        json!(true),
        "an unticked row of {name} in the preview"
    );
}

/// The error shown on the page (the error page's or the in-place message).
fn error_text(b: &Browser) -> String {
    b.wait_js(
        "const e = document.getElementById('error'); return !!e && e.textContent.trim().length > 0;",
        "an error message on the page",
    );
    b.text("#error")
}

/// Results by board: games cycle through these.
const RESULTS: [&str; 4] = ["1-0", "1/2-1/2", "0-1", "1-0"];

/// Enters the results of the games of round `n` on its page; `only` limits how many.
fn enter_results(b: &Browser, section_url: &str, n: usize, only: Option<usize>) {
    b.go(&format!("{section_url}/rounds/{n}"));
    let boards = b.js(
        "return [...document.querySelectorAll('#pairings tbody tr')].filter(tr => !tr.querySelector('em')).map(tr => Number(tr.cells[0].textContent.trim().split(' ')[0]));",
        json!([]),
    );
    let boards: Vec<u32> = serde_json::from_value(boards).unwrap();
    assert!(!boards.is_empty(), "round {n} has games");
    for (i, board) in boards.iter().enumerate().take(only.unwrap_or(usize::MAX)) {
        let result = RESULTS[(i + n) % RESULTS.len()];
        b.click(&format!("#result-{board} option[value='{result}']"));
        b.click(&format!("#save-{board}"));
        assert!(
            !b.text(&format!("#status-{board}.ok")).is_empty(),
            "round {n} board {board}: saved"
        );
    }
}

/// Pairs the next round from the section page and publishes it; checks it is round `n`.
fn pair_and_publish(b: &Browser, section_url: &str, n: usize) {
    let section = last_id(section_url);
    b.go(section_url);
    b.click("#pair-next");
    b.wait_url(&format!("/sections/{section}/rounds/{n}"));
    b.click("#publish");
    b.wait_js(
        "return !document.getElementById('preview-note') && !!document.getElementById('pairings');",
        "the published round",
    );
}

/// The whole day on one server.
fn scenario(b: &Browser, server: &Server, _dir: &Path) {
    let base = format!("http://{}", server.addr);
    login(b, &base, &server.password);

    // The event of the announcement.
    b.go(&format!("{base}/"));
    b.fill("#event-name", "Rheinland-Pfalz-Einzelmeisterschaften 2026");
    b.fill("#event-place", "Pirmasens");
    b.js(
        "document.getElementById('event-start').value = '2026-04-07';",
        json!([]),
    );
    b.click("#create-event");
    b.wait_js(
        "const t = document.getElementById('event-title'); return !!t && t.textContent.startsWith('Rheinland-Pfalz');",
        "the new event's page",
    );
    let event_url = b.url();
    // The cut-off day of every age class: 31 December (§5.3), the default.
    b.click("#link-event-settings");
    b.wait_js(
        "return !!document.getElementById('cut-off-day');",
        "the event settings",
    );
    assert_eq!(
        b.js(
            "return document.getElementById('event-cut-off').value;",
            json!([])
        ),
        json!("12-31")
    );
    let mut urls = BTreeMap::new();
    for (name, classes) in SECTIONS {
        urls.insert(name, create_section(b, &event_url, name, classes));
    }
    b.go(&event_url);
    assert_eq!(
        b.js(
            "return document.querySelectorAll('#sections li').length;",
            json!([])
        ),
        json!(5)
    );
    let u14 = urls["U14"].clone();
    let u14_id = last_id(&u14);

    // Roth is entered in U16 (born 2012, U14 age: he may play up).
    b.go(&urls["U16"]);
    b.fill("#player-last", "Roth");
    b.fill("#player-first", "Rafael");
    b.fill("#player-dwz", "1475");
    b.fill("#player-birth", "2012");
    b.click("#player-sex option[value='m']");
    b.click("#add-player-submit");
    b.wait_js(
        "return document.querySelectorAll('#players tbody tr').length === 1;",
        "Roth in U16",
    );

    // A hand entry born 2010 in U14 is refused in place, the input kept (#12 item 7).
    b.go(&u14);
    b.fill("#player-last", "Zander");
    b.fill("#player-first", "Zoe");
    b.fill("#player-dwz", "1333");
    b.fill("#player-birth", "2010-05-17");
    b.click("#player-sex option[value='w']");
    b.click("#add-player-submit");
    let refusal = error_text(b);
    assert!(
        refusal.contains("§5.3") && refusal.contains("U14"),
        "refusal names the paragraph and class: {refusal}"
    );
    assert!(
        b.js(
            "return !!document.getElementById('section-title');",
            json!([])
        ) == json!(true),
        "the refusal is shown on the section page"
    );
    for (field, value) in [
        ("player-last", "Zander"),
        ("player-first", "Zoe"),
        ("player-dwz", "1333"),
        ("player-birth", "2010-05-17"),
        ("player-sex", "w"),
    ] {
        assert_eq!(
            b.js(
                "return document.getElementById(arguments[0]).value;",
                json!([field])
            ),
            json!(value),
            "{field} kept as typed"
        );
    }
    assert!(player_rows(b).is_empty(), "nothing stored");

    // The list: only the eligible, non-duplicate rows are ticked.
    let mut expected: Vec<String> = ELIGIBLE.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(upload(b, &u14), expected, "pre-selected rows");
    let preview = b.text("#preview");
    assert!(preview.contains(TOO_OLD) && preview.contains(OTHER_SECTION));
    // Registering the too-old player without a reason is refused, nothing is stored.
    tick(b, TOO_OLD);
    b.click("#register-selected");
    let refusal = error_text(b);
    assert!(
        refusal.contains("Quast") && refusal.contains("§5.3"),
        "refusal of the too-old player: {refusal}"
    );
    let still = ticked(b);
    assert!(
        still.len() == ELIGIBLE.len() + 1 && still.iter().any(|n| n == TOO_OLD),
        "the refusal stands on the preview with the rows as ticked: {still:?}"
    );
    // So are the second copy of Keller and Roth, entered in U16 already.
    for name in ["Keller, Karl", OTHER_SECTION] {
        upload(b, &u14);
        tick(b, name);
        b.click("#register-selected");
        let refusal = error_text(b);
        assert!(
            refusal.contains(name) && (refusal.contains("U14") || refusal.contains("U16")),
            "refusal of {name}: {refusal}"
        );
    }
    b.go(&u14);
    assert!(player_rows(b).is_empty(), "nothing stored by a refusal");
    // The too-old player is admitted with the arbiter's reason.
    upload(b, &u14);
    tick(b, TOO_OLD);
    b.fill(
        "#register-override",
        "Nachnominierung durch den Spielleiter",
    );
    b.click("#register-selected");
    b.wait_js(
        "return document.querySelectorAll('#players tbody tr').length === 9;",
        "the nine registered players",
    );
    expected.push(TOO_OLD.to_owned());
    let mut names: Vec<String> = player_rows(b).into_iter().map(|r| r.2).collect();
    names.sort();
    expected.sort();
    assert_eq!(names, expected);
    let id_of = |name: &str| -> i64 {
        b.go(&u14);
        player_rows(b)
            .into_iter()
            .find(|r| r.2.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in U14"))
            .0
    };
    let quast = id_of("Quast");
    b.go(&format!("{u14}/players/{quast}"));
    let over = b.text("#admitted-over");
    assert!(
        over.contains("Nachnominierung") && over.contains("§5.3"),
        "override on the card: {over}"
    );

    // Edits on the player card: Jung's DWZ, Maier's name.
    let jung = id_of("Jung");
    b.go(&format!("{u14}/players/{jung}"));
    b.fill("#edit-dwz", "1950");
    b.click("#player-edit-submit");
    b.wait_js(
        "return !!document.getElementById('player-saved');",
        "the saved notice",
    );
    assert_eq!(
        b.js(
            "return document.getElementById('edit-dwz').value;",
            json!([])
        ),
        json!("1950")
    );
    let maier = id_of("Maier");
    b.go(&format!("{u14}/players/{maier}"));
    b.fill("#player-edit input[name=last_name]", "Meier");
    b.click("#player-edit-submit");
    b.wait_js(
        "return !!document.getElementById('player-saved');",
        "the saved notice",
    );
    assert_eq!(b.text("#card-title"), "Meier, Max");

    // Seeding DWZ then Elo, check-in on (section settings), then re-seed.
    b.go(&format!("{u14}/settings"));
    b.fill("#settings-seeding", "dwz-elo");
    b.js(
        "document.getElementById('settings-check-in').checked = true;",
        json!([]),
    );
    b.submit("#settings-save");
    b.wait_js(
        "return !!document.getElementById('section-settings') || !!document.getElementById('section-title');",
        "the saved settings",
    );
    b.go(&format!("{u14}/starting-ranks"));
    b.submit("#reseed");
    b.wait_js(
        "return !!document.getElementById('starting-ranks');",
        "the starting list",
    );
    let ranks = cells(b, "#starting-ranks");
    assert_eq!(ranks.len(), 9);
    let dwz: Vec<u32> = ranks.iter().map(|r| r[3].parse().unwrap()).collect();
    assert!(
        dwz.windows(2).all(|w| w[0] >= w[1]),
        "starting list in DWZ order: {ranks:?}"
    );
    assert_eq!(ranks[0][2], "Jung, Jonas", "{ranks:?}");
    assert_eq!(ranks[1][2], "Hahn, Hannes", "{ranks:?}");
    let numbers: BTreeMap<String, u32> = ranks
        .iter()
        .map(|r| (r[2].clone(), r[0].parse().unwrap()))
        .collect();
    assert_eq!(
        numbers
            .values()
            .copied()
            .collect::<std::collections::BTreeSet<_>>(),
        (1..=9).collect(),
        "numbers 1-9"
    );

    // Check-in: everyone but the two absentees.
    b.go(&u14);
    b.click("#link-check-in");
    b.wait_js(
        "return !!document.getElementById('checkin-list');",
        "the check-in page",
    );
    for (id, _, name) in {
        b.go(&u14);
        player_rows(b)
    } {
        if ABSENT.contains(&name.as_str()) {
            continue;
        }
        b.go(&format!("{u14}/check-in"));
        b.click(&format!("#toggle-{id}"));
        b.wait_js(
            &format!(
                "return document.getElementById('toggle-{id}').getAttribute('aria-pressed') === 'true';"
            ),
            "the player checked in",
        );
    }
    b.go(&format!("{u14}/check-in"));
    assert_eq!(b.text("#checkin-count"), "7 / 9");

    // Round 1: only the seven present are paired; the absentees get zero-point byes.
    pair_and_publish(b, &u14, 1);
    let byes = b.js(
        "return [...document.querySelectorAll('#pairings tbody tr')].filter(tr => tr.querySelector('em')).map(tr => [tr.querySelector('[data-name]').dataset.name, tr.querySelector('select').value]);",
        json!([]),
    );
    let byes: Vec<(String, String)> = serde_json::from_value(byes).unwrap();
    let byes: BTreeMap<String, String> = byes.into_iter().collect();
    for name in ABSENT {
        assert_eq!(
            byes.get(name).map(String::as_str),
            Some("bye-0"),
            "{name} absent: {byes:?}"
        );
    }
    assert_eq!(
        byes.len(),
        3,
        "two absentees and the pairing-allocated bye: {byes:?}"
    );
    enter_results(b, &u14, 1, None);

    // Round 2, half its results, then "pair next round" is refused on the page.
    pair_and_publish(b, &u14, 2);
    enter_results(b, &u14, 2, Some(2));
    b.go(&u14);
    b.click("#pair-next");
    let refusal = error_text(b);
    assert!(
        refusal.contains("Runde 2") && refusal.contains("vollständig"),
        "the refusal of pairing round 3: {refusal}"
    );
    assert!(
        b.url().ends_with(&format!("/sections/{u14_id}")),
        "still on the section page"
    );
    enter_results(b, &u14, 2, None);
    pair_and_publish(b, &u14, 3);
    enter_results(b, &u14, 3, None);

    // One number everywhere.
    b.go(&u14);
    for (_, nr, name) in player_rows(b) {
        assert_eq!(numbers[&name], nr, "player list: {name}");
    }
    for n in 1..=3 {
        b.go(&format!("{u14}/rounds/{n}"));
        let pairs = b.js(
            "return [...document.querySelectorAll('#pairings tbody tr')].flatMap(tr => [...tr.querySelectorAll('[data-nr]')].map(e => [e.dataset.nr, e.dataset.name]));",
            json!([]),
        );
        let pairs: Vec<(String, String)> = serde_json::from_value(pairs).unwrap();
        assert!(
            pairs.len() >= 9,
            "round {n}: every player with Nr.: {pairs:?}"
        );
        for (nr, name) in pairs {
            assert_eq!(numbers[&name].to_string(), nr, "round {n}: {name}");
        }
    }
    b.go(&u14);
    for (id, nr, name) in player_rows(b) {
        b.go(&format!("{u14}/players/{id}"));
        assert_eq!(b.text("#card-title"), name);
        assert_eq!(
            b.text("#card-number"),
            format!("Nr. {nr}"),
            "card of {name}"
        );
    }
    b.go(&format!("{u14}/standings"));
    let standings = cells(b, "#standings");
    assert_eq!(standings.len(), 9);
    for r in &standings {
        assert_eq!(numbers[&r[2]].to_string(), r[1], "standings: {r:?}");
    }
    b.go(&format!("{u14}/crosstable"));
    let cross = cells(b, "#crosstable");
    assert_eq!(cross.len(), 9);
    for r in &cross {
        assert_eq!(numbers[&r[1]].to_string(), r[0], "crosstable: {r:?}");
    }
    let trf_text = b.fetch(&format!("/sections/{u14_id}/export.trf"));
    let trf = trf::Tournament::parse(&trf_text)
        .unwrap_or_else(|e| panic!("TRF export does not parse: {e}\n{trf_text}"));
    assert_eq!(trf.rounds_played(), 3, "{trf_text}");
    assert_eq!(trf.players().count(), 9);
    for p in trf.players() {
        assert_eq!(
            numbers[p.person.name.as_str()],
            u32::from(p.number()),
            "TRF: {}",
            p.person.name
        );
    }

    // The DSB XML carries every birth year.
    let xml = b.fetch(&format!("/sections/{u14_id}/export.xml"));
    assert_eq!(
        xml.matches("<dobYear>").count(),
        9,
        "a birth year for every player: {xml}"
    );
    for (last, year) in BIRTH_YEARS {
        let at = xml
            .find(last)
            .unwrap_or_else(|| panic!("{last} in the DSB XML: {xml}"));
        let rest = &xml[at..];
        let dob = rest
            .find("<dobYear>")
            .map(|i| &rest[i + 9..i + 13])
            .unwrap_or_default();
        assert_eq!(dob, year.to_string(), "dobYear of {last}");
    }
}

/// Refused forms keep their input (#12 item 7): a hand entry born too early for U12 is refused
/// on the section page with every field as typed, then admitted with a reason; an edit on the
/// player card that makes the player ineligible is refused on the card with the typed birth
/// date kept and nothing stored.
fn refused_forms(b: &Browser, server: &Server, _dir: &Path) {
    let base = format!("http://{}", server.addr);
    login(b, &base, &server.password);
    b.go(&format!("{base}/"));
    b.fill("#event-name", "SJRP U12 2026");
    b.js(
        "document.getElementById('event-start').value = '2026-04-07';",
        json!([]),
    );
    b.click("#create-event");
    b.wait_js(
        "return !!document.getElementById('event-title');",
        "the event page",
    );
    let event_url = b.url();
    let u12 = create_section(b, &event_url, "U12", "U12");
    let typed = [
        ("player-last", "Weber"),
        ("player-first", "Wanda"),
        ("player-dwz", "1222"),
        ("player-club", "SC Pirmasens"),
        ("player-birth", "2012-08-09"),
        ("player-override", ""),
    ];
    for (field, value) in typed {
        b.fill(&format!("#{field}"), value);
    }
    b.click("#player-sex option[value='w']");
    b.click("#add-player-submit");
    let refusal = error_text(b);
    assert!(
        refusal.contains("§5.3") && refusal.contains("U12"),
        "{refusal}"
    );
    for (field, value) in typed.iter().chain(&[("player-sex", "w")]) {
        assert_eq!(
            b.js(
                "return document.getElementById(arguments[0]).value;",
                json!([field])
            ),
            json!(value),
            "{field} kept"
        );
    }
    b.fill("#player-override", "Freiplatz des Ausrichters §8.2");
    b.click("#add-player-submit");
    b.wait_js(
        "return document.querySelectorAll('#players tbody tr').length === 1 && !document.getElementById('error');",
        "the admitted player",
    );
    let (id, _, name) = player_rows(b).remove(0);
    assert_eq!(name, "Weber, Wanda");
    b.go(&format!("{u12}/players/{id}"));
    assert!(b.text("#admitted-over").contains("§8.2"));
    // An edit to a birth year the override did not cover is refused on the card.
    b.fill("#edit-birth", "2008");
    b.fill("#edit-dwz", "1300");
    b.click("#player-edit-submit");
    let refusal = error_text(b);
    assert!(refusal.contains("§5.3"), "{refusal}");
    assert_eq!(b.text("#card-title"), "Weber, Wanda", "still the card");
    assert_eq!(
        b.js("return [document.getElementById('edit-birth').value, document.getElementById('edit-dwz').value];", json!([])),
        json!(["2008", "1300"]),
        "typed values kept"
    );
    b.go(&format!("{u12}/players/{id}"));
    assert_eq!(
        b.js("return [document.getElementById('edit-birth').value, document.getElementById('edit-dwz').value];", json!([])),
        json!(["2012-08-09", "1222"]),
        "nothing stored"
    );
}

#[test]
fn h12_07_refused_forms_keep_input_on_sqlite() {
    run_scenario("refused_forms", Backend::Sqlite, refused_forms);
}

#[test]
fn h12_07_refused_forms_keep_input_on_postgres() {
    run_scenario("refused_forms", Backend::Postgres, refused_forms);
}

#[test]
fn h12_01_sjrp_championship_day_on_sqlite() {
    run_scenario("sjrp_day", Backend::Sqlite, scenario);
}

#[test]
fn h12_01_sjrp_championship_day_on_postgres() {
    run_scenario("sjrp_day", Backend::Postgres, scenario);
}
