//! The tournament report for the DWZ evaluation, as the `event` crate fills it.

use std::collections::HashSet;
use std::fmt;

use laws::GameResult;

use crate::{Birth, Date, DsbId, ImportedPlayer, Sex};

/// Everything the DSB formats carry about one tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The tournament.
    pub tournament: Tournament,
    /// Players with their tournament numbers (the numbers the pairings refer to).
    pub players: Vec<Player>,
    /// Round 1 first.
    pub rounds: Vec<Round>,
}

/// A report the DSB formats cannot express.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportError {
    /// Tournament numbers run 1-999 (three columns in the SWI file).
    NumberOutOfRange(u16),
    /// Two players share a tournament number.
    DuplicateNumber(u16),
    /// A pairing names a number no player has.
    UnknownPlayer {
        /// 1-based round.
        round: usize,
        /// The number named.
        number: u16,
    },
    /// A player appears twice in one round (or plays himself).
    PairedTwice {
        /// 1-based round.
        round: usize,
        /// The player's number.
        number: u16,
    },
    /// A game without result: the DSB formats report finished tournaments only.
    ResultMissing {
        /// 1-based round.
        round: usize,
        /// White's number.
        white: u16,
        /// Black's number.
        black: u16,
    },
    /// More rounds recorded than announced.
    TooManyRounds {
        /// Rounds announced.
        announced: u8,
        /// Rounds recorded.
        recorded: usize,
    },
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReportError::NumberOutOfRange(n) => {
                write!(f, "tournament number {n} is outside 1-999")
            }
            ReportError::DuplicateNumber(n) => write!(f, "two players have the number {n}"),
            ReportError::UnknownPlayer { round, number } => {
                write!(f, "round {round}: no player has the number {number}")
            }
            ReportError::PairedTwice { round, number } => {
                write!(f, "round {round}: player {number} is paired twice")
            }
            ReportError::ResultMissing {
                round,
                white,
                black,
            } => write!(
                f,
                "round {round}: the game {white} - {black} has no result (1-0, ½-½, 0-1, +/-, -/+ or -/-)"
            ),
            ReportError::TooManyRounds {
                announced,
                recorded,
            } => write!(f, "{recorded} rounds recorded, {announced} announced"),
        }
    }
}

impl std::error::Error for ReportError {}

impl Report {
    /// Checks what both formats need: numbers 1-999, each once; every pairing names known
    /// players, each at most once per round; every game has a result; no more rounds than
    /// announced.
    pub fn validate(&self) -> Result<(), ReportError> {
        let mut numbers = HashSet::new();
        for p in &self.players {
            if !(1..=999).contains(&p.number) {
                return Err(ReportError::NumberOutOfRange(p.number));
            }
            if !numbers.insert(p.number) {
                return Err(ReportError::DuplicateNumber(p.number));
            }
        }
        if self.rounds.len() > usize::from(self.tournament.rounds) {
            return Err(ReportError::TooManyRounds {
                announced: self.tournament.rounds,
                recorded: self.rounds.len(),
            });
        }
        for (r, round) in self.rounds.iter().enumerate() {
            let mut seen = HashSet::new();
            for pairing in &round.pairings {
                let (a, b) = match *pairing {
                    Pairing::Game {
                        white,
                        black,
                        result: GameResult::Pending,
                    } => {
                        return Err(ReportError::ResultMissing {
                            round: r + 1,
                            white,
                            black,
                        });
                    }
                    Pairing::Game { white, black, .. } => (white, Some(black)),
                    Pairing::Bye { player, .. } => (player, None),
                };
                for number in std::iter::once(a).chain(b) {
                    let round = r + 1;
                    if !numbers.contains(&number) {
                        return Err(ReportError::UnknownPlayer { round, number });
                    }
                    if !seen.insert(number) {
                        return Err(ReportError::PairedTwice { round, number });
                    }
                }
            }
        }
        Ok(())
    }
}

/// Tournament data and the file's own header data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// Tournament name.
    pub name: String,
    /// Second line of the SWI file (details; may be empty).
    pub details: String,
    /// Place.
    pub place: String,
    /// FIDE federation of the tournament (`GER`).
    pub federation: String,
    /// First day.
    pub start: Date,
    /// Last day.
    pub end: Date,
    /// Rounds announced.
    pub rounds: u8,
    /// Swiss or round robin, individual or team.
    pub kind: TournamentType,
    /// Time control as text, e.g. `90 min/40 Züge + 30 min, 30 s/Zug`.
    pub time_control: String,
    /// Chief arbiter.
    pub chief_arbiter: String,
    /// Further arbiters.
    pub arbiters: Vec<String>,
    /// Free notes.
    pub notes: String,
    /// Identifies the tournament across reports (the caller supplies it; the crate has no random source).
    pub uuid: String,
    /// Identifies this file.
    pub file_uuid: String,
    /// Who sends the report (XML `header/sender`, SWI `Anwender:`).
    pub sender: String,
    /// Day the file is made (the crate takes time as a parameter).
    pub created: Date,
}

/// Tournament types of the DSB report: individual (`SW`, `SR`) and team (`TW`, `TR`) Swiss
/// and round robin, as `DSB_DWZ_TournamentReport` 2.5 names them (its knockout codes `SC`/`TC`
/// are not produced here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentType {
    /// An individual Swiss (`SW`).
    Swiss,
    /// An individual round robin (`SR`).
    RoundRobin,
    /// A team Swiss (`TW`; SWI `MS`).
    TeamSwiss,
    /// A team round robin (`TR`; SWI `MR`).
    TeamRoundRobin,
}

impl TournamentType {
    /// The XML code: `SW`, `SR`, `TW` or `TR`.
    pub fn code(self) -> &'static str {
        match self {
            TournamentType::Swiss => "SW",
            TournamentType::RoundRobin => "SR",
            TournamentType::TeamSwiss => "TW",
            TournamentType::TeamRoundRobin => "TR",
        }
    }

    /// Whether teams play (the games of the team matches are still rated one by one).
    pub fn is_team(self) -> bool {
        matches!(
            self,
            TournamentType::TeamSwiss | TournamentType::TeamRoundRobin
        )
    }

    /// The team form of this type (`SW` → `TW`, `SR` → `TR`).
    pub fn for_teams(self) -> TournamentType {
        match self {
            TournamentType::Swiss | TournamentType::TeamSwiss => TournamentType::TeamSwiss,
            TournamentType::RoundRobin | TournamentType::TeamRoundRobin => {
                TournamentType::TeamRoundRobin
            }
        }
    }
}

/// One participant.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Player {
    /// Tournament number, 1-999.
    pub number: u16,
    /// Last name.
    pub last_name: String,
    /// First name.
    pub first_name: String,
    /// Club name.
    pub club: String,
    /// FIDE federation code.
    pub federation: String,
    /// FIDE id.
    pub fide_id: Option<u32>,
    /// DSB person key (PKZ).
    pub dsb_person_id: Option<String>,
    /// DSB membership.
    pub dsb_id: Option<DsbId>,
    /// Birth date or year.
    pub birth: Option<Birth>,
    /// Sex.
    pub sex: Option<Sex>,
    /// Elo.
    pub elo: Option<u16>,
    /// DWZ.
    pub dwz: Option<u16>,
}

impl Player {
    /// The participant `number` made from an imported list record.
    pub fn from_imported(number: u16, p: &ImportedPlayer) -> Player {
        Player {
            number,
            last_name: p.last_name.clone(),
            first_name: p.first_name.clone(),
            club: p.club.clone().unwrap_or_default(),
            federation: p.federation.clone().unwrap_or_default(),
            fide_id: p.fide_id,
            dsb_person_id: p.dsb_person_id.clone(),
            dsb_id: p.dsb_id.clone(),
            birth: p.birth,
            sex: p.sex,
            elo: p.elo,
            dwz: p.dwz.map(|d| d.rating),
        }
    }
}

/// One round: its date and its pairings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Round {
    /// Day of the round, if known.
    pub date: Option<Date>,
    /// Its pairings.
    pub pairings: Vec<Pairing>,
}

/// A pairing of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// A paired game.
    Game {
        /// White's tournament number.
        white: u16,
        /// Black's tournament number.
        black: u16,
        /// The result; a pending game cannot be reported ([`ReportError::ResultMissing`]).
        result: GameResult,
    },
    /// A player without opponent (pairing-allocated or requested bye, or absent).
    Bye {
        /// The player's tournament number.
        player: u16,
        /// What the bye scores.
        points: ByePoints,
    },
}

/// The result as the SWI file writes it for White and for Black (`1 0 R + -`); `None` while
/// pending. Forfeits (Art. 6.7.1) are not rated.
pub(crate) fn swi_codes(result: GameResult) -> Option<(char, char)> {
    Some(match result {
        GameResult::Pending => return None,
        GameResult::WhiteWins => ('1', '0'),
        GameResult::Draw => ('R', 'R'),
        GameResult::BlackWins => ('0', '1'),
        GameResult::WhiteWinsByForfeit => ('+', '-'),
        GameResult::BlackWinsByForfeit => ('-', '+'),
        GameResult::DoubleForfeit => ('-', '-'),
    })
}

/// XML `pointWhite`, `pointBlack`; `None` while pending.
pub(crate) fn xml_points(result: GameResult) -> Option<(&'static str, &'static str)> {
    Some(match result {
        GameResult::Pending => return None,
        GameResult::WhiteWins => ("1", "0"),
        GameResult::Draw => ("0.5", "0.5"),
        GameResult::BlackWins => ("0", "1"),
        GameResult::WhiteWinsByForfeit => ("+", "-"),
        GameResult::BlackWinsByForfeit => ("-", "+"),
        GameResult::DoubleForfeit => ("-", "-"),
    })
}

/// What a bye scores (unplayed, so never rated).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByePoints {
    /// One point.
    Full,
    /// Half a point.
    Half,
    /// No point.
    Zero,
}
