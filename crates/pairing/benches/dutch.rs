//! Pairing time for large synthetic tournaments: rounds 1-5 are paired by the engine with
//! results drawn from a fixed pseudo-random sequence (higher rating wins more often), then
//! round 6 is timed. `cargo bench -p pairing --bench dutch [-- SIZES...] [--trf DIR]
//! [--edition FIDE_DUTCH_2017]` (the 2026 rules by default).
//!
//! With `--trf DIR` the round-6 input is also written as `DIR/synthetic-N.trf` (TRF with `XXR`
//! and `XXC`), so other Dutch engines can pair the same round side by side.

use std::time::Instant;

use pairing::dutch::{
    Colour, DutchEdition, Input, Outcome, Player, RoundEntry, Scoring, pair_round,
};

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn play_round(input: &mut Input, edition: DutchEdition, state: &mut u64) {
    let pairing = pair_round(input, edition).expect("synthetic round pairs");
    let index = |id: u32| (id - 1) as usize;
    for b in &pairing.boards {
        let roll = next(state) % 100;
        let (w, bl) = (index(b.white), index(b.black));
        let white_stronger = input.players[w].rating >= input.players[bl].rating;
        let (wo, bo) = match (roll, white_stronger) {
            (0..=29, _) => (Outcome::Draw, Outcome::Draw),
            (30..=79, true) | (80..=99, false) => (Outcome::Win, Outcome::Loss),
            _ => (Outcome::Loss, Outcome::Win),
        };
        input.players[w].history.push(RoundEntry::Game {
            opponent: b.black,
            colour: Colour::White,
            outcome: wo,
        });
        input.players[bl].history.push(RoundEntry::Game {
            opponent: b.white,
            colour: Colour::Black,
            outcome: bo,
        });
    }
    if let Some(id) = pairing.bye {
        input.players[index(id)]
            .history
            .push(RoundEntry::PairingAllocatedBye);
    }
    input.round += 1;
}

/// The tournament so far as TRF: `001` records with the history, `XXR` and `XXC`.
fn trf(input: &Input) -> String {
    let mut text = format!(
        "012 Synthetic {} players\nXXR {}\nXXC white1\n",
        input.players.len(),
        input.total_rounds
    );
    for p in &input.players {
        let points = p.score(&input.scoring).0;
        text += &format!(
            "001 {:>4}      {:<33} {:>4}{:28}{:>2}.{} {:>4}",
            p.id,
            format!("Player{:04}", p.id),
            p.rating,
            "",
            points / 10,
            points % 10,
            p.id
        );
        for e in &p.history {
            text += &match *e {
                RoundEntry::Game {
                    opponent,
                    colour,
                    outcome,
                } => {
                    let c = if colour == Colour::White { 'w' } else { 'b' };
                    let r = match outcome {
                        Outcome::Win => '1',
                        Outcome::Draw => '=',
                        Outcome::Loss => '0',
                    };
                    format!("  {opponent:>4} {c} {r}")
                }
                _ => "  0000 - U".to_owned(),
            };
        }
        text.push('\n');
    }
    text
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let trf_dir = args
        .iter()
        .position(|a| a == "--trf")
        .and_then(|k| args.get(k + 1))
        .map(std::path::PathBuf::from);
    let edition = args
        .iter()
        .position(|a| a == "--edition")
        .and_then(|k| args.get(k + 1))
        .map_or(Ok(DutchEdition::Rules2026), |code| code.parse())
        .expect("--edition takes FIDE_DUTCH_2017 or FIDE_DUTCH_2026");
    let sizes: Vec<u32> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() {
        vec![200, 1000]
    } else {
        sizes
    };
    for n in sizes {
        let players = (1..=n)
            .map(|id| Player::new(id, 2800 - (id * 1500 / n) as u16))
            .collect();
        let mut input = Input {
            round: 1,
            total_rounds: 9,
            initial_colour: Colour::White,
            scoring: Scoring::STANDARD,
            players,
            forbidden_pairs: Vec::new(),
        };
        let mut state = 0x9e37_79b9_7f4a_7c15u64 ^ u64::from(n);
        let start = Instant::now();
        for _ in 1..=5 {
            play_round(&mut input, edition, &mut state);
        }
        let history = start.elapsed();
        if let Some(dir) = &trf_dir {
            let path = dir.join(format!("synthetic-{n}.trf"));
            std::fs::write(&path, trf(&input)).expect("write the TRF");
        }
        let start = Instant::now();
        let pairing = pair_round(&input, edition).expect("round 6 pairs");
        let round6 = start.elapsed();
        println!(
            "{n} players ({edition}): rounds 1-5 {:.2} s, round 6 {:.3} s ({} boards)",
            history.as_secs_f64(),
            round6.as_secs_f64(),
            pairing.boards.len()
        );
    }
}
