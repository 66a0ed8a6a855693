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
    let pawn_attacks_of = [attacked_by(Color::White), attacked_by(Color::Black)];
    let pawn_reach = |c: Color| pawn_attacks_of[c as usize];
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
