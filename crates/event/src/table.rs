//! Standings and crosstables of a section.

use serde::Serialize;

use crate::age::Class;
use crate::player::PlayerId;
use crate::section::Section;

/// A section's ranking after the rounds with results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standings {
    /// The tie-break codes, in order.
    pub tiebreaks: Vec<String>,
    /// Rows in rank order.
    pub rows: Vec<Row>,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Place; tied players share it.
    pub rank: usize,
    /// The player.
    pub player: PlayerId,
    /// Pairing number.
    pub tpn: u32,
    /// `Last, First`.
    pub name: String,
    /// Points, written `4.5`.
    pub points: String,
    /// Points in half-points, for exact comparison.
    pub half_points: u32,
    /// One value per tie-break (`None` when it does not apply), written as C.07 prints it.
    pub values: Vec<Option<String>>,
}

/// Why standings cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum StandingsError {
    /// The tie-break list does not parse.
    TieBreaks(String),
    /// A tie-break is not allowed for this system (C.07 Art. 14).
    NotAllowed(String),
    /// More than 65535 players.
    TooManyPlayers,
    /// The rounds are inconsistent.
    Field(String),
}

impl std::fmt::Display for StandingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StandingsError::TieBreaks(e) => write!(f, "tie-breaks: {e}"),
            StandingsError::NotAllowed(e) => write!(f, "{e}"),
            StandingsError::TooManyPlayers => f.write_str("more than 65535 players"),
            StandingsError::Field(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StandingsError {}

/// One cell of the crosstable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// Opponent's pairing number.
    pub opponent: Option<u32>,
    /// `w`, `b` or none.
    pub colour: Option<char>,
    /// The TRF result code (`1 = 0 + - U F H Z *`).
    pub code: char,
}

/// The crosstable in pairing-number order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Crosstable {
    /// One line per player.
    pub lines: Vec<CrossLine>,
}

/// One line of the crosstable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CrossLine {
    /// Pairing number.
    pub tpn: u32,
    /// The player.
    pub player: PlayerId,
    /// `Last, First`.
    pub name: String,
    /// Round by round.
    pub cells: Vec<Cell>,
    /// Points.
    pub points: String,
}

impl Section {
    /// The standings after every round with all results in, ranked by points and the section's
    /// tie-breaks (C.07; edition by the first round's date, else 2026).
    pub fn standings(&self) -> Result<Standings, StandingsError> {
        todo!()
    }

    /// The ranking of one class (SJRP §6.3 merged groups, girls' rankings in mixed groups): the
    /// section standings restricted to the players counted in `class`, re-ranked from 1.
    pub fn class_standings(&self, class: Class) -> Result<Standings, StandingsError> {
        todo!("{class}")
    }

    /// The breakdown of tie-break `code` (BH, FB, SB with modifiers) for `player`.
    pub fn breakdown(
        &self,
        player: PlayerId,
        code: &str,
    ) -> Result<Option<standings::tiebreak::Breakdown>, StandingsError> {
        todo!("{player}{code}")
    }

    /// The crosstable.
    pub fn crosstable(&self) -> Crosstable {
        todo!()
    }
}
