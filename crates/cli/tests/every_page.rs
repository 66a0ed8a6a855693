//! Acceptance test of issue #14: every page of the finished demo championship
//! (`arbiter serve --demo`, SQLite) in headless Chromium, German and English, at 1366 px and at
//! a 360 px phone.
//!
//! The demo has no team section: the test adds one (four teams, round 1 paired and published) first. The
//! pages are found by following the links from the event list (downloads, language switches
//! and the logout excepted), first as the public, then logged in as the admin (audit log,
//! users, settings, check-in, and the pages with forms). Player cards, breakdowns and game pages are
//! sampled (two of each kind per section), rounds are all taken. Each page must
//! - fit 360 px: `document.documentElement.scrollWidth <= 360` (wide tables scroll inside their
//!   own `.scroll` box, the page does not);
//! - show none of the engine's internal names or codes (`None`, `Dummy`, `LeastSignificant`,
//!   `VoluntarilyUnplayed`, `Some(`, `null`, `UTC`, `bye-1/2`, `bye-0`, `bye-1`; `Opponent` on
//!   German pages and as a cell of its own on English ones, where "Opponent" is also a header);
//! - in German: no ISO date and no decimal point in a score (`4.5`).
//!
//! The German event page must show `dd.mm.yyyy` and the German standings decimal commas.
//! Screenshots of every page in both widths and languages go to `target/screenshots/`
//! (`{page}_{lang}_{width}.png`). Failures are collected and listed together.

mod common;

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

use common::{Backend, Browser, Server, run_scenario};
use serde_json::json;

/// The widths every page is opened at.
const WIDTHS: [u32; 2] = [1366, 360];
/// Samples per kind of page (player cards, breakdowns, games) and section.
const SAMPLES: usize = 2;
/// Words that only the engine writes: Debug output of enums, stored codes, JSON, UTC.
const FORBIDDEN: [&str; 11] = [
    "None",
    "Dummy",
    "LeastSignificant",
    "VoluntarilyUnplayed",
    "VirtualOpponent",
    "Some(",
    "null",
    "UTC",
    "bye-1/2",
    "bye-0",
    "bye-1",
];

#[test]
fn h14_06_every_page_fits_a_phone_and_speaks_german() {
    run_scenario("every_page", Backend::Sqlite, |b, _, dir| {
        let server = Server::start_with(
            &format!("sqlite://{}", dir.join("demo.db").display()),
            &["--demo"],
        );
        let base = format!("http://{}", server.addr);
        let shots = screenshot_dir();
        let mut failures = Vec::new();
        log_in(b, &base, &server.password);
        add_team_section(b, &base);
        b.click("#logout");
        b.wait_js(
            "return !!document.getElementById('nav-login');",
            "logged out",
        );

        let public = crawl(b, &base);
        assert!(
            public.iter().any(|u| u.contains("/standings"))
                && public.iter().any(|u| u.contains("/rounds/7")),
            "the demo is not a finished championship: {public:?}"
        );
        for url in public.iter().map(String::as_str).chain(["/login"]) {
            check_page(b, &base, url, "public", &shots, &mut failures);
        }

        log_in(b, &base, &server.password);
        // Logged in: the pages the public does not see, and the pages with the forms.
        let with_forms = |u: &str| {
            let parts: Vec<&str> = u.split('/').collect();
            u == "/"
                || matches!(parts.as_slice(), ["", "events" | "sections", n] if n.parse::<u32>().is_ok())
        };
        for url in crawl(b, &base)
            .into_iter()
            .filter(|u| with_forms(u) || !public.contains(u))
        {
            check_page(b, &base, &url, "admin", &shots, &mut failures);
        }
        b.viewport(1366, 900).ok();
        assert!(
            failures.is_empty(),
            "{} problems:\n{}",
            failures.len(),
            failures.join("\n")
        );
    });
}

/// Logs in as the admin.
fn log_in(b: &Browser, base: &str, password: &str) {
    b.go(&format!("{base}/login?lang=de"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", password);
    b.click("#login-submit");
    b.wait_js("return !!document.getElementById('logout');", "logged in");
}

/// The demo has no team section: adds a 4er-U16 round robin with four teams to the demo
/// event and pairs and publishes its first round, so that the team pages are opened too.
fn add_team_section(b: &Browser, base: &str) {
    b.go(&format!("{base}/events/1?lang=de"));
    b.fill("#team-section-name", "4er-U16");
    b.fill("#team-section-rounds", "3");
    b.js(
        "document.getElementById('team-section-competition').value = 'club_u16';",
        json!([]),
    );
    b.click("#create-team-section");
    b.wait_js(
        "return !!document.getElementById('teams-title');",
        "team section",
    );
    for (i, name) in ["SK Trier", "SC Bann", "SV Worms 1878", "SK Mainz 1886"]
        .iter()
        .enumerate()
    {
        let players: Vec<String> = (0..5)
            .map(|k| format!("{}{k}, Kim; {}", &name[3..6], 1800 - 100 * i - 20 * k))
            .collect();
        b.fill("#team-name", name);
        b.fill("#team-players", &players.join("\n"));
        b.click("#register-team-submit");
        b.wait_js(
            &format!("return !!document.getElementById('team-{}');", i + 1),
            name,
        );
    }
    b.click("#team-pair");
    b.wait_js(
        "return location.pathname.endsWith('/teams/rounds/1');",
        "team round 1",
    );
    // Published, so that the public crawl opens the round too.
    b.click("#team-publish");
    b.wait_js(
        "return !document.getElementById('preview-note');",
        "team round 1 published",
    );
}

/// `target/screenshots`, created.
fn screenshot_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots");
    std::fs::create_dir_all(&dir).expect("target/screenshots");
    dir
}

/// Every page reachable from `/` (paths with query, without fragment).
fn crawl(b: &Browser, base: &str) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from([String::from("/")]);
    let mut per_kind: BTreeMap<String, usize> = BTreeMap::new();
    let mut found = Vec::new();
    while let Some(url) = queue.pop_front() {
        if !seen.insert(url.clone()) {
            continue;
        }
        found.push(url.clone());
        b.go(&format!("{base}{url}"));
        let links = b.js(
            "return Array.from(document.querySelectorAll('a[href]'), a => a.getAttribute('href'));",
            json!([]),
        );
        for link in links
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|l| l.as_str())
        {
            let Some(next) = page_link(&url, link) else {
                continue;
            };
            let count = per_kind.entry(kind(&next)).or_default();
            if seen.contains(&next) || queue.contains(&next) || *count >= SAMPLES {
                continue;
            }
            if sampled(&next) {
                *count += 1;
            }
            queue.push_back(next);
        }
    }
    found
}

/// A link to a page of the service (path and query), or `None` for downloads, language
/// switches, the logout and links elsewhere.
fn page_link(from: &str, href: &str) -> Option<String> {
    let href = href.split('#').next().unwrap_or_default();
    let absolute = if href.starts_with('/') {
        href.to_owned()
    } else if let Some(query) = href.strip_prefix('?') {
        let path = from.split('?').next().unwrap_or_default();
        if query.is_empty() {
            path.to_owned()
        } else {
            format!("{path}?{query}")
        }
    } else {
        return None;
    };
    let path = absolute.split('?').next().unwrap_or_default();
    let download = [".trf", ".csv", ".pgn", ".xml", ".swi", "/pgn", "/archive"]
        .iter()
        .any(|end| path.ends_with(end));
    (!download && !absolute.contains("lang=") && path != "/logout" && path != "/login")
        .then_some(absolute)
}

/// Whether only a sample of pages like `url` is opened: player cards, breakdowns, games.
fn sampled(url: &str) -> bool {
    url.contains("/players/") || url.contains("player=") || url.starts_with("/games/")
}

/// The kind of a sampled page: its section and what it shows, without the player or game.
fn kind(url: &str) -> String {
    let mut out = String::new();
    let mut after_sampled = false;
    for part in url.split(['/', '?', '&', '=']) {
        let number = !part.is_empty() && part.bytes().all(|c| c.is_ascii_digit());
        out.push('/');
        out.push_str(if number && after_sampled { "#" } else { part });
        after_sampled = matches!(part, "players" | "player" | "games");
    }
    out
}

/// `url` with `lang=` added before its fragment.
fn with_lang(url: &str, lang: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}lang={lang}")
}

/// A file name for the screenshot of `url`: `sections_2_standings_player_13`.
fn shot_name(who: &str, url: &str) -> String {
    let name: String = url
        .trim_start_matches('/')
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let name = name.trim_matches('_');
    format!("{who}_{}", if name.is_empty() { "index" } else { name })
}

/// Opens `url` in both languages at both widths, saves the screenshots and records what is
/// wrong in `failures`.
fn check_page(
    b: &Browser,
    base: &str,
    url: &str,
    who: &str,
    shots: &Path,
    failures: &mut Vec<String>,
) {
    for lang in ["de", "en"] {
        for width in WIDTHS {
            if let Err(e) = b.viewport(width, 900) {
                failures.push(format!("{url}: viewport {width}: {e}"));
                return;
            }
            b.go(&format!("{base}{}", with_lang(url, lang)));
            let text = b
                .js("return document.body.innerText;", json!([]))
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let shot = shots.join(format!("{}_{lang}_{width}.png", shot_name(who, url)));
            if let Err(e) = b.full_screenshot(&shot) {
                failures.push(format!("{url}: screenshot: {e}"));
            }
            if width == 360 {
                let wide = b
                    .js("return document.documentElement.scrollWidth;", json!([]))
                    .as_u64()
                    .unwrap_or(u64::MAX);
                if wide > 360 {
                    failures.push(format!("{url} ({lang}): {wide} px wide at 360 px"));
                }
                continue;
            }
            for word in words_in(&text, lang) {
                failures.push(format!("{url} ({lang}): shows {word:?}"));
            }
            if lang == "en" {
                let cells = b.js(
                    "return Array.from(document.querySelectorAll('td'), c => c.innerText.trim()).filter(t => t === 'Opponent').length;",
                    json!([]),
                );
                if cells.as_u64().unwrap_or(0) > 0 {
                    failures.push(format!("{url} (en): a cell says \"Opponent\""));
                }
            }
            if lang == "de" {
                if url.starts_with("/events/")
                    && !url.contains("settings")
                    && !has_german_date(&text)
                {
                    failures.push(format!("{url} (de): no date written dd.mm.yyyy"));
                }
                if url.ends_with("/standings") && !text.contains(",5") && !text.contains(",00") {
                    failures.push(format!("{url} (de): no decimal comma"));
                }
            }
        }
    }
}

/// The forbidden words in a page's text, and on German pages ISO dates, decimal points in
/// scores and "Opponent".
fn words_in(text: &str, lang: &str) -> Vec<String> {
    let mut out: Vec<String> = FORBIDDEN
        .iter()
        .filter(|w| contains_word(text, w))
        .map(|w| (*w).to_owned())
        .collect();
    if lang == "de" {
        if contains_word(text, "Opponent") {
            out.push("Opponent".into());
        }
        out.extend(iso_dates(text));
        out.extend(decimal_points(text));
    }
    out
}

/// Whether `word` occurs in `text` not inside a longer word.
fn contains_word(text: &str, word: &str) -> bool {
    let wordy = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let ends_open = word.ends_with(|c: char| !c.is_alphanumeric());
        !wordy(before) && (ends_open || !wordy(after) && after != Some('/'))
    })
}

/// `dddd-dd-dd` in `text`.
fn iso_dates(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let d = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    (0..b.len())
        .filter(|&i| {
            (i == 0 || !d(i - 1))
                && (0..4).all(|k| d(i + k))
                && b.get(i + 4) == Some(&b'-')
                && d(i + 5)
                && d(i + 6)
                && b.get(i + 7) == Some(&b'-')
                && d(i + 8)
                && d(i + 9)
                && !d(i + 10)
        })
        .map(|i| text[i..i + 10].to_owned())
        .collect()
}

/// Scores written with a decimal point (`4.5`, `24.50`) in `text`; dates (`07.04.2026`) and
/// article numbers (`Art. 14.1`, `§6.1`) are not scores.
fn decimal_points(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| !w.starts_with('§'))
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_digit()))
        .filter(|w| {
            let parts: Vec<&str> = w.split('.').collect();
            parts.len() == 2
                && parts
                    .iter()
                    .all(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
                && (parts[1] == "5" || parts[1].len() == 2 && parts[1].ends_with(['0', '5']))
        })
        .map(str::to_owned)
        .collect()
}

/// Whether `text` has a date written `dd.mm.yyyy`.
fn has_german_date(text: &str) -> bool {
    let b = text.as_bytes();
    let d = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    (0..b.len()).any(|i| {
        d(i) && d(i + 1)
            && b.get(i + 2) == Some(&b'.')
            && d(i + 3)
            && d(i + 4)
            && b.get(i + 5) == Some(&b'.')
            && (6..10).all(|k| d(i + k))
    })
}

#[test]
fn h14_06_the_checks_find_what_they_look_for() {
    assert!(contains_word("Bemerkung: None", "None"));
    assert!(!contains_word("Nonesuch", "None"));
    assert!(contains_word("Freilos (bye-1/2)", "bye-1/2"));
    assert!(!contains_word("Freilos (bye-1/2)", "bye-1"));
    assert!(contains_word("Some(3)", "Some("));
    assert_eq!(iso_dates("am 2026-04-07 und 07.04.2026"), ["2026-04-07"]);
    assert_eq!(
        decimal_points("Punkte 4.5 BH 24.50 am 07.04.2026 Art. 14.1, SJRP §10.5"),
        ["4.5", "24.50"]
    );
    assert!(has_german_date("Mainz, 07.04.2026"));
    assert_eq!(kind("/sections/2/players/17"), "//sections/2/players/#");
    assert_eq!(
        page_link("/sections/2/standings", "?player=13#breakdown").as_deref(),
        Some("/sections/2/standings?player=13")
    );
    assert_eq!(page_link("/", "/sections/2/export.trf"), None);
    assert_eq!(page_link("/", "/events/1/archive"), None);
}
