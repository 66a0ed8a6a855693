//! PGN validation throughput: the two 1 MB real-game files of the shared corpus
//! (lichess + TWIC, 1,548 games) repeated 20 times, checked with full Art. 9
//! bookkeeping, on one core. Baseline: pgn-reader + shakmaty SAN replay alone.
//!
//! `cargo bench -p pgn --bench check`

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Instant;

use pgn::check::Checker;
use pgn::reader::Reader;
use pgn::text::decode;
use shakmaty::{Chess, Position};

const REPEAT: usize = 20;

fn corpus() -> Vec<u8> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pgn");
    let mut one = std::fs::read(dir.join("lichess_db_1000k.pgn")).expect("lichess_db_1000k.pgn");
    one.extend_from_slice(b"\n\n");
    one.extend(std::fs::read(dir.join("twic1599_1000k.pgn")).expect("twic1599_1000k.pgn"));
    one.extend_from_slice(b"\n\n");
    one.repeat(REPEAT)
}

struct Replay;

impl pgn_reader::Visitor for Replay {
    type Tags = ();
    type Movetext = Chess;
    type Output = bool;
    fn begin_tags(&mut self) -> ControlFlow<bool> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<bool, Chess> {
        ControlFlow::Continue(Chess::default())
    }
    fn san(&mut self, pos: &mut Chess, san: pgn_reader::SanPlus) -> ControlFlow<bool> {
        match san.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }
    fn end_game(&mut self, pos: Chess) -> bool {
        !pos.is_checkmate() && !pos.is_stalemate() && !pos.is_insufficient_material()
    }
}

/// Nanoseconds this thread has run on a CPU (Linux `/proc/thread-self/schedstat`),
/// so that a busy machine does not distort the per-core figure.
fn cpu_ns() -> Option<u64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    stat.split_whitespace().next()?.parse().ok()
}

fn report(name: &str, games: usize, plies: usize, bytes: usize, wall: Instant, cpu: Option<u64>) {
    let wall = wall.elapsed().as_secs_f64();
    let cpu = cpu
        .zip(cpu_ns())
        .map(|(start, end)| (end - start) as f64 / 1e9);
    println!(
        "{name}: {games} games, {plies} plies in {wall:.3} s wall = {:.0} games/s, {:.2} M plies/s, {:.0} MB/s",
        games as f64 / wall,
        plies as f64 / wall / 1e6,
        bytes as f64 / wall / 1e6
    );
    if let Some(cpu) = cpu {
        println!(
            "    {cpu:.3} s on the CPU = {:.0} games/s per core",
            games as f64 / cpu
        );
    }
}

fn main() {
    let bytes = corpus();
    for _ in 0..3 {
        let (t, cpu) = (Instant::now(), cpu_ns());
        let (text, _) = decode(&bytes);
        let (mut games, mut plies, mut findings) = (0, 0, 0);
        let mut checker = Checker::new();
        for game in Reader::new(&text) {
            let result = checker.check(&game);
            games += 1;
            plies += result.plies as usize;
            findings += usize::from(result.has_findings());
        }
        assert_eq!(
            findings, 0,
            "the real-game corpus has no illegal move or wrong result"
        );
        report(
            "arbiter check (pgn crate)",
            games,
            plies,
            bytes.len(),
            t,
            cpu,
        );

        let (t, cpu) = (Instant::now(), cpu_ns());
        let mut reader = pgn_reader::Reader::new(&bytes[..]);
        let mut games = 0;
        while reader.read_game(&mut Replay).expect("in memory").is_some() {
            games += 1;
        }
        report(
            "baseline pgn-reader + shakmaty",
            games,
            plies,
            bytes.len(),
            t,
            cpu,
        );
    }
}
