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

use std::collections::VecDeque;

use shakmaty::attacks::king_attacks;
use shakmaty::{Bitboard, Chess, Color, Move, Position, Role};

use super::search::{Budget, Key, KeyMap, OutOfBudget, child_key, hopeless, key};

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

/// The state of the plan's walk, resumable like [`super::search::Walk`].
pub struct Plan {
    winner: Color,
    seen: KeyMap<u32>,
    steps: Vec<(u32, Option<Move>)>,
    queue: VecDeque<(Chess, Key, u32)>,
}

impl Plan {
    pub fn new(pos: &Chess, winner: Color) -> Plan {
        let mut seen: KeyMap<u32> = KeyMap::default();
        let k = key(pos);
        seen.insert(k, 0);
        Plan {
            winner,
            seen,
            steps: vec![(0, None)],
            queue: VecDeque::from([(pos.clone(), k, 0)]),
        }
    }

    /// Walks on until a winner's pawn has taken a piece: the line to that
    /// position and the position. `Ok(None)` when the plan cannot be carried out.
    pub fn run(&mut self, budget: &mut Budget) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        while let Some((p, k, i)) = self.queue.pop_front() {
            match self.expand(&p, k, i, budget) {
                Ok(Some(found)) => return Ok(Some(found)),
                Ok(None) => {}
                Err(e) => {
                    self.queue.push_front((p, k, i));
                    return Err(e);
                }
            }
        }
        Ok(None)
    }

    fn expand(
        &mut self,
        p: &Chess,
        pk: Key,
        i: u32,
        budget: &mut Budget,
    ) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        let loser = p.turn() != self.winner;
        let held = held_files(p, self.winner);
        let moves = p.legal_moves();
        // A loser with no move the plan follows makes any move it has.
        let all = loser && !moves.iter().any(|m| serves(m, held));
        for &m in &moves {
            if loser && !all && !serves(&m, held) {
                continue;
            }
            let mut child = p.clone();
            child.play_unchecked(m);
            let ck = child_key(p, pk, m, &child);
            let std::collections::hash_map::Entry::Vacant(entry) = self.seen.entry(ck) else {
                continue;
            };
            budget.spend()?;
            let ci = u32::try_from(self.steps.len()).map_err(|_| OutOfBudget)?;
            entry.insert(ci);
            self.steps.push((i, Some(m)));
            let taken_piece =
                !loser && m.role() == Role::Pawn && m.capture().is_some_and(|r| r != Role::Pawn);
            if taken_piece || (!loser && m.is_promotion()) {
                return Ok(Some((self.line_to(ci), child)));
            }
            if !hopeless(&child, self.winner) {
                self.queue.push_back((child, ck, ci));
            }
        }
        Ok(None)
    }

    fn line_to(&self, mut i: u32) -> Vec<Move> {
        let mut line = Vec::new();
        while let Some(&(parent, Some(m))) = self.steps.get(i as usize) {
            line.push(m);
            i = parent;
        }
        line.reverse();
        line
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
