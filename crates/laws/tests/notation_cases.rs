//! laws-cases B-042 … B-047: algebraic notation (Appendix C) and announcements (Appendix D.2.1).

use laws::Lang;
use laws::notation::{
    Form, Language, NotationError, announce, parse_announcement, parse_move, parse_movetext,
    write_move,
};
use shakmaty::{CastlingMode, Chess, Move, Position, Role, fen::Fen, uci::UciMove};

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

fn uci(m: Move) -> String {
    UciMove::from_move(m, CastlingMode::Standard).to_string()
}

fn parsed(pos: &Chess, text: &str, lang: Language) -> String {
    match parse_move(pos, text, lang) {
        Ok(m) => uci(m),
        Err(e) => panic!("{text} ({lang}): {e}"),
    }
}

#[test]
fn b_042_piece_letters_by_language() {
    let letters = |lang: Language| -> Vec<&str> {
        [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
        ]
        .iter()
        .filter_map(|&r| lang.piece(r))
        .collect()
    };
    assert_eq!(letters(Language::German), ["K", "D", "T", "L", "S"]);
    assert_eq!(letters(Language::French), ["R", "D", "T", "F", "C"]);
    assert_eq!(letters(Language::Italian), ["R", "D", "T", "A", "C"]);
    assert_eq!(letters(Language::English), ["K", "Q", "R", "B", "N"]);
    assert_eq!(Language::German.piece(Role::Pawn), None);

    // "Rd1" is a rook move in English but a king move in French and Italian: the
    // parser must be told the language.
    let pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(parsed(&pos, "Rd1", Language::English), "a1d1");
    assert_eq!(parsed(&pos, "Rd1", Language::French), "e1d1");
    assert_eq!(parsed(&pos, "Rd1", Language::Italian), "e1d1");
    assert_eq!(parsed(&pos, "Td1", Language::German), "a1d1");
    assert!(matches!(
        parse_move(&pos, "Qd1", Language::German),
        Err(NotationError::Syntax { column: 1, .. })
    ));

    // C.4: pawns get no letter when written, whatever the language.
    let start = Chess::default();
    let e4 = parse_move(&start, "e4", Language::German).unwrap();
    for lang in Language::ALL {
        assert_eq!(write_move(&start, &e4, lang, Form::Short), "e4", "{lang}");
    }
    assert_eq!(parsed(&start, "Be4", Language::German), "e2e4");
    assert_eq!(parsed(&start, "Pe4", Language::English), "e2e4");
}

#[test]
fn b_043_move_forms() {
    let pieces = position("4k3/8/8/8/8/8/1B1P4/R3K1N1 w Q - 0 1");
    for (short, long, expected) in [
        ("Le5", "Lb2e5", "b2e5"),
        ("Sf3", "Sg1f3", "g1f3"),
        ("Td1", "Ta1d1", "a1d1"),
        ("d4", "d2d4", "d2d4"),
    ] {
        assert_eq!(parsed(&pieces, short, Language::German), expected);
        assert_eq!(parsed(&pieces, long, Language::German), expected);
        let m = parse_move(&pieces, short, Language::German).unwrap();
        assert_eq!(
            write_move(&pieces, &m, Language::German, Form::Short),
            short
        );
        assert_eq!(write_move(&pieces, &m, Language::German, Form::Long), long);
    }
    let black = position("4k3/4p3/p7/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(parsed(&black, "e7e5", Language::German), "e7e5");
    assert_eq!(parsed(&black, "a6a5", Language::German), "a6a5");

    let captures = position("4k3/8/8/1p2p3/P2P4/5p2/6PB/4K3 w - - 0 1");
    assert_eq!(parsed(&captures, "Lxe5", Language::German), "h2e5");
    assert_eq!(parsed(&captures, "Le5", Language::German), "h2e5");
    for (with_x, without_x, expected) in [
        ("dxe5", "de5", "d4e5"),
        ("gxf3", "gf3", "g2f3"),
        ("axb5", "ab5", "a4b5"),
    ] {
        assert_eq!(parsed(&captures, with_x, Language::German), expected);
        assert_eq!(parsed(&captures, without_x, Language::German), expected);
        let m = parse_move(&captures, with_x, Language::German).unwrap();
        assert_eq!(
            write_move(&captures, &m, Language::German, Form::Short),
            with_x
        );
    }

    let en_passant = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let m = parse_move(&en_passant, "exd6 e.p.", Language::German).unwrap();
    assert!(m.is_en_passant());
    assert_eq!(parse_move(&en_passant, "exd6", Language::German), Ok(m));
    assert_eq!(
        write_move(&en_passant, &m, Language::German, Form::Short),
        "exd6 e.p."
    );

    let castling = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (written, expected) in [
        ("0-0", "e1g1"),
        ("0-0-0", "e1c1"),
        ("O-O", "e1g1"),
        ("O-O-O", "e1c1"),
    ] {
        assert_eq!(parsed(&castling, written, Language::German), expected);
    }
    let short = parse_move(&castling, "0-0", Language::German).unwrap();
    assert_eq!(
        write_move(&castling, &short, Language::German, Form::Short),
        "0-0"
    );
}

#[test]
fn b_044_disambiguation() {
    for (fen, capture_fen, notations) in [
        (
            "4k3/8/8/8/8/8/8/4NKN1 w - - 0 1",
            "4k3/8/8/8/8/5p2/8/4NKN1 w - - 0 1",
            [("g1f3", "Sgf3", "Sgxf3"), ("e1f3", "Sef3", "Sexf3")],
        ),
        (
            "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1",
            "4k3/8/8/6N1/8/5p2/8/4K1N1 w - - 0 1",
            [("g5f3", "S5f3", "S5xf3"), ("g1f3", "S1f3", "S1xf3")],
        ),
        (
            "4k3/8/8/8/3N4/8/7N/4K3 w - - 0 1",
            "4k3/8/8/8/3N4/5p2/7N/4K3 w - - 0 1",
            [("h2f3", "Shf3", "Shxf3"), ("d4f3", "Sdf3", "Sdxf3")],
        ),
    ] {
        for (pos, capture) in [(position(fen), false), (position(capture_fen), true)] {
            assert_eq!(
                parse_move(&pos, "Sf3", Language::German),
                Err(NotationError::Ambiguous { candidates: 2 }),
                "{fen}"
            );
            for (expected, quiet, taking) in notations {
                let text = if capture { taking } else { quiet };
                let m = parse_move(&pos, text, Language::German).unwrap();
                assert_eq!(uci(m), expected);
                assert_eq!(write_move(&pos, &m, Language::German, Form::Short), text);
            }
        }
    }

    // Gap in C.10: three knights; neither file nor rank alone identifies the one on g1.
    let three = position("4k3/8/8/6N1/8/8/8/4NKN1 w - - 0 1");
    assert_eq!(
        parse_move(&three, "Sf3", Language::German),
        Err(NotationError::Ambiguous { candidates: 3 })
    );
    assert_eq!(
        parse_move(&three, "Sgf3", Language::German),
        Err(NotationError::Ambiguous { candidates: 2 })
    );
    assert_eq!(
        parse_move(&three, "S1f3", Language::German),
        Err(NotationError::Ambiguous { candidates: 2 })
    );
    let g1 = parse_move(&three, "Sg1f3", Language::German).unwrap();
    assert_eq!(
        write_move(&three, &g1, Language::German, Form::Short),
        "Sg1f3"
    );
    assert_eq!(
        write_move(&three, &g1, Language::English, Form::Short),
        "Ng1f3"
    );
}

#[test]
fn b_045_promotion_and_draw_offer() {
    let white = position("k4r2/3PP3/8/8/8/8/8/7K w - - 0 1");
    let black = position("7k/8/8/8/4K3/8/1p4p1/8 b - - 0 1");
    for (pos, german, english, expected) in [
        (&white, "d8D", "d8Q", "d7d8q"),
        (&white, "exf8S", "exf8N", "e7f8n"),
        (&black, "b1L", "b1B", "b2b1b"),
        (&black, "g1T", "g1R", "g2g1r"),
    ] {
        assert_eq!(parsed(pos, german, Language::German), expected);
        assert_eq!(parsed(pos, english, Language::English), expected);
        let m = parse_move(pos, german, Language::German).unwrap();
        assert_eq!(
            write_move(pos, &m, Language::German, Form::Short).trim_end_matches('+'),
            german
        );
        assert_eq!(
            write_move(pos, &m, Language::English, Form::Short).trim_end_matches('+'),
            english
        );
    }
    assert_eq!(parsed(&white, "d8=Q", Language::English), "d7d8q");
    assert_eq!(parsed(&white, "d8=D", Language::German), "d7d8q");

    let record =
        laws::notation::parse_record(&Chess::default(), "e4 (=)", Language::German).unwrap();
    assert!(record.draw_offer);
    assert_eq!(uci(record.mv), "e2e4");
}

/// Appendix C, Musterpartie, as printed in the German Laws (spacing kept).
const SAMPLE_SHORT: &str =
    "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6
8.De3 + Le7 9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)";
const SAMPLE_WITHOUT_X: &str = "1.e4 e5 2.Sf3 Sf6 3.d4 ed4 4.e5 Se4 5.Dd4 d5 6.ed6 Sd6 7.Lg5 Sc6
8.De3 + Le7 9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)";
const SAMPLE_LONG: &str =
    "1.e2e4 e7e5 2.Sg1f3 Sg8f6 3.d2d4 e5xd4 4.e4e5 Sf6e4 5.Dd1xd4 d7d5 6.e5xd6 e.p.
Se4xd6 7.Lc1g5 Sb8c6 8.Dd4e3 + Lf8e7 9.Sb1d2 0-0 10.0-0-0 Tf8e8 11.Kc1b1 (=)";
const SAMPLE_SAN: &str =
    "1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 Nxd6 7.Bg5 Nc6 8.Qe3+ Be7 9.Nbd2 O-O
10.O-O-O Re8 11.Kb1";

#[test]
fn b_046_sample_game_three_forms() {
    let start = Chess::default();
    let short = parse_movetext(&start, SAMPLE_SHORT, Language::German).unwrap();
    let without_x = parse_movetext(&start, SAMPLE_WITHOUT_X, Language::German).unwrap();
    let long = parse_movetext(&start, SAMPLE_LONG, Language::German).unwrap();
    let san = parse_movetext(&start, SAMPLE_SAN, Language::English).unwrap();
    assert_eq!(short.len(), 21);
    assert_eq!(short, without_x);
    assert_eq!(short, long);
    let moves: Vec<Move> = short.iter().map(|p| p.mv).collect();
    assert_eq!(moves, san.iter().map(|p| p.mv).collect::<Vec<_>>());

    // Only White's 11th move carries the draw offer.
    let offers: Vec<usize> = short
        .iter()
        .enumerate()
        .filter(|(_, p)| p.draw_offer)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(offers, [20]);
    assert!(moves[10].is_en_passant());

    let mut pos = start.clone();
    let mut written = [String::new(), String::new()];
    for (i, m) in moves.iter().enumerate() {
        for (text, form) in written.iter_mut().zip([Form::Short, Form::Long]) {
            if i % 2 == 0 {
                text.push_str(&format!("{}.", i / 2 + 1));
            }
            text.push_str(&write_move(&pos, m, Language::German, form));
            text.push(' ');
        }
        pos.play_unchecked(*m);
    }
    let printed = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace(" +", "+")
    };
    assert_eq!(written[0].clone() + "(=)", printed(SAMPLE_SHORT));
    assert_eq!(written[1].clone() + "(=)", printed(SAMPLE_LONG));
    let fen = Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string();
    assert_eq!(
        fen,
        "r1bqr1k1/ppp1bppp/2nn4/6B1/8/4QN2/PPPN1PPP/1K1R1B1R b - - 9 11"
    );
}

#[test]
fn b_047_announcement_vocabulary() {
    let start = Chess::default();
    for (spoken, written) in [
        ("Springer Gustav eins Felix drei", "Sg1-f3"),
        ("Bauer Eva zwei Eva vier", "e2-e4"),
    ] {
        let m = parse_move(&start, written, Language::German).unwrap();
        assert_eq!(announce(&start, &m, Lang::De), spoken);
        assert_eq!(parse_announcement(&start, spoken, Lang::De), Ok(m));
    }
    let castling = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let long = parse_move(&castling, "0-0-0", Language::German).unwrap();
    assert_eq!(announce(&castling, &long, Lang::De), "Lange Rochade");
    assert_eq!(
        parse_announcement(&castling, "Lange Rochade", Lang::De),
        Ok(long)
    );
    let short = parse_move(&castling, "0-0", Language::German).unwrap();
    assert_eq!(announce(&castling, &short, Lang::En), "Kurze Rochade");

    // Every file name and rank numeral of D.2.1, read back from the announcement.
    let files = [
        "Anna", "Bella", "Cäsar", "David", "Eva", "Felix", "Gustav", "Hector",
    ];
    let ranks = [
        "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
    ];
    let rook = position("7k/8/8/8/8/8/8/R3K3 w - - 0 1");
    for m in rook.legal_moves().iter().filter(|m| m.role() == Role::Rook) {
        let text = announce(&rook, m, Lang::De);
        let to = m.to();
        let expected = format!(
            "{} {}",
            files[to.file().to_usize()],
            ranks[to.rank().to_usize()]
        );
        assert!(text.starts_with("Turm Anna eins "), "{text}");
        assert!(text.contains(&expected), "{text}");
        assert_eq!(parse_announcement(&rook, &text, Lang::De), Ok(*m));
    }
    let promotion = position("7k/3P4/8/8/8/8/8/4K3 w - - 0 1");
    let m = parse_move(&promotion, "d8T", Language::German).unwrap();
    assert_eq!(
        announce(&promotion, &m, Lang::De),
        "Bauer David sieben David acht wandelt um in Turm Schach"
    );
}

#[test]
fn b_048_touched_and_made_on_the_special_board() {
    use laws::notation::impaired::BoardMove;
    let feeling = BoardMove::default();
    assert!(!feeling.touched());
    let lifted = BoardMove {
        lifted: true,
        ..BoardMove::default()
    };
    assert!(lifted.touched());

    // A capture is made only when the captured piece is off the board, the piece
    // is in its new hole and the move has been announced; only then the clock.
    let complete = BoardMove {
        lifted: true,
        capture: true,
        captured_removed: true,
        placed: true,
        announced: true,
    };
    assert_eq!(complete.missing(), None);
    assert!(complete.may_start_opponent_clock());
    for (m, article) in [
        (
            BoardMove {
                captured_removed: false,
                ..complete
            },
            "Appendix D.2.3.1",
        ),
        (
            BoardMove {
                placed: false,
                ..complete
            },
            "Appendix D.2.3.2",
        ),
        (
            BoardMove {
                announced: false,
                ..complete
            },
            "Appendix D.2.3.3",
        ),
    ] {
        assert_eq!(m.missing().map(|a| a.as_str()), Some(article));
        assert!(!m.may_start_opponent_clock());
    }
    // Without a capture nothing has to be removed.
    let quiet = BoardMove {
        capture: false,
        captured_removed: false,
        ..complete
    };
    assert!(quiet.may_start_opponent_clock());
}

#[test]
fn b_049_diverging_boards() {
    use laws::notation::impaired::{Correction, correct_boards};
    use shakmaty::ByColor;
    let start = Chess::default();
    let record = parse_movetext(&start, "1.e4 e5 2.Sf3 Sc6", Language::German).unwrap();
    let moves: Vec<Move> = record.iter().map(|p| p.mv).collect();
    let mut right = start.clone();
    for &m in &moves {
        right.play_unchecked(m);
    }
    // Black executed 2...Sf6 on his board although both records say 2...Sc6.
    let mut wrong = start.clone();
    for m in parse_movetext(&start, "1.e4 e5 2.Sf3 Sf6", Language::German).unwrap() {
        wrong.play_unchecked(m.mv);
    }
    let correction = correct_boards(
        &start,
        ByColor {
            white: &moves[..],
            black: &moves[..],
        },
        ByColor {
            white: right.board(),
            black: wrong.board(),
        },
    )
    .unwrap();
    assert_eq!(
        correction,
        Correction::SetUpRecordedPosition {
            position: right.board().clone(),
            players: vec![shakmaty::Color::Black]
        }
    );
    assert_eq!(correction.article().as_str(), "Appendix D.2.9");

    // The records differ from the 4th half-move: retrace to the last agreed point.
    let other: Vec<Move> = parse_movetext(&start, "1.e4 e5 2.Sf3 Sf6", Language::German)
        .unwrap()
        .iter()
        .map(|p| p.mv)
        .collect();
    let mut after_three = start.clone();
    for &m in &moves[..3] {
        after_three.play_unchecked(m);
    }
    assert_eq!(
        correct_boards(
            &start,
            ByColor {
                white: &moves[..],
                black: &other[..]
            },
            ByColor {
                white: right.board(),
                black: wrong.board()
            }
        ),
        Ok(Correction::RetractTo {
            plies: 3,
            position: after_three.board().clone()
        })
    );
}

#[test]
fn b_050_boards_clocks_assistants() {
    use laws::notation::impaired::{AssistantDuty, ImpairedClock, SpecialBoard, check_assistants};
    let good = SpecialBoard {
        side_mm: 200,
        dark_squares_raised: true,
        apertures: true,
        pegged_pieces: true,
        staunton_marked: true,
    };
    assert!(good.defects().is_empty());
    let small = SpecialBoard {
        side_mm: 190,
        apertures: false,
        ..good
    };
    let defects: Vec<&str> = small.defects().iter().map(|a| a.as_str()).collect();
    assert_eq!(defects, ["Appendix D.1.1", "Appendix D.1.3"]);

    assert!(ImpairedClock::Announcing.defects().is_empty());
    assert!(
        ImpairedClock::Analogue {
            tactile_dial: true,
            tactile_flag: true
        }
        .defects()
        .is_empty()
    );
    let no_flag = ImpairedClock::Analogue {
        tactile_dial: true,
        tactile_flag: false,
    };
    assert_eq!(
        no_flag
            .defects()
            .iter()
            .map(|a| a.as_str())
            .collect::<Vec<_>>(),
        ["Appendix D.2.6.2.2"]
    );

    // The visually impaired player's assistant may do all six duties.
    assert_eq!(
        check_assistants(Some(&AssistantDuty::ALL), None, false),
        Ok(())
    );
    // Without one, the sighted player's assistant only makes and announces moves.
    let moves_only = [AssistantDuty::MakeMoves, AssistantDuty::AnnounceMoves];
    assert_eq!(check_assistants(None, Some(&moves_only), false), Ok(()));
    let too_much = [
        AssistantDuty::MakeMoves,
        AssistantDuty::KeepScoreAndStartClock,
    ];
    assert!(check_assistants(None, Some(&too_much), false).is_err());
    assert!(check_assistants(Some(&AssistantDuty::ALL), Some(&moves_only), false).is_err());
    // Against a deaf player an assistant is mandatory.
    assert_eq!(check_assistants(None, None, false), Ok(()));
    assert_eq!(
        check_assistants(None, None, true).map_err(|a| a.as_str()),
        Err("Appendix D.2.11")
    );
    assert_eq!(check_assistants(Some(&moves_only), None, true), Ok(()));
}
