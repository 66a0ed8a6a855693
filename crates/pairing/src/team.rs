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
//!   colours are allocated afterwards ([`allocate_colours`]);
//! - the pairing score is the primary score of `192` (`FIDE_TEAM_MP_GP`: match points,
//!   `FIDE_TEAM_GP_MP`: game points; default match points) including `299`/`320` adjustments;
//! - within a score the teams are ranked by the secondary score, then by team number
//!   (C.04.6 ranking order): the engine sees them renumbered in that order;
//! - `240` (teams absent in a round), `250` (acceleration, C.04.7) and `260` (team pairings
//!   forbidden) apply to team numbers.
//!
//! Where C.04.6 departs from the Dutch rules otherwise (its float criteria, colour preference
//! type B) the Dutch rules decide; the README lists the fixtures where this gives another
//! pairing.
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

/// The team colour preference (C.04.6, type A): the colour played less often, else the colour
/// other than the last one played; none before the first match played.
pub fn colour_preference(history: &[TeamRound]) -> Option<trf::Colour> {
    let played: Vec<trf::Colour> = history
        .iter()
        .filter(|m| matches!(m.kind, MatchKind::Won | MatchKind::Drawn | MatchKind::Lost))
        .filter_map(|m| m.colour)
        .collect();
    let whites = played.iter().filter(|&&c| c == trf::Colour::White).count();
    let blacks = played.len() - whites;
    match whites.cmp(&blacks) {
        std::cmp::Ordering::Greater => Some(trf::Colour::Black),
        std::cmp::Ordering::Less => Some(trf::Colour::White),
        std::cmp::Ordering::Equal => played.last().map(|c| c.other()),
    }
}

/// Colours of one match between `higher` (the higher-ranked team) and `lower`, given their
/// preferences: a single preference or two compatible ones are granted; when both want the same
/// colour the higher-ranked team gets it; without preferences the higher-ranked team gets the
/// initial colour when its team number is odd, the other one when it is even (C.04.3 5.2.5 on
/// team numbers). Returns `(white, black)`.
pub fn allocate_colours(
    higher: (u16, Option<trf::Colour>),
    lower: (u16, Option<trf::Colour>),
    initial: trf::Colour,
) -> (u16, u16) {
    use trf::Colour::White;
    let gets = |team: u16, colour: trf::Colour| {
        let other = if team == higher.0 { lower.0 } else { higher.0 };
        if colour == White {
            (team, other)
        } else {
            (other, team)
        }
    };
    match (higher.1, lower.1) {
        (Some(c), _) => gets(higher.0, c),
        (None, Some(c)) => gets(lower.0, c),
        (None, None) if higher.0 % 2 == 1 => gets(higher.0, initial),
        (None, None) => gets(higher.0, initial.other()),
    }
}

/// Pairs team round `round` of a team Swiss (see the module documentation).
pub fn pair_round_of(t: &Tournament, round: u32) -> Result<TeamPairing, TeamPairingError> {
    let (input, numbers) = team_input(t, round)?;
    let team = |id: u32| {
        usize::try_from(id)
            .ok()
            .and_then(|i| numbers.get(i.wrapping_sub(1)))
            .copied()
            .unwrap_or(0)
    };
    let pairing = pair_round(&input, DutchEdition::Rules2026).map_err(TeamPairingError::Engine)?;
    let r = usize::try_from(round).unwrap_or(usize::MAX);
    let teams = t.teams();
    let history: Vec<Vec<TeamRound>> = (1..r).map(|k| t.team_rounds(k)).collect();
    let preference = |team: u16| {
        let i = teams.iter().position(|x| x.number == team)?;
        let own: Vec<TeamRound> = history.iter().map(|h| h[i].clone()).collect();
        colour_preference(&own)
    };
    let rank = |id: u32| {
        let score = input
            .players
            .iter()
            .find(|p| p.id == id)
            .map_or(0, |p| p.score(&input.scoring).0 + p.acceleration.0);
        (std::cmp::Reverse(score), id)
    };
    let matches = pairing
        .boards
        .iter()
        .map(|b| {
            let (high, low) = if rank(b.white) <= rank(b.black) {
                (b.white, b.black)
            } else {
                (b.black, b.white)
            };
            let (high, low) = (team(high), team(low));
            allocate_colours(
                (high, preference(high)),
                (low, preference(low)),
                t.initial_colour().unwrap_or(trf::Colour::White),
            )
        })
        .collect();
    Ok(TeamPairing {
        matches,
        bye: pairing.bye.map(team),
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

    #[test]
    fn colours_follow_preferences_then_rank_then_team_number() {
        use trf::Colour::{Black, White};
        // One preference is granted, to either team.
        assert_eq!(allocate_colours((3, Some(Black)), (5, None), White), (5, 3));
        assert_eq!(allocate_colours((3, None), (5, Some(Black)), White), (3, 5));
        // Both want Black: the higher-ranked team gets it.
        assert_eq!(
            allocate_colours((4, Some(Black)), (1, Some(Black)), White),
            (1, 4)
        );
        // No preference: odd team number takes the initial colour, even the other.
        assert_eq!(allocate_colours((3, None), (6, None), White), (3, 6));
        assert_eq!(allocate_colours((2, None), (5, None), White), (5, 2));
        assert_eq!(allocate_colours((2, None), (5, None), Black), (2, 5));
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
