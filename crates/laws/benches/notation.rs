//! Throughput of reading and writing moves (Appendix C) and announcements
//! (Appendix D) over every move of the TWIC corpus.
//!
//! `cargo bench -p laws --bench notation`

use std::{fs, hint::black_box, io, ops::ControlFlow, path::PathBuf, time::Instant};

use laws::Lang;
use laws::notation::{
    Form, Language, announce, parse_announcement, parse_move, parse_movetext, write_move,
};
use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, Move, Position};

/// Every (position, move) pair of the main lines.
struct Pairs(Vec<(Chess, Move)>);

impl Visitor for Pairs {
    type Tags = ();
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(Chess::default())
    }

    fn san(&mut self, pos: &mut Chess, san: SanPlus) -> ControlFlow<()> {
        match san.san.to_move(pos) {
            Ok(m) => {
                self.0.push((pos.clone(), m));
                pos.play_unchecked(m);
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(()),
        }
    }

    fn end_game(&mut self, _: Chess) {}
}

fn measure(name: &str, pairs: usize, f: impl FnOnce() -> usize) {
    let start = Instant::now();
    let done = black_box(f());
    let elapsed = start.elapsed();
    assert_eq!(done, pairs, "{name}");
    println!(
        "{name:<32} {:>8.0} ns/move  {:>6.2} M moves/s",
        elapsed.as_nanos() as f64 / pairs as f64,
        pairs as f64 / elapsed.as_secs_f64() / 1e6
    );
}

fn main() -> io::Result<()> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/pgn/twic1599_1000k.pgn");
    let mut pairs = Pairs(Vec::new());
    let mut reader = Reader::new(io::BufReader::new(fs::File::open(&path)?));
    while reader.read_game(&mut pairs)?.is_some() {}
    let pairs = pairs.0;
    let n = pairs.len();
    println!("{} moves of {}", n, path.display());

    let texts = |lang, form| -> Vec<String> {
        pairs
            .iter()
            .map(|(p, m)| write_move(p, m, lang, form))
            .collect()
    };
    let german = texts(Language::German, Form::Short);
    let long = texts(Language::German, Form::Long);
    let spoken: Vec<String> = pairs
        .iter()
        .map(|(p, m)| announce(p, m, Lang::De))
        .collect();

    measure("write_move de short", n, || {
        texts(Language::German, Form::Short).len()
    });
    measure("write_move de long", n, || {
        texts(Language::German, Form::Long).len()
    });
    measure("parse_move de short", n, || {
        pairs
            .iter()
            .zip(&german)
            .filter(|((p, m), t)| parse_move(p, t, Language::German) == Ok(*m))
            .count()
    });
    measure("parse_move de long", n, || {
        pairs
            .iter()
            .zip(&long)
            .filter(|((p, m), t)| parse_move(p, t, Language::German) == Ok(*m))
            .count()
    });
    measure("announce de", n, || {
        pairs
            .iter()
            .filter(|(p, m)| !announce(p, m, Lang::De).is_empty())
            .count()
    });
    measure("parse_announcement de", n, || {
        pairs
            .iter()
            .zip(&spoken)
            .filter(|((p, m), t)| parse_announcement(p, t, Lang::De) == Ok(*m))
            .count()
    });
    measure("parse_movetext (whole corpus)", n, || {
        // The corpus as one record per game, each starting from the initial position.
        let mut count = 0;
        let mut start = 0;
        for (i, (pos, _)) in pairs.iter().enumerate().skip(1) {
            if pos.fullmoves().get() == 1 && pos.turn().is_white() {
                count += parse_movetext(
                    &Chess::default(),
                    &german[start..i].join(" "),
                    Language::German,
                )
                .map_or(0, |moves| moves.len());
                start = i;
            }
        }
        count
            + parse_movetext(
                &Chess::default(),
                &german[start..].join(" "),
                Language::German,
            )
            .map_or(0, |m| m.len())
    });
    Ok(())
}
