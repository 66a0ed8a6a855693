//! The parser, validator and writer never panic: deterministic pseudo-random mutations of
//! every corpus file (byte flips, deletions, insertions of TRF-significant characters,
//! truncations, line duplication).

mod common;

use testkit::Rng;
use trf::{Format, LineEnding, Tournament, WriteOptions};

const INTERESTING: &[u8] = b" 0123456789.-+=*#wbWBDLHFUZX\r\n\t\xc3\xa9\xff";

fn mutate(rng: &mut Rng, data: &mut Vec<u8>) {
    for _ in 0..=rng.below(4) {
        let at = rng.below(data.len() + 1);
        match rng.below(6) {
            0 if at < data.len() => data[at] = INTERESTING[rng.below(INTERESTING.len())],
            1 if at < data.len() => {
                data.remove(at);
            }
            2 => data.insert(at, INTERESTING[rng.below(INTERESTING.len())]),
            3 => data.truncate(at),
            4 => {
                let end = (at + rng.below(200)).min(data.len());
                let chunk = data[at..end].to_vec();
                let to = rng.below(data.len() + 1);
                data.splice(to..to, chunk);
            }
            _ if at < data.len() => data[at] = rng.next_u64() as u8,
            _ => {}
        }
    }
}

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
fn mutated_corpus_files_never_panic() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut parsed = 0;
    let mut rejected = 0;
    for path in common::trf_files() {
        let original = std::fs::read(&path).expect("readable corpus file");
        for _ in 0..40 {
            let mut data = original.clone();
            mutate(&mut rng, &mut data);
            match Tournament::from_bytes(&data) {
                Ok(_) => parsed += 1,
                Err(e) => {
                    assert!(e.line >= 1 && e.column >= 1, "{e}");
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
