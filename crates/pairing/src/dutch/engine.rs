//! The round pairing: brackets from the top scoregroup down (C.04.3 Art. 1.9, 3 and 4).
//!
//! Each bracket is paired by generating candidates in the order of Art. 4 (MDP sets, S2
//! transpositions, remainder exchanges and transpositions), evaluating every candidate against
//! the criteria in order and accepting the first perfect one, else the best one. A search that
//! reaches one of its [`Limits`] before proving its result ends in an error, never in a guess.
//! It is pruned by exact bounds: C6-C9 of every downfloater set of a level, and the least
//! C10-C17 of the rest of a candidate by a minimum-cost assignment (`crate::assignment`).
//! Completion (C4) and the bye assignee's score (C5) are decided with a maximum matching over
//! all players still to be paired.

use std::cell::{Cell, OnceCell, RefCell};
use std::cmp::Reverse;
use std::collections::HashMap;

use laws::Article;

use super::colour::{ColourPreference, PreferenceStrength, allocate_colours, colour_difference};
use super::criterion::{C11Reading, Criterion};
use super::limits::{Limit, Limits};
use super::{
    Board, Colour, CompletionRule, DutchEdition, Float, Input, PairExplanation, Pairing,
    PairingError, RoundEntry, Rules, Score,
};
use crate::assignment::{self, Incremental, Overflow};
use crate::matching::{BracketGraph, Graph, SubsetGraph, bit_rows};

/// The next bracket's PSD (2017 C.7) of a downfloater set with which it cannot be paired:
/// above every list of score differences.
const UNPAIRABLE: i64 = i64::MAX;

/// Score difference given to a downfloater in C18-C21: above any difference between two scores.
const DOWNFLOATER_DIFFERENCE: i64 = 1 << 40;

/// The cost of letting a player float whom no best downfloater set of the level contains:
/// above any sum of counts the keys encode. Assignments sum it with checked arithmetic
/// (`assignment::Overflow`): past 127 such floaters a sum leaves `i128`, and the bound is
/// then not computed, never a wrapped one.
const NOT_A_FLOATER: i128 = 1 << 120;

/// The counts C10-C17 (2017: C.8-C.15) of a candidate or a part of one.
type Counts = [u32; 8];

/// C6-C9 (2017: C.5-C.7) of a bracket level, decided for every downfloater set.
enum LevelPrefix {
    /// Too many sets, or a value not proven: the level keeps its weaker lower bound.
    Unknown,
    /// No downfloater set admits a candidate: the level has none.
    Empty,
    /// The least values and the sets reaching them (each sorted).
    Best(Vec<Value>, Vec<Vec<usize>>),
    /// The sets that admit a candidate, their values not known exactly (2017: C.5 of a
    /// bracket whose residents' scores differ depends on the pairs).
    Valid(Vec<Vec<usize>>),
}

/// A present player prepared for pairing.
struct Prepared {
    id: u32,
    /// Position among the present players in pairing-number order, used by C.04.3 5.2.5.
    colour_number: u32,
    /// Score plus acceleration: the pairing score.
    score: Score,
    /// Points actually scored, which order the boards.
    points: Score,
    played: Vec<Colour>,
    preference: Option<ColourPreference>,
    bye_eligible: bool,
    unplayed: u32,
    topscorer: bool,
    /// Floats one and two rounds before.
    floats: [Option<Float>; 2],
}

struct Context<'a> {
    players: Vec<Prepared>,
    compatible: Vec<Vec<u64>>,
    edition: DutchEdition,
    /// How C11 (2017: C.9) counts a third colour in a row.
    c11: C11Reading,
    /// Who may receive the pairing-allocated bye (C2, and C5 in 2026).
    bye_allowed: Vec<bool>,
    input: &'a Input,
    limits: Limits,
}

impl Context<'_> {
    fn compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a][b / 64] >> (b % 64) & 1 == 1
    }

    /// Whether the players in `set` can all be paired (one of them receiving the bye when the
    /// set is odd) under the absolute criteria: C4.
    fn completable(&self, set: &[usize]) -> bool {
        let bye = (set.len() % 2 == 1).then_some(self.bye_allowed.as_slice());
        SubsetGraph::new(&self.compatible, set, bye).is_perfect(set)
    }

    /// One maximum matching of `set` under the absolute criteria, without the bye: a start
    /// for [`Self::completable_with`].
    fn matching(&self, set: &[usize]) -> Vec<usize> {
        SubsetGraph::new(&self.compatible, set, None).matching(set)
    }

    /// [`Self::completable`] for `extra` and `base` together (disjoint), found from `start`, a
    /// maximum matching of `base` ([`Self::matching`]): the same answer, by augmenting paths
    /// from the players it leaves unmatched instead of a new matching.
    fn completable_with(&self, extra: &[usize], base: &[usize], start: &[usize]) -> bool {
        let set: Vec<usize> = extra.iter().chain(base).copied().collect();
        let bye = (set.len() % 2 == 1).then_some(self.bye_allowed.as_slice());
        SubsetGraph::new(&self.compatible, &set, bye).is_perfect_from(&set, start.to_vec())
    }
}

/// One criterion's value: a count, or a list compared lexicographically.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Value {
    /// A count of players or pairs.
    Count(u32),
    /// Scores or score differences, compared lexicographically.
    List(Vec<i64>),
}

/// What one pair contributes to C10-C21 (2017: C.8-C.19): counts of C10, C11, C12, C13,
/// C14-C17, and score differences for C18-C21.
#[derive(Debug, Clone, Copy, Default)]
struct PairCost {
    counts: [u32; 8],
    lists: [Option<i64>; 4],
}

/// Colour preferences in a set of players: White, Black, strong White, strong Black, players.
#[derive(Debug, Clone, Copy, Default)]
struct PreferenceCounts([i64; 5]);

impl PreferenceCounts {
    fn add(&mut self, other: PreferenceCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }

    fn remove(&mut self, other: PreferenceCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a -= b;
        }
    }
}

/// The state of a transposition search: the S2 players used, the preference counts of S1
/// from each position on and of the S2 players not yet used, and how many of the unused S2
/// players and of the Limbo floated down one and two rounds before.
struct Transposition {
    used: Vec<bool>,
    s1_suffix: Vec<PreferenceCounts>,
    s2_free: PreferenceCounts,
    s2_down: [u32; 2],
    limbo_down: [u32; 2],
    /// Per S1 position, the least-cost assignment of the S1 players from there on to the
    /// unused S2 players (its first row's position), when computed: C10-C17 of the rest.
    rests: Vec<Option<(usize, Incremental)>>,
    costs: RestCosts,
}

/// The pair and float keys of one exchange, each computed once, when the assignments of the
/// rest first need it: rows from `first_row` of S1 on (the rest is never larger), all of S2.
struct RestCosts {
    first_row: usize,
    columns: usize,
    pairs: Vec<Cell<Option<Option<i128>>>>,
    floats: Vec<Cell<Option<i128>>>,
}

impl RestCosts {
    fn new(s1: usize, s2: usize, limit: usize) -> RestCosts {
        let first_row = s1.saturating_sub(limit);
        RestCosts {
            first_row,
            columns: s2,
            pairs: vec![Cell::new(None); (s1 - first_row) * s2],
            floats: vec![Cell::new(None); s2],
        }
    }
}

#[derive(Clone)]
struct Candidate {
    /// (higher-ranked, lower-ranked) indices.
    pairs: Vec<(usize, usize)>,
    downfloaters: Vec<usize>,
}

/// Prepares the players and pairs the round by the given edition of C.04.3 (a
/// [`DutchEdition`], read as its text, or [`Rules`] naming the readings).
pub fn pair_round(input: &Input, rules: impl Into<Rules>) -> Result<Pairing, PairingError> {
    pair_round_within(input, rules, Limits::DEFAULT)
}

/// [`pair_round`] with the search bounded by `limits`: the same pairing, or
/// [`PairingError::SearchLimit`] when a limit is reached before the result is proven.
pub fn pair_round_within(
    input: &Input,
    rules: impl Into<Rules>,
    limits: Limits,
) -> Result<Pairing, PairingError> {
    if input.round == 0 || input.round > input.total_rounds.max(input.round) {
        return Err(PairingError::RoundOutOfRange {
            round: input.round,
            total_rounds: input.total_rounds,
        });
    }
    let context = round_context(input, rules.into(), limits)?;
    pair_brackets(&context)
}

/// The players of the round prepared, their compatibilities (C1-C3) and the bye assignees
/// allowed (C2, and C5 under the 2026 rules); an error when no pairing meets C1-C5.
fn round_context(input: &Input, rules: Rules, limits: Limits) -> Result<Context<'_>, PairingError> {
    let edition = rules.edition;
    let by_id = index_players(input)?;
    let scores_before = scores_before_each_round(input, &by_id);
    let mut players: Vec<Prepared> = input
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.absent)
        .map(|(i, p)| prepare(input, edition, i, &scores_before, &by_id, p))
        .collect();
    // C.04.3 5.2.5 numbers the players in the initial order among those taking part in the
    // pairings: present now, or paired in an earlier round. A player who has never been paired
    // and is absent takes no number, so in round 1 the colours alternate down the boards.
    let mut taking_part: Vec<u32> = input
        .players
        .iter()
        .filter(|p| {
            !p.absent
                || p.history
                    .iter()
                    .any(|e| e.opponent().is_some() || *e == RoundEntry::PairingAllocatedBye)
        })
        .map(|p| p.id)
        .collect();
    taking_part.sort_unstable();
    for p in &mut players {
        p.colour_number = taking_part.partition_point(|&id| id < p.id) as u32 + 1;
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let n = players.len();
    let words = n.div_ceil(64);
    let mut compatible = vec![vec![0u64; words]; n];
    let position: HashMap<u32, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut forbidden = vec![Vec::new(); n];
    for (i, p) in players.iter().enumerate() {
        let source = &input.players[by_id[&p.id]];
        // C1 concerns games played: a forfeit does not count as a meeting (C.04.1).
        for e in &source.history {
            if let RoundEntry::Game { opponent: o, .. } = *e
                && let Some(&j) = position.get(&o)
            {
                forbidden[i].push(j);
            }
        }
    }
    for &(a, b) in &input.forbidden_pairs {
        if let (Some(&i), Some(&j)) = (position.get(&a), position.get(&b)) {
            forbidden[i].push(j);
            forbidden[j].push(i);
        }
    }
    let mut forbidden_row = vec![false; n];
    for a in 0..n {
        for &b in &forbidden[a] {
            forbidden_row[b] = true;
        }
        for b in a + 1..n {
            if !forbidden_row[b]
                && !forbidden[b].contains(&a)
                && colours_allow(&players[a], &players[b])
            {
                compatible[a][b / 64] |= 1 << (b % 64);
                compatible[b][a / 64] |= 1 << (a % 64);
            }
        }
        for &b in &forbidden[a] {
            forbidden_row[b] = false;
        }
    }
    let mut context = Context {
        bye_allowed: players.iter().map(|p| p.bye_eligible).collect(),
        players,
        compatible,
        edition,
        c11: rules.c11,
        input,
        limits,
    };
    let everyone: Vec<usize> = (0..n).collect();
    if n % 2 == 1 && edition == DutchEdition::Rules2026 {
        // C5: the bye goes to the lowest score for which a complete pairing exists.
        let mut scores: Vec<Score> = context
            .players
            .iter()
            .filter(|p| p.bye_eligible)
            .map(|p| p.score)
            .collect();
        scores.sort();
        scores.dedup();
        let eligible: Vec<bool> = context.players.iter().map(|p| p.bye_eligible).collect();
        let mut found = false;
        for s in scores {
            context.bye_allowed = context
                .players
                .iter()
                .zip(&eligible)
                .map(|(p, &e)| e && p.score == s)
                .collect();
            if context.completable(&everyone) {
                found = true;
                break;
            }
        }
        if !found {
            return Err(PairingError::NoValidPairing);
        }
    } else if !context.completable(&everyone) {
        return Err(PairingError::NoValidPairing);
    }
    Ok(context)
}

fn index_players(input: &Input) -> Result<HashMap<u32, usize>, PairingError> {
    let mut by_id = HashMap::new();
    for (i, p) in input.players.iter().enumerate() {
        if by_id.insert(p.id, i).is_some() {
            return Err(PairingError::DuplicatePlayer(p.id));
        }
    }
    for p in &input.players {
        for e in &p.history {
            if let Some(o) = e.opponent()
                && !by_id.contains_key(&o)
            {
                return Err(PairingError::UnknownOpponent {
                    player: p.id,
                    opponent: o,
                });
            }
        }
    }
    Ok(by_id)
}

/// `result[i][k]`: score of player `i` before round `k + 1`.
fn scores_before_each_round(input: &Input, _by_id: &HashMap<u32, usize>) -> Vec<Vec<Score>> {
    input
        .players
        .iter()
        .map(|p| {
            let mut total = 0;
            let mut before = Vec::with_capacity(p.history.len());
            for e in &p.history {
                before.push(Score(total));
                total += e.points(&input.scoring).0;
            }
            before
        })
        .collect()
}

/// The colour of the two latest games played, when they had the same one.
fn repeated_colour(played: &[Colour]) -> Option<Colour> {
    match played {
        [.., a, b] if a == b => Some(*b),
        _ => None,
    }
}

/// C11 (2017: C.9) of a pair of topscorers as [`C11Reading::Reference`] counts it: both players
/// have an absolute preference for the same colour, and the one who does not get it (the
/// smaller colour difference, C.04.3 5.2.2) had the other colour in his two latest games; at
/// equal colour differences, both had the same colour twice.
fn reference_c11(a: &Prepared, b: &Prepared) -> bool {
    let (Some(pa), Some(pb)) = (a.preference, b.preference) else {
        return false;
    };
    if pa.strength != PreferenceStrength::Absolute
        || pb.strength != PreferenceStrength::Absolute
        || pa.colour != pb.colour
    {
        return false;
    }
    let (da, db) = (
        colour_difference(&a.played).abs(),
        colour_difference(&b.played).abs(),
    );
    let (ra, rb) = (repeated_colour(&a.played), repeated_colour(&b.played));
    match da.cmp(&db) {
        std::cmp::Ordering::Equal => ra.is_some() && ra == rb,
        std::cmp::Ordering::Greater => rb == Some(pb.colour.opposite()),
        std::cmp::Ordering::Less => ra == Some(pa.colour.opposite()),
    }
}

/// The float a player received in a past round (C.04.3 1.4; 2017: A.4).
fn float_in_round(
    input: &Input,
    edition: DutchEdition,
    player: usize,
    round: usize,
    scores_before: &[Vec<Score>],
    by_id: &HashMap<u32, usize>,
) -> Option<Float> {
    let entry = input.players[player].history[round];
    match entry {
        RoundEntry::Game { opponent, .. } => {
            let mine = scores_before[player][round];
            let theirs = scores_before[by_id[&opponent]]
                .get(round)
                .copied()
                .unwrap_or(mine);
            if mine > theirs {
                Some(Float::Down)
            } else if mine < theirs {
                Some(Float::Up)
            } else {
                None
            }
        }
        _ => match edition {
            DutchEdition::Rules2017 => Some(Float::Down),
            DutchEdition::Rules2026 => {
                (entry.points(&input.scoring) > input.scoring.loss).then_some(Float::Down)
            }
        },
    }
}

fn prepare(
    input: &Input,
    edition: DutchEdition,
    index: usize,
    scores_before: &[Vec<Score>],
    by_id: &HashMap<u32, usize>,
    p: &super::Player,
) -> Prepared {
    let played: Vec<Colour> = p.history.iter().filter_map(|e| e.played_colour()).collect();
    let score = p.score(&input.scoring);
    let win = input.scoring.win;
    // C2 (2017: C.2): no second PAB, nor after a forfeit win; the 2026 text also bars a
    // player who scored a win's points without playing (a requested full-point bye).
    let bye_eligible = !p.history.iter().any(|e| match e {
        RoundEntry::PairingAllocatedBye => true,
        RoundEntry::Forfeit { won, .. } => *won,
        RoundEntry::Unpaired { points } => edition == DutchEdition::Rules2026 && *points >= win,
        RoundEntry::Game { .. } => false,
    });
    let rounds_before = input.round.saturating_sub(1);
    let topscorer = input.round == input.total_rounds && score.0 * 2 > win.0 * rounds_before;
    let h = p.history.len();
    let float = |back: usize| {
        (h >= back)
            .then(|| float_in_round(input, edition, index, h - back, scores_before, by_id))?
    };
    Prepared {
        id: p.id,
        colour_number: 0,
        score: Score(score.0 + p.acceleration.0),
        points: score,
        preference: ColourPreference::from_played(&played),
        played,
        bye_eligible,
        unplayed: p
            .history
            .iter()
            .filter(|e| e.played_colour().is_none())
            .count() as u32,
        topscorer,
        floats: [float(1), float(2)],
    }
}

/// C3: non-topscorers with the same absolute colour preference shall not meet.
fn colours_allow(a: &Prepared, b: &Prepared) -> bool {
    if a.topscorer || b.topscorer {
        return true;
    }
    match (a.preference, b.preference) {
        (Some(x), Some(y)) => {
            !(x.strength == PreferenceStrength::Absolute
                && y.strength == PreferenceStrength::Absolute
                && x.colour == y.colour)
        }
        _ => true,
    }
}

fn pair_brackets(context: &Context) -> Result<Pairing, PairingError> {
    let players = &context.players;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..players.len() {
        match groups.last_mut() {
            Some(g) if players[g[0]].score == players[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut boards = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut bye = None;
    let rule = context.edition.completion_rule();
    let mut g = 0;
    while g < groups.len() {
        let lower: Vec<usize> = groups[g + 1..].iter().flatten().copied().collect();
        let next = groups.get(g + 1).cloned().unwrap_or_default();
        let bracket_score = players[groups[g][0]].score;
        let required = rule == CompletionRule::EveryBracket;
        let mut search =
            BracketSearch::new(context, &mdps, &groups[g], lower.clone(), next, required);
        let (mut candidate, mut failed) = searched(context, bracket_score, search.run())?;
        if !required && !lower.is_empty() {
            let rest: Vec<usize> = candidate
                .downfloaters
                .iter()
                .chain(&lower)
                .copied()
                .collect();
            if !context.completable(&rest) {
                // 2017 A.9: this bracket is the PPB. It is paired again under C4 (C7 does not
                // apply), and all lower scoregroups collapse into the last bracket.
                let mut search =
                    BracketSearch::new(context, &mdps, &groups[g], lower.clone(), Vec::new(), true);
                (candidate, failed) = searched(context, bracket_score, search.run())?;
                groups.truncate(g + 1);
                groups.push(lower);
            }
        }
        for &(a, b) in &candidate.pairs {
            boards.push(make_board(context, a, b, bracket_score, failed.clone()));
        }
        mdps = candidate.downfloaters;
        if g + 1 == groups.len() {
            bye = mdps.first().map(|&i| players[i].id);
        }
        g += 1;
    }
    if groups.is_empty() {
        bye = None;
    }
    boards.sort_by_key(|b| b.0);
    Ok(Pairing {
        boards: boards.into_iter().map(|b| b.1).collect(),
        bye,
    })
}

/// C6-C21 (2017: C.5-C.19) of one bracket of a given pairing, as the engine weighs them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketCriteria {
    /// The bracket's score (its residents' pairing score).
    pub bracket: Score,
    /// The moved-down players, by pairing number.
    pub mdps: Vec<u32>,
    /// The pairs made in the bracket, higher-ranked player first.
    pub pairs: Vec<(u32, u32)>,
    /// The players of the bracket it leaves unpaired (floating down or receiving the bye).
    pub downfloaters: Vec<u32>,
    /// Whether the pairs meet C1 and C3 and the downfloaters C4 (C2 and C5 for the bye).
    pub absolute: bool,
    /// Each quality criterion with the bracket's value (counts; lists compared
    /// lexicographically, lower is better). Under the 2017 rules C8 (C.7) takes two values.
    pub values: Vec<(Criterion, Value)>,
}

/// Follows a given pairing of the round bracket by bracket, as C.04.3 Art. 3 builds the
/// brackets from it (its downfloaters are the next bracket's MDPs), and gives each bracket's
/// criteria: two pairings compare at the first bracket where they differ, criterion by
/// criterion. `pairs` are (white, black) or (black, white) by pairing number.
pub fn criteria_by_bracket(
    input: &Input,
    rules: impl Into<Rules>,
    pairs: &[(u32, u32)],
) -> Result<Vec<BracketCriteria>, PairingError> {
    let rules = rules.into();
    let edition = rules.edition;
    let context = round_context(input, rules, Limits::DEFAULT)?;
    let players = &context.players;
    let position: HashMap<u32, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut partner = vec![None; players.len()];
    for &(a, b) in pairs {
        if let (Some(&i), Some(&j)) = (position.get(&a), position.get(&b)) {
            partner[i] = Some(j);
            partner[j] = Some(i);
        }
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in 0..players.len() {
        match groups.last_mut() {
            Some(g) if players[g[0]].score == players[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let rule = edition.completion_rule();
    let mut mdps: Vec<usize> = Vec::new();
    let mut result = Vec::new();
    let mut g = 0;
    while g < groups.len() {
        let lower: Vec<usize> = groups[g + 1..].iter().flatten().copied().collect();
        let mut next = groups.get(g + 1).cloned().unwrap_or_default();
        let required = rule == CompletionRule::EveryBracket;
        let all: Vec<usize> = mdps.iter().chain(&groups[g]).copied().collect();
        let inside = |i: usize| partner[i].filter(|j| all.contains(j));
        let bracket_pairs: Vec<(usize, usize)> = all
            .iter()
            .filter_map(|&i| inside(i).filter(|&j| i < j).map(|j| (i, j)))
            .collect();
        let mut downfloaters: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| inside(i).is_none())
            .collect();
        downfloaters.sort_unstable();
        let mut completion = required;
        if !required && !lower.is_empty() {
            let rest: Vec<usize> = downfloaters.iter().chain(&lower).copied().collect();
            if !context.completable(&rest) {
                // 2017 A.9: the PPB, and the lower scoregroups collapse into the last bracket.
                completion = true;
                next = Vec::new();
                groups.truncate(g + 1);
                groups.push(lower.clone());
            }
        }
        let mut search = BracketSearch::new(&context, &mdps, &groups[g], lower, next, completion);
        let mut made = Vec::new();
        for &(a, b) in &bracket_pairs {
            search.push_pair(&mut made, a, b);
        }
        let absolute = bracket_pairs.iter().all(|&(a, b)| context.compatible(a, b))
            && search.valid_floaters(&downfloaters);
        let values = search.values(&made, &downfloaters);
        result.push(BracketCriteria {
            bracket: players[groups[g][0]].score,
            mdps: mdps.iter().map(|&i| players[i].id).collect(),
            pairs: made
                .iter()
                .map(|&(a, b)| (players[a].id, players[b].id))
                .collect(),
            downfloaters: downfloaters.iter().map(|&i| players[i].id).collect(),
            absolute,
            values: search.criteria().into_iter().zip(values).collect(),
        });
        mdps = downfloaters;
        g += 1;
    }
    Ok(result)
}

/// The outcome of a bracket's search as the round's result.
fn searched(
    context: &Context,
    bracket: Score,
    outcome: Result<Option<(Candidate, Vec<Article>)>, Limit>,
) -> Result<(Candidate, Vec<Article>), PairingError> {
    match outcome {
        Ok(found) => found.ok_or(PairingError::NoValidPairing),
        Err(limit) => Err(PairingError::SearchLimit {
            bracket,
            limit,
            value: context.limits.value(limit),
        }),
    }
}

/// Boards are listed by the higher player's score, then the sum of both scores, then the
/// higher player's rank: the published order of the pairings (C.04.2).
type BoardOrder = (Reverse<Score>, Reverse<Score>, usize);

fn make_board(
    context: &Context,
    a: usize,
    b: usize,
    bracket: Score,
    criteria_failed: Vec<Article>,
) -> (BoardOrder, Board) {
    let (hi, lo) = if a < b { (a, b) } else { (b, a) };
    let (h, l) = (&context.players[hi], &context.players[lo]);
    let (colour, rule) = allocate_colours(
        (h.colour_number, &h.played),
        (l.colour_number, &l.played),
        context.input.initial_colour,
    );
    let (hf, lf) = if h.score > l.score {
        (Some(Float::Down), Some(Float::Up))
    } else {
        (None, None)
    };
    let (white, black, floats) = match colour {
        Colour::White => (h.id, l.id, (hf, lf)),
        Colour::Black => (l.id, h.id, (lf, hf)),
    };
    let explanation = PairExplanation {
        bracket,
        floats,
        colour_rule: rule,
        criteria_failed,
    };
    (
        (Reverse(h.points), Reverse(l.points), hi),
        Board {
            white,
            black,
            explanation,
        },
    )
}

/// A value computed for a set of downfloaters, with the limit reached computing it, if any.
type Reached<T> = (T, Option<Limit>);

/// The search for one bracket's pairing.
struct BracketSearch<'a> {
    context: &'a Context<'a>,
    mdps: Vec<usize>,
    residents: Vec<usize>,
    lower: Vec<usize>,
    next: Vec<usize>,
    is_last: bool,
    /// C4 applies to this bracket's downfloaters.
    completion: bool,
    /// C9 applies: a single downfloater of this bracket is the PAB assignee, because no lower
    /// player may receive the bye (C5).
    single_floater_is_bye: bool,
    lowest_score: Score,
    bound: Vec<Value>,
    best: Option<(Vec<Value>, Candidate)>,
    evaluated: usize,
    stop: bool,
    completion_cache: HashMap<Vec<usize>, bool>,
    /// Cached next-bracket values, with the limit reached computing them, if any.
    next_bracket_cache: HashMap<Vec<usize>, Reached<(u32, Vec<i64>)>>,
    next_psd_cache: HashMap<Vec<usize>, Reached<Vec<i64>>>,
    /// The costs of the pairs in the partial candidate, in the order they were made.
    pair_costs: Vec<PairCost>,
    partial_counts: [u32; 8],
    partial_lists: [Vec<i64>; 4],
    nodes: usize,
    /// A first pass that only looks for a perfect candidate, pruning every partial one that
    /// cannot become perfect.
    perfect_only: bool,
    /// The first limit reached in this pass: its result is not proven.
    limit_reached: Option<Limit>,
    /// The base of the keys that encode [`Counts`] as one number, `None` if the bracket is too
    /// large for them (then no exact count bounds).
    key_base: Option<i128>,
    /// The downfloater sets with the least C6-C9 of the level, when known: every other set
    /// gives a worse candidate.
    best_sets: Option<Vec<Vec<usize>>>,
    /// Whether a player is in one of [`Self::best_sets`] (everyone if they are unknown).
    may_float: Vec<bool>,
    /// 2017, the collapsed last bracket (A.9): C.5's PSD depends on the pairs, so the keys
    /// carry it above the counts, one digit per positive entry value (ascending, with its
    /// weight in the key).
    psd_weights: Vec<(i64, i128)>,
    /// The PSD digits of the pairs so far.
    partial_psd: i128,
    /// How often the best candidate has been replaced.
    improvements: usize,
    /// The double-cover bounds computed for this level's floater restriction, by group, MDPs
    /// and floaters: a group is checked again whenever the best candidate improves.
    double_covers: RefCell<HashMap<(Vec<usize>, usize, usize), Option<Option<i128>>>>,
    /// Bit rows of the compatibility among the next bracket's players, and of the residents'
    /// and the MDPs' with the residents (see [`BracketGraph`]), made when first needed.
    next_rows: OnceCell<Vec<Vec<u64>>>,
    bracket_rows: OnceCell<[Vec<Vec<u64>>; 2]>,
    /// Maximum matchings of the players below the bracket and below the next bracket (see
    /// [`Context::completable_with`]), made when first needed.
    lower_matching: OnceCell<Vec<usize>>,
    rest_matching: OnceCell<Vec<usize>>,
}

impl<'a> BracketSearch<'a> {
    fn new(
        context: &'a Context<'a>,
        mdps: &[usize],
        residents: &[usize],
        lower: Vec<usize>,
        next: Vec<usize>,
        completion: bool,
    ) -> BracketSearch<'a> {
        let lowest_score = context.players[*residents.last().unwrap_or(&0)].score;
        let entries = psd_entries(context, mdps, residents, lower.is_empty(), lowest_score);
        let key_base = key_base(mdps.len() + residents.len(), entries.len());
        let mut weight = key_base.map_or(0, |b| b.pow(8));
        let psd_weights = entries
            .into_iter()
            .map(|e| {
                let w = weight;
                weight *= key_base.unwrap_or(0);
                (e, w)
            })
            .collect();
        let odd = (mdps.len() + residents.len() + lower.len()) % 2 == 1;
        let single_floater_is_bye = context.edition == DutchEdition::Rules2026
            && odd
            && lower.iter().all(|&i| !context.bye_allowed[i]);
        BracketSearch {
            context,
            mdps: mdps.to_vec(),
            residents: residents.to_vec(),
            is_last: lower.is_empty(),
            completion,
            single_floater_is_bye,
            lower,
            next,
            lowest_score,
            bound: Vec::new(),
            best: None,
            evaluated: 0,
            stop: false,
            completion_cache: HashMap::new(),
            next_bracket_cache: HashMap::new(),
            next_psd_cache: HashMap::new(),
            pair_costs: Vec::new(),
            partial_counts: [0; 8],
            partial_lists: Default::default(),
            nodes: 0,
            perfect_only: false,
            limit_reached: None,
            key_base,
            psd_weights,
            partial_psd: 0,
            improvements: 0,
            best_sets: None,
            may_float: vec![true; context.players.len()],
            double_covers: RefCell::new(HashMap::new()),
            next_rows: OnceCell::new(),
            bracket_rows: OnceCell::new(),
            lower_matching: OnceCell::new(),
            rest_matching: OnceCell::new(),
        }
    }

    /// Maximum number of pairs in the bracket, MDPs pairing only with residents.
    fn max_pairs(&self) -> usize {
        self.bracket_graph().maximum_matching()
    }

    /// The bracket's compatibility graph, MDPs (first) pairing only with residents.
    fn bracket_graph(&self) -> BracketGraph<'_> {
        let [mdps, residents] = self.bracket_rows.get_or_init(|| {
            let edge = |a: usize, b: usize| a != b && self.context.compatible(a, b);
            [
                bit_rows(&self.mdps, &self.residents, edge),
                bit_rows(&self.residents, &self.residents, edge),
            ]
        });
        BracketGraph::new(mdps.clone(), residents)
    }

    /// The bracket's pairing: the first candidate, in the order of Art. 4, of those best by the
    /// criteria; `None` if there is none, the limit reached if the search could not prove it.
    fn run(&mut self) -> Result<Option<(Candidate, Vec<Article>)>, Limit> {
        let m0 = self.mdps.len();
        let res = self.residents.len();
        for pairs in (0..=self.max_pairs()).rev() {
            for m1 in (0..=m0.min(pairs).min(res)).rev() {
                let remainder_pairs = pairs - m1;
                if remainder_pairs * 2 > res - m1 {
                    continue;
                }
                let Some(bound) = self.lower_bound(pairs, m1, remainder_pairs) else {
                    continue;
                };
                self.bound = bound;
                self.pass(m1, remainder_pairs, true);
                let perfect = self.best.as_ref().is_some_and(|(v, _)| *v == self.bound);
                if !perfect || self.limit_reached.is_some() {
                    // Ties go to the earliest candidate in the full order, so start afresh.
                    self.best = None;
                    self.pass(m1, remainder_pairs, false);
                    if let Some(limit) = self.limit_reached {
                        return Err(limit);
                    }
                }
                if let Some((values, candidate)) = self.best.take() {
                    let failed = self.failed_criteria(&values);
                    return Ok(Some((candidate, failed)));
                }
            }
        }
        Ok(None)
    }

    /// One pass over the candidates of a level: the first looks for a perfect candidate only.
    fn pass(&mut self, m1: usize, remainder_pairs: usize, perfect_only: bool) {
        self.evaluated = 0;
        self.nodes = 0;
        self.stop = false;
        self.limit_reached = None;
        self.perfect_only = perfect_only;
        self.search_mdp_sets(m1, remainder_pairs);
    }

    /// Ends the pass at a limit. In the first pass that only hands over to the full search;
    /// in the full search the result is not proven.
    fn reach(&mut self, limit: Option<Limit>) {
        if let Some(limit) = limit {
            self.limit_reached.get_or_insert(limit);
            self.stop = true;
        }
    }

    /// The criterion each of [`Self::values`] measures. Under the 2017 rules C.7 (C8) takes two:
    /// the next bracket's pairs, then its PSD.
    fn criteria(&self) -> [Criterion; 16] {
        use Criterion::*;
        let (c8, c9) = match self.context.edition {
            DutchEdition::Rules2026 => (C8, C9),
            DutchEdition::Rules2017 => (C8, C8),
        };
        [
            C6, C7, c8, c9, C10, C11, C12, C13, C14, C15, C16, C17, C18, C19, C20, C21,
        ]
    }

    fn failed_criteria(&self, values: &[Value]) -> Vec<Article> {
        values
            .iter()
            .zip(&self.bound)
            .zip(self.criteria())
            .filter(|((v, b), _)| v != b)
            .map(|(_, c)| c.cite(self.context.edition))
            .collect()
    }

    /// Values no candidate of this level can beat; reaching them makes a candidate perfect.
    /// `None` when the level has no candidate at all.
    fn lower_bound(
        &mut self,
        pairs: usize,
        m1: usize,
        remainder_pairs: usize,
    ) -> Option<Vec<Value>> {
        let mut bound = self.simple_bound(pairs, m1);
        self.best_sets = None;
        self.may_float.fill(true);
        self.double_covers.get_mut().clear();
        let prefix = self.prefix_len();
        match self.level_prefix(pairs, m1, remainder_pairs) {
            LevelPrefix::Empty => return None,
            LevelPrefix::Unknown => {}
            LevelPrefix::Valid(sets) => self.restrict_floaters(sets),
            LevelPrefix::Best(values, sets) => {
                bound.splice(..prefix, values);
                self.restrict_floaters(sets);
            }
        }
        // The larger of two lower bounds (lexicographically), each one valid.
        let all: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        let floaters = all.len() - 2 * pairs;
        let limit = self.context.limits.level_check_players;
        if let Some(found) = self.double_cover_key(&all, self.mdps.len(), floaters, limit) {
            let key = found?;
            let mut exact = bound.clone();
            for (c, v) in self.decode(key).iter().enumerate() {
                exact[prefix + c] = Value::Count(*v);
            }
            if !self.psd_weights.is_empty() {
                // The entries of 0 fill the list: one per pair and floater.
                let mut psd = self.decode_psd(key);
                psd.resize(pairs + floaters, 0);
                exact[1] = Value::List(psd);
                exact[prefix + 8..].fill(Value::List(Vec::new()));
                if exact > bound {
                    bound = exact;
                }
            } else if exact[prefix..] > bound[prefix..] {
                bound = exact;
            }
        }
        Some(bound)
    }

    /// Restricts the level's candidates to these downfloater sets.
    fn restrict_floaters(&mut self, sets: Vec<Vec<usize>>) {
        self.may_float.fill(false);
        self.double_covers.get_mut().clear();
        for &d in sets.iter().flatten() {
            self.may_float[d] = true;
        }
        self.best_sets = Some(sets);
    }

    /// Lower bounds from the scores, the colour preferences and cardinality matchings.
    fn simple_bound(&mut self, pairs: usize, m1: usize) -> Vec<Value> {
        let players = &self.context.players;
        let m0 = self.mdps.len();
        let floaters = m0 + self.residents.len() - 2 * pairs;
        // The lowest MDPs stay in the Limbo, the lowest residents float.
        let mut scores: Vec<i64> = self.mdps[m1..]
            .iter()
            .chain(self.residents[self.residents.len() + m0 - m1 - floaters..].iter())
            .map(|&i| i64::from(players[i].score.0))
            .collect();
        scores.sort_by(|a, b| b.cmp(a));
        // C8: each downfloater pairs at most one player of the next bracket, so at least the
        // players it leaves unpaired by itself, less one per downfloater, stay unpaired.
        let next_floaters = if self.next.is_empty() {
            0
        } else {
            let parity = ((floaters + self.next.len()) % 2) as u32;
            let alone = self.next_bracket_unpaired(&[]);
            let rest = &self.lower[self.next.len()..];
            // 2026: the brackets below the next one need some of its players (C4, C5).
            let needed = if self.context.edition == DutchEdition::Rules2026
                && !self.context.completable(rest)
            {
                2 - parity
            } else {
                0
            };
            parity
                .max(needed)
                .max(alone.saturating_sub(floaters as u32))
        };
        let all: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        let unplayed = if self.single_floater_is_bye && floaters == 1 {
            all.iter()
                .filter(|&&i| self.context.bye_allowed[i])
                .map(|&i| players[i].unplayed)
                .min()
                .unwrap_or(0)
        } else {
            0
        };
        let colour_bound = |strong: bool| {
            let wants = |c: Colour| {
                all.iter()
                    .filter(|&&i| {
                        players[i].preference.is_some_and(|p| {
                            p.colour == c && (!strong || p.strength >= PreferenceStrength::Strong)
                        })
                    })
                    .count()
            };
            let excess = wants(Colour::White).saturating_sub(pairs)
                + wants(Colour::Black).saturating_sub(pairs);
            excess.saturating_sub(floaters) as u32
        };
        let denied = self.pairs_denying_colours(&all, self.mdps.len(), pairs);
        let mut bound = vec![Value::Count(floaters as u32)];
        match self.context.edition {
            DutchEdition::Rules2026 => {
                bound.push(Value::List(scores));
                // The next bracket's floaters score at least its own score, and one of them
                // is the bye assignee when the brackets below it cannot provide one (C5).
                let mut next = vec![i64::from(next_floaters)];
                if let Some(&first) = self.next.first() {
                    // Beyond the next bracket's own players, this bracket's downfloaters.
                    let own = (next_floaters as usize).min(self.next.len());
                    let score = i64::from(players[first].score.0);
                    let downfloater = i64::from(self.lowest_score.0);
                    next.extend(std::iter::repeat_n(
                        downfloater,
                        next_floaters as usize - own,
                    ));
                    next.extend(std::iter::repeat_n(score, own));
                    let rest = &self.lower[self.next.len()..];
                    let allowed = |&i: &usize| self.context.bye_allowed[i];
                    if next_floaters > 0
                        && (next_floaters as usize + rest.len()) % 2 == 1
                        && !rest.iter().any(allowed)
                        && let Some(bye) = self
                            .mdps
                            .iter()
                            .chain(&self.residents)
                            .chain(&self.next)
                            .filter(|&i| allowed(i))
                            .map(|&i| i64::from(players[i].score.0))
                            .min()
                    {
                        next[1] = bye.max(next[1]);
                    }
                }
                bound.push(Value::List(next));
                bound.push(Value::Count(unplayed));
            }
            DutchEdition::Rules2017 => {
                let base =
                    i64::from(self.lowest_score.0) - i64::from(self.context.input.scoring.win.0);
                // The highest MDPs paired with the highest residents, every other pair between
                // equal scores (A.8); in a collapsed last bracket the residents' scores differ.
                let resident = self
                    .residents
                    .first()
                    .map_or(i64::from(self.lowest_score.0), |&i| {
                        i64::from(players[i].score.0)
                    });
                let mut psd: Vec<i64> = scores.iter().map(|s| s - base).collect();
                psd.extend(
                    self.mdps[..m1]
                        .iter()
                        .map(|&i| i64::from(players[i].score.0) - resident),
                );
                psd.extend(std::iter::repeat_n(0, pairs - m1));
                psd.sort_by(|a, b| b.cmp(a));
                bound.push(Value::List(psd));
                bound.push(Value::Count(next_floaters));
                bound.push(Value::List(
                    self.next_bracket_psd_bound(&scores, next_floaters),
                ));
            }
        }
        bound.push(Value::Count(0));
        bound.push(Value::Count(0));
        bound.push(Value::Count(colour_bound(false).max(denied[0])));
        bound.push(Value::Count(colour_bound(true).max(denied[1])));
        for _ in 0..4 {
            bound.push(Value::Count(0));
        }
        for _ in 0..4 {
            bound.push(Value::List(Vec::new()));
        }
        bound
    }

    /// Lower bounds for C12 and C13 (2017: C.10, C.11) from the compatibility graph: each of
    /// `pairs` pairs among `all` that is not among the most pairs that deny no player his
    /// colour preference (his strong one) denies at least one. The first `m0` (MDPs) may pair
    /// only with the others.
    fn pairs_denying_colours(&self, all: &[usize], m0: usize, pairs: usize) -> [u32; 2] {
        let mut graphs = [Graph::new(all.len()), Graph::new(all.len())];
        for i in 0..all.len() {
            for j in (i + 1).max(m0)..all.len() {
                if !self.context.compatible(all[i], all[j]) {
                    continue;
                }
                let cost = self.pair_cost(all[i].min(all[j]), all[i].max(all[j]));
                for (graph, denied) in graphs.iter_mut().zip(&cost.counts[2..4]) {
                    if *denied == 0 {
                        graph.add_edge(i, j);
                    }
                }
            }
        }
        graphs.map(|g| pairs.saturating_sub(g.maximum_matching()) as u32)
    }

    fn search_mdp_sets(&mut self, m1: usize, remainder_pairs: usize) {
        let m0 = self.mdps.len();
        let mut chosen: Vec<usize> = (0..m1).collect();
        loop {
            let set: Vec<usize> = chosen.iter().map(|&k| self.mdps[k]).collect();
            let limbo: Vec<usize> = (0..m0)
                .filter(|k| !chosen.contains(k))
                .map(|k| self.mdps[k])
                .collect();
            let mut used = vec![false; self.residents.len()];
            let mut pairs = Vec::new();
            self.pair_mdps(&set, 0, &mut used, &mut pairs, &limbo, remainder_pairs);
            if self.stop {
                return;
            }
            // Next combination in lexicographic order (C.04.3 4.4).
            let mut k = m1;
            loop {
                if k == 0 {
                    return;
                }
                k -= 1;
                if chosen[k] < m0 - m1 + k {
                    chosen[k] += 1;
                    for j in k + 1..m1 {
                        chosen[j] = chosen[j - 1] + 1;
                    }
                    break;
                }
                if k == 0 {
                    return;
                }
            }
        }
    }

    fn pair_mdps(
        &mut self,
        set: &[usize],
        i: usize,
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
        remainder_pairs: usize,
    ) {
        if self.stop {
            return;
        }
        if i == set.len() {
            let remainder: Vec<usize> = self
                .residents
                .iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(&r, _)| r)
                .collect();
            self.pair_homogeneous(&remainder, remainder_pairs, pairs, limbo);
            return;
        }
        for k in 0..self.residents.len() {
            let r = self.residents[k];
            if used[k] || !self.context.compatible(set[i], r) {
                continue;
            }
            used[k] = true;
            self.push_pair(pairs, set[i], r);
            self.nodes += 1;
            if !self.hopeless((0, 0), [0, 0]) {
                self.pair_mdps(set, i + 1, used, pairs, limbo, remainder_pairs);
            }
            self.pop_pair(pairs);
            used[k] = false;
            if self.stop {
                return;
            }
        }
    }

    /// Pairs a homogeneous bracket or remainder: exchanges (C.04.3 4.3), then transpositions
    /// (C.04.3 4.2) of each.
    fn pair_homogeneous(
        &mut self,
        group: &[usize],
        pairs_wanted: usize,
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
    ) {
        if pairs_wanted * 2 > group.len() {
            return;
        }
        if self.group_is_hopeless(group, pairs_wanted, limbo) {
            return;
        }
        let (n1, n2) = (pairs_wanted, group.len() - pairs_wanted);
        let mut seen = self.improvements;
        for_each_exchange(n1, n2, &mut |out, into| {
            self.count_node();
            // A better candidate found since the group was checked may leave it hopeless.
            if seen != self.improvements {
                seen = self.improvements;
                if self.group_is_hopeless(group, pairs_wanted, limbo) {
                    return false;
                }
            }
            if !self.stop {
                self.pair_exchange(group, n1, (out, into), pairs, limbo);
            }
            !self.stop
        });
    }

    /// Whether no exchange of the group can give a candidate better than the best one (in the
    /// first pass: a perfect one), by lower bounds for C12-C14 and C16 over every pairing of it.
    fn group_is_hopeless(&self, group: &[usize], pairs_wanted: usize, limbo: &[usize]) -> bool {
        if !self.best_set_possible(limbo, |d| group.contains(&d)) {
            return true;
        }
        if self.simple_group_is_hopeless(group, pairs_wanted, limbo) {
            return true;
        }
        let floaters = group.len() - 2 * pairs_wanted;
        let limit = self.context.limits.exact_check_players;
        let rest = self.double_cover_key(group, 0, floaters, limit);
        self.rest_fails(limbo, rest)
    }

    fn simple_group_is_hopeless(
        &self,
        group: &[usize],
        pairs_wanted: usize,
        limbo: &[usize],
    ) -> bool {
        let colours = self.pairs_denying_colours(group, 0, pairs_wanted);
        let (limbo_down, group_down) = (self.downfloated(limbo), self.downfloated(group));
        let floaters =
            [0, 1].map(|b| limbo_down[b] + group_down[b].saturating_sub(2 * pairs_wanted as u32));
        if !self.perfect_only {
            return self.hopeless((colours[0], colours[1]), floaters);
        }
        let mut counts = self.partial_counts;
        counts[2] += colours[0];
        counts[3] += colours[1];
        counts[4] += floaters[0];
        counts[6] += floaters[1];
        let target = &self.bound[self.prefix_len()..];
        counts
            .iter()
            .zip(target)
            .any(|(&c, t)| Value::Count(c) > *t)
    }

    /// Pairs one exchange of a homogeneous group: its transpositions (C.04.3 4.2).
    fn pair_exchange(
        &mut self,
        group: &[usize],
        n1: usize,
        (out, into): (&[usize], &[usize]),
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
    ) {
        let (s1, s2) = group.split_at(n1);
        {
            let mut new_s1: Vec<usize> = (0..s1.len())
                .filter(|k| !out.contains(k))
                .chain(into.iter().map(|&k| k + s1.len()))
                .collect();
            let mut new_s2: Vec<usize> = out
                .iter()
                .copied()
                .chain(
                    (0..s2.len())
                        .filter(|k| !into.contains(k))
                        .map(|k| k + s1.len()),
                )
                .collect();
            new_s1.sort_unstable();
            new_s2.sort_unstable();
            let new_s1: Vec<usize> = new_s1.iter().map(|&k| group[k]).collect();
            let new_s2: Vec<usize> = new_s2.iter().map(|&k| group[k]).collect();
            if !self.best_set_possible(limbo, |d| new_s2.contains(&d)) {
                return;
            }
            let costs = RestCosts::new(
                new_s1.len(),
                new_s2.len(),
                self.context.limits.rest_check_players,
            );
            let first =
                self.rest_assignment(&new_s1, &new_s2, 0, &vec![false; new_s2.len()], &costs);
            let rest = first
                .as_ref()
                .map(|a| self.rest_key(&new_s1, &new_s2, a, &costs));
            if self.rest_fails(limbo, rest) {
                return;
            }
            let mut rests: Vec<Option<(usize, Incremental)>> = Vec::new();
            rests.resize_with(new_s1.len() + 1, || None);
            rests[0] = first.flatten();
            let mut s1_suffix = vec![PreferenceCounts::default(); new_s1.len() + 1];
            for (k, &p) in new_s1.iter().enumerate().rev() {
                s1_suffix[k] = s1_suffix[k + 1];
                s1_suffix[k].add(self.preference_counts(p));
            }
            let mut s2_free = PreferenceCounts::default();
            for &p in &new_s2 {
                s2_free.add(self.preference_counts(p));
            }
            let mut state = Transposition {
                used: vec![false; new_s2.len()],
                s1_suffix,
                s2_free,
                s2_down: self.downfloated(&new_s2),
                limbo_down: self.downfloated(limbo),
                rests,
                costs,
            };
            self.transpose(&new_s1, &new_s2, 0, pairs, limbo, &mut state);
        }
    }

    /// Counts a search-tree node against the pass's limit.
    fn count_node(&mut self) {
        self.nodes += 1;
        let limits = &self.context.limits;
        if self.perfect_only && self.nodes > limits.perfect_nodes {
            self.stop = true;
        } else if !self.perfect_only && self.nodes > limits.nodes {
            self.reach(Some(Limit::Nodes));
        }
    }

    fn transpose(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        i: usize,
        pairs: &mut Vec<(usize, usize)>,
        limbo: &[usize],
        state: &mut Transposition,
    ) {
        if self.stop {
            return;
        }
        if i == s1.len() {
            let mut downfloaters: Vec<usize> = limbo.to_vec();
            downfloaters.extend(
                s2.iter()
                    .zip(state.used.iter())
                    .filter(|(_, u)| !**u)
                    .map(|(&p, _)| p),
            );
            downfloaters.sort_unstable();
            self.evaluate(pairs, downfloaters);
            return;
        }
        for k in 0..s2.len() {
            if state.used[k] || !self.context.compatible(s1[i], s2[k]) {
                continue;
            }
            state.used[k] = true;
            let taken = self.preference_counts(s2[k]);
            state.s2_free.remove(taken);
            let taken_down = self.downfloated(&s2[k..=k]);
            for (free, t) in state.s2_down.iter_mut().zip(taken_down) {
                *free -= t;
            }
            self.push_pair(pairs, s1[i], s2[k]);
            self.count_node();
            let bound = Self::remaining_colour_bound(state.s1_suffix[i + 1], state.s2_free);
            // All but as many unused S2 players as S1 players remain float down.
            let s1_left = (s1.len() - i - 1) as u32;
            let floaters =
                [0, 1].map(|b| state.limbo_down[b] + state.s2_down[b].saturating_sub(s1_left));
            if !self.hopeless(bound, floaters)
                && self.can_be_perfect(&s1[i + 1..], s2, &state.used, bound, floaters)
                && self.rest_can_be_kept(s1, s2, i, k, limbo, state)
            {
                self.transpose(s1, s2, i + 1, pairs, limbo, state);
            }
            self.pop_pair(pairs);
            state.s2_free.add(taken);
            for (free, t) in state.s2_down.iter_mut().zip(taken_down) {
                *free += t;
            }
            state.used[k] = false;
            if self.stop {
                return;
            }
        }
    }

    /// Whether the rest of S1 (after position `i`, paired with S2 position `k`) can still be
    /// paired with the unused S2 players into a candidate worth keeping: a best downfloater
    /// set among them, and the exact least counts, from the parent's assignment less the pair
    /// just made (one augmenting path) or, first, from scratch.
    fn rest_can_be_kept(
        &self,
        s1: &[usize],
        s2: &[usize],
        i: usize,
        k: usize,
        limbo: &[usize],
        state: &mut Transposition,
    ) -> bool {
        state.rests[i + 1] = None;
        let free = unused(s2, &state.used);
        if !self.best_set_possible(limbo, |d| free.contains(&d)) {
            return false;
        }
        if state.rests[i].is_none() {
            // This node's own assignment, once for all its children.
            let mut used = state.used.clone();
            used[k] = false;
            match self.rest_assignment(s1, s2, i, &used, &state.costs) {
                Some(Some(a)) => state.rests[i] = Some(a),
                Some(None) => return false,
                None => {}
            }
        }
        let child = match &state.rests[i] {
            Some((from, parent)) => {
                let mut child = parent.clone();
                let cost = self.rest_cost(s1, s2, *from, &state.costs);
                // An overflow computes no bound.
                match child.remove(i - from, k, &cost) {
                    Ok(kept) => Some(kept.then_some((*from, child))),
                    Err(Overflow) => None,
                }
            }
            None => self.rest_assignment(s1, s2, i + 1, &state.used, &state.costs),
        };
        let rest = child
            .as_ref()
            .map(|a| self.rest_key(s1, s2, a, &state.costs));
        state.rests[i + 1] = child.flatten();
        !self.rest_fails(limbo, rest)
    }

    /// The costs of pairing S1 from position `from` on with S2: a pair's counts, or a spare
    /// row's, which lets the S2 player float.
    fn rest_cost<'s>(
        &'s self,
        s1: &'s [usize],
        s2: &'s [usize],
        from: usize,
        costs: &'s RestCosts,
    ) -> impl Fn(Option<usize>, usize) -> Option<i128> + 's {
        move |row, column| match row {
            Some(r) => {
                let cell = &costs.pairs[(from + r - costs.first_row) * costs.columns + column];
                cell.get().unwrap_or_else(|| {
                    let (a, b) = (s1[from + r], s2[column]);
                    let key = self.context.compatible(a, b).then(|| self.pair_key(a, b));
                    cell.set(Some(key));
                    key
                })
            }
            None => {
                let cell = &costs.floats[column];
                Some(cell.get().unwrap_or_else(|| {
                    let key = self.float_key(s2[column]);
                    cell.set(Some(key));
                    key
                }))
            }
        }
    }

    /// The least-cost assignment of S1 from position `from` on to the S2 players not `used`:
    /// `None` if not computed (too large), `Some(None)` if there is none.
    fn rest_assignment(
        &self,
        s1: &[usize],
        s2: &[usize],
        from: usize,
        used: &[bool],
        costs: &RestCosts,
    ) -> Option<Option<(usize, Incremental)>> {
        self.key_base?;
        if s1.len() - from > self.context.limits.rest_check_players {
            return None;
        }
        let alive: Vec<bool> = used.iter().map(|u| !u).collect();
        let cost = self.rest_cost(s1, s2, from, costs);
        match Incremental::new(s1.len() - from, &alive, &cost) {
            Ok(found) => Some(found.map(|a| (from, a))),
            Err(Overflow) => None,
        }
    }

    /// The counts (as a key) of an assignment of the rest, `None` if it floats a player no
    /// best downfloater set holds.
    fn rest_key(
        &self,
        s1: &[usize],
        s2: &[usize],
        assignment: &Option<(usize, Incremental)>,
        costs: &RestCosts,
    ) -> Option<i128> {
        let (from, a) = assignment.as_ref()?;
        // The keys are not negative: a sum beyond i128 exceeds NOT_A_FLOATER too.
        let total = a
            .total(&self.rest_cost(s1, s2, *from, costs))
            .unwrap_or(None)?;
        (total < NOT_A_FLOATER).then_some(total)
    }

    fn evaluate(&mut self, pairs: &[(usize, usize)], downfloaters: Vec<usize>) {
        self.evaluated += 1;
        self.consider(pairs, downfloaters);
        if !self.stop && self.evaluated >= self.context.limits.candidates {
            if self.perfect_only {
                self.stop = true;
            } else {
                self.reach(Some(Limit::Candidates));
            }
        }
    }

    /// Keeps the candidate if it is the best so far; stops at a perfect one.
    fn consider(&mut self, pairs: &[(usize, usize)], downfloaters: Vec<usize>) {
        if !self.valid_floaters(&downfloaters) {
            return;
        }
        let values = self.values(pairs, &downfloaters);
        let better = match &self.best {
            None => true,
            Some((best, _)) => values < *best,
        };
        if better {
            if values == self.bound {
                self.stop = true;
            }
            self.improvements += 1;
            self.best = Some((
                values,
                Candidate {
                    pairs: pairs.to_vec(),
                    downfloaters,
                },
            ));
        }
    }

    /// C4 (and C5 through the bye candidates): the downfloaters and all lower players can
    /// still be paired, where C4 applies; in the last bracket only the bye assignee may remain.
    fn valid_floaters(&mut self, downfloaters: &[usize]) -> bool {
        if self.is_last {
            return match downfloaters {
                [] => true,
                [x] => self.context.bye_allowed[*x],
                _ => false,
            };
        }
        if !self.completion {
            return true;
        }
        if let Some(&ok) = self.completion_cache.get(downfloaters) {
            return ok;
        }
        let start = self
            .lower_matching
            .get_or_init(|| self.context.matching(&self.lower));
        let ok = self
            .context
            .completable_with(downfloaters, &self.lower, start);
        self.completion_cache.insert(downfloaters.to_vec(), ok);
        ok
    }

    /// The next bracket with the downfloaters as its MDPs (first), and its compatibility graph:
    /// MDPs pair only with residents.
    fn next_bracket_graph(&self, downfloaters: &[usize]) -> (Vec<usize>, BracketGraph<'_>) {
        let all: Vec<usize> = downfloaters.iter().chain(&self.next).copied().collect();
        let edge = |a: usize, b: usize| a != b && self.context.compatible(a, b);
        let next = self
            .next_rows
            .get_or_init(|| bit_rows(&self.next, &self.next, edge));
        let graph = BracketGraph::new(bit_rows(downfloaters, &self.next, edge), next);
        (all, graph)
    }

    /// Players the next bracket leaves unpaired on its own, ignoring the brackets below it: a
    /// lower bound for [`Self::next_bracket_floaters`].
    fn next_bracket_unpaired(&self, downfloaters: &[usize]) -> u32 {
        let (all, graph) = self.next_bracket_graph(downfloaters);
        (all.len() - 2 * graph.maximum_matching()) as u32
    }

    /// C8 (2017: C.7): the fewest players the next bracket must float down if the downfloaters
    /// move there; under the 2026 rules, given that the round is still completed (C4) with the
    /// bye to an allowed player (C5), which the 2017 rules demand only of the last brackets.
    /// Under the 2026 rules C8 also weighs the next bracket's C7: the scores of those players,
    /// highest first, returned after the count (empty under the 2017 rules).
    fn next_bracket_floaters(&mut self, downfloaters: &[usize]) -> (u32, Vec<i64>) {
        if self.next.is_empty() {
            return (0, Vec::new());
        }
        if let Some((v, limit)) = self.next_bracket_cache.get(downfloaters).cloned() {
            self.reach(limit);
            return v;
        }
        let mut reached = None;
        let (all, graph) = self.next_bracket_graph(downfloaters);
        let rest = &self.lower[self.next.len()..];
        let rules_2026 = self.context.edition == DutchEdition::Rules2026;
        let start = self
            .rest_matching
            .get_or_init(|| self.context.matching(rest));
        // C4 for the rest of the round with these floaters (by local index).
        let completable = |floaters: &[usize]| {
            let extra: Vec<usize> = floaters.iter().map(|&i| all[i]).collect();
            self.context.completable_with(&extra, rest, start)
        };
        // C4 for the rest of the round (2026), and C6 inside the next bracket: the players who
        // stay pair among themselves, MDPs only with residents.
        let feasible = |floaters: &[usize]| {
            if rules_2026 && !completable(floaters) {
                return false;
            }
            let mut inside = graph.clone();
            for &f in floaters {
                inside.remove(f);
            }
            inside.maximum_matching() * 2 == all.len() - floaters.len()
        };
        let players = &self.context.players;
        let scores = |floaters: &[usize]| {
            let mut list: Vec<i64> = floaters
                .iter()
                .map(|&i| i64::from(players[all[i]].score.0))
                .collect();
            list.sort_by(|a, b| b.cmp(a));
            list
        };
        let unmatched = graph.unmatched();
        let mut best = unmatched.clone();
        let mut size = unmatched.len();
        let mut tried = 0;
        let known = !rules_2026 || completable(&unmatched);
        while rules_2026 && size <= all.len() {
            // The lowest scores any `size` floaters can have: reached, the set is the best.
            let mut lowest: Vec<i64> = (0..all.len())
                .map(|i| i64::from(players[all[i]].score.0))
                .collect();
            lowest.sort_unstable();
            lowest.truncate(size);
            lowest.reverse();
            if known && scores(&best) == lowest {
                break;
            }
            tried += binomial(all.len(), size);
            if tried > self.context.limits.next_floater_sets {
                reached = Some(Limit::NextFloaterSets);
                break;
            }
            let mut sets: Vec<(Vec<i64>, Vec<usize>)> = combinations(all.len(), size)
                .into_iter()
                .map(|f| (scores(&f), f))
                .filter(|(list, _)| !known || *list < scores(&best))
                .collect();
            sets.sort();
            if let Some((_, f)) = sets.into_iter().find(|(_, f)| feasible(f)) {
                best = f;
                break;
            }
            if known {
                break;
            }
            size += 2;
        }
        let v = (
            best.len() as u32,
            if rules_2026 {
                scores(&best)
            } else {
                Vec::new()
            },
        );
        self.next_bracket_cache
            .insert(downfloaters.to_vec(), (v.clone(), reached));
        self.reach(reached);
        v
    }

    /// 2017 C.7, second part: the PSD of the next bracket when it pairs as many players as it can
    /// with the downfloaters as its MDPs. An MDP paired there scores its difference to the
    /// scoregroup, one floating on scores one point more, a resident floating one point (A.8).
    /// When the next bracket is the last, the player it leaves unpaired receives the
    /// pairing-allocated bye and must be allowed to (C.2).
    fn next_bracket_psd(&mut self, downfloaters: &[usize]) -> Vec<i64> {
        if self.next.is_empty() {
            return Vec::new();
        }
        if let Some((v, limit)) = self.next_psd_cache.get(downfloaters).cloned() {
            self.reach(limit);
            return v;
        }
        let unpaired = self.next_bracket_floaters(downfloaters).0 as usize;
        let players = &self.context.players;
        let m = downfloaters.len();
        let all: Vec<usize> = downfloaters.iter().chain(&self.next).copied().collect();
        let pairs = (all.len() - unpaired) / 2;
        let win = i64::from(self.context.input.scoring.win.0);
        let resident = i64::from(players[self.next[0]].score.0);
        let differences: Vec<i64> = downfloaters
            .iter()
            .map(|&d| i64::from(players[d].score.0) - resident)
            .collect();
        let list = |floating: usize| {
            let mut psd: Vec<i64> = differences
                .iter()
                .enumerate()
                .map(|(k, &d)| if floating >> k & 1 == 1 { d + win } else { d })
                .collect();
            let floating_mdps = floating.count_ones() as usize;
            psd.extend(std::iter::repeat_n(win, unpaired - floating_mdps));
            psd.extend(std::iter::repeat_n(
                0,
                (pairs + floating_mdps).saturating_sub(m),
            ));
            psd.sort_by(|a, b| b.cmp(a));
            psd
        };
        // The last bracket gives its one unpaired player the pairing-allocated bye, which C.2
        // allows only to some (C.4: that bracket is paired completely).
        let bye = self.lower.len() == self.next.len() && unpaired == 1;
        let context = self.context;
        // Whether a maximum matching of the next bracket floats exactly the MDPs in `floating`
        // (a bit per MDP), and, with the bye, leaves out one allowed to receive it.
        let achievable = |floating: usize| {
            let stays = |k: usize| k >= m || floating >> k & 1 == 0;
            let floating_mdps = floating.count_ones() as usize;
            if bye && floating_mdps == 1 {
                let k = floating.trailing_zeros() as usize;
                if !context.bye_allowed[all[k]] {
                    return false;
                }
            }
            // With the bye and every MDP paired, a vertex standing for the bye, joined to the
            // residents allowed to receive it, must be matched too.
            let virtual_bye = bye && floating_mdps == 0;
            let mut rest = Graph::new(all.len() + usize::from(virtual_bye));
            let mut mdps = Graph::new(all.len());
            for i in 0..all.len() {
                for j in (i + 1).max(m)..all.len() {
                    if stays(i) && context.compatible(all[i], all[j]) {
                        rest.add_edge(i, j);
                        if i < m {
                            mdps.add_edge(i, j);
                        }
                    }
                }
                if virtual_bye && i >= m && context.bye_allowed[all[i]] {
                    rest.add_edge(i, all.len());
                }
            }
            rest.maximum_matching() == pairs + usize::from(virtual_bye)
                && mdps.maximum_matching() == m - floating_mdps
        };
        // With every MDP paired the list is smallest: a floating MDP's entry exceeds both the
        // entry it replaces and the resident's it saves.
        let mut best: Option<Vec<i64>> = achievable(0).then(|| list(0));
        let within = m <= self.context.limits.next_bracket_mdps;
        if best.is_none() && within {
            for floating in 1..1usize << m {
                let floating_mdps = floating.count_ones() as usize;
                if floating_mdps > unpaired || floating_mdps + pairs < m {
                    continue;
                }
                let psd = list(floating);
                if best.as_ref().is_some_and(|b| psd >= *b) {
                    continue;
                }
                if achievable(floating) {
                    best = Some(psd);
                }
            }
        }
        let reached = (best.is_none() && !within).then_some(Limit::NextBracketMdps);
        let psd = match best {
            Some(psd) => psd,
            // No arrangement pairs the next bracket with these downfloaters (in the last
            // bracket: none leaves out a player allowed the bye, C.2): the pairing of the next
            // bracket is not completed, worse than any set that completes it (2017 C.7).
            None if within => vec![UNPAIRABLE],
            None => list(0),
        };
        self.next_psd_cache
            .insert(downfloaters.to_vec(), (psd.clone(), reached));
        self.reach(reached);
        psd
    }

    /// A lower bound for [`Self::next_bracket_psd`] given the downfloaters' lowest possible
    /// scores and the fewest players the next bracket leaves unpaired: every MDP paired.
    fn next_bracket_psd_bound(&self, scores: &[i64], unpaired: u32) -> Vec<i64> {
        let Some(&first) = self.next.first() else {
            return Vec::new();
        };
        let players = &self.context.players;
        let win = i64::from(self.context.input.scoring.win.0);
        let resident = i64::from(players[first].score.0);
        let unpaired = unpaired as usize;
        let pairs = (scores.len() + self.next.len()).saturating_sub(unpaired) / 2;
        let mut psd: Vec<i64> = scores.iter().map(|s| s - resident).collect();
        psd.extend(std::iter::repeat_n(win, unpaired));
        psd.extend(std::iter::repeat_n(0, pairs.saturating_sub(scores.len())));
        psd.sort_by(|a, b| b.cmp(a));
        psd
    }

    /// Number of leading criteria that depend on the downfloaters only (C6-C9; 2017: C.5-C.7).
    fn prefix_len(&self) -> usize {
        match self.context.edition {
            DutchEdition::Rules2026 => 4,
            DutchEdition::Rules2017 => 4,
        }
    }

    /// The colour and float criteria a pair contributes (higher-ranked player first).
    fn pair_cost(&self, a: usize, b: usize) -> PairCost {
        let context = self.context;
        let (pa, pb) = (&context.players[a], &context.players[b]);
        let mut cost = PairCost::default();
        let (colour, _) = allocate_colours(
            (pa.colour_number, &pa.played),
            (pb.colour_number, &pb.played),
            context.input.initial_colour,
        );
        let topscorers = pa.topscorer || pb.topscorer;
        for (p, c) in [(pa, colour), (pb, colour.opposite())] {
            if let Some(pref) = p.preference
                && pref.colour != c
            {
                cost.counts[2] += 1;
                if pref.strength >= PreferenceStrength::Strong {
                    cost.counts[3] += 1;
                }
            }
            if topscorers {
                // C10 (2017: C.8): the colour moves the difference beyond +2 or -2. A difference
                // already beyond them (possible only in histories not paired by these rules)
                // that the colour reduces is not one the player gets in this round.
                let before = colour_difference(&p.played);
                let cd = before + if c == Colour::White { 1 } else { -1 };
                if cd.abs() > 2 && cd.abs() > before.abs() {
                    cost.counts[0] += 1;
                }
                if context.c11 == C11Reading::Text && repeated_colour(&p.played) == Some(c) {
                    cost.counts[1] += 1;
                }
            }
        }
        if topscorers && context.c11 == C11Reading::Reference {
            cost.counts[1] = u32::from(reference_c11(pa, pb));
        }
        if pa.score != pb.score {
            let difference = i64::from(pa.score.0 - pb.score.0);
            for back in 0..2 {
                if pa.floats[back] == Some(Float::Down) {
                    cost.lists[back * 2] = Some(difference);
                    if context.edition == DutchEdition::Rules2017 {
                        cost.counts[4 + back * 2] += 1;
                    }
                }
                if pb.floats[back] == Some(Float::Up) {
                    cost.counts[5 + back * 2] += 1;
                    cost.lists[back * 2 + 1] = Some(difference);
                }
            }
        }
        cost
    }

    fn push_pair(&mut self, pairs: &mut Vec<(usize, usize)>, a: usize, b: usize) {
        let (hi, lo) = if a < b { (a, b) } else { (b, a) };
        let cost = self.pair_cost(hi, lo);
        for (total, c) in self.partial_counts.iter_mut().zip(cost.counts) {
            *total += c;
        }
        for (list, c) in self.partial_lists.iter_mut().zip(cost.lists) {
            if let Some(v) = c {
                list.push(v);
            }
        }
        pairs.push((hi, lo));
        self.pair_costs.push(cost);
        self.partial_psd += self.psd_weight(self.pair_difference(hi, lo));
    }

    fn pop_pair(&mut self, pairs: &mut Vec<(usize, usize)>) {
        if let Some((hi, lo)) = pairs.pop()
            && let Some(cost) = self.pair_costs.pop()
        {
            self.partial_psd -= self.psd_weight(self.pair_difference(hi, lo));
            for (total, c) in self.partial_counts.iter_mut().zip(cost.counts) {
                *total -= c;
            }
            for (list, c) in self.partial_lists.iter_mut().zip(cost.lists) {
                if c.is_some() {
                    list.pop();
                }
            }
        }
    }

    /// The criteria after the prefix, from the pairs so far plus the downfloaters' share.
    fn tail_values(&self, downfloaters: &[usize]) -> Vec<Value> {
        let players = &self.context.players;
        let mut counts = self.partial_counts;
        let mut lists = self.partial_lists.clone();
        for &d in downfloaters {
            for back in 0..2 {
                if players[d].floats[back] == Some(Float::Down) {
                    counts[4 + back * 2] += u32::from(self.repeats_downfloat(d, back));
                    // A downfloater's score difference counts as larger than any pair's.
                    lists[back * 2].push(DOWNFLOATER_DIFFERENCE);
                }
            }
        }
        let mut values: Vec<Value> = counts.iter().map(|&c| Value::Count(c)).collect();
        for mut list in lists {
            list.sort_by(|a, b| b.cmp(a));
            values.push(Value::List(list));
        }
        values
    }

    /// Whether no completion of the current partial candidate can beat the best one.
    /// `floater_bound` is a lower bound for the downfloaters' share of C14 and C16 (2017:
    /// C.12 and C.14).
    fn hopeless(&self, colour_bound: (u32, u32), floater_bound: [u32; 2]) -> bool {
        use std::cmp::Ordering;
        let Some((best, _)) = &self.best else {
            return false;
        };
        let prefix = self.prefix_len();
        for (b, v) in self.bound[..prefix].iter().zip(best) {
            match b.cmp(v) {
                Ordering::Less => return false,
                Ordering::Greater => return true,
                Ordering::Equal => {}
            }
        }
        // The counts first without building the values; the lists only when they all tie.
        let mut counts = self.partial_counts;
        counts[2] += colour_bound.0;
        counts[3] += colour_bound.1;
        counts[4] += floater_bound[0];
        counts[6] += floater_bound[1];
        for (&c, v) in counts.iter().zip(&best[prefix..]) {
            match Value::Count(c).cmp(v) {
                Ordering::Less => return false,
                Ordering::Greater => return true,
                Ordering::Equal => {}
            }
        }
        let tail = self.tail_values(&[]);
        tail[counts.len()..] >= best[prefix + counts.len()..]
    }

    /// In the pass for a perfect candidate: whether the rest of S1 can still be paired with
    /// the unused S2 players so that the candidate reaches the lower bound. Every criterion
    /// among C10-C17 (2017: C.8-C.15) that is at its bound with nothing left to add must stay
    /// untouched, so a pairing of the rest made of pairs that add nothing to those criteria,
    /// leaving unpaired only S2 players who add nothing to them either, must exist. A
    /// bipartite matching decides it.
    fn can_be_perfect(
        &self,
        s1: &[usize],
        s2: &[usize],
        used: &[bool],
        colour_bound: (u32, u32),
        floater_bound: [u32; 2],
    ) -> bool {
        // Larger rests are left to the plain bounds: the check costs a matching per node.
        if !self.perfect_only
            || s1.is_empty()
            || s1.len() > self.context.limits.perfect_check_players
        {
            return true;
        }
        let target = &self.bound;
        let prefix = self.prefix_len();
        let mut counts = self.partial_counts;
        counts[2] += colour_bound.0;
        counts[3] += colour_bound.1;
        counts[4] += floater_bound[0];
        counts[6] += floater_bound[1];
        let added = [
            0,
            0,
            colour_bound.0,
            colour_bound.1,
            floater_bound[0],
            0,
            floater_bound[1],
            0,
        ];
        let mut untouched = [false; 8];
        for c in 0..counts.len() {
            let value = Value::Count(counts[c]);
            if value > target[prefix + c] {
                return false;
            }
            if value != target[prefix + c] || added[c] > 0 {
                break;
            }
            untouched[c] = true;
        }
        if !untouched.contains(&true) {
            return true;
        }
        let free = unused(s2, used);
        let (a, b) = (s1.len(), free.len());
        let mut graph = Graph::new(2 * b);
        for (x, &p) in s1.iter().enumerate() {
            for (y, &q) in free.iter().enumerate() {
                if !self.context.compatible(p, q) {
                    continue;
                }
                let cost = self.pair_cost(p.min(q), p.max(q));
                if cost
                    .counts
                    .iter()
                    .zip(untouched)
                    .all(|(&c, u)| !u || c == 0)
                {
                    graph.add_edge(x, a + y);
                }
            }
        }
        for (y, &q) in free.iter().enumerate() {
            let may_float =
                (0..2).all(|back| !untouched[4 + back * 2] || !self.repeats_downfloat(q, back));
            if may_float {
                for d in 0..b - a {
                    graph.add_edge(a + y, a + b + d);
                }
            }
        }
        graph.maximum_matching() == b
    }

    /// How many of `set` would count in C14 and C16 floating down (see
    /// [`Self::repeats_downfloat`]).
    fn downfloated(&self, set: &[usize]) -> [u32; 2] {
        [0, 1].map(|b| {
            set.iter()
                .filter(|&&i| self.repeats_downfloat(i, b))
                .count() as u32
        })
    }

    /// What a player adds to [`PreferenceCounts`].
    fn preference_counts(&self, i: usize) -> PreferenceCounts {
        let mut c = [0i64; 5];
        c[4] = 1;
        if let Some(p) = self.context.players[i].preference {
            let strong = usize::from(p.strength >= PreferenceStrength::Strong);
            let k = usize::from(p.colour == Colour::Black);
            c[k] += 1;
            c[2 + k] += strong as i64;
        }
        PreferenceCounts(c)
    }

    /// Lower bounds for C12 and C13 (players denied their colour preference, their strong one)
    /// over the pairs still to be made between the rest of S1 and the unused players of S2.
    fn remaining_colour_bound(s1_rest: PreferenceCounts, s2_free: PreferenceCounts) -> (u32, u32) {
        let bound = |strong: usize| {
            let [w1, b1] = [s1_rest.0[strong * 2], s1_rest.0[strong * 2 + 1]];
            let [w2, b2] = [s2_free.0[strong * 2], s2_free.0[strong * 2 + 1]];
            let (n1, n2) = (s1_rest.0[4], s2_free.0[4]);
            let floaters = n2 - n1;
            let from_s1 = (w1 - (n2 - w2)).max(0) + (b1 - (n2 - b2)).max(0);
            let from_s2 = (w2 - floaters - (n1 - w1)).max(0) + (b2 - floaters - (n1 - b1)).max(0);
            from_s1.max(from_s2) as u32
        };
        (bound(0), bound(1))
    }

    fn values(&mut self, pairs: &[(usize, usize)], downfloaters: &[usize]) -> Vec<Value> {
        let players = &self.context.players;
        let differences: Vec<i64> = pairs
            .iter()
            .map(|&(a, b)| (i64::from(players[a].score.0) - i64::from(players[b].score.0)).abs())
            .collect();
        let mut values = self.prefix_values(downfloaters, &differences);
        values.extend(self.tail_values(downfloaters));
        values
    }

    /// C6-C9 (2017: C.5-C.7) of a candidate with these downfloaters and pairs of these score
    /// differences (used by the 2017 PSD only).
    fn prefix_values(&mut self, downfloaters: &[usize], differences: &[i64]) -> Vec<Value> {
        let context = self.context;
        let players = &context.players;
        let mut scores: Vec<i64> = downfloaters
            .iter()
            .map(|&i| i64::from(players[i].score.0))
            .collect();
        scores.sort_by(|a, b| b.cmp(a));
        let mut values = vec![Value::Count(downfloaters.len() as u32)];
        match context.edition {
            DutchEdition::Rules2026 => {
                values.push(Value::List(scores));
                let (count, mut list) = self.next_bracket_floaters(downfloaters);
                list.insert(0, i64::from(count));
                values.push(Value::List(list));
                let unplayed = match downfloaters {
                    [x] if self.single_floater_is_bye => players[*x].unplayed,
                    _ => 0,
                };
                values.push(Value::Count(unplayed));
            }
            DutchEdition::Rules2017 => {
                let base = i64::from(self.lowest_score.0) - i64::from(context.input.scoring.win.0);
                let mut psd: Vec<i64> = scores.iter().map(|s| s - base).collect();
                psd.extend(differences);
                psd.sort_by(|a, b| b.cmp(a));
                values.push(Value::List(psd));
                values.push(Value::Count(self.next_bracket_floaters(downfloaters).0));
                values.push(Value::List(self.next_bracket_psd(downfloaters)));
            }
        }
        values
    }

    /// C6-C9 of the level (`pairs` pairs, `m1` MDPs paired) for every downfloater set: the
    /// Limbo's MDPs and the residents left over. A set admits a candidate when the round can
    /// be completed with it (C4, C5) and the rest of the bracket pairs with MDPs paired only
    /// with residents; the candidate pairing is then reached in the order of Art. 4.
    fn level_prefix(&mut self, pairs: usize, m1: usize, remainder_pairs: usize) -> LevelPrefix {
        let players = &self.context.players;
        let (m0, res) = (self.mdps.len(), self.residents.len());
        let resident_floaters = res - m1 - 2 * remainder_pairs;
        let sets = binomial(m0, m0 - m1).saturating_mul(binomial(res, resident_floaters));
        let homogeneous = self.residents.first().map(|&i| players[i].score)
            == self.residents.last().map(|&i| players[i].score);
        if sets > self.context.limits.exact_prefix_sets {
            return LevelPrefix::Unknown;
        }
        let exact = self.context.edition == DutchEdition::Rules2026 || homogeneous;
        let mut valid = Vec::new();
        let resident_score = self
            .residents
            .first()
            .map_or(0, |&i| i64::from(players[i].score.0));
        let mut best: Option<(Vec<Value>, Vec<Vec<usize>>)> = None;
        for limbo in combinations(m0, m0 - m1) {
            for floating in combinations(res, resident_floaters) {
                let mut set: Vec<usize> = limbo
                    .iter()
                    .map(|&k| self.mdps[k])
                    .chain(floating.iter().map(|&k| self.residents[k]))
                    .collect();
                set.sort_unstable();
                if !self.valid_floaters(&set) || !self.pairs_without(&set, pairs) {
                    continue;
                }
                if !exact {
                    valid.push(set);
                    continue;
                }
                let mut differences: Vec<i64> = (0..m0)
                    .filter(|k| !limbo.contains(k))
                    .map(|k| i64::from(players[self.mdps[k]].score.0) - resident_score)
                    .collect();
                differences.extend(std::iter::repeat_n(0, remainder_pairs));
                let values = self.prefix_values(&set, &differences);
                match &mut best {
                    Some((v, sets)) if *v == values => sets.push(set),
                    Some((v, _)) if *v < values => {}
                    _ => best = Some((values, vec![set])),
                }
            }
        }
        if self.limit_reached.take().is_some() {
            self.stop = false;
            return LevelPrefix::Unknown;
        }
        match best {
            _ if !exact && !valid.is_empty() => LevelPrefix::Valid(valid),
            None => LevelPrefix::Empty,
            Some((values, sets)) => LevelPrefix::Best(values, sets),
        }
    }

    /// Whether the bracket without `set` pairs completely into `pairs` pairs, MDPs only with
    /// residents.
    fn pairs_without(&self, set: &[usize], pairs: usize) -> bool {
        let all: Vec<usize> = self.mdps.iter().chain(&self.residents).copied().collect();
        let mut graph = self.bracket_graph();
        let mut stays = all.len();
        for (k, p) in all.iter().enumerate() {
            if set.contains(p) {
                graph.remove(k);
                stays -= 1;
            }
        }
        stays == 2 * pairs && graph.maximum_matching() == pairs
    }

    /// The key digit of a PSD entry (0 for entries of 0, or without PSD digits).
    fn psd_weight(&self, entry: i64) -> i128 {
        self.psd_weights
            .binary_search_by_key(&entry, |&(e, _)| e)
            .map_or(0, |k| self.psd_weights[k].1)
    }

    fn pair_difference(&self, a: usize, b: usize) -> i64 {
        let players = &self.context.players;
        (i64::from(players[a].score.0) - i64::from(players[b].score.0)).abs()
    }

    /// A downfloater's PSD entry (2017 A.8).
    fn floater_entry(&self, p: usize) -> i64 {
        i64::from(self.context.players[p].score.0) - i64::from(self.lowest_score.0)
            + i64::from(self.context.input.scoring.win.0)
    }

    /// One number for counts, ordered as the counts are lexicographically.
    fn key(&self, counts: &Counts) -> i128 {
        let base = self.key_base.unwrap_or(1);
        counts.iter().fold(0, |k, &c| k * base + i128::from(c))
    }

    /// The counts of a key: each digit below the base.
    fn decode(&self, mut key: i128) -> Counts {
        let base = self.key_base.unwrap_or(1).max(2);
        let mut counts = [0; 8];
        for c in counts.iter_mut().rev() {
            *c = (key % base) as u32;
            key /= base;
        }
        counts
    }

    /// The PSD entries of a key's PSD digits, highest first.
    fn decode_psd(&self, key: i128) -> Vec<i64> {
        let base = self.key_base.unwrap_or(1).max(2);
        let mut list = Vec::new();
        for &(entry, weight) in self.psd_weights.iter().rev() {
            let digit = key / weight % base;
            list.extend(std::iter::repeat_n(entry, digit as usize));
        }
        list
    }

    /// What a downfloater adds to the counts: C14 and C16 (2017: C.12, C.14) if it floated
    /// down one or two rounds before.
    fn float_counts(&self, p: usize) -> Counts {
        let mut counts = [0; 8];
        for back in 0..2 {
            counts[4 + back * 2] += u32::from(self.repeats_downfloat(p, back));
        }
        counts
    }

    /// Whether `p`, floating down from this bracket, counts in C14 (`back` 0) or C16 (`back`
    /// 1): he floated down one or two rounds before and, under the 2026 rules, is a resident
    /// (C14, C16: "resident downfloaters"; 2017 C.12, C.14 count every player who receives
    /// the same downfloat, an MDP floating on too).
    fn repeats_downfloat(&self, p: usize, back: usize) -> bool {
        let player = &self.context.players[p];
        player.floats[back] == Some(Float::Down)
            && (self.context.edition == DutchEdition::Rules2017
                || player.score <= self.lowest_score)
    }

    /// The key of a floater's share, [`NOT_A_FLOATER`] if no best set of the level has it.
    fn float_key(&self, p: usize) -> i128 {
        if self.may_float[p] {
            self.key(&self.float_counts(p)) + self.psd_weight(self.floater_entry(p))
        } else {
            NOT_A_FLOATER
        }
    }

    fn pair_key(&self, a: usize, b: usize) -> i128 {
        self.key(&self.pair_cost(a.min(b), a.max(b)).counts)
            + self.psd_weight(self.pair_difference(a, b))
    }

    /// A lower bound (as a key) for the counts of every pairing of `all` with `floaters` of
    /// them unpaired, the first `m0` (MDPs) not paired with each other: half the least cost of
    /// its bipartite double cover, which takes every pair from both sides. `None` if not
    /// computed (more than `limit` players, counted with the floaters' dummies, on either
    /// side, and not computed before, or an assignment whose sums would leave `i128`: many
    /// players forced to float at [`NOT_A_FLOATER`] each), `Some(None)` if there is no such
    /// pairing.
    fn double_cover_key(
        &self,
        all: &[usize],
        m0: usize,
        floaters: usize,
        limit: usize,
    ) -> Option<Option<i128>> {
        self.key_base?;
        let key = (all.to_vec(), m0, floaters);
        if let Some(&known) = self.double_covers.borrow().get(&key) {
            return known;
        }
        if all.len() + floaters > 2 * limit {
            return None;
        }
        let found = self.double_cover(all, m0, floaters);
        self.double_covers.borrow_mut().insert(key, found);
        found
    }

    /// [`Self::double_cover_key`], computed.
    fn double_cover(&self, all: &[usize], m0: usize, floaters: usize) -> Option<Option<i128>> {
        let n = all.len();
        let size = n + floaters;
        let Ok(found) = assignment::minimum_cost(size, size, |r, c| match (r < n, c < n) {
            (true, true) => {
                (r != c && (r >= m0 || c >= m0) && self.context.compatible(all[r], all[c]))
                    .then(|| self.pair_key(all[r], all[c]))
            }
            (true, false) => Some(self.float_key(all[r])),
            (false, true) => Some(self.float_key(all[c])),
            (false, false) => None,
        }) else {
            return None;
        };
        Some(match found {
            Some(cost) if cost < NOT_A_FLOATER => Some((cost + 1) / 2),
            _ => None,
        })
    }

    /// The counts (as a key) no candidate may exceed to be kept: in the first pass the
    /// bound's, in the full search the best candidate's once C6-C9 cannot improve on it.
    fn count_target(&self) -> Option<i128> {
        self.key_base?;
        let prefix = self.prefix_len();
        let target = if self.perfect_only {
            &self.bound
        } else {
            let (best, _) = self.best.as_ref()?;
            // With PSD digits the key orders C.5 too (the last bracket has no C.6, C.7).
            if self.psd_weights.is_empty() && self.bound[..prefix] < best[..prefix] {
                return None;
            }
            best
        };
        let counts: Counts = std::array::from_fn(|c| match target[prefix + c] {
            Value::Count(v) => v,
            Value::List(_) => 0,
        });
        let psd = match (&target[1], self.psd_weights.is_empty()) {
            (Value::List(list), false) => list.iter().map(|&e| self.psd_weight(e)).sum(),
            _ => 0,
        };
        Some(self.key(&counts) + psd)
    }

    /// Whether a part of a candidate cannot become one worth keeping: the key of the pairs so
    /// far and the Limbo's share plus `rest`, the exact least key of the rest, exceeds the
    /// target; or equals it while the lists C18-C21 so far (which only grow as pairs and
    /// floaters are added) already exceed the target's (in the full search: equal them too,
    /// as a tie loses to the earlier candidate).
    fn rest_fails(&self, limbo: &[usize], rest: Option<Option<i128>>) -> bool {
        let rest = match rest {
            Some(None) => return true,
            Some(Some(rest)) => rest,
            None => 0,
        };
        let Some(target) = self.count_target() else {
            return false;
        };
        let key = self.key_with_limbo(limbo) + rest;
        if key != target {
            return key > target;
        }
        let lists_from = self.prefix_len() + 8;
        let lists = self.tail_values(limbo);
        if self.perfect_only {
            lists[8..] > self.bound[lists_from..]
        } else {
            self.best
                .as_ref()
                .is_some_and(|(best, _)| lists[8..] >= best[lists_from..])
        }
    }

    /// Whether some best downfloater set of the level holds, beside the Limbo, only players
    /// `free` allows (always, if the best sets are unknown).
    fn best_set_possible(&self, limbo: &[usize], free: impl Fn(usize) -> bool) -> bool {
        self.best_sets.as_ref().is_none_or(|sets| {
            sets.iter()
                .any(|set| set.iter().all(|&d| limbo.contains(&d) || free(d)))
        })
    }

    /// The key of the pairs so far plus the Limbo's share.
    fn key_with_limbo(&self, limbo: &[usize]) -> i128 {
        let floats: i128 = limbo.iter().map(|&d| self.float_key(d)).sum();
        self.key(&self.partial_counts) + self.partial_psd + floats
    }
}

/// Calls `visit` with every resident exchange between S1 (size `n1`) and S2 (size `n2`) in
/// the order of C.04.3 4.3, the identity first, until it returns false: (S1 positions moved
/// out, S2 positions moved in), each ascending. Exchanges of one size come by the difference of
/// the sums of the BSNs moved in and out, then the S1 positions moved out, highest first, then
/// the S2 positions moved in, lowest first. They are generated as they are needed, none skipped.
fn for_each_exchange(n1: usize, n2: usize, visit: &mut impl FnMut(&[usize], &[usize]) -> bool) {
    if !visit(&[], &[]) {
        return;
    }
    for k in 1..=n1.min(n2) {
        let (out_sums, in_sums) = (subset_sums(n1, k), subset_sums(n2, k));
        // With S1 positions as BSNs 1..n1 and S2 positions as n1 + 1.., the difference of an
        // exchange is `in + n1 * k - out` (the 1s cancel).
        let shift = (n1 * k) as i64;
        let lowest = in_sums.0 + shift - out_sums.1;
        let highest = in_sums.1 + shift - out_sums.0;
        let mut out = vec![0; k];
        let mut into = vec![0; k];
        for difference in lowest..=highest {
            // The S1 sums for which some S2 set of the right sum exists: every sum between the
            // smallest and the largest is reached by some set.
            let range = (
                (in_sums.0 + shift - difference).max(out_sums.0),
                (in_sums.1 + shift - difference).min(out_sums.1),
            );
            let more = subsets_descending(n1, k, range, &mut out, &mut |out| {
                let target = difference - shift + out.iter().map(|&x| x as i64).sum::<i64>();
                subsets_ascending(n2, 0, target, &mut into, &mut |into| visit(out, into))
            });
            if !more {
                return;
            }
        }
    }
}

/// The smallest and the largest sum of `k` distinct numbers below `n`.
fn subset_sums(n: usize, k: usize) -> (i64, i64) {
    let k = k as i64;
    let n = n as i64;
    (k * (k - 1) / 2, k * (2 * n - k - 1) / 2)
}

/// The `set.len()`-subsets of `0..n` with a sum in `range`, in descending order of their
/// highest element, then the next one, and so on, until `visit` returns false (then false).
fn subsets_descending(
    n: usize,
    fill: usize,
    range: (i64, i64),
    set: &mut [usize],
    visit: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    if fill == 0 {
        return visit(set);
    }
    let chosen: i64 = set[fill..].iter().map(|&x| x as i64).sum();
    for x in (fill - 1..n).rev() {
        // The rest are `fill - 1` numbers below x.
        let (low, high) = subset_sums(x, fill - 1);
        let x = x as i64;
        if chosen + x + high < range.0 {
            break;
        }
        if chosen + x + low > range.1 {
            continue;
        }
        set[fill - 1] = x as usize;
        if !subsets_descending(x as usize, fill - 1, range, set, visit) {
            return false;
        }
    }
    true
}

/// The `set.len()`-subsets of `0..n` with sum `target`, in lexicographic order, filling from
/// position `from` with numbers above `set[from - 1]`, until `visit` returns false.
fn subsets_ascending(
    n: usize,
    from: usize,
    target: i64,
    set: &mut [usize],
    visit: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    let k = set.len();
    if from == k {
        return target != 0 || visit(set);
    }
    let start = if from == 0 { 0 } else { set[from - 1] + 1 };
    let rest = (k - from) as i64;
    for x in start..n {
        let xi = x as i64;
        // The smallest and largest sums of `rest` numbers from x on.
        let low = rest * xi + rest * (rest - 1) / 2;
        let high = rest * (2 * n as i64 - rest - 1) / 2;
        if low > target {
            break;
        }
        if high < target {
            return true;
        }
        set[from] = x;
        if !subsets_ascending(n, from + 1, target - xi, set, visit) {
            return false;
        }
    }
    true
}

/// The values a PSD entry (2017 A.8) can take in the collapsed last bracket of the 2017 rules,
/// positive and ascending: score differences of its players and a downfloater's score less the
/// bracket's lowest score plus a win. Empty for every other bracket, whose C.5 the downfloaters
/// decide.
fn psd_entries(
    context: &Context,
    mdps: &[usize],
    residents: &[usize],
    last: bool,
    lowest: Score,
) -> Vec<i64> {
    let players = &context.players;
    let score = |i: usize| i64::from(players[i].score.0);
    let homogeneous = residents.first().map(|&i| score(i)) == residents.last().map(|&i| score(i));
    if context.edition != DutchEdition::Rules2017 || !last || homogeneous {
        return Vec::new();
    }
    let mut scores: Vec<i64> = mdps.iter().chain(residents).map(|&i| score(i)).collect();
    scores.sort_unstable();
    scores.dedup();
    let base = i64::from(lowest.0) - i64::from(context.input.scoring.win.0);
    let mut entries: Vec<i64> = scores
        .iter()
        .flat_map(|a| scores.iter().map(move |b| a - b))
        .chain(scores.iter().map(|s| s - base))
        .filter(|&e| e > 0)
        .collect();
    entries.sort_unstable();
    entries.dedup();
    entries
}

/// The base of the keys of a bracket of `size` players: above any total of one count, twice
/// over (the double cover); `None` when keys could overflow. Every digit of a total staying
/// below the base, a key of eight count digits and `psd_digits` PSD digits stays below
/// `base^(8 + psd_digits)`, far below [`NOT_A_FLOATER`].
fn key_base(size: usize, psd_digits: usize) -> Option<i128> {
    let base = 4 * i128::try_from(size).ok()? + 8;
    let top = base.checked_pow(8 + u32::try_from(psd_digits).ok()?)?;
    (top < (1 << 110)).then_some(base)
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1usize, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(current.clone());
        let mut i = k;
        loop {
            if i == 0 {
                return out;
            }
            i -= 1;
            if current[i] < n - k + i {
                current[i] += 1;
                for j in i + 1..k {
                    current[j] = current[j - 1] + 1;
                }
                break;
            }
            if i == 0 {
                return out;
            }
        }
    }
}

/// The players of `s2` not yet used (`used` runs beside `s2`).
fn unused(s2: &[usize], used: &[bool]) -> Vec<usize> {
    s2.iter()
        .zip(used)
        .filter(|(_, u)| !**u)
        .map(|(&p, _)| p)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every exchange of every size, sorted by the key of C.04.3 4.3.
    fn sorted_exchanges(n1: usize, n2: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
        let mut all = Vec::new();
        for k in 1..=n1.min(n2) {
            let mut level: Vec<(Vec<usize>, Vec<usize>)> = combinations(n1, k)
                .into_iter()
                .flat_map(|out| {
                    combinations(n2, k)
                        .into_iter()
                        .map(move |i| (out.clone(), i))
                })
                .collect();
            let difference = |(o, i): &(Vec<usize>, Vec<usize>)| {
                i.iter().map(|&x| (x + n1) as i64).sum::<i64>()
                    - o.iter().map(|&x| x as i64).sum::<i64>()
            };
            level.sort_by(|a, b| {
                difference(a)
                    .cmp(&difference(b))
                    .then_with(|| b.0.iter().rev().cmp(a.0.iter().rev()))
                    .then_with(|| a.1.cmp(&b.1))
            });
            all.extend(level);
        }
        all
    }

    #[test]
    fn h13_every_exchange_comes_in_order_with_none_left_out() {
        for n1 in 0..=6 {
            for n2 in n1..=8 {
                let mut generated = Vec::new();
                for_each_exchange(n1, n2, &mut |o, i| {
                    generated.push((o.to_vec(), i.to_vec()));
                    true
                });
                assert_eq!(generated[0], (Vec::new(), Vec::new()));
                assert_eq!(generated[1..], sorted_exchanges(n1, n2), "{n1} and {n2}");
            }
        }
        // Generation stops when asked to, however many exchanges there are.
        let mut seen = 0;
        for_each_exchange(60, 61, &mut |_, _| {
            seen += 1;
            seen < 1000
        });
        assert_eq!(seen, 1000);
    }
}
