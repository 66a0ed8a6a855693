//! Games per second through the game record with full Article 9 bookkeeping,
//! against pgn-reader + shakmaty alone.
//!
//! `cargo bench -p laws --bench game_record` reads the two real 1 MB PGN files
//! of the shared corpus (1,548 games), repeated, on one thread.

use std::{hint::black_box, io, ops::ControlFlow, path::PathBuf, time::Instant};

use laws::{game::Game, position::StartingPosition};
use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Position};

const REPEAT: usize = 10;

/// SAN to moves on a bare `Chess`: the floor for any checker.
struct Bare;

impl Visitor for Bare {
    type Tags = ();
    type Movetext = Chess;
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<usize> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize, Chess> {
        ControlFlow::Continue(Chess::new())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<usize> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(0),
        }
    }

    fn end_game(&mut self, pos: Chess) -> usize {
        usize::from(pos.is_game_over())
    }
}

/// SAN to moves through [`Game`]: repetition keys every ply, termination and
/// the claim history at the end.
struct Recorded {
    game: Game,
}

impl Visitor for Recorded {
    type Tags = ();
    type Movetext = ();
    type Output = usize;

    fn begin_tags(&mut self) -> ControlFlow<usize> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<usize> {
        self.game.reset(StartingPosition::standard());
        ControlFlow::Continue(())
    }

    fn san(&mut self, _: &mut (), san_plus: SanPlus) -> ControlFlow<usize> {
        match self.game.play_san(&san_plus.san) {
            Ok(_) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(0),
        }
    }

    fn end_game(&mut self, _: ()) -> usize {
        usize::from(self.game.termination().is_some()) + self.game.claim_history().len()
    }
}

fn run<V: Visitor<Output = usize>>(name: &str, pgn: &[u8], visitor: &mut V) {
    let started = Instant::now();
    let mut reader = Reader::new(io::Cursor::new(pgn));
    let mut games = 0usize;
    let mut sink = 0usize;
    while let Some(out) = reader.read_game(visitor).unwrap() {
        games += 1;
        sink += out;
    }
    black_box(sink);
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{name:<28} {games:>7} games in {secs:>6.3} s = {:>9.0} games/s",
        games as f64 / secs
    );
}

fn main() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/pgn");
    let mut one = Vec::new();
    for file in ["lichess_db_1000k.pgn", "twic1599_1000k.pgn"] {
        one.extend(std::fs::read(data.join(file)).expect("shared PGN corpus"));
        one.extend(b"\n\n");
    }
    let pgn = one.repeat(REPEAT);
    for _ in 0..2 {
        run("pgn-reader + shakmaty", &pgn, &mut Bare);
        run(
            "pgn-reader + laws::Game",
            &pgn,
            &mut Recorded {
                game: Game::default(),
            },
        );
    }
}
