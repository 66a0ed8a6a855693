//! A helpmate search for long lines: iterative deepening in which moves that
//! make progress towards a mate by the winner cost no depth (captures and
//! promotions by the winner, the winner's pawns advancing, the loser's king
//! heading for the mating corner and the winner's king and knights following
//! it), an ordinary move right after progress is free too, and captures by
//! the loser cost three plies. Lines that keep making progress can thus run
//! to a hundred moves and more while aimless lines are cut early; each round
//! is capped at some ten thousand positions so that deeper rounds come soon.

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role, Square};

use std::collections::hash_map::Entry;

use super::frozen::same_regions_after;
use super::search::{
    Budget, Exhausted, Key, KeyMap, OutOfBudget, child_key, distance, hopeless, key,
};

/// Positions of the exchange variant of the guided helpmate search that
/// cost one work unit of `Tier::Full`'s bound: its
/// nodes are cheap (no corner or helper to weigh, most moves irreversible:
/// 0.16 µs a node on the test vector's long helpmates against 0.4-0.7 µs
/// for the other searches, `BENCHMARKS.md`), so the bound, counted in work
/// units rather than positions, lets it search three nodes for one.
pub const EXCHANGE_NODES_PER_UNIT: u64 = 3;

/// Positions one round of the deepening may visit.
const ROUND_NODES: u64 = 40_000;

/// Beyond this many plies progress is no longer free (and lines end at [`MAX_PLY`]).
const FREE_PLY: u16 = 300;

/// Longest line followed.
const MAX_PLY: u16 = 600;

/// Largest depth of the deepening.
const MAX_DEPTH: u16 = 1000;

/// What [`Guided::search`] knows of a position besides the position.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// Its [`key`].
    k: Key,
    /// The move to it made progress.
    after_progress: bool,
    /// It is known not to be [`hopeless`].
    hopeful: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Progress,
    Normal,
    Setback,
}

/// State of the guided helpmate search for one position and winner.
pub struct Guided {
    winner: Color,
    /// Where the loser's king is driven.
    corner: Square,
    /// Where the winner's king stands to help mate in `corner`.
    helper: Square,
    /// The winner has too little to mate unless the loser promotes.
    needs_loser_promotion: bool,
    /// Remaining depth and round of each visited position.
    seen: KeyMap<(u16, u16)>,
    line: Vec<Move>,
    round: u16,
    /// Depth of the round under way (kept when the budget runs out, so a
    /// later call goes on from there).
    depth: u16,
    round_nodes: u64,
    /// A line of this round was cut short (depth, round cap, or an earlier round's entry).
    cut: bool,
    /// Every irreversible move (a pawn move, a capture, a promotion) of either
    /// side counts as progress: the plan of pawn walls that must be broken up
    /// by captures and promotions of both sides before a mate.
    exchange: bool,
    /// Positions visited in all, for [`EXCHANGE_NODES_PER_UNIT`].
    nodes: u64,
}

impl Guided {
    pub fn new(pos: &Chess, winner: Color) -> Guided {
        let board = pos.board();
        let ours = board.by_color(winner);
        let theirs = board.by_color(!winner);
        // Mate in a corner on the loser's side: of the colour of the winner's
        // bishops, or of the loser's bishops' other colour (they may block).
        let dark = (ours & board.bishops() & Bitboard::DARK_SQUARES).any()
            || ((ours & board.bishops()).is_empty()
                && (theirs & board.bishops() & Bitboard::LIGHT_SQUARES).any());
        let light_bishops_only = (ours & board.bishops()).any()
            && (ours & board.bishops()).is_subset(Bitboard::LIGHT_SQUARES);
        let (corner, helper) = match (winner, dark && !light_bishops_only) {
            (Color::White, true) => (Square::H8, Square::G6),
            (Color::White, false) => (Square::A8, Square::B6),
            (Color::Black, true) => (Square::A1, Square::B3),
            (Color::Black, false) => (Square::H1, Square::G3),
        };
        let force = ours & !board.kings();
        let loser_pieces = theirs & !board.kings() & !board.pawns();
        let lone_knight = force.count() == 1 && (force & board.knights()).any();
        let one_colour_bishops = force.any()
            && force.is_subset(board.bishops())
            && (force.is_subset(Bitboard::DARK_SQUARES)
                || force.is_subset(Bitboard::LIGHT_SQUARES));
        let needs_loser_promotion = (lone_knight && (loser_pieces & !board.queens()).is_empty())
            || (one_colour_bishops && (loser_pieces & board.knights()).is_empty());
        Guided {
            winner,
            corner,
            helper,
            needs_loser_promotion,
            seen: KeyMap::default(),
            line: Vec::new(),
            round: 0,
            depth: 2,
            round_nodes: 0,
            cut: false,
            exchange: false,
            nodes: 0,
        }
    }

    /// The same search in which every irreversible move of either side is
    /// progress and kings head for the opponent's units: for mates that need
    /// pawn walls broken up by captures and promotions of both sides.
    pub fn exchange(pos: &Chess, winner: Color) -> Guided {
        Guided {
            exchange: true,
            ..Guided::new(pos, winner)
        }
    }

    /// Deepens round by round; `NoMate` only when a round ran to its end
    /// without cutting any line. A call after [`OutOfBudget`] starts a new
    /// round at the depth it stopped at: positions the cut-short round had
    /// reached count as cut, so they are searched again one depth deeper.
    pub fn run(&mut self, pos: &Chess, budget: &mut Budget) -> Result<Exhausted, OutOfBudget> {
        while self.depth <= MAX_DEPTH {
            self.round += 1;
            self.round_nodes = 0;
            self.cut = false;
            self.line.clear();
            let root = Node {
                k: key(pos),
                after_progress: false,
                hopeful: false,
            };
            if self.search(pos, root, self.depth, 0, budget)? {
                self.line.reverse();
                return Ok(Exhausted::Mate(std::mem::take(&mut self.line)));
            }
            if !self.cut {
                return Ok(Exhausted::NoMate);
            }
            self.depth += 1;
        }
        Err(OutOfBudget)
    }

    /// `node` tells what is known of `pos`.
    fn search(
        &mut self,
        pos: &Chess,
        node: Node,
        depth: u16,
        ply: u16,
        budget: &mut Budget,
    ) -> Result<bool, OutOfBudget> {
        self.nodes += 1;
        if !self.exchange || self.nodes.is_multiple_of(EXCHANGE_NODES_PER_UNIT) {
            budget.spend()?;
        }
        self.round_nodes += 1;
        if !node.hopeful && hopeless(pos, self.winner) {
            return Ok(false);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(pos.turn() != self.winner && pos.checkers().any());
        }
        if depth == 0 || ply >= MAX_PLY || self.round_nodes >= ROUND_NODES {
            self.cut = true;
            return Ok(false);
        }
        // One probe of the table for the test and the update.
        match self.seen.entry(node.k) {
            Entry::Occupied(e) if e.get().0 >= depth => {
                self.cut |= e.get().1 != self.round;
                return Ok(false);
            }
            Entry::Occupied(mut e) => {
                e.insert((depth, self.round));
            }
            Entry::Vacant(e) => {
                e.insert((depth, self.round));
            }
        }
        let mut ordered: Vec<(Kind, u8, Move)> = moves
            .iter()
            .map(|m| {
                let (kind, rank) = self.classify(pos, m);
                (kind, rank, *m)
            })
            .collect();
        ordered.sort_by_key(|(kind, rank, _)| (*kind, *rank));
        for (kind, _, m) in ordered {
            let cost = match kind {
                Kind::Progress if ply < FREE_PLY => 0,
                Kind::Normal if node.after_progress && ply < FREE_PLY => 0,
                Kind::Progress | Kind::Normal => 1,
                Kind::Setback => 3,
            };
            if depth < cost {
                self.cut = true;
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let next = Node {
                k: child_key(pos, node.k, m, &child),
                after_progress: kind == Kind::Progress,
                // `pos` is not hopeless.
                hopeful: same_regions_after(pos, m),
            };
            if self.search(&child, next, depth - cost, ply + 1, budget)? {
                self.line.push(m);
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// How `m` changes the prospects of a mate, with an order within its kind.
    fn classify(&self, pos: &Chess, m: &Move) -> (Kind, u8) {
        if self.exchange {
            return classify_exchange(pos, m, self.winner);
        }
        let from = m.from();
        let nearer =
            |target: Square| from.is_some_and(|f| distance(m.to(), target) < distance(f, target));
        if pos.turn() == self.winner {
            if m.is_promotion() {
                return (Kind::Progress, 0);
            }
            if m.is_capture() {
                return (Kind::Progress, 1);
            }
            match m.role() {
                Role::Pawn => (Kind::Progress, 2),
                Role::King if nearer(self.helper) => (Kind::Progress, 3),
                Role::Knight if nearer(self.corner) => (Kind::Progress, 3),
                _ => (Kind::Normal, 0),
            }
        } else {
            if self.needs_loser_promotion && m.role() == Role::Pawn {
                let heavy = matches!(m.promotion(), Some(Role::Queen | Role::Rook));
                if !heavy && !m.is_capture() {
                    return (Kind::Progress, 1);
                }
            }
            if m.role() == Role::King && nearer(self.corner) {
                return (Kind::Progress, 0);
            }
            if m.is_capture() {
                return (Kind::Setback, 0);
            }
            if self.needs_loser_promotion {
                return (Kind::Setback, 1);
            }
            (Kind::Normal, 0)
        }
    }
}

/// [`Guided::classify`] for [`Guided::exchange`]: promotions, captures and
/// pawn moves of either side are progress (they cost no depth, and each can
/// happen only so often, so lines stay finite); a king move is ordered by how
/// near it brings the king to the opponent's nearest unit, another piece's
/// move by how near it comes to the loser's king.
fn classify_exchange(pos: &Chess, m: &Move, winner: Color) -> (Kind, u8) {
    if m.is_promotion() {
        return (Kind::Progress, 0);
    }
    if m.is_capture() {
        return (Kind::Progress, 1);
    }
    if m.role() == Role::Pawn {
        return (Kind::Progress, 2);
    }
    let board = pos.board();
    let mover = pos.turn();
    let targets = if m.role() == Role::King {
        board.by_color(!mover) & !board.kings()
    } else {
        board.by_color(!winner) & board.kings()
    };
    let to = m.to();
    let d = targets
        .into_iter()
        .map(|t| distance(t, to))
        .min()
        .unwrap_or(0);
    (Kind::Normal, d as u8)
}
