//! `arbiter replay EVENTS.jsonl [--profile P] [--json]`: follow a game event by
//! event with the rules engine (`laws::arbiter`) and print every ruling with
//! its article, then the final state and result.
//!
//! The log is JSON lines. The first line sets the game up:
//! `{"start": "startpos", "time_control": "5400+30", "profile": "fide-2023"}`
//! (`start` is `startpos` or a FEN; `profile` and the optional
//! `draw_offers_from_move`, `supervision` and `quickplay_finish` are optional). Every further line
//! is one event with its time in milliseconds, e.g.
//! `{"at_ms": 5000, "event": "move", "by": "white", "move": "e4"}`; the
//! laws crate README ("Board actions and rulings") lists all actions.

use std::fmt;
use std::process::ExitCode;

use laws::arbiter::{Action, Arbiter, Choice, Cited, Irregularity};
use laws::clock::{Adjustment, FlagOrder};
use laws::edition::{Profile, Supervision};
use laws::notation::{Language, parse_move};
use laws::penalties::{Conduct, Penalty};
use laws::points::Score;
use laws::position::StartingPosition;
use serde::Deserialize;
use shakmaty::{Chess, Color, Move, Position, Role, Square};

#[derive(clap::Args)]
pub struct Args {
    /// The event log, one JSON object per line.
    events: std::path::PathBuf,
    /// Rules profile, overriding the log's: fide-2023, fide-2018 or sjrp.
    #[arg(long)]
    profile: Option<String>,
    /// Print JSON lines instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> ExitCode {
    let name = args.events.display().to_string();
    let bytes = match std::fs::read(&args.events) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arbiter replay: {name}: {e}");
            return ExitCode::from(2);
        }
    };
    let profile = match args
        .profile
        .as_deref()
        .map(str::parse::<Profile>)
        .transpose()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("arbiter replay: {e}");
            return ExitCode::from(2);
        }
    };
    match replay_bytes(&bytes, profile) {
        Ok(report) => {
            if let Some(e) = &report.refused {
                // Every ruling up to the refused line, then the refusal.
                print_rulings(&report, args.json);
                eprintln!("arbiter replay: {name}:{e}");
                return ExitCode::from(2);
            }
            if args.json {
                print_json(&report);
            } else {
                print_text(&report);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter replay: {name}:{e}");
            ExitCode::from(2)
        }
    }
}

/// A bad log line: its number and the column (in characters, both from 1) where the problem is
/// found, the start of the line's JSON object when the object as a whole is wrong, and what is
/// wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// One non-blank line of a log: its number, where its text starts, and its trimmed text.
#[derive(Clone, Copy)]
struct LogLine<'a> {
    number: usize,
    column: usize,
    text: &'a str,
}

impl LogLine<'_> {
    fn error(&self, message: String) -> LineError {
        LineError {
            line: self.number,
            column: self.column,
            message,
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
        }
    }
}

/// Replays a log given as bytes: text that is not UTF-8 is refused at its line and column.
pub fn replay_bytes(bytes: &[u8], profile: Option<Profile>) -> Result<Report, LineError> {
    replay(decode(bytes)?, profile)
}

/// The log as text: bytes that are not UTF-8 are refused at their line and column.
fn decode(bytes: &[u8]) -> Result<&str, LineError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = &bytes[..e.valid_up_to()];
        let start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        LineError {
            line: 1 + valid.iter().filter(|&&b| b == b'\n').count(),
            column: 1 + std::str::from_utf8(&valid[start..]).map_or(0, |s| s.chars().count()),
            message: "expected UTF-8 text".into(),
        }
    })
}

/// The rulings of one event line.
pub struct Step {
    pub line: usize,
    pub at_ms: u64,
    pub rulings: Vec<Cited>,
}

/// Everything a replay found.
pub struct Report {
    pub profile: Profile,
    pub steps: Vec<Step>,
    pub arbiter: Arbiter,
    pub last_ms: u64,
    /// The first event line that could not be read or that the game's state
    /// does not allow; the steps stop before it.
    pub refused: Option<LineError>,
}

/// The longest default time a log may set: 6 hours (Art. 6.7.1).
const MAX_DEFAULT_TIME_MS: u64 = 6 * 3_600_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    #[serde(default)]
    start: Option<String>,
    time_control: String,
    #[serde(default)]
    profile: Option<String>,
    #[serde(default)]
    draw_offers_from_move: Option<u32>,
    #[serde(default)]
    supervision: Option<SupervisionName>,
    #[serde(default)]
    quickplay_finish: Option<bool>,
    /// Art. 6.7.1: the regulations' default time, for any profile and game type.
    #[serde(default)]
    default_time_ms: Option<u64>,
    /// Guideline III.3.1: `unknown` for clocks that do not show which flag fell first.
    #[serde(default)]
    flag_order: Option<FlagOrderName>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum FlagOrderName {
    Recorded,
    Unknown,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum SupervisionName {
    Supervised,
    Unsupervised,
}

#[derive(Deserialize, Clone, Copy)]
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

#[derive(Deserialize)]
struct Line {
    at_ms: u64,
    #[serde(flatten)]
    event: JsonAction,
}

#[derive(Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum JsonAction {
    StartClock,
    Arrive {
        by: Side,
    },
    CheckAbsence,
    Move {
        by: Option<Side>,
        r#move: String,
    },
    Press {
        by: Side,
    },
    UnreplacedPawn {
        by: Side,
        r#move: String,
    },
    TwoHands {
        by: Side,
    },
    Touch {
        by: Side,
        square: String,
    },
    ClaimTouchMove {
        by: Side,
        square: String,
    },
    OfferDraw {
        by: Side,
    },
    AcceptDraw {
        by: Side,
    },
    DeclineDraw {
        by: Side,
    },
    ClaimDraw {
        by: Side,
        r#move: Option<String>,
    },
    ClaimFlag {
        by: Side,
    },
    ObserveFlags,
    ClaimIllegalMove {
        by: Side,
    },
    Intervene,
    Resign {
        by: Side,
    },
    Irregularity {
        kind: JsonIrregularity,
    },
    Device {
        by: Side,
        switched_on: bool,
    },
    OpenEnvelope {
        r#move: String,
        language: Option<String>,
    },
    PersistentRefusal {
        by: Side,
    },
    BothRefuse,
    QuickplayClaim {
        by: Side,
    },
    IncrementRequest {
        by: Side,
    },
    QuickplayClaimWithoutArbiter {
        by: Side,
    },
    UnnoticedMove {
        by: Option<Side>,
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
        by: Side,
        from: String,
        to: String,
        promotion: Option<String>,
    },
    Adjust {
        by: Side,
        square: String,
    },
    Misconduct {
        by: Side,
        conduct: JsonConduct,
    },
    ScoresheetRequest {
        by: Side,
    },
    StopClock,
    RestartClock,
    AdjustTime {
        color: Side,
        delta_ms: i64,
        reason: JsonAdjustment,
    },
    SetClock {
        color: Side,
        remaining_ms: u64,
        moves_completed: u32,
        reason: JsonAdjustment,
    },
    Penalty {
        against: Side,
        penalty: JsonPenalty,
    },
    Decision {
        choice: JsonChoice,
    },
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum JsonIrregularity {
    WrongInitialPosition,
    BoardMisplaced,
    ColoursReversed,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum JsonConduct {
    AdjustingOffMove,
    PressWithOtherHand,
    ClockStoppedWithoutReason,
    WritingMoveInAdvance,
    RecordingArrears,
    Annotations,
    ScoresheetHidden,
    LeftVenue,
    LeftPlayingArea,
    OutsideHelp,
    Smoking,
    Distraction,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum JsonAdjustment {
    Replacement,
    Correction,
    IllegalMoveBonus,
    Penalty,
    Assistant,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum JsonScore {
    #[serde(rename = "0")]
    Zero,
    #[serde(rename = "1/2")]
    Half,
    #[serde(rename = "1")]
    One,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum JsonPenalty {
    Warning,
    IncreaseOpponentTime { ms: u64 },
    ReduceTime { ms: u64 },
    IncreaseOpponentScore { to: JsonScore },
    ReduceScore { to: JsonScore },
    DeclareLost { opponent: JsonScore },
    Fine { cents: u64 },
    ExclusionFromRounds { rounds: u32 },
    Expulsion,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum JsonChoice {
    Warning,
    TimeForOpponent,
    Loss,
    Draw,
    Reject,
    Grant,
    KeepClocks,
    Proportional,
    PlayOn,
    TimePenalty,
    #[serde(rename = "opponent_scores_1")]
    OpponentScoresOne,
    #[serde(rename = "opponent_scores_1/2")]
    OpponentScoresHalf,
    #[serde(rename = "opponent_scores_0")]
    OpponentScoresZero,
}

fn score(s: JsonScore) -> Score {
    match s {
        JsonScore::Zero => Score::Zero,
        JsonScore::Half => Score::Half,
        JsonScore::One => Score::One,
    }
}

/// A move in English SAN if legal, else in UCI (which may name an illegal move).
fn parse_any_move(position: &Chess, text: &str) -> Result<Move, String> {
    if let Ok(m) = parse_move(position, text, Language::English) {
        return Ok(m);
    }
    let squares = text
        .get(0..2)
        .zip(text.get(2..4))
        .and_then(|(a, b)| Some((a.parse::<Square>().ok()?, b.parse::<Square>().ok()?)));
    let Some((from, to)) = squares.filter(|_| text.len() == 4) else {
        return Err(format!(
            "move {text:?} is neither a legal move in SAN nor a move in UCI (e.g. e1e3)"
        ));
    };
    let board = position.board();
    let role = board
        .role_at(from)
        .ok_or_else(|| format!("move {text:?}: no piece on {from}"))?;
    Ok(Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion: None,
    })
}

fn square(text: &str) -> Result<Square, String> {
    text.parse()
        .map_err(|_| format!("{text:?} is not a square"))
}

fn conduct(c: JsonConduct) -> Conduct {
    match c {
        JsonConduct::AdjustingOffMove => Conduct::AdjustingOffMove,
        JsonConduct::PressWithOtherHand => Conduct::PressWithOtherHand,
        JsonConduct::ClockStoppedWithoutReason => Conduct::ClockStoppedWithoutReason,
        JsonConduct::WritingMoveInAdvance => Conduct::WritingMoveInAdvance,
        JsonConduct::RecordingArrears => Conduct::RecordingArrears,
        JsonConduct::Annotations => Conduct::Annotations,
        JsonConduct::ScoresheetHidden => Conduct::ScoresheetHidden,
        JsonConduct::LeftVenue => Conduct::LeftVenue,
        JsonConduct::LeftPlayingArea => Conduct::LeftPlayingArea,
        JsonConduct::OutsideHelp => Conduct::OutsideHelp,
        JsonConduct::Smoking => Conduct::Smoking,
        JsonConduct::Distraction => Conduct::Distraction,
    }
}

fn convert(arbiter: &Arbiter, event: JsonAction) -> Result<Action, String> {
    let position = arbiter.board_position();
    Ok(match event {
        JsonAction::StartClock => Action::StartClock,
        JsonAction::Arrive { by } => Action::Arrive(by.into()),
        JsonAction::CheckAbsence => Action::CheckAbsence,
        JsonAction::Move { by, r#move } => Action::Move {
            by: by.map_or(position.turn(), Color::from),
            mv: parse_any_move(position, &r#move)?,
        },
        JsonAction::Press { by } => Action::Press(by.into()),
        JsonAction::UnreplacedPawn { by, r#move } => Action::UnreplacedPawn {
            by: by.into(),
            mv: parse_any_move(position, &r#move)?,
        },
        JsonAction::TwoHands { by } => Action::TwoHands(by.into()),
        JsonAction::Touch { by, square: s } => Action::Touch {
            by: by.into(),
            square: square(&s)?,
        },
        JsonAction::ClaimTouchMove { by, square: s } => Action::ClaimTouchMove {
            by: by.into(),
            square: square(&s)?,
        },
        JsonAction::OfferDraw { by } => Action::OfferDraw(by.into()),
        JsonAction::AcceptDraw { by } => Action::AcceptDraw(by.into()),
        JsonAction::DeclineDraw { by } => Action::DeclineDraw(by.into()),
        JsonAction::ClaimDraw { by, r#move } => Action::ClaimDraw {
            by: by.into(),
            intended: r#move.map(|m| parse_any_move(position, &m)).transpose()?,
        },
        JsonAction::ClaimFlag { by } => Action::ClaimFlag(by.into()),
        JsonAction::ObserveFlags => Action::ObserveFlags,
        JsonAction::ClaimIllegalMove { by } => Action::ClaimIllegalMove(by.into()),
        JsonAction::Intervene => Action::Intervene,
        JsonAction::Resign { by } => Action::Resign(by.into()),
        JsonAction::Irregularity { kind } => Action::Irregularity(match kind {
            JsonIrregularity::WrongInitialPosition => Irregularity::WrongInitialPosition,
            JsonIrregularity::BoardMisplaced => Irregularity::BoardMisplaced,
            JsonIrregularity::ColoursReversed => Irregularity::ColoursReversed,
        }),
        JsonAction::Device { by, switched_on } => Action::Device {
            by: by.into(),
            switched_on,
        },
        JsonAction::OpenEnvelope { r#move, language } => Action::OpenEnvelope {
            written: r#move,
            language: language
                .as_deref()
                .unwrap_or("en")
                .parse()
                .map_err(|e: laws::notation::UnknownLanguage| e.to_string())?,
        },
        JsonAction::PersistentRefusal { by } => Action::PersistentRefusal(by.into()),
        JsonAction::BothRefuse => Action::BothRefuse,
        JsonAction::QuickplayClaim { by } => Action::QuickplayClaim(by.into()),
        JsonAction::IncrementRequest { by } => Action::IncrementRequest(by.into()),
        JsonAction::QuickplayClaimWithoutArbiter { by } => {
            Action::QuickplayClaimWithoutArbiter(by.into())
        }
        JsonAction::UnnoticedMove { by, r#move } => Action::UnnoticedMove {
            by: by.map_or(position.turn(), Color::from),
            mv: parse_any_move(position, &r#move)?,
        },
        JsonAction::Displace { from, to } => Action::Displace {
            from: square(&from)?,
            to: square(&to)?,
        },
        JsonAction::IllegalMoveDiscovered { ply } => Action::IllegalMoveDiscovered { ply },
        JsonAction::DisplacementDiscovered { ply } => Action::DisplacementDiscovered { ply },
        JsonAction::Release {
            by,
            from,
            to,
            promotion,
        } => Action::Release {
            by: by.into(),
            from: square(&from)?,
            to: square(&to)?,
            promotion: promotion
                .map(|p| {
                    p.chars()
                        .next()
                        .filter(|_| p.chars().count() == 1)
                        .and_then(Role::from_char)
                        .filter(|r| !matches!(r, Role::King | Role::Pawn))
                        .ok_or_else(|| format!("promotion {p:?} is not one of q, r, b, n"))
                })
                .transpose()?,
        },
        JsonAction::Adjust { by, square: s } => Action::Adjust {
            by: by.into(),
            square: square(&s)?,
        },
        JsonAction::Misconduct { by, conduct: c } => Action::Misconduct {
            by: by.into(),
            conduct: conduct(c),
        },
        JsonAction::ScoresheetRequest { by } => Action::ScoresheetRequest(by.into()),
        JsonAction::StopClock => Action::StopClock,
        JsonAction::RestartClock => Action::RestartClock,
        JsonAction::AdjustTime {
            color,
            delta_ms,
            reason,
        } => Action::AdjustTime {
            color: color.into(),
            delta_ms,
            reason: adjustment(reason),
        },
        JsonAction::SetClock {
            color,
            remaining_ms,
            moves_completed,
            reason,
        } => Action::SetClock {
            color: color.into(),
            remaining_ms,
            moves_completed,
            reason: adjustment(reason),
        },
        JsonAction::Penalty { against, penalty } => Action::Penalty {
            against: against.into(),
            penalty: match penalty {
                JsonPenalty::Warning => Penalty::Warning,
                JsonPenalty::IncreaseOpponentTime { ms } => Penalty::IncreaseOpponentTime { ms },
                JsonPenalty::ReduceTime { ms } => Penalty::ReduceTime { ms },
                JsonPenalty::IncreaseOpponentScore { to } => {
                    Penalty::IncreaseOpponentScore { to: score(to) }
                }
                JsonPenalty::ReduceScore { to } => Penalty::ReduceScore { to: score(to) },
                JsonPenalty::DeclareLost { opponent } => Penalty::DeclareLost {
                    opponent: score(opponent),
                },
                JsonPenalty::Fine { cents } => Penalty::Fine { cents },
                JsonPenalty::ExclusionFromRounds { rounds } => {
                    Penalty::ExclusionFromRounds { rounds }
                }
                JsonPenalty::Expulsion => Penalty::Expulsion,
            },
        },
        JsonAction::Decision { choice } => Action::Decision(match choice {
            JsonChoice::Warning => Choice::Warning,
            JsonChoice::TimeForOpponent => Choice::TimeForOpponent,
            JsonChoice::Loss => Choice::Loss,
            JsonChoice::Draw => Choice::Draw,
            JsonChoice::Reject => Choice::Reject,
            JsonChoice::Grant => Choice::Grant,
            JsonChoice::KeepClocks => Choice::KeepClocks,
            JsonChoice::Proportional => Choice::Proportional,
            JsonChoice::PlayOn => Choice::PlayOn,
            JsonChoice::TimePenalty => Choice::TimePenalty,
            JsonChoice::OpponentScoresOne => Choice::OpponentScore(Score::One),
            JsonChoice::OpponentScoresHalf => Choice::OpponentScore(Score::Half),
            JsonChoice::OpponentScoresZero => Choice::OpponentScore(Score::Zero),
        }),
    })
}

fn adjustment(a: JsonAdjustment) -> Adjustment {
    match a {
        JsonAdjustment::Replacement => Adjustment::Replacement,
        JsonAdjustment::Correction => Adjustment::Correction,
        JsonAdjustment::IllegalMoveBonus => Adjustment::IllegalMoveBonus,
        JsonAdjustment::Penalty => Adjustment::Penalty,
        JsonAdjustment::Assistant => Adjustment::Assistant,
    }
}

/// Replays a log (`profile` overrides the header's) up to the first event
/// line it cannot replay, which is kept in [`Report::refused`]; a bad header
/// is an error.
pub fn replay(text: &str, profile: Option<Profile>) -> Result<Report, LineError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| LogLine {
            number: i + 1,
            column: 1 + l.chars().take_while(|c| c.is_whitespace()).count(),
            text: l.trim(),
        })
        .filter(|l| !l.text.is_empty());
    let first = lines.next().ok_or_else(|| LineError {
        line: 1,
        column: 1,
        message: "empty log: the first line must set up the game".into(),
    })?;
    let err = |message| first.error(message);
    let header: Header =
        serde_json::from_str(first.text).map_err(|e| first.json_error("header: ", &e))?;
    let start: StartingPosition = header
        .start
        .as_deref()
        .unwrap_or("startpos")
        .parse()
        .map_err(|e| err(format!("start: {e}")))?;
    let control = header
        .time_control
        .parse()
        .map_err(|e| err(format!("{e}")))?;
    let mut profile = match (profile, header.profile.as_deref()) {
        (Some(p), _) => p,
        (None, Some(name)) => name.parse().map_err(|e| err(format!("{e}")))?,
        (None, None) => Profile::default(),
    };
    if header.draw_offers_from_move.is_some() {
        profile.draw_offers_from_move = header.draw_offers_from_move;
    }
    match header.supervision {
        Some(SupervisionName::Supervised) => profile.supervision = Supervision::Supervised,
        Some(SupervisionName::Unsupervised) => profile.supervision = Supervision::Unsupervised,
        None => {}
    }
    if let Some(announced) = header.quickplay_finish {
        profile.quickplay_finish = announced;
    }
    let mut arbiter = Arbiter::new(start, control, profile);
    if let Some(ms) = header.default_time_ms {
        if ms > MAX_DEFAULT_TIME_MS {
            return Err(err(format!(
                "default_time_ms: {ms} is more than {MAX_DEFAULT_TIME_MS} (6 hours)"
            )));
        }
        arbiter = arbiter.with_default_time(ms);
    }
    if let Some(FlagOrderName::Unknown) = header.flag_order {
        arbiter = arbiter.with_flag_order(FlagOrder::Unknown);
    }
    let mut report = Report {
        profile,
        steps: Vec::new(),
        arbiter,
        last_ms: 0,
        refused: None,
    };
    for log_line in lines {
        match replay_line(&mut report.arbiter, log_line) {
            Ok(step) => {
                report.last_ms = report.last_ms.max(step.at_ms);
                report.steps.push(step);
            }
            Err(e) => {
                report.refused = Some(e);
                break;
            }
        }
    }
    Ok(report)
}

/// Reads one event line and applies it.
fn replay_line(arbiter: &mut Arbiter, log_line: LogLine) -> Result<Step, LineError> {
    let line: Line =
        serde_json::from_str(log_line.text).map_err(|e| log_line.json_error("", &e))?;
    let event = convert(arbiter, line.event).map_err(|m| log_line.error(m))?;
    let rulings = arbiter
        .apply(line.at_ms, event)
        .map_err(|e| log_line.error(e.to_string()))?;
    Ok(Step {
        line: log_line.number,
        at_ms: line.at_ms,
        rulings,
    })
}

fn clock_text(ms: u64) -> String {
    laws::clock::Seconds(ms).to_string()
}

fn print_text(report: &Report) {
    println!(
        "profile {} ({}), {} game",
        report.profile,
        report.profile.edition,
        report.arbiter.game_type()
    );
    print_rulings(report, false);
    let a = &report.arbiter;
    println!("final position: {}", a.game().fen());
    for color in Color::ALL {
        println!(
            "{color}: clock {}, illegal moves {}",
            clock_text(a.clock().remaining(color, report.last_ms)),
            a.illegal_moves(color)
        );
    }
    for (against, penalty) in a.penalties() {
        println!(
            "penalty against {against}: {penalty} ({})",
            penalty.article()
        );
    }
    match a.result() {
        Some((result, article)) => println!("result: {result} ({article})"),
        None if a.annulled() => println!("result: annulled, new game"),
        None => println!("result: game in progress"),
    }
}

/// One line per ruling, as text or JSON.
fn print_rulings(report: &Report, json: bool) {
    for step in &report.steps {
        for c in &step.rulings {
            if json {
                let value = serde_json::json!({
                    "line": step.line,
                    "at_ms": step.at_ms,
                    "ruling": c.ruling.to_string(),
                    "article": c.article.as_str(),
                    "edition": c.edition.to_string(),
                });
                println!("{value}");
            } else {
                let at = clock_text(step.at_ms);
                println!("line {:>3} at {at:>9}: {c}", step.line);
            }
        }
    }
}

fn print_json(report: &Report) {
    print_rulings(report, true);
    let a = &report.arbiter;
    let value = serde_json::json!({
        "final": {
            "fen": a.game().fen(),
            "profile": report.profile.name,
            "white_ms": a.clock().remaining(Color::White, report.last_ms),
            "black_ms": a.clock().remaining(Color::Black, report.last_ms),
            "illegal_moves": [a.illegal_moves(Color::White), a.illegal_moves(Color::Black)],
            "penalties": a.penalties().iter().map(|(c, p)| format!("{c}: {p}")).collect::<Vec<_>>(),
            "result": a.result().map(|(r, _)| r.to_string()),
            "result_article": a.result().map(|(_, art)| art.as_str()),
            "annulled": a.annulled(),
        }
    });
    println!("{value}");
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../../../examples/replay-blitz.jsonl");

    /// The whole log replayed, or its first refused line.
    fn strict(report: Report) -> Result<Report, LineError> {
        match report.refused {
            Some(e) => Err(e),
            None => Ok(report),
        }
    }

    /// [`super::replay`], refusing the log at its first bad line.
    fn replay(text: &str, profile: Option<Profile>) -> Result<Report, LineError> {
        super::replay(text, profile).and_then(strict)
    }

    #[test]
    fn sample_log_replays_to_a_flag_fall() {
        let report = replay(SAMPLE, None).unwrap();
        let a = &report.arbiter;
        assert_eq!(a.illegal_moves(Color::White), 1);
        let (result, article) = a.result().unwrap();
        assert_eq!(result.to_string(), "1-0");
        assert_eq!(article.as_str(), "Appendix A.5.3");
        let articles: Vec<&str> = report
            .steps
            .iter()
            .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
            .collect();
        assert!(articles.contains(&"Art. 7.5.1"));
        assert!(articles.contains(&"Appendix A.3"));
        assert!(articles.contains(&"Art. 9.5.2"));
    }

    #[test]
    fn profile_override_changes_the_rules() {
        let report = replay(SAMPLE, Some(Profile::FIDE_2018)).unwrap();
        assert_eq!(
            report.arbiter.profile().edition,
            laws::edition::Edition::Fide2018
        );
    }

    #[test]
    fn quickplay_finish_applies_only_when_announced() {
        let claim = r#"{"at_ms": 0, "event": "start_clock"}
{"at_ms": 5340000, "event": "quickplay_claim", "by": "white"}"#;
        for (announced, asked) in [("", true), (r#", "quickplay_finish": false"#, false)] {
            let log = format!("{{\"time_control\": \"5400\"{announced}}}\n{claim}");
            let report = replay(&log, None).unwrap();
            assert_eq!(report.arbiter.question().is_some(), asked, "{announced}");
        }
    }

    #[test]
    fn touch_move_claim_takes_the_move_back() {
        let log = r#"{"time_control": "5400+30"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "by": "white", "move": "d4"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "claim_touch_move", "by": "black", "square": "g1"}"#;
        let report = replay(log, None).unwrap();
        assert_eq!(report.arbiter.game().ply(), 0);
        assert!(
            report
                .arbiter
                .allowed_moves()
                .iter()
                .all(|m| m.from() == Some(Square::G1))
        );
    }

    #[test]
    fn bad_logs_name_the_line() {
        let header = r#"{"time_control": "300+2"}"#;
        for (log, line) in [
            ("", 1),
            ("{", 1),
            (r#"{"time_control": "5x"}"#, 1),
            (r#"{"time_control": "300", "profile": "uscf"}"#, 1),
            (
                &format!("{header}\n{{\"at_ms\": 0, \"event\": \"dance\"}}"),
                2,
            ),
            (
                &format!("{header}\n\n{{\"at_ms\": 0, \"event\": \"move\", \"move\": \"Zz9\"}}"),
                3,
            ),
            (
                &format!(
                    "{header}\n{{\"at_ms\": 5, \"event\": \"start_clock\"}}\n{{\"at_ms\": 1, \"event\": \"press\", \"by\": \"white\"}}"
                ),
                3,
            ),
        ] {
            let e = replay(log, None)
                .err()
                .unwrap_or_else(|| panic!("accepted {log:?}"));
            assert_eq!(e.line, line, "{log:?}: {e}");
        }
    }

    /// The articles of all rulings of a report, in order.
    fn articles(report: &Report) -> Vec<&'static str> {
        report
            .steps
            .iter()
            .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
            .collect()
    }

    #[test]
    fn h20_06_answering_an_offer_that_is_not_open_has_no_effect() {
        // Art. 9.1.2.1: Black's touch closed White's offer; the late acceptance is no agreement.
        let log = r#"{"time_control": "5400+30"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "move": "e4"}
{"at_ms": 1000, "event": "offer_draw", "by": "white"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "touch", "by": "black", "square": "e7"}
{"at_ms": 3000, "event": "accept_draw", "by": "black"}
{"at_ms": 3000, "event": "decline_draw", "by": "white"}
{"at_ms": 4000, "event": "move", "move": "e5"}"#;
        let report = replay(log, None).unwrap();
        assert!(report.arbiter.result().is_none());
        assert_eq!(report.arbiter.game().ply(), 2);
        let last: Vec<String> = report.steps[5..7]
            .iter()
            .flat_map(|s| s.rulings.iter().map(|c| format!("{c}")))
            .collect();
        assert_eq!(
            last,
            [
                "no draw offer open for black to answer; no effect — Art. 9.1.2.1 (FIDE 2023)",
                "no draw offer open for white to answer; no effect — Art. 9.1.2.1 (FIDE 2023)"
            ]
        );
    }

    #[test]
    fn h20_06_a_refused_line_keeps_every_ruling_before_it() {
        let log = r#"{"time_control": "180+2"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "move": "e1e3"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "claim_illegal_move", "by": "black"}
{"at_ms": 1500, "event": "move", "move": "e4"}
{"at_ms": 3000, "event": "move", "move": "e4"}"#;
        let report = super::replay(log, None).unwrap();
        let refused = report.refused.as_ref().expect("line 6 goes back in time");
        assert_eq!(refused.line, 6);
        assert_eq!(report.steps.len(), 4);
        assert!(articles(&report).contains(&"Appendix A.3"));
        // `replay` keeps refusing the whole log.
        assert_eq!(replay(log, None).err().map(|e| e.line), Some(6));
    }

    #[test]
    fn h20_06_header_default_time_for_every_profile() {
        // Art. 6.7.1: "Das Turnierreglement legt im Voraus die Wartezeit fest."
        for (profile, control) in [
            ("fide-2023", "900+10"),
            ("fide-2018", "180+2"),
            ("sjrp", "5400"),
        ] {
            let log = |arrive: u64| {
                format!(
                    r#"{{"time_control": "{control}", "profile": "{profile}", "default_time_ms": 600000}}
{{"at_ms": 0, "event": "start_clock"}}
{{"at_ms": 0, "event": "arrive", "by": "white"}}
{{"at_ms": {arrive}, "event": "arrive", "by": "black"}}"#
                )
            };
            let on_time = replay(&log(600_000), None).unwrap();
            assert!(!articles(&on_time).contains(&"Art. 6.7.1"), "{profile}");
            let late = replay(&log(600_001), None).unwrap();
            assert!(articles(&late).contains(&"Art. 6.7.1"), "{profile}");
        }
        let e = replay(
            r#"{"time_control": "900", "default_time_ms": 99999999}"#,
            None,
        )
        .err()
        .expect("more than 6 hours");
        assert_eq!(e.line, 1);
        assert!(e.message.contains("default_time_ms"), "{e}");
    }

    #[test]
    fn h20_06_both_flags_down_order_unknown() {
        // Guideline III.3.1.2: both flags down, order unknown, in the last period: draw;
        // III.3.1.1: in an earlier period, play on. With the order recorded, White lost first (6.9).
        let events = r#"
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 61000, "event": "move", "move": "e4"}
{"at_ms": 61000, "event": "press", "by": "white"}
{"at_ms": 200000, "event": "observe_flags"}"#;
        for (header, article) in [
            (
                r#"{"time_control": "60", "flag_order": "unknown"}"#,
                "Guideline III.3.1.2",
            ),
            (
                r#"{"time_control": "1/60:60", "flag_order": "unknown"}"#,
                "Guideline III.3.1.1",
            ),
            (
                r#"{"time_control": "60", "flag_order": "recorded"}"#,
                "Art. 6.9",
            ),
        ] {
            let report = replay(&format!("{header}{events}"), None).unwrap();
            assert!(
                articles(&report).contains(&article),
                "{header}: {:?}",
                articles(&report)
            );
        }
    }

    #[test]
    fn unnoticed_illegal_move_found_later_and_increment_granted() {
        let log = r#"{"start": "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "time_control": "40/5400:900"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "unnoticed_move", "move": "h1h2"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "move", "by": "black", "move": "Kd8"}
{"at_ms": 2000, "event": "press", "by": "black"}
{"at_ms": 3000, "event": "move", "by": "white", "move": "Kxe2"}
{"at_ms": 3000, "event": "press", "by": "white"}
{"at_ms": 4000, "event": "illegal_move_discovered", "ply": 0}
{"at_ms": 4000, "event": "decision", "choice": "keep_clocks"}
{"at_ms": 5000, "event": "release", "by": "white", "from": "e1", "to": "d1"}
{"at_ms": 5000, "event": "misconduct", "by": "black", "conduct": "left_venue"}"#;
        let report = replay(log, None).unwrap();
        let a = &report.arbiter;
        assert_eq!(a.game().fen(), "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1");
        assert_eq!(a.illegal_moves(Color::White), 1);
        assert_eq!(a.allowed_moves().len(), 1);
        let articles: Vec<&str> = report
            .steps
            .iter()
            .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
            .collect();
        for article in [
            "Art. 7.5.1",
            "Art. 7.1",
            "Art. 7.5.5",
            "Art. 4.7",
            "Art. 11.2.3.1",
        ] {
            assert!(articles.contains(&article), "{article}: {articles:?}");
        }
        let log = r#"{"time_control": "900"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "move": "e4"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "move", "move": "e5"}
{"at_ms": 2000, "event": "press", "by": "black"}
{"at_ms": 841000, "event": "increment_request", "by": "white"}
{"at_ms": 841000, "event": "decline_draw", "by": "black"}
{"at_ms": 841000, "event": "decision", "choice": "grant"}
{"at_ms": 842000, "event": "move", "move": "Nf3"}
{"at_ms": 842000, "event": "press", "by": "white"}"#;
        let report = replay(log, None).unwrap();
        assert_eq!(
            report.arbiter.clock().remaining(Color::White, 842_000),
            64_000
        );
        assert_eq!(
            report.arbiter.clock().remaining(Color::Black, 842_000),
            1_019_000
        );
    }

    #[test]
    fn bad_new_events_name_the_line() {
        let header = r#"{"time_control": "300+2"}"#;
        for event in [
            r#"{"at_ms": 0, "event": "illegal_move_discovered", "ply": 3}"#,
            r#"{"at_ms": 0, "event": "displace", "from": "e9", "to": "e4"}"#,
            r#"{"at_ms": 0, "event": "release", "by": "white", "from": "e2", "to": "e4", "promotion": "k"}"#,
            r#"{"at_ms": 0, "event": "misconduct", "by": "white", "conduct": "yawning"}"#,
            r#"{"at_ms": 0, "event": "decision", "choice": "grant"}"#,
        ] {
            let log = format!("{header}\n{{\"at_ms\": 0, \"event\": \"start_clock\"}}\n{event}");
            let e = replay(&log, None)
                .err()
                .unwrap_or_else(|| panic!("accepted {event}"));
            assert_eq!(e.line, 3, "{event}: {e}");
        }
    }

    /// Issue #19 acceptance: byte-level mutations of the sample (NUL, control characters, huge
    /// numbers, invalid UTF-8, duplicated lines) never panic, and every refusal names a line
    /// and a column inside the log.
    #[test]
    fn h19_fuzz_replay_jsonl_refusals_name_line_and_column() {
        let mut rng = testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
        let (mut ok, mut refused) = (0, 0);
        for _ in 0..3000 {
            let mut log = SAMPLE.as_bytes().to_vec();
            testkit::mutate(&mut rng, &mut log, b"{}[]\":,0123456789-abcdefghwkqrnpx ");
            match replay_bytes(&log, None).and_then(strict) {
                Ok(_) => ok += 1,
                Err(e) => {
                    refused += 1;
                    let line = log.split(|&b| b == b'\n').nth(e.line - 1);
                    let width = line.map_or(0, |l| String::from_utf8_lossy(l).chars().count());
                    assert!(
                        e.line >= 1 && (1..=width + 1).contains(&e.column) && !e.message.is_empty(),
                        "{e} (line has {width} characters)"
                    );
                }
            }
        }
        assert!(ok > 0 && refused > 0, "ok {ok}, refused {refused}");
    }

    #[test]
    fn h19_15_invalid_utf8_is_refused_at_its_line_and_column() {
        let log = b"{\"time_control\": \"300+2\"}\n{\"at_ms\": 0, \"event\": \"st\xffart_clock\"}";
        let e = replay_bytes(log, None).err().expect("not UTF-8");
        assert_eq!((e.line, e.column), (2, 26), "{e}");
        assert_eq!(e.message, "expected UTF-8 text");
        let e = replay_bytes(b"  {\"time_control\": 300}", None)
            .err()
            .expect("not a string");
        assert_eq!((e.line, e.column), (1, 22), "{e}");
    }
}
