//! Dead positions (Art. 5.2.2) and whether a player can still checkmate
//! "by any series of legal moves" (Art. 5.1.2, 6.9, 7.5.5, A.5.3, Guideline I.8).
//!
//! The question is about helpmates: the opponent may cooperate, so a lone
//! knight against a knight can still win, while a locked pawn chain with only
//! kings behind it cannot. [`can_checkmate`] answers it for one player,
//! [`is_dead_position`] for both. Answers are [`Verdict::Winnable`] with a
//! witness line of legal moves ending in mate, [`Verdict::Unwinnable`] (never
//! given wrongly) or [`Verdict::Undetermined`] when the work budget ran out.
//!
//! ```
//! use laws::dead_position::{Tier, Verdict, can_checkmate, is_dead_position};
//! use shakmaty::{Chess, Color, CastlingMode, fen::Fen};
//!
//! let pos = |fen: &str| -> Chess {
//!     fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
//! };
//!
//! // Art. 5.2.2: a locked pawn chain that neither king can cross.
//! let locked = pos("8/8/4k3/1p1p1p1p/1P1P1P1P/4K3/8/8 w - - 0 50");
//! assert_eq!(is_dead_position(&locked, Tier::full()), Verdict::Unwinnable);
//!
//! // Knight against knight: a helpmate exists, so the game goes on.
//! let knights = pos("8/8/2n1k3/8/8/3NK3/8/8 w - - 0 60");
//! assert!(matches!(can_checkmate(&knights, Color::White, Tier::full()), Verdict::Winnable(_)));
//!
//! // Art. 6.9: Black's flag fell, but the only legal move Kxh7 leaves White a bare king.
//! let bare = pos("7K/7q/5k2/8/8/8/8/8 w - - 18 61");
//! assert_eq!(can_checkmate(&bare, Color::Black, Tier::Quick), Verdict::Unwinnable);
//! ```
//!
//! Positions are compared as in Art. 9.2.3; the move counters (and with them
//! the 75-move rule of Art. 9.6.2) are ignored, as in the usual reading of
//! "any series of legal moves". Visited positions are identified by 128-bit
//! Zobrist keys.

mod frozen;
mod guided;
mod plan;
mod reach;
mod search;

use shakmaty::{Bitboard, Chess, Color, Move, MoveList, Position};

use crate::Article;
pub use guided::EXCHANGE_NODES_PER_UNIT;
pub use search::CHILDREN_WEIGHED_PER_UNIT;
use search::{Budget, Exhausted, Helpmate, OutOfBudget, Walk};

/// Art. 5.2.2: the game is drawn when neither player can checkmate by any series of legal moves.
pub const DEAD_POSITION: Article = Article::new("Art. 5.2.2");

/// Art. 6.9: after a flag fall the game is drawn if the opponent cannot checkmate by any series of legal moves.
pub const FLAG_FALL: Article = Article::new("Art. 6.9");

/// How much work an analysis may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// Cheap enough to run after every move of every game: material, forced
    /// replies to check, frozen structures, the region analysis of pawn walls
    /// when a position looks closed, with a walk of at most 200 positions.
    /// Never reports [`Verdict::Winnable`] for ordinary positions, only
    /// [`Verdict::Undetermined`].
    Quick,
    /// Helpmate search and exhaustive analysis up to `node_limit` work units
    /// in all, in passes of escalating budgets from 500,000 units on. A unit
    /// is one position searched, or [`EXCHANGE_NODES_PER_UNIT`]
    /// positions of the cheaper exchange search; the random games spend one
    /// more for every [`CHILDREN_WEIGHED_PER_UNIT`] children they weigh.
    Full {
        /// Work units spent at most, over all passes.
        node_limit: u64,
    },
}

impl Tier {
    /// Default node limit of [`Tier::full`]: passes of 500,000, 2,000,000
    /// and 7,500,000 nodes, the later ones only for positions still undetermined.
    pub const DEFAULT_NODE_LIMIT: u64 = 10_000_000;

    /// Full analysis with the default node limit.
    pub const fn full() -> Tier {
        Tier::Full {
            node_limit: Tier::DEFAULT_NODE_LIMIT,
        }
    }

    /// Node limit (work units) of [`Tier::board`], calibrated on the CHA
    /// test vector so that no answer takes more than a second on the
    /// project's 2-core machine (`BENCHMARKS.md`, Dead positions): passes of
    /// 700,000 units, then the exchange search with the 200,000 left. A
    /// bound in work units, not in time, so that a ruling never depends on
    /// the speed of the machine.
    pub const BOARD_NODE_LIMIT: u64 = 900_000;

    /// Full analysis for a ruling at the board (a flag fall, Art. 6.9; an
    /// invalid sealed move): at most [`Tier::BOARD_NODE_LIMIT`] work units.
    /// An answer not found within them is [`Verdict::Undetermined`], which
    /// counts as "can checkmate".
    pub const fn board() -> Tier {
        Tier::Full {
            node_limit: Tier::BOARD_NODE_LIMIT,
        }
    }
}

/// Whether a player can still checkmate (Art. 5.1.1) by some series of legal moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A helpmate exists: the witness is a line of legal moves from the
    /// position ending in checkmate of the opponent (empty if already mated).
    Winnable(Vec<Move>),
    /// No series of legal moves leads to checkmate by that player.
    Unwinnable,
    /// The budget ran out before either could be shown.
    Undetermined,
}

/// A [`Verdict`] with the work units spent to reach it (see [`Tier::Full`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The answer.
    pub verdict: Verdict,
    /// Work units spent: positions searched, those of the exchange search
    /// counted [`EXCHANGE_NODES_PER_UNIT`] to a unit, and one for every
    /// [`CHILDREN_WEIGHED_PER_UNIT`] children the random games weigh.
    pub nodes: u64,
}

/// Art. 6.9, 5.1.2, 7.5.5, A.5.3: can `winner` checkmate by any series of legal moves?
pub fn can_checkmate(pos: &Chess, winner: Color, tier: Tier) -> Verdict {
    analyse(pos, winner, tier).verdict
}

/// Whether `color` cannot checkmate by any series of legal moves (Art. 5.1.2,
/// 6.9, 7.5.5), by the full dead-position analysis within [`Tier::board`]'s
/// bound. An undetermined answer counts as "can checkmate": the Laws'
/// default stands unless proven otherwise.
pub(crate) fn cannot_checkmate(position: &Chess, color: Color) -> bool {
    can_checkmate(position, color, Tier::board()) == Verdict::Unwinnable
}

/// Art. 5.2.2: [`Verdict::Unwinnable`] iff neither player can checkmate (a dead
/// position); [`Verdict::Winnable`] with a witness for one of them otherwise.
pub fn is_dead_position(pos: &Chess, tier: Tier) -> Verdict {
    analyse_dead_position(pos, tier).verdict
}

/// [`can_checkmate`] with the node count.
pub fn analyse(pos: &Chess, winner: Color, tier: Tier) -> Analysis {
    analyse_as(pos, winner, tier, Depth::OneSided, &Evasions::of(pos))
}

/// The replies to a check on the board, generated once per position for the
/// mate test and [`forced`] of both sides (the per-move path runs after every
/// move of every game); `None` when no king is in check.
struct Evasions(Option<MoveList>);

impl Evasions {
    fn of(pos: &Chess) -> Evasions {
        Evasions::with_check(pos, pos.checkers().any())
    }

    fn with_check(pos: &Chess, check: bool) -> Evasions {
        Evasions(check.then(|| pos.legal_moves()))
    }

    /// Art. 5.1.1: `winner` has checkmated the opponent.
    fn mated_loser(&self, pos: &Chess, winner: Color) -> bool {
        pos.turn() != winner && self.0.as_ref().is_some_and(MoveList::is_empty)
    }
}

/// How much of the quick tier runs: all of it for a one-sided question
/// (asked once per game), a shorter walk in the per-move path, for a check
/// on the board in an open position only the light part, and for an open
/// position behind facing pawns ([`walled_in`]) the region analysis alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Depth {
    Light,
    Facing,
    PerMove,
    OneSided,
}

fn analyse_as(
    pos: &Chess,
    winner: Color,
    tier: Tier,
    depth: Depth,
    evasions: &Evasions,
) -> Analysis {
    if evasions.mated_loser(pos, winner) {
        return Analysis {
            verdict: Verdict::Winnable(Vec::new()),
            nodes: 0,
        };
    }
    if search::hopeless(pos, winner) {
        return Analysis {
            verdict: Verdict::Unwinnable,
            nodes: 0,
        };
    }
    match tier {
        Tier::Quick => quick(pos, winner, depth, evasions),
        Tier::Full { node_limit } => full(pos, winner, node_limit),
    }
}

/// [`is_dead_position`] with the node count. The side that just moved is analysed first.
pub fn analyse_dead_position(pos: &Chess, tier: Tier) -> Analysis {
    // The per-move path: without a check on the board and with pawns not
    // locked head-on, one side with play left settles the quick tier at once,
    // unless every pawn faces an opposing one and only minor pieces are left
    // ([`walled_in`]): then the region analysis runs, without a walk. So
    // ordinary positions (every opening) cost a few bitboard operations; a
    // check in an open position gets only the light part of the quick tier.
    let open = !pawns_locked(pos)
        && [Color::White, Color::Black]
            .into_iter()
            .any(|c| quick_open(pos, c));
    let check = pos.checkers().any();
    let depth = if !open {
        Depth::PerMove
    } else if check {
        Depth::Light
    } else if walled_in(pos) {
        Depth::Facing
    } else if tier == Tier::Quick {
        return Analysis {
            verdict: Verdict::Undetermined,
            nodes: 0,
        };
    } else {
        Depth::PerMove
    };
    let evasions = Evasions::with_check(pos, check);
    let first = analyse_as(pos, !pos.turn(), tier, depth, &evasions);
    // The quick tier gives no witnesses worth a second search: stop unless dead is still possible.
    if matches!(first.verdict, Verdict::Winnable(_))
        || (tier == Tier::Quick && first.verdict != Verdict::Unwinnable)
    {
        return first;
    }
    let second = analyse_as(pos, pos.turn(), tier, depth, &evasions);
    let nodes = first.nodes + second.nodes;
    let verdict = match (first.verdict, second.verdict) {
        (_, Verdict::Winnable(line)) => Verdict::Winnable(line),
        (Verdict::Unwinnable, Verdict::Unwinnable) => Verdict::Unwinnable,
        _ => Verdict::Undetermined,
    };
    Analysis { verdict, nodes }
}

/// Positions the quick tier's walk may visit when the position looks closed,
/// for a one-sided question.
const QUICK_NODES: u64 = 200;

/// The same in the per-move path, which may run it after many moves of a game.
const QUICK_NODES_PER_MOVE: u64 = 48;

/// At most this many replies to check count as forced play worth a look.
const QUICK_MAX_EVASIONS: usize = 3;

/// Whether the quick tier can say nothing about `winner` while no king is in
/// check: sufficient material, pawns not all facing opposing pawns, and force that
/// can move.
fn quick_open(pos: &Chess, winner: Color) -> bool {
    !stuck(pos, winner) && !pos.has_insufficient_material(winner)
}

/// Every pawn stands head-on against an opposing pawn (none can advance).
fn pawns_locked(pos: &Chess) -> bool {
    let board = pos.board();
    let (white, black) = (board.pawns() & board.white(), board.pawns() & board.black());
    white.shift(8).is_subset(black) && black.shift(-8).is_subset(white)
}

/// Pawns that all face an opposing pawn on their file, no castling right
/// and no queen on the board: the structure in which the region analysis of
/// [`reach`] may prove a position dead while pawns and pieces can still
/// move. Cheap bitboard tests; most positions of real games fail them (a
/// passed pawn, a queen, castling rights).
fn walled_in(pos: &Chess) -> bool {
    let board = pos.board();
    board.queens().is_empty()
        && board.pawns().any()
        && pos.castles().is_empty()
        && frozen::pawns_facing(pos)
}

/// There are pawns and none can advance: each has a unit on the square in front of it.
fn pawns_blocked(pos: &Chess) -> bool {
    let board = pos.board();
    let (white, black) = (board.pawns() & board.white(), board.pawns() & board.black());
    board.pawns().any() && (white.shift(8) | black.shift(-8)).is_subset(board.occupied())
}

/// `winner` has no queen, rook or knight: bishops that a pawn wall may hold.
fn no_heavy_force(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    (board.by_color(winner) & (board.queens() | board.rooks() | board.knights())).is_empty()
}

/// `winner` has no queen, rook or knight and no pawn that can advance.
fn stuck(pos: &Chess, winner: Color) -> bool {
    let board = pos.board();
    let ours = board.by_color(winner);
    let mobile_force = ours & (board.queens() | board.rooks() | board.knights());
    let pawns = ours & board.pawns();
    let pushes = match winner {
        Color::White => pawns.shift(8),
        Color::Black => pawns.shift(-8),
    };
    mobile_force.is_empty() && (pushes & !board.occupied()) == Bitboard::EMPTY
}

/// A check with at most [`QUICK_MAX_EVASIONS`] replies, none of which leaves
/// `winner` with play in a quiet position: only then can the tiny search close
/// (a reply that stalemates is left to the full tier).
fn forced(pos: &Chess, winner: Color, evasions: &Evasions) -> bool {
    let Some(evasions) = &evasions.0 else {
        return false;
    };
    evasions.len() <= QUICK_MAX_EVASIONS
        && evasions.iter().all(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            after.checkers().any() || !quick_open(&after, winner)
        })
}

/// The quick tier, for positions that look closed: when the winner is stuck,
/// no pawn can advance or the winner has no queen, rook or knight, the region
/// analysis of [`reach`] now and after every move; when the winner is stuck,
/// no pawn can advance or the opponent's replies to a check are forced, a
/// walk of at most [`QUICK_NODES`] positions ([`QUICK_NODES_PER_MOVE`] in the
/// per-move path). With [`Depth::Light`] only a stuck winner counts as
/// closed; [`Depth::Facing`] runs no walk. Ordinary positions cost a few
/// bitboard operations.
fn quick(pos: &Chess, winner: Color, depth: Depth, evasions: &Evasions) -> Analysis {
    let blocked = stuck(pos, winner) || (depth != Depth::Light && pawns_blocked(pos));
    let walled = blocked || (depth != Depth::Light && no_heavy_force(pos, winner));
    if walled && reach::never_mates_after_any_move(pos, winner) {
        return Analysis {
            verdict: Verdict::Unwinnable,
            nodes: 0,
        };
    }
    if depth == Depth::Facing || !(blocked || forced(pos, winner, evasions)) {
        return Analysis {
            verdict: Verdict::Undetermined,
            nodes: 0,
        };
    }
    let mut budget = Budget {
        used: 0,
        limit: if depth == Depth::OneSided {
            QUICK_NODES
        } else {
            QUICK_NODES_PER_MOVE
        },
    };
    let verdict = match search::exhaust(pos, winner, &mut budget) {
        Ok(Exhausted::NoMate) => Verdict::Unwinnable,
        Ok(Exhausted::Mate(line)) => Verdict::Winnable(line),
        Err(OutOfBudget) => Verdict::Undetermined,
    };
    Analysis {
        verdict,
        nodes: budget.used.min(budget.limit),
    }
}

/// Node limit of the first pass of the full tier (see [`full`]).
const FIRST_PASS_NODES: u64 = 500_000;

/// Each further pass of the full tier may search this many times the nodes of the one before.
const ESCALATION: u64 = 4;

/// The full tier in passes with escalating budgets: [`Stages::run`] with
/// [`FIRST_PASS_NODES`], then, while undetermined, again with [`ESCALATION`]
/// times as many nodes, until the passes together have used `node_limit`
/// less the [`exchange_reserve`]. Each pass goes on with the searches of the
/// one before where they stopped. Most positions are settled by the first
/// pass; only the long helpmates of blocked pawn structures pay for the
/// bigger budgets. Below [`EXCHANGE_FROM_PASS`] the passes never run the
/// exchange search, so a position they leave undetermined gets it last,
/// with the reserve.
fn full(pos: &Chess, winner: Color, node_limit: u64) -> Analysis {
    if reach::never_mates_after_any_move(pos, winner) {
        return Analysis {
            verdict: Verdict::Unwinnable,
            nodes: 0,
        };
    }
    let reserve = exchange_reserve(node_limit);
    let passes = node_limit - reserve;
    let mut stages = Stages::new(pos, winner);
    let mut budget = Budget { used: 0, limit: 0 };
    let mut pass = passes.min(FIRST_PASS_NODES);
    loop {
        let start = budget.used.min(budget.limit);
        let room = passes.saturating_sub(start + pass);
        let mut verdict = stages.run(pos, start, pass, room, &mut budget);
        let nodes = budget.used.min(budget.limit);
        let rest = passes.saturating_sub(nodes);
        if verdict == Verdict::Undetermined && rest == 0 && reserve > 0 {
            budget.raise_to(nodes + reserve);
            verdict =
                walked(stages.exchange.run(pos, &mut budget)).unwrap_or(Verdict::Undetermined);
            let nodes = budget.used.min(budget.limit);
            return Analysis { verdict, nodes };
        }
        if verdict != Verdict::Undetermined || rest == 0 {
            return Analysis { verdict, nodes };
        }
        pass = rest.min(pass.saturating_mul(ESCALATION));
    }
}

/// Work units the walk of [`plan`] may spend to reach the position in which
/// a winner's pawn or hemmed-in king has taken a piece the loser gave it (the test vector's
/// families of a king shut in behind its pawns need up to 110,000).
const PLAN_NODES: u64 = 150_000;

/// Work units the searches may spend from the position the plan reached.
const PLAN_FOLLOW_UP_NODES: u64 = 50_000;

/// Work units of the walk of the [self-block](plan::SelfBlock) plan (the test vector's two
/// self-block mates need about 11,000 and 23,000); it runs first, and where the other plans
/// apply as well they go on after it.
const SELF_BLOCK_NODES: u64 = 40_000;

/// The [self-block](plan::SelfBlock) walk where it applies, then the walk of [`plan`], and
/// from the position it reaches a pass of
/// [`Stages`]; the whole line to a mate if one is found, within at most
/// [`PLAN_NODES`] and [`PLAN_FOLLOW_UP_NODES`], and at most 3/4 and 1/4 of
/// `room` units (the [give-away](plan::Plan::gives_away) plan's follow-up also
/// gets the units its walk left). Nothing is concluded otherwise (a position after the plan
/// that cannot mate says nothing about the others), and the passes go on
/// with the rest of the bound.
fn planned(pos: &Chess, winner: Color, room: u64, budget: &mut Budget) -> Option<Vec<Move>> {
    if let Some(mut walk) = plan::SelfBlock::new(pos, winner) {
        let before = budget.used.min(budget.limit);
        budget.raise_to(before + SELF_BLOCK_NODES.min(room / 4));
        if let Ok(Some(line)) = walk.run(budget) {
            return Some(line);
        }
        if !plan::Plan::applies(pos, winner) {
            return None;
        }
    }
    let walk_units = PLAN_NODES.min(room / 4 * 3);
    let before = budget.used.min(budget.limit);
    budget.raise_to(before + walk_units);
    let mut plan = plan::Plan::new(pos, winner);
    let (mut line, after) = plan.run(budget).ok()??;
    let start = budget.used.min(budget.limit);
    let mut follow_up = PLAN_FOLLOW_UP_NODES.min(room / 4);
    if plan.gives_away() {
        // Its walk is short (a few offers), its follow-up long: the walk's units left go to it.
        follow_up += (before + walk_units).saturating_sub(start);
    }
    let mut searches = Stages::new(&after, winner);
    searches.plan = false;
    match searches.run(&after, start, follow_up, 0, budget) {
        Verdict::Winnable(rest) => {
            line.extend(rest);
            Some(line)
        }
        _ => None,
    }
}

/// Work units of a bound below [`EXCHANGE_FROM_PASS`] kept for the exchange
/// search after the passes: 2/9 of it (200,000 of [`Tier::board`]'s 900,000,
/// i.e. 600,000 of the exchange search's cheap nodes), none for larger bounds,
/// whose later passes run the exchange search themselves.
fn exchange_reserve(node_limit: u64) -> u64 {
    if node_limit < EXCHANGE_FROM_PASS {
        node_limit / 9 * 2
    } else {
        0
    }
}

/// Passes of at least this many nodes (the second and later passes of
/// [`Tier::full`], never [`Tier::board`]'s) give a share to the exchange
/// variant of the guided search: on the test vector it helps only the long
/// helpmates that the first 500,000 nodes leave undetermined.
const EXCHANGE_FROM_PASS: u64 = 2_000_000;

/// The searches of the full tier, each resumable: later passes go on with them.
struct Stages {
    winner: Color,
    /// The [`plan`] applies and has not run yet.
    plan: bool,
    playouts: Helpmate,
    walk: Walk,
    guided: guided::Guided,
    exchange: guided::Guided,
}

impl Stages {
    fn new(pos: &Chess, winner: Color) -> Stages {
        Stages {
            winner,
            plan: plan::applies(pos, winner),
            playouts: Helpmate::new(pos, winner),
            walk: Walk::new(pos, winner),
            guided: guided::Guided::new(pos, winner),
            exchange: guided::Guided::exchange(pos, winner),
        }
    }

    /// One pass of `pass` nodes from `start` on, each search with a share of
    /// it: a few guided random games (1/64), the exhaustive walk (1/8: small
    /// reachable worlds, the dead positions behind pawn walls), once, where
    /// it applies, the [`plan`] with units of the `room` the bound leaves
    /// after this pass (they lengthen the pass, see [`planned`]), the guided
    /// helpmate search of [`guided`] (1/4), in passes of at least
    /// [`EXCHANGE_FROM_PASS`] nodes its exchange variant (1/4: pawn walls that
    /// both sides must break up by captures and promotions), more random
    /// games (1/8), then the walk again with the rest.
    fn run(
        &mut self,
        pos: &Chess,
        start: u64,
        pass: u64,
        room: u64,
        budget: &mut Budget,
    ) -> Verdict {
        let share = |budget: &mut Budget, nodes: u64| {
            budget.raise_to(budget.used.min(budget.limit) + nodes);
        };
        share(budget, pass / 64);
        if let Ok(line) = self.playouts.playouts(pos, budget) {
            return Verdict::Winnable(line);
        }
        share(budget, pass / 8);
        if let Some(v) = walked(self.walk.run(budget)) {
            return v;
        }
        // The plan once, after the cheap stages, with units added to this
        // pass from the `room` the bound leaves after it.
        let mut planned_units = 0;
        if self.plan && room > 0 {
            self.plan = false;
            let before = budget.used.min(budget.limit);
            if let Some(line) = planned(pos, self.winner, room, budget) {
                return Verdict::Winnable(line);
            }
            planned_units = budget.used.min(budget.limit) - before;
        }
        share(budget, pass / 4);
        if let Some(v) = walked(self.guided.run(pos, budget)) {
            return v;
        }
        if pass >= EXCHANGE_FROM_PASS {
            share(budget, pass / 4);
            if let Some(v) = walked(self.exchange.run(pos, budget)) {
                return v;
            }
        }
        share(budget, pass / 8);
        if let Ok(line) = self.playouts.playouts(pos, budget) {
            return Verdict::Winnable(line);
        }
        budget.raise_to(start + pass + planned_units);
        walked(self.walk.run(budget)).unwrap_or(Verdict::Undetermined)
    }
}

/// The verdict of a search that ended, `None` if it ran out of budget.
fn walked(result: Result<Exhausted, OutOfBudget>) -> Option<Verdict> {
    match result {
        Ok(Exhausted::Mate(line)) => Some(Verdict::Winnable(line)),
        Ok(Exhausted::NoMate) => Some(Verdict::Unwinnable),
        Err(OutOfBudget) => None,
    }
}

#[cfg(test)]
mod tests;
