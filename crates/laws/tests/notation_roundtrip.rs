//! Write → parse identity for algebraic notation (Appendix C) and announcements
//! (Appendix D.2.1): over every move of real games, over random play from all
//! Chess960 start positions, and garbage input that must not panic.

use std::{fs::File, io, ops::ControlFlow};

use laws::{
    Lang,
    chess960::StartPosition,
    notation::{
        Form, Language, announce, parse_announcement, parse_move, parse_movetext, parse_record,
        write_move,
    },
};
use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Move, Position, fen::Fen, san::San};
use testkit::Rng;

/// Checks that `m` survives writing and reading in every language and form,
/// and announcing in both wordings; returns how many texts were checked.
fn round_trip(pos: &Chess, m: Move) -> usize {
    let mut checked = 0;
    for lang in Language::ALL {
        for form in [Form::Short, Form::Long] {
            let text = write_move(pos, &m, lang, form);
            assert_eq!(
                parse_move(pos, &text, lang),
                Ok(m),
                "{text} ({lang}, {form:?}) in {}",
                fen(pos)
            );
            checked += 1;
        }
    }
    let figurine = write_move(pos, &m, Language::German, Form::Figurine);
    assert_eq!(
        parse_move(pos, &figurine, Language::English),
        Ok(m),
        "{figurine} in {}",
        fen(pos)
    );
    for lang in [Lang::De, Lang::En] {
        let spoken = announce(pos, &m, lang);
        assert_eq!(
            parse_announcement(pos, &spoken, lang),
            Ok(m),
            "{spoken} in {}",
            fen(pos)
        );
    }
    // C.10 picks the same identification as SAN's file-before-rank rule.
    let san = San::from_move(pos, m)
        .to_string()
        .replace('O', "0")
        .replace('=', "");
    let english = write_move(pos, &m, Language::English, Form::Short);
    let english = english.trim_end_matches(['+', '#']).replace(" e.p.", "");
    assert_eq!(english, san, "in {}", fen(pos));
    checked + 3
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

/// Plays each game's main line, checking every move and the whole game as one record.
struct Games {
    plies: usize,
    checked: usize,
}

impl Visitor for Games {
    type Tags = Option<Chess>;
    type Movetext = (Chess, Chess, Vec<Move>);
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Option<Chess>,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<()> {
        if name == b"FEN" {
            let fen = Fen::from_ascii(value.as_bytes()).expect("FEN tag");
            *tags = Some(
                fen.into_position(CastlingMode::Chess960)
                    .expect("legal FEN"),
            );
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Self::Movetext> {
        let start = tags.unwrap_or_default();
        ControlFlow::Continue((start.clone(), start, Vec::new()))
    }

    fn san(&mut self, (_, pos, moves): &mut Self::Movetext, san: SanPlus) -> ControlFlow<()> {
        let m = san.san.to_move(pos).expect("legal move in corpus");
        self.checked += round_trip(pos, m);
        self.plies += 1;
        moves.push(m);
        pos.play_unchecked(m);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, (start, _, moves): Self::Movetext) {
        let mut pos = start.clone();
        let mut record = String::new();
        for (i, m) in moves.iter().enumerate() {
            if i % 2 == 0 {
                record.push_str(&format!("{}.", i / 2 + 1));
            }
            record.push_str(&write_move(&pos, m, Language::German, Form::Short));
            record.push(if i % 10 == 9 { '\n' } else { ' ' });
            pos.play_unchecked(*m);
        }
        let parsed = parse_movetext(&start, &record, Language::German).expect("own record");
        assert_eq!(parsed.iter().map(|p| p.mv).collect::<Vec<_>>(), moves);
    }
}

fn corpus(name: &str) -> Games {
    let file = File::open(testkit::shared_data(name)).unwrap();
    let mut games = Games {
        plies: 0,
        checked: 0,
    };
    let mut reader = Reader::new(io::BufReader::new(file));
    while reader.read_game(&mut games).unwrap().is_some() {}
    games
}

#[test]
fn every_move_of_twic_round_trips() {
    let games = corpus("pgn/twic1599_1000k.pgn");
    assert!(games.plies > 50_000, "only {} plies", games.plies);
    eprintln!("twic: {} plies, {} texts", games.plies, games.checked);
}

#[test]
fn every_move_of_lichess_round_trips() {
    let games = corpus("pgn/lichess_db_1000k.pgn");
    assert!(games.plies > 20_000, "only {} plies", games.plies);
}

#[test]
fn every_legal_move_round_trips_in_random_chess960_play() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    let mut castles = 0;
    let mut checked = 0;
    for number in (0..960).step_by(20) {
        let fen: Fen = StartPosition::new(number).unwrap().fen().parse().unwrap();
        let mut pos: Chess = fen.into_position(CastlingMode::Chess960).unwrap();
        for _ in 0..100 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                castles += usize::from(m.is_castle());
                checked += round_trip(&pos, m);
            }
            // Prefer castling and promotions so that they occur often.
            let special: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.is_castle() || m.is_promotion())
                .collect();
            let m = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            pos.play_unchecked(m);
        }
    }
    assert!(castles > 100, "only {castles} castling moves");
    assert!(checked > 100_000, "only {checked} texts");
}

#[test]
fn garbage_never_panics() {
    const ALPHABET: &[&str] = &[
        "a",
        "b",
        "c",
        "d",
        "e",
        "f",
        "g",
        "h",
        "1",
        "2",
        "8",
        "9",
        "0",
        "K",
        "D",
        "T",
        "L",
        "S",
        "B",
        "Q",
        "R",
        "N",
        "P",
        "x",
        ":",
        "-",
        "=",
        "(",
        ")",
        "/",
        "+",
        "#",
        "!",
        "?",
        "e.p.",
        "(=)",
        "O",
        "o",
        " ",
        "\n",
        ".",
        "Кр",
        "К",
        "♘",
        "♟",
        "ä",
        "\u{0}",
        "\u{301}",
        "Anna",
        "eins",
        "Springer",
        "Lange",
        "Rochade",
        "schlägt",
        "wandelt um in",
    ];
    let mut rng = Rng::new(42);
    let positions = [
        Chess::default(),
        "r3k2r/1P4P1/8/3pP3/2N3N1/8/8/R3K2R w KQkq d6 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap(),
    ];
    let mut accepted = 0;
    for _ in 0..200_000 {
        let len = rng.below(9);
        let text: String = (0..len)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        let pos = &positions[rng.below(positions.len())];
        for lang in [Language::German, Language::English, Language::Russian] {
            accepted += usize::from(parse_record(pos, &text, lang).is_ok());
            let _ = parse_movetext(pos, &text, lang);
        }
        let _ = parse_announcement(pos, &text, Lang::De);
    }
    // Random bytes, decoded lossily.
    for _ in 0..50_000 {
        let bytes: Vec<u8> = (0..rng.below(12)).map(|_| rng.next_u64() as u8).collect();
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_record(&positions[0], &text, Language::German);
        let _ = parse_movetext(&positions[0], &text, Language::German);
        let _ = parse_announcement(&positions[0], &text, Lang::En);
    }
    assert!(accepted > 0, "the alphabet never formed a move");
}
