//! FEN import against the shared corpora: legal positions (with Chess960
//! castling) are accepted and written back unchanged, illegal ones are
//! rejected in strict mode with the reasons of Art. 3.10.3.

use laws::{
    chess960,
    illegal_position::explain_illegal,
    position::{CastlingNotation, Import, ParseStartError, StartingPosition},
};
use shakmaty::{EnPassantMode, Position, fen::Fen};

fn lines(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(testkit::shared_data(file)).unwrap();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}

#[test]
fn valid_fens_are_accepted_and_round_trip() {
    let fens = lines("fen/valid.sfens");
    assert_eq!(fens.len(), 10_000);
    for fen in &fens {
        let (start, warnings) = StartingPosition::from_fen(fen, Import::Strict)
            .unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(warnings.is_empty(), "{fen}");
        let setup = fen.parse::<Fen>().unwrap().into_setup();
        assert_eq!(explain_illegal(&setup), [], "{fen}");
        // Written back in the same notation; the en passant square only when a capture is legal.
        let mut expected = setup.clone();
        expected.ep_square = start.position().ep_square(EnPassantMode::Legal);
        let written = start.to_string();
        let reread = written.parse::<Fen>().unwrap().into_setup();
        assert_eq!(reread, expected, "{fen} -> {written}");
        let shredder_input = fen.split(' ').nth(2).is_some_and(|c| {
            c != "-"
                && c.chars()
                    .all(|ch| matches!(ch.to_ascii_lowercase(), 'a'..='h'))
        });
        assert_eq!(
            start.notation() == CastlingNotation::Shredder,
            shredder_input,
            "{fen}"
        );
        assert_eq!(written.parse::<StartingPosition>().unwrap(), start, "{fen}");
    }
}

#[test]
fn invalid_fens_are_rejected_with_reasons() {
    let fens = lines("fen/invalid.sfens");
    assert_eq!(fens.len(), 9_992);
    for fen in &fens {
        match StartingPosition::from_fen(fen, Import::Strict) {
            Ok(_) => panic!("{fen} accepted"),
            Err(ParseStartError::Illegal(reasons)) => {
                assert!(!reasons.is_empty(), "{fen}");
                let setup = fen.parse::<Fen>().unwrap().into_setup();
                assert_eq!(explain_illegal(&setup), reasons, "{fen}");
            }
            Err(e) => panic!("{fen}: {e}"),
        }
    }
}

#[test]
fn chess960_start_positions() {
    for (n, fen) in lines("fen/chess960_start_positions.sfens")
        .iter()
        .enumerate()
    {
        let start: StartingPosition = fen.parse().unwrap();
        assert!(start.is_chess960(), "{fen}");
        let numbered = StartingPosition::chess960(chess960::StartPosition::new(n as u32).unwrap());
        assert_eq!(start, numbered, "{n}");
        assert_eq!(numbered.to_string(), *fen);
        assert_eq!(
            format!("chess960 {n}").parse::<StartingPosition>().unwrap(),
            start
        );
    }
}
