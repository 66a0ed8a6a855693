//! `arbiter`: the command-line front end. Each subcommand lives in its own
//! module under `commands/` and only wires arguments to library calls.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;

/// Arbiter applies the FIDE Laws of Chess and runs tournaments.
#[derive(Parser)]
#[command(name = "arbiter", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Print the Chess960 start position with the given number (0-959), or a random one.
    Chess960(commands::chess960::Args),
    /// Check every game of a PGN file against the Laws: legal moves, end by rule, result, draw claims.
    Check(commands::check::Args),
    /// Print a round-robin schedule (FIDE Berger tables, C.05 Annex 1).
    Berger(commands::berger::Args),
    /// Evaluate a player's games: FIDE rating (B.02) or DWZ (DSB Wertungsordnung).
    Rating(commands::rating::Args),
    /// The rating change of every player of a TRF tournament: DWZ or FIDE rating.
    Ratings(commands::ratings::Args),
    /// Replay a game from a JSON-lines event log and print every ruling with its article.
    Replay(commands::replay::Args),
    /// Check a position (FEN, X-FEN, Shredder-FEN, `startpos`, `chess960 N`) for legality (Art. 3.10.3).
    Fen(commands::fen::Args),
    /// Translate a game record between languages and forms of algebraic notation, or announce its moves.
    Notation(commands::notation::Args),
    /// Rewrite a PGN file as standard PGN, or with the moves in another language for a scoresheet.
    Pgn(commands::pgn::Args),
    /// Can a player still checkmate (Art. 6.9)? Is the position dead (Art. 5.2.2)? One `FEN [white|black|both]` per line.
    Unwinnable(commands::unwinnable::Args),
    /// Check and convert FIDE Tournament Report Files (TRF16, TRF-2026).
    Trf(commands::trf::Args),
    /// Rank a TRF tournament by points and FIDE C.07 and German tie-breaks, or by a preset.
    Standings(commands::standings::Args),
    /// Pair the next round by the FIDE Dutch system (-p), or check every recorded round (-c).
    Pair(commands::pair::Args),
    /// Run the tournament service: web pages and JSON API on SQLite or PostgreSQL.
    Serve(commands::serve::Args),
    /// Read player lists: FIDE rating list (TXT, XML), DSB spieler.csv with vereine.csv, CSV.
    Players(commands::players::Args),
    /// Export a TRF tournament for the DWZ evaluation: DSB XML 2026 or SWI/ELOBASE.
    Export(commands::export::Args),
    /// Write a consistent copy of the service's SQLite database, also while the server runs.
    Backup(commands::backup::BackupArgs),
    /// Put a backup in place as the service's SQLite database (`--force` replaces one).
    Restore(commands::backup::RestoreArgs),
    /// Export one event as an archive file, or import one as a new event (another installation).
    Archive(commands::archive::Args),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Chess960(args) => commands::chess960::run(args),
        Command::Check(args) => commands::check::run(args),
        Command::Berger(args) => commands::berger::run(args),
        Command::Rating(args) => commands::rating::run(args),
        Command::Ratings(args) => commands::ratings::run(args),
        Command::Replay(args) => commands::replay::run(args),
        Command::Fen(args) => commands::fen::run(args),
        Command::Notation(args) => commands::notation::run(args),
        Command::Pgn(args) => commands::pgn::run(args),
        Command::Unwinnable(args) => commands::unwinnable::run(args),
        Command::Trf(args) => commands::trf::run(args),
        Command::Standings(args) => commands::standings::run(args),
        Command::Pair(args) => commands::pair::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Players(args) => commands::players::run(args),
        Command::Export(args) => commands::export::run(args),
        Command::Backup(args) => commands::backup::backup(args),
        Command::Restore(args) => commands::backup::restore(args),
        Command::Archive(args) => commands::archive::run(args),
    }
}
