//! Issue #19 acceptance: thousands of byte-mutated PGN files (real games, edge cases) are read,
//! checked and exported without a panic; every refused game names a line and a column inside
//! the text, and a game read without error exports to PGN that reads back to the same moves.

use laws::notation::Language;
use pgn::check::Checker;
use pgn::export::write_pgn;
use pgn::import::import;
use pgn::reader::{Location, Reader};
use pgn::text::decode;
use testkit::{Rng, mutate, shared_data};

/// Mutations per sample.
const ROUNDS: usize = 150;

/// Bytes that mean something in PGN.
const SPECIAL: &[u8] = b"[]{}()\";%.$!?*-+=#/0123456789 OoKQRBNxabcdefgh\n";

/// The edge-case files whole, and the first games of the two large files.
fn samples() -> Vec<Vec<u8>> {
    let mut samples = Vec::new();
    let dir = shared_data("pgn/python-chess-edge");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    for file in files {
        samples.push(std::fs::read(file).expect("readable"));
    }
    for big in ["pgn/lichess_db_1000k.pgn", "pgn/twic1599_1000k.pgn"] {
        let bytes = std::fs::read(shared_data(big)).expect("readable");
        samples.push(bytes[..bytes.len().min(6000)].to_vec());
    }
    samples
}

/// The location is a character of `text` or one past the end of its line.
fn assert_inside(text: &str, at: Location, what: &dyn std::fmt::Display) {
    let line = text.split('\n').nth((at.line as usize).wrapping_sub(1));
    let width = line.map(|l| l.chars().count());
    assert!(
        at.line >= 1 && width.is_some_and(|w| (1..=w + 1).contains(&(at.column as usize))),
        "{what} is not a place in the text"
    );
}

#[test]
fn h19_fuzz_pgn_refusals_name_line_and_column() {
    let mut rng = Rng::new(0x9e11_c0de);
    let mut checker = Checker::new();
    let (mut read, mut refused) = (0, 0);
    for _ in 0..ROUNDS {
        for sample in samples() {
            let mut bytes = sample;
            mutate(&mut rng, &mut bytes, SPECIAL);
            let (text, _) = decode(&bytes);
            for raw in Reader::new(&text) {
                let report = checker.check(&raw);
                assert_inside(&text, report.location, &"a game start");
                let game = import(&raw);
                match (&game.error, &game.start) {
                    (Some(e), _) => {
                        refused += 1;
                        assert_inside(&text, e.location, e);
                    }
                    (None, Some(start)) => {
                        read += 1;
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
                    (None, None) => {}
                }
            }
        }
    }
    assert!(read > 0 && refused > 0, "read {read}, refused {refused}");
}
