//! Prints the game record of replay logs for `differential.py --logs`: for every
//! `*.jsonl` file in the directory given (default `crates/laws/tests/data/logs`), one line
//! `NAME | FEN | UCI UCI ...` with the record's start position and its moves (Chess960
//! castling as king takes rook). A log the engine refuses is reported on standard error.
//!
//! `cargo run --release -p laws --features replay --example log_records [DIR]`

use std::io::{self, Write};
use std::path::PathBuf;

fn main() -> io::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/logs"));
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    paths.sort();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for path in paths {
        let name = path
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path)?;
        let report = match laws::replay::replay_partial(&text, None) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{name}: {e}");
                continue;
            }
        };
        if let Some(e) = &report.refused {
            eprintln!("{name}: {e}");
        }
        let game = report.arbiter.game();
        let mode = game.start().castling_mode();
        let moves: Vec<String> = game
            .moves()
            .iter()
            .map(|m| m.to_uci(mode).to_string())
            .collect();
        let fen = game.fen_at(0).unwrap_or_default();
        writeln!(out, "{name} | {fen} | {}", moves.join(" "))?;
    }
    Ok(())
}
