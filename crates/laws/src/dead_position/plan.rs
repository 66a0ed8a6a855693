//! A plan for a winner left with nothing but its king and pawns, all held by
//! the loser's pawns (for example a king shut in on h1 behind `g2`, `g3`,
//! `h2`), or with bishops besides while its king cannot move: the winner
//! cannot promote unless one of its pawns captures or its king gets out, so
//! the loser must hand it a piece. The loser's king takes a winner's pawn that
//! stands in front of one of its own pawns, that pawn runs to promotion, and
//! the new piece is given to a winner's pawn, or to a winner's king shut in at
//! the start (by taking a unit next to it: the king is free then). These are
//! irreversible events whose order is fixed; the plan walks (breadth first)
//! only the moves that serve them — every move of the winner, whose tempo
//! moves are scarce, the loser's king and pieces, the loser's pawns only on
//! files the winner no longer holds; any move of a loser that has none of
//! these — up to the first position in which a winner's pawn or shut-in king
//! has taken a piece or a winner's pawn promoted (the winner's king may also
//! clear a file by taking the loser's pawns). The ordinary searches go on from
//! there (Art. 5.2.2, 6.9: any series of legal moves, the loser cooperating).

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
pub struct Plan {
    walk: Frontier,
    /// The winner's king is [shut in](king_shut_in) at the start: its capture of a piece frees it.
    king_shut_in: bool,
}

impl Plan {
    pub fn new(pos: &Chess, winner: Color) -> Plan {
        Plan {
            walk: Frontier::new(pos, winner),
            king_shut_in: king_shut_in(pos, winner),
        }
    }

    /// Walks on until a winner's pawn (or its king shut in at the start) has taken a piece or a
    /// winner's pawn promotes: the line to that position and the position. `Ok(None)` when the
    /// plan cannot be carried out.
    pub fn run(&mut self, budget: &mut Budget) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        let winner = self.walk.winner();
        let takers = if self.king_shut_in {
            [Role::Pawn, Role::King].as_slice()
        } else {
            [Role::Pawn].as_slice()
        };
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
                takers.contains(&m.role()) && m.capture().is_some_and(|r| r != Role::Pawn);
            p.turn() == winner && (taken_piece || m.is_promotion())
        };
        self.walk.run(budget, follow, found)
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
/// (not a capture) on a file without winner's pawns, promotions included.
fn serves(m: &Move, held: Bitboard) -> bool {
    match m.role() {
        Role::Pawn => !m.is_capture() && !held.contains(m.to()),
        _ => true,
    }
}
