//! laws-cases items decidable from a game record, checked as PGN.

use laws::game::Termination;
use laws::notation::Language;
use pgn::check::{GameCheck, ResultCheck, check};
use pgn::reader::Reader;
use shakmaty::{Color, KnownOutcome};

fn check_pgn(pgn: &str) -> GameCheck {
    check(&Reader::new(pgn).next().expect("one game"))
}

/// the mating move ends the game; a later "draw agreement" changes nothing.
#[test]
fn a_027_mate_ends_the_game_immediately() {
    let report = check_pgn("[Result \"1/2-1/2\"]\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1/2-1/2");
    let ending = report.ending.clone().unwrap();
    assert_eq!(
        ending.termination,
        Termination::Checkmate {
            winner: Color::White
        }
    );
    assert_eq!(
        ending.outcome(),
        KnownOutcome::Decisive {
            winner: Color::White
        }
    );
    assert!(matches!(report.result, ResultCheck::Contradicts { .. }));
    assert_eq!(
        report.result.message(Language::English).unwrap(),
        "1/2-1/2 recorded, but after 4.Qxf7# the king is checkmated: Art. 5.1.1, White won"
    );
}

/// play went on after a dead position and Black "resigned" later:
/// the game was drawn when the dead position arose.
#[test]
fn a_032_earlier_dead_position_overrides_later_resignation() {
    let pgn = "[FEN \"8/8/8/8/8/4k3/6p1/6K1 w - - 0 54\"]\n54. Kxg2 Kd3 55. Kf3 Kd4 1-0";
    let report = check_pgn(pgn);
    let ending = report.ending.clone().unwrap();
    assert_eq!(ending.termination, Termination::DeadPosition);
    assert_eq!(ending.ply, 1);
    assert_eq!(report.moves_after_end, 3);
    assert!(matches!(
        report.result,
        ResultCheck::Contradicts {
            recorded: KnownOutcome::Decisive {
                winner: Color::White
            },
            ..
        }
    ));
}

/// A-033 (a): stalemate by 1.Qf7 ends the game at once: 1/2-1/2.
#[test]
fn a_033_stalemate_ends_the_game_at_once() {
    let report = check_pgn("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n1. Qf7 1-0");
    assert_eq!(
        report.ending.clone().unwrap().termination,
        Termination::Stalemate
    );
    assert!(matches!(report.result, ResultCheck::Contradicts { .. }));
    let agreed = check_pgn("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n1. Qf7 1/2-1/2");
    assert_eq!(agreed.result, ResultCheck::Agrees);
    let played_on = check_pgn("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n1. Qf7 Kh7 2. Qg7# 1-0");
    assert_eq!(played_on.moves_after_end, 2);
    assert!(matches!(played_on.result, ResultCheck::Contradicts { .. }));
}

/// White (K+R) resigns against a bare king: under the 2023 Laws
/// (Art. 5.1.2) the game is drawn, since Black cannot checkmate; Black
/// resigning in the same position loses.
#[test]
fn a_081_resignation_when_the_opponent_cannot_mate() {
    let white_resigns = check_pgn("[FEN \"8/8/8/4k3/8/8/8/R3K3 w - - 0 1\"]\n0-1");
    assert_eq!(
        white_resigns.result,
        ResultCheck::WinnerCannotCheckmate {
            winner: Color::Black
        }
    );
    assert!(white_resigns.has_findings());
    let black_resigns = check_pgn("[FEN \"8/8/8/4k3/8/8/8/R3K3 w - - 0 1\"]\n1-0");
    assert_eq!(black_resigns.result, ResultCheck::NotDecidedByMoves);
    assert!(!black_resigns.has_findings());
}

/// B-017: the fifth occurrence after 8...Ng8 draws the game without a claim.
#[test]
fn b_017_fivefold_automatic() {
    let moves =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8";
    let report = check_pgn(&format!("{moves} 9. e4 0-1"));
    let ending = report.ending.clone().unwrap();
    assert_eq!(ending.termination, Termination::FivefoldRepetition);
    assert_eq!(ending.last_move.unwrap().text(Language::English), "8...Ng8");
    assert_eq!(report.moves_after_end, 1);
    assert!(matches!(report.result, ResultCheck::Contradicts { .. }));
    let first = &report.claims[0];
    assert_eq!(first.kind.article().as_str(), "Art. 9.2.1");
    assert_eq!(first.repetitions, [0, 4, 8]);
}

/// B-018: 120.Ra8# wins although it is the 75th move; 120.Kf6 draws by Art. 9.6.2.
#[test]
fn b_018_seventy_five_moves_mate_takes_precedence() {
    let mate = check_pgn("[FEN \"7k/R7/6K1/8/8/8/8/8 w - - 149 120\"]\n120. Ra8# 1-0");
    assert_eq!(
        mate.ending.unwrap().termination,
        Termination::Checkmate {
            winner: Color::White
        }
    );
    assert_eq!(mate.result, ResultCheck::Agrees);
    let draw = check_pgn("[FEN \"7k/R7/6K1/8/8/8/8/8 w - - 149 120\"]\n120. Kf6 1-0");
    assert_eq!(
        draw.ending.clone().unwrap().termination,
        Termination::SeventyFiveMoves
    );
    assert_eq!(
        draw.result.message(Language::German).unwrap(),
        "1-0 eingetragen, aber nach 120.Kf6 hat jeder Spieler 75 Züge ohne Bauernzug und ohne Schlagen gemacht: \
         Art. 9.6.2, die Partie endete remis"
    );
}

/// B-065: blocked pawns, no king can cross: the position is dead (Art. 5.2.2),
/// so the game was drawn before any move and a recorded win contradicts it.
/// Material alone would not see it. A one-sided case (White cannot checkmate,
/// Black could) contradicts a recorded White win under Art. 5.1.2 / 6.9.
#[test]
fn b_065_blocked_pawns_no_win_possible() {
    let report = check_pgn("[FEN \"8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - 0 50\"]\n1-0");
    let ResultCheck::Contradicts { ending, .. } = &report.result else {
        panic!("expected a contradiction, got {:?}", report.result);
    };
    assert_eq!(
        (ending.termination, ending.ply),
        (Termination::DeadPosition, 0)
    );
    let lone_king = check_pgn("[FEN \"8/8/4k3/8/8/4K3/8/3q4 w - - 0 50\"]\n1-0");
    assert_eq!(
        lone_king.result,
        ResultCheck::WinnerCannotCheckmate {
            winner: Color::White
        }
    );
    assert_eq!(
        lone_king.result.message(Language::English).unwrap(),
        "1-0 recorded, but White cannot checkmate by any series of legal moves: resignation, flag fall \
         or a penalty give a draw (Art. 5.1.2, 6.9)"
    );
    let open = check_pgn("[FEN \"8/8/1k6/p1p1p1p1/P1P1P1P1/1K6/8/6N1 w - - 0 1\"]\n1-0");
    assert_eq!(open.result, ResultCheck::NotDecidedByMoves);
}
