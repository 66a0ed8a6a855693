//! `arbiter berger N [--double] [--varma] [--json]`: print a round-robin schedule from the
//! FIDE Berger tables (C.05 Annex 1) and optionally the Varma groups (C.05 Annex 2).

use std::process::ExitCode;

use roundrobin::{Board, Schedule, Varma};

#[derive(clap::Args)]
pub struct Args {
    /// Number of participants (3-30); with an odd number the highest table number is the bye.
    players: usize,
    /// Double round robin: the second cycle reverses the colours.
    #[arg(long)]
    double: bool,
    /// Also print the Varma groups A-D for a restricted drawing of lots (9-24 participants).
    #[arg(long)]
    varma: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// `arbiter pair --berger N [--double]`: the text schedule, as `arbiter berger`.
pub fn schedule(players: usize, double: bool) -> ExitCode {
    run(Args {
        players,
        double,
        varma: false,
        json: false,
    })
}

pub fn run(args: Args) -> ExitCode {
    let schedule = if args.double {
        Schedule::double(args.players)
    } else {
        Schedule::single(args.players)
    };
    let schedule = match schedule {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let varma = if args.varma {
        match Varma::new(args.players) {
            Ok(v) => Some(v),
            Err(e) => return fail(&e),
        }
    } else {
        None
    };
    if args.json {
        let rounds: Vec<serde_json::Value> = schedule
            .rounds()
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|board| match *board {
                        Board::Game { white, black } => {
                            serde_json::json!({ "white": white, "black": black })
                        }
                        Board::Bye(player) => serde_json::json!({ "bye": player }),
                    })
                    .collect()
            })
            .collect();
        let mut out = serde_json::json!({
            "players": schedule.players(),
            "cycles": schedule.cycles(),
            "rounds": rounds,
        });
        if let Some(v) = varma {
            out["varma"] = serde_json::json!(v.groups());
        }
        println!("{out}");
    } else {
        print!("{schedule}");
        if let Some(v) = varma {
            println!("Varma: {v}");
        }
    }
    ExitCode::SUCCESS
}

fn fail(e: &dyn std::error::Error) -> ExitCode {
    eprintln!("arbiter berger: {e}");
    ExitCode::from(3)
}
