//! Replay logs (`arbiter replay`, live games of `arbiter serve`): a game written as JSON lines and
//! followed event by event with the rules engine ([`crate::arbiter`]).
//!
//! The first line sets the game up ([`Header`]):
//! `{"start": "startpos", "time_control": "5400+30", "profile": "fide-2023"}`
//! (`start` is `startpos` or a FEN; `profile` and the optional `draw_offers_from_move`,
//! `supervision` and `quickplay_finish` are optional). Every further line is one event
//! ([`Event`]) with its time in milliseconds, e.g.
//! `{"at_ms": 5000, "event": "move", "by": "white", "move": "e4"}`; the laws crate README
//! ("Board actions and rulings") lists all events. Blank lines and comment lines (starting
//! with `#`) are skipped; line numbers count them.
//!
//! Rulings ([`Cited`]) serialize as `{"ruling", "article", "edition"}` and the state after the
//! last event as [`Final`]: the shapes `arbiter replay --json` prints.
//!
//! ```
//! let log = r#"{"time_control": "300+2"}
//! {"at_ms": 0, "event": "start_clock"}
//! {"at_ms": 4000, "event": "move", "move": "e4"}
//! {"at_ms": 4000, "event": "press", "by": "white"}"#;
//! let report = laws::replay::replay(log, None).unwrap();
//! assert_eq!(report.final_state().white_ms, 300_000 - 4_000 + 2_000);
//! ```

use std::fmt;

use serde::{Deserialize, Serialize, Serializer};
use shakmaty::{Chess, Color, Move, Position, Role, Square};

use crate::arbiter::{Action, ActionError, Arbiter, Choice, Cited, Irregularity};
use crate::clock::{Adjustment, FlagOrder};
use crate::edition::{Profile, Supervision};
use crate::lang::Lang;
use crate::notation::{Form, Language, parse_move, write_move};
use crate::penalties::{Conduct, Penalty};
use crate::position::StartingPosition;

/// A bad log line: its number and the column (in characters, both from 1) where the problem is
/// found, the start of the line's JSON object when the object as a whole is wrong, and what is
/// wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// The line number, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// Why the event was refused when the line was read as an event: a move or square that
    /// cannot be read, or an action the game's state does not allow (so that a user interface
    /// can word it in the reader's language).
    pub refused: Option<Refusal>,
}

/// Why an event line that was read as an event is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A move, square, promotion piece or language of the event cannot be read.
    Unreadable(Unreadable),
    /// The engine does not allow the action in the game's state.
    Engine(ActionError),
}

impl Refusal {
    /// The refusal in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Refusal::Unreadable(u) => u.text(lang),
            Refusal::Engine(e) => e.text(lang),
        }
    }
}

/// What in an event cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// A move that is neither a legal move in SAN nor a move in UCI.
    Move(String),
    /// A move in UCI from an empty square.
    NoPiece {
        /// The move as written.
        written: String,
        /// Its empty starting square.
        from: Square,
    },
    /// Text that names no square.
    Square(String),
    /// A promotion piece that is not one of q, r, b, n.
    Promotion(String),
    /// A language of the moves that Appendix C does not list.
    Language(String),
}

impl Unreadable {
    /// What cannot be read, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Unreadable::Move(m), Lang::En) => {
                format!("move {m:?} is neither a legal move in SAN nor a move in UCI (e.g. e1e3)")
            }
            (Unreadable::Move(m), Lang::De) => format!(
                "Zug „{m}“ ist weder ein regelgemäßer Zug in Kurznotation noch ein Zug in UCI (z. B. e1e3)"
            ),
            (Unreadable::NoPiece { written, from }, Lang::En) => {
                format!("move {written:?}: no piece on {from}")
            }
            (Unreadable::NoPiece { written, from }, Lang::De) => {
                format!("Zug „{written}“: auf {from} steht keine Figur")
            }
            (Unreadable::Square(t), Lang::En) => format!("{t:?} is not a square"),
            (Unreadable::Square(t), Lang::De) => format!("„{t}“ ist kein Feld"),
            (Unreadable::Promotion(p), Lang::En) => {
                format!("promotion {p:?} is not one of q, r, b, n")
            }
            (Unreadable::Promotion(p), Lang::De) => {
                format!("Umwandlung „{p}“ ist keine von q, r, b, n (D, T, L, S)")
            }
            (Unreadable::Language(l), Lang::En) => {
                format!("{l:?} is not a language of Appendix C")
            }
            (Unreadable::Language(l), Lang::De) => {
                format!("„{l}“ ist keine Sprache des Anhangs C")
            }
        }
    }
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for LineError {}

/// One non-blank line of a log: its number, where its text starts, and its trimmed text.
#[derive(Clone, Copy)]
pub struct LogLine<'a> {
    number: usize,
    column: usize,
    text: &'a str,
}

impl<'a> LogLine<'a> {
    /// Line `number` of a log with this text (leading and trailing white space skipped).
    pub fn new(number: usize, text: &'a str) -> LogLine<'a> {
        LogLine {
            number,
            column: 1 + text.chars().take_while(|c| c.is_whitespace()).count(),
            text: text.trim(),
        }
    }

    /// A blank line, or a comment: a line whose text starts with `#` (a log may cite the
    /// Laws or state what it expects; the replay skips it).
    pub fn is_blank_or_comment(&self) -> bool {
        self.text.is_empty() || self.text.starts_with('#')
    }

    fn error(&self, message: String) -> LineError {
        LineError {
            line: self.number,
            column: self.column,
            message,
            refused: None,
        }
    }

    /// A JSON error at serde's byte column inside the trimmed text.
    fn json_error(&self, prefix: &str, e: &serde_json::Error) -> LineError {
        let mut at = e.column().saturating_sub(1).min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        LineError {
            line: self.number,
            column: self.column + self.text[..at].chars().count(),
            message: format!("{prefix}{e}"),
            refused: None,
        }
    }
}

/// Replays a log given as bytes: text that is not UTF-8 is refused at its line and column.
pub fn replay_bytes(bytes: &[u8], profile: Option<Profile>) -> Result<Report, LineError> {
    replay(decode(bytes)?, profile)
}

/// The log as text: bytes that are not UTF-8 are refused at their line and column.
pub fn decode(bytes: &[u8]) -> Result<&str, LineError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        LineError {
            line: 1 + valid.iter().filter(|&&b| b == b'\n').count(),
            column: 1 + std::str::from_utf8(&valid[start..]).map_or(0, |s| s.chars().count()),
            message: "expected UTF-8 text".into(),
            refused: None,
        }
    })
}

/// The rulings of one event line.
#[derive(Debug, Clone)]
pub struct Step {
    /// The line number of the event.
    pub line: usize,
    /// The event's time.
    pub at_ms: u64,
    /// What the engine ruled.
    pub rulings: Vec<Cited>,
}

/// Everything a replay found.
#[derive(Debug, Clone)]
pub struct Report {
    /// The rules applied.
    pub profile: Profile,
    /// The rulings, event by event.
    pub steps: Vec<Step>,
    /// The engine after the last event.
    pub arbiter: Arbiter,
    /// The latest event time.
    pub last_ms: u64,
    /// The first event line that could not be read or that the game's state does not allow
    /// ([`replay_partial`]); the steps stop before it.
    pub refused: Option<LineError>,
}

/// The first line of a log: how the game is set up.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// `startpos` (the default) or a FEN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The time control ([`crate::time_control`]).
    pub time_control: String,
    /// The rules profile ([`Profile`]), `fide-2023` when not given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<String>,
    /// The move from which draw offers are allowed (Art. 9.1.1), overriding the profile's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offers_from_move: Option<u32>,
    /// Whether an arbiter supervises the game, overriding the profile's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supervision: Option<Supervision>,
    /// Whether the quickplay finish applies (Guideline III), overriding the profile's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quickplay_finish: Option<bool>,
    /// The regulations' default time in milliseconds (Art. 6.7.1), for any profile and game
    /// type; at most [`MAX_DEFAULT_TIME_MS`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_time_ms: Option<u64>,
    /// `unknown` for clocks that do not show which flag fell first (Guideline III.3.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag_order: Option<FlagOrder>,
}

/// The longest default time a log may set: 6 hours (Art. 6.7.1).
pub const MAX_DEFAULT_TIME_MS: u64 = 6 * 3_600_000;

impl Header {
    /// The header of a log on the standard position with this time control and profile name.
    pub fn new(time_control: &str, profile: &str) -> Header {
        Header {
            start: None,
            time_control: time_control.to_owned(),
            profile: (!profile.is_empty()).then(|| profile.to_owned()),
            draw_offers_from_move: None,
            supervision: None,
            quickplay_finish: None,
            default_time_ms: None,
            flag_order: None,
        }
    }

    /// The profile of the game: `profile` if given, else the header's, with the header's
    /// overrides; the message names what is wrong.
    pub fn profile(&self, profile: Option<Profile>) -> Result<Profile, String> {
        let mut profile = match (profile, self.profile.as_deref()) {
            (Some(p), _) => p,
            (None, Some(name)) => name.parse().map_err(|e| format!("{e}"))?,
            (None, None) => Profile::default(),
        };
        if self.draw_offers_from_move.is_some() {
            profile.draw_offers_from_move = self.draw_offers_from_move;
        }
        if let Some(supervision) = self.supervision {
            profile.supervision = supervision;
        }
        if let Some(announced) = self.quickplay_finish {
            profile.quickplay_finish = announced;
        }
        Ok(profile)
    }

    /// The engine at the start of the game, under `profile` if given.
    pub fn arbiter(&self, profile: Option<Profile>) -> Result<Arbiter, String> {
        let start: StartingPosition = self
            .start
            .as_deref()
            .unwrap_or("startpos")
            .parse()
            .map_err(|e| format!("start: {e}"))?;
        let control = self.time_control.parse().map_err(|e| format!("{e}"))?;
        let mut arbiter = Arbiter::new(start, control, self.profile(profile)?);
        if let Some(ms) = self.default_time_ms {
            if ms > MAX_DEFAULT_TIME_MS {
                return Err(format!(
                    "default_time_ms: {ms} is more than {MAX_DEFAULT_TIME_MS} (6 hours)"
                ));
            }
            arbiter = arbiter.with_default_time(ms);
        }
        if self.flag_order == Some(FlagOrder::Unknown) {
            arbiter = arbiter.with_flag_order(FlagOrder::Unknown);
        }
        Ok(arbiter)
    }
}

/// Colours as logs write them: `"white"`, `"black"`.
mod side {
    use serde::{Deserialize, Deserializer};
    use shakmaty::Color;

    #[derive(Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Side {
        White,
        Black,
    }

    impl From<Side> for Color {
        fn from(s: Side) -> Color {
            match s {
                Side::White => Color::White,
                Side::Black => Color::Black,
            }
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        Side::deserialize(d).map(Color::from)
    }

    /// An optional colour (`None` when the field is missing).
    pub(super) mod optional {
        use super::*;

        pub(in crate::replay) fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<Color>, D::Error> {
            Ok(Option::<Side>::deserialize(d)?.map(Color::from))
        }
    }
}

/// One event line: its time and the event.
#[derive(Deserialize)]
struct Line {
    at_ms: u64,
    #[serde(flatten)]
    event: Event,
}

/// An event of a log, as written: moves and squares are text, read against the position when
/// the event is applied ([`Event::action`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
#[allow(missing_docs)] // each variant is the [`Action`] of the same name
pub enum Event {
    BoardRelease,
    StartClock,
    Arrive {
        #[serde(with = "side")]
        by: Color,
    },
    CheckAbsence,
    Move {
        #[serde(default, with = "side::optional")]
        by: Option<Color>,
        r#move: String,
    },
    Press {
        #[serde(with = "side")]
        by: Color,
    },
    UnreplacedPawn {
        #[serde(with = "side")]
        by: Color,
        r#move: String,
    },
    TwoHands {
        #[serde(with = "side")]
        by: Color,
    },
    Touch {
        #[serde(with = "side")]
        by: Color,
        square: String,
    },
    ClaimTouchMove {
        #[serde(with = "side")]
        by: Color,
        square: String,
    },
    OfferDraw {
        #[serde(with = "side")]
        by: Color,
    },
    AcceptDraw {
        #[serde(with = "side")]
        by: Color,
    },
    DeclineDraw {
        #[serde(with = "side")]
        by: Color,
    },
    ClaimDraw {
        #[serde(with = "side")]
        by: Color,
        r#move: Option<String>,
    },
    ClaimFlag {
        #[serde(with = "side")]
        by: Color,
    },
    ObserveFlags,
    ClaimIllegalMove {
        #[serde(with = "side")]
        by: Color,
    },
    Intervene,
    Resign {
        #[serde(with = "side")]
        by: Color,
    },
    Irregularity {
        kind: Irregularity,
    },
    Device {
        #[serde(with = "side")]
        by: Color,
        switched_on: bool,
    },
    OpenEnvelope {
        r#move: String,
        language: Option<String>,
    },
    PersistentRefusal {
        #[serde(with = "side")]
        by: Color,
    },
    BothRefuse,
    QuickplayClaim {
        #[serde(with = "side")]
        by: Color,
    },
    IncrementRequest {
        #[serde(with = "side")]
        by: Color,
    },
    QuickplayClaimWithoutArbiter {
        #[serde(with = "side")]
        by: Color,
    },
    UnnoticedMove {
        #[serde(default, with = "side::optional")]
        by: Option<Color>,
        r#move: String,
    },
    Displace {
        from: String,
        to: String,
    },
    IllegalMoveDiscovered {
        ply: u32,
    },
    DisplacementDiscovered {
        ply: u32,
    },
    Release {
        #[serde(with = "side")]
        by: Color,
        from: String,
        to: String,
        promotion: Option<String>,
    },
    Adjust {
        #[serde(with = "side")]
        by: Color,
        square: String,
    },
    Misconduct {
        #[serde(with = "side")]
        by: Color,
        conduct: Conduct,
    },
    ScoresheetRequest {
        #[serde(with = "side")]
        by: Color,
    },
    StopClock,
    RestartClock,
    AdjustTime {
        #[serde(with = "side")]
        color: Color,
        delta_ms: i64,
        reason: Adjustment,
    },
    SetClock {
        #[serde(with = "side")]
        color: Color,
        remaining_ms: u64,
        moves_completed: u32,
        reason: Adjustment,
    },
    Penalty {
        #[serde(with = "side")]
        against: Color,
        penalty: Penalty,
    },
    Decision {
        choice: Choice,
    },
}

/// A move in English SAN if legal, else in UCI (which may name an illegal move).
fn parse_any_move(position: &Chess, text: &str) -> Result<Move, Unreadable> {
    if let Ok(m) = parse_move(position, text, Language::English) {
        return Ok(m);
    }
    let squares = text
        .get(0..2)
        .zip(text.get(2..4))
        .and_then(|(a, b)| Some((a.parse::<Square>().ok()?, b.parse::<Square>().ok()?)));
    let Some((from, to)) = squares.filter(|_| text.len() == 4) else {
        return Err(Unreadable::Move(text.to_owned()));
    };
    let board = position.board();
    let role = board.role_at(from).ok_or_else(|| Unreadable::NoPiece {
        written: text.to_owned(),
        from,
    })?;
    Ok(Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion: None,
    })
}

fn square(text: &str) -> Result<Square, Unreadable> {
    text.parse()
        .map_err(|_| Unreadable::Square(text.to_owned()))
}

fn promotion(p: &str) -> Result<Role, Unreadable> {
    p.chars()
        .next()
        .filter(|_| p.chars().count() == 1)
        .and_then(Role::from_char)
        .filter(|r| !matches!(r, Role::King | Role::Pawn))
        .ok_or_else(|| Unreadable::Promotion(p.to_owned()))
}

impl Event {
    /// The engine's action for this event in the engine's current position; the message names
    /// a move or square that cannot be read.
    pub fn action(self, arbiter: &Arbiter) -> Result<Action, Unreadable> {
        let position = arbiter.board_position();
        Ok(match self {
            Event::BoardRelease => Action::BoardRelease,
            Event::StartClock => Action::StartClock,
            Event::Arrive { by } => Action::Arrive(by),
            Event::CheckAbsence => Action::CheckAbsence,
            Event::Move { by, r#move } => Action::Move {
                by: by.unwrap_or(position.turn()),
                mv: parse_any_move(position, &r#move)?,
            },
            Event::Press { by } => Action::Press(by),
            Event::UnreplacedPawn { by, r#move } => Action::UnreplacedPawn {
                by,
                mv: parse_any_move(position, &r#move)?,
            },
            Event::TwoHands { by } => Action::TwoHands(by),
            Event::Touch { by, square: s } => Action::Touch {
                by,
                square: square(&s)?,
            },
            Event::ClaimTouchMove { by, square: s } => Action::ClaimTouchMove {
                by,
                square: square(&s)?,
            },
            Event::OfferDraw { by } => Action::OfferDraw(by),
            Event::AcceptDraw { by } => Action::AcceptDraw(by),
            Event::DeclineDraw { by } => Action::DeclineDraw(by),
            Event::ClaimDraw { by, r#move } => Action::ClaimDraw {
                by,
                intended: r#move.map(|m| parse_any_move(position, &m)).transpose()?,
            },
            Event::ClaimFlag { by } => Action::ClaimFlag(by),
            Event::ObserveFlags => Action::ObserveFlags,
            Event::ClaimIllegalMove { by } => Action::ClaimIllegalMove(by),
            Event::Intervene => Action::Intervene,
            Event::Resign { by } => Action::Resign(by),
            Event::Irregularity { kind } => Action::Irregularity(kind),
            Event::Device { by, switched_on } => Action::Device { by, switched_on },
            Event::OpenEnvelope { r#move, language } => Action::OpenEnvelope {
                written: r#move,
                language: language.as_deref().unwrap_or("en").parse().map_err(
                    |_: crate::notation::UnknownLanguage| {
                        Unreadable::Language(language.clone().unwrap_or_default())
                    },
                )?,
            },
            Event::PersistentRefusal { by } => Action::PersistentRefusal(by),
            Event::BothRefuse => Action::BothRefuse,
            Event::QuickplayClaim { by } => Action::QuickplayClaim(by),
            Event::IncrementRequest { by } => Action::IncrementRequest(by),
            Event::QuickplayClaimWithoutArbiter { by } => Action::QuickplayClaimWithoutArbiter(by),
            Event::UnnoticedMove { by, r#move } => Action::UnnoticedMove {
                by: by.unwrap_or(position.turn()),
                mv: parse_any_move(position, &r#move)?,
            },
            Event::Displace { from, to } => Action::Displace {
                from: square(&from)?,
                to: square(&to)?,
            },
            Event::IllegalMoveDiscovered { ply } => Action::IllegalMoveDiscovered { ply },
            Event::DisplacementDiscovered { ply } => Action::DisplacementDiscovered { ply },
            Event::Release {
                by,
                from,
                to,
                promotion: p,
            } => Action::Release {
                by,
                from: square(&from)?,
                to: square(&to)?,
                promotion: p.as_deref().map(promotion).transpose()?,
            },
            Event::Adjust { by, square: s } => Action::Adjust {
                by,
                square: square(&s)?,
            },
            Event::Misconduct { by, conduct } => Action::Misconduct { by, conduct },
            Event::ScoresheetRequest { by } => Action::ScoresheetRequest(by),
            Event::StopClock => Action::StopClock,
            Event::RestartClock => Action::RestartClock,
            Event::AdjustTime {
                color,
                delta_ms,
                reason,
            } => Action::AdjustTime {
                color,
                delta_ms,
                reason,
            },
            Event::SetClock {
                color,
                remaining_ms,
                moves_completed,
                reason,
            } => Action::SetClock {
                color,
                remaining_ms,
                moves_completed,
                reason,
            },
            Event::Penalty { against, penalty } => Action::Penalty { against, penalty },
            Event::Decision { choice } => Action::Decision(choice),
        })
    }
}

impl Report {
    /// The game set up by a log's first line, under `profile` if given (else the header's).
    pub fn start(first: LogLine<'_>, profile: Option<Profile>) -> Result<Report, LineError> {
        let header: Header =
            serde_json::from_str(first.text).map_err(|e| first.json_error("header: ", &e))?;
        let arbiter = header.arbiter(profile).map_err(|m| first.error(m))?;
        Ok(Report {
            profile: *arbiter.profile(),
            steps: Vec::new(),
            arbiter,
            last_ms: 0,
            refused: None,
        })
    }

    /// Applies one event line. A refused line (bad JSON, unreadable move, an action the engine
    /// cannot accept) is named; after an action the engine refused, the report is to be
    /// dropped (the engine may be part-way through the action).
    pub fn step(&mut self, line: LogLine<'_>) -> Result<&Step, LineError> {
        let parsed: Line = serde_json::from_str(line.text).map_err(|e| line.json_error("", &e))?;
        let action = parsed.event.action(&self.arbiter).map_err(|u| {
            let message = u.to_string();
            LineError {
                refused: Some(Refusal::Unreadable(u)),
                ..line.error(message)
            }
        })?;
        let rulings = self
            .arbiter
            .apply(parsed.at_ms, action)
            .map_err(|e| LineError {
                refused: Some(Refusal::Engine(e.clone())),
                ..line.error(e.to_string())
            })?;
        self.last_ms = self.last_ms.max(parsed.at_ms);
        self.steps.push(Step {
            line: line.number,
            at_ms: parsed.at_ms,
            rulings,
        });
        Ok(&self.steps[self.steps.len() - 1])
    }

    /// The moves of the game record in English short algebraic notation (Appendix C).
    pub fn moves(&self) -> Vec<String> {
        let game = self.arbiter.game();
        (0u32..)
            .zip(game.moves())
            .filter_map(|(ply, m)| {
                let position = game.position_at(ply)?;
                Some(write_move(position, m, Language::English, Form::Short))
            })
            .collect()
    }

    /// The state after the last event, clocks at the latest event time.
    pub fn final_state(&self) -> Final {
        Final::of(&self.arbiter, &self.profile, self.last_ms)
    }
}

/// Replays a log; `profile` overrides the header's. The first line that cannot be replayed
/// refuses the whole log.
pub fn replay(text: &str, profile: Option<Profile>) -> Result<Report, LineError> {
    let report = replay_partial(text, profile)?;
    match report.refused {
        Some(e) => Err(e),
        None => Ok(report),
    }
}

/// Replays a log up to the first event line it cannot replay, which is kept in
/// [`Report::refused`] with every ruling before it; a bad header is an error.
pub fn replay_partial(text: &str, profile: Option<Profile>) -> Result<Report, LineError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| LogLine::new(i + 1, l))
        .filter(|l| !l.is_blank_or_comment());
    let first = lines.next().ok_or_else(|| LineError {
        line: 1,
        column: 1,
        message: "empty log: the first line must set up the game".into(),
        refused: None,
    })?;
    let mut report = Report::start(first, profile)?;
    for line in lines {
        if let Err(e) = report.step(line) {
            report.refused = Some(e);
            break;
        }
    }
    Ok(report)
}

/// A ruling as `arbiter replay --json` prints it: `{"ruling", "article", "edition"}`.
impl Serialize for Cited {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shape<'a> {
            ruling: String,
            article: &'a str,
            edition: String,
        }
        Shape {
            ruling: self.ruling.to_string(),
            article: self.article.as_str(),
            edition: self.edition.to_string(),
        }
        .serialize(s)
    }
}

/// The state of a game after its last event: the `final` object of `arbiter replay --json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Final {
    /// The position (FEN).
    pub fen: String,
    /// The profile's name.
    pub profile: String,
    /// White's time left at the latest event.
    pub white_ms: u64,
    /// Black's time left at the latest event.
    pub black_ms: u64,
    /// Illegal moves completed by White and Black (Art. 7.5).
    pub illegal_moves: [u32; 2],
    /// Penalties imposed, `"colour: penalty"`.
    pub penalties: Vec<String>,
    /// The result, when the game has ended.
    pub result: Option<String>,
    /// The article the result rests on.
    pub result_article: Option<&'static str>,
    /// The game was annulled (Art. 7.2, 7.3) and a new one begins.
    pub annulled: bool,
}

impl Final {
    /// The state of `arbiter` under `profile`, clocks at `at_ms`.
    pub fn of(arbiter: &Arbiter, profile: &Profile, at_ms: u64) -> Final {
        Final {
            fen: arbiter.game().fen(),
            profile: profile.name.to_string(),
            white_ms: arbiter.clock().remaining(Color::White, at_ms),
            black_ms: arbiter.clock().remaining(Color::Black, at_ms),
            illegal_moves: [
                arbiter.illegal_moves(Color::White),
                arbiter.illegal_moves(Color::Black),
            ],
            penalties: arbiter
                .penalties()
                .iter()
                .map(|(c, p)| format!("{c}: {p}"))
                .collect(),
            result: arbiter.result().map(|(r, _)| r.to_string()),
            result_article: arbiter.result().map(|(_, a)| a.as_str()),
            annulled: arbiter.annulled(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Comment lines (`#`) and blank lines are skipped, also before the header, and the
    /// line numbers of the rulings count them.
    #[test]
    fn comment_lines_are_skipped_and_counted() {
        let log = "# Art. 9.1.2.1: a draw offer\n\n{\"time_control\": \"5400+30\"}\n  # started\n\
                   {\"at_ms\": 0, \"event\": \"start_clock\"}\n\
                   {\"at_ms\": 1000, \"event\": \"offer_draw\", \"by\": \"white\"}\n#= DrawOffered\n";
        let report = replay(log, None).unwrap();
        assert_eq!(report.steps.len(), 2);
        assert_eq!(report.steps[1].line, 6);
        assert_eq!(report.steps[1].rulings.len(), 1);
        let bad = "{\"time_control\": \"60\"}\n# fine\n #{\"at_ms\": 0}\n{\"at_ms\": 0, \"event\": \"nonsense\"}";
        assert_eq!(replay(bad, None).unwrap_err().line, 4);
    }
}
