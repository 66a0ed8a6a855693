//! Issue #19 acceptance: thousands of byte-mutated FENs from the shared corpora are read in
//! strict and tolerant mode without a panic; a syntax error names a column inside the text (a
//! FEN is one line), an illegal position its Art. 3.10.3 reasons, and an accepted position writes
//! a FEN that reads back to the same position.

use laws::dead_position::{self, Tier};
use laws::position::{Import, ParseStartError, StartingPosition};
use shakmaty::{Color, Position};
use testkit::{Rng, mutate, shared_data};

/// Every how-manyth corpus FEN is mutated.
const STRIDE: usize = 5;
/// Mutations per FEN.
const ROUNDS: usize = 4;

/// Bytes that mean something in a FEN.
const SPECIAL: &[u8] = b"/12345678 -wbKQkqkqRBNPrbnpabcdefghAH";

fn corpus() -> Vec<String> {
    [
        "fen/valid.sfens",
        "fen/invalid.sfens",
        "fen/chess960_start_positions.sfens",
    ]
    .iter()
    .flat_map(|file| {
        let text = std::fs::read_to_string(shared_data(file)).expect("readable corpus");
        text.lines()
            .step_by(STRIDE)
            .map(str::to_owned)
            .collect::<Vec<_>>()
    })
    .collect()
}

#[test]
fn h19_fuzz_fen_refusals_name_the_column() {
    let mut rng = Rng::new(0xfe11_f00d);
    let (mut accepted, mut syntax, mut illegal) = (0, 0, 0);
    for fen in corpus() {
        for _ in 0..ROUNDS {
            let mut bytes = fen.clone().into_bytes();
            mutate(&mut rng, &mut bytes, SPECIAL);
            let text = String::from_utf8_lossy(&bytes);
            for import in [Import::Strict, Import::Tolerant] {
                match StartingPosition::from_fen(&text, import) {
                    Ok((start, _)) => {
                        accepted += 1;
                        let written = start.to_string();
                        let (again, _) = StartingPosition::from_fen(&written, import)
                            .unwrap_or_else(|e| panic!("{text:?} -> {written}: {e}"));
                        assert_eq!(again.to_string(), written, "{text:?}");
                        assert_eq!(again.position().board(), start.position().board());
                        let _ = dead_position::analyse(start.position(), Color::White, Tier::Quick);
                        let _ = start.position().legal_moves();
                    }
                    Err(ParseStartError::Syntax { column, error }) => {
                        syntax += 1;
                        let width = text.chars().count();
                        assert!(
                            (1..=width + 1).contains(&column),
                            "{text:?}: column {column}: {error}"
                        );
                    }
                    Err(ParseStartError::Illegal(reasons)) => {
                        illegal += 1;
                        assert!(!reasons.is_empty(), "{text:?}");
                    }
                    Err(e) => panic!("{text:?}: {e}"),
                }
            }
        }
    }
    assert!(
        accepted > 0 && syntax > 0 && illegal > 0,
        "accepted {accepted}, syntax {syntax}, illegal {illegal}"
    );
}
