//! Frozen pawn structures: when no pawn can ever move or be captured, each
//! piece stays inside a region of the board that can be computed once. If no
//! piece of the winner can ever attack a square the loser's king can reach,
//! the winner can never give check, let alone checkmate (Art. 5.2.2, 6.9).
//!
//! Every region is over-approximated (other pieces are treated as absent),
//! so the conclusion is sound; anything that could change the pawn
//! structure makes the test give up.

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

/// Every pawn is blocked head-on by a pawn (cheap; a precondition of [`never_checks`]).
pub fn pawns_locked(pos: &Chess) -> bool {
    let board = pos.board();
    let pawns = board.pawns();
    (board.white() & pawns).shift(8) & !pawns == Bitboard::EMPTY
        && (board.black() & pawns).shift(-8) & !pawns == Bitboard::EMPTY
}

/// `true` if the pawn structure is frozen for good and `winner` can never give check.
pub fn never_checks(pos: &Chess, winner: Color) -> bool {
    if !pawns_locked(pos)
        || pos.ep_square(shakmaty::EnPassantMode::Legal).is_some()
        || pos.castles().any()
    {
        return false;
    }
    let board = pos.board();
    let pawns = board.pawns();
    let attacked_by = |c: Color| -> Bitboard {
        let mut a = Bitboard::EMPTY;
        for sq in pawns & board.by_color(c) {
            a |= pawn_attacks(c, sq);
        }
        a
    };
    let (white_reach, black_reach) = (attacked_by(Color::White), attacked_by(Color::Black));
    let pawn_reach = |c: Color| c.fold_wb(white_reach, black_reach);
    // No pawn may capture now: enemy pawns on its capture squares.
    for c in Color::ALL {
        if (pawn_reach(c) & pawns & board.by_color(!c)).any() {
            return false;
        }
    }
    let mut loser_king = Bitboard::EMPTY;
    let mut winner_attacks = Bitboard::EMPTY;
    for c in Color::ALL {
        let own_pawns = pawns & board.by_color(c);
        let enemy_pawns = pawns & board.by_color(!c);
        let enemy_pawn_attacks = pawn_reach(!c);
        for sq in board.by_color(c) & !pawns {
            let Some(role) = board.role_at(sq) else {
                return false;
            };
            let region = if role == Role::King {
                let region = flood(sq, role, pawns, own_pawns | enemy_pawn_attacks);
                // Capturing an enemy pawn that no pawn defends would unfreeze the structure.
                if (region_attacks(region, role, pawns) & enemy_pawns & !enemy_pawn_attacks).any() {
                    return false;
                }
                region
            } else {
                let region = flood(sq, role, pawns, own_pawns);
                // Capturing a pawn, or being captured by one, would unfreeze the structure.
                if (region & (enemy_pawns | enemy_pawn_attacks)).any() {
                    return false;
                }
                region
            };
            if c == winner {
                if role != Role::King {
                    winner_attacks |= region_attacks(region, role, pawns);
                }
            } else if role == Role::King {
                loser_king |= region;
            }
        }
    }
    (winner_attacks & loser_king).is_empty()
}

/// Squares a `role` on `from` can ever occupy when `pawns` never move,
/// other pieces are ignored and `barred` squares cannot be entered.
fn flood(from: Square, role: Role, pawns: Bitboard, barred: Bitboard) -> Bitboard {
    let mut region = Bitboard::from_square(from);
    let mut frontier = region;
    while let Some(sq) = frontier.pop_front() {
        let next = step(sq, role, pawns) & !barred & !region;
        region |= next;
        frontier |= next;
    }
    region
}

fn step(sq: Square, role: Role, occupied: Bitboard) -> Bitboard {
    match role {
        Role::King => king_attacks(sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::Pawn => Bitboard::EMPTY,
    }
}

fn region_attacks(region: Bitboard, role: Role, pawns: Bitboard) -> Bitboard {
    let mut a = Bitboard::EMPTY;
    for sq in region {
        a |= step(sq, role, pawns);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn locked_chain_with_same_coloured_bishops_never_checks() {
        let p = pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - -");
        assert!(pawns_locked(&p));
        assert!(never_checks(&p, Color::White));
        assert!(never_checks(&p, Color::Black));
    }

    #[test]
    fn gives_up_when_the_structure_can_change() {
        // The h1 bishop can capture on d5.
        assert!(!never_checks(
            &pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K2B w - -"),
            Color::White
        ));
        // A free pawn.
        assert!(!pawns_locked(&pos(
            "4k3/8/8/1p1p1p1p/1P1P1P2/8/7P/4K3 w - -"
        )));
        // The white king can take the undefended b5 pawn.
        assert!(!never_checks(
            &pos("4k3/8/8/1p6/1P6/2K5/8/8 w - -"),
            Color::Black
        ));
    }
}
