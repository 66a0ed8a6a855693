//! Throughput of the dead-position analysis on the CHA corpora (single thread):
//! `cargo bench -p laws --bench dead_position` runs the quick tier and the
//! board's bound ([`Tier::board`]); add `-- quick` for the quick tier only,
//! `-- full` for the default full tier too. Totals are wall clock and CPU time
//! of the thread (`/proc/thread-self/schedstat`), as the machine is shared;
//! the worst single answer is wall clock (an upper bound of its CPU time).

use std::time::{Duration, Instant};

use laws::dead_position::{Tier, Verdict, analyse, analyse_dead_position};
use shakmaty::fen::Fen;
use shakmaty::{Chess, Color};
use testkit::{corpus_position, shared_data, thread_cpu_ns};

fn corpus(name: &str) -> String {
    let path = shared_data(&format!("dead-positions/{name}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn measure(label: &str, jobs: &[(Chess, Color)], tier: Tier) {
    let mut worst = (Duration::ZERO, 0);
    let (mut nodes, mut decided) = (0, 0);
    let start = Instant::now();
    let cpu_start = thread_cpu_ns();
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
    let cpu = (thread_cpu_ns() - cpu_start) as f64 / 1e9;
    let (pos, winner) = &jobs[worst.1];
    println!(
        "{label}: {} (pos, colour), {decided} decided, wall {:.3} s, CPU {cpu:.3} s = {:.0}/s per core, {:.2} µs CPU avg, {nodes} nodes; worst {:.1} ms wall: {} {winner}",
        jobs.len(),
        total.as_secs_f64(),
        jobs.len() as f64 / cpu,
        cpu * 1e6 / jobs.len() as f64,
        worst.0.as_secs_f64() * 1e3,
        Fen::from_position(pos, shakmaty::EnPassantMode::Legal),
    );
}

/// The per-move question (`laws::game::Game` asks it after every move, Art. 5.2.2):
/// is the position dead, both sides unable to mate?
fn measure_dead(label: &str, positions: &[Chess], tier: Tier) {
    let (mut nodes, mut dead, mut worst) = (0, 0, (Duration::ZERO, 0));
    let start = Instant::now();
    let cpu_start = thread_cpu_ns();
    for (i, pos) in positions.iter().enumerate() {
        let t = Instant::now();
        let a = analyse_dead_position(pos, tier);
        nodes += a.nodes;
        dead += usize::from(a.verdict == Verdict::Unwinnable);
        let e = t.elapsed();
        if e > worst.0 {
            worst = (e, i);
        }
    }
    let total = start.elapsed();
    let cpu = (thread_cpu_ns() - cpu_start) as f64 / 1e9;
    println!(
        "{label}: {} positions, {dead} proven dead, wall {:.3} s, CPU {cpu:.3} s = {:.2} µs CPU avg, {nodes} nodes; worst {:.1} ms wall: {}",
        positions.len(),
        total.as_secs_f64(),
        cpu * 1e6 / positions.len() as f64,
        worst.0.as_secs_f64() * 1e3,
        Fen::from_position(&positions[worst.1], shakmaty::EnPassantMode::Legal),
    );
}

fn main() {
    let lichess: Vec<(Chess, Color)> = corpus("lichess-30K-games.txt")
        .lines()
        .filter_map(|l| l.trim().rsplit_once(' '))
        .map(|(fen, _)| {
            let pos = corpus_position(fen);
            let winner = !shakmaty::Position::turn(&pos);
            (pos, winner)
        })
        .collect();
    let vectors: Vec<(Chess, Color)> = corpus("test-vector.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() > 3)
        .flat_map(|l| {
            let pos = corpus_position(l[3..].trim());
            [(pos.clone(), Color::White), (pos, Color::Black)]
        })
        .collect();
    // The common case in a game: positions the quick tier dismisses without searching.
    let open: Vec<(Chess, Color)> = lichess
        .iter()
        .filter(|(pos, winner)| analyse(pos, *winner, Tier::Quick).nodes == 0)
        .cloned()
        .collect();
    let arg = |name: &str| std::env::args().any(|a| a == name);
    measure("lichess-30K quick, not searched", &open, Tier::Quick);
    measure("lichess-30K quick", &lichess, Tier::Quick);
    measure("test-vector quick", &vectors, Tier::Quick);
    // Per move: the test vector's dead positions (label `--`) and every lichess position.
    let dead: Vec<Chess> = corpus("test-vector.txt")
        .lines()
        .filter(|l| l.starts_with("-- "))
        .map(|l| corpus_position(l[3..].trim()))
        .collect();
    let games: Vec<Chess> = lichess.iter().map(|(pos, _)| pos.clone()).collect();
    measure_dead("test-vector dead (--), per move quick", &dead, Tier::Quick);
    measure_dead("lichess-30K, per move quick", &games, Tier::Quick);
    if !arg("quick") {
        measure("lichess-30K board", &lichess, Tier::board());
        measure("test-vector board", &vectors, Tier::board());
    }
    if arg("full") {
        measure("lichess-30K full", &lichess, Tier::full());
        measure("test-vector full", &vectors, Tier::full());
    }
}
