//! Chess positions of the shared corpora and the measuring helpers of their benchmarks.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, Move, Position, PositionError};

/// A corpus position from its FEN, also where the corpus has more material than a game can
/// reach or an impossible check (CHA's dead-position vectors do); panics naming the FEN.
pub fn corpus_position(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Replays a witness line from `pos`: every move legal, ending in checkmate of `!winner`;
/// panics naming `fen` otherwise.
pub fn assert_witness(pos: &Chess, winner: Color, line: &[Move], fen: &str) {
    let mut p = pos.clone();
    for m in line {
        assert!(p.is_legal(*m), "{fen}: illegal witness move {m:?}");
        p.play_unchecked(*m);
    }
    assert!(
        p.is_checkmate() && p.turn() == !winner,
        "{fen}: witness does not mate"
    );
}

/// CPU time of the calling thread in nanoseconds (Linux `/proc/thread-self/schedstat`; 0
/// elsewhere), for benchmarks on a shared machine.
pub fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
