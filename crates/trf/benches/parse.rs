//! Parse, validate and write every TRF file of the shared corpus; prints throughput.
//! Run: `cargo bench -p trf --bench parse`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use trf::{Colour, Line, Person, Player, Points, Record, ResultCode, RoundEntry, Tournament};

/// 9999 players, 15 rounds: in round r, players 2k-1 and 2k meet (white wins), 9999 gets the PAB.
fn largest_trf_event() -> String {
    let rounds = 15;
    let mut t = Tournament::default();
    t.lines_mut().push(Line::new(Record::TotalRounds(rounds)));
    for n in 1..=9999u16 {
        let odd = n % 2 == 1;
        let entry = if n == 9999 {
            RoundEntry::bye(ResultCode::PairingAllocatedBye)
        } else {
            RoundEntry {
                opponent: Some(if odd { n + 1 } else { n - 1 }),
                colour: Some(if odd { Colour::White } else { Colour::Black }),
                result: if odd {
                    ResultCode::Win
                } else {
                    ResultCode::Loss
                },
            }
        };
        let points = if odd {
            Points::from_halves(2 * 15)
        } else {
            Points::ZERO
        };
        t.lines_mut().push(Line::new(Record::Player(Player {
            person: Person {
                number: n,
                name: format!("Player {n:04}"),
                rating: Some(1000 + n % 1800),
                ..Person::default()
            },
            points: Some(points),
            rank: Some(n),
            rounds: vec![entry; 15],
        })));
    }
    t.write().expect("writable")
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "trf" || e == "input") {
            out.push(path);
        }
    }
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/trf");
    let mut files = Vec::new();
    collect(&root, &mut files);
    assert!(!files.is_empty(), "corpus {} is missing", root.display());
    let texts: Vec<Vec<u8>> = files.iter().filter_map(|f| std::fs::read(f).ok()).collect();
    let bytes: usize = texts.iter().map(Vec::len).sum();
    let iterations = 20;
    let start = Instant::now();
    let mut players = 0;
    for _ in 0..iterations {
        for text in &texts {
            if let Ok(t) = Tournament::from_bytes(text) {
                players += t.validate().players;
                std::hint::black_box(t.write().ok());
            }
        }
    }
    let elapsed = start.elapsed();
    let big = largest_trf_event();
    let big_start = Instant::now();
    let t = Tournament::parse(&big).expect("parses");
    let parsed = big_start.elapsed();
    let report = t.validate();
    let validated = big_start.elapsed();
    let written = t.write().expect("writable");
    let total = big_start.elapsed();
    assert!(report.is_valid() && written == big);
    println!(
        "9999 players x 15 rounds ({} bytes): parse {:.1} ms, validate {:.1} ms, write {:.1} ms",
        big.len(),
        parsed.as_secs_f64() * 1e3,
        (validated - parsed).as_secs_f64() * 1e3,
        (total - validated).as_secs_f64() * 1e3
    );
    let mb = (bytes * iterations) as f64 / 1e6;
    println!(
        "{} files, {} bytes, {iterations} iterations: {:.3} s, {:.1} MB/s parse+validate+write, {} player records",
        texts.len(),
        bytes,
        elapsed.as_secs_f64(),
        mb / elapsed.as_secs_f64(),
        players / iterations
    );
}
