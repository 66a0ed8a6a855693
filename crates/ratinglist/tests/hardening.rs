//! Issue #19: malformed FIDE XML is refused, CSV headers are read in linear time and capped.

use std::time::{Duration, Instant};

use ratinglist::fide::{self, RatingKind};
use ratinglist::{ErrorKind, csv};

const PLAYER: &str = "<player><fideid>99000011</fideid><name>Vandermeer, Hanna</name></player>";

fn xml(body: &str) -> Vec<u8> {
    format!("<?xml version=\"1.0\"?>\n<playerslist>\n{body}\n</playerslist>\n").into_bytes()
}

#[test]
fn h19_13_fide_xml_refuses_a_second_declaration() {
    let mut bytes = b"<?xml version=\"1.0\"?>\n".to_vec();
    bytes.extend(xml(PLAYER));
    let e = fide::read_xml(&bytes, "list.xml", RatingKind::Standard).unwrap_err();
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    assert!(e.to_string().contains("declaration"), "{e}");
}

#[test]
fn h19_13_fide_xml_refuses_a_player_inside_a_player_and_a_second_root() {
    let nested = format!("<player><fideid>1</fideid>\n  {PLAYER}</player>");
    let e = fide::read_xml(&xml(&nested), "list.xml", RatingKind::Standard).unwrap_err();
    assert_eq!((e.line, e.column), (4, 3), "{e}");
    let mut twice = xml(PLAYER);
    twice.extend(b"<playerslist></playerslist>");
    let e = fide::read_xml(&twice, "list.xml", RatingKind::Standard).unwrap_err();
    assert_eq!((e.line, e.column), (5, 1), "{e}");
    let open = b"<playerslist>\n<player><fideid>1</fideid></player>\n";
    let e = fide::read_xml(open, "list.xml", RatingKind::Standard).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
}

#[test]
fn h19_13_fide_xml_repeated_fields_are_not_merged() {
    let body = format!(
        "{PLAYER}\n<player><fideid>99000012</fideid><name>Ode, Ada</name><title>IM</title>\n<title>IM</title><w_title>WGM</w_title></player>"
    );
    let import = fide::read_xml(&xml(&body), "list.xml", RatingKind::Standard).unwrap();
    assert_eq!(import.players.len(), 1, "{:?}", import.players);
    let [e] = &import.errors[..] else {
        panic!("{:?}", import.errors)
    };
    assert_eq!((e.line, e.column), (5, 1), "{e}");
    assert_eq!(e.kind, ErrorKind::Xml("one <title> per <player>".into()));
}

#[test]
fn h19_14_csv_header_of_400k_columns_is_refused_fast_at_the_first_column_too_many() {
    let mut header = String::from("Name");
    for i in 0..400_000 {
        header.push_str(&format!(",c{}", i % 10));
    }
    header.push_str("\nLindqvist, Mira\n");
    let start = Instant::now();
    let e = csv::read_players(header.as_bytes(), "big.csv").unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(
        (e.line, e.column, e.kind),
        (
            1,
            5 + 3 * csv::MAX_FIELDS - 2,
            ErrorKind::FieldCount {
                expected: csv::MAX_FIELDS,
                found: 400_001
            }
        )
    );
}

#[test]
fn h19_14_a_wide_row_costs_that_row_and_long_rows_read_in_linear_time() {
    let wide = ";x".repeat(2 * csv::MAX_FIELDS);
    let long = format!("\"{}\";", "ä".repeat(3_000_000));
    let text = format!("Name;Verein\nA, B{wide}\nC, D;{long}\nE, F;Club\n");
    let start = Instant::now();
    let import = csv::read_players(text.as_bytes(), "wide.csv").unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    let names: Vec<String> = import.players.iter().map(|p| p.name()).collect();
    assert_eq!(names, ["E, F"]);
    assert_eq!(import.errors[0].line, 2);
    assert_eq!(import.errors[1].line, 3);
}
