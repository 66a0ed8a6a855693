//! Throughput of the dead-position analysis on the CHA corpora (single thread):
//! `cargo bench -p laws --bench dead_position` (add `-- quick` for the quick tier only).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use laws::dead_position::{Tier, Verdict, analyse};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, PositionError};

fn corpus(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/dead-positions")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .expect("corpus FEN")
        .into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .expect("corpus position")
}

fn measure(label: &str, jobs: &[(Chess, Color)], tier: Tier) {
    let mut worst = (Duration::ZERO, 0);
    let (mut nodes, mut decided) = (0, 0);
    let start = Instant::now();
    for (i, (pos, winner)) in jobs.iter().enumerate() {
        let t = Instant::now();
        let a = analyse(pos, *winner, tier);
        nodes += a.nodes;
        decided += usize::from(a.verdict != Verdict::Undetermined);
        let e = t.elapsed();
        if e > worst.0 {
            worst = (e, i);
        }
    }
    let total = start.elapsed();
    let (pos, winner) = &jobs[worst.1];
    println!(
        "{label}: {} (pos, colour), {decided} decided, in {:.3} s = {:.0}/s, {:.2} µs avg, {nodes} nodes; worst {:.1} ms: {} {winner}",
        jobs.len(),
        total.as_secs_f64(),
        jobs.len() as f64 / total.as_secs_f64(),
        total.as_secs_f64() * 1e6 / jobs.len() as f64,
        worst.0.as_secs_f64() * 1e3,
        Fen::from_position(pos, shakmaty::EnPassantMode::Legal),
    );
}

fn main() {
    let lichess: Vec<(Chess, Color)> = corpus("lichess-30K-games.txt")
        .lines()
        .filter_map(|l| l.trim().rsplit_once(' '))
        .map(|(fen, _)| {
            let pos = position(fen);
            let winner = !shakmaty::Position::turn(&pos);
            (pos, winner)
        })
        .collect();
    let vectors: Vec<(Chess, Color)> = corpus("test-vector.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .flat_map(|l| {
            let pos = position(l[3..].trim());
            [(pos.clone(), Color::White), (pos, Color::Black)]
        })
        .collect();
    // The common case in a game: positions the quick tier dismisses without searching.
    let open: Vec<(Chess, Color)> = lichess
        .iter()
        .filter(|(pos, winner)| analyse(pos, *winner, Tier::Quick).nodes == 0)
        .cloned()
        .collect();
    let quick_only = std::env::args().any(|a| a == "quick");
    measure("lichess-30K quick, not searched", &open, Tier::Quick);
    measure("lichess-30K quick", &lichess, Tier::Quick);
    measure("test-vector quick", &vectors, Tier::Quick);
    if !quick_only {
        measure("lichess-30K full", &lichess, Tier::full());
        measure("test-vector full", &vectors, Tier::full());
    }
}
