//! A plan for a winner left with nothing but its king and pawns, all held by
//! the loser's pawns (for example a king shut in on h1 behind `g2`, `g3`,
//! `h2`), or with bishops and rooks besides while its king is [hemmed
//! in](king_hemmed_in): the winner cannot promote unless one of its pawns
//! captures or its king gets out, so the loser must hand it a piece. The
//! loser's king takes a winner's pawn that stands in front of one of its own
//! pawns (or a unit that hems the winner's king in), that pawn runs to
//! promotion, and the new piece is given to a winner's pawn, or to the
//! winner's king where taking it lets the king [out](got_out). These are
//! irreversible events whose order is fixed; the plan walks (breadth first)
//! only the moves that serve them — every move of the winner, whose tempo
//! moves are scarce, the loser's king and pieces, the loser's pawns only on
//! files the winner no longer holds; any move of a loser that has none of
//! these — up to the first position in which a winner's pawn has taken a
//! piece, the hemmed-in king has taken one and got out, or a winner's pawn
//! promoted (the winner's king may also clear a file by taking the loser's
//! pawns). The ordinary searches go on from
//! there (Art. 5.2.2, 6.9: any series of legal moves, the loser cooperating).
//!
//! A second plan is for a winner with nothing but minor pieces against queens
//! or rooks ([`gives_away`]): the loser offers them to the winner's king one
//! by one and keeps the units that will block its own king's flights.
//!
//! A third plan is for a lone bishop whose king and pawns cannot move
//! ([`self_block`]): the loser's king walks into a corner of the bishop's
//! colour, its pieces block the two flights off the diagonal, and the bishop
//! checks along it.

use shakmaty::attacks::{attacks, king_attacks, pawn_attacks};
use shakmaty::{Bitboard, Chess, Color, Move, MoveList, Position, Role, Square};

use super::search::{Budget, Frontier, OutOfBudget, distance, is_mated_loser};

/// Whether a plan applies: the one for [held pawns](held_pawns), the one in which the
/// loser [gives away](gives_away) its queens and rooks, or the [self-block](self_block).
pub fn applies(pos: &Chess, winner: Color) -> bool {
    held_pawns(pos, winner) || gives_away(pos, winner) || self_block(pos, winner).is_some()
}

/// The plan of a self-block mate: the winner has its king, pawns and one
/// bishop, its king [shut in](king_shut_in) and no pawn able to move; the
/// loser has two pieces or more. Only the bishop can give mate, to a king in
/// a corner of its colour whose two flights off the diagonal hold the loser's
/// own units (Art. 5.2.2: the loser cooperates). That corner, the one farther
/// from the winner's king.
fn self_block(pos: &Chess, winner: Color) -> Option<Square> {
    let board = pos.board();
    let ours = board.by_color(winner);
    let pawns = ours & board.pawns();
    let pieces = ours & !pawns & !board.kings();
    let bishop = pieces
        .single_square()
        .filter(|&sq| board.bishops().contains(sq))?;
    let theirs = board.by_color(!winner);
    // With a bishop its only piece, the winner is `stuck` when no pawn can advance.
    let takes = pawns
        .into_iter()
        .any(|sq| (pawn_attacks(winner, sq) & theirs).any());
    let loser_pieces = theirs & !board.pawns() & !board.kings();
    if !super::stuck(pos, winner) || takes || loser_pieces.count() < 2 {
        return None;
    }
    if !king_shut_in(pos, winner) {
        return None;
    }
    let king = board.king_of(winner)?;
    let corners = if bishop.is_dark() {
        [Square::A1, Square::H8]
    } else {
        [Square::A8, Square::H1]
    };
    corners.into_iter().max_by_key(|&c| distance(c, king))
}

/// The two squares next to `corner` off its diagonal, which the loser's own units must block.
fn flights(corner: Square) -> Bitboard {
    let colour = if corner.is_dark() {
        Bitboard::DARK_SQUARES
    } else {
        Bitboard::LIGHT_SQUARES
    };
    king_attacks(corner) & !colour
}

/// A loser's move the self-block plan follows: its king nearer to `corner`, a
/// piece onto a flight next to it not yet blocked, or onto a square from which
/// it reaches one (when it does not reach one where it stands).
fn blocks(p: &Chess, corner: Square, m: &Move) -> bool {
    let board = p.board();
    let from = m.from().unwrap_or(m.to());
    match m.role() {
        Role::King => distance(m.to(), corner) < distance(from, corner),
        Role::Pawn => false,
        _ => {
            let own = board.by_color(p.turn()) & !board.kings();
            let open = flights(corner) & !own;
            let piece = m.role().of(p.turn());
            let occupied = board.occupied();
            open.contains(m.to())
                || ((attacks(from, piece, occupied) & open).is_empty()
                    && (attacks(m.to(), piece, occupied ^ Bitboard::from(from)) & open).any())
        }
    }
}

/// The plan for held pawns: the winner has pawns and no piece but its king,
/// or no piece but bishops and rooks while its king is [hemmed in](king_hemmed_in);
/// the loser has pawns.
fn held_pawns(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(winner);
    let pieces = ours & !board.pawns() & !board.kings();
    let long_range = board.bishops() | board.rooks();
    (ours & board.pawns()).any()
        && (board.by_color(!winner) & board.pawns()).any()
        && (pieces.is_empty() || (pieces.is_subset(long_range) && king_hemmed_in(pos, winner)))
}

/// The plan in which the loser gives away its queens and rooks: the winner has
/// nothing but its king and knights or bishops, the loser has a queen or rook
/// and a pawn, knight or bishop that may block its own king's flights. A mate
/// by minor pieces needs such blockers (Art. 5.2.2: the loser cooperates),
/// and the loser's heavy pieces only stand in the way: they are offered to
/// the winner's king one by one (the searches find the mate of K+N against
/// K+P in about a thousand units, with a queen more in 200,000).
fn gives_away(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(winner);
    let theirs = board.by_color(!winner);
    let minor = board.knights() | board.bishops();
    ours.is_subset(board.kings() | minor)
        && (theirs & (board.queens() | board.rooks())).any()
        && (theirs & (board.pawns() | minor)).any()
}

/// Every square next to `color`'s king holds a unit of its own or is attacked
/// by the opponent: the king cannot move, whoever is to move.
fn king_shut_in(pos: &Chess, color: Color) -> bool {
    king_held(pos, color, pos.board().by_color(color))
}

/// Every square next to `color`'s king holds a unit or is attacked by the
/// opponent: the king has no move but a capture (it is [shut in](king_shut_in),
/// or it can leave only by taking a unit the loser put next to it).
fn king_hemmed_in(pos: &Chess, color: Color) -> bool {
    king_held(pos, color, pos.board().occupied())
}

/// Every square next to `color`'s king but those of `units` is attacked by the opponent.
fn king_held(pos: &Chess, color: Color, units: Bitboard) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(color) else {
        return false;
    };
    let occupied = board.occupied() ^ Bitboard::from(king);
    (king_attacks(king) & !units)
        .into_iter()
        .all(|sq| board.attacks_to(sq, !color, occupied).any())
}

/// The winner's king can walk, over squares without its own units and not
/// attacked by the loser's pawns, two squares or more away from `start`: it is
/// out of the place it was hemmed in (a king on h1 that takes a piece on g1
/// is still hemmed in when `g2` is its own pawn and `f1` its own bishop, and the
/// loser's pawns on `e3` and `g3` guard `f2` and `h2`).
pub fn got_out(pos: &Chess, winner: Color, start: Square) -> bool {
    let board = pos.board();
    let Some(king) = board.king_of(winner) else {
        return false;
    };
    let mut guarded = Bitboard::EMPTY;
    for sq in board.by_color(!winner) & board.pawns() {
        guarded |= pawn_attacks(!winner, sq);
    }
    let open = !board.by_color(winner) & !guarded;
    let (mut region, mut grown) = (Bitboard::EMPTY, Bitboard::from(king));
    while grown != region {
        region = grown;
        for sq in region {
            grown |= king_attacks(sq) & open;
        }
    }
    (region & !king_attacks(start) & !Bitboard::from(start)).any()
}

/// The state of a plan's walk, resumable like [`super::search::Walk`]: the winner's every
/// move, the loser's moves that serve the plan (any, when none does).
pub struct Plan {
    walk: Frontier,
    /// The plan in which the loser [gives away](gives_away) its heavy pieces.
    gives_away: bool,
    /// The square of the winner's king if it is [hemmed in](king_hemmed_in) at the start: its
    /// capture of a piece that lets it [out](got_out) ends the walk.
    hemmed_in_king: Option<Square>,
}

impl Plan {
    pub fn new(pos: &Chess, winner: Color) -> Plan {
        Plan {
            walk: Frontier::new(pos, winner),
            gives_away: !held_pawns(pos, winner) && gives_away(pos, winner),
            hemmed_in_king: pos
                .board()
                .king_of(winner)
                .filter(|_| king_hemmed_in(pos, winner)),
        }
    }

    /// Whether the plan for [held pawns](held_pawns) or the one in which the loser [gives
    /// away](gives_away) its queens and rooks applies (not only the [`SelfBlock`]).
    pub fn applies(pos: &Chess, winner: Color) -> bool {
        held_pawns(pos, winner) || gives_away(pos, winner)
    }

    /// Whether this is the plan in which the loser [gives away](gives_away) its heavy pieces.
    pub fn gives_away(&self) -> bool {
        self.gives_away
    }

    /// Walks on until the plan's aim is reached: the line to that position and the position.
    /// `Ok(None)` when the plan cannot be carried out.
    pub fn run(&mut self, budget: &mut Budget) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        if self.gives_away {
            self.give_away(budget)
        } else {
            self.free_held_pawns(budget)
        }
    }

    /// The plan for held pawns, until a winner's pawn has taken a piece, its king hemmed in at
    /// the start has taken one and [got out](got_out), or a winner's pawn promotes.
    fn free_held_pawns(
        &mut self,
        budget: &mut Budget,
    ) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        let winner = self.walk.winner();
        let hemmed_in_king = self.hemmed_in_king;
        let follow = |p: &Chess| {
            let held = held_files(p, winner);
            loser_moves(p, winner, |m| serves(m, held))
        };
        let found = |p: &Chess, m: Move, after: &Chess| {
            let taken_piece = m.capture().is_some_and(|r| r != Role::Pawn)
                && match m.role() {
                    Role::Pawn => true,
                    Role::King => hemmed_in_king.is_some_and(|start| got_out(after, winner, start)),
                    _ => false,
                };
            p.turn() == winner && (taken_piece || m.is_promotion())
        };
        self.walk.run(budget, follow, found)
    }

    /// The plan in which the loser gives away its queens and rooks, until it has none left.
    fn give_away(
        &mut self,
        budget: &mut Budget,
    ) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        let winner = self.walk.winner();
        let follow = |p: &Chess| loser_moves(p, winner, |m| offers(p, winner, m));
        let found = |p: &Chess, _: Move, after: &Chess| {
            let board = after.board();
            p.turn() == winner
                && (board.by_color(!winner) & (board.queens() | board.rooks())).is_empty()
        };
        self.walk.run(budget, follow, found)
    }
}

/// The walk of the [self-block](self_block) plan: every move of the winner,
/// the loser's moves that [block](blocks) its king in the corner, until the
/// loser is mated.
pub struct SelfBlock {
    walk: Frontier,
    corner: Square,
}

impl SelfBlock {
    /// The plan's walk, if it applies.
    pub fn new(pos: &Chess, winner: Color) -> Option<SelfBlock> {
        let corner = self_block(pos, winner)?;
        Some(SelfBlock {
            walk: Frontier::new(pos, winner),
            corner,
        })
    }

    /// Walks on until the loser is mated: the line to the mate. `Ok(None)` when the walk ends
    /// without one.
    pub fn run(&mut self, budget: &mut Budget) -> Result<Option<Vec<Move>>, OutOfBudget> {
        let (winner, corner) = (self.walk.winner(), self.corner);
        let follow = |p: &Chess| {
            let mut moves = p.legal_moves();
            if p.turn() != winner {
                moves.retain(|m| blocks(p, corner, m));
            }
            moves
        };
        let found = |_: &Chess, _: Move, after: &Chess| is_mated_loser(after, winner);
        Ok(self.walk.run(budget, follow, found)?.map(|(line, _)| line))
    }
}

/// Every legal move of the winner; those of the loser that `serve` the plan, or all of them
/// when none does.
fn loser_moves(p: &Chess, winner: Color, serve: impl Fn(&Move) -> bool) -> MoveList {
    let mut moves = p.legal_moves();
    if p.turn() != winner && moves.iter().any(&serve) {
        moves.retain(|m| serve(m));
    }
    moves
}

/// A loser's move the give-away plan follows: a king move, or a queen or rook
/// moving (without capturing) next to the winner's king, where it may be taken.
fn offers(p: &Chess, winner: Color, m: &Move) -> bool {
    let Some(king) = p.board().king_of(winner) else {
        return false;
    };
    match m.role() {
        Role::King => true,
        Role::Queen | Role::Rook => !m.is_capture() && king_attacks(king).contains(m.to()),
        _ => false,
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
