//! The FIDE (Dutch) system, C.04.3: model, editions and the round pairing.
//!
//! Scores are exact: [`Score`] counts tenths of a point, as TRF files write them.

mod colour;
mod criterion;
mod engine;
mod limits;

use std::fmt;
use std::str::FromStr;

use laws::Article;

pub use colour::{ColourPreference, PreferenceStrength, allocate_colours};
pub use criterion::{C11Reading, Criterion};
pub use engine::{
    BracketCriteria, Value as CriterionValue, criteria_by_bracket, pair_round, pair_round_within,
};
pub use limits::{Limit, Limits};

/// A score in tenths of a point (`Score(15)` is 1.5 points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub u32);

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A piece colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Points awarded per result (C.04.1: a pairing-allocated bye scores a win unless the regulations
/// say otherwise). Requested byes carry their own points ([`RoundEntry::Unpaired`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scoring {
    /// A win over the board.
    pub win: Score,
    /// A draw.
    pub draw: Score,
    /// A loss over the board.
    pub loss: Score,
    /// The pairing-allocated bye (C.04.1 Art. 3).
    pub pairing_allocated_bye: Score,
    /// A win by forfeit (`+`).
    pub forfeit_win: Score,
    /// A loss by forfeit (`-`).
    pub forfeit_loss: Score,
}

impl Scoring {
    /// 1 - ½ - 0, and a win for the pairing-allocated bye.
    pub const STANDARD: Scoring = Scoring {
        win: Score(10),
        draw: Score(5),
        loss: Score(0),
        pairing_allocated_bye: Score(10),
        forfeit_win: Score(10),
        forfeit_loss: Score(0),
    };
}

/// A game result from one player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player won.
    Win,
    /// The game was drawn.
    Draw,
    /// The player lost.
    Loss,
}

/// What happened to one player in one past round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundEntry {
    /// A game played over the board.
    Game {
        /// The opponent's pairing number.
        opponent: u32,
        /// The player's colour.
        colour: Colour,
        /// The player's result.
        outcome: Outcome,
    },
    /// A pairing decided by forfeit: not a played game (C.04.2 3.4), but the players were paired.
    Forfeit {
        /// The opponent's pairing number.
        opponent: u32,
        /// The player's colour as paired.
        colour: Colour,
        /// Whether the player won by forfeit.
        won: bool,
    },
    /// The pairing-allocated bye (C.04.1 Art. 3).
    PairingAllocatedBye,
    /// A requested bye or an absence, with the points it scored (full, half or zero).
    Unpaired {
        /// The points it scored.
        points: Score,
    },
}

impl RoundEntry {
    /// The colour of a game actually played, if any.
    pub fn played_colour(self) -> Option<Colour> {
        match self {
            RoundEntry::Game { colour, .. } => Some(colour),
            _ => None,
        }
    }

    /// Points scored with this entry.
    pub fn points(self, scoring: &Scoring) -> Score {
        match self {
            RoundEntry::Game {
                outcome: Outcome::Win,
                ..
            } => scoring.win,
            RoundEntry::Game {
                outcome: Outcome::Draw,
                ..
            } => scoring.draw,
            RoundEntry::Game {
                outcome: Outcome::Loss,
                ..
            } => scoring.loss,
            RoundEntry::Forfeit { won: true, .. } => scoring.forfeit_win,
            RoundEntry::Forfeit { won: false, .. } => scoring.forfeit_loss,
            RoundEntry::PairingAllocatedBye => scoring.pairing_allocated_bye,
            RoundEntry::Unpaired { points } => points,
        }
    }

    /// The opponent this entry paired the player with, played or forfeited.
    pub fn opponent(self) -> Option<u32> {
        match self {
            RoundEntry::Game { opponent, .. } | RoundEntry::Forfeit { opponent, .. } => {
                Some(opponent)
            }
            _ => None,
        }
    }
}

/// A participant as the pairing sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// Pairing number (TPN): the rank in the initial ranking list (C.04.2).
    pub id: u32,
    /// Rating, which orders the initial ranking list (C.04.2).
    pub rating: u16,
    /// Rounds 1.. before the round being paired.
    pub history: Vec<RoundEntry>,
    /// Not to be paired this round (requested bye, absence, withdrawal).
    pub absent: bool,
    /// Virtual points added to the pairing score this round (acceleration, C.04.7).
    pub acceleration: Score,
}

impl Player {
    /// A present player with no history.
    pub fn new(id: u32, rating: u16) -> Player {
        Player {
            id,
            rating,
            history: Vec::new(),
            absent: false,
            acceleration: Score(0),
        }
    }

    /// Points scored so far.
    pub fn score(&self, scoring: &Scoring) -> Score {
        Score(self.history.iter().map(|e| e.points(scoring).0).sum())
    }
}

/// Everything needed to pair one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The round to pair, from 1.
    pub round: u32,
    /// Rounds in the tournament: the last one has topscorers (C.04.3 1.8).
    pub total_rounds: u32,
    /// Colour drawn by lot for the odd pairing numbers (C.04.3 5.1).
    pub initial_colour: Colour,
    /// Points per result.
    pub scoring: Scoring,
    /// Every registered player, present or not.
    pub players: Vec<Player>,
    /// Pairs that shall not meet (besides previous opponents).
    pub forbidden_pairs: Vec<(u32, u32)>,
}

/// The edition of C.04.3 to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DutchEdition {
    /// Baku 2016 / Goynuk 2017 text, criteria C1-C19.
    Rules2017,
    /// Text in force from 1 February 2026, criteria C1-C21.
    Rules2026,
}

impl DutchEdition {
    /// The edition in force for an event starting on the given date: 2026 rules from 2026-02-01.
    pub fn for_start_date(year: u16, month: u8, day: u8) -> DutchEdition {
        if (year, month, day) >= (2026, 2, 1) {
            DutchEdition::Rules2026
        } else {
            DutchEdition::Rules2017
        }
    }

    /// Where C4 applies in this edition.
    pub fn completion_rule(self) -> CompletionRule {
        match self {
            DutchEdition::Rules2017 => CompletionRule::CollapsedLastBracket,
            DutchEdition::Rules2026 => CompletionRule::EveryBracket,
        }
    }
}

/// The edition of C.04.3 and how the engine reads the criteria where the text and the
/// reference implementation part ([`C11Reading`]). A [`DutchEdition`] alone is its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The edition.
    pub edition: DutchEdition,
    /// How C11 (2017: C.9) counts a third colour in a row.
    pub c11: C11Reading,
}

impl From<DutchEdition> for Rules {
    fn from(edition: DutchEdition) -> Rules {
        Rules {
            edition,
            c11: C11Reading::Text,
        }
    }
}

/// Where the completion criterion C4 applies: the edition difference in the pairing route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CompletionRule {
    /// 2026 C4: in every bracket the downfloaters must allow the round to be completed.
    EveryBracket,
    /// 2017 A.9: brackets are paired without C4 until the downfloaters of one, the Penultimate
    /// Pairing Bracket (PPB), block completion; the PPB is paired again under C4 and all lower
    /// scoregroups collapse into the last bracket.
    CollapsedLastBracket,
}

/// A `192` tournament type code that does not name a Dutch edition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSystem(pub String);

impl fmt::Display for UnknownSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a FIDE Dutch system code with an edition",
            self.0
        )
    }
}

impl std::error::Error for UnknownSystem {}

impl FromStr for DutchEdition {
    type Err = UnknownSystem;

    /// Parses the edition-bearing `192` codes `FIDE_DUTCH_2017`, `FIDE_DUTCH_2025` and
    /// `FIDE_DUTCH_2026` (optionally with `_BAKU`).
    fn from_str(s: &str) -> Result<DutchEdition, UnknownSystem> {
        let code = s.trim();
        let base = code.strip_suffix("_BAKU").unwrap_or(code);
        match base {
            "FIDE_DUTCH_2017" => Ok(DutchEdition::Rules2017),
            "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => Ok(DutchEdition::Rules2026),
            _ => Err(UnknownSystem(code.to_owned())),
        }
    }
}

impl fmt::Display for DutchEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DutchEdition::Rules2017 => "FIDE_DUTCH_2017",
            DutchEdition::Rules2026 => "FIDE_DUTCH_2026",
        })
    }
}

/// A float received in this round (C.04.3 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    /// Paired with a lower score (a downfloat).
    Down,
    /// Paired with a higher score (an upfloat).
    Up,
}

/// Why a pair stands as it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairExplanation {
    /// Score of the bracket (scoregroup) in which the pair was made.
    pub bracket: Score,
    /// Float of the white and the black player.
    pub floats: (Option<Float>, Option<Float>),
    /// The colour allocation rule applied (C.04.3 5.2.x).
    pub colour_rule: Article,
    /// Criteria that were not fully met by the bracket's chosen candidate.
    pub criteria_failed: Vec<Article>,
}

/// One board of the pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// White's pairing number.
    pub white: u32,
    /// Black's pairing number.
    pub black: u32,
    /// Why the pair stands as it does.
    pub explanation: PairExplanation,
}

/// The pairing of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairing {
    /// Boards in order: higher scores first.
    pub boards: Vec<Board>,
    /// The player receiving the pairing-allocated bye (C.04.1 Art. 3).
    pub bye: Option<u32>,
}

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria C1-C3 (C.04.3 1.9.3: the arbiter decides).
    NoValidPairing,
    /// Two players share a pairing number.
    DuplicatePlayer(u32),
    /// A history entry names an opponent that is not a player.
    UnknownOpponent {
        /// The player whose history names it.
        player: u32,
        /// The pairing number no player has.
        opponent: u32,
    },
    /// The round number is 0 or beyond the number of rounds.
    RoundOutOfRange {
        /// The round asked for.
        round: u32,
        /// The rounds of the tournament.
        total_rounds: u32,
    },
    /// The search for a bracket's pairing reached one of its [`Limits`] before it had proven
    /// its result: the pairing C.04.3 prescribes is not known, so none is given.
    SearchLimit {
        /// Score of the bracket being paired.
        bracket: Score,
        /// The limit reached.
        limit: Limit,
        /// The limit's value.
        value: usize,
    },
}

impl PairingError {
    /// The provision the error rests on.
    pub fn article(&self) -> Article {
        match self {
            PairingError::NoValidPairing => Article::new("C.04.3 1.9.3"),
            PairingError::SearchLimit { .. } => Article::new("C.04.3 4"),
            _ => Article::new("C.04.2 B"),
        }
    }
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::NoValidPairing => {
                f.write_str("no pairing satisfies the absolute criteria C1-C3")
            }
            PairingError::DuplicatePlayer(id) => write!(f, "pairing number {id} is used twice"),
            PairingError::UnknownOpponent { player, opponent } => {
                write!(f, "player {player} has unknown opponent {opponent}")
            }
            PairingError::RoundOutOfRange {
                round,
                total_rounds,
            } => {
                write!(f, "round {round} is outside 1-{total_rounds}")
            }
            PairingError::SearchLimit {
                bracket,
                limit,
                value,
            } => write!(
                f,
                "the search for the pairing of bracket {bracket} reached its limit of {value} \
                 {limit} before proving its result; no pairing is given rather than one that \
                 may not be the one the rules prescribe"
            ),
        }
    }
}

impl std::error::Error for PairingError {}
