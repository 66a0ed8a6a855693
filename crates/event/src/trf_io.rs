//! TRF-2026 export and import of a section.

use std::fmt;

use serde::Serialize;

use std::collections::HashMap;

use pairing::dutch::DutchEdition;
use trf::{Colour, Header, Line, Record, ResultCode, RoundEntry};

use crate::age::{AgeClass, Class};
use crate::date::{Birth, Date, DateTime};
use crate::draw::Slot;
use crate::event::Event;
use crate::person::{PlayerId, Sex};
use crate::player::{Entry, Player};
use crate::round::{Board, Bye, ByeKind, GameResult, Round};
use crate::section::{DutchRules, IntegrityNote, RoundSchedule, Scoring, Section, System};
use crate::table::outcome_code;
use crate::validate::{self, Field, Invalid};

/// The TRF-2026 record of the encoded time control.
const TIME_CONTROL: laws::Article = laws::Article::new("TRF-2026 222");

/// Why a section cannot be written as TRF.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ExportError {
    /// TRF pairing numbers have four columns (issue 4 item 5): larger sections are refused,
    /// never renumbered or truncated.
    TooManyPlayers(usize),
    /// The DSB formats number players 1-999 (three columns in the SWI file): larger sections
    /// are refused.
    TooManyPlayersForDsb(usize),
    /// The DSB formats count at most 255 rounds.
    TooManyRounds(u32),
    /// A board of a paired round has no result; the DWZ report needs every result.
    ResultMissing {
        /// The round.
        round: u32,
        /// 1-based board.
        board: usize,
    },
    /// A player's value does not fit its field in the DSB formats.
    PlayerField {
        /// The player.
        player: PlayerId,
        /// The field (`DSB membership`, `FIDE id`, `Elo`, `DWZ`).
        field: &'static str,
        /// The value as stored.
        value: String,
    },
    /// The report is inconsistent (`ratinglist::dsb::ReportError`).
    Report(String),
    /// A setting stored before it was bounded ([`validate`]), e.g. billions of rounds.
    Invalid(Invalid),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::TooManyPlayers(n) => write!(
                f,
                "{n} players do not fit TRF (pairing numbers 1-9999); export larger events in another format"
            ),
            ExportError::TooManyPlayersForDsb(n) => write!(
                f,
                "{n} players do not fit the DSB formats (tournament numbers 1-999)"
            ),
            ExportError::TooManyRounds(n) => {
                write!(f, "{n} rounds do not fit the DSB formats (at most 255)")
            }
            ExportError::ResultMissing { round, board } => write!(
                f,
                "round {round}, board {board} has no result; the DWZ report needs every result"
            ),
            ExportError::PlayerField {
                player,
                field,
                value,
            } => write!(
                f,
                "player {player}: {field} `{value}` does not fit the DSB formats"
            ),
            ExportError::Report(e) => write!(f, "DSB report: {e}"),
            ExportError::Invalid(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ExportError {}

/// Why a TRF file cannot continue as a section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ImportError {
    /// The file has validation errors (each with line and column).
    Invalid(Vec<String>),
    /// A team tournament.
    Teams,
    /// The file has no player records (e.g. an empty file or a web page).
    NoPlayers,
    /// A value the section cannot hold ([`validate`]).
    Field(Invalid),
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Invalid(e) => write!(f, "invalid TRF: {}", e.join("; ")),
            ImportError::Teams => f.write_str("team tournaments cannot be imported as a section"),
            ImportError::NoPlayers => {
                f.write_str("no player records (001): expected a TRF file of a tournament")
            }
            ImportError::Field(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ImportError {}

/// The time control of the first `222` record, `None` without one (or when blank). A text that is
/// not the TRF-2026 encoded time control is an error at its line and column: the record is no
/// free text (that is `122`), and a section must not silently lose the time control it declares.
fn time_control(t: &trf::Tournament) -> Result<Option<String>, ImportError> {
    let Some((line, value)) = t.lines().iter().find_map(|l| match &l.record {
        Record::Header(Header::Text { code: 222, value }) => Some((l.number, value)),
        _ => None,
    }) else {
        return Ok(None);
    };
    let text = value.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<laws::time_control::TimeControl>() {
        Ok(_) => Ok(Some(text.to_string())),
        Err(e) => {
            let leading = value.chars().take_while(|c| c.is_whitespace()).count();
            let issue = trf::Issue {
                severity: trf::Severity::Error,
                line,
                column: 4 + leading + e.column(),
                message: format!("222 time control: {}", e.kind()),
                article: TIME_CONTROL,
            };
            Err(ImportError::Invalid(vec![issue.to_string()]))
        }
    }
}

/// The `132` text from column 5: round dates `YY/MM/DD` aligned with the round blocks of `001`
/// (round r at column 92 + 10(r − 1)).
fn round_dates(schedule: &[RoundSchedule]) -> String {
    let mut text = String::new();
    for (i, s) in schedule.iter().enumerate() {
        let column = 92 + 10 * i;
        while text.chars().count() + 5 < column {
            text.push(' ');
        }
        text.push_str(&format!(
            "{:02}/{:02}/{:02}",
            s.date.year() % 100,
            s.date.month(),
            s.date.day()
        ));
    }
    text
}

/// A header line `code` with its text from column 5.
pub fn header(code: u16, value: impl Into<String>) -> Line {
    Line::new(Record::Header(Header::Text {
        code,
        value: value.into(),
    }))
}

/// A date as TRF writes it, `YYYY/MM/DD`.
pub fn trf_date(d: Date) -> String {
    format!("{:04}/{:02}/{:02}", d.year(), d.month(), d.day())
}

/// A birth in the TRF birth field (`YYYY/MM/DD`): a year alone as `YYYY/00/00`, the form the
/// public TRF uses too.
pub fn trf_birth(b: Birth) -> String {
    match b {
        Birth::Date(d) => trf_date(d),
        Birth::Year(y) => format!("{y:04}/00/00"),
    }
}

/// The birth in a TRF birth field: a date, or the year of `YYYY/00/00` or `YYYY`.
fn birth_of_trf(text: &str) -> Option<Birth> {
    let t = text.trim();
    let year = t.strip_suffix("/00/00").unwrap_or(t);
    if year.len() == 4 {
        return year.parse().ok().filter(|&y| y > 0).map(Birth::Year);
    }
    trf::parse_date(t).map(Birth::Date)
}

impl Player {
    /// The person fields of this player's `001` record (also for team files): pairing number
    /// `number`, sex, title, `Lastname, Firstname`, Elo, federation, FIDE id and the birth
    /// field as the caller writes it ([`trf_birth`] in full, or the public form).
    pub fn trf_person(&self, number: u16, birth_date: String) -> trf::Person {
        trf::Person {
            number,
            sex: self.sex.map(|s| match s {
                Sex::Male => trf::Sex::Male,
                Sex::Female => trf::Sex::Female,
            }),
            title: self.title.clone().unwrap_or_default(),
            name: self.name(),
            rating: self.elo,
            federation: self.federation.clone(),
            id: self.fide_id.map(|i| i.to_string()).unwrap_or_default(),
            birth_date,
        }
    }
}

/// The TRF result code of an outcome (`1 = 0 + - U F H Z`).
pub fn result_code(o: standings::Outcome) -> ResultCode {
    ResultCode::from_char(outcome_code(o)).unwrap_or(ResultCode::Pending)
}

impl Section {
    /// The section as TRF-2026 with the JaVaFo extensions `XXR`/`XXC`: pairing numbers by
    /// [`Section::ranking`], points of every result entered, ranks after the complete rounds,
    /// every paired round (a result not yet entered is `*`), requested byes and absences of the rounds still to come
    /// as `240`, prohibited pairs as `260`; birth dates as `YYYY/MM/DD`, a birth year alone as
    /// `YYYY/00/00`. A section of more than 9999 players or more than
    /// [`validate::MAX_ROUNDS`] rounds is refused.
    pub fn to_trf(&self, event: &Event) -> Result<trf::Tournament, ExportError> {
        self.trf_with_births(event, &|e| {
            e.player.birth.map(trf_birth).unwrap_or_default()
        })
    }

    /// [`Section::to_trf`] of the [`Section::public_view`]: published rounds only, birth
    /// fields as the event's [`PublicBirth`](crate::public::PublicBirth) allows
    /// (`YYYY/00/00` or empty).
    pub fn to_public_trf(&self, event: &Event) -> Result<trf::Tournament, ExportError> {
        self.public_view().trf_with_births(event, &|e| {
            let birth = self.entry(e.id()).and_then(|full| full.player.birth);
            event.public_birth.trf(birth)
        })
    }

    /// The TRF of the section with each player's birth field from `birth`.
    fn trf_with_births(
        &self,
        event: &Event,
        birth: &dyn Fn(&Entry) -> String,
    ) -> Result<trf::Tournament, ExportError> {
        let ranking = self.ranking();
        if ranking.len() > 9999 {
            return Err(ExportError::TooManyPlayers(ranking.len()));
        }
        let set = u64::from(self.rounds);
        validate::number(Field::Rounds, set, 1, u64::from(validate::MAX_ROUNDS))
            .map_err(ExportError::Invalid)?;
        let numbers = self.numbers();
        let tpn = |id: &PlayerId| numbers.get(id).and_then(|&n| u16::try_from(n).ok());
        let total = self.total_rounds();
        let mut t = trf::Tournament::default();
        let lines = t.lines_mut();
        lines.push(header(12, format!("{} - {}", event.name, self.name)));
        lines.push(header(22, event.venue.clone()));
        lines.push(header(42, trf_date(event.start)));
        lines.push(header(52, trf_date(event.end)));
        lines.push(header(62, ranking.len().to_string()));
        let rated = ranking.iter().filter(|e| e.player.elo.is_some()).count();
        lines.push(header(72, rated.to_string()));
        lines.push(header(
            92,
            match self.system {
                System::Swiss { .. } => "Swiss system (FIDE Dutch)",
                System::RoundRobin { .. } => "Round robin (Berger)",
            },
        ));
        lines.push(header(122, self.time_control.clone()));
        if !self.schedule.is_empty() {
            lines.push(header(132, round_dates(&self.schedule)));
        }
        lines.push(Line::new(Record::Header(Header::Rounds(total))));
        let colour = if self.initial_colour_white {
            Colour::White
        } else {
            Colour::Black
        };
        lines.push(Line::new(Record::Header(Header::InitialColour(colour))));
        if let Some(text) = self.scoring.system().to_trf_162()
            && let Ok(record) = Record::parse(&text, 0)
        {
            lines.push(Line::new(record));
        }
        lines.push(header(
            192,
            match self.system {
                System::Swiss { .. } => self.dutch_edition().to_string(),
                System::RoundRobin { double: false } => "FIDE_ROUNDROBIN".to_string(),
                System::RoundRobin { double: true } => "FIDE_DOUBLEROUNDROBIN".to_string(),
            },
        ));
        if let Ok(order) = self.tiebreak_order() {
            let codes: Vec<String> = order.tiebreaks.iter().map(|t| t.to_string()).collect();
            lines.push(header(202, codes.join(",")));
        }
        lines.push(header(222, self.time_control.clone()));
        lines.push(Line::new(Record::TotalRounds(total)));
        lines.push(Line::new(Record::PairingOptions(trf::PairingOptions {
            rank: false,
            initial_colour: Some(colour),
        })));
        let complete = usize::try_from(self.rounds_complete()).unwrap_or(usize::MAX);
        let ranks: HashMap<PlayerId, usize> = if complete == 0 {
            HashMap::new()
        } else {
            self.standings()
                .map(|s| s.rows.iter().map(|r| (r.player, r.rank)).collect())
                .unwrap_or_default()
        };
        let slots = self.slots();
        let scoring = self.scoring.system();
        for e in &ranking {
            let own = &slots[&e.id()];
            let points: standings::Points = own
                .iter()
                .filter_map(|s| s.outcome())
                .map(|o| scoring.points(o))
                .sum();
            let rounds = own
                .iter()
                .map(|&slot| match slot {
                    Slot::Game {
                        opponent, white, ..
                    } => RoundEntry {
                        opponent: tpn(&opponent),
                        colour: Some(if white { Colour::White } else { Colour::Black }),
                        result: slot.outcome().map_or(ResultCode::Pending, result_code),
                    },
                    Slot::Bye(kind) => RoundEntry::bye(result_code(kind.into())),
                })
                .collect();
            lines.push(Line::new(Record::Player(trf::Player {
                person: e.player.trf_person(tpn(&e.id()).unwrap_or(0), birth(e)),
                points: Some(trf::Points::from_halves(
                    i32::try_from(points.half_points()).unwrap_or(i32::MAX),
                )),
                rank: ranks.get(&e.id()).and_then(|&r| u16::try_from(r).ok()),
                rounds,
            })));
        }
        let paired = u32::try_from(self.played.len()).unwrap_or(u32::MAX);
        for round in paired + 1..=total {
            for kind in [ByeKind::Full, ByeKind::Half, ByeKind::Zero] {
                let players: Vec<u16> = ranking
                    .iter()
                    .filter(|e| !self.available(e, round) && e.unpaired_bye(round) == kind)
                    .filter_map(|e| tpn(&e.id()))
                    .collect();
                if !players.is_empty() {
                    lines.push(Line::new(Record::Bye(trf::Bye {
                        kind,
                        round: u16::try_from(round).unwrap_or(u16::MAX),
                        players,
                    })));
                }
            }
        }
        for (a, b) in &self.prohibited {
            if let (Some(a), Some(b)) = (tpn(a), tpn(b)) {
                lines.push(Line::new(Record::Prohibited(trf::Prohibited {
                    first_round: 1,
                    last_round: u16::try_from(total).unwrap_or(u16::MAX),
                    players: vec![a, b],
                })));
            }
        }
        for note in &self.integrity {
            lines.push(Line::new(Record::Comment(note.trf_comment())));
        }
        Ok(t)
    }

    /// A section continuing a tournament from a TRF16 or TRF-2026 file. The file must be valid
    /// (`trf` validation). Players keep their pairing numbers (as ids and as the fixed order);
    /// every class is `Open`; the rounds in the file count as published at `imported_at`;
    /// blocks after the last paired round become requested byes; `260` pairs become prohibited
    /// pairs. Round dates come from `132` (without times), the time control from `222`, the
    /// tie-breaks from `202` when they parse, the system from `192`. Refused: a team tournament,
    /// a file without player records, and values [`validate`] refuses (e.g. more than
    /// [`validate::MAX_ROUNDS`] rounds, a title outside the FIDE titles).
    pub fn from_trf(t: &trf::Tournament, imported_at: DateTime) -> Result<Section, ImportError> {
        if t.is_team_tournament() {
            return Err(ImportError::Teams);
        }
        let report = t.validate();
        let errors: Vec<String> = report.errors().map(|i| i.to_string()).collect();
        if !errors.is_empty() {
            return Err(ImportError::Invalid(errors));
        }
        if t.players().next().is_none() {
            return Err(ImportError::NoPlayers);
        }
        let name = t
            .name()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .unwrap_or("Imported section");
        let mut section = Section::new(name, vec![Class::open(AgeClass::Open)]);
        let code = t.pairing_system().unwrap_or("").to_ascii_uppercase();
        section.system = if code.contains("ROUNDROBIN") {
            System::RoundRobin {
                double: code.contains("DOUBLE"),
            }
        } else {
            System::Swiss {
                edition: pairing::trf_input::edition(t).map(|e| match e {
                    DutchEdition::Rules2017 => DutchRules::Rules2017,
                    DutchEdition::Rules2026 => DutchRules::Rules2026,
                }),
            }
        };
        let played = t.rounds_played();
        let played_u32 = u32::try_from(played).unwrap_or(u32::MAX);
        let rounds = t.total_rounds().unwrap_or(played_u32).max(played_u32);
        if rounds > 0 {
            section.rounds = rounds;
        }
        validate::number(
            Field::Rounds,
            u64::from(section.rounds),
            1,
            u64::from(validate::MAX_ROUNDS),
        )
        .map_err(ImportError::Field)?;
        section.initial_colour_white =
            pairing::trf_input::initial_colour(t) == pairing::dutch::Colour::White;
        if let Some(tc) = time_control(t)? {
            section.time_control = tc;
        }
        if let Some(list) = t.header_text(202)
            && standings::tiebreak::parse_list(list).is_ok()
        {
            section.tiebreaks = list.trim().to_string();
        }
        let scoring = t.scoring();
        section.scoring = if scoring.win_white == trf::Points::from_tenths(30)
            && scoring.draw_white == trf::Points::from_tenths(10)
        {
            Scoring::ThreeOneZero
        } else {
            Scoring::Standard
        };
        let century = t.start_date().map_or(2000, |d| d.year() / 100 * 100);
        if let Some(text) = t.header_text(132) {
            let chars: Vec<char> = text.chars().collect();
            for r in 0.. {
                let from = 87 + 10 * r;
                if from >= chars.len() {
                    break;
                }
                let cell: String = chars[from..(from + 8).min(chars.len())].iter().collect();
                let Some(date) = short_date(&cell, century) else {
                    break;
                };
                section.schedule.push(RoundSchedule { date, time: None });
            }
        }
        let players: Vec<&trf::Player> = t.players().collect();
        let id = |n: u16| PlayerId(u32::from(n));
        for p in &players {
            let (last, first) = p
                .person
                .name
                .split_once(',')
                .map_or((p.person.name.trim(), ""), |(l, f)| (l.trim(), f.trim()));
            let mut player = Player::new(id(p.number()), last, first);
            player.sex = p.person.sex.map(|s| match s {
                trf::Sex::Male => Sex::Male,
                trf::Sex::Female => Sex::Female,
            });
            player.title = Some(p.person.title.clone()).filter(|t| !t.is_empty());
            player.elo = p.person.rating;
            player.federation = p.person.federation.clone();
            player.fide_id = p.person.id.trim().parse().ok();
            player.birth = birth_of_trf(&p.person.birth_date);
            let mut entry = Entry::new(player, Class::open(AgeClass::Open));
            for r in played + 1..=usize::try_from(section.rounds).unwrap_or(usize::MAX) {
                if let Some(kind) = t
                    .requested_byes(r)
                    .iter()
                    .find(|(n, _)| *n == p.number())
                    .and_then(|&(_, code)| bye_kind(code))
                {
                    entry
                        .requested_byes
                        .insert(u32::try_from(r).unwrap_or(u32::MAX), kind);
                }
            }
            section.entries.push(entry);
        }
        let mut numbers: Vec<u16> = players.iter().map(|p| p.number()).collect();
        numbers.sort_unstable();
        section.fixed_order = numbers.into_iter().map(id).collect();
        for r in 1..=played {
            let mut round = Round {
                number: u32::try_from(r).unwrap_or(u32::MAX),
                boards: Vec::new(),
                byes: Vec::new(),
                published: Some(imported_at),
            };
            for p in &players {
                let Some(e) = p.round(r) else {
                    continue;
                };
                match (e.opponent, e.colour) {
                    (Some(o), colour) => {
                        let white = colour.map_or(p.number() < o, |c| c == Colour::White);
                        if !white {
                            continue;
                        }
                        let theirs = t
                            .player(o)
                            .and_then(|q| q.round(r))
                            .map_or(ResultCode::Blank, |q| q.result);
                        round.boards.push(Board {
                            white: id(p.number()),
                            black: id(o),
                            result: game_result(e.result, theirs),
                            manual: false,
                        });
                    }
                    (None, _) => {
                        if let Some(kind) = bye_kind(e.result) {
                            round.byes.push(Bye {
                                player: id(p.number()),
                                kind,
                            });
                        }
                    }
                }
            }
            round.boards.sort_by_key(|b| b.white.0.min(b.black.0));
            section.played.push(round);
        }
        for r in played + 1..=usize::try_from(section.rounds).unwrap_or(usize::MAX) {
            for group in t.prohibited_pairings(r) {
                for (i, &a) in group.iter().enumerate() {
                    for &b in &group[i + 1..] {
                        let pair = (id(a.min(b)), id(a.max(b)));
                        if a != b && !section.prohibited.contains(&pair) {
                            section.prohibited.push(pair);
                        }
                    }
                }
            }
        }
        section.integrity = t
            .lines()
            .iter()
            .filter_map(|line| match &line.record {
                Record::Comment(text) => IntegrityNote::from_trf_comment(text),
                _ => None,
            })
            .collect();
        validate::section(&section).map_err(ImportError::Field)?;
        for e in &section.entries {
            validate::entry(e).map_err(ImportError::Field)?;
        }
        Ok(section)
    }
}

/// A `132` date `YY/MM/DD` in the century of the start date (also `YYYY/MM/DD`).
fn short_date(cell: &str, century: u16) -> Option<Date> {
    let parts: Vec<&str> = cell.trim().split(['/', '.', '-']).collect();
    let [y, m, d] = parts.as_slice() else {
        return None;
    };
    let y: u16 = y.parse().ok()?;
    let year = if y < 100 { century + y } else { y };
    Date::new(year, m.parse().ok()?, d.parse().ok()?)
}

/// The bye for a code in a round without opponent; `None` for `*` (not decided).
fn bye_kind(code: ResultCode) -> Option<ByeKind> {
    Some(match code {
        ResultCode::PairingAllocatedBye => ByeKind::PairingAllocated,
        ResultCode::FullPointBye | ResultCode::ForfeitWin | ResultCode::Win => ByeKind::Full,
        ResultCode::HalfPointBye | ResultCode::Draw | ResultCode::UnratedDraw => ByeKind::Half,
        ResultCode::Pending => return None,
        _ => ByeKind::Zero,
    })
}

/// The board result from White's and Black's codes.
fn game_result(white: ResultCode, black: ResultCode) -> GameResult {
    match white {
        ResultCode::Win | ResultCode::UnratedWin => GameResult::WhiteWins,
        ResultCode::Draw | ResultCode::UnratedDraw => GameResult::Draw,
        ResultCode::Loss | ResultCode::UnratedLoss => GameResult::BlackWins,
        ResultCode::ForfeitWin => GameResult::WhiteWinsByForfeit,
        ResultCode::ForfeitLoss if black == ResultCode::ForfeitLoss => GameResult::DoubleForfeit,
        ResultCode::ForfeitLoss => GameResult::BlackWinsByForfeit,
        _ => GameResult::Pending,
    }
}
