//! Dead-position corpora from CHA (see `shared/data/dead-positions/README.md`), release mode.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use laws::dead_position::{Tier, Verdict, analyse};
use shakmaty::{Color, Position};
use testkit::{assert_witness, corpus_position};

/// Runs `jobs` on two threads, returning the results in order.
fn parallel<T: Sync, R: Send>(jobs: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(jobs.len()));
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let r = f(job);
                    results.lock().unwrap().push((i, r));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Pairs decided out of 3,606 by [`Tier::full`]: a floor, raise it as the analysis improves.
const TEST_VECTOR_DECIDED_FLOOR: usize = 3605;

#[test]
fn test_vector_no_wrong_verdicts() {
    let text =
        std::fs::read_to_string(testkit::shared_data("dead-positions/test-vector.txt")).unwrap();
    let mut jobs = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (label, fen) = line.split_at(2);
        let fen = fen.trim().to_owned();
        let bytes = label.as_bytes();
        jobs.push((fen.clone(), Color::White, bytes[0] == b'W'));
        jobs.push((fen, Color::Black, bytes[1] == b'B'));
    }
    assert_eq!(jobs.len(), 3606);
    let start = Instant::now();
    let results = parallel(&jobs, |(fen, winner, winnable)| {
        let pos = corpus_position(fen);
        let t = Instant::now();
        let a = analyse(&pos, *winner, Tier::full());
        let secs = t.elapsed().as_secs_f64();
        match &a.verdict {
            Verdict::Winnable(line) => {
                assert!(
                    *winnable,
                    "{fen} {winner}: labelled unwinnable, found a mate"
                );
                assert_witness(&pos, *winner, line, fen);
            }
            Verdict::Unwinnable => assert!(!*winnable, "{fen} {winner}: WRONG unwinnable"),
            Verdict::Undetermined => {}
        }
        (a.verdict != Verdict::Undetermined, a.nodes, secs)
    });
    let decided = results.iter().filter(|r| r.0).count();
    for ((fen, winner, winnable), (d, nodes, secs)) in jobs.iter().zip(&results) {
        if !d {
            eprintln!(
                "undetermined {fen} {winner} (winnable: {winnable}) nodes {nodes} {secs:.2}s"
            );
        }
    }
    eprintln!(
        "decided {decided}/3606 in {:.1}s",
        start.elapsed().as_secs_f64()
    );
    assert!(
        decided >= TEST_VECTOR_DECIDED_FLOOR,
        "decided only {decided}"
    );
}

/// In these timeouts the side to move flagged: the intended winner (Art. 6.9) is the other side.
/// The full tier finds exactly the 3 unwinnable positions and leaves none undetermined (README).
#[test]
fn h19_18_lichess_30k_timeouts_three_unwinnable_none_undetermined() {
    let text =
        std::fs::read_to_string(testkit::shared_data("dead-positions/lichess-30K-games.txt"))
            .unwrap();
    let jobs: Vec<(String, String)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (fen, id) = l.trim().rsplit_once(' ').unwrap();
            (fen.to_owned(), id.to_owned())
        })
        .collect();
    assert_eq!(jobs.len(), 30_000);
    let start = Instant::now();
    let results = parallel(&jobs, |(fen, _)| {
        let pos = corpus_position(fen);
        let winner = !pos.turn();
        let quick = analyse(&pos, winner, Tier::Quick).verdict;
        let full = analyse(&pos, winner, Tier::full());
        if let Verdict::Winnable(line) = &full.verdict {
            assert_witness(&pos, winner, line, fen);
        }
        if quick == Verdict::Unwinnable {
            assert_eq!(
                full.verdict,
                Verdict::Unwinnable,
                "{fen}: quick and full disagree"
            );
        }
        (quick, full.verdict)
    });
    let unwinnable: Vec<&str> = jobs
        .iter()
        .zip(&results)
        .filter(|(_, (_, full))| *full == Verdict::Unwinnable)
        .map(|((_, id), _)| id.as_str())
        .collect();
    let undetermined: Vec<&str> = jobs
        .iter()
        .zip(&results)
        .filter(|(_, (_, full))| *full == Verdict::Undetermined)
        .map(|((_, id), _)| id.as_str())
        .collect();
    let quick_unwinnable = results
        .iter()
        .filter(|(quick, _)| *quick == Verdict::Unwinnable)
        .count();
    eprintln!(
        "30K: unwinnable {unwinnable:?}, undetermined {undetermined:?}, quick unwinnable {quick_unwinnable}, {:.1}s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(unwinnable, ["AHPAU56z", "tapdr97m", "VIdrelSz"]);
    assert_eq!(
        undetermined,
        Vec::<&str>::new(),
        "undetermined lichess-30K positions"
    );
}
