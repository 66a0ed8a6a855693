//! The readers on the fixtures in `tests/data`, written to the documented formats.

use ratinglist::fide::{self, RatingKind};
use ratinglist::text::Encoding;
use ratinglist::{Birth, ErrorKind, Reason, Sex, Status, Title, csv, dsb, duplicates};

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).expect("fixture")
}

#[test]
fn fide_combined_txt_reads_columns_from_the_header() {
    let import = fide::read_txt(
        &data("players_list_foa.txt"),
        "players_list_foa.txt",
        RatingKind::Standard,
    )
    .unwrap();
    assert_eq!(import.errors, []);
    assert_eq!(import.encoding, Encoding::Windows1252);
    assert_eq!(import.players.len(), 6);
    let joerg = &import.players[1];
    assert_eq!(
        (joerg.last_name.as_str(), joerg.first_name.as_str()),
        ("Brückner", "Jörg")
    );
    assert_eq!(
        (joerg.elo, joerg.elo_rapid, joerg.elo_blitz),
        (Some(2288), None, Some(2301))
    );
    assert_eq!(joerg.titles, [Title::Fm, Title::Other("FT".into())]);
    assert!(joerg.fide_inactive);
    assert_eq!((joerg.birth, joerg.line), (Some(Birth::Year(1975)), 3));
    let long = &import.players[3];
    assert_eq!(
        long.first_name,
        "Tomás Ignacio Maximiliano de la Peña y Sol"
    );
    assert_eq!(long.titles.len(), 5);
    let aiko = &import.players[4];
    assert_eq!(
        (aiko.elo, aiko.elo_rapid, aiko.birth, aiko.sex),
        (None, Some(1620), None, Some(Sex::Female))
    );
    // OTit runs one character into FOA; the ratings behind it stay in their columns.
    let gm = &import.players[5];
    assert_eq!(gm.titles.last(), Some(&Title::Other("NA".into())));
    assert_eq!(gm.titles.len(), 6);
    assert_eq!(
        (gm.elo, gm.elo_rapid, gm.elo_blitz),
        (Some(2544), Some(2519), Some(2560))
    );
}

#[test]
fn fide_single_list_uses_the_month_column_for_the_given_kind() {
    let name = "rapid_sep26frl.txt";
    let import = fide::read_txt(&data(name), name, RatingKind::from_file_name(name)).unwrap();
    assert_eq!((import.errors.len(), import.players.len()), (0, 4));
    assert_eq!(import.encoding, Encoding::Utf8);
    let hanna = &import.players[0];
    assert_eq!(
        (hanna.elo, hanna.elo_rapid, hanna.birth),
        (None, Some(2391), Some(Birth::Year(1998)))
    );
    assert_eq!(import.players[2].last_name, "Ølstad");
    assert!(import.players[2].fide_inactive);
}

#[test]
fn fide_xml_matches_the_txt_list() {
    let xml = fide::read_xml(
        &data("players_list_xml_foa.xml"),
        "x.xml",
        RatingKind::Standard,
    )
    .unwrap();
    let txt = fide::read_txt(&data("players_list_foa.txt"), "t.txt", RatingKind::Standard).unwrap();
    assert_eq!(xml.errors, []);
    assert_eq!(xml.players.len(), txt.players.len());
    for (x, t) in xml.players.iter().zip(&txt.players).take(5) {
        assert_eq!(
            (&x.last_name, &x.first_name, x.fide_id),
            (&t.last_name, &t.first_name, t.fide_id)
        );
        assert_eq!(
            (x.elo, x.elo_rapid, x.elo_blitz),
            (t.elo, t.elo_rapid, t.elo_blitz)
        );
        assert_eq!(
            (&x.titles, x.birth, x.sex, x.fide_inactive),
            (&t.titles, t.birth, t.sex, t.fide_inactive)
        );
    }
    assert_eq!(xml.players[5].last_name, "Żelazny");
}

#[test]
fn fide_txt_errors_name_the_line() {
    let mut text = String::from_utf8(data("rapid_sep26frl.txt")).unwrap();
    text.push_str("99000070       Kurz, Zeile\n");
    text.push_str(&text.lines().nth(1).unwrap().replace("2391", "23x1"));
    text.push('\n');
    let import = fide::read_txt(text.as_bytes(), "r.txt", RatingKind::Rapid).unwrap();
    assert_eq!(import.players.len(), 4);
    let msgs: Vec<String> = import.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        msgs,
        [
            "r.txt: line 6, column 27: line truncated: expected at least 79 characters, found 26",
            "r.txt: line 7, column 114: rating: expected a rating (digits), found `23x1`",
        ]
    );
    let e = fide::read_txt(b"Name Fed\nx y\n", "h.txt", RatingKind::Standard).unwrap_err();
    assert_eq!((e.line, e.kind), (1, ErrorKind::MissingColumn("ID Number")));
}

#[test]
fn fide_xml_errors_name_line_and_column() {
    let e = fide::read_xml(
        b"<playerslist>\n<player><fideid>1</fideid></plyer>\n",
        "x.xml",
        RatingKind::Standard,
    )
    .unwrap_err();
    assert_eq!(e.line, 2);
    assert!(matches!(e.kind, ErrorKind::Xml(_)), "{e}");
    let e = fide::read_xml(b"<list/>", "x.xml", RatingKind::Standard).unwrap_err();
    assert_eq!(
        e.to_string(),
        "x.xml: line 1, column 1: XML: expected a <playerslist> root element"
    );
    let ok = fide::read_xml(b"<playerslist>\n  <player><fideid>12</fideid><name>A &amp; B, C&#233;</name><rating>2x</rating></player>\n  <player><fideid>13</fideid><name>D, E</name></player></playerslist>", "x.xml", RatingKind::Standard).unwrap();
    assert_eq!(ok.players.len(), 1);
    assert_eq!(
        ok.errors[0].to_string(),
        "x.xml: line 2, column 3: <rating>: expected a rating (digits), found `2x`"
    );
}

#[test]
fn dsb_v1_and_v2_give_the_same_players() {
    let v1 = dsb::read_spieler(&data("spieler_v1.csv"), "spieler_v1.csv").unwrap();
    let v2 = dsb::read_spieler(&data("spieler_v2.csv"), "spieler_v2.csv").unwrap();
    assert_eq!(
        dsb::spieler_version(&data("spieler_v1.csv"), "a").unwrap(),
        dsb::SpielerVersion::V1
    );
    assert_eq!(
        dsb::spieler_version(&data("spieler_v2.csv"), "b").unwrap(),
        dsb::SpielerVersion::V2
    );
    assert_eq!(
        (v1.encoding, v2.encoding),
        (Encoding::Windows1252, Encoding::Utf8Bom)
    );
    assert_eq!((v1.errors.len(), v2.errors.len()), (0, 0));
    assert_eq!(v1.players.len(), 6);
    for (a, b) in v1.players.iter().zip(&v2.players) {
        let mut b = b.clone();
        b.dsb_person_id = None;
        assert_eq!(a, &b);
    }
    assert_eq!(
        v2.players
            .iter()
            .filter(|p| p.dsb_person_id.is_some())
            .count(),
        5
    );
    let karl = &v1.players[2];
    assert_eq!(
        (
            karl.last_name.as_str(),
            karl.first_name.as_str(),
            karl.academic_title.as_deref()
        ),
        ("Weiß", "Karl-Heinz", Some("Dr."))
    );
    assert_eq!(karl.status, Some(Status::Passive));
    let selin = &v1.players[3];
    assert_eq!(selin.dsb_id.as_ref().unwrap().to_string(), "C0412-1001");
    assert_eq!(
        (selin.eligibility.as_deref(), selin.federation.as_deref()),
        (Some("A"), Some("TUR"))
    );
    let lukas = &v1.players[5];
    assert_eq!((lukas.dwz, lukas.fide_id, lukas.elo), (None, None, None));
    assert_eq!(v2.players[1].dsb_person_id.as_deref(), Some("10012001"));
}

#[test]
fn vereine_fill_in_club_names() {
    let clubs = dsb::read_vereine(&data("vereine.csv"), "vereine.csv").unwrap();
    assert_eq!((clubs.len(), clubs.errors.len()), (2, 0));
    let mut import = dsb::read_spieler(&data("spieler_v2.csv"), "spieler.csv").unwrap();
    clubs.apply(&mut import.players);
    assert_eq!(import.players[0].club.as_deref(), Some("SK Nordheim 1921"));
    assert_eq!(
        import.players[3].club.as_deref(),
        Some("Schachfreunde Überlingen-Süd e.V.")
    );
}

#[test]
fn dsb_errors_name_line_and_column() {
    let mut text = String::from_utf8(data("spieler_v2.csv")).unwrap();
    text.push_str("\"10012009\",\"C0412\",\"9\",\"A\",\"Kurz,Zeile\",\"M\"\n");
    text.push_str("\"10012010\",\"C0412\",\"10\",\"X\",\"Falsch,Status\",\"M\",\"D\",\"1990\",\"\",\"1500\",\"5\",\"0\",\"\",\"0\",\"GER\"\n");
    text.push_str("\"10012011\",\"C0412\",\"11\",\"A\",\"Offen,Quote\",\"M\",\"D\",\"1990\",\"\",\"1500\",\"5\",\"0\",\"\",\"0\",\"GER\n");
    let import = dsb::read_spieler(text.as_bytes(), "spieler.csv").unwrap();
    assert_eq!(import.players.len(), 6);
    let msgs: Vec<String> = import.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        msgs,
        [
            "spieler.csv: line 8, column 1: expected 15 fields, found 6",
            "spieler.csv: line 9, column 25: Status: expected A (active) or P (passive), found `X`",
            "spieler.csv: line 10, column 83: a quoted field is not closed (expected `\"`)",
        ]
    );
    let e = dsb::read_spieler(b"Name,Verein\nA,B\n", "s.csv").unwrap_err();
    assert_eq!(e.line, 1);
    assert!(matches!(e.kind, ErrorKind::UnknownHeader(_)));
    let e = dsb::read_spieler(b"\xff\xfeZ\0P\0S\0", "s.csv").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Encoding);
}

#[test]
fn generic_csv_with_german_headers() {
    let import = csv::read_players(&data("anmeldung.csv"), "anmeldung.csv").unwrap();
    assert_eq!(import.errors, []);
    assert_eq!(import.players.len(), 4);
    let mira = &import.players[0];
    assert_eq!(mira.dsb_id.as_ref().unwrap().to_string(), "C0327-55");
    assert_eq!(
        mira.dwz.map(|d| (d.rating, d.index)),
        Some((1530, Some(12)))
    );
    let ana = &import.players[2];
    assert_eq!(
        (ana.last_name.as_str(), ana.first_name.as_str()),
        ("Ferreira, jr.", "Ana \"Nina\"")
    );
    assert_eq!(ana.club.as_deref(), Some("Verein; mit Semikolon"));
    assert_eq!(ana.birth.unwrap().to_string(), "2012-11-30");
}

#[test]
fn duplicates_across_lists() {
    let mut all = dsb::read_spieler(&data("spieler_v2.csv"), "s")
        .unwrap()
        .players;
    all.extend(
        fide::read_txt(&data("players_list_foa.txt"), "f", RatingKind::Standard)
            .unwrap()
            .players,
    );
    all.extend(
        csv::read_players(&data("anmeldung.csv"), "a")
            .unwrap()
            .players,
    );
    let found = duplicates(&all);
    let has = |a: usize, b: usize, r: &dyn Fn(&Reason) -> bool| {
        found
            .iter()
            .any(|d| d.first == a && d.second == b && r(&d.reason))
    };
    // Jörg Brückner: DSB list (1), FIDE list (7), registration (13) and as "Brueckner, Joerg" (15).
    assert!(has(1, 7, &|r| *r == Reason::FideId(99000020)));
    assert!(has(1, 13, &|r| matches!(r, Reason::DsbId(_))));
    assert!(has(
        13,
        15,
        &|r| matches!(r, Reason::NameAndBirthYear(n, 1975) if n == "brueckner joerg")
    ));
    // Hanna Vandermeer: DSB list (4) and FIDE list (6).
    assert!(has(4, 6, &|r| *r == Reason::FideId(99000011)));
    assert!(found.iter().all(|d| d.first < d.second));
    assert!(
        !found.iter().any(|d| d.first == 0 || d.second == 0),
        "Ida Quast is unique: {found:?}"
    );
}
