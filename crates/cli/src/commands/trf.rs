//! `arbiter trf check FILE` and `arbiter trf convert IN --to trf26|trf16 [-o OUT]`:
//! FIDE Tournament Report Files.
//!
//! Every command that takes a TRF reads it with [`read_valid`]: a file that is not UTF-8, has no
//! TRF record or fails [`Tournament::validate`] is refused with its lines and columns.
//! Exit codes (as bbpPairings): 0 ok, 3 invalid input (with line and column), 5 file access.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use trf::{Format, Report, Tournament};

use super::input;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Validate a TRF file: syntax, pairing numbers, symmetric pairings, points, team line-ups
    /// (300); print a summary (teams and line-ups counted in team files).
    Check {
        /// The TRF16 or TRF-2026 file.
        file: PathBuf,
    },
    /// Convert a valid file between TRF16 and TRF-2026; what is mapped or dropped goes to stderr.
    Convert {
        /// The TRF file to read.
        input: PathBuf,
        /// Target format: trf26 or trf16.
        #[arg(long)]
        to: Format,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

const INVALID: u8 = 3;
const FILE_ACCESS: u8 = 5;

pub fn run(args: Args) -> ExitCode {
    let result = match args.command {
        Command::Check { file } => check(&file),
        Command::Convert { input, to, output } => convert(&input, to, output.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => ExitCode::from(code),
    }
}

/// Reads a TRF file (`-`: standard input) the one way every command that takes a TRF does:
/// UTF-8 text with TRF records, checked by [`Tournament::validate`]; the errors are printed to
/// standard error with file, line and column. Exit code 3 for invalid input, 5 for file access.
pub fn read_valid(command: &str, path: &Path) -> Result<Tournament, u8> {
    read_valid_bytes(command, path).map(|(t, _)| t)
}

/// [`read_valid`] with the bytes read (for exports that derive an identity from the file).
pub fn read_valid_bytes(command: &str, path: &Path) -> Result<(Tournament, Vec<u8>), u8> {
    let (t, report, bytes) = read(command, path)?;
    if report.is_valid() {
        return Ok((t, bytes));
    }
    for issue in report.errors() {
        eprintln!("arbiter {command}: {}: {issue}", path.display());
    }
    Err(INVALID)
}

/// The parsed file, its validation report and its bytes; syntax errors are printed.
fn read(command: &str, path: &Path) -> Result<(Tournament, Report, Vec<u8>), u8> {
    let bytes = input::read(path).map_err(|e| {
        eprintln!("arbiter {command}: cannot read {}: {e}", path.display());
        FILE_ACCESS
    })?;
    let t = Tournament::from_bytes(&bytes).map_err(|e| {
        eprintln!("arbiter {command}: {}: {e}", path.display());
        INVALID
    })?;
    let report = t.validate();
    Ok((t, report, bytes))
}

fn check(path: &Path) -> Result<(), u8> {
    let (t, report, _) = read("trf", path)?;
    for issue in &report.issues {
        println!("{}: {issue}", path.display());
    }
    let total = t
        .total_rounds()
        .map_or_else(|| "?".to_string(), |n| n.to_string());
    let errors = report.errors().count();
    let teams = if t.is_team_tournament() || report.lineups > 0 {
        format!(
            ", {} teams, {} line-ups (300)",
            report.teams, report.lineups
        )
    } else {
        String::new()
    };
    println!(
        "{}: {}, {} players{teams}, {} of {total} rounds played, points checked for {} players, {errors} errors, {} warnings",
        path.display(),
        t.format(),
        report.players,
        report.rounds,
        report.points_checked,
        report.warnings().count(),
    );
    if errors > 0 { Err(INVALID) } else { Ok(()) }
}

fn convert(input: &Path, to: Format, output: Option<&Path>) -> Result<(), u8> {
    let t = read_valid("trf", input)?;
    let conversion = t.convert(to);
    for note in &conversion.notes {
        eprintln!("{}: {note}", input.display());
    }
    let text = conversion.tournament.write().map_err(|e| {
        eprintln!("{}: {e}", input.display());
        INVALID
    })?;
    match output {
        Some(path) => std::fs::write(path, text).map_err(|e| {
            eprintln!("arbiter trf: cannot write {}: {e}", path.display());
            FILE_ACCESS
        }),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}
