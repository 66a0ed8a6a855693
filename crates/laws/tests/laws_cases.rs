//! Seed cases of /work/shared/docs/laws-cases-A.md and laws-cases-B.md about
//! positions, moves, illegal positions and Article 5/9 endings, one test per item.

use laws::{
    chess960::StartPosition,
    draws::{ClaimKind, DrawClaim},
    game::{Game, Termination},
    illegal_position::{IllegalReason, explain_illegal},
    position::StartingPosition,
};
use shakmaty::{Color, Move, Position, Role, Square, fen::Fen, san::SanPlus};

fn game(fen: &str) -> Game {
    Game::new(fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}")))
}

/// The move `san` in the current position, if it is legal.
fn legal(game: &Game, san: &str) -> Option<Move> {
    san.parse::<SanPlus>()
        .unwrap_or_else(|e| panic!("{san}: {e}"))
        .san
        .to_move(game.position())
        .ok()
}

/// Plays space-separated SAN moves (move numbers such as `12.` or `5...` are skipped).
fn play(game: &mut Game, moves: &str) {
    for san in moves
        .split_whitespace()
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty())
    {
        let m = legal(game, san).unwrap_or_else(|| panic!("{san} illegal in {}", game.fen()));
        game.play(m).unwrap();
    }
}

fn kinds(claims: &[DrawClaim]) -> Vec<ClaimKind> {
    claims.iter().map(|c| c.kind).collect()
}

fn reasons(fen: &str) -> Vec<IllegalReason> {
    explain_illegal(&fen.parse::<Fen>().unwrap().into_setup())
}

#[test]
fn a_005_castling_queenside_with_b1_or_rook_attacked() {
    let mut g = game("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    play(&mut g, "O-O-O");
    assert_eq!(g.fen(), "1r2k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    let mut g = game("r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    play(&mut g, "O-O-O");
    assert_eq!(g.fen(), "r3k3/8/8/8/8/8/8/2KR4 b - - 1 1");
}

#[test]
fn a_006_castling_through_into_out_of_check() {
    for fen in [
        "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
        "4r1k1/8/8/8/8/8/8/R3K3 w Q - 0 1",
    ] {
        let mut g = game(fen);
        let castle = Move::Castle {
            king: Square::E1,
            rook: Square::A1,
        };
        assert!(g.play(castle).is_err(), "{fen}");
        // Prevented only for now: the right itself stays (Art. 3.8.2.2).
        assert!(
            g.position()
                .castles()
                .has(Color::White, shakmaty::CastlingSide::QueenSide)
        );
    }
}

#[test]
fn a_007_piece_between_king_and_rook_blocks_castling() {
    let mut g = game("4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1");
    assert_eq!(legal(&g, "O-O-O"), None);
    play(&mut g, "Nc3 Kf7 O-O-O");
    assert_eq!(g.fen(), "8/5k2/8/8/8/2N5/8/2KR4 b - - 3 2");
}

#[test]
fn a_008_castling_right_lost_after_rook_or_king_returns() {
    let mut g = Game::default();
    play(&mut g, "1.Nf3 Nf6 2.Rg1 Ng8 3.Rh1 Nf6 4.e4 Ng8 5.Be2 Nf6");
    assert_eq!(legal(&g, "O-O"), None);
    let mut g = Game::default();
    play(&mut g, "1.e4 e5 2.Ke2 Ke7 3.Ke1 Ke8");
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w - - 4 4"
    );
    // The same placement as after 1...e5, but without castling rights: not the same position.
    assert_ne!(g.key(2), g.key(6));
    assert_eq!(g.repetitions(6), [6]);
}

#[test]
fn a_010_en_passant_only_immediately() {
    let mut g = game("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    play(&mut g, "exd6");
    assert_eq!(g.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    let mut g = game("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    play(&mut g, "Kf2 Kd7");
    let late = Move::EnPassant {
        from: Square::E5,
        to: Square::D6,
    };
    assert!(g.play(late).is_err());
    assert_eq!(legal(&g, "exd6"), None);
}

#[test]
fn a_011_en_passant_exposing_king_on_rank() {
    let g = game("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert!(!g.position().legal_moves().iter().any(|m| m.is_en_passant()));
    assert_eq!(legal(&g, "exd6"), None);
}

#[test]
fn a_012_check_from_a_pinned_piece() {
    let g = game("7k/8/8/4r3/8/2B5/8/4K3 w - - 0 1");
    assert!(g.position().is_check());
    let mut moves: Vec<String> = g
        .position()
        .legal_moves()
        .iter()
        .map(|&m| SanPlus::from_move(g.position().clone(), m).to_string())
        .collect();
    moves.sort();
    assert_eq!(moves, ["Bxe5+", "Kd1", "Kd2", "Kf1", "Kf2"]);
}

#[test]
fn a_013_incomplete_moves_are_illegal() {
    // (a) e5-d6 leaving the black pawn on d5 is a diagonal pawn move to an empty square.
    let mut g = game("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let incomplete_ep = Move::Normal {
        role: Role::Pawn,
        from: Square::E5,
        capture: None,
        to: Square::D6,
        promotion: None,
    };
    assert!(g.play(incomplete_ep).is_err());
    // (b) a7-a8 without promotion is illegal, and the position it leaves is illegal.
    let mut g = game("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let unpromoted = Move::Normal {
        role: Role::Pawn,
        from: Square::A7,
        capture: None,
        to: Square::A8,
        promotion: None,
    };
    assert!(g.play(unpromoted).is_err());
    assert_eq!(g.ply(), 0);
    assert_eq!(
        reasons("P3k3/8/8/8/8/8/8/4K3 b - - 0 1"),
        [IllegalReason::PawnOnBackRank(Square::A8)]
    );
}

#[test]
fn a_014_capturing_the_king_is_illegal() {
    // A position in which the side to move could capture the king cannot arise.
    assert_eq!(
        reasons("4k3/8/8/8/8/8/8/4K2r b - - 0 1"),
        [IllegalReason::OpponentInCheck]
    );
    assert!(
        "4k3/8/8/8/8/8/8/4K2r b - - 0 1"
            .parse::<StartingPosition>()
            .is_err()
    );
}

#[test]
fn a_015_promotion_to_any_piece_of_own_colour() {
    let start = "4k3/P7/8/8/8/8/8/Q3K3 w - - 0 1";
    let mut g = game(start);
    play(&mut g, "a8=Q");
    assert!(g.position().is_check());
    let mut g = game(start);
    play(&mut g, "a8=N");
    let g = game(start);
    for role in [Role::King, Role::Pawn] {
        let m = Move::Normal {
            role: Role::Pawn,
            from: Square::A7,
            capture: None,
            to: Square::A8,
            promotion: Some(role),
        };
        assert!(!g.position().is_legal(m), "a8={role:?}");
    }
}

#[test]
fn a_017_illegal_positions() {
    assert_eq!(
        reasons("R6k/8/8/8/8/8/8/r6K w - - 0 1"),
        [IllegalReason::BothKingsInCheck]
    );
    assert_eq!(
        reasons("4k2P/8/8/8/8/8/8/4K3 b - - 0 1"),
        [IllegalReason::PawnOnBackRank(Square::H8)]
    );
    assert_eq!(
        reasons("6nk/6pp/8/8/8/QQQQQQQQ/QP6/4K3 w - - 0 1"),
        [IllegalReason::TooManyPromotedPieces {
            color: Color::White,
            promoted: 8,
            missing_pawns: 7
        }]
    );
    assert_eq!(
        reasons("4k3/pppppppp/8/8/8/8/PPPPPPPP/3BKB2 w - - 0 1"),
        [IllegalReason::TooManyPromotedPieces {
            color: Color::White,
            promoted: 1,
            missing_pawns: 0
        }]
    );
    assert_eq!(
        reasons("4k3/8/8/8/8/8/4K3/8 b - - 0 1"),
        [],
        "a legal position has no reason"
    );
}

#[test]
fn a_027_checkmate_ends_the_game() {
    let mut g = Game::default();
    play(&mut g, "f3 e5 g4 Qh4#");
    assert_eq!(
        g.termination(),
        Some(Termination::Checkmate {
            winner: Color::Black
        })
    );
    assert_eq!(g.termination_with_ply().map(|(p, _)| p), Some(4));
    assert!(g.position().legal_moves().is_empty());
    assert_eq!(g.draw_claims(None), []);
}

#[test]
fn a_028_legal_mate_after_unclaimed_illegal_move() {
    let mut g = game("8/2k5/8/p2K4/8/8/8/7R w - - 0 1");
    play(&mut g, "Rh8");
    assert_eq!(legal(&g, "Kd8"), None, "1...Kd8 is illegal");
    // The illegal move left White's rook attacking the black king with White to move.
    assert_eq!(
        reasons("3k3R/8/8/p2K4/8/8/8/8 w - - 2 2"),
        [IllegalReason::OpponentInCheck]
    );
    // 2.Kd6 then mates: the final position is checkmate, White wins.
    let g = game("3k3R/8/3K4/p7/8/8/8/8 b - - 3 2");
    assert_eq!(
        g.termination_with_ply(),
        Some((
            0,
            Termination::Checkmate {
                winner: Color::White
            }
        ))
    );
}

#[test]
fn a_032_first_end_stands() {
    let mut g = game("8/8/8/4k3/8/8/4p3/4K3 w - - 0 1");
    play(&mut g, "Kxe2 Kd5 Kd3 Kc5");
    assert_eq!(
        g.termination_with_ply(),
        Some((1, Termination::DeadPosition))
    );
}

#[test]
fn a_033_stalemate_ends_the_game() {
    let mut g = game("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    play(&mut g, "Qf7");
    assert_eq!(g.fen(), "7k/5Q2/6K1/8/8/8/8/8 b - - 1 1");
    assert_eq!(g.termination(), Some(Termination::Stalemate));
    assert_eq!(Termination::Stalemate.article().as_str(), "Art. 5.2.1");
}

#[test]
fn b_009_threefold_compares_positions_not_move_sequences() {
    let mut g = Game::default();
    play(
        &mut g,
        "1.Nf3 Nf6 2.Nc3 Nc6 3.Nb1 Nb8 4.Nc3 Nc6 5.Ng1 Ng8 6.Nf3 Nf6",
    );
    let claims = g.draw_claims(None);
    assert_eq!(kinds(&claims), [ClaimKind::Repetition]);
    assert_eq!(claims[0].repetitions, [4, 8, 12]);
    assert_eq!(claims[0].article().as_str(), "Art. 9.2.2");
}

#[test]
fn b_010_en_passant_makes_the_first_occurrence_different() {
    let mut g = Game::default();
    play(&mut g, "1.e4 Nf6 2.e5 d5");
    assert_eq!(
        g.fen(),
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    play(&mut g, "3.Nf3 Ng8 4.Ng1 Nf6 5.Nf3 Ng8 6.Ng1 Nf6");
    assert_eq!(
        g.fen(),
        "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq - 8 7"
    );
    assert_eq!(g.repetitions(g.ply()), [8, 12]);
    assert_eq!(g.draw_claims(None), []);
    // White may claim by writing 7.Nf3: the position after 3.Nf3 arises a third time.
    let nf3 = legal(&g, "Nf3").unwrap();
    let claims = g.draw_claims(Some(&nf3));
    assert_eq!(kinds(&claims), [ClaimKind::RepetitionByIntendedMove]);
    assert_eq!(claims[0].repetitions, [5, 9, 13]);
    assert_eq!(claims[0].article().as_str(), "Art. 9.2.1");
    g.play(nf3).unwrap();
    assert_eq!(kinds(&g.draw_claims(None)), [ClaimKind::Repetition]);
}

#[test]
fn b_011_en_passant_counts_only_when_legal() {
    let mut g = game("6nk/2p5/8/KP5r/8/8/8/6N1 b - - 0 1");
    play(&mut g, "1...c5");
    assert_eq!(g.fen(), "6nk/8/8/KPp4r/8/8/8/6N1 w - - 0 2");
    play(&mut g, "2.Nf3 Nf6 3.Ng1 Ng8 4.Nf3 Nf6 5.Ng1");
    let ng8 = legal(&g, "Ng8").unwrap();
    assert_eq!(
        kinds(&g.draw_claims(Some(&ng8))),
        [ClaimKind::RepetitionByIntendedMove]
    );
    play(&mut g, "5...Ng8");
    let claims = g.draw_claims(None);
    assert_eq!(kinds(&claims), [ClaimKind::Repetition]);
    assert_eq!(claims[0].repetitions, [1, 5, 9]);
}

#[test]
fn b_012_lost_castling_right_makes_positions_different() {
    let mut g = Game::default();
    play(&mut g, "1.Nf3 Nf6");
    assert_eq!(
        g.fen(),
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2"
    );
    play(&mut g, "2.Rg1 Rg8 3.Rh1 Rh8 4.Rg1 Rg8 5.Rh1 Rh8");
    assert_eq!(
        g.fen(),
        "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w Qq - 10 6"
    );
    assert_eq!(g.draw_claims(None), []);
    play(&mut g, "6.Rg1 Rg8 7.Rh1 Rh8");
    let claims = g.draw_claims(None);
    assert_eq!(kinds(&claims), [ClaimKind::Repetition]);
    assert_eq!(claims[0].repetitions, [6, 10, 14]);
}

#[test]
fn b_013_fifty_moves_completed() {
    let g = game("8/8/4k3/8/8/3K4/3R4/8 w - - 100 120");
    let claims = g.draw_claims(None);
    assert_eq!(kinds(&claims), [ClaimKind::FiftyMoves]);
    assert_eq!(claims[0].article().as_str(), "Art. 9.3.2");
    let g = game("8/8/4k3/8/8/3K4/3R4/8 w - - 99 120");
    assert_eq!(g.draw_claims(None), []);
}

#[test]
fn b_014_fifty_moves_with_intended_move() {
    let mut g = game("8/8/4k3/8/8/3K4/3R4/8 b - - 99 120");
    assert_eq!(g.draw_claims(None), []);
    let kf5 = legal(&g, "Kf5").unwrap();
    let claims = g.draw_claims(Some(&kf5));
    assert_eq!(kinds(&claims), [ClaimKind::FiftyMovesByIntendedMove]);
    assert_eq!(claims[0].article().as_str(), "Art. 9.3.1");
    // A capture or pawn move as the written move supports no claim.
    let mut g2 = game("8/8/4k3/8/8/3K4/3R1p2/8 b - - 99 120");
    let f1 = legal(&g2, "f1=Q").unwrap();
    assert_eq!(g2.draw_claims(Some(&f1)), []);
    g2.play(f1).unwrap();
    g.play(kf5).unwrap();
    assert_eq!(kinds(&g.draw_claims(None)), [ClaimKind::FiftyMoves]);
}

#[test]
fn b_017_fivefold_automatic() {
    let mut g = Game::default();
    play(
        &mut g,
        "1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6 4.Ng1 Ng8 5.Nf3 Nf6 6.Ng1 Ng8 7.Nf3 Nf6 8.Ng1",
    );
    assert_eq!(g.termination(), None);
    play(&mut g, "8...Ng8");
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9"
    );
    assert_eq!(
        g.termination_with_ply(),
        Some((16, Termination::FivefoldRepetition))
    );
    assert_eq!(g.repetitions(16), [0, 4, 8, 12, 16]);
    assert_eq!(
        g.draw_claims(None),
        [],
        "the game is over: nothing to claim"
    );
}

#[test]
fn b_018_seventy_five_moves_checkmate_first() {
    let mut g = game("7k/R7/6K1/8/8/8/8/8 w - - 149 120");
    play(&mut g, "Ra8#");
    assert_eq!(g.fen(), "R6k/8/6K1/8/8/8/8/8 b - - 150 120");
    assert_eq!(
        g.termination(),
        Some(Termination::Checkmate {
            winner: Color::White
        })
    );
    let mut g = game("7k/R7/6K1/8/8/8/8/8 w - - 149 120");
    play(&mut g, "Kf6");
    assert_eq!(g.fen(), "7k/R7/5K2/8/8/8/8/8 b - - 150 120");
    assert_eq!(g.termination(), Some(Termination::SeventyFiveMoves));
    assert_eq!(
        Termination::SeventyFiveMoves.article().as_str(),
        "Art. 9.6.2"
    );
}

#[test]
fn b_032_both_kings_in_check_and_pawn_on_last_rank() {
    assert_eq!(
        reasons("R6k/8/8/8/8/8/8/r6K w - - 0 1"),
        [IllegalReason::BothKingsInCheck]
    );
    assert_eq!(
        reasons("4k2P/8/8/8/8/8/8/4K3 b - - 0 1"),
        [IllegalReason::PawnOnBackRank(Square::H8)]
    );
    // Kings next to each other count as both in check.
    assert_eq!(
        reasons("8/8/8/3kK3/8/8/8/8 w - - 0 1"),
        [IllegalReason::BothKingsInCheck]
    );
    assert!(
        "R6k/8/8/8/8/8/8/r6K w - - 0 1"
            .parse::<StartingPosition>()
            .is_err()
    );
}

#[test]
fn b_056_chess960_start_position_validity() {
    for (rank, number) in [
        ("RNBQKBNR", 518),
        ("BQNNRKRB", 3),
        ("RNBQKRNB", 615),
        ("RKRNBBQN", 938),
    ] {
        assert_eq!(
            StartPosition::from_back_rank(rank).map(StartPosition::number),
            Some(number)
        );
    }
    for rank in ["KRRNBBQN", "BRBKNNQR"] {
        assert_eq!(StartPosition::from_back_rank(rank), None, "{rank}");
    }
}

#[test]
fn b_057_chess960_castling_final_squares() {
    let mut g = Game::new(StartingPosition::chess960(StartPosition::new(3).unwrap()));
    play(&mut g, "O-O");
    let board = g.position().board();
    assert_eq!(board.king_of(Color::White), Some(Square::G1));
    assert_eq!(board.role_at(Square::F1), Some(Role::Rook));
}

#[test]
fn b_058_chess960_castling_types() {
    for (fen, san, after) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1",
            "O-O",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1RK1 b kq - 1 1",
        ),
        (
            "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1",
            "O-O",
            "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB b kq - 1 1",
        ),
        (
            "rnbqkrnb/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKR1B w KQkq - 0 1",
            "O-O",
            "rnbqkrnb/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQ1RKB b kq - 1 1",
        ),
        (
            "rnbqnbkr/pppppppp/8/8/8/4P3/PPPPBPPP/RNBQN1KR w KQkq - 0 1",
            "O-O",
            "rnbqnbkr/pppppppp/8/8/8/4P3/PPPPBPPP/RNBQNRK1 b kq - 1 1",
        ),
        (
            "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/R1K1BBNR w KQkq - 0 1",
            "O-O-O",
            "rnkqbbnr/pppppppp/8/8/8/8/PPPPPPPP/2KRBBNR b kq - 1 1",
        ),
    ] {
        let mut g = game(fen);
        play(&mut g, san);
        assert_eq!(g.fen(), after, "{fen} {san}");
    }
    let sp615 = Game::new(StartingPosition::chess960(StartPosition::new(615).unwrap()));
    assert_eq!(legal(&sp615, "O-O"), None, "g1 is occupied by the knight");
}

#[test]
fn b_059_chess960_castling_squares_that_must_be_empty() {
    let mut g = game("nrkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/NRK1BQNR w KQkq - 0 1");
    play(&mut g, "O-O-O");
    assert_eq!(
        g.fen(),
        "nrkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/N1KRBQNR b kq - 1 1"
    );
}
