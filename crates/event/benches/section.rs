//! Timings of a large Swiss section: pairing a round, standings, crosstable, TRF export and
//! JSON serialisation. `cargo bench -p event --bench section [-- PLAYERS ROUNDS]`.

mod common;

use std::time::Instant;

use common::{median, size};
use event::date::Date;
use event::demo::large_swiss;

fn main() {
    let (players, rounds) = size(2000, 11);
    let today = Date::new(2026, 11, 22).expect("a date");
    let t = Instant::now();
    let event = large_swiss(players, rounds, today);
    let built = t.elapsed();
    let section = &event.sections[0];
    assert_eq!(section.rounds_complete(), rounds, "every round played");
    println!(
        "{players} players, {rounds} rounds: paired and played in {:.1} s ({:.2} s per round)",
        built.as_secs_f64(),
        built.as_secs_f64() / f64::from(rounds)
    );
    let mut last = section.clone();
    last.played.pop();
    let pair = median(
        || {
            last.pair_round(rounds).expect("pairable");
        },
        3,
    );
    println!("pair round {rounds}: {:.1} ms", pair.as_secs_f64() * 1e3);
    let standings = median(
        || {
            section.standings().expect("standings");
        },
        5,
    );
    println!(
        "standings ({}): {:.1} ms",
        section.tiebreaks,
        standings.as_secs_f64() * 1e3
    );
    let cross = median(
        || {
            section.crosstable();
        },
        5,
    );
    println!("crosstable: {:.1} ms", cross.as_secs_f64() * 1e3);
    let trf = median(
        || {
            section.to_trf(&event).expect("trf").write().expect("text");
        },
        5,
    );
    println!("TRF-2026 export: {:.1} ms", trf.as_secs_f64() * 1e3);
    let json = median(
        || {
            serde_json::to_string(&event).expect("json");
        },
        5,
    );
    println!("event as JSON: {:.1} ms", json.as_secs_f64() * 1e3);
}
