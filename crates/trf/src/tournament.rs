//! A whole TRF file: records in file order, typed accessors for the pairing engine,
//! scoring, and the writer.
//!
//! ```
//! use trf::{Colour, Points, ResultCode, Tournament};
//!
//! let t: Tournament = "042 2026/05/01\n142 7\n152 W\n162  W 3.0    D 1.0\n192 FIDE_DUTCH_2026\n\
//! 001    1      A                                                                  3.0    1     2 w 1  0000 - H\n\
//! 001    2      B                                                                  0.0    2     1 b 0\n".parse()?;
//! assert_eq!(t.start_date(), "2026-05-01".parse().ok());
//! assert_eq!((t.total_rounds(), t.initial_colour()), (Some(7), Some(Colour::White)));
//! assert_eq!(t.pairing_system(), Some("FIDE_DUTCH_2026"));
//! assert_eq!(t.rounds_played(), 1);
//! assert_eq!(t.requested_byes(2), [(1, ResultCode::HalfPointBye)]);
//! assert_eq!(t.scoring().pab, Points::from_tenths(30));
//! # Ok::<(), trf::TrfError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use calendar::Date;

use crate::error::{TrfError, WriteError};
use crate::points::Points;
use crate::record::{Colour, Header, Player, Record, ResultCode, RoundEntry};

/// The TRF edition of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// TRF16 (2016): header `012`-`132`, `001`, `013`, plus the JaVaFo/bbp extensions.
    Trf16,
    /// TRF-2026: adds `142`-`362`, `240`/`250`/`260`, team records `299`-`330`,
    /// national rating records and `###` comments.
    Trf26,
}

/// A format name other than `trf16` / `trf26`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseFormatError(String);

impl fmt::Display for ParseFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown TRF format {:?} (expected trf16 or trf26)",
            self.0
        )
    }
}

impl std::error::Error for ParseFormatError {}

impl FromStr for Format {
    type Err = ParseFormatError;

    fn from_str(s: &str) -> Result<Format, ParseFormatError> {
        match s.to_ascii_lowercase().as_str() {
            "trf16" | "trf" => Ok(Format::Trf16),
            "trf26" | "trf2026" | "trf-2026" => Ok(Format::Trf26),
            _ => Err(ParseFormatError(s.to_string())),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Trf16 => "TRF16",
            Format::Trf26 => "TRF26",
        })
    }
}

/// Line terminator of a file. TRF prescribes a CR at the end of every line; files from
/// Windows programs (Swiss-Manager) end lines with CR LF, which is how new files are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineEnding {
    /// `\r`.
    Cr,
    /// `\n`.
    Lf,
    /// `\r\n`.
    CrLf,
}

impl LineEnding {
    /// The terminator's characters.
    pub fn as_str(self) -> &'static str {
        match self {
            LineEnding::Cr => "\r",
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        }
    }
}

/// A date as TRF headers (`042`/`052`) and player lines write it: `YYYY/MM/DD` (also with `-`
/// or `.`) or `DD/MM/YYYY`; `None` if it is no day of the calendar.
///
/// ```
/// use trf::parse_date;
/// assert_eq!(parse_date("2026/05/01"), "2026-05-01".parse().ok());
/// assert_eq!(parse_date("01.05.2026"), "2026-05-01".parse().ok());
/// assert_eq!(parse_date("2026/02/30"), None);
/// ```
pub fn parse_date(s: &str) -> Option<Date> {
    let parts: Vec<&str> = s.trim().split(['/', '-', '.']).collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let (y, m, d) = if a.len() == 4 {
        (a, b, c)
    } else if c.len() == 4 {
        (c, b, a)
    } else {
        return None;
    };
    Date::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
}

/// A FIDE Dutch system code in `192`: `FIDE_DUTCH[_2017|_2025|_2026][_BAKU]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DutchSystem {
    /// Year of the rules named in the code (2017, 2025 = TEC draft of 2026, 2026), or `None`
    /// for plain `FIDE_DUTCH` (rules in force at the start date).
    pub edition: Option<u16>,
    /// `_BAKU`: Baku acceleration (C.04.7).
    pub baku: bool,
}

/// A `192` code that is not a FIDE Dutch code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseDutchSystemError(String);

impl fmt::Display for ParseDutchSystemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not FIDE_DUTCH[_2017|_2025|_2026][_BAKU]",
            self.0
        )
    }
}

impl std::error::Error for ParseDutchSystemError {}

impl FromStr for DutchSystem {
    type Err = ParseDutchSystemError;

    fn from_str(s: &str) -> Result<DutchSystem, ParseDutchSystemError> {
        let err = || ParseDutchSystemError(s.to_string());
        let rest = s.trim().strip_prefix("FIDE_DUTCH").ok_or_else(err)?;
        let (rest, baku) = match rest.strip_suffix("_BAKU") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let edition = match rest {
            "" => None,
            "_2017" => Some(2017),
            "_2025" => Some(2025),
            "_2026" => Some(2026),
            _ => return Err(err()),
        };
        Ok(DutchSystem { edition, baku })
    }
}

/// Points per result, from `162`, `XXS` and `BB*` lines over the defaults
/// (win 1, draw ½, loss 0, forfeit win / full-point bye / PAB 1, half-point bye ½, zero bye 0;
/// C.04.1: a PAB scores as a win). In `162`, `W` also sets forfeit wins, full-point byes and
/// (unless `P` is given) PABs, `D` half-point byes, `A` zero-point byes and forfeit losses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// Win with white (`XXS WW`).
    pub win_white: Points,
    /// Win with black (`XXS BW`).
    pub win_black: Points,
    /// Draw with white (`XXS WD`).
    pub draw_white: Points,
    /// Draw with black (`XXS BD`).
    pub draw_black: Points,
    /// Loss with white (`XXS WL`).
    pub loss_white: Points,
    /// Loss with black (`XXS BL`).
    pub loss_black: Points,
    /// Forfeit win `+` (`XXS FW`).
    pub forfeit_win: Points,
    /// Forfeit loss `-` (`XXS FL`).
    pub forfeit_loss: Points,
    /// Pairing-allocated bye `U` (`XXS PAB`, `BBU`).
    pub pab: Points,
    /// Full-point bye `F` (`XXS FPB`).
    pub full_bye: Points,
    /// Half-point bye `H` (`XXS HPB`).
    pub half_bye: Points,
    /// Zero-point bye `Z` or blank (`XXS ZPB`, `BBZ`).
    pub zero_bye: Points,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win_white: Points::ONE,
            win_black: Points::ONE,
            draw_white: Points::HALF,
            draw_black: Points::HALF,
            loss_white: Points::ZERO,
            loss_black: Points::ZERO,
            forfeit_win: Points::ONE,
            forfeit_loss: Points::ZERO,
            pab: Points::ONE,
            full_bye: Points::ONE,
            half_bye: Points::HALF,
            zero_bye: Points::ZERO,
        }
    }
}

impl Scoring {
    /// Points a player earns for one round entry.
    pub fn points(&self, entry: &RoundEntry) -> Points {
        let black = entry.colour == Some(Colour::Black);
        let pick = |white: Points, blackp: Points| if black { blackp } else { white };
        match entry.result {
            ResultCode::Win | ResultCode::UnratedWin => pick(self.win_white, self.win_black),
            ResultCode::Draw | ResultCode::UnratedDraw => pick(self.draw_white, self.draw_black),
            ResultCode::Loss | ResultCode::UnratedLoss => pick(self.loss_white, self.loss_black),
            ResultCode::ForfeitWin => self.forfeit_win,
            ResultCode::ForfeitLoss => self.forfeit_loss,
            ResultCode::PairingAllocatedBye => self.pab,
            ResultCode::FullPointBye => self.full_bye,
            ResultCode::HalfPointBye => self.half_bye,
            ResultCode::ZeroPointBye | ResultCode::Blank => self.zero_bye,
            ResultCode::Pending => Points::ZERO,
        }
    }

    /// Applies a `162` line; `P` (PAB) defaults to the value of `W`.
    pub(crate) fn apply_162_line(&mut self, pairs: &[(String, Points)]) {
        let (pab, others): (Vec<_>, Vec<_>) = pairs.iter().partition(|(s, _)| s == "P");
        for (symbol, v) in others.into_iter().chain(pab) {
            self.apply_162(symbol, *v);
        }
    }

    /// The `162` symbols that give exactly this scoring, if `162` can express it (it cannot
    /// distinguish colours, and couples forfeit wins and full-point byes to wins, half-point
    /// byes to draws, zero-point byes to forfeit losses).
    pub(crate) fn as_162(&self) -> Option<Vec<(String, Points)>> {
        let same = |values: &[Points]| values.iter().all(|v| *v == values[0]);
        let ok = same(&[
            self.win_white,
            self.win_black,
            self.forfeit_win,
            self.full_bye,
        ]) && same(&[self.draw_white, self.draw_black, self.half_bye])
            && same(&[self.loss_white, self.loss_black])
            && same(&[self.zero_bye, self.forfeit_loss]);
        ok.then(|| {
            [
                ("W", self.win_white),
                ("D", self.draw_white),
                ("L", self.loss_white),
                ("A", self.zero_bye),
                ("P", self.pab),
            ]
            .into_iter()
            .map(|(s, v)| (s.to_string(), v))
            .collect()
        })
    }

    /// The `XXS` codes that give exactly this scoring.
    pub(crate) fn as_xxs(&self) -> Vec<(String, Points)> {
        [
            ("WW", self.win_white),
            ("BW", self.win_black),
            ("WD", self.draw_white),
            ("BD", self.draw_black),
            ("WL", self.loss_white),
            ("BL", self.loss_black),
            ("FW", self.forfeit_win),
            ("FL", self.forfeit_loss),
            ("PAB", self.pab),
            ("FPB", self.full_bye),
            ("HPB", self.half_bye),
            ("ZPB", self.zero_bye),
        ]
        .into_iter()
        .map(|(s, v)| (s.to_string(), v))
        .collect()
    }

    fn apply_162(&mut self, symbol: &str, v: Points) {
        match symbol {
            "W" => {
                self.win_white = v;
                self.win_black = v;
                self.forfeit_win = v;
                self.full_bye = v;
                self.pab = v;
            }
            "D" => {
                self.draw_white = v;
                self.draw_black = v;
                self.half_bye = v;
            }
            "L" => {
                self.loss_white = v;
                self.loss_black = v;
            }
            "A" => {
                self.zero_bye = v;
                self.forfeit_loss = v;
            }
            "P" => self.pab = v,
            _ => {}
        }
    }

    pub(crate) fn apply_xxs(&mut self, code: &str, v: Points) {
        match code {
            "WW" => self.win_white = v,
            "BW" => self.win_black = v,
            "WD" => self.draw_white = v,
            "BD" => self.draw_black = v,
            "WL" => self.loss_white = v,
            "BL" => self.loss_black = v,
            "W" => {
                self.win_white = v;
                self.win_black = v;
            }
            "D" => {
                self.draw_white = v;
                self.draw_black = v;
            }
            "L" => {
                self.loss_white = v;
                self.loss_black = v;
            }
            "FW" => self.forfeit_win = v,
            "FL" => self.forfeit_loss = v,
            "PAB" => self.pab = v,
            "FPB" => self.full_bye = v,
            "HPB" => self.half_bye = v,
            "ZPB" => self.zero_bye = v,
            _ => {}
        }
    }

    fn apply_bbp(&mut self, letter: char, v: Points) {
        match letter {
            'W' => {
                self.win_white = v;
                self.win_black = v;
                self.forfeit_win = v;
                self.full_bye = v;
            }
            'D' => {
                self.draw_white = v;
                self.draw_black = v;
                self.half_bye = v;
            }
            'L' => {
                self.loss_white = v;
                self.loss_black = v;
            }
            'Z' => self.zero_bye = v,
            'F' => self.forfeit_loss = v,
            'U' => self.pab = v,
            _ => {}
        }
    }
}

/// One line of the file with its typed record.
#[derive(Debug, Clone)]
pub struct Line {
    /// 1-based line number in the source; 0 for records added after parsing.
    pub number: usize,
    raw: Option<String>,
    /// The parsed record.
    pub record: Record,
}

impl Line {
    /// A new line (not from a source file) holding `record`.
    pub fn new(record: Record) -> Line {
        Line {
            number: 0,
            raw: None,
            record,
        }
    }

    /// The source text of the line, if it was read from a file.
    pub fn raw(&self) -> Option<&str> {
        self.raw.as_deref()
    }
}

/// How to write a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// Line terminator for every line.
    pub line_ending: LineEnding,
    /// Write unchanged source lines byte for byte instead of in canonical columns.
    pub verbatim: bool,
}

/// A TRF file: every line in file order with its typed record.
///
/// Equality compares the records only (not line numbers, source text or line endings).
#[derive(Debug, Clone)]
pub struct Tournament {
    lines: Vec<Line>,
    line_ending: LineEnding,
    final_newline: bool,
    byte_order_mark: bool,
}

impl PartialEq for Tournament {
    fn eq(&self, other: &Tournament) -> bool {
        self.lines.len() == other.lines.len()
            && self
                .lines
                .iter()
                .zip(&other.lines)
                .all(|(a, b)| a.record == b.record)
    }
}

impl Default for Tournament {
    fn default() -> Tournament {
        Tournament {
            lines: Vec::new(),
            line_ending: LineEnding::CrLf,
            final_newline: true,
            byte_order_mark: false,
        }
    }
}

impl FromStr for Tournament {
    type Err = TrfError;

    fn from_str(text: &str) -> Result<Tournament, TrfError> {
        Tournament::parse(text)
    }
}

impl Tournament {
    /// Parses TRF text with CR, LF or CRLF line ends (mixed allowed) and an optional UTF-8
    /// byte order mark. Control characters (other than tab) are an error, and so is text
    /// without a single TRF record (empty, HTML, ...): it is not a TRF file.
    pub fn parse(text: &str) -> Result<Tournament, TrfError> {
        let (text, byte_order_mark) = match text.strip_prefix('\u{feff}') {
            Some(rest) => (rest, true),
            None => (text, false),
        };
        let mut lines = Vec::new();
        let mut line_ending = None;
        let mut rest = text;
        let mut number = 0;
        let mut final_newline = false;
        while !rest.is_empty() {
            number += 1;
            let (content, ending, next) = match rest.find(['\r', '\n']) {
                None => (rest, None, ""),
                Some(i) if rest[i..].starts_with("\r\n") => {
                    (&rest[..i], Some(LineEnding::CrLf), &rest[i + 2..])
                }
                Some(i) if rest[i..].starts_with('\r') => {
                    (&rest[..i], Some(LineEnding::Cr), &rest[i + 1..])
                }
                Some(i) => (&rest[..i], Some(LineEnding::Lf), &rest[i + 1..]),
            };
            final_newline = ending.is_some();
            line_ending = line_ending.or(ending);
            if let Some((column, c)) = content
                .chars()
                .zip(1..)
                .find_map(|(c, column)| (c.is_control() && c != '\t').then_some((column, c)))
            {
                return Err(TrfError::new(
                    number,
                    column,
                    format!(
                        "printable text, not the control character U+{:04X}",
                        u32::from(c)
                    ),
                ));
            }
            lines.push(Line {
                number,
                raw: Some(content.to_string()),
                record: Record::parse(content, number)?,
            });
            rest = next;
        }
        if !lines.iter().any(|l| l.record.is_trf()) {
            let line = lines
                .iter()
                .find(|l| l.raw.as_deref().is_some_and(|r| !r.trim().is_empty()))
                .map_or(1, |l| l.number);
            return Err(TrfError::new(
                line,
                1,
                "a TRF record (a code such as 012 or 001 in columns 1-3): this is not a TRF file",
            ));
        }
        Ok(Tournament {
            lines,
            line_ending: line_ending.unwrap_or(LineEnding::Cr),
            final_newline,
            byte_order_mark,
        })
    }

    /// Parses bytes; text that is not UTF-8 is an error at the offending line and column.
    pub fn from_bytes(bytes: &[u8]) -> Result<Tournament, TrfError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Tournament::parse(text),
            Err(e) => {
                let valid = &bytes[..e.valid_up_to()];
                let line = 1
                    + valid.iter().filter(|&&b| b == b'\n').count()
                    + valid
                        .windows(2)
                        .filter(|w| w[0] == b'\r' && w[1] != b'\n')
                        .count()
                    + usize::from(valid.last() == Some(&b'\r'));
                let start = valid
                    .iter()
                    .rposition(|&b| b == b'\n' || b == b'\r')
                    .map_or(0, |p| p + 1);
                let column = 1 + String::from_utf8_lossy(&valid[start..]).chars().count();
                Err(TrfError::new(line, column, "UTF-8 text"))
            }
        }
    }

    /// All lines in file order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// All lines, mutable; edited lines are written in canonical columns.
    pub fn lines_mut(&mut self) -> &mut Vec<Line> {
        &mut self.lines
    }

    /// The records in file order.
    pub fn records(&self) -> impl Iterator<Item = &Record> {
        self.lines.iter().map(|l| &l.record)
    }

    /// Line terminator of the source (the first one found; CR for new tournaments).
    pub fn line_ending(&self) -> LineEnding {
        self.line_ending
    }

    /// TRF-2026 if any record exists only in TRF-2026, else TRF16.
    pub fn format(&self) -> Format {
        if self.records().any(Record::is_trf26_only) {
            Format::Trf26
        } else {
            Format::Trf16
        }
    }

    /// Player records in file order.
    pub fn players(&self) -> impl Iterator<Item = &Player> {
        self.records().filter_map(|r| match r {
            Record::Player(p) => Some(p),
            _ => None,
        })
    }

    /// Player records, mutable.
    pub fn players_mut(&mut self) -> impl Iterator<Item = &mut Player> {
        self.lines.iter_mut().filter_map(|l| match &mut l.record {
            Record::Player(p) => Some(p),
            _ => None,
        })
    }

    /// The player with pairing number `number`.
    pub fn player(&self, number: u16) -> Option<&Player> {
        self.players().find(|p| p.number() == number)
    }

    /// Players indexed by pairing number (index 0 unused): constant-time lookup.
    pub fn players_by_number(&self) -> Vec<Option<&Player>> {
        let max = self
            .players()
            .map(|p| usize::from(p.number()))
            .max()
            .unwrap_or(0);
        let mut out = vec![None; max + 1];
        for p in self.players() {
            out[usize::from(p.number())] = Some(p);
        }
        out
    }

    /// Text of the first header line with `code` (e.g. `12` for the tournament name).
    pub fn header_text(&self, code: u16) -> Option<&str> {
        self.records().find_map(|r| match r {
            Record::Header(Header::Text { code: c, value }) if *c == code => Some(value.as_str()),
            _ => None,
        })
    }

    /// Tournament name (`012`).
    pub fn name(&self) -> Option<&str> {
        self.header_text(12)
    }

    /// Start date (`042`), if written as a date.
    pub fn start_date(&self) -> Option<Date> {
        self.header_text(42).and_then(parse_date)
    }

    /// Encoded tournament type (`192`), e.g. `FIDE_DUTCH_2026`.
    pub fn pairing_system(&self) -> Option<&str> {
        self.header_text(192)
    }

    /// The `192` code parsed as a FIDE Dutch system, if it is one.
    pub fn dutch_system(&self) -> Option<DutchSystem> {
        self.pairing_system().and_then(|s| s.parse().ok())
    }

    /// Total number of rounds: `142`, else `XXR`.
    pub fn total_rounds(&self) -> Option<u32> {
        let from_142 = self.records().find_map(|r| match r {
            Record::Header(Header::Rounds(n)) => Some(*n),
            _ => None,
        });
        from_142.or_else(|| {
            self.records().find_map(|r| match r {
                Record::TotalRounds(n) => Some(*n),
                _ => None,
            })
        })
    }

    /// Colour of the first player in round 1: `152`, else `XXC white1|black1`.
    pub fn initial_colour(&self) -> Option<Colour> {
        let from_152 = self.records().find_map(|r| match r {
            Record::Header(Header::InitialColour(c)) => Some(*c),
            _ => None,
        });
        from_152.or_else(|| {
            self.records().find_map(|r| match r {
                Record::PairingOptions(o) => o.initial_colour,
                _ => None,
            })
        })
    }

    /// Whether this is a team tournament: a `310` team record or a team code in `192`
    /// (`FIDE_TEAM...`, `..._TEAM_...`, `...SCHEVENINGEN`).
    pub fn is_team_tournament(&self) -> bool {
        self.records().any(|r| matches!(r, Record::Team(_)))
            || self
                .pairing_system()
                .is_some_and(|s| s.contains("TEAM") || s.contains("SCHEVENINGEN"))
    }

    /// Whether `XXC rank` asks to pair by position in the file.
    pub fn pair_by_rank(&self) -> bool {
        self.records()
            .any(|r| matches!(r, Record::PairingOptions(o) if o.rank))
    }

    /// Number of rounds already paired: the last round in which some player has an opponent
    /// or a pairing-allocated bye. Later round blocks hold only requested byes for rounds to come.
    pub fn rounds_played(&self) -> usize {
        self.players()
            .filter_map(|p| {
                p.rounds.iter().rposition(|e| {
                    e.opponent.is_some() || e.result == ResultCode::PairingAllocatedBye
                })
            })
            .max()
            .map_or(0, |i| i + 1)
    }

    /// Scoring system from `162`, `XXS` and `BB*` (applied in that order over the defaults).
    pub fn scoring(&self) -> Scoring {
        let mut s = Scoring::default();
        for r in self.records() {
            if let Record::Header(Header::Scoring(pairs)) = r {
                s.apply_162_line(pairs);
            }
        }
        for r in self.records() {
            if let Record::ExtendedScoring(pairs) = r {
                for (code, v) in pairs {
                    s.apply_xxs(code, *v);
                }
            }
        }
        // bbpPairings: `BBW` also sets the pairing-allocated bye unless a `BBU` record does.
        let bbu = self
            .records()
            .any(|r| matches!(r, Record::BbpScoring('U', _)));
        for r in self.records() {
            if let Record::BbpScoring(letter, v) = r {
                s.apply_bbp(*letter, *v);
                if *letter == 'W' && !bbu {
                    s.pab = *v;
                }
            }
        }
        s
    }

    /// Byes and absences requested for `round` (1-based): `240` records, `XXZ` (for the round
    /// after the last one played) and bye entries without opponent in that round's block.
    pub fn requested_byes(&self, round: usize) -> Vec<(u16, ResultCode)> {
        let mut out = Vec::new();
        for r in self.records() {
            match r {
                Record::Bye(b) if usize::from(b.round) == round => {
                    out.extend(b.players.iter().map(|&p| (p, b.kind.into())));
                }
                Record::Absent(ids) if round == self.rounds_played() + 1 => {
                    out.extend(ids.iter().map(|&p| (p, ResultCode::ZeroPointBye)));
                }
                _ => {}
            }
        }
        if round > self.rounds_played() {
            for p in self.players() {
                if let Some(e) = p.round(round).filter(|e| e.opponent.is_none()) {
                    out.push((p.number(), e.result));
                }
            }
        }
        out
    }

    /// Groups of players who must not meet in `round`: `260` records covering it and `XXP`.
    pub fn prohibited_pairings(&self, round: usize) -> Vec<&[u16]> {
        self.records()
            .filter_map(|r| match r {
                Record::Prohibited(p)
                    if (usize::from(p.first_round)..=usize::from(p.last_round))
                        .contains(&round) =>
                {
                    Some(p.players.as_slice())
                }
                Record::ForbiddenPairs(ids) => Some(ids.as_slice()),
                _ => None,
            })
            .collect()
    }

    /// Acceleration (virtual) points of `player` in `round`: `XXA`, else `250` game points.
    pub fn acceleration(&self, player: u16, round: usize) -> Points {
        let from_xxa = self.records().find_map(|r| match r {
            Record::PlayerAcceleration(a) if a.player == player => Some(
                round
                    .checked_sub(1)
                    .and_then(|i| a.points.get(i).copied())
                    .unwrap_or_default(),
            ),
            _ => None,
        });
        from_xxa.unwrap_or_else(|| {
            self.records()
                .filter_map(|r| match r {
                    Record::Acceleration(a)
                        if (a.first_player..=a.last_player).contains(&player)
                            && (usize::from(a.first_round)..=usize::from(a.last_round))
                                .contains(&round) =>
                    {
                        a.game_points
                    }
                    _ => None,
                })
                .sum()
        })
    }

    /// Writes the file as read: unchanged lines byte for byte (and a byte order mark if the
    /// source had one), every line ended with the source's first line ending.
    pub fn write(&self) -> Result<String, WriteError> {
        self.write_with(WriteOptions {
            line_ending: self.line_ending,
            verbatim: true,
        })
    }

    /// Writes with explicit options. Lines whose record was changed (or added) are always
    /// written in canonical columns.
    pub fn write_with(&self, options: WriteOptions) -> Result<String, WriteError> {
        let mut out = String::new();
        if self.byte_order_mark && options.verbatim {
            out.push('\u{feff}');
        }
        for (i, line) in self.lines.iter().enumerate() {
            if i > 0 {
                out.push_str(options.line_ending.as_str());
            }
            match &line.raw {
                Some(raw)
                    if options.verbatim
                        && Record::parse(raw, line.number).as_ref() == Ok(&line.record) =>
                {
                    out.push_str(raw);
                }
                _ => out.push_str(&line.record.write()?),
            }
        }
        if self.final_newline && !self.lines.is_empty() {
            out.push_str(options.line_ending.as_str());
        }
        Ok(out)
    }

    pub(crate) fn from_lines(lines: Vec<Line>, line_ending: LineEnding) -> Tournament {
        Tournament {
            lines,
            line_ending,
            final_newline: true,
            byte_order_mark: false,
        }
    }
}
