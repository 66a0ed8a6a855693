//! Figures for BENCHMARKS.md, "Dead positions": runs the full analysis on the
//! one-sided questions of `shared/data/dead-positions/test-vector.txt` on one
//! thread, checks every verdict against its label (and replays every witness),
//! and prints decided, undetermined, wrong, the CPU time of all answers and the
//! slowest, measured as the thread's CPU time (`/proc/thread-self/schedstat`).
//!
//! `cargo run --release -p laws --example dead_position_figures -- [NODES] [FEN-FILTER]`:
//! `NODES` is the node limit in work units (default [`Tier::BOARD_NODE_LIMIT`]); with `FEN-FILTER`
//! only the lines containing it run. `-v` as third argument prints every
//! undetermined question with its CPU time.

use laws::dead_position::{Tier, Verdict, analyse};
use shakmaty::Color;
use testkit::{assert_witness, corpus_position, thread_cpu_ns};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes: u64 = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(Tier::BOARD_NODE_LIMIT);
    let filter = args.get(1).cloned().unwrap_or_default();
    let verbose = args.get(2).is_some_and(|a| a == "-v");
    // `-a`: one line for every question: `q FEN|Color|verdict|units|CPU ns`.
    let all = args.get(2).is_some_and(|a| a == "-a");
    // `ONLY=FILE`: only the questions listed there as `FEN|White` or `FEN|Black`.
    let only: Option<Vec<(String, Color)>> = std::env::var("ONLY").ok().map(|file| {
        std::fs::read_to_string(file)
            .expect("ONLY file")
            .lines()
            .filter_map(|l| {
                let (fen, c) = l.split_once('|')?;
                Some((
                    fen.to_owned(),
                    if c == "White" {
                        Color::White
                    } else {
                        Color::Black
                    },
                ))
            })
            .collect()
    });
    let text = std::fs::read_to_string(testkit::shared_data("dead-positions/test-vector.txt"))
        .expect("test vector");
    let (mut decided, mut undetermined, mut wrong) = (0, 0, 0);
    let (mut total_ns, mut worst_ns, mut worst) = (0u64, 0u64, String::new());
    let mut total_nodes = 0u64;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty() && l.contains(&filter))
    {
        let (label, fen) = line.split_at(2);
        let fen = fen.trim();
        let pos = corpus_position(fen);
        for (i, winner) in [Color::White, Color::Black].into_iter().enumerate() {
            if let Some(only) = &only
                && !only.iter().any(|(f, c)| f == fen && *c == winner)
            {
                continue;
            }
            let winnable = label.as_bytes()[i] != b'-';
            let t = thread_cpu_ns();
            let a = analyse(&pos, winner, Tier::Full { node_limit: nodes });
            let ns = thread_cpu_ns() - t;
            total_ns += ns;
            total_nodes += a.nodes;
            if ns > worst_ns {
                worst_ns = ns;
                worst = format!("{fen} {winner:?} ({} nodes)", a.nodes);
            }
            if all {
                let v = match &a.verdict {
                    Verdict::Winnable(_) => "winnable",
                    Verdict::Unwinnable => "unwinnable",
                    Verdict::Undetermined => "undetermined",
                };
                println!("q {fen}|{winner:?}|{v}|{}|{}", a.nodes, ns);
            }
            if verbose && a.verdict != Verdict::Undetermined && a.nodes > 100_000 {
                println!(
                    "slow {fen} {winner:?} {} nodes {:.3} s",
                    a.nodes,
                    ns as f64 / 1e9
                );
            }
            match a.verdict {
                Verdict::Winnable(line) => {
                    assert_witness(&pos, winner, &line, fen);
                    if winnable {
                        decided += 1
                    } else {
                        wrong += 1;
                        println!("WRONG {fen} {winner:?}")
                    }
                }
                Verdict::Unwinnable => {
                    if winnable {
                        wrong += 1;
                        println!("WRONG {fen} {winner:?}")
                    } else {
                        decided += 1
                    }
                }
                Verdict::Undetermined => {
                    undetermined += 1;
                    if verbose {
                        println!("undetermined {fen} {winner:?} {:.3} s", ns as f64 / 1e9);
                    }
                }
            }
        }
    }
    println!(
        "nodes {nodes}: decided {decided}, undetermined {undetermined}, wrong {wrong}; \
         CPU {:.2} s, {total_nodes} nodes searched; worst {:.3} s: {worst}",
        total_ns as f64 / 1e9,
        worst_ns as f64 / 1e9
    );
}
