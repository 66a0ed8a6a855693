//! Compares two pairings of the next round of a TRF file bracket by bracket, criterion by
//! criterion (C.04.3 C6-C21, 2017: C.5-C.19):
//! `cargo run --release -p pairing --example criteria -- FILE.trf A.txt B.txt [2017|2026]`.
//! A pairing file is what `arbiter pair -p` and `bbpPairings -p` write: the number of boards,
//! then one `WHITE BLACK` line per board (`N 0` for a bye).
//! Prints the brackets where the two differ, with each criterion's value for both pairings
//! and the first criterion that decides between them.

use pairing::dutch::{BracketCriteria, DutchEdition, criteria_by_bracket};
use pairing::trf_input;

fn read_pairs(path: &str) -> Vec<(u32, u32)> {
    let text = std::fs::read_to_string(path).expect("readable pairing file");
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let mut it = l.split_whitespace().map(|w| w.parse::<u32>());
            match (it.next(), it.next()) {
                (Some(Ok(a)), Some(Ok(b))) if a != 0 && b != 0 => Some((a, b)),
                _ => None,
            }
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("readable TRF file");
    let t: trf::Tournament = text.parse().expect("a TRF file");
    let edition = match args.get(3).map(String::as_str) {
        Some("2017") => DutchEdition::Rules2017,
        _ => DutchEdition::Rules2026,
    };
    let round = trf_input::round_to_pair(&t);
    let input = trf_input::input_for_round(&t, round).expect("a pairing input");
    let score = |file: &str| {
        criteria_by_bracket(&input, edition, &read_pairs(file)).expect("a valid round")
    };
    let (a, b) = (score(&args[1]), score(&args[2]));
    let mut first = true;
    for (x, y) in a.iter().zip(&b) {
        if same_bracket(x, y) {
            continue;
        }
        println!(
            "bracket {} ({} MDPs: {:?} / {:?})",
            x.bracket,
            x.mdps.len(),
            x.mdps,
            y.mdps
        );
        println!(
            "  absolute criteria met: A {}, B {}",
            x.absolute, y.absolute
        );
        println!(
            "  downfloaters: A {:?}, B {:?}",
            x.downfloaters, y.downfloaters
        );
        let only = |p: &BracketCriteria, q: &BracketCriteria| -> Vec<(u32, u32)> {
            p.pairs
                .iter()
                .filter(|e| !q.pairs.contains(e))
                .copied()
                .collect()
        };
        println!("  pairs only in A: {:?}", only(x, y));
        println!("  pairs only in B: {:?}", only(y, x));
        let mut decided = false;
        for ((c, va), (_, vb)) in x.values.iter().zip(&y.values) {
            let mark = if va != vb && !decided {
                decided = true;
                if va < vb {
                    "  <- decides: A better"
                } else {
                    "  <- decides: B better"
                }
            } else {
                ""
            };
            println!("  {c:?}: A {va:?} | B {vb:?}{mark}");
        }
        if !decided {
            println!("  equal on every criterion: the order of Art. 4 decides");
        }
        if first && x.mdps != y.mdps {
            println!("  (the MDPs differ: an earlier bracket decided)");
        }
        first = false;
    }
}

fn same_bracket(x: &BracketCriteria, y: &BracketCriteria) -> bool {
    let mut px = x.pairs.clone();
    let mut py = y.pairs.clone();
    px.sort_unstable();
    py.sort_unstable();
    x.mdps == y.mdps && px == py && x.downfloaters == y.downfloaters
}
