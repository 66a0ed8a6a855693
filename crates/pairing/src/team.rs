//! Team pairings: the team Swiss of a TRF-2026 team tournament and the team round robin.
//!
//! **Team Swiss.** FIDE C.04.6 (Swiss Team Pairing System, 2026) applies the basic rules and
//! the general handling rules to teams, with colour preferences of lower strength. This module
//! pairs a team round by the Dutch engine ([`crate::dutch`]) run on the teams:
//!
//! - every team is one participant; its history is its matches ([`trf::team`]): teams that
//!   played a match do not meet again (C.04.1 b), a forfeited match is no meeting (as for
//!   individuals), a forfeit win or a team bye bars the pairing-allocated bye (C.04.1 d);
//! - colours do not steer the pairing: C.04.6 (Preface) excludes C.04.1 f and g for teams and
//!   has no absolute colour preferences, so the engine sees the matches without colours and the
//!   colours are allocated afterwards by C.04.6 Art. 4 ([`allocate_colours`]) from the
//!   preferences of Art. 1.7 ([`colour_preference`]: type A, type B or none, [`ColourRule`]
//!   from `192`);
//! - the pairing score is the primary score of `192` (`FIDE_TEAM_MP_GP`: match points,
//!   `FIDE_TEAM_GP_MP`: game points; default match points) including `299`/`320` adjustments;
//! - within a score the teams are ranked by the secondary score, then by team number
//!   (C.04.6 ranking order): the engine sees them renumbered in that order;
//! - `240` (teams absent in a round), `250` (acceleration, C.04.7) and `260` (team pairings
//!   forbidden) apply to team numbers.
//!
//! The pairing-allocated bye is assigned first, by C.04.6 Art. 3.4. Where C.04.6 departs from
//! the Dutch rules otherwise (upfloaters instead of downfloaters, Art. 3.5; the colour criteria
//! C8/C9 in choosing the pairing of a bracket, Art. 2.3.5, 2.3.6, 3.6.4) the Dutch rules
//! decide; the README lists the fixtures where this gives another pairing.
//!
//! **Team round robin.** [`round_robin`] maps the Berger table (C.05 Annex 1) onto the teams
//! in team number order.
//!
//! ```
//! use trf::Tournament;
//!
//! let t: Tournament = "142 3\n152 W\n192 FIDE_TEAM_MP_GP\n\
//! 001    1      A1                                2500                             1.0    1     2 w 1\n\
//! 001    2      B1                                2500                             0.0    2     1 b 0\n\
//! 001    3      C1                                2500                             1.0    3     4 w 1\n\
//! 001    4      D1                                2500                             0.0    4     3 b 0\n\
//! 310 1   A                                                                   1\n\
//! 310 2   B                                                                   2\n\
//! 310 3   C                                                                   3\n\
//! 310 4   D                                                                   4\n"
//!     .parse()?;
//! let pairing = pairing::team::pair_next_round(&t)?;
//! // A and C won with White: the higher-ranked A gets the Black both want; B and D lost
//! // with Black, and B (ranked above D on the same score) gets White.
//! assert_eq!(pairing.matches, [(3, 1), (2, 4)]);
//! assert_eq!(pairing.bye, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use laws::Article;
use roundrobin::{Board, Schedule, SizeError};
use trf::team::{MatchKind, TeamRound};
use trf::{Points, Record, Tournament};

use crate::dutch::{Colour, DutchEdition, Input, Player, RoundEntry, Score, Scoring, pair_round};

/// The score that makes the brackets (C.04.6: match points or game points).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrimaryScore {
    /// Match points (`362` `TW TD TL`, SJRP Spielordnung §10.2: 2/1/0).
    MatchPoints,
    /// Game (board) points.
    GamePoints,
}

impl PrimaryScore {
    /// From the `192` code: `FIDE_TEAM[_TYPEA|_TYPEB]_GP_…` pairs on game points, anything
    /// else on match points.
    pub fn from_system(code: Option<&str>) -> PrimaryScore {
        let scores: Vec<&str> = code
            .unwrap_or("")
            .split('_')
            .filter(|p| *p == "MP" || *p == "GP")
            .collect();
        match scores.first() {
            Some(&"GP") => PrimaryScore::GamePoints,
            _ => PrimaryScore::MatchPoints,
        }
    }

    fn of(self, m: &TeamRound) -> Points {
        match self {
            PrimaryScore::MatchPoints => m.match_points,
            PrimaryScore::GamePoints => m.game_points,
        }
    }

    fn secondary(self) -> PrimaryScore {
        match self {
            PrimaryScore::MatchPoints => PrimaryScore::GamePoints,
            PrimaryScore::GamePoints => PrimaryScore::MatchPoints,
        }
    }
}

/// The pairing of one team round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamPairing {
    /// `(white team, black team)`, top match first.
    pub matches: Vec<(u16, u16)>,
    /// The team with the pairing-allocated bye.
    pub bye: Option<u16>,
}

/// Why a team round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamPairingError {
    /// The file has no `310`/`013` team records.
    NoTeams,
    /// The engine found no pairing (C.04.3 1.9.3, applied to teams by C.04.6).
    Engine(crate::dutch::PairingError),
    /// Too few or too many teams for a Berger table (C.05 Annex 1).
    RoundRobinSize(usize),
    /// The round is beyond the Berger table.
    RoundOutOfRange(usize),
}

impl TeamPairingError {
    /// The provision the error rests on.
    pub fn article(&self) -> Article {
        match self {
            TeamPairingError::NoTeams => Article::new("C.04.6"),
            TeamPairingError::Engine(e) => e.article(),
            TeamPairingError::RoundRobinSize(_) | TeamPairingError::RoundOutOfRange(_) => {
                Article::new("C.05 Annex 1")
            }
        }
    }
}

impl fmt::Display for TeamPairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamPairingError::NoTeams => f.write_str("no team records (310 or 013) in the file"),
            TeamPairingError::Engine(e) => write!(f, "{e} ({})", e.article()),
            TeamPairingError::RoundRobinSize(n) => {
                write!(f, "{n} teams: a Berger table needs 3 to 30")
            }
            TeamPairingError::RoundOutOfRange(r) => {
                write!(f, "round {r} is beyond the Berger table")
            }
        }
    }
}

impl std::error::Error for TeamPairingError {}

/// The Dutch-engine input for team round `round`, and the team number of every engine id
/// (`numbers[id - 1]`).
pub fn team_input(t: &Tournament, round: u32) -> Result<(Input, Vec<u16>), TeamPairingError> {
    let teams = t.teams();
    if teams.is_empty() {
        return Err(TeamPairingError::NoTeams);
    }
    let primary = PrimaryScore::from_system(t.pairing_system());
    let r = usize::try_from(round).unwrap_or(usize::MAX);
    let history: Vec<Vec<TeamRound>> = (1..r).map(|k| t.team_rounds(k)).collect();
    let total = |i: usize, score: PrimaryScore| -> Points {
        history.iter().map(|rounds| score.of(&rounds[i])).sum()
    };
    // C.04.6 ranking order: primary score, secondary score, team number; the engine ranks by
    // score and then by id, so ids follow secondary score and team number.
    let mut order: Vec<usize> = (0..teams.len()).collect();
    order.sort_by_key(|&i| {
        (
            std::cmp::Reverse(total(i, primary.secondary())),
            teams[i].number,
        )
    });
    let numbers: Vec<u16> = order.iter().map(|&i| teams[i].number).collect();
    let id_of = |team: u16| -> Option<u32> {
        numbers
            .iter()
            .position(|&n| n == team)
            .and_then(|p| u32::try_from(p + 1).ok())
    };
    let absent: Vec<u16> = t.requested_byes(r).into_iter().map(|(n, _)| n).collect();
    let players = order
        .iter()
        .map(|&i| {
            let team = &teams[i];
            let entries: Vec<RoundEntry> = history
                .iter()
                .map(|rounds| entry(&rounds[i], id_of))
                .collect();
            // Engine score = forfeit wins (scored 1 each) + acceleration = 100 × primary score.
            let forfeit_wins = entries
                .iter()
                .filter(|e| matches!(e, RoundEntry::Forfeit { won: true, .. }))
                .count();
            let virtual_points = i64::from(acceleration(t, team.number, r, primary).tenths());
            let score = (i64::from(total(i, primary).tenths()) + virtual_points) * 100
                - i64::try_from(forfeit_wins).unwrap_or(0);
            let gone = team.players.iter().all(|&p| {
                t.player(p)
                    .and_then(|p| p.round(r))
                    .is_some_and(|e| e.opponent.is_none() && e.result != trf::ResultCode::Pending)
            }) && !team.players.is_empty();
            Player {
                id: id_of(team.number).unwrap_or(0),
                rating: 0,
                history: entries,
                absent: absent.contains(&team.number) || gone,
                acceleration: Score(u32::try_from(score).unwrap_or(0)),
            }
        })
        .collect();
    let mut forbidden_pairs: Vec<(u32, u32)> = Vec::new();
    for rounds in &history {
        for (team, m) in teams.iter().zip(rounds) {
            if matches!(m.kind, MatchKind::Won | MatchKind::Drawn | MatchKind::Lost)
                && let (Some(a), Some(b)) = (id_of(team.number), m.opponent.and_then(id_of))
            {
                forbidden_pairs.push((a, b));
            }
        }
    }
    forbidden_pairs.extend(t.prohibited_pairings(r).into_iter().flat_map(|group| {
        let ids: Vec<u32> = group.iter().filter_map(|&n| id_of(n)).collect();
        let mut pairs = Vec::new();
        for (k, &a) in ids.iter().enumerate() {
            pairs.extend(ids[k + 1..].iter().map(|&b| (a, b)));
        }
        pairs
    }));
    let total_rounds = t.total_rounds().unwrap_or(round).max(round);
    Ok((
        Input {
            round,
            total_rounds,
            initial_colour: t.initial_colour().map_or(Colour::White, Colour::from),
            // Scores come from the team matches (acceleration field). A win scores 1 so that an
            // absence (0 points) still allows the bye (C.04.1 d); only forfeit wins occur, and
            // their point is taken off the acceleration.
            scoring: Scoring {
                win: Score(1),
                draw: Score(0),
                loss: Score(0),
                pairing_allocated_bye: Score(0),
                forfeit_win: Score(1),
                forfeit_loss: Score(0),
            },
            players,
            forbidden_pairs,
        },
        numbers,
    ))
}

/// Virtual points of `team` in round `round` from `250` records (C.04.7 acceleration; the
/// match points column on match points, the game points column on game points).
fn acceleration(t: &Tournament, team: u16, round: usize, primary: PrimaryScore) -> Points {
    t.records()
        .filter_map(|r| match r {
            Record::Acceleration(a)
                if (a.first_player..=a.last_player).contains(&team)
                    && (usize::from(a.first_round)..=usize::from(a.last_round))
                        .contains(&round) =>
            {
                match primary {
                    PrimaryScore::MatchPoints => a.match_points,
                    PrimaryScore::GamePoints => a.game_points,
                }
            }
            _ => None,
        })
        .sum()
}

/// A team's past round as the engine sees it: without colours, a played match as an unplayed
/// pairing (the meeting itself is a forbidden pair, see [`team_input`]).
fn entry(m: &TeamRound, id_of: impl Fn(u16) -> Option<u32>) -> RoundEntry {
    let opponent = m.opponent.and_then(id_of);
    match (m.kind, opponent) {
        (MatchKind::PairingAllocatedBye, _) => RoundEntry::PairingAllocatedBye,
        (MatchKind::NotPaired, _) | (_, None) => RoundEntry::Unpaired { points: Score(0) },
        (kind, Some(opponent)) => RoundEntry::Forfeit {
            opponent,
            colour: Colour::White,
            won: kind == MatchKind::ForfeitWon,
        },
    }
}

/// Which colour preferences a team Swiss uses (C.04.6 Art. 1.7): type A unless the rules of
/// the competition choose type B or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourRule {
    /// No colour preferences (`192 FIDE_TEAM_MP_GP` and the like, without `TYPEA`/`TYPEB`).
    NoPreferences,
    /// Type A (Art. 1.7.1): simple preferences only.
    TypeA,
    /// Type B (Art. 1.7.2): strong and mild preferences.
    TypeB,
}

impl ColourRule {
    /// From the `192` code: `_TYPEB` type B, `_TYPEA` type A, `FIDE_TEAM[_BAKU]` type A (its
    /// default), a code naming the scores without a type no preferences; no code type A.
    pub fn from_system(code: Option<&str>) -> ColourRule {
        let Some(code) = code else {
            return ColourRule::TypeA;
        };
        let parts: Vec<&str> = code.split('_').collect();
        if parts.contains(&"TYPEB") {
            ColourRule::TypeB
        } else if parts.contains(&"TYPEA") || !parts.iter().any(|p| *p == "MP" || *p == "GP") {
            ColourRule::TypeA
        } else {
            ColourRule::NoPreferences
        }
    }
}

/// A team's colour preference (C.04.6 Art. 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamPreference {
    /// The colour wanted.
    pub colour: trf::Colour,
    /// A strong type B preference (Art. 1.7.2); type A preferences and mild ones are not.
    pub strong: bool,
}

/// The colours of the matches a team played (C.04.6 Art. 1.6.1: forfeits and byes give none).
fn played_colours(history: &[TeamRound]) -> Vec<trf::Colour> {
    history
        .iter()
        .filter(|m| matches!(m.kind, MatchKind::Won | MatchKind::Drawn | MatchKind::Lost))
        .filter_map(|m| m.colour)
        .collect()
}

/// Colour difference: matches with White less matches with Black (C.04.6 Art. 1.6.2).
fn colour_difference(played: &[trf::Colour]) -> i32 {
    played
        .iter()
        .map(|&c| if c == trf::Colour::White { 1 } else { -1 })
        .sum()
}

/// The colour preference of a team with these past rounds (C.04.6 Art. 1.7). Type A and the
/// strong type B preference: White when the colour difference is below -1, or is 0 or -1 after
/// Black in the last two played matches (Black symmetrically). Type B adds the mild
/// preference: White at -1, or at 0 after Black in the last played match unless `last_round`
/// (Black symmetrically). None before the first match played.
pub fn colour_preference(
    history: &[TeamRound],
    rule: ColourRule,
    last_round: bool,
) -> Option<TeamPreference> {
    use trf::Colour::{Black, White};
    let played = played_colours(history);
    let cd = colour_difference(&played);
    let last = *played.last()?;
    let last_two = played.len() >= 2 && played[played.len() - 2] == last;
    let strong = match cd {
        ..=-2 => Some(White),
        2.. => Some(Black),
        0 | -1 if last_two && last == Black => Some(White),
        0 | 1 if last_two && last == White => Some(Black),
        _ => None,
    };
    match (rule, strong) {
        (ColourRule::NoPreferences, _) => None,
        (ColourRule::TypeA, colour) => colour.map(|colour| TeamPreference {
            colour,
            strong: false,
        }),
        (ColourRule::TypeB, Some(colour)) => Some(TeamPreference {
            colour,
            strong: true,
        }),
        (ColourRule::TypeB, None) => {
            let mild = match cd {
                -1 => Some(White),
                1 => Some(Black),
                0 if !last_round => Some(last.other()),
                _ => None,
            };
            mild.map(|colour| TeamPreference {
                colour,
                strong: false,
            })
        }
    }
}

/// One side of a match for [`allocate_colours`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// Team number (TPN).
    pub team: u16,
    /// Its colour preference.
    pub preference: Option<TeamPreference>,
    /// The colours of its played matches, oldest first (C.04.6 Art. 1.6.1).
    pub played: Vec<trf::Colour>,
}

/// Colours of one match (C.04.6 Art. 4.3, in descending priority): `first` is the first-team
/// (Art. 4.2). 4.3.1 neither has played: the first-team gets the initial colour when its number
/// is odd, else the other; 4.3.2 a single preference and 4.3.3 opposite preferences are
/// granted; 4.3.4 (type B) a single strong preference; 4.3.5 White to the lower colour
/// difference; 4.3.6 alternate from the most recent match where their colours differed (played
/// matches aligned from the end, C.04.2 Art. 3.4); 4.3.7 the first-team's preference; 4.3.8 and
/// 4.3.9 alternate the first-team's, else the other team's, last played colour.
/// Returns `(white, black)` and the article that decided.
pub fn allocate_colours(first: &Side, other: &Side, initial: trf::Colour) -> ((u16, u16), Article) {
    use trf::Colour::White;
    let first_gets = |colour: trf::Colour, article: &'static str| {
        let pair = if colour == White {
            (first.team, other.team)
        } else {
            (other.team, first.team)
        };
        (pair, Article::new(article))
    };
    if first.played.is_empty() && other.played.is_empty() {
        let colour = if first.team % 2 == 1 {
            initial
        } else {
            initial.other()
        };
        return first_gets(colour, "C.04.6 Art. 4.3.1");
    }
    match (first.preference, other.preference) {
        (Some(p), None) => return first_gets(p.colour, "C.04.6 Art. 4.3.2"),
        (None, Some(q)) => return first_gets(q.colour.other(), "C.04.6 Art. 4.3.2"),
        (Some(p), Some(q)) if p.colour != q.colour => {
            return first_gets(p.colour, "C.04.6 Art. 4.3.3");
        }
        (Some(p), Some(q)) if p.strong != q.strong => {
            let colour = if p.strong { p.colour } else { q.colour.other() };
            return first_gets(colour, "C.04.6 Art. 4.3.4");
        }
        _ => {}
    }
    let (a, b) = (
        colour_difference(&first.played),
        colour_difference(&other.played),
    );
    if a != b {
        let colour = if a < b { White } else { White.other() };
        return first_gets(colour, "C.04.6 Art. 4.3.5");
    }
    if let Some((f, _)) = first
        .played
        .iter()
        .rev()
        .zip(other.played.iter().rev())
        .find(|(f, o)| f != o)
    {
        return first_gets(f.other(), "C.04.6 Art. 4.3.6");
    }
    if let Some(p) = first.preference {
        return first_gets(p.colour, "C.04.6 Art. 4.3.7");
    }
    if let Some(&last) = first.played.last() {
        return first_gets(last.other(), "C.04.6 Art. 4.3.8");
    }
    match other.played.last() {
        Some(&last) => first_gets(last, "C.04.6 Art. 4.3.9"),
        None => first_gets(initial, "C.04.6 Art. 4.3.1"),
    }
}

/// Pairs team round `round` of a team Swiss (see the module documentation).
pub fn pair_round_of(t: &Tournament, round: u32) -> Result<TeamPairing, TeamPairingError> {
    let (mut input, numbers) = team_input(t, round)?;
    let team = |id: u32| {
        usize::try_from(id)
            .ok()
            .and_then(|i| numbers.get(i.wrapping_sub(1)))
            .copied()
            .unwrap_or(0)
    };
    let r = usize::try_from(round).unwrap_or(usize::MAX);
    let teams = t.teams();
    let history: Vec<Vec<TeamRound>> = (1..r).map(|k| t.team_rounds(k)).collect();
    let played = |number: u16| {
        teams
            .iter()
            .position(|x| x.number == number)
            .map_or(0, |i| {
                history
                    .iter()
                    .filter(|h| {
                        matches!(
                            h[i].kind,
                            MatchKind::Won | MatchKind::Drawn | MatchKind::Lost
                        )
                    })
                    .count()
            })
    };
    let bye_team = bye_first(&input, |id| played(team(id)), team);
    if let Some(id) = bye_team {
        for p in input.players.iter_mut().filter(|p| p.id == id) {
            p.absent = true;
        }
    }
    let mut pairing =
        pair_round(&input, DutchEdition::Rules2026).map_err(TeamPairingError::Engine)?;
    if bye_team.is_some() {
        pairing.bye = bye_team;
    }
    let rule = ColourRule::from_system(t.pairing_system());
    let primary = PrimaryScore::from_system(t.pairing_system());
    let last_round = t.total_rounds().is_some_and(|n| n == round);
    let side = |team: u16| {
        let i = teams.iter().position(|x| x.number == team);
        let own: Vec<TeamRound> = i
            .map(|i| history.iter().map(|h| h[i].clone()).collect())
            .unwrap_or_default();
        Side {
            team,
            preference: colour_preference(&own, rule, last_round),
            played: played_colours(&own),
        }
    };
    // Art. 4.2: the first-team has the higher primary score, then the higher secondary score
    // (unless the `192` code names only one score), then the smaller number.
    let uses_secondary = t
        .pairing_system()
        .is_none_or(|c| c.split('_').filter(|p| *p == "MP" || *p == "GP").count() != 1);
    let scores = |team: u16| {
        let i = teams.iter().position(|x| x.number == team);
        let sum = |score: PrimaryScore| -> Points {
            i.map_or(Points::ZERO, |i| {
                history.iter().map(|h| score.of(&h[i])).sum()
            })
        };
        let secondary = if uses_secondary {
            sum(primary.secondary())
        } else {
            Points::ZERO
        };
        (
            std::cmp::Reverse(sum(primary)),
            std::cmp::Reverse(secondary),
            team,
        )
    };
    let initial = t.initial_colour().unwrap_or(trf::Colour::White);
    let matches = pairing
        .boards
        .iter()
        .map(|b| {
            let (x, y) = (team(b.white), team(b.black));
            let (first, other) = if scores(x) <= scores(y) {
                (x, y)
            } else {
                (y, x)
            };
            allocate_colours(&side(first), &side(other), initial).0
        })
        .collect();
    Ok(TeamPairing {
        matches,
        bye: pairing.bye.map(team),
    })
}

/// The team that gets the pairing-allocated bye, chosen before the pairing (C.04.6 Art. 3.4):
/// of the teams allowed one ([C2], Art. 2.1.2: no earlier bye or forfeit win), the one that
/// leaves a legal pairing of the others (3.4.1: no repeated meeting, no `260` pair), has the
/// lowest score (3.4.2), has played the most matches (3.4.3) and has the largest number
/// (3.4.4). `None` when the teams to pair are even or no team qualifies (the engine decides).
fn bye_first(
    input: &Input,
    matches_played: impl Fn(u32) -> usize,
    number: impl Fn(u32) -> u16,
) -> Option<u32> {
    let active: Vec<&Player> = input.players.iter().filter(|p| !p.absent).collect();
    if active.len().is_multiple_of(2) {
        return None;
    }
    let score = |p: &Player| p.score(&input.scoring).0 + p.acceleration.0;
    let forbidden = |a: u32, b: u32| {
        input
            .forbidden_pairs
            .iter()
            .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
    };
    let mut candidates: Vec<&Player> = active
        .iter()
        .copied()
        .filter(|p| {
            !p.history.iter().any(|e| {
                matches!(
                    e,
                    RoundEntry::PairingAllocatedBye | RoundEntry::Forfeit { won: true, .. }
                )
            })
        })
        .collect();
    candidates.sort_by_key(|p| {
        (
            score(p),
            std::cmp::Reverse(matches_played(p.id)),
            std::cmp::Reverse(number(p.id)),
        )
    });
    candidates.into_iter().map(|p| p.id).find(|&bye| {
        let rest: Vec<u32> = active
            .iter()
            .map(|p| p.id)
            .filter(|&id| id != bye)
            .collect();
        let mut graph = crate::matching::Graph::new(rest.len());
        for (i, &a) in rest.iter().enumerate() {
            for (j, &b) in rest.iter().enumerate().skip(i + 1) {
                if !forbidden(a, b) {
                    graph.add_edge(i, j);
                }
            }
        }
        graph.maximum_matching() * 2 == rest.len()
    })
}

/// Pairs the first round without pairings of a team Swiss.
pub fn pair_next_round(t: &Tournament) -> Result<TeamPairing, TeamPairingError> {
    let round = t.rounds_played().saturating_add(1);
    pair_round_of(t, u32::try_from(round).unwrap_or(u32::MAX))
}

/// Round `round` (from 1) of a team round robin: the Berger table (C.05 Annex 1) for the teams
/// in team number order, a double round robin when `double`.
pub fn round_robin(
    t: &Tournament,
    round: usize,
    double: bool,
) -> Result<TeamPairing, TeamPairingError> {
    let teams = t.teams();
    if teams.is_empty() {
        return Err(TeamPairingError::NoTeams);
    }
    let schedule = if double {
        Schedule::double(teams.len())
    } else {
        Schedule::single(teams.len())
    }
    .map_err(|SizeError(n)| TeamPairingError::RoundRobinSize(n))?;
    let boards = round
        .checked_sub(1)
        .and_then(|r| schedule.rounds().get(r))
        .ok_or(TeamPairingError::RoundOutOfRange(round))?;
    let number = |p: u8| teams[usize::from(p) - 1].number;
    let mut pairing = TeamPairing {
        matches: Vec::new(),
        bye: None,
    };
    for board in boards {
        match *board {
            Board::Game { white, black } => pairing.matches.push((number(white), number(black))),
            Board::Bye(p) => pairing.bye = Some(number(p)),
        }
    }
    Ok(pairing)
}

/// Whether the file pairs teams: team records present.
pub fn has_teams(t: &Tournament) -> bool {
    t.records()
        .any(|r| matches!(r, Record::Team(_) | Record::LegacyTeam(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primary_score_from_192() {
        use PrimaryScore::*;
        assert_eq!(
            PrimaryScore::from_system(Some("FIDE_TEAM_GP_MP")),
            GamePoints
        );
        assert_eq!(
            PrimaryScore::from_system(Some("FIDE_TEAM_TYPEA_MP_GP")),
            MatchPoints
        );
        assert_eq!(PrimaryScore::from_system(Some("FIDE_TEAM")), MatchPoints);
        assert_eq!(PrimaryScore::from_system(None), MatchPoints);
    }

    fn six_teams() -> Tournament {
        let mut text = String::new();
        for n in 1..=6 {
            text.push_str(&format!(
                "001 {n:>4}      P{n:<32} 2500                             0.0 {n:>4}\n"
            ));
        }
        for n in 1..=6 {
            text.push_str(&format!("310 {n:<3} T{n:<64}{n:>4}\n"));
        }
        text.parse().unwrap()
    }

    fn side(team: u16, played: &[trf::Colour], rule: ColourRule, last: bool) -> Side {
        use trf::team::TeamRound;
        let history: Vec<TeamRound> = played
            .iter()
            .enumerate()
            .map(|(i, &c)| TeamRound {
                round: i + 1,
                opponent: Some(99),
                colour: Some(c),
                kind: MatchKind::Drawn,
                boards: Vec::new(),
                game_points: Points::ZERO,
                match_points: Points::ZERO,
            })
            .collect();
        Side {
            team,
            preference: colour_preference(&history, rule, last),
            played: played.to_vec(),
        }
    }

    #[test]
    fn colour_preferences_of_art_1_7() {
        use trf::Colour::{Black as B, White as W};
        let pref = |played: &[trf::Colour], rule, last| {
            side(1, played, rule, last)
                .preference
                .map(|p| (p.colour, p.strong))
        };
        use ColourRule::*;
        // CD -2: White; type B strong.
        assert_eq!(pref(&[B, B], TypeA, false), Some((W, false)));
        assert_eq!(pref(&[B, B], TypeB, false), Some((W, true)));
        // CD -1 after B, B: strong White.
        assert_eq!(pref(&[W, B, B], TypeB, false), Some((W, true)));
        // CD +1, last two differ: type A none, type B mild Black.
        assert_eq!(pref(&[W, W, B], TypeA, false), None);
        assert_eq!(pref(&[W, W, B], TypeB, false), Some((B, false)));
        // CD 0, last Black: B mild White, but none in the last round; A none.
        assert_eq!(pref(&[W, B], TypeB, false), Some((W, false)));
        assert_eq!(pref(&[W, B], TypeB, true), None);
        assert_eq!(pref(&[W, B], TypeA, false), None);
        // Nothing played: no preference; no preferences at all under NoPreferences.
        assert_eq!(pref(&[], TypeB, false), None);
        assert_eq!(pref(&[B, B], NoPreferences, false), None);
    }

    #[test]
    fn colour_rule_from_192() {
        use ColourRule::*;
        assert_eq!(
            ColourRule::from_system(Some("FIDE_TEAM_TYPEB_MP_GP")),
            TypeB
        );
        assert_eq!(
            ColourRule::from_system(Some("FIDE_TEAM_TYPEA_GP_MP")),
            TypeA
        );
        assert_eq!(ColourRule::from_system(Some("FIDE_TEAM")), TypeA);
        assert_eq!(ColourRule::from_system(Some("FIDE_TEAM_BAKU")), TypeA);
        assert_eq!(
            ColourRule::from_system(Some("FIDE_TEAM_MP_GP")),
            NoPreferences
        );
        assert_eq!(ColourRule::from_system(None), TypeA);
    }

    #[test]
    fn colour_allocation_cascade_of_art_4_3() {
        use ColourRule::*;
        use trf::Colour::{Black as B, White as W};
        let a = |f: &Side, o: &Side| {
            let (pair, article) = allocate_colours(f, o, W);
            (pair, article.to_string())
        };
        // 4.3.1: nobody played; first-team 3 (odd) takes the initial colour, 2 (even) the other.
        assert_eq!(
            a(&side(3, &[], TypeA, false), &side(6, &[], TypeA, false)).0,
            (3, 6)
        );
        assert_eq!(
            a(&side(2, &[], TypeA, false), &side(5, &[], TypeA, false)),
            ((5, 2), "C.04.6 Art. 4.3.1".to_string())
        );
        // 4.3.2: only the other team (after W, W) has a preference: Black for it.
        assert_eq!(
            a(
                &side(1, &[W, B], TypeA, false),
                &side(2, &[W, W], TypeA, false)
            ),
            ((1, 2), "C.04.6 Art. 4.3.2".to_string())
        );
        // 4.3.4: both want White, only team 2's is strong (B, B); 1 is mild (W, B).
        assert_eq!(
            a(
                &side(1, &[W, B], TypeB, false),
                &side(2, &[B, B], TypeB, false)
            ),
            ((2, 1), "C.04.6 Art. 4.3.4".to_string())
        );
        // Both strong for White (B, B each): 4.3.5 equal CD, 4.3.6 never differed, 4.3.7 the
        // first-team's preference.
        assert_eq!(
            a(
                &side(4, &[B, B], TypeB, false),
                &side(1, &[B, B], TypeB, false)
            ),
            ((4, 1), "C.04.6 Art. 4.3.7".to_string())
        );
        // 4.3.5: no preferences (type A, CD +1 and 0): White to the lower CD.
        assert_eq!(
            a(
                &side(1, &[W, B, W], TypeA, false),
                &side(2, &[B, W], TypeA, false)
            ),
            ((2, 1), "C.04.6 Art. 4.3.5".to_string())
        );
        // 4.3.6: same CD, last round differed (1 had W): alternate, 1 Black.
        assert_eq!(
            a(
                &side(1, &[B, W], TypeA, false),
                &side(2, &[W, B], TypeA, false)
            ),
            ((2, 1), "C.04.6 Art. 4.3.6".to_string())
        );
        // 4.3.8: the first-team alternates from its last colour; 4.3.9 the other team's when the
        // first-team never played.
        assert_eq!(
            a(
                &side(1, &[B, W], TypeA, false),
                &side(2, &[B, W], TypeA, false)
            ),
            ((2, 1), "C.04.6 Art. 4.3.8".to_string())
        );
        // (team 2 had White last, so it gets Black.)
        assert_eq!(
            a(&side(1, &[], TypeA, false), &side(2, &[B, W], TypeA, false)),
            ((1, 2), "C.04.6 Art. 4.3.9".to_string())
        );
        assert_eq!(
            a(
                &side(1, &[], NoPreferences, false),
                &side(2, &[W, W], NoPreferences, false)
            ),
            ((1, 2), "C.04.6 Art. 4.3.5".to_string())
        );
    }

    #[test]
    fn round_robin_follows_berger() {
        let t = six_teams();
        // C.05 Annex 1, 6 participants, round 2: 6-4 5-3 1-2.
        let r2 = round_robin(&t, 2, false).unwrap();
        assert_eq!(r2.matches, [(6, 4), (5, 3), (1, 2)]);
        assert_eq!(round_robin(&t, 10, true).unwrap().matches.len(), 3);
        assert_eq!(
            round_robin(&t, 6, false),
            Err(TeamPairingError::RoundOutOfRange(6))
        );
    }

    #[test]
    fn round_one_pairs_top_half_against_bottom_half() {
        let t = six_teams();
        let p = pair_next_round(&t).unwrap();
        assert_eq!(p.matches, [(1, 4), (5, 2), (3, 6)]);
        assert!(has_teams(&t));
    }
}
