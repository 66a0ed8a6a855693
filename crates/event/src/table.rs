//! Standings and crosstables of a section.

use serde::Serialize;

use standings::Points;
use standings::tiebreak::{
    Breakdown, Edition, Evaluation, Field, Kind, Participant, Rules, TieBreak,
};

use crate::age::Class;
use crate::player::{PlayerId, Sex};
use crate::rounds::Slot;
use crate::section::{Section, System};

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
    /// Rounds counted in the standings: the leading rounds with every result in.
    pub fn rounds_complete(&self) -> u32 {
        let n = self.played.iter().take_while(|r| r.is_complete()).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// The C.07 edition: by the first round's date, else 2026.
    pub fn tiebreak_edition(&self) -> Edition {
        self.schedule.first().map_or(Edition::Fide2026, |s| {
            Edition::for_start_date(s.date.to_standings())
        })
    }

    /// The tie-break rules (edition, round robin or not).
    fn rules(&self) -> Rules {
        let mut rules = Rules::new(self.tiebreak_edition());
        rules.round_robin = matches!(self.system, System::RoundRobin { .. });
        rules
    }

    /// The field of the complete rounds, by pairing number, and the ids in that order.
    fn field(&self) -> Result<(Field, Vec<PlayerId>), StandingsError> {
        let numbers = self.numbers();
        let slots = self.slots();
        let rounds = usize::try_from(self.rounds_complete()).unwrap_or(usize::MAX);
        let tpn = |id: &PlayerId| -> Result<u16, StandingsError> {
            numbers
                .get(id)
                .and_then(|&n| u16::try_from(n).ok())
                .ok_or(StandingsError::TooManyPlayers)
        };
        let ranking = self.ranking();
        let mut participants = Vec::with_capacity(ranking.len());
        for e in &ranking {
            let mut list = Vec::with_capacity(rounds);
            for slot in slots[&e.id()].iter().take(rounds) {
                let outcome = slot.outcome().unwrap_or(standings::Outcome::ZeroPointBye);
                list.push(match *slot {
                    Slot::Game {
                        opponent, white, ..
                    } => standings::tiebreak::Round::game(tpn(&opponent)?, !white, outcome),
                    Slot::Bye(_) => standings::tiebreak::Round::bye(outcome),
                });
            }
            participants.push(Participant {
                tpn: tpn(&e.id())?,
                rating: e.player.elo,
                rounds: list,
            });
        }
        let field = Field::new(participants, rounds, self.scoring.system())
            .map_err(|e| StandingsError::Field(e.to_string()))?;
        Ok((field, ranking.iter().map(|e| e.id()).collect()))
    }

    fn parsed_tiebreaks(&self) -> Result<Vec<TieBreak>, StandingsError> {
        let list = standings::tiebreak::parse_list(&self.tiebreaks)
            .map_err(|e| StandingsError::TieBreaks(e.to_string()))?;
        standings::tiebreak::check(&list, self.rules())
            .map_err(|e| StandingsError::NotAllowed(e.to_string()))?;
        Ok(list)
    }

    /// The standings after every round with all results in, ranked by points and the section's
    /// tie-breaks (C.07; edition by the first round's date, else 2026). Ties on everything
    /// share a rank.
    pub fn standings(&self) -> Result<Standings, StandingsError> {
        let tiebreaks = self.parsed_tiebreaks()?;
        let (field, ids) = self.field()?;
        let table = standings::tiebreak::standings(&field, &tiebreaks, self.rules());
        let rows = table
            .rows
            .iter()
            .map(|row| {
                let player = ids[usize::from(row.tpn) - 1];
                Row {
                    rank: row.rank,
                    player,
                    tpn: u32::from(row.tpn),
                    name: self
                        .entry(player)
                        .map(|e| e.player.name())
                        .unwrap_or_default(),
                    points: row.points.to_string(),
                    half_points: row.points.half_points(),
                    values: row
                        .values
                        .iter()
                        .map(|v| v.map(|h| h.to_string()))
                        .collect(),
                }
            })
            .collect();
        Ok(Standings {
            tiebreaks: tiebreaks.iter().map(|t| t.to_string()).collect(),
            rows,
        })
    }

    /// Whether `player` counts in the ranking of `class`: entered in it, or entered in the
    /// open class of the same age and female when `class` is a girls' class (girls' ranking in
    /// a mixed group).
    pub fn counts_in(&self, player: PlayerId, class: Class) -> bool {
        self.entry(player).is_some_and(|e| {
            e.class == class
                || (class.girls
                    && e.class == Class::open(class.age)
                    && e.player.sex == Some(Sex::Female))
        })
    }

    /// The ranking of one class (SJRP §6.3 merged groups, girls' rankings in mixed groups): the
    /// section standings restricted to the players counted in `class` ([`Section::counts_in`]),
    /// re-ranked from 1 with ties kept.
    pub fn class_standings(&self, class: Class) -> Result<Standings, StandingsError> {
        let all = self.standings()?;
        let mut rows: Vec<Row> = Vec::new();
        let mut last_rank = None;
        for row in all.rows {
            if !self.counts_in(row.player, class) {
                continue;
            }
            let rank = match (last_rank, rows.last()) {
                (Some(r), Some(prev)) if r == row.rank => prev.rank,
                _ => rows.len() + 1,
            };
            last_rank = Some(row.rank);
            rows.push(Row { rank, ..row });
        }
        Ok(Standings {
            tiebreaks: all.tiebreaks,
            rows,
        })
    }

    /// The breakdown of tie-break `code` (BH, FB or SB with modifiers) for `player`, round by
    /// round; `None` for other codes or an unknown player.
    pub fn breakdown(
        &self,
        player: PlayerId,
        code: &str,
    ) -> Result<Option<Breakdown>, StandingsError> {
        let tb: TieBreak = code
            .parse()
            .map_err(|e: standings::tiebreak::ParseTieBreakError| {
                StandingsError::TieBreaks(e.to_string())
            })?;
        let (field, ids) = self.field()?;
        let Some(tpn) = ids
            .iter()
            .position(|&id| id == player)
            .and_then(|i| u16::try_from(i + 1).ok())
        else {
            return Ok(None);
        };
        let ev = Evaluation::new(&field, self.tiebreak_edition())
            .round_robin(matches!(self.system, System::RoundRobin { .. }));
        Ok(match tb.kind {
            Kind::Bh => ev.bh(tpn, tb.trim),
            Kind::Fb => ev.fb(tpn, tb.trim),
            Kind::Sb => ev.sb(tpn, tb.trim),
            _ => None,
        })
    }

    /// The crosstable in pairing-number order, every paired round (pending games as `*`).
    pub fn crosstable(&self) -> Crosstable {
        let numbers = self.numbers();
        let slots = self.slots();
        let scoring = self.scoring.system();
        let lines = self
            .ranking()
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let own = &slots[&e.id()];
                let cells = own
                    .iter()
                    .map(|&slot| match slot {
                        Slot::Game {
                            opponent, white, ..
                        } => Cell {
                            opponent: numbers.get(&opponent).copied(),
                            colour: Some(if white { 'w' } else { 'b' }),
                            code: slot.outcome().map_or('*', outcome_code),
                        },
                        Slot::Bye(kind) => Cell {
                            opponent: None,
                            colour: None,
                            code: kind.code(),
                        },
                    })
                    .collect();
                let points: Points = own
                    .iter()
                    .filter_map(|s| s.outcome())
                    .map(|o| scoring.points(o))
                    .sum();
                CrossLine {
                    tpn: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    player: e.id(),
                    name: e.player.name(),
                    cells,
                    points: points.to_string(),
                }
            })
            .collect();
        Crosstable { lines }
    }
}

/// The TRF result code of an outcome.
pub(crate) fn outcome_code(o: standings::Outcome) -> char {
    use standings::Outcome::*;
    match o {
        Win => '1',
        Draw => '=',
        Loss => '0',
        ForfeitWin => '+',
        ForfeitLoss => '-',
        PairingBye => 'U',
        FullPointBye => 'F',
        HalfPointBye => 'H',
        ZeroPointBye => 'Z',
    }
}
