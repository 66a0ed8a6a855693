//! Move generation from positions read by `StartingPosition`, against the
//! shared perft corpora (castling rules picked from the FEN: X-FEN or Shredder).

use laws::{
    game::Game,
    illegal_position::explain_illegal,
    position::{Import, StartingPosition},
};
use shakmaty::{Chess, Position, fen::Fen};

/// Entries above this many nodes are skipped so that all perft tests together
/// stay well under a minute in release mode.
const NODE_CAP: u64 = 300_000;

fn perft(position: &Chess, depth: u32) -> u64 {
    let moves = position.legal_moves();
    if depth <= 1 {
        return if depth == 1 { moves.len() as u64 } else { 1 };
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = position.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

struct Entry {
    id: String,
    line: usize,
    epd: String,
    counts: Vec<(u32, u64)>,
}

fn entries(file: &str) -> Vec<Entry> {
    let text = std::fs::read_to_string(testkit::shared_data(file)).unwrap();
    let mut entries: Vec<Entry> = Vec::new();
    let mut id = String::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("id ") {
            id = name.trim().to_owned();
        } else if let Some(epd) = line.strip_prefix("epd ") {
            entries.push(Entry {
                id: id.clone(),
                line: i + 1,
                epd: epd.trim().to_owned(),
                counts: Vec::new(),
            });
        } else if let Some(perft) = line.strip_prefix("perft ") {
            let mut parts = perft.split_whitespace().map(|p| p.parse::<u64>().unwrap());
            let (depth, nodes) = (parts.next().unwrap(), parts.next().unwrap());
            entries
                .last_mut()
                .unwrap()
                .counts
                .push((depth as u32, nodes));
        }
    }
    entries
}

/// Checks every entry; returns the ids of the positions strict import rejected.
fn check(file: &str) -> Vec<String> {
    let mut rejected = Vec::new();
    let mut checked = 0;
    for entry in entries(file) {
        let here = format!("{file}:{}: {}", entry.line, entry.epd);
        let start = match StartingPosition::from_fen(&entry.epd, Import::Strict) {
            Ok((start, _)) => start,
            Err(error) => {
                let setup = entry.epd.parse::<Fen>().unwrap().into_setup();
                assert!(!explain_illegal(&setup).is_empty(), "{here}: {error}");
                rejected.push(entry.id);
                continue;
            }
        };
        let mut game = Game::new(start.clone());
        for m in start.position().legal_moves() {
            game.play(m).unwrap_or_else(|e| panic!("{here}: {e}"));
            game.reset(start.clone());
        }
        for &(depth, nodes) in entry.counts.iter().filter(|&&(_, n)| n <= NODE_CAP) {
            assert_eq!(
                perft(start.position(), depth),
                nodes,
                "{here} depth {depth}"
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "{file}: no perft line checked");
    rejected
}

#[test]
fn perft_chess960() {
    assert_eq!(check("perft/chess960.perft"), [] as [String; 0]);
}

#[test]
fn perft_random() {
    assert_eq!(check("perft/random.perft"), [] as [String; 0]);
}

/// Positions that no series of legal moves reaches (Art. 3.10.3): "Position 4"
/// has doubled pawns that need captures of men still on the board; the
/// `align-*`, `*-checkers` and `ep-unrelated-check` entries are impossible
/// checks; `max-legals-too-much-material` has 28 white men.
const TRICKY_ILLEGAL: [&str; 11] = [
    "pos-4",
    "align-diag-1",
    "align-diag-2",
    "align-horizontal",
    "align-ep",
    "align-ep-pinned",
    "ep-unrelated-check",
    "two-pawn-checkers",
    "two-stepper-checkers",
    "two-knight-checkers",
    "max-legals-too-much-material",
];

#[test]
fn perft_tricky() {
    assert_eq!(check("perft/tricky.perft"), TRICKY_ILLEGAL);
}

#[test]
fn perft_tricky_scalachess() {
    assert_eq!(check("perft/tricky-scalachess.perft"), TRICKY_ILLEGAL[..5]);
}
