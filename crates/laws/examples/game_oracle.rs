//! Prints the Article 9 bookkeeping of games given as UCI move lists, one game
//! per line on standard input, for a differential check against another
//! implementation (see `differential.py` beside this file).
//!
//! Per game, one output line: for every ply `count/claim`, where `count` is how
//! often the position has occurred (Art. 9.2.3) and `claim` is `1` when a
//! threefold claim is possible there (Art. 9.2.2, or Art. 9.2.1 with some legal
//! move), then `|` and the first termination as `ply:kind`.

use std::io::{self, BufRead, Write};

use laws::game::{Game, Termination};
use shakmaty::{Position, uci::UciMove};

fn threefold_claimable(game: &Game) -> bool {
    let ply = game.ply();
    game.repetitions(ply).len() >= 3
        || game.position().legal_moves().iter().any(|&m| {
            let mut after = game.clone();
            after.play(m).is_ok() && after.repetitions(ply + 1).len() >= 3
        })
}

fn main() -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (n, line) in io::stdin().lock().lines().enumerate() {
        let line = line?;
        let mut game = Game::default();
        let mut fields = Vec::new();
        let mut moves = line.split_whitespace();
        loop {
            let ply = game.ply();
            fields.push(format!(
                "{}/{}",
                game.repetitions(ply).len(),
                u8::from(threefold_claimable(&game))
            ));
            let Some(uci) = moves.next() else { break };
            let m = uci
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(game.position()).ok());
            match m.map(|m| game.play(m)) {
                Some(Ok(())) => {}
                _ => {
                    eprintln!("game {}: bad move {uci}", n + 1);
                    break;
                }
            }
        }
        let end = match game.termination_with_ply() {
            None => "-".to_owned(),
            Some((ply, t)) => {
                let kind = match t {
                    Termination::Checkmate { .. } => "checkmate",
                    Termination::Stalemate => "stalemate",
                    Termination::DeadPosition => "dead",
                    Termination::FivefoldRepetition => "fivefold",
                    Termination::SeventyFiveMoves => "seventyfive",
                };
                format!("{ply}:{kind}")
            }
        };
        writeln!(out, "{} | {end}", fields.join(" "))?;
    }
    Ok(())
}
