//! Pairs one recorded round of a TRF file again and compares it with the file:
//! `cargo run --release -p pairing --example round -- FILE ROUND [2017|2026]`.

use std::time::Instant;

use pairing::dutch::{DutchEdition, pair_round};
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
    let result = pair_round(&input, edition);
    let seconds = start.elapsed().as_secs_f64();
    let recorded = trf_input::recorded_pairing(&t, round);
    match result {
        Ok(p) => {
            let mut pairs: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white, b.black)).collect();
            pairs.sort_unstable();
            let same = (pairs, p.bye) == recorded;
            println!("round {round}: {} in {seconds:.3} s", if same { "identical" } else { "differs" });
        }
        Err(e) => println!("round {round}: error {e} in {seconds:.3} s"),
    }
}
