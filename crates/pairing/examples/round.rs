//! Pairs one recorded round of a TRF file again and compares it with the file:
//! `cargo run --release -p pairing --example round -- FILE ROUND [2017|2026]`.

use std::time::Instant;

use pairing::dutch::{DutchEdition, Limits, pair_round_within};
use pairing::trf_input;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).expect("readable TRF file");
    let t: trf::Tournament = text.parse().expect("a TRF file");
    let round: u32 = args[1].parse().expect("a round number");
    let edition = match args.get(2).map(String::as_str) {
        Some("2017") => DutchEdition::Rules2017,
        _ => DutchEdition::Rules2026,
    };
    let input = trf_input::input_for_round(&t, round).expect("a pairing input");
    let start = Instant::now();
    let limits = if std::env::var("NO_EXACT").is_ok() {
        Limits {
            exact_prefix_sets: 0,
            exact_check_players: 0,
            rest_check_players: 0,
            level_check_players: 0,
            ..Limits::DEFAULT
        }
    } else {
        Limits::DEFAULT
    };
    let result = pair_round_within(&input, edition, limits);
    let seconds = start.elapsed().as_secs_f64();
    let recorded = trf_input::recorded_pairing(&t, round);
    match result {
        Ok(p) => {
            let mut pairs: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
            pairs.sort_unstable();
            let same = (pairs, p.bye) == recorded;
            println!(
                "round {round}: {} in {seconds:.3} s",
                if same { "identical" } else { "differs" }
            );
            if std::env::var("PRINT").is_ok() {
                for b in &p.boards {
                    println!("{} {}", b.white, b.black);
                }
            }
        }
        Err(e) => println!("round {round}: error {e} in {seconds:.3} s"),
    }
}
