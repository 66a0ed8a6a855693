//! Prints the Art. 3 and Art. 9 bookkeeping of games given as UCI move lists, one game
//! per line on standard input, for a differential check against another
//! implementation (see `differential.py` beside this file).
//!
//! A line is `UCI UCI ...` (from the standard position) or `FEN | UCI UCI ...`; a Chess960
//! FEN (Shredder castling rights) gives Chess960 castling, written as king takes rook.
//!
//! Per game, one output line: for every ply `FEN#count#threefold#fifty#legal`, where
//! `count` is how often the position has occurred (Art. 9.2.3), `threefold` and `fifty`
//! are `1` when the player to move has a correct claim under Art. 9.2 or 9.3 (now, or
//! with some legal move written down: 9.2.1, 9.3.1) and `-` once the game has ended,
//! and `legal` lists the legal moves in sorted UCI; the plies are joined by ` ; `, then
//! `|` and the first termination as `ply:kind`.

use std::io::{self, BufRead, Write};

use laws::draws::ClaimKind;
use laws::game::{Game, Termination};
use laws::position::StartingPosition;
use shakmaty::{Position, uci::UciMove};

/// Whether the player to move has a correct threefold and a correct 50-move claim.
fn claims(game: &Game) -> (bool, bool) {
    let mut kinds: Vec<ClaimKind> = game.draw_claims(None).iter().map(|c| c.kind).collect();
    for m in game.position().legal_moves() {
        kinds.extend(game.draw_claims(Some(&m)).iter().map(|c| c.kind));
    }
    let threefold = kinds.iter().any(|k| {
        matches!(
            k,
            ClaimKind::Repetition | ClaimKind::RepetitionByIntendedMove
        )
    });
    let fifty = kinds.iter().any(|k| {
        matches!(
            k,
            ClaimKind::FiftyMoves | ClaimKind::FiftyMovesByIntendedMove
        )
    });
    (threefold, fifty)
}

fn ply_fields(game: &Game) -> String {
    let mode = game.start().castling_mode();
    let ply = game.ply();
    let (threefold, fifty) = if game.termination().is_some() {
        ("-", "-")
    } else {
        let (t, f) = claims(game);
        (if t { "1" } else { "0" }, if f { "1" } else { "0" })
    };
    let mut legal: Vec<String> = game
        .position()
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(mode).to_string())
        .collect();
    legal.sort();
    format!(
        "{}#{}#{threefold}#{fifty}#{}",
        game.fen(),
        game.repetitions(ply).len(),
        legal.join(",")
    )
}

fn main() -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for (n, line) in io::stdin().lock().lines().enumerate() {
        let line = line?;
        let (start, moves) = match line.split_once('|') {
            Some((fen, moves)) => (fen.trim(), moves),
            None => ("startpos", line.as_str()),
        };
        let start: StartingPosition = match start.parse() {
            Ok(s) => s,
            Err(e) => {
                eprintln!("game {}: bad start: {e}", n + 1);
                writeln!(out, "bad start")?;
                continue;
            }
        };
        let mut game = Game::new(start);
        let mut fields = Vec::new();
        let mut moves = moves.split_whitespace();
        loop {
            fields.push(ply_fields(&game));
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
        writeln!(out, "{} | {end}", fields.join(" ; "))?;
    }
    Ok(())
}
