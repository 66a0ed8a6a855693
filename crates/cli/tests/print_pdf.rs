//! Issue 14 acceptance: the print-outs of a championship are printed by a real browser to PDF
//! (headless Chromium, WebDriver "Print Page", A4) and read back as text: the pairing list,
//! the standings and the certificates carry the event, the round, the numbers and the names.

mod common;

use common::{Browser, Server, get_json};
use serde_json::Value;

/// The text of a PDF (every page).
fn pdf_text(pdf: &[u8]) -> String {
    assert!(pdf.starts_with(b"%PDF-"), "not a PDF");
    pdf_extract::extract_text_from_mem(pdf).expect("text of the PDF")
}

/// The number of pages of a PDF.
fn pdf_pages(pdf: &[u8]) -> usize {
    lopdf::Document::load_mem(pdf)
        .expect("PDF")
        .get_pages()
        .len()
}

/// Text with runs of white space made single spaces and typographic ligatures spelt out, for
/// phrase matching.
fn squeeze(text: &str) -> String {
    text.replace('\u{FB00}', "ff")
        .replace('\u{FB01}', "fi")
        .replace('\u{FB02}', "fl")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Text without any white space, in lower case (the extraction spaces letters and digits
/// apart: `Pl atz`, `2 5 .1 1`; the certificate's heading is upper case by its style).
fn solid(text: &str) -> String {
    text.split_whitespace().collect::<String>().to_lowercase()
}

/// Whether `needle` is in `text`, white space and case aside.
fn has(text: &str, needle: &str) -> bool {
    solid(text).contains(&solid(needle))
}

/// Whether `text` starts with a German date and time without spaces (`25.11.202614:00`).
fn german_start(text: &str) -> bool {
    let b = text.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| r.clone().all(|i| b.get(i).is_some_and(u8::is_ascii_digit));
    digits(0..2)
        && b.get(2) == Some(&b'.')
        && digits(3..5)
        && b.get(5) == Some(&b'.')
        && digits(6..10)
        && digits(10..12)
        && b.get(12) == Some(&b':')
        && digits(13..15)
}

#[test]
fn h14_02_pairing_list_standings_and_certificates_print_to_pdf() {
    let dir = std::env::temp_dir().join(format!("arbiter_print_pdf_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let Some(browser) = Browser::start(&dir) else {
        return;
    };
    let server = Server::demo(&format!("sqlite://{}", dir.join("arbiter.db").display()));
    let base = format!("http://{}", server.addr);
    let event = get_json(&server.addr, "/api/events/1");
    let event_name = event["event"]["name"]
        .as_str()
        .expect("event name")
        .to_owned();
    let section = event["sections"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["name"] == "U12"))
        .expect("section U12 in the demo")["id"]
        .as_i64()
        .unwrap();

    // Certificates: one A4 page per placed player, with event, place, class and name.
    let finals: Value = get_json(&server.addr, "/api/events/1/final");
    assert!(
        finals["event"]["admission"].is_null(),
        "no admission list in the documents"
    );
    let u12 = finals["sections"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["id"] == section))
        .expect("U12 in the final documents");
    let class = &u12["honours"]["classes"][0];
    let placed: Vec<&Value> = class["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["place"].as_u64().unwrap() <= 3)
        .collect();
    assert!(placed.len() >= 3);
    browser.go(&format!(
        "{base}/sections/{section}/certificates?class={}&places=3&lang=de",
        class["class"].as_str().unwrap()
    ));
    let pdf = browser.print_pdf();
    assert_eq!(pdf_pages(&pdf), placed.len(), "one page per certificate");
    let text = squeeze(&pdf_text(&pdf));
    assert!(has(&text, "Urkunde"), "{text}");
    assert!(
        has(&text, &event_name),
        "event name on the certificates: {text}"
    );
    for p in &placed {
        let (last, first) = p["name"].as_str().unwrap().split_once(", ").unwrap();
        let name = format!("{first} {last}");
        let line = format!("belegte den {}. Platz in der Altersklasse U12", p["place"]);
        assert!(has(&text, &name), "{name} on a certificate: {text}");
        assert!(has(&text, &line), "{line}: {text}");
    }
    if let Some(champion) = class["champion"]["name"].as_str() {
        assert_eq!(placed[0]["name"].as_str(), Some(champion));
        assert!(
            has(&text, class["title"].as_str().unwrap()),
            "title: {text}"
        );
    }
    // Standings: event, ranks, pairing numbers, names and points with a decimal comma.
    let standings = get_json(&server.addr, &format!("/api/sections/{section}/standings"));
    browser.go(&format!("{base}/sections/{section}/standings?lang=de"));
    let text = squeeze(&pdf_text(&browser.print_pdf()));
    assert!(
        has(&text, &event_name),
        "event name in the standings: {text}"
    );
    let rows = standings["standings"]["rows"]
        .as_array()
        .expect("standings rows");
    for r in rows {
        let name = r["name"].as_str().unwrap();
        assert!(has(&text, name), "{name} in the standings: {text}");
        let points = r["points"].as_str().unwrap().replace('.', ",");
        assert!(has(&text, &points), "points {points} in the standings");
    }

    // Pairing list of round 3: event, round, board numbers, pairing numbers and names.
    let round = get_json(&server.addr, &format!("/api/sections/{section}/rounds/3"));
    browser.go(&format!("{base}/sections/{section}/rounds/3?lang=de"));
    let text = squeeze(&pdf_text(&browser.print_pdf()));
    assert!(
        has(&text, &event_name),
        "event name in the pairing list: {text}"
    );
    assert!(has(&text, "Runde 3"), "round in the pairing list: {text}");
    let boards = round["boards"].as_array().expect("boards of round 3");
    assert!(!boards.is_empty());
    for b in boards {
        for side in ["white", "black"] {
            if let Some(name) = b[format!("{side}_name")].as_str() {
                assert!(has(&text, name), "{name} in the pairing list: {text}");
                let numbered = format!("{}{name}", b[format!("{side}_number")]);
                assert!(has(&text, &numbered), "{numbered} in the pairing list");
            }
        }
    }

    // Result slips of round 3: one slip per game with event, round, start, board and both names.
    browser.go(&format!("{base}/sections/{section}/rounds/3/slips?lang=de"));
    let text = squeeze(&pdf_text(&browser.print_pdf()));
    let solid_text = solid(&text);
    let head = solid(&format!("{event_name} — U12 · Runde 3 ·"));
    let at = solid_text
        .find(&head)
        .expect("slip head with event and round")
        + head.len();
    let start = solid_text.get(at..at + 15).unwrap_or_default();
    assert!(
        german_start(start),
        "start dd.mm.yyyyHH:MM after the round: {text}"
    );
    for b in boards.iter().filter(|b| b["black_name"].is_string()) {
        let slip = format!(
            "{head}{start}·Brett {} Weiß Nr. {} {} Unterschrift: ____________________ Schwarz Nr. {} {}",
            b["board"],
            b["white_number"],
            b["white_name"].as_str().unwrap(),
            b["black_number"],
            b["black_name"].as_str().unwrap()
        );
        assert!(has(&text, &slip), "slip {slip}: {text}");
    }

    // Wall chart: every player by starting rank with name and points.
    browser.go(&format!("{base}/sections/{section}/crosstable?lang=de"));
    let text = squeeze(&pdf_text(&browser.print_pdf()));
    assert!(
        has(&text, &event_name),
        "event name on the wall chart: {text}"
    );
    assert!(has(&text, "Kreuztabelle"), "{text}");
    for r in rows {
        let numbered = format!("{}{}", r["tpn"], r["name"].as_str().unwrap());
        assert!(
            has(&text, &numbered),
            "{numbered} on the wall chart: {text}"
        );
    }

    drop(browser);
    drop(server);
    std::fs::remove_dir_all(&dir).ok();
}
