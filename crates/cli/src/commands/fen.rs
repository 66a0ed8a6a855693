//! `arbiter fen POSITION`: check a start position (Art. 3.10.3) and print it normalised.

use std::process::ExitCode;

use laws::position::{CastlingNotation, Import, ParseStartError, StartingPosition};

#[derive(clap::Args)]
pub struct Args {
    /// A FEN (X-FEN or Shredder-FEN), `startpos`, or `chess960 N`.
    position: String,
    /// Drop invalid castling rights and en passant squares with a warning instead of rejecting.
    #[arg(long)]
    tolerant: bool,
    /// Explain illegal positions in German.
    #[arg(long)]
    german: bool,
}

pub fn run(args: Args) -> ExitCode {
    let import = if args.tolerant {
        Import::Tolerant
    } else {
        Import::Strict
    };
    let parsed = if args.position.contains('/') {
        StartingPosition::from_fen(&args.position, import)
    } else {
        args.position
            .parse::<StartingPosition>()
            .map(|start| (start, Vec::new()))
    };
    match parsed {
        Ok((start, warnings)) => {
            println!("{start}");
            let rules = if start.is_chess960() {
                "Chess960 (Guideline II.3)"
            } else {
                "standard (Art. 3.8.2)"
            };
            let notation = match start.notation() {
                CastlingNotation::XFen => "X-FEN",
                CastlingNotation::Shredder => "Shredder-FEN",
            };
            println!("castling: {rules}, {notation}");
            for warning in warnings {
                println!("warning: {warning} ({})", warning.article());
            }
            ExitCode::SUCCESS
        }
        Err(ParseStartError::Illegal(reasons)) => {
            println!("illegal position (Art. 3.10.3)");
            for reason in reasons {
                let text = if args.german {
                    reason.german()
                } else {
                    reason.english()
                };
                let articles: Vec<&str> = reason.articles().iter().map(|a| a.as_str()).collect();
                println!("- {text} ({})", articles.join(", "));
            }
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("arbiter fen: {e}");
            ExitCode::from(3)
        }
    }
}
