//! One TRF line: the record types of TRF16, TRF-2026 and the engine extensions,
//! each parsed from and written to its fixed columns.
//!
//! ```
//! use laws::ByeKind;
//! use trf::Record;
//!
//! let bye = Record::parse("240 H 003  026  047", 1)?;
//! assert!(matches!(&bye, Record::Bye(b) if b.kind == ByeKind::Half && b.round == 3 && b.players == [26, 47]));
//! assert_eq!(bye.write()?, "240 H   3   26   47");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;
use std::str::FromStr;

use laws::ByeKind;

use crate::error::{TrfError, WriteError};
use crate::points::Points;

/// A colour in a round entry or an initial-colour setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `w` / `W`.
    White,
    /// `b` / `B`.
    Black,
}

impl Colour {
    /// `W` or `B` as in `152`.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }

    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Sex in column 10 of a player record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sex {
    /// `m`.
    Male,
    /// `w` (also read from `f`).
    Female,
}

/// Result code of one round (column `99 + 10(r-1)` of `001`), case-insensitive in input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1`: game won.
    Win,
    /// `=`: game drawn.
    Draw,
    /// `0`: game lost.
    Loss,
    /// `+`: won by forfeit.
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `W`: won, game of less than one move (unrated).
    UnratedWin,
    /// `D`: drawn, game of less than one move.
    UnratedDraw,
    /// `L`: lost, game of less than one move.
    UnratedLoss,
    /// `H`: half-point bye.
    HalfPointBye,
    /// `F`: full-point bye.
    FullPointBye,
    /// `U`: pairing-allocated bye (PAB).
    PairingAllocatedBye,
    /// `Z`: zero-point bye or known absence.
    ZeroPointBye,
    /// Blank: absence, scored like `Z`.
    Blank,
    /// `*`: game paired but result not yet known; scores nothing until entered.
    Pending,
}

impl ResultCode {
    /// The code for a TRF result character (case-insensitive; blank is [`ResultCode::Blank`]).
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' => ResultCode::UnratedWin,
            'D' => ResultCode::UnratedDraw,
            'L' => ResultCode::UnratedLoss,
            'H' => ResultCode::HalfPointBye,
            'F' => ResultCode::FullPointBye,
            'U' => ResultCode::PairingAllocatedBye,
            'Z' => ResultCode::ZeroPointBye,
            ' ' => ResultCode::Blank,
            '*' => ResultCode::Pending,
            _ => return None,
        })
    }

    /// The character written in TRF.
    pub fn as_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::ZeroPointBye => 'Z',
            ResultCode::Blank => ' ',
            ResultCode::Pending => '*',
        }
    }

    /// The code the opponent must have for the same game (`1` against `0`, `+` against `-`, ...);
    /// `None` for byes, which have no opponent.
    pub fn mirrored(self) -> Option<ResultCode> {
        Some(match self {
            ResultCode::Win => ResultCode::Loss,
            ResultCode::Loss => ResultCode::Win,
            ResultCode::Draw => ResultCode::Draw,
            ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
            ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
            ResultCode::UnratedWin => ResultCode::UnratedLoss,
            ResultCode::UnratedLoss => ResultCode::UnratedWin,
            ResultCode::UnratedDraw => ResultCode::UnratedDraw,
            ResultCode::Pending => ResultCode::Pending,
            _ => return None,
        })
    }

    /// Whether the game was actually played on the board (`1 = 0 W D L`).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }
}

/// One round of a player record: opponent, colour, result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundEntry {
    /// Opponent's pairing number; `None` for `0000` or blank (byes, absences).
    pub opponent: Option<u16>,
    /// Colour; `None` for `-` or blank.
    pub colour: Option<Colour>,
    /// Result code.
    pub result: ResultCode,
}

impl RoundEntry {
    /// An empty round block (not paired, no code).
    pub const BLANK: RoundEntry = RoundEntry {
        opponent: None,
        colour: None,
        result: ResultCode::Blank,
    };

    /// A bye or absence without opponent (`0000 - H`).
    pub fn bye(result: ResultCode) -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            result,
        }
    }
}

/// The person fields shared by `001` and national-rating records (columns 5-79).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Person {
    /// Starting rank (pairing number), 1-9999, columns 5-8.
    pub number: u16,
    /// Column 10.
    pub sex: Option<Sex>,
    /// Columns 11-13, e.g. `GM`, `WIM` (as written, trimmed).
    pub title: String,
    /// Columns 15-47, `Lastname, Firstname`.
    pub name: String,
    /// Columns 49-52 (FIDE rating in `001`, national rating in NRS records).
    pub rating: Option<u16>,
    /// Columns 54-56.
    pub federation: String,
    /// Columns 58-68 (FIDE ID in `001`, national ID in NRS records), as written.
    pub id: String,
    /// Columns 70-79, usually `YYYY/MM/DD`, as written.
    pub birth_date: String,
}

/// Player record `001`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    /// Identity fields, columns 5-79.
    pub person: Person,
    /// Columns 81-84, under the tournament's scoring system; `None` when blank.
    pub points: Option<Points>,
    /// Columns 86-89; `None` when blank.
    pub rank: Option<u16>,
    /// Round `r` at columns `92+10(r-1)` .. `99+10(r-1)`; trailing blank rounds are not kept.
    pub rounds: Vec<RoundEntry>,
}

impl Player {
    /// Pairing number (starting rank).
    pub fn number(&self) -> u16 {
        self.person.number
    }

    /// The entry of round `round` (1-based), if the line has one.
    pub fn round(&self, round: usize) -> Option<&RoundEntry> {
        round.checked_sub(1).and_then(|i| self.rounds.get(i))
    }
}

/// A header record `??2` (and `013`-era text records) the crate does not interpret further.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Header {
    /// `142` number of rounds.
    Rounds(u32),
    /// `152` initial colour `W` / `B`.
    InitialColour(Colour),
    /// `162` scoring system: pairs of symbol (`W D L A P X`) and points.
    Scoring(Vec<(String, Points)>),
    /// `362` team scoring: pairs of symbol (`TW TD TL`) and points.
    TeamScoring(Vec<(String, Points)>),
    /// Any other header line (`012`-`132`, `172`-`222`, `352`, ...): code and text from column 5.
    Text {
        /// Three-digit record code.
        code: u16,
        /// Text from column 5, trailing blanks removed.
        value: String,
    },
}

/// The result code a bye is entered as in a round block.
impl From<ByeKind> for ResultCode {
    fn from(kind: ByeKind) -> ResultCode {
        match kind {
            ByeKind::PairingAllocated => ResultCode::PairingAllocatedBye,
            ByeKind::Full => ResultCode::FullPointBye,
            ByeKind::Half => ResultCode::HalfPointBye,
            ByeKind::Zero => ResultCode::ZeroPointBye,
        }
    }
}

/// `240 T RRR IIII ...`: byes requested for a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bye {
    /// Column 5: `F`, `H` or `Z`; a pairing-allocated bye is the engine's to give, never
    /// requested, so a `240 U` record is refused when read and cannot be written.
    pub kind: ByeKind,
    /// Columns 7-9.
    pub round: u16,
    /// Pairing numbers from column 11 in 5-column steps.
    pub players: Vec<u16>,
}

/// `250 MMMM GGGG RRF RRL PPPF PPPL`: acceleration (virtual points) for a range of players and rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acceleration {
    /// Columns 5-8, match points (team tournaments only).
    pub match_points: Option<Points>,
    /// Columns 10-13, game points.
    pub game_points: Option<Points>,
    /// Columns 15-17.
    pub first_round: u16,
    /// Columns 19-21.
    pub last_round: u16,
    /// Columns 23-26.
    pub first_player: u16,
    /// Columns 28-31.
    pub last_player: u16,
}

/// `260 RRF RRL PPPP PPPP ...`: players who must not meet in the given rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prohibited {
    /// Columns 5-7.
    pub first_round: u16,
    /// Columns 9-11.
    pub last_round: u16,
    /// From column 13 in 5-column steps.
    pub players: Vec<u16>,
}

/// Legacy team record `013` (TRF16).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LegacyTeam {
    /// Columns 5-36.
    pub name: String,
    /// Pairing numbers from column 37 in 5-column steps, in board order.
    pub players: Vec<u16>,
}

/// Team record `310` (TRF-2026).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    /// Columns 5-7, 1-999.
    pub number: u16,
    /// Columns 9-40.
    pub name: String,
    /// Columns 42-46.
    pub nickname: String,
    /// Columns 48-53, as written.
    pub strength: String,
    /// Columns 55-60.
    pub match_points: Option<Points>,
    /// Columns 62-67.
    pub game_points: Option<Points>,
    /// Columns 69-71.
    pub rank: Option<u16>,
    /// Pairing numbers from column 74 in 5-column steps, in board order.
    pub players: Vec<u16>,
}

/// `320`: team pairing-allocated byes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamPab {
    /// Columns 5-8.
    pub match_points: Option<Points>,
    /// Columns 10-13.
    pub game_points: Option<Points>,
    /// Team receiving the PAB in round `r` at column `15+4(r-1)`; `None` for `000`/blank.
    pub teams: Vec<Option<u16>>,
}

/// `330`: a forfeited team match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForfeitedMatch {
    /// Columns 5-6: `+-`, `-+` or `--`.
    pub kind: String,
    /// Columns 8-10.
    pub round: u16,
    /// Columns 12-14.
    pub white: u16,
    /// Columns 16-18.
    pub black: u16,
}

/// `300`: a line-up that differs from the default board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineUp {
    /// Columns 5-7.
    pub round: u16,
    /// Columns 9-11.
    pub team: u16,
    /// Columns 13-15.
    pub opponent: u16,
    /// Board by board from column 17 in 5-column steps; `None` for an empty board (`0000`).
    pub players: Vec<Option<u16>>,
}

/// `299`: abnormal points (bonus, penalty, or a non-standard value for a result type).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AbnormalPoints {
    /// Column 5: the result type it re-scores (`W D L F H Z + -`), or `None` for a bonus/penalty.
    pub kind: Option<char>,
    /// Columns 8-11.
    pub match_points: Option<Points>,
    /// Columns 14-17 (game points, or points in individual events).
    pub game_points: Option<Points>,
    /// Columns 20-22, `0` = all rounds.
    pub round: u16,
    /// Pairing numbers from column 24 in 5-column steps; empty = everybody.
    pub players: Vec<u16>,
}

/// National rating support record: federation code in columns 1-3, `001` layout in columns 5-79.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NationalRating {
    /// Columns 1-3, e.g. `GER`.
    pub federation: String,
    /// Columns 5-79: national rating at 49-52 and national ID at 58-68.
    pub person: Person,
}

/// `XXC`: JaVaFo pairing options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingOptions {
    /// `rank`: pair by position in the file.
    pub rank: bool,
    /// `white1` / `black1`: colour of the first player in round 1.
    pub initial_colour: Option<Colour>,
}

/// `XXA NNNN pp.p pp.p ...`: acceleration points of one player, round by round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerAcceleration {
    /// Columns 5-8.
    pub player: u16,
    /// Virtual points for round 1, 2, ...
    pub points: Vec<Points>,
}

/// One line of a TRF file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    /// Header record (`012`-`362` ending in 2).
    Header(Header),
    /// `001`.
    Player(Player),
    /// National rating support record.
    NationalRating(NationalRating),
    /// `240`.
    Bye(Bye),
    /// `250`.
    Acceleration(Acceleration),
    /// `260`.
    Prohibited(Prohibited),
    /// `013`.
    LegacyTeam(LegacyTeam),
    /// `310`.
    Team(Team),
    /// `320`.
    TeamPab(TeamPab),
    /// `330`.
    ForfeitedMatch(ForfeitedMatch),
    /// `300`.
    LineUp(LineUp),
    /// `299`.
    AbnormalPoints(AbnormalPoints),
    /// `XXR n`: total number of rounds.
    TotalRounds(u32),
    /// `XXC`.
    PairingOptions(PairingOptions),
    /// `XXA`.
    PlayerAcceleration(PlayerAcceleration),
    /// `XXP id id ...`: players who must never meet.
    ForbiddenPairs(Vec<u16>),
    /// `XXZ id id ...`: players absent in the round to be paired.
    Absent(Vec<u16>),
    /// `XXS CODE=VALUE ...`: JaVaFo scoring.
    ExtendedScoring(Vec<(String, Points)>),
    /// `BBW BBD BBL BBZ BBF BBU pp.p`: bbpPairings scoring; the letter after `BB`.
    BbpScoring(char, Points),
    /// `###` comment (TRF-2026): text after the `###`.
    Comment(String),
    /// A line this crate does not know, kept verbatim.
    Unknown(String),
}

/// Text of one line split into characters, with the line number for errors.
struct Cols<'a> {
    chars: &'a [char],
    line: usize,
}

impl Cols<'_> {
    fn raw(&self, from: usize, to: usize) -> String {
        let start = (from - 1).min(self.chars.len());
        let end = to.min(self.chars.len());
        self.chars[start..end.max(start)].iter().collect()
    }

    fn text(&self, from: usize, to: usize) -> String {
        self.raw(from, to).trim().to_string()
    }

    fn char_at(&self, column: usize) -> char {
        self.chars.get(column - 1).copied().unwrap_or(' ')
    }

    fn err(&self, column: usize, expected: impl Into<String>) -> TrfError {
        TrfError::new(self.line, column, expected)
    }

    fn opt_num<T: FromStr>(
        &self,
        from: usize,
        to: usize,
        expected: &str,
    ) -> Result<Option<T>, TrfError> {
        let text = self.text(from, to);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse()
            .map(Some)
            .map_err(|_| self.err(from, format!("{expected} in columns {from}-{to}")))
    }

    fn num<T: FromStr>(&self, from: usize, to: usize, expected: &str) -> Result<T, TrfError> {
        self.opt_num(from, to, expected)?
            .ok_or_else(|| self.err(from, format!("{expected} in columns {from}-{to}")))
    }

    fn number(&self, from: usize, to: usize) -> Result<u16, TrfError> {
        let n: u16 = self.num(from, to, "a pairing number 1-9999")?;
        if n == 0 || n > 9999 {
            return Err(self.err(
                from,
                format!("a pairing number 1-9999 in columns {from}-{to}"),
            ));
        }
        Ok(n)
    }

    fn opt_points(&self, from: usize, to: usize) -> Result<Option<Points>, TrfError> {
        self.opt_num(from, to, "a score such as 2.5")
    }

    /// Fixed-width slots from `from` in steps of `step`, each `width` wide, until the line ends.
    fn slots(&self, from: usize, step: usize, width: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut col = from;
        while col <= self.chars.len() {
            out.push((col, self.text(col, col + width - 1)));
            col += step;
        }
        while out.last().is_some_and(|(_, s)| s.is_empty()) {
            out.pop();
        }
        out
    }

    fn numbers(&self, from: usize, step: usize, width: usize) -> Result<Vec<u16>, TrfError> {
        self.slots(from, step, width)
            .into_iter()
            .filter(|(_, s)| !s.is_empty())
            .map(|(col, _)| self.number(col, col + width - 1))
            .collect()
    }

    /// Whitespace-separated words from column `from`, with their columns.
    fn words(&self, from: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut current = String::new();
        let mut start = 0;
        for (i, &c) in self.chars.iter().enumerate().skip(from - 1) {
            if c.is_whitespace() {
                if !current.is_empty() {
                    out.push((start, std::mem::take(&mut current)));
                }
            } else {
                if current.is_empty() {
                    start = i + 1;
                }
                current.push(c);
            }
        }
        if !current.is_empty() {
            out.push((start, current));
        }
        out
    }

    /// Pairing numbers written as separate words.
    fn word_numbers(&self, words: &[(usize, String)]) -> Result<Vec<u16>, TrfError> {
        words
            .iter()
            .map(|(col, w)| {
                w.parse::<u16>()
                    .ok()
                    .filter(|n| (1..=9999).contains(n))
                    .ok_or_else(|| self.err(*col, "a pairing number 1-9999"))
            })
            .collect()
    }

    /// A round number written as a word.
    fn word_round(&self, word: Option<&(usize, String)>, column: usize) -> Result<u16, TrfError> {
        let (col, w) = word.ok_or_else(|| self.err(column, "a round number"))?;
        w.parse().map_err(|_| self.err(*col, "a round number"))
    }

    fn word_points(&self, col: usize, word: &str) -> Result<Points, TrfError> {
        word.parse()
            .map_err(|_| self.err(col, "a score such as 2.5"))
    }

    /// `162` / `362` pairs: a symbol of letters and its points, written apart (`W 1.0`) or,
    /// when the points fill their four columns, together (`W11.5`).
    fn pairs(&self, from: usize) -> Result<Vec<(String, Points)>, TrfError> {
        let words = self.words(from);
        let mut out = Vec::new();
        let mut i = 0;
        while let Some((col, word)) = words.get(i) {
            let split = word
                .find(|c: char| !c.is_ascii_alphabetic())
                .unwrap_or(word.len());
            if split == 0 {
                return Err(self.err(*col, "a result symbol such as W"));
            }
            let symbol = word[..split].to_ascii_uppercase();
            let value = if split < word.len() {
                i += 1;
                self.word_points(col + split, &word[split..])?
            } else {
                let (value_col, value) = words
                    .get(i + 1)
                    .ok_or_else(|| self.err(col + split, "the points of the symbol"))?;
                i += 2;
                self.word_points(*value_col, value)?
            };
            out.push((symbol, value));
        }
        Ok(out)
    }

    fn person(&self) -> Result<Person, TrfError> {
        let sex = match self.char_at(10) {
            ' ' => None,
            'm' | 'M' => Some(Sex::Male),
            'w' | 'W' | 'f' | 'F' => Some(Sex::Female),
            _ => return Err(self.err(10, "sex m, w or blank in column 10")),
        };
        Ok(Person {
            number: self.number(5, 8)?,
            sex,
            title: self.text(11, 13),
            name: self.text(15, 47),
            rating: self.opt_num(49, 52, "a rating")?,
            federation: self.text(54, 56),
            id: self.text(58, 68),
            birth_date: self.text(70, 79),
        })
    }

    fn player(&self) -> Result<Player, TrfError> {
        let person = self.person()?;
        let points = self.opt_points(81, 84)?;
        let rank = self.opt_num(86, 89, "a rank")?;
        let mut rounds = Vec::new();
        let mut col = 92;
        while col <= self.chars.len() {
            rounds.push(self.round_entry(col)?);
            col += 10;
        }
        while rounds.last() == Some(&RoundEntry::BLANK) {
            rounds.pop();
        }
        Ok(Player {
            person,
            points,
            rank,
            rounds,
        })
    }

    fn round_entry(&self, col: usize) -> Result<RoundEntry, TrfError> {
        let opponent = match self.opt_num::<u16>(col, col + 3, "an opponent's pairing number")? {
            None | Some(0) => None,
            Some(n) if n <= 9999 => Some(n),
            Some(_) => return Err(self.err(col, "an opponent's pairing number 0-9999")),
        };
        let colour = match self.char_at(col + 5) {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            '-' | ' ' => None,
            _ => return Err(self.err(col + 5, "colour w, b or -")),
        };
        let result = ResultCode::from_char(self.char_at(col + 7))
            .ok_or_else(|| self.err(col + 7, "a result code (1 = 0 + - W D L H F U Z *)"))?;
        Ok(RoundEntry {
            opponent,
            colour,
            result,
        })
    }
}

/// Tournament-section codes `??2` (`012`-`392`); `802` is a team crosstable, not a header.
fn is_header_code(code: &str) -> bool {
    code.len() == 3
        && code.bytes().all(|b| b.is_ascii_digit())
        && code.ends_with('2')
        && code < "400"
}

impl Record {
    /// Parses one line (without its line ending); `line` is the 1-based line number for errors.
    pub fn parse(text: &str, line: usize) -> Result<Record, TrfError> {
        let chars: Vec<char> = text.chars().collect();
        let c = Cols {
            chars: &chars,
            line,
        };
        if let Some(comment) = text.strip_prefix("###") {
            return Ok(Record::Comment(comment.to_string()));
        }
        if chars.len() < 3 || (chars.len() > 3 && chars[3] != ' ') {
            return Ok(Record::Unknown(text.to_string()));
        }
        let code = c.raw(1, 3);
        let record = match code.as_str() {
            "001" => Record::Player(c.player()?),
            "013" => Record::LegacyTeam(LegacyTeam {
                name: c.text(5, 36),
                players: c.numbers(37, 5, 4)?,
            }),
            "142" => Record::Header(Header::Rounds(c.num(
                5,
                chars.len().max(5),
                "a number of rounds",
            )?)),
            "152" => Record::Header(Header::InitialColour(
                match c.text(5, chars.len()).as_str() {
                    "W" | "w" => Colour::White,
                    "B" | "b" => Colour::Black,
                    _ => return Err(c.err(5, "initial colour W or B")),
                },
            )),
            "162" => Record::Header(Header::Scoring(c.pairs(5)?)),
            "362" => Record::Header(Header::TeamScoring(c.pairs(5)?)),
            "240" => {
                let kind = match c.char_at(5).to_ascii_uppercase() {
                    'F' => ByeKind::Full,
                    'H' => ByeKind::Half,
                    'Z' => ByeKind::Zero,
                    _ => return Err(c.err(5, "bye type F, H or Z")),
                };
                let words = c.words(6);
                Record::Bye(Bye {
                    kind,
                    round: c.word_round(words.first(), 7)?,
                    players: c.word_numbers(words.get(1..).unwrap_or_default())?,
                })
            }
            "250" => Record::Acceleration(Acceleration {
                match_points: c.opt_points(5, 8)?,
                game_points: c.opt_points(10, 13)?,
                first_round: c.num(15, 17, "a round number")?,
                last_round: c.num(19, 21, "a round number")?,
                first_player: c.number(23, 26)?,
                last_player: c.number(28, 31)?,
            }),
            "260" => {
                let words = c.words(5);
                Record::Prohibited(Prohibited {
                    first_round: c.word_round(words.first(), 5)?,
                    last_round: c.word_round(words.get(1), 9)?,
                    players: c.word_numbers(words.get(2..).unwrap_or_default())?,
                })
            }
            "299" => Record::AbnormalPoints(AbnormalPoints {
                kind: match c.char_at(5) {
                    ' ' => None,
                    k if "WDLFHZ+-".contains(k.to_ascii_uppercase()) => {
                        Some(k.to_ascii_uppercase())
                    }
                    _ => return Err(c.err(5, "a result type W D L F H Z + - or blank")),
                },
                match_points: c.opt_points(8, 11)?,
                game_points: c.opt_points(14, 17)?,
                round: c.opt_num(20, 22, "a round number")?.unwrap_or(0),
                players: c.numbers(24, 5, 4)?,
            }),
            "300" => Record::LineUp(LineUp {
                round: c.num(5, 7, "a round number")?,
                team: c.num(9, 11, "a team number")?,
                opponent: c.num(13, 15, "a team number")?,
                players: c
                    .slots(17, 5, 4)
                    .into_iter()
                    .map(|(col, s)| match s.parse::<u16>() {
                        Ok(0) => Ok(None),
                        Ok(n) if n <= 9999 => Ok(Some(n)),
                        _ => Err(c.err(col, "a pairing number or 0000")),
                    })
                    .collect::<Result<_, _>>()?,
            }),
            "310" => Record::Team(Team {
                number: c.num(5, 7, "a team number")?,
                name: c.text(9, 40),
                nickname: c.text(42, 46),
                strength: c.text(48, 53),
                match_points: c.opt_points(55, 60)?,
                game_points: c.opt_points(62, 67)?,
                rank: c.opt_num(69, 71, "a rank")?,
                players: c.numbers(74, 5, 4)?,
            }),
            "320" => Record::TeamPab(TeamPab {
                match_points: c.opt_points(5, 8)?,
                game_points: c.opt_points(10, 13)?,
                teams: c
                    .slots(15, 4, 3)
                    .into_iter()
                    .map(|(col, s)| match s.parse::<u16>() {
                        _ if s.is_empty() => Ok(None),
                        Ok(0) => Ok(None),
                        Ok(n) => Ok(Some(n)),
                        Err(_) => Err(c.err(col, "a team number or 000")),
                    })
                    .collect::<Result<_, _>>()?,
            }),
            "330" => Record::ForfeitedMatch(ForfeitedMatch {
                kind: match c.raw(5, 6).as_str() {
                    k @ ("+-" | "-+" | "--") => k.to_string(),
                    _ => return Err(c.err(5, "forfeit type +-, -+ or --")),
                },
                round: c.num(8, 10, "a round number")?,
                white: c.num(12, 14, "a team number")?,
                black: c.num(16, 18, "a team number")?,
            }),
            "XXR" => Record::TotalRounds(c.num(5, chars.len().max(5), "a number of rounds")?),
            "XXC" => {
                let mut options = PairingOptions {
                    rank: false,
                    initial_colour: None,
                };
                for (col, word) in c.words(4) {
                    match word.to_ascii_lowercase().as_str() {
                        "rank" => options.rank = true,
                        "white1" => options.initial_colour = Some(Colour::White),
                        "black1" => options.initial_colour = Some(Colour::Black),
                        _ => return Err(c.err(col, "rank, white1 or black1")),
                    }
                }
                Record::PairingOptions(options)
            }
            "XXA" => {
                let words = c.words(4);
                let (first, rest) = words
                    .split_first()
                    .ok_or_else(|| c.err(5, "a pairing number 1-9999"))?;
                let player = c.word_numbers(std::slice::from_ref(first))?[0];
                let points = rest
                    .iter()
                    .map(|(col, w)| c.word_points(*col, w))
                    .collect::<Result<_, _>>()?;
                Record::PlayerAcceleration(PlayerAcceleration { player, points })
            }
            "XXP" => Record::ForbiddenPairs(c.word_numbers(&c.words(4))?),
            "XXZ" => Record::Absent(c.word_numbers(&c.words(4))?),
            "XXS" => Record::ExtendedScoring(
                c.words(4)
                    .into_iter()
                    .map(|(col, w)| {
                        let (code, value) = w
                            .split_once('=')
                            .ok_or_else(|| c.err(col, "CODE=VALUE, e.g. WW=1.0"))?;
                        let value_col = col + code.chars().count() + 1;
                        Ok((code.to_ascii_uppercase(), c.word_points(value_col, value)?))
                    })
                    .collect::<Result<_, TrfError>>()?,
            ),
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let words = c.words(4);
                match words.as_slice() {
                    [(col, w)] => Record::BbpScoring(chars[2], c.word_points(*col, w)?),
                    _ => return Err(c.err(5, "one score such as 1.0")),
                }
            }
            code if is_header_code(code) => Record::Header(Header::Text {
                code: code.parse().unwrap_or_default(),
                value: c.raw(5, chars.len()).trim_end().to_string(),
            }),
            code if code.chars().all(|ch| ch.is_ascii_uppercase())
                && !matches!(code, "DAT")
                && !code.starts_with("XX")
                && !code.starts_with("BB") =>
            {
                match c.person() {
                    Ok(person) => Record::NationalRating(NationalRating {
                        federation: code.to_string(),
                        person,
                    }),
                    Err(_) => Record::Unknown(text.to_string()),
                }
            }
            _ => Record::Unknown(text.to_string()),
        };
        Ok(record)
    }

    /// Whether the record is one of the TRF (or its engine extensions): not a comment and not
    /// an unknown line.
    pub fn is_trf(&self) -> bool {
        !matches!(self, Record::Comment(_) | Record::Unknown(_))
    }

    /// Whether the record exists only in TRF-2026 (not in TRF16 nor in the TRF16-era extensions).
    pub fn is_trf26_only(&self) -> bool {
        match self {
            Record::Header(Header::Text { code, .. }) => *code >= 142,
            Record::Header(_)
            | Record::NationalRating(_)
            | Record::Bye(_)
            | Record::Acceleration(_)
            | Record::Prohibited(_)
            | Record::Team(_)
            | Record::TeamPab(_)
            | Record::ForfeitedMatch(_)
            | Record::LineUp(_)
            | Record::AbnormalPoints(_)
            | Record::Comment(_) => true,
            _ => false,
        }
    }

    /// Writes the record in its canonical fixed-column form (no line ending). The text always
    /// parses back to the same record; values that do not fit their columns are an error, and
    /// so is a line break or other control character in a value (it would forge records).
    pub fn write(&self) -> Result<String, WriteError> {
        let s = self.write_columns()?;
        if s.contains(char::is_control) {
            return Err(WriteError::ControlCharacter(s));
        }
        Ok(s)
    }

    fn write_columns(&self) -> Result<String, WriteError> {
        let mut s = String::new();
        match self {
            Record::Header(h) => match h {
                Header::Rounds(n) => s = format!("142 {n}"),
                Header::InitialColour(c) => s = format!("152 {}", c.letter()),
                Header::Scoring(pairs) => {
                    s.push_str("162");
                    write_pairs(&mut s, pairs);
                }
                Header::TeamScoring(pairs) => {
                    s.push_str("362");
                    write_pairs(&mut s, pairs);
                }
                Header::Text { code, value } => s = format!("{code:03} {value}"),
            },
            Record::Player(p) => {
                s.push_str("001");
                write_person(&mut s, &p.person, "001")?;
                let points = p.points.map(|x| x.to_string()).unwrap_or_default();
                fits("001", "points", &points, 4)?;
                let rank = p.rank.map(|x| x.to_string()).unwrap_or_default();
                fits("001", "rank", &rank, 4)?;
                pad_to(&mut s, 80);
                let _ = write!(s, "{points:>4} {rank:>4}");
                for entry in &p.rounds {
                    if *entry == RoundEntry::BLANK {
                        s.push_str("          ");
                        continue;
                    }
                    let opponent = match entry.opponent {
                        Some(n) => number(n)?.to_string(),
                        None => "0000".to_string(),
                    };
                    let colour = entry.colour.map_or('-', |c| match c {
                        Colour::White => 'w',
                        Colour::Black => 'b',
                    });
                    let _ = write!(s, "  {opponent:>4} {colour} {}", entry.result.as_char());
                }
            }
            Record::NationalRating(n) => {
                fits("NRS", "federation", &n.federation, 3)?;
                s.push_str(&n.federation);
                write_person(&mut s, &n.person, "NRS")?;
            }
            Record::Bye(b) => {
                let _ = write!(s, "240 {} {:>3}", b.kind.code(), b.round);
                write_numbers(&mut s, &b.players)?;
            }
            Record::Acceleration(a) => {
                let _ = write!(
                    s,
                    "250 {:>4} {:>4} {:>3} {:>3} {:>4} {:>4}",
                    opt(a.match_points),
                    opt(a.game_points),
                    a.first_round,
                    a.last_round,
                    number(a.first_player)?,
                    number(a.last_player)?
                );
            }
            Record::Prohibited(p) => {
                let _ = write!(s, "260 {:>3} {:>3}", p.first_round, p.last_round);
                write_numbers(&mut s, &p.players)?;
            }
            Record::LegacyTeam(t) => {
                fits("013", "team name", &t.name, 32)?;
                let _ = write!(s, "013 {:<32}", t.name);
                for (i, &n) in t.players.iter().enumerate() {
                    if i > 0 {
                        s.push(' ');
                    }
                    let _ = write!(s, "{:>4}", number(n)?);
                }
            }
            Record::Team(t) => {
                fits("310", "team name", &t.name, 32)?;
                fits("310", "nickname", &t.nickname, 5)?;
                fits("310", "strength", &t.strength, 6)?;
                let _ = write!(
                    s,
                    "310 {:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  ",
                    t.number,
                    t.name,
                    t.nickname,
                    t.strength,
                    opt(t.match_points),
                    opt(t.game_points),
                    t.rank.map(|r| r.to_string()).unwrap_or_default()
                );
                for (i, &n) in t.players.iter().enumerate() {
                    if i > 0 {
                        s.push(' ');
                    }
                    let _ = write!(s, "{:>4}", number(n)?);
                }
            }
            Record::TeamPab(t) => {
                let _ = write!(
                    s,
                    "320 {:>4} {:>4}",
                    opt(t.match_points),
                    opt(t.game_points)
                );
                for team in &t.teams {
                    let _ = write!(s, " {:03}", team.unwrap_or(0));
                }
            }
            Record::ForfeitedMatch(m) => {
                let _ = write!(
                    s,
                    "330 {} {:>3} {:>3} {:>3}",
                    m.kind, m.round, m.white, m.black
                );
            }
            Record::LineUp(l) => {
                let _ = write!(s, "300 {:>3} {:>3} {:>3}", l.round, l.team, l.opponent);
                for p in &l.players {
                    let _ = write!(s, " {:04}", p.map(number).transpose()?.unwrap_or(0));
                }
            }
            Record::AbnormalPoints(a) => {
                let _ = write!(
                    s,
                    "299 {}  {:>4}  {:>4}  {:>3}",
                    a.kind.unwrap_or(' '),
                    opt(a.match_points),
                    opt(a.game_points),
                    a.round
                );
                for &n in &a.players {
                    let _ = write!(s, " {:>4}", number(n)?);
                }
            }
            Record::TotalRounds(n) => s = format!("XXR {n}"),
            Record::PairingOptions(o) => {
                s.push_str("XXC");
                if o.rank {
                    s.push_str(" rank");
                }
                match o.initial_colour {
                    Some(Colour::White) => s.push_str(" white1"),
                    Some(Colour::Black) => s.push_str(" black1"),
                    None => {}
                }
            }
            Record::PlayerAcceleration(a) => {
                let _ = write!(s, "XXA {:>4}", number(a.player)?);
                for p in &a.points {
                    let _ = write!(s, " {p:>4}");
                }
            }
            Record::ForbiddenPairs(ids) => {
                s.push_str("XXP");
                write_numbers(&mut s, ids)?;
            }
            Record::Absent(ids) => {
                s.push_str("XXZ");
                write_numbers(&mut s, ids)?;
            }
            Record::ExtendedScoring(pairs) => {
                s.push_str("XXS");
                for (code, value) in pairs {
                    let _ = write!(s, " {code}={value}");
                }
            }
            Record::BbpScoring(letter, value) => s = format!("BB{letter} {value:>4}"),
            Record::Comment(text) => return Ok(format!("###{text}")),
            Record::Unknown(text) => return Ok(text.clone()),
        }
        let trimmed = s.trim_end().len();
        s.truncate(trimmed);
        if Record::parse(&s, 1).as_ref() != Ok(self) {
            return Err(WriteError::Unrepresentable(s));
        }
        Ok(s)
    }
}

fn opt(p: Option<Points>) -> String {
    p.map(|x| x.to_string()).unwrap_or_default()
}

fn number(n: u16) -> Result<u16, WriteError> {
    if (1..=9999).contains(&n) {
        Ok(n)
    } else {
        Err(WriteError::PairingNumber(u32::from(n)))
    }
}

fn fits(
    record: &'static str,
    field: &'static str,
    value: &str,
    width: usize,
) -> Result<(), WriteError> {
    if value.chars().count() > width {
        return Err(WriteError::FieldTooWide {
            record,
            field,
            value: value.to_string(),
        });
    }
    Ok(())
}

fn pad_to(s: &mut String, column: usize) {
    let len = s.chars().count();
    s.extend(std::iter::repeat_n(' ', column.saturating_sub(len)));
}

fn write_numbers(s: &mut String, ids: &[u16]) -> Result<(), WriteError> {
    for &n in ids {
        let _ = write!(s, " {:>4}", number(n)?);
    }
    Ok(())
}

/// `162` / `362` pairs: the k-th symbol ends in column `6 + 9k`, its points follow in the next
/// four columns (`162  W 3.0    D 1.0`, `362 TW 2.0   TD 1.0`).
fn write_pairs(s: &mut String, pairs: &[(String, Points)]) {
    for (k, (symbol, value)) in pairs.iter().enumerate() {
        pad_to(s, (6 + 9 * k).saturating_sub(symbol.chars().count()));
        if !s.ends_with(' ') {
            s.push(' ');
        }
        let _ = write!(s, "{symbol}{value:>4}");
    }
}

fn write_person(s: &mut String, p: &Person, record: &'static str) -> Result<(), WriteError> {
    let rating = p.rating.map(|r| r.to_string()).unwrap_or_default();
    fits(record, "title", &p.title, 3)?;
    fits(record, "name", &p.name, 33)?;
    fits(record, "rating", &rating, 4)?;
    fits(record, "federation", &p.federation, 3)?;
    fits(record, "id", &p.id, 11)?;
    fits(record, "birth date", &p.birth_date, 10)?;
    let sex = match p.sex {
        Some(Sex::Male) => 'm',
        Some(Sex::Female) => 'w',
        None => ' ',
    };
    let _ = write!(
        s,
        " {:>4} {sex}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10}",
        number(p.number)?,
        p.title,
        p.name,
        rating,
        p.federation,
        p.id,
        p.birth_date
    );
    Ok(())
}
