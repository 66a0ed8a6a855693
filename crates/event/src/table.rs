//! Standings and crosstables of a section.

use std::collections::HashMap;

use serde::Serialize;

use standings::Points;
use standings::tiebreak::preset::{self, Order};
use standings::tiebreak::{
    Breakdown, BuchholzSum, Edition, Evaluation, Field, Kind, Participant, Rules, TieBreak,
};

use crate::age::Class;
use crate::draw::Slot;
use crate::person::{PlayerId, Sex};
use crate::player::{Entry, Player};
use crate::section::{Section, System};

/// A section's ranking after the rounds with results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standings {
    /// The tie-break codes, in order.
    pub tiebreaks: Vec<String>,
    /// The rating shown beside the names: `DWZ`, or `Elo` when the section is evaluated for
    /// Elo only.
    pub rating: &'static str,
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
    /// One value per tie-break (`None` when it does not apply), written as C.07 prints it:
    /// scores with two decimals, counts and places whole ([`TieBreak::write`]).
    pub values: Vec<Option<String>>,
    /// Still sharing the place with another player after the last criterion (printed `2.=`,
    /// as `arbiter standings` does): for a title or a qualification a Stichkampf decides
    /// ([`playoff_article`]).
    pub tied: bool,
    /// The player's club.
    pub club: String,
    /// The player's rating of [`Standings::rating`].
    pub rating: Option<u16>,
}

/// The provision that decides a place still tied after the last criterion: the Stichkampf of
/// SJRP Spielordnung §6.1.
pub fn playoff_article() -> laws::Article {
    standings::tiebreak::playoff::Stichkampf::article()
}

impl Standings {
    /// The legend of the tie-break columns: each code with its full name in `lang`
    /// (`BH/C1` = `Buchholz, ohne den schwächsten Wert`).
    pub fn legend(&self, lang: laws::Lang) -> Vec<(String, String)> {
        self.tiebreaks
            .iter()
            .map(|code| {
                let words = code
                    .parse::<TieBreak>()
                    .map_or_else(|_| code.clone(), |tb| tb.describe(lang));
                (code.clone(), words)
            })
            .collect()
    }

    /// The places still shared after the last criterion, best first.
    pub fn open_ties(&self) -> Vec<usize> {
        let mut places: Vec<usize> = self
            .rows
            .iter()
            .filter(|r| r.tied)
            .map(|r| r.rank)
            .collect();
        places.dedup();
        places
    }
}

/// One line of a published pairing list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PairingLine {
    /// Board number (1-based); `None` for a bye.
    pub board: Option<usize>,
    /// White (or the player with the bye): pairing number, name, points before the round.
    pub white: ListedPlayer,
    /// Black; `None` for a bye.
    pub black: Option<ListedPlayer>,
    /// The result (`1-0`, ...), or the bye (`PAB`, `H`, `F`, `Z`).
    pub result: String,
    /// Set by hand (to be marked on the list, SJRP §6.2).
    pub manual: bool,
    /// In an alphabetical list: the player the line is listed for.
    pub listed_for: Option<PlayerId>,
}

/// A player as shown on a pairing list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ListedPlayer {
    /// The player.
    pub player: PlayerId,
    /// Pairing number.
    pub tpn: u32,
    /// `Last, First`.
    pub name: String,
    /// The club, empty if none.
    pub club: String,
    /// The rating the section seeds by ([`crate::seeding::Seeding::rating`]), if any.
    pub rating: Option<u16>,
    /// Points before the round, written `2.5`.
    pub points: String,
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

    /// Rounds the section plays: [`Section::total_rounds`], at least the set number.
    pub fn rounds_to_play(&self) -> u32 {
        self.total_rounds().max(self.rounds)
    }

    /// Every round played and every result in: the standings are final.
    pub fn finished(&self) -> bool {
        self.rounds_complete() >= self.rounds_to_play()
    }

    /// The C.07 edition: by the first round's date, else 2026.
    pub fn tiebreak_edition(&self) -> Edition {
        self.schedule
            .first()
            .map_or(Edition::Fide2026, |s| Edition::for_start_date(s.date))
    }

    /// The tie-break rules: edition, round robin or not, Buchholzsumme reading of the order.
    fn rules(&self, order: &Order) -> Rules {
        let mut rules = Rules::new(self.tiebreak_edition());
        rules.round_robin = matches!(self.system, System::RoundRobin { .. });
        rules.buchholz_sum = order.buchholz_sum;
        rules
    }

    /// The field of the complete rounds, by pairing number, and the entries in that order.
    fn field(&self) -> Result<(Field, Vec<&Entry>), StandingsError> {
        let ranking = self.ranking();
        let numbers: HashMap<PlayerId, usize> = ranking
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id(), i + 1))
            .collect();
        let slots = self.slots();
        let rounds = usize::try_from(self.rounds_complete()).unwrap_or(usize::MAX);
        let tpn = |id: &PlayerId| -> Result<u16, StandingsError> {
            numbers
                .get(id)
                .and_then(|&n| u16::try_from(n).ok())
                .ok_or(StandingsError::TooManyPlayers)
        };
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
        Ok((field, ranking))
    }

    /// The tie-break order: [`Section::tiebreaks`] as a preset name of
    /// `standings::tiebreak::preset` (e.g. `sjrp-swiss`) or as a list of codes, checked against
    /// the system (C.07 2026 refuses the Buchholz family in round robins).
    pub fn tiebreak_order(&self) -> Result<Order, StandingsError> {
        let order = match preset::find(&self.tiebreaks) {
            Ok(p) => p
                .parse()
                .map_err(|e| StandingsError::TieBreaks(e.to_string()))?,
            Err(_) => Order {
                tiebreaks: standings::tiebreak::parse_list(&self.tiebreaks)
                    .map_err(|e| StandingsError::TieBreaks(e.to_string()))?,
                buchholz_sum: BuchholzSum::default(),
            },
        };
        standings::tiebreak::check(&order.tiebreaks, self.rules(&order))
            .map_err(|e| StandingsError::NotAllowed(e.to_string()))?;
        Ok(order)
    }

    /// The standings after every round with all results in, ranked by points and the section's
    /// tie-breaks (C.07; edition by the first round's date, else 2026). Ties on everything
    /// share a rank; before the first complete round everyone shares rank 1.
    pub fn standings(&self) -> Result<Standings, StandingsError> {
        let order = self.tiebreak_order()?;
        let tiebreaks = &order.tiebreaks;
        let (field, entries) = self.field()?;
        if field.rounds() == 0 {
            return Ok(unranked(tiebreaks, &entries, self.rating_is_elo()));
        }
        let table = standings::tiebreak::standings(&field, tiebreaks, self.rules(&order));
        let elo = self.rating_is_elo();
        let rows = table
            .rows
            .iter()
            .map(|row| {
                let entry = entries[usize::from(row.tpn) - 1];
                Row {
                    rank: row.rank,
                    player: entry.id(),
                    tpn: u32::from(row.tpn),
                    name: entry.player.name(),
                    points: row.points.to_string(),
                    half_points: row.points.half_points(),
                    values: row
                        .values
                        .iter()
                        .zip(tiebreaks)
                        .map(|(v, tb)| v.map(|h| tb.write(h)))
                        .collect(),
                    tied: table.is_tied(row.tpn),
                    club: entry.player.club.clone(),
                    rating: if elo {
                        entry.player.elo
                    } else {
                        entry.player.dwz
                    },
                }
            })
            .collect();
        Ok(Standings {
            tiebreaks: tiebreaks.iter().map(|t| t.to_string()).collect(),
            rating: if elo { "Elo" } else { "DWZ" },
            rows,
        })
    }

    /// Whether the lists show Elo rather than DWZ: the section is evaluated for Elo only.
    fn rating_is_elo(&self) -> bool {
        self.rating.elo && !self.rating.dwz
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
    /// re-ranked from 1 with ties kept. Points and tie-break values are those of the whole group
    /// (laws-cases R-020: one pairing pool, rankings per class).
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
        // Tied inside the class: another player of the class shares the place.
        let shared: Vec<bool> = rows
            .iter()
            .map(|r| rows.iter().filter(|o| o.rank == r.rank).count() > 1)
            .collect();
        for (row, tied) in rows.iter_mut().zip(shared) {
            row.tied = tied;
        }
        Ok(Standings {
            tiebreaks: all.tiebreaks,
            rating: all.rating,
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
        let (field, entries) = self.field()?;
        let Some(tpn) = entries
            .iter()
            .position(|e| e.id() == player)
            .and_then(|i| u16::try_from(i + 1).ok())
        else {
            return Ok(None);
        };
        let ev = Evaluation::new(&field, self.tiebreak_edition())
            .round_robin(matches!(self.system, System::RoundRobin { .. }))
            .buchholz_sum(self.tiebreak_order()?.buchholz_sum);
        Ok(match tb.kind {
            Kind::Bh => ev.bh(tpn, tb.trim),
            Kind::Fb => ev.fb(tpn, tb.trim),
            Kind::Sb => ev.sb(tpn, tb.trim),
            _ => None,
        })
    }

    /// Every player's points from rounds `1..=rounds` (results not yet entered count nothing).
    pub fn scores_after(&self, rounds: u32) -> HashMap<PlayerId, Points> {
        let scoring = self.scoring.system();
        let take = usize::try_from(rounds).unwrap_or(usize::MAX);
        self.slots()
            .into_iter()
            .map(|(id, slots)| {
                let points = slots
                    .iter()
                    .take(take)
                    .filter_map(|s| s.outcome())
                    .map(|o| scoring.points(o))
                    .sum();
                (id, points)
            })
            .collect()
    }

    /// The pairing list of `round`: boards in order, then the byes, each player with the points
    /// before the round. `alphabetical` lists one line per player instead (colours unchanged,
    /// `listed_for` naming the player), sorted by name. `None` if the round is not paired.
    pub fn pairing_list(&self, round: u32, alphabetical: bool) -> Option<Vec<PairingLine>> {
        let r = self.round(round)?;
        let numbers = self.numbers();
        let scores = self.scores_after(round - 1);
        let listed = |id: PlayerId| {
            let player = self.entry(id).map(|e| &e.player);
            ListedPlayer {
                player: id,
                tpn: numbers.get(&id).copied().unwrap_or(0),
                name: player.map(Player::name).unwrap_or_default(),
                club: player.map(|p| p.club.clone()).unwrap_or_default(),
                rating: player.and_then(|p| self.seeding.rating(p)),
                points: scores.get(&id).copied().unwrap_or(Points::ZERO).to_string(),
            }
        };
        let mut lines: Vec<PairingLine> = r
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| PairingLine {
                board: Some(i + 1),
                white: listed(b.white),
                black: Some(listed(b.black)),
                result: b.result.to_string(),
                manual: b.manual,
                listed_for: None,
            })
            .chain(r.byes.iter().map(|b| PairingLine {
                board: None,
                white: listed(b.player),
                black: None,
                result: b.kind.to_string(),
                manual: false,
                listed_for: None,
            }))
            .collect();
        if alphabetical {
            let mut both: Vec<(String, u32, PairingLine)> = Vec::with_capacity(lines.len() * 2);
            for l in &lines {
                for p in std::iter::once(&l.white).chain(l.black.as_ref()) {
                    let line = PairingLine {
                        listed_for: Some(p.player),
                        ..l.clone()
                    };
                    both.push((p.name.clone(), p.tpn, line));
                }
            }
            both.sort_by_cached_key(|(name, tpn, _)| {
                (ratinglist::sort_key(name), name.clone(), *tpn)
            });
            lines = both.into_iter().map(|(_, _, l)| l).collect();
        }
        Some(lines)
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

/// Before the first complete round everyone shares rank 1 with no points and no tie-break
/// values, in pairing-number order.
fn unranked(tiebreaks: &[TieBreak], entries: &[&Entry], elo: bool) -> Standings {
    let rows = entries
        .iter()
        .enumerate()
        .map(|(i, e)| Row {
            rank: 1,
            player: e.id(),
            tpn: u32::try_from(i + 1).unwrap_or(u32::MAX),
            name: e.player.name(),
            points: Points::ZERO.to_string(),
            half_points: 0,
            values: vec![None; tiebreaks.len()],
            tied: false,
            club: e.player.club.clone(),
            rating: if elo { e.player.elo } else { e.player.dwz },
        })
        .collect();
    Standings {
        tiebreaks: tiebreaks.iter().map(|t| t.to_string()).collect(),
        rating: if elo { "Elo" } else { "DWZ" },
        rows,
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

/// One CSV field (RFC 4180) that is safe to open in a spreadsheet: control characters become
/// blanks (a field never breaks the line), a text starting with `=`, `+`, `-` or `@` that is
/// not a number gets a leading `'` (no formula is run), and a field holding a comma or quote is
/// quoted.
pub fn csv_field(s: &str) -> String {
    let mut text: String = s
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let number = |t: &str| {
        let digits = t.trim_start_matches(['-', '+']);
        !digits.is_empty()
            && digits.len() + 1 >= t.len()
            && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
    };
    if text.starts_with(['=', '+', '-', '@']) && !number(&text) {
        text.insert(0, '\'');
    }
    if text.contains([',', '"']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

impl Standings {
    /// The standings as CSV ([`csv_field`]): rank, pairing number, name, points and one column
    /// per tie-break, lines ended by CRLF.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("Rank,No,Name,Points");
        for code in &self.tiebreaks {
            out.push(',');
            out.push_str(&csv_field(code));
        }
        out.push_str("\r\n");
        for row in &self.rows {
            let mut line = vec![
                row.rank.to_string(),
                row.tpn.to_string(),
                csv_field(&row.name),
                csv_field(&row.points),
            ];
            line.extend(
                row.values
                    .iter()
                    .map(|v| csv_field(v.as_deref().unwrap_or(""))),
            );
            out.push_str(&line.join(","));
            out.push_str("\r\n");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("Meyer, Anna"), "\"Meyer, Anna\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("2.5"), "2.5");
    }

    #[test]
    fn h19_09_csv_formula_injection_is_neutralised() {
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
        assert_eq!(csv_field("-2+3"), "'-2+3");
        assert_eq!(csv_field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(
            csv_field("-1.5"),
            "-1.5",
            "a negative number stays a number"
        );
        assert_eq!(
            csv_field("Eve\r\n1,2"),
            "\"Eve  1,2\"",
            "no line break inside a field"
        );
        let table = Standings {
            tiebreaks: vec!["=BH".into()],
            rating: "DWZ",
            rows: Vec::new(),
        };
        assert_eq!(table.to_csv(), "Rank,No,Name,Points,'=BH\r\n");
    }
}
