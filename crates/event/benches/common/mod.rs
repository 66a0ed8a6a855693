//! What the `event` benches share: the median of repeated runs and the size arguments.

use std::time::{Duration, Instant};

/// The median time of `runs` calls of `f`.
pub fn median(mut f: impl FnMut(), runs: usize) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

/// `PLAYERS ROUNDS` from the command line, each defaulting when missing or not a number.
pub fn size(players: usize, rounds: u32) -> (usize, u32) {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    (
        args.first().copied().unwrap_or(players),
        args.get(1).map_or(rounds, |&r| r as u32),
    )
}
