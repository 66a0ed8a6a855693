//! Issue #20 item 9, the per-move part: `laws::game::Game` asks the quick tier
//! of the dead-position analysis after every move (Art. 5.2.2) and resolves SAN
//! with a single legality check, so that `arbiter check` stays above 50,000
//! games/s per core (`BENCHMARKS.md`, PGN validation).

use laws::dead_position::{Tier, Verdict, is_dead_position};
use laws::game::{Game, Termination};
use laws::position::StartingPosition;
use shakmaty::san::{San, SanError};
use shakmaty::{Chess, Color, Position, Square};

fn start(fen: &str) -> StartingPosition {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

fn san(text: &str) -> San {
    text.parse().unwrap()
}

/// Art. 5.2.2 with pieces and pawns that can still move: every pawn faces an
/// opposing pawn on its file, and no unit can ever get through. Positions of
/// the CHA test vector labelled dead (`shared/data/dead-positions`).
const FACING_WALLS: [&str; 4] = [
    "1k6/p1p1p1p1/P1P1P1P1/p1p1p1p1/8/8/P1P1P1P1/4K3 w - - 0 1",
    "3k4/1p1p1p1p/1P1P1P1P/3p4/8/8/3P3P/4K3 w - - 0 1",
    "2k5/2p1p1p1/p1P1P1P1/P1p4K/8/8/2P5/8 w - - 0 1",
    // A rook, a knight and a bishop shut in behind White's own pawns.
    "7k/8/8/8/p1p3p1/P1Pp1pP1/P2P1P2/RNB3K1 w - - 0 1",
];

#[test]
fn h20_09_per_move_quick_tier_proves_facing_pawn_walls_dead() {
    for fen in FACING_WALLS {
        let game = Game::new(start(fen));
        assert_eq!(
            is_dead_position(game.position(), Tier::Quick),
            Verdict::Unwinnable,
            "{fen}"
        );
        assert_eq!(game.termination(), Some(Termination::DeadPosition), "{fen}");
    }
}

#[test]
fn h20_09_a_capture_that_leaves_a_facing_wall_ends_the_game() {
    // Before 1.Kxg4 Black's knight can still attack the wall; after it nothing can.
    let mut game = Game::new(start("2k5/2p1p1p1/p1P1P1P1/P1p4K/6n1/8/2P5/8 w - - 0 1"));
    assert_eq!(game.termination(), None);
    game.play_san(&san("Kxg4")).unwrap();
    assert_eq!(
        game.termination_with_ply(),
        Some((1, Termination::DeadPosition))
    );
}

#[test]
fn h20_09_facing_pawns_that_can_still_break_through_are_not_dead() {
    for fen in [
        // A king walks round the facing a-pawns and wins the opposing one.
        "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1",
        // Every pawn faces another on its file, but they can still capture each other.
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
        // The same wall as above with a bishop that can take a pawn of it.
        "2k5/2p1p1p1/p1P1P1P1/P1p4K/8/8/2P5/4b3 w - - 0 1",
    ] {
        let game = Game::new(start(fen));
        assert_ne!(
            is_dead_position(game.position(), Tier::Quick),
            Verdict::Unwinnable,
            "{fen}"
        );
        assert_eq!(game.termination(), None, "{fen}");
    }
}

#[test]
fn h20_09_play_san_refuses_a_king_capture_in_a_stood_position() {
    // An illegal move that stood (A.5.2) left White's king in check with Black to move:
    // shakmaty's generator offers ...Rxe1, which Art. 1.4.1 does not allow.
    let mut position: Chess = start("4k3/4r3/8/8/8/8/8/3QK3 w - - 0 1").position().clone();
    let illegal = shakmaty::Move::Normal {
        role: shakmaty::Role::Queen,
        from: Square::D1,
        capture: None,
        to: Square::D3,
        promotion: None,
    };
    assert!(!position.is_legal(illegal));
    position.play_unchecked(illegal);
    assert_eq!(position.turn(), Color::Black);
    let stood = StartingPosition::standard().stood(position).unwrap();
    let mut game = Game::new(stood);
    assert_eq!(game.play_san(&san("Rxe1")), Err(SanError::IllegalSan));
    assert_eq!(game.ply(), 0);
    assert!(game.play_san(&san("Re6")).is_ok());
    assert_eq!(game.ply(), 1);
}

/// The per-move question on the whole CHA test vector: never "dead" where a
/// side is labelled able to mate, and at least the 446 of the 806 positions
/// labelled dead (`--`) that `BENCHMARKS.md` reports (404 before the facing walls).
#[test]
fn h20_09_per_move_quick_tier_on_the_test_vector_is_sound_and_proves_446() {
    let text =
        std::fs::read_to_string(testkit::shared_data("dead-positions/test-vector.txt")).unwrap();
    let (mut dead, mut proven) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (label, fen) = line.split_at(2);
        let pos = testkit::corpus_position(fen.trim());
        let verdict = is_dead_position(&pos, Tier::Quick);
        if label == "--" {
            dead += 1;
            proven += usize::from(verdict == Verdict::Unwinnable);
        } else {
            assert_ne!(verdict, Verdict::Unwinnable, "{line}: WRONG dead");
        }
    }
    assert_eq!(dead, 806);
    assert!(proven >= 446, "proven dead after a move: {proven}");
}
