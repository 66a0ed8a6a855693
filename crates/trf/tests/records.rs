//! Record-level behaviour: columns, errors, scoring, validation and conversion.

use laws::ByeKind;
use trf::{
    Colour, DutchSystem, Format, Header, Points, Record, ResultCode, RoundEntry, Severity, Sex,
    Tournament, WriteError,
};

const P1: &str = "001    1 m GM Kasparov, Garry                   2812 RUS     4100018 1963/04/13  1.5    2     2 w 1     3 b =";
const P2: &str = "001    2   IM Kramnik, Vladimir                 2750 RUS     4101588 1975/06/25  0.5    3     1 b 0  0000 - H";
const P3: &str = "001    3 w    Polgar, Judit                     2735 HUN      700070 1976/07/23  1.5    1  0000 - U     1 w =";

fn three_players(extra: &str) -> Tournament {
    format!("012 Test\nXXR 3\n{extra}{P1}\n{P2}\n{P3}\n")
        .parse()
        .expect("valid TRF")
}

#[test]
fn player_record_columns() {
    let t = three_players("");
    let p = t.player(1).expect("player 1");
    assert_eq!(p.person.sex, Some(Sex::Male));
    assert_eq!(p.person.title, "GM");
    assert_eq!(p.person.name, "Kasparov, Garry");
    assert_eq!(p.person.rating, Some(2812));
    assert_eq!(p.person.federation, "RUS");
    assert_eq!(p.person.id, "4100018");
    assert_eq!(p.person.birth_date, "1963/04/13");
    assert_eq!(p.points, Some(Points::from_halves(3)));
    assert_eq!(p.rank, Some(2));
    assert_eq!(
        p.rounds,
        vec![
            RoundEntry {
                opponent: Some(2),
                colour: Some(Colour::White),
                result: ResultCode::Win
            },
            RoundEntry {
                opponent: Some(3),
                colour: Some(Colour::Black),
                result: ResultCode::Draw
            },
        ]
    );
    assert_eq!(
        t.player(2).and_then(|p| p.round(2)),
        Some(&RoundEntry::bye(ResultCode::HalfPointBye))
    );
    assert_eq!(t.rounds_played(), 2);
    assert_eq!(t.total_rounds(), Some(3));
    assert_eq!(t.format(), Format::Trf16);
}

#[test]
fn canonical_player_line_is_column_exact() {
    let t = three_players("");
    for (line, expected) in t.lines().iter().skip(2).zip([P1, P2, P3]) {
        assert_eq!(line.record.write().expect("writable"), expected);
    }
}

#[test]
fn errors_name_line_and_column() {
    let bad = format!("012 Test\n{}\n", P1.replace("2 w 1", "2 x 1"));
    let e = bad.parse::<Tournament>().expect_err("bad colour");
    assert_eq!((e.line, e.column), (2, 97));
    assert_eq!(
        e.to_string(),
        "line 2, column 97: expected colour w, b or -"
    );

    let e = "001 abcd".parse::<Tournament>().expect_err("bad number");
    assert_eq!((e.line, e.column), (1, 5));

    let e = "012 x\r142 many\r"
        .parse::<Tournament>()
        .expect_err("bad 142");
    assert_eq!((e.line, e.column), (2, 5));

    let e = Tournament::from_bytes(b"012 ok\n012 \xff").expect_err("not UTF-8");
    assert_eq!((e.line, e.column), (2, 5));
}

#[test]
fn line_endings_cr_lf_crlf_and_mixed() {
    for text in [
        "012 A\r022 B\r",
        "012 A\n022 B\n",
        "012 A\r\n022 B\r\n",
        "012 A\r\n022 B\r012 C",
    ] {
        let t: Tournament = text.parse().expect("parses");
        assert_eq!(t.name(), Some("A"));
        assert_eq!(t.header_text(22), Some("B"));
        assert_eq!(
            t.write()
                .expect("writable")
                .replace("\r\n", "\r")
                .replace('\n', "\r"),
            text.replace("\r\n", "\r").replace('\n', "\r")
        );
    }
}

#[test]
fn scoring_points_may_fill_their_columns() {
    let t: Tournament = "162  W11.5    d 0.5".parse().expect("parses");
    assert_eq!(t.scoring().win_white, Points::from_tenths(115));
    assert_eq!(t.scoring().draw_black, Points::HALF);
    let e = "162  1 1.0".parse::<Tournament>().expect_err("bad symbol");
    assert_eq!((e.line, e.column), (1, 6));
}

#[test]
fn byte_order_mark_is_skipped_and_kept() {
    let text = "\u{feff}012 A\r\nXXR 3\r\n";
    let t: Tournament = text.parse().expect("parses");
    assert_eq!(t.name(), Some("A"));
    assert_eq!(t.write().expect("writable"), text);
}

#[test]
fn unknown_lines_survive_in_place() {
    let text = "012 A\nDAT 0001 EMAIL a@b.c\n\n101    7 junk\n# hash comment\n###TRF-2026 comment\nXXR 3\n";
    let t: Tournament = text.parse().expect("parses");
    assert!(matches!(&t.lines()[1].record, Record::Unknown(s) if s == "DAT 0001 EMAIL a@b.c"));
    assert!(matches!(&t.lines()[2].record, Record::Unknown(s) if s.is_empty()));
    assert!(matches!(&t.lines()[5].record, Record::Comment(s) if s == "TRF-2026 comment"));
    assert_eq!(t.write().expect("writable"), text);
    let converted = t
        .convert(Format::Trf16)
        .tournament
        .write()
        .expect("writable");
    assert!(converted.contains("DAT 0001 EMAIL a@b.c\n\n101    7 junk\n# hash comment\n"));
}

#[test]
fn trf26_records_parse() {
    let text = "\
142 9
152 B
162 W 3.0    D 1.0    L 0.0    A 0.0    P 3.0
192 FIDE_DUTCH_2026
240 H   3    1    2
250  1.0  1.0   1   2    1    2
260   1   9    1    3
299 +   2.0   1.5    2    1
300   1   1   2 0001 0000 0002
310   1 Team Alpha                       TA    2400.0   12.0   23.5   1     1    2
320  2.0  2.0 001 000 002
330 +-   2   1   2
352 WBWB
362 TW  2.0   TD  1.0   TL  0.0
GER    1      Schmidt, Hans                     1987 GER    12345678
";
    let t: Tournament = text.parse().expect("parses");
    assert_eq!(t.format(), Format::Trf26);
    assert_eq!(t.total_rounds(), Some(9));
    assert_eq!(t.initial_colour(), Some(Colour::Black));
    assert_eq!(t.pairing_system(), Some("FIDE_DUTCH_2026"));
    assert!(t.is_team_tournament());
    let scoring = t.scoring();
    assert_eq!(scoring.win_black, Points::from_tenths(30));
    assert_eq!(scoring.half_bye, Points::ONE);
    assert_eq!(scoring.pab, Points::from_tenths(30));
    assert_eq!(
        t.requested_byes(3),
        vec![(1, ResultCode::HalfPointBye), (2, ResultCode::HalfPointBye)]
    );
    assert_eq!(t.acceleration(2, 2), Points::ONE);
    assert_eq!(t.acceleration(2, 3), Points::ZERO);
    assert_eq!(t.prohibited_pairings(5), vec![&[1u16, 3][..]]);
    let records: Vec<&Record> = t.records().collect();
    assert!(
        matches!(records[4], Record::Bye(b) if b.kind == ByeKind::Half && b.round == 3 && b.players == [1, 2])
    );
    assert!(
        matches!(records[7], Record::AbnormalPoints(a) if a.kind == Some('+') && a.round == 2 && a.players == [1])
    );
    assert!(matches!(records[8], Record::LineUp(l) if l.players == [Some(1), None, Some(2)]));
    assert!(
        matches!(records[9], Record::Team(team) if team.name == "Team Alpha" && team.nickname == "TA" && team.rank == Some(1) && team.players == [1, 2])
    );
    assert!(matches!(records[10], Record::TeamPab(p) if p.teams == [Some(1), None, Some(2)]));
    assert!(
        matches!(records[11], Record::ForfeitedMatch(m) if m.kind == "+-" && m.white == 1 && m.black == 2)
    );
    assert!(
        matches!(records[12], Record::Header(Header::Text { code: 352, value }) if value == "WBWB")
    );
    assert!(
        matches!(records[14], Record::NationalRating(n) if n.federation == "GER" && n.person.rating == Some(1987) && n.person.id == "12345678")
    );
    let canonical_162 = records[2].write().expect("writable");
    assert_eq!(
        canonical_162,
        "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"
    );
    let canonical_362 = records[13].write().expect("writable");
    assert_eq!(canonical_362, "362 TW 2.0   TD 1.0   TL 0.0");
    for line in t.lines() {
        let canonical = line.record.write().expect("writable");
        assert_eq!(
            Record::parse(&canonical, 1).as_ref(),
            Ok(&line.record),
            "{canonical}"
        );
    }
}

#[test]
fn dutch_system_codes() {
    let code = |text: &str| text.parse::<Tournament>().expect("parses").dutch_system();
    assert_eq!(
        code("192 FIDE_DUTCH_2017"),
        Some(DutchSystem {
            edition: Some(2017),
            baku: false
        })
    );
    assert_eq!(
        code("192 FIDE_DUTCH_2026_BAKU"),
        Some(DutchSystem {
            edition: Some(2026),
            baku: true
        })
    );
    assert_eq!(
        code("192 FIDE_DUTCH"),
        Some(DutchSystem {
            edition: None,
            baku: false
        })
    );
    assert_eq!(code("192 FIDE_DUBOV"), None);
    assert_eq!(code("012 no system"), None);
}

#[test]
fn extension_records_parse() {
    let text = "XXR 7\nXXC rank black1\nXXA    3  1.0  1.0  0.5\nXXP 1 2\nXXZ 4 5\nXXS WW=1.0 BW=1.0 HPB=0.5 PAB=0.5\nBBU 0.5\n";
    let t: Tournament = text.parse().expect("parses");
    assert_eq!(t.total_rounds(), Some(7));
    assert_eq!(t.initial_colour(), Some(Colour::Black));
    assert!(t.pair_by_rank());
    assert_eq!(t.acceleration(3, 3), Points::HALF);
    assert_eq!(
        t.requested_byes(1),
        vec![(4, ResultCode::ZeroPointBye), (5, ResultCode::ZeroPointBye)]
    );
    assert_eq!(t.prohibited_pairings(6), vec![&[1u16, 2][..]]);
    assert_eq!(t.scoring().pab, Points::HALF);
    assert_eq!(t.format(), Format::Trf16);
}

#[test]
fn validation_accepts_a_consistent_file() {
    let report = three_players("").validate();
    assert!(report.is_valid(), "{:?}", report.issues);
    assert_eq!(
        (report.players, report.rounds, report.points_checked),
        (3, 2, 3)
    );
}

#[test]
fn validation_rejects_wrong_points_at_column_81() {
    let t: Tournament = format!("{}\n{P2}\n{P3}\n", P1.replace(" 1.5    2", " 2.0    2"))
        .parse()
        .expect("parses");
    let report = t.validate();
    let e = report.errors().next().expect("points error");
    assert_eq!((e.line, e.column), (1, 81));
    assert!(
        e.message.contains("2.0") && e.message.contains("1.5"),
        "{e}"
    );
}

#[test]
fn validation_uses_the_scoring_system_of_162() {
    let t: Tournament = format!(
        "162 W 3.0    D 1.0\n{}\n{}\n{}\n",
        P1.replace(" 1.5 ", " 4.0 "),
        P2.replace(" 0.5 ", " 1.0 "),
        P3.replace(" 1.5 ", " 4.0 ")
    )
    .parse()
    .expect("parses");
    let report = t.validate();
    assert!(report.is_valid(), "{:?}", report.issues);
}

#[test]
fn validation_rejects_asymmetric_pairings_and_equal_colours() {
    let t: Tournament = format!("{P1}\n{}\n{P3}\n", P2.replace("1 b 0", "3 b 0"))
        .parse()
        .expect("parses");
    assert!(
        t.validate()
            .errors()
            .any(|e| e.message.contains("is not against"))
    );
    let t: Tournament = format!("{P1}\n{}\n{P3}\n", P2.replace("1 b 0", "1 w 0"))
        .parse()
        .expect("parses");
    assert!(
        t.validate()
            .errors()
            .any(|e| e.message.contains("same colour") && e.column == 97)
    );
}

#[test]
fn validation_rejects_gaps_duplicates_and_extra_rounds() {
    let t: Tournament = format!("XXR 1\n{P1}\n{P2}\n{P3}\n")
        .parse()
        .expect("parses");
    assert!(
        t.validate()
            .errors()
            .any(|e| e.column == 102 && e.message.contains("has 2 rounds"))
    );
    let t: Tournament = format!("{P1}\n{P1}\n").parse().expect("parses");
    assert!(
        t.validate()
            .errors()
            .any(|e| e.message.contains("used twice"))
    );
    let t: Tournament = format!("{P1}\n{P3}\n").parse().expect("parses");
    assert!(
        t.validate()
            .errors()
            .any(|e| e.message.contains("number 2 is missing"))
    );
}

/// Laws case B-019: a game is worth at most one point in total (Art. 10.1); 0-0 and ½-0 are
/// possible outcomes (Art. 10.2, 11.8) and accepted.
#[test]
fn b_019_points() {
    let both_won: Tournament = format!(
        "{P1}\n{}\n{P3}\n",
        P2.replace("1 b 0", "1 b 1").replace(" 0.5 ", " 1.5 ")
    )
    .parse()
    .expect("parses");
    let report = both_won.validate();
    let e = report
        .errors()
        .find(|e| e.article.as_str() == "Art. 10.1")
        .expect("Art. 10.1 error");
    assert_eq!(e.severity, Severity::Error);
    let double_loss: Tournament = format!(
        "{}\n{P2}\n{P3}\n",
        P1.replace("2 w 1", "2 w 0").replace(" 1.5 ", " 0.5 ")
    )
    .parse()
    .expect("parses");
    assert!(
        double_loss.validate().is_valid(),
        "{:?}",
        double_loss.validate().issues
    );
    let half_zero: Tournament = format!(
        "{}\n{P2}\n{P3}\n",
        P1.replace("2 w 1", "2 w =").replace(" 1.5 ", " 1.0 ")
    )
    .parse()
    .expect("parses");
    assert!(half_zero.validate().is_valid());
}

#[test]
fn validation_rejects_two_pabs_in_one_round() {
    let t: Tournament = "\
001    1      A                                                                  1.0    1  0000 - U
001    2      B                                                                  1.0    2  0000 - U\n"
        .parse()
        .expect("parses");
    let report = t.validate();
    let e = report.errors().next().expect("two PABs");
    assert_eq!((e.line, e.column), (2, 99));
}

#[test]
fn validation_warns_when_extensions_disagree_with_trf26_headers() {
    let t: Tournament = "142 9\n152 W\nXXR 7\nXXC black1\n".parse().expect("parses");
    let report = t.validate();
    assert!(report.is_valid());
    let lines: Vec<usize> = report.warnings().map(|w| w.line).collect();
    assert_eq!(lines, [3, 4]);
    assert_eq!(t.total_rounds(), Some(9));
    assert_eq!(t.initial_colour(), Some(Colour::White));
}

#[test]
fn trailing_requested_byes_are_not_counted_as_played() {
    let t: Tournament = "XXR 3\n\
001    1      A                                                                  1.0    1     2 w 1  0000 - H\n\
001    2      B                                                                  0.0    2     1 b 0  0000 - Z\n"
        .parse()
        .expect("parses");
    assert_eq!(t.rounds_played(), 1);
    assert_eq!(
        t.requested_byes(2),
        vec![(1, ResultCode::HalfPointBye), (2, ResultCode::ZeroPointBye)]
    );
    assert!(t.validate().is_valid());
}

#[test]
fn writing_refuses_pairing_numbers_beyond_9999() {
    let mut t = three_players("");
    if let Some(p) = t.players_mut().next() {
        p.person.number = 10_000;
    }
    assert_eq!(t.write(), Err(WriteError::PairingNumber(10_000)));
    assert!(
        t.write()
            .expect_err("too big")
            .to_string()
            .contains("1-9999")
    );
}

#[test]
fn h19_02_writing_refuses_line_breaks_inside_a_field() {
    let mut t = three_players("");
    if let Some(p) = t.players_mut().next() {
        p.person.name = "Eve\n001    9      Forged".to_string();
    }
    assert!(matches!(t.write(), Err(WriteError::ControlCharacter(_))));
    let header = Record::Header(trf::Header::Text {
        code: 12,
        value: "Open\r\n001 forged".to_string(),
    });
    assert!(matches!(
        header.write(),
        Err(WriteError::ControlCharacter(_))
    ));
}

#[test]
fn writing_refuses_values_wider_than_their_columns() {
    let team = Record::ForfeitedMatch(trf::ForfeitedMatch {
        kind: "+-".to_string(),
        round: 1,
        white: 1000,
        black: 2,
    });
    assert!(matches!(team.write(), Err(WriteError::Unrepresentable(_))));
    let bye = Record::BbpScoring('U', Points::from_tenths(123_456));
    assert!(matches!(bye.write(), Ok(text) if text == "BBU 12345.6"));
}

#[test]
fn edited_lines_are_rewritten_unchanged_lines_kept() {
    let mut t = three_players("");
    if let Some(p) = t.players_mut().nth(1) {
        p.points = Some(Points::ONE);
    }
    let written = t.write().expect("writable");
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines[2], P1);
    assert_eq!(lines[3], P2.replace(" 0.5 ", " 1.0 "));
}

#[test]
fn convert_trf16_to_trf26_and_back() {
    let t: Tournament = format!("012 Test\nXXR 3\nXXC white1\nXXS W=3.0 D=1.0 FW=3.0 FPB=3.0 HPB=1.0 PAB=3.0\nXXA    1  1.0  1.0  0.5\nXXP 1 3\nXXZ 2\n013 Club                             1    3\n{P1}\n{P2}\n{P3}\n")
        .parse()
        .expect("parses");
    let up = t.convert(Format::Trf26);
    let t26 = &up.tournament;
    assert_eq!(t26.format(), Format::Trf26);
    let text = t26.write().expect("writable");
    assert!(
        text.contains("\n142 3\n152 W\n162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0\n"),
        "{text}"
    );
    assert!(
        text.contains("250       1.0   1   2    1    1\n250       0.5   3   3    1    1\n"),
        "{text}"
    );
    assert!(text.contains("260   1   3    1    3\n"), "{text}");
    assert!(text.contains("240 Z   3    2\n"), "{text}");
    assert!(text.contains("310   1 Club"), "{text}");
    assert!(
        up.notes.iter().any(|n| n.contains("XXA -> 250")),
        "{:?}",
        up.notes
    );
    assert_eq!(t26.acceleration(1, 3), t.acceleration(1, 3));
    assert_eq!(t26.scoring(), t.scoring());
    assert_eq!(t26.requested_byes(3), t.requested_byes(3));

    let down = t26.convert(Format::Trf16).tournament;
    assert_eq!(down.format(), Format::Trf16);
    assert_eq!(down.acceleration(1, 2), Points::ONE);
    assert_eq!(
        down.player(2).and_then(|p| p.round(3)),
        Some(&RoundEntry::bye(ResultCode::ZeroPointBye))
    );
    assert_eq!(down.prohibited_pairings(3), vec![&[1u16, 3][..]]);
    assert!(
        down.records()
            .any(|r| matches!(r, Record::LegacyTeam(team) if team.players == [1, 3]))
    );
}

#[test]
fn convert_trf26_to_trf16_reports_dropped_records() {
    let t: Tournament = "012 X\n142 5\n152 B\n192 FIDE_DUTCH_2026\n330 +-   2   1   2\n### note\n"
        .parse()
        .expect("parses");
    let c = t.convert(Format::Trf16);
    let text = c.tournament.write().expect("writable");
    assert_eq!(text, "012 X\nXXR 5\nXXC black1\n");
    assert!(
        c.notes
            .contains(&"1 x 192 dropped (no TRF16 equivalent)".to_string()),
        "{:?}",
        c.notes
    );
    assert!(
        c.notes
            .contains(&"1 x 330 dropped (no TRF16 equivalent)".to_string())
    );
    assert!(c.notes.contains(&"1 x ### comment dropped".to_string()));
}

/// A `240` record holds a requested bye (`F`, `H`, `Z`); the pairing-allocated bye (`U`) is the
/// engine's to give, so it is refused when read and cannot be written.
#[test]
fn h16_01_a_240_record_never_holds_a_pairing_allocated_bye() {
    let e = Record::parse("240 U   3    1    2", 7).unwrap_err();
    assert_eq!((e.line, e.column), (7, 5));
    assert!(e.to_string().contains("bye type F, H or Z"), "{e}");
    for kind in [ByeKind::Full, ByeKind::Half, ByeKind::Zero] {
        let bye = Record::Bye(trf::Bye {
            kind,
            round: 3,
            players: vec![1, 2],
        });
        let text = bye.write().expect("a requested bye is written");
        assert_eq!(text, format!("240 {}   3    1    2", kind.code()));
        assert_eq!(Record::parse(&text, 1), Ok(bye));
    }
    let pab = Record::Bye(trf::Bye {
        kind: ByeKind::PairingAllocated,
        round: 3,
        players: vec![1],
    });
    assert!(matches!(pab.write(), Err(WriteError::Unrepresentable(_))));
    assert_eq!(
        ResultCode::from(ByeKind::PairingAllocated),
        ResultCode::PairingAllocatedBye
    );
    assert_eq!(ResultCode::from(ByeKind::Half), ResultCode::HalfPointBye);
}

#[test]
fn h13_bbw_sets_the_pairing_allocated_bye_unless_bbu_does() {
    // As bbpPairings reads them (v5 writes BBU only when it differs from BBW): the PAB
    // scores BBW, in whichever order the records come, unless a BBU record says otherwise.
    let t = three_players("BBW 3.0\nBBD 1.0\n");
    assert_eq!(t.scoring().pab, Points::from_tenths(30));
    assert_eq!(t.scoring().win_white, Points::from_tenths(30));
    let t = three_players("BBU 0.5\nBBW 3.0\n");
    assert_eq!(t.scoring().pab, Points::HALF);
    let t = three_players("BBW 3.0\nBBU 0.5\n");
    assert_eq!(t.scoring().pab, Points::HALF);
}
