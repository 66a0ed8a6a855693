//! Throughput of time-control parsing and clock presses (plain `Instant`, no harness).
//!
//! `cargo bench -p laws --bench clock`

use std::hint::black_box;
use std::time::Instant;

use laws::clock::Clock;
use laws::time_control::TimeControl;
use shakmaty::Color;

fn main() {
    let texts = [
        "40/5400+30:1800+30",
        "300+3",
        "W300-B240",
        "40/7200:20/3600:1800",
        "300d5",
    ];
    let n = 1_000_000;
    let start = Instant::now();
    for i in 0..n {
        black_box(texts[i % texts.len()].parse::<TimeControl>().ok());
    }
    let per = start.elapsed().as_nanos() / n as u128;
    println!("parse time control: {per} ns each ({n} parses)");

    let control: TimeControl = "40/5400+30:20/3000+30:1800+30"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let games = 20_000u64;
    let mut presses = 0u64;
    let start = Instant::now();
    for g in 0..games {
        let mut clock = Clock::new(control.clone());
        let mut t = g;
        clock.start(t).ok();
        for ply in 0..160u64 {
            t += 10_000 + (ply * 7919 + g) % 50_000;
            let side = if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            black_box(clock.press(side, t).ok());
            presses += 1;
        }
        black_box(clock.remaining(Color::White, t));
    }
    let per = start.elapsed().as_nanos() / u128::from(presses);
    println!("clock press: {per} ns each ({presses} presses in {games} games of 80 moves)");
}
