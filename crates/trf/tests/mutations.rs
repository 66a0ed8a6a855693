//! The parser, validator and writer never panic: deterministic pseudo-random mutations of
//! every corpus file (byte flips, deletions, insertions of TRF-significant characters, NUL,
//! control characters and huge numbers, truncations, line duplication), and every refusal
//! names a line and column inside the file (issue #19 acceptance).

mod common;

use testkit::{Rng, lines_in, mutate};
use trf::{Format, LineEnding, Tournament, WriteOptions};

const INTERESTING: &[u8] = b" 0123456789.-+=*#wbWBDLHFUZX\r\n\t\xc3\xa9\xff";

fn exercise(data: &[u8]) {
    let Ok(t) = Tournament::from_bytes(data) else {
        return;
    };
    let report = t.validate();
    assert_eq!(report.players, t.players().count());
    let _ = t.scoring();
    let _ = t.requested_byes(t.rounds_played() + 1);
    let _ = t.prohibited_pairings(1);
    for format in [Format::Trf16, Format::Trf26] {
        let converted = t.convert(format).tournament;
        if let Ok(text) = converted.write() {
            Tournament::parse(&text).expect("own output parses");
        }
    }
    if let Ok(text) = t.write_with(WriteOptions {
        line_ending: LineEnding::CrLf,
        verbatim: false,
    }) {
        let again = Tournament::parse(&text).expect("canonical output parses");
        assert_eq!(again, t);
    }
}

#[test]
fn h19_fuzz_trf_mutated_corpus_files_never_panic_and_refusals_name_line_and_column() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut parsed = 0;
    let mut rejected = 0;
    for path in common::trf_files() {
        let original = std::fs::read(&path).expect("readable corpus file");
        for _ in 0..20 {
            let mut data = original.clone();
            mutate(&mut rng, &mut data, INTERESTING);
            match Tournament::from_bytes(&data) {
                Ok(_) => parsed += 1,
                Err(e) => {
                    assert!(
                        (1..=lines_in(&data)).contains(&e.line) && e.column >= 1,
                        "{e}"
                    );
                    rejected += 1;
                }
            }
            exercise(&data);
        }
    }
    assert!(
        parsed > 0 && rejected > 0,
        "parsed {parsed}, rejected {rejected}"
    );
}
