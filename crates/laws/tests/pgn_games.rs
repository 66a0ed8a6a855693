//! The game record on the real games of the shared PGN corpora: every move is
//! accepted, check and mate marks agree with the record, and the FEN tags of
//! the study collection import (tolerantly where their castling rights are invalid).

use std::{fs, io, ops::ControlFlow};

use laws::{
    game::{Game, Termination},
    position::{Import, StartingPosition},
};
use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Position, san::Suffix};

#[derive(Default)]
struct Checker {
    file: String,
    games: usize,
    plies: usize,
    mates: usize,
    fen_tags: usize,
    repaired: usize,
    illegal: Vec<String>,
}

struct Movetext {
    game: Game,
    last_suffix: Option<Suffix>,
    failed: bool,
}

impl Visitor for Checker {
    /// The FEN tag and whether a `Variant` tag names Chess960.
    type Tags = (Option<String>, bool);
    type Movetext = Movetext;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Self::Tags> {
        ControlFlow::Continue((None, false))
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"FEN" {
            tags.0 = Some(value.decode_utf8_lossy().into_owned());
        } else if name == b"Variant" {
            let variant = value.decode_utf8_lossy().to_ascii_lowercase();
            tags.1 = variant.contains("960") || variant.contains("fischer");
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, (fen, chess960): Self::Tags) -> ControlFlow<(), Movetext> {
        self.games += 1;
        let start = match fen {
            None => StartingPosition::standard(),
            Some(fen) => {
                self.fen_tags += 1;
                let mode = if chess960 {
                    CastlingMode::Chess960
                } else {
                    CastlingMode::Standard
                };
                let (start, warnings) = StartingPosition::from_fen_as(&fen, Import::Tolerant, mode)
                    .unwrap_or_else(|e| panic!("FEN tag {fen}: {e}"));
                let strict = StartingPosition::from_fen_as(&fen, Import::Strict, mode);
                assert_eq!(strict.is_ok(), warnings.is_empty(), "{fen}");
                self.repaired += usize::from(!warnings.is_empty());
                start
            }
        };
        ControlFlow::Continue(Movetext {
            game: Game::new(start),
            last_suffix: None,
            failed: false,
        })
    }

    fn san(&mut self, movetext: &mut Movetext, san_plus: SanPlus) -> ControlFlow<()> {
        if let Err(e) = movetext.game.play_san(&san_plus.san) {
            let ply = movetext.game.ply();
            self.illegal.push(format!(
                "{} game {} ply {ply}: {san_plus}: {e}",
                self.file, self.games
            ));
            return ControlFlow::Break(());
        }
        self.plies += 1;
        let position = movetext.game.position();
        let expected = if position.is_checkmate() {
            Some(Suffix::Checkmate)
        } else if position.is_check() {
            Some(Suffix::Check)
        } else {
            None
        };
        // Check marks are optional in some sources; a mark that is present must be right.
        if san_plus.suffix.is_some() && san_plus.suffix != expected {
            movetext.failed = true;
        }
        movetext.last_suffix = san_plus.suffix;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, movetext: Movetext) {
        assert!(!movetext.failed, "game {}: wrong check mark", self.games);
        if let Some(Termination::Checkmate { winner }) = movetext.game.termination() {
            assert_ne!(winner, movetext.game.position().turn());
            self.mates += 1;
            assert_ne!(
                movetext.last_suffix,
                Some(Suffix::Check),
                "game {}",
                self.games
            );
        }
    }
}

fn check(file: &str) -> Checker {
    let mut checker = Checker {
        file: file.to_owned(),
        ..Checker::default()
    };
    let mut reader = Reader::new(io::Cursor::new(
        fs::read(testkit::shared_data(file)).unwrap(),
    ));
    while reader.read_game(&mut checker).unwrap().is_some() {}
    checker
}

#[test]
fn lichess_games() {
    let c = check("pgn/lichess_db_1000k.pgn");
    assert_eq!(c.illegal, [] as [String; 0]);
    assert_eq!(c.games, 438);
    assert!(c.mates > 0 && c.plies > 0);
}

#[test]
fn twic_games() {
    let c = check("pgn/twic1599_1000k.pgn");
    assert_eq!(c.illegal, [] as [String; 0]);
    assert_eq!(c.games, 1_110);
    assert!(c.plies > 0);
}

#[test]
fn study_games_from_fen_tags() {
    let mut fen_tags = 0;
    let mut repaired = 0;
    let mut illegal = Vec::new();
    let dir = testkit::shared_data("pgn/pychess-lichess-studies");
    let mut files: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let relative = format!(
            "pgn/pychess-lichess-studies/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let c = check(&relative);
        fen_tags += c.fen_tags;
        repaired += c.repaired;
        illegal.extend(c.illegal);
    }
    assert!(fen_tags > 1_000, "{fen_tags} FEN tags");
    // Two study FENs carry castling rights their rooks do not support.
    assert_eq!(repaired, 2);
    // The one defective game of the collection: "1... Nxg5" in a position with
    // White to move and nothing on g5 must be reported, not played.
    assert_eq!(
        illegal,
        [
            "pgn/pychess-lichess-studies/lichess_study_lichess-practice-the-fork_by_arex_2017.01.29.pgn game 1 ply 0: Nxg5: illegal san"
        ]
    );
}
