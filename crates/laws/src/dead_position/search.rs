//! The two searches behind [`super::can_checkmate`]: a directed helpmate
//! search that finds witness lines, and an exhaustive walk of every position
//! reachable by legal moves that proves a mate can never occur.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hash, Hasher};

use shakmaty::zobrist::Zobrist128;

use super::frozen;
use shakmaty::attacks::{attacks, king_attacks};
use shakmaty::{
    Bitboard, Board, Chess, Color, EnPassantMode, Move, MoveList, Position, Role, Square,
};

/// The node budget ran out before the search could decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfBudget;

/// Work accounting shared by the searches of one analysis, in units of one
/// position (the exchange search spends one for every
/// `EXCHANGE_NODES_PER_UNIT` of its positions, the random games one more for every
/// [`CHILDREN_WEIGHED_PER_UNIT`] children they weigh).
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    pub used: u64,
    pub limit: u64,
}

impl Budget {
    /// Allows work up to `limit` nodes in total, first settling an overrun.
    pub fn raise_to(&mut self, limit: u64) {
        self.used = self.used.min(self.limit);
        self.limit = limit;
    }

    pub fn spend(&mut self) -> Result<(), OutOfBudget> {
        self.used += 1;
        if self.used > self.limit {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }
}

/// Positions are identified as in Art. 9.2.3 (pieces, side to move, castling
/// rights, en passant only when legal); move counters are ignored. A 128-bit
/// Zobrist key kept as two halves, so that it is 8-byte aligned: an entry of
/// the walks' tables (key and index) takes 24 bytes instead of the 32 of a
/// `u128`, and more of them stay in the cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key(u64, u64);

impl From<Zobrist128> for Key {
    fn from(z: Zobrist128) -> Key {
        Key(z.0 as u64, (z.0 >> 64) as u64)
    }
}

impl From<Key> for Zobrist128 {
    fn from(k: Key) -> Zobrist128 {
        Zobrist128(u128::from(k.0) | (u128::from(k.1) << 64))
    }
}

/// Hashed by its low half, as shakmaty hashes a `Zobrist128`.
impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0);
    }
}

pub fn key(pos: &Chess) -> Key {
    pos.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).into()
}

/// The [`key`] of `child`, reached from `parent` (whose key is `parent_key`)
/// by `m`: [`key_after`] where that is exact, computed afresh otherwise. The
/// walks compute one for every move.
pub fn child_key(parent: &Chess, parent_key: Key, m: Move, child: &Chess) -> Key {
    key_after(parent, parent_key, m).unwrap_or_else(|| key(child))
}

/// The [`key`] of the position after `m` from `parent` (whose key is
/// `parent_key`), updated by the squares the move changes, without playing
/// it ([`crate::position::zobrist_after`]); `None` where that is not exact
/// (an en passant square before the move, a double step, a castling right
/// touched).
pub fn key_after(parent: &Chess, parent_key: Key, m: Move) -> Option<Key> {
    crate::position::zobrist_after(parent, Zobrist128::from(parent_key), m).map(Key::from)
}

/// `pos` after `m`.
fn played(pos: &Chess, m: Move) -> Chess {
    let mut child = pos.clone();
    child.play_unchecked(m);
    child
}

/// Zobrist keys are already uniformly distributed: hash them by passing them through.
#[derive(Default)]
pub struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

pub type KeyMap<V> = HashMap<Key, V, BuildHasherDefault<PassThrough>>;

/// The positions a walk has seen: open addressing with linear probing on the
/// keys themselves, at most half full, so that a probe mostly reads a single
/// cache line (a `HashSet` reads a group of control bytes first).
pub struct KeySet {
    /// Keys where they belong, [`EMPTY`] elsewhere; a power of two long.
    slots: Vec<Key>,
    len: usize,
    /// The set holds the key [`EMPTY`] (as unlikely as any other).
    empty_key: bool,
}

/// The key that marks a free slot of a [`KeySet`].
const EMPTY: Key = Key(0, 0);

/// Where [`KeySet::vacancy`] found room for a key (`usize::MAX` for [`EMPTY`]).
pub struct Vacancy(usize);

impl KeySet {
    pub fn new() -> KeySet {
        KeySet {
            slots: vec![EMPTY; 64],
            len: 0,
            empty_key: false,
        }
    }

    /// `None` if the set holds `k`, otherwise where [`KeySet::fill`] puts it.
    pub fn vacancy(&mut self, k: Key) -> Option<Vacancy> {
        if k == EMPTY {
            return (!self.empty_key).then_some(Vacancy(usize::MAX));
        }
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let i = self.slot(k);
        (self.slots[i] == EMPTY).then_some(Vacancy(i))
    }

    /// Adds `k` where [`KeySet::vacancy`] found room for it, nothing added since.
    pub fn fill(&mut self, v: Vacancy, k: Key) {
        match self.slots.get_mut(v.0) {
            Some(slot) => {
                *slot = k;
                self.len += 1;
            }
            None => self.empty_key = true,
        }
    }

    /// The slot holding `k`, or the free one where it belongs.
    fn slot(&self, k: Key) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = k.0 as usize & mask;
        while self.slots[i] != k && self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        i
    }

    fn grow(&mut self) {
        let bigger = vec![EMPTY; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, bigger);
        for k in old.into_iter().filter(|&k| k != EMPTY) {
            let i = self.slot(k);
            self.slots[i] = k;
        }
    }
}

/// Cheap sound tests that `winner` can never mate from `pos`.
pub fn hopeless(pos: &Chess, winner: Color) -> bool {
    pos.has_insufficient_material(winner)
        || (frozen::pawns_facing(pos) && frozen::never_checks(pos, winner))
}

/// [`hopeless`] for `child`, reached from `parent` by `m`, given the answer
/// for `parent`: the same where the move cannot change it
/// ([`frozen::same_regions_after`]), computed otherwise.
pub fn hopeless_after(
    parent: &Chess,
    parent_hopeless: bool,
    m: Move,
    child: &Chess,
    winner: Color,
) -> bool {
    if frozen::same_regions_after(parent, m) {
        parent_hopeless
    } else {
        hopeless(child, winner)
    }
}

/// Art. 5.1.1: `winner` has checkmated the opponent.
pub fn is_mated_loser(pos: &Chess, winner: Color) -> bool {
    // The cheap checker test first: this runs after every move of every game.
    pos.turn() != winner && pos.checkers().any() && pos.legal_moves().is_empty()
}

/// Guided random games looking for a helpmate: both players cooperate so
/// that `winner` mates, each move chosen by how promising it looks.
pub struct Helpmate {
    winner: Color,
    corners: Bitboard,
    seed: u64,
}

impl Helpmate {
    pub fn new(pos: &Chess, winner: Color) -> Helpmate {
        let board = pos.board();
        let force = board.by_color(winner) & !board.kings();
        let mut corners = Bitboard::CORNERS;
        if force.any() && force.is_subset(board.bishops()) {
            for colour in [Bitboard::DARK_SQUARES, Bitboard::LIGHT_SQUARES] {
                if force.is_subset(colour) {
                    corners &= colour;
                }
            }
        }
        Helpmate {
            winner,
            corners,
            seed: 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// Guided random games: each move is the most promising one most of the
    /// time, otherwise another; repeated until a game ends in mate or the
    /// budget runs out (the result is then always `Err`).
    pub fn playouts(&mut self, pos: &Chess, budget: &mut Budget) -> Result<Vec<Move>, OutOfBudget> {
        loop {
            let mut p = pos.clone();
            let mut line = Vec::new();
            // The last move left `hopeless` as it was before it (false).
            let mut kept = false;
            for _ in 0..PLAYOUT_PLIES {
                budget.spend()?;
                if is_mated_loser(&p, self.winner) {
                    return Ok(line);
                }
                if !kept && hopeless(&p, self.winner) {
                    break;
                }
                let mut children: Vec<(i32, Move)> = p
                    .legal_moves()
                    .iter()
                    .map(|&m| (self.promise(&played(&p, m)), m))
                    .collect();
                if children.is_empty() {
                    break;
                }
                for _ in 0..children.len() / CHILDREN_WEIGHED_PER_UNIT {
                    budget.spend()?;
                }
                let roll = self.next_random();
                let rank = match roll % 8 {
                    0..4 => 0,
                    4 | 5 => 1,
                    _ => (roll >> 8) as usize,
                } % children.len();
                let m = ranked(&mut children, rank);
                kept = frozen::same_regions_after(&p, m);
                p.play_unchecked(m);
                line.push(m);
            }
        }
    }

    /// xorshift64: deterministic, so analyses are reproducible.
    fn next_random(&mut self) -> u64 {
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        self.seed
    }

    /// Distance of the loser's king to the corners where the winner can mate:
    /// with bishops of one colour only, the corners of that colour.
    fn corner_distance(&self, sq: Square) -> i32 {
        corner_distance(sq, self.corners)
    }

    /// How close a position looks to a mate by the winner; both players
    /// cooperate, so both prefer the move with the highest promise. The loser's
    /// king heads for a corner, every other piece heads for the loser's king.
    fn promise(&self, pos: &Chess) -> i32 {
        // Checkers once, for the mate test and the bonus below.
        let check = pos.checkers().any();
        if check && pos.legal_moves().is_empty() {
            return if pos.turn() == self.winner {
                i32::MIN
            } else {
                i32::MAX
            };
        }
        let board = pos.board();
        let loser = !self.winner;
        let Some(target) = board.king_of(loser) else {
            return 0;
        };
        let mut s = -8 * self.corner_distance(target);
        let flights = king_attacks(target) & !board.by_color(loser);
        let free = flights & !attacked_by(board, self.winner);
        s -= 6 * free.count() as i32;
        s += self.units_promise(board, target);
        if let Some(k) = board.king_of(self.winner) {
            s -= 3 * (distance(k, target) - 2).abs();
        }
        if check && pos.turn() == loser {
            s += 2;
        }
        s
    }

    /// The part of [`Helpmate::promise`] from the units other than kings, the
    /// loser's king on `target`: role by role, by bitboard.
    fn units_promise(&self, board: &Board, target: Square) -> i32 {
        let loser = !self.winner;
        let mut s = 0;
        for sq in board.pawns() & board.by_color(self.winner) {
            s += 4 * advance(sq, self.winner);
        }
        for sq in board.pawns() & board.by_color(loser) {
            s += advance(sq, loser);
        }
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let units = board.by_role(role);
            for sq in units & board.by_color(self.winner) {
                s += 60 + material(role) - distance(sq, target);
            }
            for sq in units & board.by_color(loser) {
                s += material(role) / 4 - 2 * distance(sq, target);
            }
        }
        s
    }
}

/// The move at `rank` when `children` are ordered by promise, highest first, the
/// generation order keeping ties (a stable sort): the first two ranks, the
/// most often asked, by one pass, the others by sorting.
fn ranked(children: &mut [(i32, Move)], rank: usize) -> Move {
    if rank >= 2 {
        children.sort_by_key(|c| std::cmp::Reverse(c.0));
        return children[rank].1;
    }
    // The earliest child of the highest promise, and the one after it in stable order.
    let (mut first, mut second): (usize, Option<usize>) = (0, None);
    for (i, c) in children.iter().enumerate().skip(1) {
        if c.0 > children[first].0 {
            second = Some(first);
            first = i;
        } else if second.is_none_or(|j| c.0 > children[j].0) {
            second = Some(i);
        }
    }
    match (rank, second) {
        (0, _) | (_, None) => children[first].1,
        (_, Some(j)) => children[j].1,
    }
}

/// The squares `color`'s units attack (as [`Board::attacks_to`] sees them): the union of
/// their attacks, a few lookups where a square-by-square test needs five for each square.
fn attacked_by(board: &Board, color: Color) -> Bitboard {
    let occupied = board.occupied();
    let mut attacked = Bitboard::EMPTY;
    for sq in board.by_color(color) {
        if let Some(piece) = board.piece_at(sq) {
            attacked |= attacks(sq, piece, occupied);
        }
    }
    attacked
}

fn material(role: Role) -> i32 {
    match role {
        Role::Queen => 90,
        Role::Rook => 50,
        Role::Bishop | Role::Knight => 30,
        Role::Pawn | Role::King => 0,
    }
}

/// Length of one guided random game.
const PLAYOUT_PLIES: usize = 120;

/// The random games weigh every child of a position they pass (it is played and its
/// promise computed): besides the unit of the position, one unit for every this many
/// children. With queens on the board a position has 60-80 children, and a step of the
/// games cost four to nine times a position of the other searches (the test vector's
/// slowest answer, `7k/7p/8/8/8/6q1/5q2/4q1NK b` White, spent 40 % of its time there).
pub const CHILDREN_WEIGHED_PER_UNIT: usize = 16;

/// Ranks a pawn of `color` on `sq` has advanced.
fn advance(sq: Square, color: Color) -> i32 {
    let r = sq.rank() as i32;
    if color == Color::White { r } else { 7 - r }
}

fn corner_distance(sq: Square, corners: Bitboard) -> i32 {
    corners
        .into_iter()
        .map(|c| distance(sq, c))
        .min()
        .unwrap_or(0)
}

/// Outcome of [`exhaust`].
pub enum Exhausted {
    /// A mate was reached; the line leads to it from the start position.
    Mate(Vec<Move>),
    /// Every reachable position was visited and none is a mate by the winner.
    NoMate,
}

/// Visits every position reachable from `pos` by legal moves (breadth first,
/// so a found line is a shortest one), skipping positions in which the winner
/// has insufficient material, as those can never lead to a mate.
pub fn exhaust(pos: &Chess, winner: Color, budget: &mut Budget) -> Result<Exhausted, OutOfBudget> {
    Walk::new(pos, winner).run(budget)
}

/// A breadth-first walk over positions, resumable: a walk cut short by its budget goes on
/// where it stopped when given more. [`Walk`] and the plan's walk (`plan::Plan`) differ only in
/// the moves they follow and the position they look for.
pub struct Frontier {
    winner: Color,
    /// Every position seen, by key (probed for every move); positions are
    /// numbered in the order they were first seen, as in `steps`.
    seen: KeySet,
    /// For each position seen, the index of the one it was first reached from
    /// and the move (none for the start position).
    steps: Vec<(u32, Option<Move>)>,
    /// Positions whose moves are still to be followed, with their key and index.
    queue: VecDeque<(Chess, Key, u32)>,
}

impl Frontier {
    pub fn new(pos: &Chess, winner: Color) -> Frontier {
        let mut seen = KeySet::new();
        let k = key(pos);
        if let Some(v) = seen.vacancy(k) {
            seen.fill(v, k);
        }
        Frontier {
            winner,
            seen,
            steps: vec![(0, None)],
            queue: VecDeque::from([(pos.clone(), k, 0)]),
        }
    }

    /// The intended winner.
    pub fn winner(&self) -> Color {
        self.winner
    }

    /// Goes on until a new position reached by one of the moves `follow` gives for its parent
    /// is `found(parent, move, position)`: the line to it and the position; `Ok(None)` when
    /// every position was visited. Positions in which the winner is [`hopeless`] are not
    /// expanded.
    pub fn run(
        &mut self,
        budget: &mut Budget,
        mut follow: impl FnMut(&Chess) -> MoveList,
        mut found: impl FnMut(&Chess, Move, &Chess) -> bool,
    ) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        while let Some((p, k, i)) = self.queue.pop_front() {
            match self.expand(&p, k, i, budget, &mut follow, &mut found) {
                Ok(Some(end)) => return Ok(Some(end)),
                Ok(None) => {}
                Err(e) => {
                    // Half done: the children seen so far are skipped when it is redone.
                    self.queue.push_front((p, k, i));
                    return Err(e);
                }
            }
        }
        Ok(None)
    }

    /// Queues the unseen children of `p` (index `i`); the line to a found one if one is.
    fn expand(
        &mut self,
        p: &Chess,
        pk: Key,
        i: u32,
        budget: &mut Budget,
        follow: &mut impl FnMut(&Chess) -> MoveList,
        found: &mut impl FnMut(&Chess, Move, &Chess) -> bool,
    ) -> Result<Option<(Vec<Move>, Chess)>, OutOfBudget> {
        // By reference: moving the 256-entry move list into an iterator copies all of it.
        let moves = follow(p);
        // Only the start position is queued without the test.
        let lost = i == 0 && hopeless(p, self.winner);
        for &m in &moves {
            // The key first where it can be had without the move: a child
            // seen before is then neither copied nor played.
            let mut child = None;
            let ck = match key_after(p, pk, m) {
                Some(ck) => ck,
                None => key(child.insert(played(p, m))),
            };
            // One probe of the table for the test and the insertion.
            let Some(vacancy) = self.seen.vacancy(ck) else {
                continue;
            };
            budget.spend()?;
            // Walks are bounded by node budgets far below 2^32 positions.
            let ci = u32::try_from(self.steps.len()).map_err(|_| OutOfBudget)?;
            self.seen.fill(vacancy, ck);
            self.steps.push((i, Some(m)));
            let child = child.unwrap_or_else(|| played(p, m));
            if found(p, m, &child) {
                return Ok(Some((self.line_to(ci), child)));
            }
            if !hopeless_after(p, lost, m, &child, self.winner) {
                self.queue.push_back((child, ck, ci));
            }
        }
        Ok(None)
    }

    /// The moves from the start position to the position with index `i`.
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

/// The state of [`exhaust`]: every legal move followed until the winner mates.
pub struct Walk(Frontier);

impl Walk {
    pub fn new(pos: &Chess, winner: Color) -> Walk {
        Walk(Frontier::new(pos, winner))
    }

    /// Goes on with the walk until it ends or the budget runs out.
    pub fn run(&mut self, budget: &mut Budget) -> Result<Exhausted, OutOfBudget> {
        let winner = self.0.winner();
        let end = self.0.run(
            budget,
            |p| p.legal_moves(),
            |_, _, child| is_mated_loser(child, winner),
        )?;
        Ok(end.map_or(Exhausted::NoMate, |(line, _)| Exhausted::Mate(line)))
    }
}

/// King distance between two squares ([`Square::distance`], inlined: it runs
/// for every piece of every position the guided searches weigh).
#[inline]
pub fn distance(a: Square, b: Square) -> i32 {
    let files = (a.file() as i32 - b.file() as i32).abs();
    let ranks = (a.rank() as i32 - b.rank() as i32).abs();
    files.max(ranks)
}

#[cfg(test)]
mod tests {
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

    use super::{attacked_by, ranked};

    /// `ranked` picks the child a stable sort by promise, highest first, puts at each rank,
    /// ties and all.
    #[test]
    fn h20_09_ranked_equals_the_stable_sort() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for len in 1..40 {
            for _ in 0..20 {
                let children: Vec<(i32, Move)> = (0..len)
                    .map(|i| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        let m = Move::Normal {
                            role: Role::Queen,
                            from: Square::new(i % 64),
                            capture: None,
                            to: Square::new((i + 1) % 64),
                            promotion: None,
                        };
                        ((seed % 5) as i32 - 2, m)
                    })
                    .collect();
                let mut sorted = children.clone();
                sorted.sort_by_key(|c| std::cmp::Reverse(c.0));
                for (rank, expected) in sorted.iter().enumerate() {
                    let mut scratch = children.clone();
                    assert_eq!(ranked(&mut scratch, rank), expected.1, "{children:?}");
                }
            }
        }
    }

    /// `attacked_by` is the set of squares `Board::attacks_to` finds attacked, square by square.
    #[test]
    fn h20_09_attacked_squares_equal_attacks_to() {
        for fen in [
            "7k/7p/8/8/8/6q1/5q2/4q1NK b - -",
            "r3k2r/pp1n1ppp/2p1pn2/q2p4/1bPP4/2N1PN2/PPQB1PPP/R3KB1R w KQkq -",
            "8/8/5p2/2p1pPp1/2PbPk1b/2pBp1pB/2P1P1P1/5BRK b - -",
        ] {
            let pos: Chess = fen
                .parse::<Fen>()
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap();
            let board = pos.board();
            for color in [Color::White, Color::Black] {
                let attacked = attacked_by(board, color);
                for sq in Square::ALL {
                    let by = board.attacks_to(sq, color, board.occupied());
                    assert_eq!(attacked.contains(sq), by.any(), "{fen} {color:?} {sq}");
                }
            }
        }
    }
}
