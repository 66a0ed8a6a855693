//! `arbiter chess960 [N]`: print a Chess960 start position (Guideline II).

use std::collections::hash_map::RandomState;
use std::hash::BuildHasher;
use std::process::ExitCode;

use laws::chess960::StartPosition;

#[derive(clap::Args)]
pub struct Args {
    /// Position number 0-959 (518 is the standard position); random when omitted.
    number: Option<u32>,
}

pub fn run(args: Args) -> ExitCode {
    let position = match args.number {
        Some(n) => match StartPosition::new(n) {
            Ok(sp) => sp,
            Err(e) => {
                eprintln!("arbiter chess960: {e}");
                return ExitCode::from(3);
            }
        },
        None => StartPosition::from_random_bits(RandomState::new().hash_one(0u8)),
    };
    println!(
        "{} {} {}",
        position.number(),
        position.back_rank(),
        position.fen()
    );
    ExitCode::SUCCESS
}
