//! A plan for a winner left with nothing but its king and pawns, all held by
//! the loser's pawns (for example a king shut in on h1 behind `g2`, `g3`,
//! `h2`), or with bishops besides while its king cannot move: the winner
//! cannot promote unless one of its pawns captures, so the loser must hand it
//! a piece. The loser's king takes a winner's pawn that
//! stands in front of one of its own pawns, that pawn runs to promotion, and
//! the new knight is given to a winner's pawn. These are irreversible events
//! whose order is fixed; the plan walks (breadth first) only the moves that
//! serve them — every move of the winner, whose tempo moves are scarce, the
//! loser's king and pieces, the loser's pawns only on files the winner no
//! longer holds, promotions only to a knight; any move of a loser that has
//! none of these — up to the first position in which a winner's pawn has
//! taken a piece or promoted (the winner's king may also clear a file by
//! taking the loser's pawns). The ordinary searches go on from there.

use shakmaty::attacks::king_attacks;
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role};

use super::search::{Budget, Frontier, OutOfBudget};

/// Whether the plan applies: the winner has pawns and no piece but its king,
/// or no piece but bishops while its king cannot move; the loser has pawns.
pub fn applies(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(winner);
    let pieces = ours & !board.pawns() & !board.kings();
    (ours & board.pawns()).any()
        && (board.by_color(!winner) & board.pawns()).any()
        && (pieces.is_empty() || (pieces.is_subset(board.bishops()) && king_shut_in(pos, winner)))
}

/// Every square next to `color`'s king holds a unit of its own or is attacked
/// by the opponent: the king cannot move, whoever is to move.
fn king_shut_in(pos: &Chess, color: Color) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(color) else {
        return false;
    };
    let occupied = board.occupied() ^ Bitboard::from(king);
    (king_attacks(king) & !board.by_color(color))
        .into_iter()
        .all(|sq| board.attacks_to(sq, !color, occupied).any())
}

/// The state of the plan's walk, resumable like [`super::search::Walk`]: the winner's every
/// move, the loser's moves that [`serve`](serves) the plan (any, when none does).
pub struct Plan(Frontier);

impl Plan {
    pub fn new(pos: &Chess, winner: Color) -> Plan {
        Plan(Frontier::new(pos, winner))
    }

    /// Walks on until a winner's pawn has taken a piece or a winner's pawn promotes: the line
    /// to that position and the position. `Ok(None)` when the plan cannot be carried out.
    pub fn run(&mut self, budget: &mut Budget) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        let winner = self.0.winner();
        let follow = |p: &Chess| {
            let mut moves = p.legal_moves();
            if p.turn() != winner {
                let held = held_files(p, winner);
                // A loser with no move the plan follows makes any move it has.
                if moves.iter().any(|m| serves(m, held)) {
                    moves.retain(|m| serves(m, held));
                }
            }
            moves
        };
        let found = |p: &Chess, m: Move, _: &Chess| {
            let taken_piece =
                m.role() == Role::Pawn && m.capture().is_some_and(|r| r != Role::Pawn);
            p.turn() == winner && (taken_piece || m.is_promotion())
        };
        self.0.run(budget, follow, found)
    }
}

/// Files on which a winner's pawn stands.
fn held_files(pos: &Chess, winner: Color) -> Bitboard {
    let pawns = pos.board().by_color(winner) & pos.board().pawns();
    let mut files = Bitboard::EMPTY;
    for sq in pawns {
        files |= Bitboard::from_file(sq.file());
    }
    files
}

/// A loser's move the plan follows: a king or piece move, a pawn move
/// (not a capture) on a file without winner's pawns, a promotion to a knight.
fn serves(m: &Move, held: Bitboard) -> bool {
    match m.role() {
        Role::Pawn => {
            !m.is_capture()
                && !held.contains(m.to())
                && m.promotion().is_none_or(|r| r == Role::Knight)
        }
        _ => true,
    }
}
