//! The bounds on the bracket search, and which of them can change a pairing.
//!
//! No limit ever changes a pairing silently. A limit is either a switch between two exact
//! methods ([`Limits::perfect_nodes`], [`Limits::perfect_check_players`]), or, when reached
//! before the search has proven its result, ends the pairing with
//! [`super::PairingError::SearchLimit`].

use std::fmt;

/// The bounds on the search for one bracket's pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Candidates evaluated per bracket level: reached before the result is proven, an error.
    pub candidates: usize,
    /// Search-tree nodes visited per bracket level: reached before the result is proven, an
    /// error.
    pub nodes: usize,
    /// Nodes of the first pass, which looks for a perfect candidate only. Reached, the full
    /// search decides instead: no effect on the pairing.
    pub perfect_nodes: usize,
    /// Sets of next-bracket floaters tried for C8 (2026): reached, an error.
    pub next_floater_sets: usize,
    /// Downfloaters up to which every set of them floating on is tried for 2017 C.7: beyond,
    /// an error when needed.
    pub next_bracket_mdps: usize,
    /// Players of S1 up to which the first pass prunes with a matching (only a speed-up):
    /// no effect on the pairing.
    pub perfect_check_players: usize,
    /// Downfloater sets up to which a bracket level's C6-C9 (2017: C.5-C.7) are computed
    /// exactly for each set, which also restricts the search to the best sets (only a
    /// speed-up): beyond, a weaker lower bound; no effect on the pairing.
    pub exact_prefix_sets: usize,
    /// Players in a group up to which the lower bound of its C10-C17 is computed by a
    /// minimum-cost assignment of its double cover (only a speed-up): no effect on the
    /// pairing.
    pub exact_check_players: usize,
    /// Players of S1 still to pair up to which every search node computes the exact least
    /// C10-C17 of its completion by a minimum-cost assignment kept along the search path
    /// (only a speed-up): no effect on the pairing.
    pub rest_check_players: usize,
    /// Players in a bracket up to which the lower bound of a level's C10-C17 is computed by a
    /// minimum-cost assignment of its double cover, once per level (only a speed-up): no
    /// effect on the pairing.
    pub level_check_players: usize,
}

impl Limits {
    /// The limits `pair_round` applies.
    pub const DEFAULT: Limits = Limits {
        candidates: 1_000_000,
        nodes: 5_000_000,
        perfect_nodes: 100_000,
        next_floater_sets: 2_000,
        next_bracket_mdps: 10,
        perfect_check_players: 48,
        exact_prefix_sets: 5_000,
        exact_check_players: 400,
        rest_check_players: 100_000,
        level_check_players: 2_000,
    };

    /// Every limit at its smallest value: for tests that a limit never changes a pairing.
    pub const SMALLEST: Limits = Limits {
        candidates: 0,
        nodes: 0,
        perfect_nodes: 0,
        next_floater_sets: 0,
        next_bracket_mdps: 0,
        perfect_check_players: 0,
        exact_prefix_sets: 0,
        exact_check_players: 0,
        rest_check_players: 0,
        level_check_players: 0,
    };

    /// The limit of the given kind.
    pub fn value(&self, limit: Limit) -> usize {
        match limit {
            Limit::Candidates => self.candidates,
            Limit::Nodes => self.nodes,
            Limit::NextFloaterSets => self.next_floater_sets,
            Limit::NextBracketMdps => self.next_bracket_mdps,
        }
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::DEFAULT
    }
}

/// A limit that ends the pairing with an error when reached before the result is proven.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// [`Limits::candidates`].
    Candidates,
    /// [`Limits::nodes`].
    Nodes,
    /// [`Limits::next_floater_sets`].
    NextFloaterSets,
    /// [`Limits::next_bracket_mdps`].
    NextBracketMdps,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Candidates => "candidates evaluated",
            Limit::Nodes => "search nodes visited",
            Limit::NextFloaterSets => "sets of next-bracket floaters tried for C8",
            Limit::NextBracketMdps => "downfloaters tried for C.7",
        })
    }
}
