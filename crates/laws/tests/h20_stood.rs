//! Issue #20 item 4: an illegal move that stands (2023 Appendix A.5.2, 2018
//! A.4.2). "Ist der Gegner nicht in der Lage, einen regelwidrigen Zug zu
//! reklamieren, bevor er seinen eigenen Zug ausführt, ... ist der regelwidrige
//! Zug zulässig und die Partie wird fortgesetzt." Later moves are read (SAN and
//! UCI) and judged against the position the illegal move produced, even one
//! no FEN could start a game from.

use laws::arbiter::{Action, Arbiter, Cited, Ruling};
use laws::edition::Profile;
use laws::notation::{Language, parse_move};
use laws::points::GameScore;
use laws::position::{is_lawful, lawful_moves};
use shakmaty::{Color, Color::*, Move, Position, Role, Square};

const RAPID: &str = "900+10";
const BLITZ: &str = "180+2";

fn started(fen: &str, control: &str, profile: Profile) -> Arbiter {
    let mut a = Arbiter::new(fen.parse().unwrap(), control.parse().unwrap(), profile);
    a.apply(0, Action::StartClock).unwrap();
    a
}

/// A move in English SAN against the position on the board.
fn san(a: &Arbiter, text: &str) -> Move {
    parse_move(a.board_position(), text, Language::English).unwrap()
}

/// Any move from UCI for the piece on its from-square, on the board.
fn raw(a: &Arbiter, uci: &str) -> Move {
    let board = a.board_position().board();
    let from: Square = uci[0..2].parse().unwrap();
    let to: Square = uci[2..4].parse().unwrap();
    Move::Normal {
        role: board.role_at(from).unwrap(),
        from,
        capture: board.role_at(to),
        to,
        promotion: None,
    }
}

fn complete(a: &mut Arbiter, t: &mut u64, by: Color, mv: Move) -> Vec<Cited> {
    *t += 1000;
    let mut out = a.apply(*t, Action::Move { by, mv }).unwrap();
    out.extend(a.apply(*t, Action::Press(by)).unwrap());
    out
}

fn stands(out: &[Cited], by: Color) -> Option<&'static str> {
    out.iter()
        .find(|c| c.ruling == Ruling::IllegalMoveStands { by })
        .map(|c| c.article.as_str())
}

/// White's a7 pawn reaches a8 and is left a pawn; Black does not claim.
fn pawn_left_on_a8(profile: Profile, control: &str) -> (Arbiter, u64, Vec<Cited>) {
    let mut a = started("8/P7/1k6/8/8/8/8/4K2R w K - 0 1", control, profile);
    let mv = raw(&a, "a7a8");
    a.apply(1000, Action::UnreplacedPawn { by: White, mv })
        .unwrap();
    a.apply(1000, Action::Press(White)).unwrap();
    // The opponent reads the board as it stands: Black to move, a pawn on a8.
    assert_eq!(a.board_position().turn(), Black);
    let mut t = 1000;
    let kb7 = san(&a, "Kb7");
    let out = complete(&mut a, &mut t, Black, kb7);
    (a, t, out)
}

#[test]
fn h20_04_pawn_left_on_the_last_rank_stays_a_pawn_and_is_captured() {
    // 7.5.2 would replace the pawn by a queen only when the move is ruled
    // illegal; unclaimed, "the illegal move stands" as the player left it.
    let (mut a, mut t, out) = pawn_left_on_a8(Profile::FIDE_2023, RAPID);
    assert_eq!(stands(&out, White), Some("Appendix A.5.2"));
    let board = a.game().position().board().clone();
    assert_eq!(board.role_at(Square::A8), Some(Role::Pawn));
    assert_eq!(board.color_at(Square::A8), Some(White));
    assert_eq!(board.role_at(Square::B7), Some(Role::King));
    // Art. 3.7: the pawn on its last rank has no move.
    assert!(
        lawful_moves(a.game().position())
            .iter()
            .all(|m| m.from() != Some(Square::A8))
    );
    let ke2 = san(&a, "Ke2");
    complete(&mut a, &mut t, White, ke2);
    // The pawn can be captured.
    let capture = san(&a, "Kxa8");
    assert_eq!(capture.capture(), Some(Role::Pawn));
    complete(&mut a, &mut t, Black, capture);
    assert_eq!(
        a.game().position().board().role_at(Square::A8),
        Some(Role::King)
    );
    assert_eq!(a.result(), None);
}

#[test]
fn h20_04_pawn_left_on_the_last_rank_under_the_2018_laws_in_blitz() {
    let (a, _, out) = pawn_left_on_a8(Profile::FIDE_2018, BLITZ);
    assert_eq!(stands(&out, White), Some("Appendix A.4.2 (2018)"));
    assert_eq!(
        a.game().position().board().role_at(Square::A8),
        Some(Role::Pawn)
    );
    // The record continues: the game's FEN keeps the pawn on a8.
    assert!(
        a.game().start().to_string().starts_with("P7/8/1k6/"),
        "{}",
        a.game().start()
    );
}

#[test]
fn h20_04_pawn_left_on_the_last_rank_with_bare_kings_is_a_dead_position() {
    // Art. 5.2.2: the pawn on a8 can never move, so no series of legal moves
    // leads to checkmate: the game is drawn as soon as the move stands.
    let mut a = started("8/P7/1k6/8/8/8/8/4K3 w - - 0 1", RAPID, Profile::FIDE_2023);
    let mv = raw(&a, "a7a8");
    a.apply(1000, Action::UnreplacedPawn { by: White, mv })
        .unwrap();
    a.apply(1000, Action::Press(White)).unwrap();
    let kb7 = san(&a, "Kb7");
    let mut t = 1000;
    complete(&mut a, &mut t, Black, kb7);
    let (result, article) = a.result().unwrap();
    assert_eq!((result, article.as_str()), (GameScore::DRAW, "Art. 5.2.2"));
}

#[test]
fn h20_04_a_pawn_left_on_the_last_rank_is_taken_by_the_rook() {
    // The pawn left on b8 stands between the rook a8 and the king e8; the rook
    // takes it as on any square (Art. 3.3), read in SAN against the board as it stands.
    let mut a = started(
        "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        RAPID,
        Profile::FIDE_2023,
    );
    let mv = raw(&a, "b7b8");
    a.apply(1000, Action::UnreplacedPawn { by: White, mv })
        .unwrap();
    a.apply(1000, Action::Press(White)).unwrap();
    let mut t = 1000;
    // Black reads "Rxb8" against the board on which the pawn stands on b8.
    let rxb8 = san(&a, "Rxb8");
    let out = complete(&mut a, &mut t, Black, rxb8);
    assert_eq!(stands(&out, White), Some("Appendix A.5.2"));
    let board = a.game().position().board();
    assert_eq!(board.role_at(Square::B8), Some(Role::Rook));
    assert_eq!(board.color_at(Square::B8), Some(Black));
}

#[test]
fn h20_04_own_king_left_in_check_the_king_cannot_be_captured() {
    // White's pinned bishop leaves; Black does not claim. Art. 1.4.1: the
    // opponent's king is never captured, so Black's "Rxe1" is not a move.
    let mut a = started(
        "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
        BLITZ,
        Profile::FIDE_2023,
    );
    let mut t = 0;
    let bd3 = raw(&a, "e2d3");
    complete(&mut a, &mut t, White, bd3);
    let rxe1 = raw(&a, "e7e1");
    assert_eq!(rxe1.capture(), Some(Role::King));
    assert!(!is_lawful(a.board_position(), rxe1));
    let kd7 = san(&a, "Kd7");
    let out = complete(&mut a, &mut t, Black, kd7);
    assert_eq!(stands(&out, White), Some("Appendix A.5.2"));
    // White is in check and must answer it (Art. 3.9): the bishop cannot go back
    // to any square off the e-file, the king must move or the bishop interpose.
    let position = a.game().position();
    assert!(position.is_check());
    assert!(is_lawful(position, san(&a, "Be2")));
    assert!(!is_lawful(position, raw(&a, "d3c4")));
    let kf2 = san(&a, "Kf2");
    complete(&mut a, &mut t, White, kf2);
    assert_eq!(a.result(), None);
}

#[test]
fn h20_04_the_opponent_who_claims_gets_the_position_restored() {
    // A.5.2 before the opponent's move: a claim still restores (7.5.1) — the
    // stood position only arises when the opponent moves instead.
    let mut a = started("8/P7/1k6/8/8/8/8/4K2R w K - 0 1", RAPID, Profile::FIDE_2023);
    let mv = raw(&a, "a7a8");
    a.apply(1000, Action::UnreplacedPawn { by: White, mv })
        .unwrap();
    a.apply(1000, Action::Press(White)).unwrap();
    a.apply(2000, Action::ClaimIllegalMove(Black)).unwrap();
    assert_ne!(
        a.game().position().board().role_at(Square::A8),
        Some(Role::Pawn)
    );
    assert_eq!(a.board_position(), a.game().position());
}

#[cfg(feature = "replay")]
#[test]
fn h20_04_logs_read_later_moves_in_san_and_uci_against_the_stood_position() {
    use laws::replay::replay;
    // The bishop c1 jumps like a knight to d3 (UCI), Black takes it with the
    // rook in SAN; then the unreplaced pawn of the second game.
    let log = r#"{"start": "3rk3/8/8/8/8/8/8/2B1K3 w - - 0 1", "time_control": "300+2", "profile": "fide-2023"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "by": "white", "move": "c1d3"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "move", "by": "black", "move": "Rxd3"}
{"at_ms": 2000, "event": "press", "by": "black"}
{"at_ms": 3000, "event": "move", "by": "white", "move": "e1e2"}
{"at_ms": 3000, "event": "press", "by": "white"}"#;
    let report = replay(log, None).unwrap();
    let articles: Vec<&str> = report
        .steps
        .iter()
        .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
        .collect();
    assert!(articles.contains(&"Appendix A.5.2"), "{articles:?}");
    let board = report.arbiter.game().position().board();
    assert_eq!(board.role_at(Square::D3), Some(Role::Rook));
    assert_eq!(board.role_at(Square::E2), Some(Role::King));

    let log = r#"{"start": "8/P7/1k6/8/8/8/8/4K2R w K - 0 1", "time_control": "900+10", "profile": "fide-2023"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "unreplaced_pawn", "by": "white", "move": "a7a8"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "move", "by": "black", "move": "b6b7"}
{"at_ms": 2000, "event": "press", "by": "black"}
{"at_ms": 3000, "event": "move", "move": "Kd2"}
{"at_ms": 3000, "event": "press", "by": "white"}
{"at_ms": 4000, "event": "move", "move": "Kxa8"}"#;
    let report = replay(log, None).unwrap();
    let board = report.arbiter.game().position().board();
    assert_eq!(board.role_at(Square::A8), Some(Role::King));
    assert_eq!(board.color_at(Square::A8), Some(Black));
}

#[cfg(feature = "replay")]
#[test]
fn h20_04_log_own_king_left_in_check_under_the_2018_laws() {
    // 2018 A.4.2: the same as 2023 A.5.2. White's pinned bishop leaves (UCI);
    // Black answers in SAN on the board where White's king is in check; White,
    // now in check, answers it (Art. 3.9) and the game goes on to bare kings.
    let log = r#"{"start": "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "time_control": "180+2", "profile": "fide-2018"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "by": "white", "move": "e2d3"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "move", "move": "Kd7"}
{"at_ms": 2000, "event": "press", "by": "black"}
{"at_ms": 3000, "event": "move", "move": "Be2"}
{"at_ms": 3000, "event": "press", "by": "white"}
{"at_ms": 4000, "event": "move", "move": "Rxe2+"}
{"at_ms": 4000, "event": "press", "by": "black"}
{"at_ms": 5000, "event": "move", "move": "Kxe2"}"#;
    let report = laws::replay::replay(log, None).unwrap();
    let articles: Vec<&str> = report
        .steps
        .iter()
        .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
        .collect();
    assert!(articles.contains(&"Appendix A.4.2 (2018)"), "{articles:?}");
    // King against king: dead position (Art. 5.2.2).
    assert_eq!(
        report.arbiter.result().map(|(r, _)| r),
        Some(GameScore::DRAW)
    );
}
