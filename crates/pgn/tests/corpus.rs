//! Every PGN file of the shared corpora goes through the importer and the
//! checker without a panic, with the findings the corpus README documents.

use std::ops::ControlFlow;
use std::path::Path;

use laws::notation::Language;
use pgn::check::{GameCheck, check};
use pgn::export::write_pgn;
use pgn::import::{ErrorKind, Warning, import};
use pgn::reader::Reader;
use pgn::text::{Encoding, decode};
use shakmaty::san::SanPlus;
use shakmaty::{Move, Position};
use testkit::shared_data;

fn check_file(path: &Path) -> (Encoding, Vec<GameCheck>) {
    let bytes = std::fs::read(path).unwrap();
    let (text, encoding) = decode(&bytes);
    (encoding, Reader::new(&text).map(|g| check(&g)).collect())
}

fn pgn_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
}

#[test]
fn every_corpus_file_imports_without_panic() {
    let mut files = Vec::new();
    pgn_files(&shared_data("pgn"), &mut files);
    assert!(files.len() >= 46, "only {} PGN files", files.len());
    let mut games = 0;
    for file in &files {
        let (_, checks) = check_file(file);
        assert!(!checks.is_empty(), "{}: no games", file.display());
        games += checks.len();
    }
    assert!(games > 4900, "{games} games");
}

#[test]
fn real_game_files_are_all_legal() {
    for (file, expected) in [
        ("pgn/twic1599_1000k.pgn", 1110),
        ("pgn/lichess_db_1000k.pgn", 438),
        ("pgn/debian-pgn-extract/eco.pgn", 2014),
    ] {
        let (_, checks) = check_file(&shared_data(file));
        assert_eq!(checks.len(), expected, "{file}");
        let errors: Vec<String> = checks
            .iter()
            .filter_map(|c| c.error.as_ref())
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{file}: {errors:?}");
    }
}

/// Our reader and importer find the same main-line moves as pgn-reader on the large files:
/// pgn-reader's SAN tokens, resolved by shakmaty from the same start, are our moves one by one.
#[test]
fn h19_18_same_main_line_moves_as_pgn_reader() {
    struct MainLine;
    impl pgn_reader::Visitor for MainLine {
        type Tags = ();
        type Movetext = Vec<SanPlus>;
        type Output = Vec<SanPlus>;
        fn begin_tags(&mut self) -> ControlFlow<Self::Output> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, _: ()) -> ControlFlow<Self::Output, Self::Movetext> {
            ControlFlow::Continue(Vec::new())
        }
        fn san(&mut self, moves: &mut Self::Movetext, san: SanPlus) -> ControlFlow<Self::Output> {
            moves.push(san);
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, moves: Self::Movetext) -> Self::Output {
            moves
        }
    }
    let mut plies = 0;
    for file in ["pgn/twic1599_1000k.pgn", "pgn/lichess_db_1000k.pgn"] {
        let bytes = std::fs::read(shared_data(file)).unwrap();
        let mut reader = pgn_reader::Reader::new(&bytes[..]);
        let mut theirs = Vec::new();
        while let Some(sans) = reader.read_game(&mut MainLine).unwrap() {
            theirs.push(sans);
        }
        let (text, _) = decode(&bytes);
        let ours: Vec<_> = Reader::new(&text).map(|raw| import(&raw)).collect();
        assert_eq!(ours.len(), theirs.len(), "{file}: games");
        for (game, sans) in ours.iter().zip(&theirs) {
            let number = game.raw.number;
            assert!(
                game.error.is_none(),
                "{file} game {number}: {:?}",
                game.error
            );
            let mut pos = game.start.as_ref().unwrap().position.position().clone();
            let resolved: Vec<Move> = sans
                .iter()
                .map(|san| {
                    let m = san.san.to_move(&pos).unwrap_or_else(|e| {
                        panic!("{file} game {number}: pgn-reader's {san}: {e}")
                    });
                    pos.play_unchecked(m);
                    m
                })
                .collect();
            assert_eq!(game.moves, resolved, "{file} game {number}");
            plies += resolved.len();
        }
    }
    // The count the corpus README gives for the two files (pgn-reader).
    assert_eq!(plies, 130_025);
}

/// The corpus README: two study FENs carry castling rights the position
/// cannot have; they are dropped with a warning and the games still read.
#[test]
fn invalid_castling_rights_in_studies_are_dropped_with_a_warning() {
    let mut files = Vec::new();
    pgn_files(&shared_data("pgn/pychess-lichess-studies"), &mut files);
    let mut repaired = Vec::new();
    for file in &files {
        for c in check_file(file).1 {
            if c.warnings.contains(&Warning::Fen(
                laws::position::Warning::CastlingRightsDropped,
            )) {
                assert!(c.error.is_none(), "{:?}", c.error);
                repaired.push(c.number);
            }
        }
    }
    assert_eq!(repaired.len(), 2, "{repaired:?}");
}

#[test]
fn latin1_file_is_decoded() {
    let (encoding, checks) = check_file(&shared_data("pgn/pychess-lichess-studies/mate_in_2.pgn"));
    assert_eq!(encoding, Encoding::Latin1);
    assert!(
        checks.iter().all(|c| c.error.is_none()),
        "{:?}",
        checks.iter().find_map(|c| c.error.clone())
    );
}

#[test]
fn utf8_bom_file_with_games_without_moves() {
    let (encoding, checks) = check_file(&shared_data("pgn/python-chess-edge/utf8-bom.pgn"));
    assert_eq!(encoding, Encoding::Utf8Bom);
    assert!(checks.len() >= 2);
    assert!(checks.iter().all(|c| c.error.is_none() && c.plies == 0));
}

#[test]
fn uci_movetext_names_the_move() {
    let (_, checks) = check_file(&shared_data("pgn/python-chess-edge/uci-moves.pgn"));
    let error = checks[0].error.as_ref().unwrap();
    assert_eq!(error.kind, ErrorKind::UciMove("g1f3".into()));
    assert_eq!((error.location.line, error.location.column), (9, 1));
}

#[test]
fn null_move_is_not_legal() {
    let (_, checks) = check_file(&shared_data("pgn/python-chess-edge/anastasian-lewis.pgn"));
    let error = checks[0].error.as_ref().unwrap();
    assert!(
        matches!(&error.kind, ErrorKind::NullMove { token, .. } if token == "Z0"),
        "{error}"
    );
}

#[test]
fn other_variants_are_rejected() {
    for file in [
        "antichess-programfox.pgn",
        "knightvuillaume-jannlee-zh-lichess.pgn",
        "saturs-jannlee-zh-lichess.pgn",
    ] {
        let (_, checks) = check_file(&shared_data(&format!("pgn/python-chess-edge/{file}")));
        for c in &checks {
            assert!(
                matches!(
                    c.error.as_ref().map(|e| &e.kind),
                    Some(ErrorKind::UnsupportedVariant(_))
                ),
                "{file}"
            );
        }
    }
}

#[test]
fn chess960_games_are_legal() {
    let (_, checks) = check_file(&shared_data(
        "pgn/python-chess-edge/cutechess-fischerrandom.pgn",
    ));
    assert!(checks.len() >= 4);
    for c in &checks {
        assert!(c.error.is_none(), "{:?}", c.error);
        assert!(c.plies > 20);
    }
}

#[test]
fn chessbase_blank_line_in_tags() {
    let (_, checks) = check_file(&shared_data(
        "pgn/python-chess-edge/chessbase-empty-line.pgn",
    ));
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0].black, "AlphaZero");
    assert!(checks[0].error.is_none());
}

/// Deterministic pseudo-random mutations of corpus bytes (flip, insert, delete,
/// duplicate) never make the importer or checker panic, and every game read
/// without error exports to PGN that reads back to the same moves.
#[test]
fn mutated_corpus_bytes_do_not_panic() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let files = [
        "pgn/python-chess-edge/cutechess-fischerrandom.pgn",
        "pgn/python-chess-edge/kasparov-deep-blue-1997.pgn",
        "pgn/pychess-lichess-studies/mate_in_2.pgn",
        "pgn/python-chess-edge/utf8-bom.pgn",
    ];
    let tokens: &[&[u8]] = &[
        b"{",
        b"}",
        b"(",
        b")",
        b"[",
        b"]",
        b"\"",
        b"\\",
        b"\n",
        b"%",
        b";",
        b"$",
        b"1-0",
        b"O-O",
        b"Z0",
        b"\xff",
        b"\xc3",
        b"e8=Q",
        b"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
    ];
    for file in files {
        let original = std::fs::read(shared_data(file)).unwrap();
        for _ in 0..300 {
            let mut bytes = original.clone();
            for _ in 0..(1 + next() % 8) {
                let at = (next() as usize) % (bytes.len() + 1);
                match next() % 4 {
                    0 if at < bytes.len() => bytes[at] = next() as u8,
                    1 => {
                        let token = tokens[(next() as usize) % tokens.len()];
                        bytes.splice(at..at, token.iter().copied());
                    }
                    2 if at < bytes.len() => {
                        let end = (at + (next() as usize) % 64).min(bytes.len());
                        bytes.drain(at..end);
                    }
                    _ => {
                        let end = (at + (next() as usize) % 64).min(bytes.len());
                        let copy = bytes[at..end].to_vec();
                        bytes.splice(at..at, copy);
                    }
                }
            }
            let (text, _) = decode(&bytes);
            for raw in Reader::new(&text) {
                let report = check(&raw);
                if let Some(e) = &report.error {
                    assert!(e.location.line >= 1 && e.location.column >= 1);
                }
                let game = import(&raw);
                if let (None, Some(start)) = (&game.error, &game.start) {
                    let tags: Vec<(&str, &str)> = raw
                        .tags
                        .iter()
                        .map(|t| (t.name, t.value.as_ref()))
                        .collect();
                    let out =
                        write_pgn(&tags, &start.position, &game.moves, None, Language::English);
                    let back = Reader::new(&out).next().map(|r| import(&r).moves);
                    assert_eq!(back.as_deref(), Some(&game.moves[..]), "{out}");
                }
            }
        }
    }
}
