//! `arbiter pgn FILE [--lang de]`: rewrite the games of a PGN file as standard
//! PGN (seven-tag roster first, SAN, 80 columns), or with the moves in another
//! language of Appendix C for a scoresheet.
//!
//! Exit codes: 0 every game written; 1 some games could not be read (each is
//! named on stderr and left out); 2 bad command line; 3 the file cannot be read.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use laws::notation::Language;
use pgn::import::import;
use pgn::reader::Reader;
use pgn::text::decode;

#[derive(clap::Args)]
pub struct Args {
    /// The PGN file; `-` reads standard input.
    file: PathBuf,
    /// Language of the moves (Appendix C): `en` (SAN, standard PGN), `de`, `fr`, ...
    #[arg(long, default_value = "en")]
    lang: Language,
}

pub fn run(args: Args) -> ExitCode {
    let bytes = match super::input::read(&args.file) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("arbiter pgn: {}: {e}", args.file.display());
            return ExitCode::from(3);
        }
    };
    let (text, _) = decode(&bytes);
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = 0usize;
    let mut first = true;
    for raw in Reader::new(&text) {
        let game = import(&raw);
        let (Some(start), None) = (&game.start, &game.error) else {
            failed += 1;
            if let Some(e) = &game.error {
                eprintln!("arbiter pgn: {e}");
            }
            continue;
        };
        let tags: Vec<(&str, &str)> = raw
            .tags
            .iter()
            .map(|t| (t.name, t.value.as_ref()))
            .collect();
        let result = raw.termination.map(|(outcome, _)| outcome);
        let written =
            pgn::export::write_pgn(&tags, &start.position, &game.moves, result, args.lang);
        let separator = if first { "" } else { "\n" };
        first = false;
        if write!(out, "{separator}{written}").is_err() {
            return ExitCode::SUCCESS;
        }
    }
    let _ = out.flush();
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
