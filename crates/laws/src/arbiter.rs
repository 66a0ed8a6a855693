//! The competition rules engine: a game follows timestamped [`Event`]s and
//! answers each with the [`Ruling`]s the Laws require, each cited with its
//! article and the edition in force ([`Cited`]).
//!
//! The engine keeps the position ([`Game`]), both clocks ([`Clock`]), the open
//! draw offer (Art. 9.1.2), the illegal moves per player (Art. 7.5.5), touched
//! pieces (Art. 4.3) and written moves (Art. 9.5.2), the penalties imposed
//! (Art. 12.9) and the result. Where the Laws leave judgement to the arbiter it
//! rules [`Ruling::DecisionRequired`] with the options and waits for
//! [`Event::Decision`]. Time is an input: every event carries `at_ms`.
//!
//! ```
//! use laws::arbiter::{Arbiter, Event, Ruling};
//! use laws::edition::Profile;
//! use laws::position::StartingPosition;
//! use shakmaty::{Color::*, Move, Role, Square};
//!
//! let mut game = Arbiter::new(StartingPosition::standard(), "5400+30".parse().unwrap(), Profile::FIDE_2023);
//! game.apply(0, Event::StartClock)?;
//! // White moves the king from e1 to e3 and presses the clock: a completed illegal move.
//! let ke3 = Move::Normal { role: Role::King, from: Square::E1, capture: None, to: Square::E3, promotion: None };
//! game.apply(5_000, Event::Move { by: White, mv: ke3 })?;
//! let rulings = game.apply(6_000, Event::Press(White))?;
//! assert!(rulings.iter().any(|r| r.ruling == Ruling::TimeAdded { to: Black, ms: 120_000 }
//!     && r.article.as_str() == "Art. 7.5.5"));
//! assert_eq!(game.illegal_moves(White), 1);
//! assert_eq!(game.game().ply(), 0); // the position before the illegal move (7.5.1)
//! # Ok::<_, laws::arbiter::EventError>(())
//! ```

use std::fmt;

use shakmaty::{ByColor, Chess, Color, Move, Position, Role, Square};

use crate::Article;
use crate::clock::{self, Adjustment, Clock, ClockError};
use crate::dead_position::{self, Tier, Verdict};
use crate::draws::ClaimKind;
use crate::edition::{DeviceRule, Edition, IllegalMoveRegime, Profile, Supervision};
use crate::game::Game;
use crate::game_type::GameType;
pub use crate::irregularities::{IllegalAct, Irregularity};
use crate::notation::Language;
use crate::penalties::Penalty;
use crate::points::{GameResult, Score};
use crate::position::StartingPosition;
use crate::sealed_move::{self, SealedMove};
use crate::time_control::TimeControl;

/// Milliseconds shown as `m:ss` (with `.mmm` when not whole seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seconds(pub u64);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (s, ms) = (self.0 / 1000, self.0 % 1000);
        write!(f, "{}:{:02}", s / 60, s % 60)?;
        if ms != 0 {
            write!(f, ".{ms:03}")?;
        }
        Ok(())
    }
}

/// What the arbiter decides where the Laws leave it to judgement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    /// A warning (Art. 12.9.1).
    Warning,
    /// Time for the opponent.
    TimeForOpponent,
    /// The game is lost by the offender.
    Loss,
    /// The game is drawn.
    Draw,
    /// The claim is rejected; the opponent gets time.
    Reject,
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Choice::Warning => "warning",
            Choice::TimeForOpponent => "time for the opponent",
            Choice::Loss => "loss",
            Choice::Draw => "draw",
            Choice::Reject => "reject",
        })
    }
}

/// A question the arbiter must decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Question {
    /// SJRP §4.5: the penalty for a completed illegal move in a youth game.
    YouthIllegalMove {
        /// Who made it.
        offender: Color,
        /// How many completed illegal moves the offender has made now.
        count: u32,
    },
    /// Guideline III.5: the claimant says the opponent cannot win by normal
    /// means or makes no effort to win by normal means.
    QuickplayFinishClaim {
        /// Who claims.
        claimant: Color,
    },
}

/// Why a claim fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimFailure {
    /// The claimant is not the player to move (Art. 9.2, 9.3).
    NotOnMove,
    /// The claimant has touched a piece (Art. 9.4).
    PieceTouched,
    /// The position does not support the claim (Art. 9.5.2).
    Incorrect,
    /// No flag has fallen (Art. 6.8).
    NoFlagFallen,
    /// There is no illegal move to claim, or the window has closed (A.5.2).
    NothingToClaim,
    /// The claimant's own last move was illegal.
    OwnIllegalMove,
    /// Guideline III does not apply: not the last period without increment,
    /// a blitz game, not on move, or two minutes or more left (III.2, III.4, III.5).
    NotApplicable,
}

impl fmt::Display for ClaimFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ClaimFailure::NotOnMove => "the claimant is not on move",
            ClaimFailure::PieceTouched => "the claimant has touched a piece",
            ClaimFailure::Incorrect => "the claim is incorrect",
            ClaimFailure::NoFlagFallen => "no flag has fallen",
            ClaimFailure::NothingToClaim => "no illegal move can be claimed",
            ClaimFailure::NotApplicable => "Guideline III does not apply",
            ClaimFailure::OwnIllegalMove => "the claimant's own last move was illegal",
        })
    }
}

/// What happens at the board, dated by the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The arbiter starts White's clock at the start of the round (Art. 6.6).
    StartClock,
    /// A player arrives at the board (Art. 6.7).
    Arrive(Color),
    /// The arbiter checks who is still absent after the default time (Art. 6.7.1).
    CheckAbsence,
    /// A player executes a move on the board (Art. 1.3, 4.7); it may be illegal.
    Move {
        /// Who moves.
        by: Color,
        /// The move made.
        mv: Move,
    },
    /// A player presses the clock (Art. 6.2.1).
    Press(Color),
    /// A player moved a pawn to the last rank and left it there (Art. 7.5.2);
    /// the clock press completes it.
    UnreplacedPawn {
        /// Who moved.
        by: Color,
        /// The pawn move, without promotion.
        mv: Move,
    },
    /// The player who just moved used two hands (Art. 7.5.4).
    TwoHands(Color),
    /// A player deliberately touches a piece on `square` (Art. 4.3).
    Touch {
        /// Who touches.
        by: Color,
        /// The square of the touched piece.
        square: Square,
    },
    /// A player offers a draw (Art. 9.1.2.1).
    OfferDraw(Color),
    /// A player accepts the opponent's draw offer (Art. 9.1.2).
    AcceptDraw(Color),
    /// A player rejects the opponent's draw offer orally (Art. 9.1.2.1).
    DeclineDraw(Color),
    /// A player claims a draw by repetition or the 50-move rule (Art. 9.2, 9.3),
    /// with the move written on the scoresheet if the claim rests on it.
    ClaimDraw {
        /// Who claims.
        by: Color,
        /// The intended move, written down and declared (Art. 9.2.1, 9.3.1).
        intended: Option<Move>,
    },
    /// A player claims that the opponent's flag has fallen (Art. 6.8; A.5.3).
    ClaimFlag(Color),
    /// The arbiter observes the clocks (Art. 6.8; A.5.5).
    ObserveFlags,
    /// A player claims the opponent's completed illegal move (A.5.2).
    ClaimIllegalMove(Color),
    /// The arbiter intervenes on an illegal move (Art. 7.5, 12.1).
    Intervene,
    /// A player resigns (Art. 5.1.2).
    Resign(Color),
    /// An irregularity is found (Art. 7.2, 7.3).
    Irregularity(Irregularity),
    /// A player has an electronic device in the venue (Art. 11.3.2; SJRP §4.2).
    Device {
        /// Whose device.
        by: Color,
        /// Whether it was switched on or used.
        switched_on: bool,
    },
    /// The envelope of an adjourned game is opened and the sealed move judged
    /// (Guideline I.7, I.8).
    OpenEnvelope {
        /// The sealed move as written.
        written: String,
        /// The language it is written in.
        language: Language,
    },
    /// The arbiter declares the game lost for persistent refusal to comply with the Laws (Art. 11.7).
    PersistentRefusal(Color),
    /// A player with less than two minutes claims under Guideline III.5.
    QuickplayClaim(Color),
    /// A player requests a five-second increment under Guideline III.4.
    IncrementRequest(Color),
    /// The clock is stopped (Art. 6.11).
    StopClock,
    /// The arbiter restarts the clock (Art. 6.11.3).
    RestartClock,
    /// The arbiter adds (negative: deducts) time (Art. 6.10, 7.5.5, 12.9).
    AdjustTime {
        /// Whose time.
        color: Color,
        /// Milliseconds.
        delta_ms: i64,
        /// Why.
        reason: Adjustment,
    },
    /// The arbiter sets a clock (Art. 6.10).
    SetClock {
        /// Whose clock.
        color: Color,
        /// The time now shown.
        remaining_ms: u64,
        /// The move counter now set.
        moves_completed: u32,
        /// Why.
        reason: Adjustment,
    },
    /// The arbiter imposes a penalty (Art. 12.9).
    Penalty {
        /// The offender.
        against: Color,
        /// The penalty.
        penalty: Penalty,
    },
    /// The arbiter decides the pending question.
    Decision(Choice),
}

/// What the Laws require after an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruling {
    /// The clock's own ruling (Art. 6).
    Clock(clock::Ruling),
    /// The game has ended with this result.
    GameEnded(GameResult),
    /// An event after the end of the game has no effect (Art. 5.1.1, 5.2).
    AfterEnd,
    /// The game is annulled and a new game is played (Art. 7.2.1, 7.3).
    NewGame,
    /// The irregularity is no longer corrected: play on (Art. 7.3, A.5.1.2).
    PlayOn,
    /// The position is transferred to a correctly placed board (Art. 7.2.2).
    BoardCorrected,
    /// An illegal move was executed but not completed; the arbiter restores the
    /// position without penalty (Art. 7.5.1, 12.1; A-057).
    IllegalMoveCorrected {
        /// Who made it.
        by: Color,
    },
    /// An illegal move was completed; in unsupervised rapid and blitz the
    /// opponent may claim it before making a move (A.5.2).
    IllegalMoveCompleted {
        /// Who made it.
        by: Color,
    },
    /// The unclaimed illegal move stands (A.5.2).
    IllegalMoveStands {
        /// Who made it.
        by: Color,
    },
    /// The position immediately before the irregularity is reinstated (Art. 7.5.1).
    PositionRestored {
        /// The ply of that position.
        ply: u32,
    },
    /// The pawn is replaced by a queen on the promotion square (Art. 7.5.2).
    PawnReplacedByQueen {
        /// The square.
        square: Square,
    },
    /// The player's count of completed illegal moves (Art. 7.5.5).
    IllegalMoveCounted {
        /// Who.
        by: Color,
        /// Completed illegal moves so far.
        count: u32,
    },
    /// Both violations were made in one move and count once (Art. 7.5.5; A-060).
    CountedOnce {
        /// Who.
        by: Color,
    },
    /// Time added to a player's clock.
    TimeAdded {
        /// Whose clock.
        to: Color,
        /// Milliseconds.
        ms: u64,
    },
    /// A piece was touched; the moves now allowed (Art. 4.3, 4.5: empty means any).
    MustMove {
        /// Who must move.
        by: Color,
        /// The moves allowed.
        allowed: Vec<Move>,
    },
    /// The move breaks an obligation (touch-move, a written move) and is not accepted.
    MoveRefused {
        /// Who tried.
        by: Color,
    },
    /// A draw offer is made and stays open (Art. 9.1.2.1).
    DrawOffered {
        /// Who offers.
        by: Color,
    },
    /// The open draw offer is closed (Art. 9.1.2.1).
    DrawOfferClosed {
        /// Who made it.
        by: Color,
    },
    /// A draw offer or agreement not allowed (Art. 9.1.1, 5.2.3).
    DrawAgreementInvalid,
    /// A claim fails.
    ClaimRejected {
        /// Who claimed.
        by: Color,
        /// Why.
        failure: ClaimFailure,
    },
    /// The written move of an incorrect claim must be played (Art. 9.5.2).
    WrittenMoveBinding {
        /// Who must play it.
        by: Color,
        /// The move.
        mv: Move,
    },
    /// The sealed move is made on the board (Guideline I.7).
    SealedMoveMade(Move),
    /// A switched-off device is allowed (SJRP §4.2).
    DeviceAllowed,
    /// The provision is not applied under the profile (e.g. SJRP §4.4).
    NotApplied,
    /// The arbiter must decide.
    DecisionRequired {
        /// The question.
        question: Question,
        /// The options the rules allow.
        options: Vec<Choice>,
    },
    /// The arbiter's decision is applied.
    Decided(Choice),
    /// A penalty is recorded (Art. 12.9).
    PenaltyImposed {
        /// The offender.
        against: Color,
        /// The penalty.
        penalty: Penalty,
    },
}

impl fmt::Display for Ruling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ruling::Clock(r) => clock_ruling(f, r),
            Ruling::GameEnded(r) => write!(f, "game ended {r}"),
            Ruling::AfterEnd => f.write_str("the game has ended; no effect"),
            Ruling::NewGame => f.write_str("game annulled, new game"),
            Ruling::PlayOn => f.write_str("play on"),
            Ruling::BoardCorrected => f.write_str("position transferred to a correct board"),
            Ruling::IllegalMoveCorrected { by } => {
                write!(f, "{by}'s illegal move corrected before completion")
            }
            Ruling::IllegalMoveCompleted { by } => {
                write!(
                    f,
                    "{by} completed an illegal move; claimable before the opponent moves"
                )
            }
            Ruling::IllegalMoveStands { by } => write!(f, "{by}'s unclaimed illegal move stands"),
            Ruling::PositionRestored { ply } => write!(f, "position at ply {ply} restored"),
            Ruling::PawnReplacedByQueen { square } => {
                write!(f, "pawn replaced by a queen on {square}")
            }
            Ruling::IllegalMoveCounted { by, count } => {
                write!(f, "{by} has completed {count} illegal move(s)")
            }
            Ruling::CountedOnce { by } => write!(f, "{by}'s violations in one move count once"),
            Ruling::TimeAdded { to, ms } => write!(f, "{} added to {to}", Seconds(*ms)),
            Ruling::MustMove { by, allowed } => {
                write!(f, "{by} must play one of {} move(s)", allowed.len())
            }
            Ruling::MoveRefused { by } => write!(f, "{by}'s move is not allowed"),
            Ruling::DrawOffered { by } => write!(f, "{by} offers a draw"),
            Ruling::DrawOfferClosed { by } => write!(f, "{by}'s draw offer is closed"),
            Ruling::DrawAgreementInvalid => f.write_str("draw offer or agreement not valid"),
            Ruling::ClaimRejected { by, failure } => write!(f, "{by}'s claim fails: {failure}"),
            Ruling::WrittenMoveBinding { by, mv } => write!(f, "{by} must play {mv}"),
            Ruling::SealedMoveMade(mv) => write!(f, "sealed move {mv} made"),
            Ruling::DeviceAllowed => f.write_str("switched-off device allowed"),
            Ruling::NotApplied => f.write_str("not applied under these regulations"),
            Ruling::DecisionRequired { question, options } => {
                write!(f, "arbiter decision required: {question:?}; options:")?;
                for o in options {
                    write!(f, " {o};")?;
                }
                Ok(())
            }
            Ruling::Decided(c) => write!(f, "arbiter decided: {c}"),
            Ruling::PenaltyImposed { against, penalty } => {
                write!(f, "penalty against {against}: {penalty}")
            }
        }
    }
}

fn clock_ruling(f: &mut fmt::Formatter<'_>, r: &clock::Ruling) -> fmt::Result {
    match r {
        clock::Ruling::FlagFell(flag) | clock::Ruling::TimeExceeded(flag) => write!(
            f,
            "{}'s flag fell at {} after {} completed moves",
            flag.color,
            Seconds(flag.at_ms),
            flag.moves_completed
        ),
        clock::Ruling::BothFlagsGameContinues => {
            f.write_str("both flags down, order unknown: play on")
        }
        clock::Ruling::BothFlagsDraw => f.write_str("both flags down in the last period: draw"),
        clock::Ruling::PeriodCompleted {
            color,
            period_index,
            added_ms,
        } => write!(
            f,
            "{color} completed period {}, {} added",
            period_index + 1,
            Seconds(*added_ms)
        ),
        clock::Ruling::PressWithoutEffect(c) => write!(f, "{c}'s press has no effect"),
        clock::Ruling::DefaultTimeExceeded(c) => write!(f, "{c} absent after the default time"),
        clock::Ruling::Stopped => f.write_str("clock stopped"),
        clock::Ruling::Restarted => f.write_str("clock restarted"),
        clock::Ruling::TimeAdjusted {
            color, delta_ms, ..
        } => {
            let sign = if *delta_ms < 0 { "-" } else { "+" };
            write!(
                f,
                "{color}'s time {sign}{}",
                Seconds(delta_ms.unsigned_abs())
            )
        }
        clock::Ruling::TimeSet {
            color,
            remaining_ms,
            moves_completed,
            ..
        } => write!(
            f,
            "{color}'s clock set to {} after {moves_completed} moves",
            Seconds(*remaining_ms)
        ),
    }
}

/// A ruling with the provision it rests on and the edition in force.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cited {
    /// The ruling.
    pub ruling: Ruling,
    /// The provision.
    pub article: Article,
    /// The edition of the Laws.
    pub edition: Edition,
}

impl fmt::Display for Cited {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} — {} ({})", self.ruling, self.article, self.edition)
    }
}

/// An event the engine cannot accept in its state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventError {
    /// The clock refused the event.
    Clock(ClockError),
    /// The player is not on move.
    NotOnMove(Color),
    /// A player accepted or declined an offer that was never made.
    NoDrawOffer(Color),
    /// A decision was given with no question pending.
    NoQuestion,
    /// The decision is not among the options.
    NotAnOption(Choice),
    /// A question is pending: the arbiter decides first.
    DecisionPending,
    /// The move is not a pawn move to the last rank without promotion.
    NotAnUnreplacedPawn,
    /// An unclaimed illegal move left a position the engine cannot represent.
    UnrepresentablePosition,
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::Clock(e) => write!(f, "clock: {e}"),
            EventError::NotOnMove(c) => write!(f, "{c} is not on move"),
            EventError::NoDrawOffer(c) => write!(f, "there is no draw offer for {c} to answer"),
            EventError::NoQuestion => f.write_str("no arbiter decision is pending"),
            EventError::NotAnOption(c) => write!(f, "{c} is not an option here"),
            EventError::DecisionPending => f.write_str("the arbiter must decide first"),
            EventError::NotAnUnreplacedPawn => {
                f.write_str("not a pawn move to the last rank without promotion")
            }
            EventError::UnrepresentablePosition => f.write_str(
                "the illegal move stands but leaves a position that cannot be played on",
            ),
        }
    }
}

impl std::error::Error for EventError {}

impl From<ClockError> for EventError {
    fn from(e: ClockError) -> EventError {
        EventError::Clock(e)
    }
}

/// An illegal act not yet dealt with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pending {
    by: Color,
    act: IllegalAct,
    /// Completed by pressing the clock (Art. 7.5.1).
    completed: bool,
}

/// The engine: one game under one profile. [`Event::StartClock`] starts the
/// clock of the side to move (White's from the initial position, Art. 6.6).
#[derive(Debug, Clone)]
pub struct Arbiter {
    profile: Profile,
    game_type: GameType,
    game: Game,
    clock: Clock,
    result: Option<(GameResult, Article)>,
    annulled: bool,
    draw_offer: Option<Color>,
    illegal_moves: ByColor<u32>,
    moves_made: ByColor<u32>,
    /// The ply at which each player's last counted illegal act happened (A-060).
    last_offence: ByColor<Option<u32>>,
    pending: Option<Pending>,
    /// Whether the player to move has executed a move not yet completed.
    uncompleted: Option<Color>,
    touched: Vec<Square>,
    written: Option<Move>,
    question: Option<Question>,
    penalties: Vec<(Color, Penalty)>,
    latest_ms: u64,
}

type Out = Vec<Cited>;

impl Arbiter {
    /// A game from `start` under `control` and `profile`, the clock not yet
    /// started; the default time is the profile's (Art. 6.7.1).
    pub fn new(start: StartingPosition, control: TimeControl, profile: Profile) -> Arbiter {
        let game_type = GameType::of(&control);
        let clock = Clock::new(control).with_default_time(profile.default_time_ms(game_type));
        Arbiter {
            profile,
            game_type,
            game: Game::new(start),
            clock,
            result: None,
            annulled: false,
            draw_offer: None,
            illegal_moves: ByColor::default(),
            moves_made: ByColor::default(),
            last_offence: ByColor::default(),
            pending: None,
            uncompleted: None,
            touched: Vec::new(),
            written: None,
            question: None,
            penalties: Vec::new(),
            latest_ms: 0,
        }
    }

    /// The profile.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The game type from the time control (A.1, B.1).
    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    /// The moves and positions so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Both clocks.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The result once the game has ended, after score penalties
    /// (Art. 12.9.4, 12.9.5), with the provision that ended it.
    pub fn result(&self) -> Option<(GameResult, Article)> {
        let (mut result, article) = self.result?;
        for &(against, penalty) in &self.penalties {
            let changed = match penalty {
                Penalty::IncreaseOpponentScore { to } => result.with_score(!against, to),
                Penalty::ReduceScore { to } => result.with_score(against, to),
                _ => Ok(result),
            };
            result = changed.unwrap_or(result);
        }
        Some((result, article))
    }

    /// Whether the game was annulled for a new one (Art. 7.2.1, 7.3).
    pub fn annulled(&self) -> bool {
        self.annulled
    }

    /// Who has an open draw offer (Art. 9.1.2).
    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Completed illegal moves counted for `color` (Art. 7.5.5).
    pub fn illegal_moves(&self, color: Color) -> u32 {
        self.illegal_moves[color]
    }

    /// The penalties imposed, in order (Art. 12.9).
    pub fn penalties(&self) -> &[(Color, Penalty)] {
        &self.penalties
    }

    /// The question awaiting the arbiter's decision.
    pub fn question(&self) -> Option<Question> {
        self.question
    }

    /// Whether `color` must record the moves at `at_ms` (Art. 8.1.1, 8.4; A.2).
    pub fn recording_required(&self, color: Color, at_ms: u64) -> bool {
        self.game_type.recording_required() && !self.clock.recording_exempt(color, at_ms)
    }

    /// The moves the player to move may make now: all legal moves, narrowed by
    /// touched pieces (Art. 4.3, 4.5) and a written move (Art. 9.5.2).
    pub fn allowed_moves(&self) -> Vec<Move> {
        let position = self.game.position();
        let legal = position.legal_moves();
        if let Some(w) = self.written.filter(|w| legal.contains(w)) {
            return vec![w];
        }
        let own = position.us();
        // Art. 4.3.3: own piece and an opponent's piece touched: capture it with that piece if legal.
        let first_own = self.touched.iter().find(|&&s| own.contains(s));
        let first_theirs = self.touched.iter().find(|&&s| position.them().contains(s));
        if let (Some(&from), Some(&to)) = (first_own, first_theirs) {
            let captures: Vec<Move> = legal
                .iter()
                .filter(|m| m.from() == Some(from) && m.to() == to)
                .copied()
                .collect();
            if !captures.is_empty() {
                return captures;
            }
        }
        // Art. 4.3.1, 4.3.2: the first touched piece that can be moved or captured.
        for &square in &self.touched {
            let moves: Vec<Move> = legal
                .iter()
                .filter(|m| {
                    if own.contains(square) {
                        m.from() == Some(square)
                    } else {
                        m.is_capture() && capture_square(m) == square
                    }
                })
                .copied()
                .collect();
            if !moves.is_empty() {
                return moves;
            }
        }
        legal.to_vec()
    }

    fn cite(&self, out: &mut Out, ruling: Ruling, article: &'static str) {
        self.cite_article(out, ruling, Article::new(article));
    }

    fn cite_article(&self, out: &mut Out, ruling: Ruling, article: Article) {
        out.push(Cited {
            ruling,
            article,
            edition: self.profile.edition,
        });
    }

    fn clock_rulings(&self, out: &mut Out, rulings: Vec<clock::Ruling>) {
        for r in rulings {
            let article = r.article();
            self.cite_article(out, Ruling::Clock(r), article);
        }
    }

    fn unsupervised(&self) -> bool {
        self.game_type != GameType::Standard
            && self.profile.supervision == Supervision::Unsupervised
    }

    /// Whether `color` cannot checkmate the opponent by any series of legal moves.
    fn cannot_mate(&self, color: Color) -> bool {
        cannot_checkmate(self.game.position(), color)
    }

    fn end(&mut self, out: &mut Out, at_ms: u64, result: GameResult, article: Article) {
        if self.clock.running().is_some()
            && let Ok(r) = self.clock.end(at_ms, None)
        {
            self.clock_rulings(out, r);
        }
        if let Some(by) = self.draw_offer.take() {
            self.cite(out, Ruling::DrawOfferClosed { by }, "Art. 9.1.2.1");
        }
        self.result = Some((result, article));
        self.cite_article(out, Ruling::GameEnded(result), article);
    }

    /// `loser` loses, unless the opponent cannot checkmate: then a draw.
    fn lose_unless_opponent_cannot_mate(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        loser: Color,
        article: Article,
    ) {
        let result = if self.cannot_mate(!loser) {
            GameResult::DRAW
        } else {
            GameResult::win(!loser)
        };
        self.end(out, at_ms, result, article);
    }

    fn add_time(&mut self, out: &mut Out, at_ms: u64, to: Color, ms: u64, article: Article) {
        let running = self.clock.running().is_some();
        let delta = i64::try_from(ms).unwrap_or(i64::MAX);
        let done = (|| {
            if running {
                self.clock.stop(at_ms)?;
            }
            self.clock.adjust(to, delta, Adjustment::IllegalMoveBonus)?;
            if running {
                self.clock.restart(at_ms)?;
            }
            Ok::<_, ClockError>(())
        })();
        if done.is_ok() {
            self.cite_article(out, Ruling::TimeAdded { to, ms }, article);
        }
    }

    fn credit_opponent(&mut self, out: &mut Out, at_ms: u64, to: Color, base: &'static str) {
        let ms = self.profile.time_credit_ms(self.game_type);
        let article = self
            .profile
            .time_credit_article(Article::new(base), self.game_type);
        self.add_time(out, at_ms, to, ms, article);
    }

    /// Applies one event at `at_ms` and returns the rulings, in order.
    pub fn apply(&mut self, at_ms: u64, event: Event) -> Result<Vec<Cited>, EventError> {
        let latest_ms = self.latest_ms.max(self.clock.latest_ms());
        if at_ms < latest_ms {
            return Err(EventError::Clock(ClockError::TimeWentBackwards {
                at_ms,
                latest_ms,
            }));
        }
        self.latest_ms = at_ms;
        let mut out = Vec::new();
        if let (Some(_), Event::Penalty { against, penalty }) = (self.result, &event) {
            // Art. 12.9.4, 12.9.5: score penalties apply to a finished game.
            self.on_penalty(&mut out, at_ms, *against, *penalty);
            return Ok(out);
        }
        if let Some((_, article)) = self.result {
            self.cite_article(&mut out, Ruling::AfterEnd, article);
            return Ok(out);
        }
        if self.annulled {
            self.cite(&mut out, Ruling::AfterEnd, "Art. 7.2.1");
            return Ok(out);
        }
        if self.question.is_some() && !matches!(event, Event::Decision(_)) {
            return Err(EventError::DecisionPending);
        }
        match event {
            Event::StartClock => {
                let turn = self.game.position().turn();
                self.clock.start_for(turn, at_ms)?;
            }
            Event::Arrive(color) => {
                if let Some(r) = self.clock.arrive(color, at_ms)? {
                    self.clock_rulings(&mut out, vec![r]);
                    let result = GameResult::loss(color, Score::One);
                    self.end(&mut out, at_ms, result, Article::new("Art. 6.7.1"));
                }
            }
            Event::CheckAbsence => {
                let absent = self.clock.absent_after_default_time(at_ms);
                let result = match absent.as_slice() {
                    [] => None,
                    [clock::Ruling::DefaultTimeExceeded(c)] => {
                        Some(GameResult::loss(*c, Score::One))
                    }
                    _ => Some(GameResult::BOTH_LOSE),
                };
                self.clock_rulings(&mut out, absent);
                if let Some(result) = result {
                    self.end(&mut out, at_ms, result, Article::new("Art. 6.7.1"));
                }
            }
            Event::Move { by, mv } => self.on_move(&mut out, at_ms, by, mv)?,
            Event::Press(by) => self.on_press(&mut out, at_ms, by)?,
            Event::UnreplacedPawn { by, mv } => {
                self.require_on_move(by)?;
                let promoting = matches!(mv, Move::Normal { role: Role::Pawn, promotion: None, to, .. }
                    if to.rank() == by.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First));
                if !promoting || !self.game.position().is_legal(queen(mv)) {
                    return Err(EventError::NotAnUnreplacedPawn);
                }
                self.pending = Some(Pending {
                    by,
                    act: IllegalAct::UnreplacedPawn(mv),
                    completed: false,
                });
            }
            Event::TwoHands(by) => self.on_two_hands(&mut out, at_ms, by),
            Event::Touch { by, square } => self.on_touch(&mut out, by, square),
            Event::OfferDraw(by) => self.on_offer(&mut out, by),
            Event::AcceptDraw(by) => self.on_accept(&mut out, at_ms, by)?,
            Event::DeclineDraw(by) => {
                if self.draw_offer != Some(!by) {
                    return Err(EventError::NoDrawOffer(by));
                }
                self.draw_offer = None;
                self.cite(
                    &mut out,
                    Ruling::DrawOfferClosed { by: !by },
                    "Art. 9.1.2.1",
                );
            }
            Event::ClaimDraw { by, intended } => self.on_claim(&mut out, at_ms, by, intended),
            Event::ClaimFlag(_) | Event::ObserveFlags => self.on_flags(&mut out, at_ms, &event)?,
            Event::ClaimIllegalMove(by) => match self.pending {
                Some(p) if p.completed && p.by == !by => {
                    self.pending = None;
                    self.illegal_procedure(&mut out, at_ms, p.by, p.act);
                }
                _ => self.cite(
                    &mut out,
                    Ruling::ClaimRejected {
                        by,
                        failure: ClaimFailure::NothingToClaim,
                    },
                    "Art. 7.5.1",
                ),
            },
            Event::Intervene => self.on_intervene(&mut out, at_ms),
            Event::Resign(by) => {
                let result = match self.profile.edition {
                    Edition::Fide2023 if self.cannot_mate(!by) => GameResult::DRAW,
                    _ => GameResult::win(!by),
                };
                self.end(&mut out, at_ms, result, Article::new("Art. 5.1.2"));
            }
            Event::Irregularity(kind) => self.on_irregularity(&mut out, at_ms, kind),
            Event::Device { by, switched_on } => match self.profile.device_rule {
                DeviceRule::Fide => {
                    let result = GameResult::loss(by, Score::One);
                    self.end(&mut out, at_ms, result, Article::new("Art. 11.3.2.2"));
                }
                DeviceRule::Youth if !switched_on => {
                    self.cite(&mut out, Ruling::DeviceAllowed, "SJRP §4.2")
                }
                DeviceRule::Youth => {
                    let opponent = if self.cannot_mate(!by) {
                        Score::Half
                    } else {
                        Score::One
                    };
                    let result = GameResult::loss(by, opponent);
                    self.end(&mut out, at_ms, result, Article::new("SJRP §4.2"));
                }
            },
            Event::OpenEnvelope { written, language } => {
                let verdict = sealed_move::judge(&self.game, &written, language);
                let sealer = self.game.position().turn();
                let article = verdict.article();
                match verdict {
                    SealedMove::Valid(mv) => {
                        self.cite_article(&mut out, Ruling::SealedMoveMade(mv), article);
                        // The arbiter makes the move and starts the opponent's clock (I.7).
                        let r = self.clock.execute_move(sealer, at_ms)?;
                        self.clock_rulings(&mut out, r);
                        self.play(&mut out, at_ms, sealer, mv);
                        if self.result.is_none() {
                            let r = self.clock.press(sealer, at_ms)?;
                            self.clock_rulings(&mut out, r);
                            self.uncompleted = None;
                        }
                    }
                    SealedMove::AlreadyOver(t) => {
                        let result = t.winner().map_or(GameResult::DRAW, GameResult::win);
                        self.end(&mut out, at_ms, result, article);
                    }
                    SealedMove::Drawn { .. } => {
                        self.end(&mut out, at_ms, GameResult::DRAW, article);
                    }
                    SealedMove::Lost { sealer, .. } => {
                        let result = GameResult::win(!sealer);
                        self.end(&mut out, at_ms, result, article);
                    }
                }
            }
            Event::PersistentRefusal(by) => {
                // The opponent wins if able to checkmate by any series of legal moves, else ½.
                let opponent = if self.cannot_mate(!by) {
                    Score::Half
                } else {
                    Score::One
                };
                let result = GameResult::loss(by, opponent);
                self.end(&mut out, at_ms, result, Article::new("Art. 11.7"));
            }
            Event::QuickplayClaim(by) => {
                if self.quickplay_finish(by, at_ms) {
                    self.ask(
                        &mut out,
                        Question::QuickplayFinishClaim { claimant: by },
                        vec![Choice::Draw, Choice::Reject],
                        "Guideline III.5",
                    );
                } else {
                    let failure = ClaimFailure::NotApplicable;
                    self.cite(
                        &mut out,
                        Ruling::ClaimRejected { by, failure },
                        "Guideline III.5",
                    );
                    let article = Article::new("Guideline III.5.2");
                    self.add_time(&mut out, at_ms, !by, 120_000, article);
                }
            }
            Event::IncrementRequest(by) => {
                if !self.profile.increment_request {
                    self.cite(&mut out, Ruling::NotApplied, "SJRP §4.4");
                } else if self.quickplay_finish(by, at_ms) {
                    // III.4: the request counts as a draw offer.
                    self.on_offer(&mut out, by);
                } else {
                    let failure = ClaimFailure::NotApplicable;
                    self.cite(
                        &mut out,
                        Ruling::ClaimRejected { by, failure },
                        "Guideline III.4",
                    );
                }
            }
            Event::StopClock => {
                let r = self.clock.stop(at_ms)?;
                self.clock_rulings(&mut out, r);
            }
            Event::RestartClock => {
                let r = self.clock.restart(at_ms)?;
                self.clock_rulings(&mut out, vec![r]);
            }
            Event::AdjustTime {
                color,
                delta_ms,
                reason,
            } => {
                let r = self.clock.adjust(color, delta_ms, reason)?;
                self.clock_rulings(&mut out, vec![r]);
            }
            Event::SetClock {
                color,
                remaining_ms,
                moves_completed,
                reason,
            } => {
                if self.unsupervised() && self.clock.settings_fixed() {
                    let article = match self.profile.edition {
                        Edition::Fide2018 => "Appendix A.4.1.1 (2018)",
                        Edition::Fide2023 => "Appendix A.5.1.1",
                    };
                    self.cite(&mut out, Ruling::NotApplied, article);
                } else {
                    let r = self
                        .clock
                        .set(color, remaining_ms, moves_completed, reason)?;
                    self.clock_rulings(&mut out, vec![r]);
                }
            }
            Event::Penalty { against, penalty } => {
                self.on_penalty(&mut out, at_ms, against, penalty)
            }
            Event::Decision(choice) => self.on_decision(&mut out, at_ms, choice)?,
        }
        Ok(out)
    }

    /// Guideline III.2, III.4, III.5: a quickplay finish (the last period,
    /// no increment or delay, not blitz) with `by` on move and less than two
    /// minutes left, the flag not fallen.
    fn quickplay_finish(&self, by: Color, at_ms: u64) -> bool {
        let control = self.clock.control();
        let period = self.clock.period_index(by);
        let left = self.clock.remaining(by, at_ms);
        !control.has_bonus()
            && self.game_type != GameType::Blitz
            && control.schedule(by).is_final(period)
            && self.game.position().turn() == by
            && left > 0
            && left < 120_000
    }

    fn require_on_move(&self, by: Color) -> Result<(), EventError> {
        if self.game.position().turn() == by {
            Ok(())
        } else {
            Err(EventError::NotOnMove(by))
        }
    }

    fn ask(
        &mut self,
        out: &mut Out,
        question: Question,
        options: Vec<Choice>,
        article: &'static str,
    ) {
        self.question = Some(question);
        self.cite(out, Ruling::DecisionRequired { question, options }, article);
    }

    fn on_move(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
        mv: Move,
    ) -> Result<(), EventError> {
        if let Some(p) = self.pending.filter(|p| p.completed && p.by == !by) {
            // A.5.2: the opponent moved without claiming; the illegal move stands.
            self.pending = None;
            self.stand(out, p)?;
        }
        self.require_on_move(by)?;
        if self.pending.is_some_and(|p| p.by == by && p.completed) {
            // The opponent is on move, or claims, after the completed illegal move.
            return Err(EventError::NotOnMove(by));
        }
        if let Some(p) = self.pending.filter(|p| p.by == by) {
            // The illegal move is taken back before the clock is pressed; the
            // piece moved stays touched (Art. 4.3, 4.7).
            self.pending = None;
            if let IllegalAct::Move(illegal) | IllegalAct::UnreplacedPawn(illegal) = p.act {
                self.touched = illegal.from().into_iter().collect();
            }
        }
        if let Some(offerer) = self.draw_offer.filter(|&o| o == !by) {
            self.draw_offer = None;
            self.cite(out, Ruling::DrawOfferClosed { by: offerer }, "Art. 9.1.2.1");
        }
        if !self.game.position().is_legal(mv) {
            self.pending = Some(Pending {
                by,
                act: IllegalAct::Move(mv),
                completed: false,
            });
            return Ok(());
        }
        if !self.allowed_moves().contains(&mv) {
            let article = if self.written.is_some() {
                "Art. 9.5.2"
            } else {
                "Art. 4.3"
            };
            self.cite(out, Ruling::MoveRefused { by }, article);
            return Ok(());
        }
        let r = self.clock.execute_move(by, at_ms)?;
        self.clock_rulings(out, r);
        self.play(out, at_ms, by, mv);
        Ok(())
    }

    /// Plays a legal move and ends the game if the position ends it.
    fn play(&mut self, out: &mut Out, at_ms: u64, by: Color, mv: Move) {
        if self.game.play(mv).is_err() {
            return;
        }
        self.moves_made[by] += 1;
        self.touched.clear();
        self.written = None;
        self.uncompleted = Some(by);
        if let Some(t) = self.game.termination() {
            let result = t.winner().map_or(GameResult::DRAW, GameResult::win);
            // Art. 6.2.1.1: the move that ends the game is completed without pressing.
            if let Ok(r) = self.clock.end(at_ms, Some(by)) {
                self.clock_rulings(out, r);
            }
            self.uncompleted = None;
            self.end(out, at_ms, result, t.article());
        }
    }

    /// A.5.2: the unclaimed illegal move stands. The game continues from the
    /// position it produced as a new record, so repetitions (9.2, 9.6) count
    /// from there; a position that cannot be played on (e.g. the mover's own
    /// king left in check) is refused.
    fn stand(&mut self, out: &mut Out, p: Pending) -> Result<(), EventError> {
        self.cite_article(
            out,
            Ruling::IllegalMoveStands { by: p.by },
            self.profile.unsupervised_illegal_move_article(),
        );
        let mv = match p.act {
            IllegalAct::Move(mv) => mv,
            IllegalAct::UnreplacedPawn(mv) => queen(mv),
            IllegalAct::PressWithoutMove | IllegalAct::TwoHands => return Ok(()),
        };
        let mut after = self.game.position().clone();
        after.play_unchecked(mv);
        let fen = self.game.start().fen_of(&after);
        let start: StartingPosition = fen
            .parse()
            .map_err(|_| EventError::UnrepresentablePosition)?;
        self.game = Game::new(start);
        self.moves_made[p.by] += 1;
        Ok(())
    }

    fn on_press(&mut self, out: &mut Out, at_ms: u64, by: Color) -> Result<(), EventError> {
        if let Some(p) = self.pending.filter(|p| p.by == by && !p.completed) {
            let unreplaced = matches!(p.act, IllegalAct::UnreplacedPawn(_));
            if self.unsupervised() || unreplaced {
                let r = self.clock.press(by, at_ms)?;
                self.clock_rulings(out, r);
            }
            if self.unsupervised() {
                self.pending = Some(Pending {
                    completed: true,
                    ..p
                });
                let article = self.profile.unsupervised_illegal_move_article();
                self.cite_article(out, Ruling::IllegalMoveCompleted { by }, article);
            } else {
                // The arbiter intervenes at once (Art. 7.5, 12.1): the clock is not handed over.
                self.pending = None;
                self.illegal_procedure(out, at_ms, by, p.act);
            }
            return Ok(());
        }
        let running = self.clock.running();
        if running == Some(by) && self.uncompleted != Some(by) {
            // Art. 7.5.3: pressing the clock without making a move; the press is undone.
            self.illegal_procedure(out, at_ms, by, IllegalAct::PressWithoutMove);
            return Ok(());
        }
        let r = self.clock.press(by, at_ms)?;
        if self.uncompleted == Some(by) && running == Some(by) {
            self.uncompleted = None;
        }
        self.clock_rulings(out, r);
        Ok(())
    }

    fn on_two_hands(&mut self, out: &mut Out, at_ms: u64, by: Color) {
        if self.pending.is_some_and(|p| p.by == by)
            || self.last_offence[by] == Some(self.game.ply())
        {
            self.cite(out, Ruling::CountedOnce { by }, "Art. 7.5.5");
            return;
        }
        self.illegal_procedure(out, at_ms, by, IllegalAct::TwoHands);
    }

    fn on_intervene(&mut self, out: &mut Out, at_ms: u64) {
        match self.pending.take() {
            Some(p) if !p.completed => {
                self.cite(out, Ruling::IllegalMoveCorrected { by: p.by }, "Art. 7.5.1");
                if let IllegalAct::Move(mv) | IllegalAct::UnreplacedPawn(mv) = p.act {
                    self.touch_after_restore(out, p.by, mv);
                }
            }
            Some(p) => self.illegal_procedure(out, at_ms, p.by, p.act),
            None => {}
        }
    }

    /// Art. 7.5.1: the replacement move obeys 4.3 for the piece moved (4.7).
    fn touch_after_restore(&mut self, out: &mut Out, by: Color, mv: Move) {
        self.touched.clear();
        if let Some(from) = mv.from() {
            self.touched.push(from);
        }
        let allowed = self.allowed_moves();
        self.cite(out, Ruling::MustMove { by, allowed }, "Art. 4.3");
    }

    /// Art. 7.5.1-7.5.5 for a completed illegal act.
    fn illegal_procedure(&mut self, out: &mut Out, at_ms: u64, by: Color, act: IllegalAct) {
        match act {
            IllegalAct::Move(mv) => {
                let ply = self.game.ply();
                self.cite(out, Ruling::PositionRestored { ply }, "Art. 7.5.1");
                if self.clock.running() == Some(!by) {
                    self.restore_clock(at_ms, by);
                }
                self.touch_after_restore(out, by, mv);
            }
            IllegalAct::UnreplacedPawn(mv) => {
                self.cite(
                    out,
                    Ruling::PawnReplacedByQueen { square: mv.to() },
                    "Art. 7.5.2",
                );
                self.play(out, at_ms, by, queen(mv));
                self.uncompleted = None;
            }
            IllegalAct::PressWithoutMove | IllegalAct::TwoHands => {}
        }
        if self.result.is_some() {
            return;
        }
        self.last_offence[by] = Some(self.game.ply());
        self.illegal_moves[by] += 1;
        let count = self.illegal_moves[by];
        self.cite_article(out, Ruling::IllegalMoveCounted { by, count }, act.article());
        match self.profile.illegal_moves {
            IllegalMoveRegime::Youth => {
                let mut options = vec![Choice::Warning, Choice::TimeForOpponent];
                if count >= 3 {
                    options.push(Choice::Loss);
                }
                self.ask(
                    out,
                    Question::YouthIllegalMove {
                        offender: by,
                        count,
                    },
                    options,
                    "SJRP §4.5",
                );
            }
            IllegalMoveRegime::Fide if count >= 2 => {
                self.lose_unless_opponent_cannot_mate(out, at_ms, by, Article::new("Art. 7.5.5"));
            }
            IllegalMoveRegime::Fide => self.credit_opponent(out, at_ms, !by, "Art. 7.5.5"),
        }
    }

    /// The illegal move was completed and the opponent's clock started: the
    /// offender's clock runs again for the replacement move, and the move
    /// counters are set back (Art. 7.5.1, 6.10.2).
    fn restore_clock(&mut self, at_ms: u64, by: Color) {
        let before =
            |color: Color, c: &Clock| (color, c.remaining(color, at_ms), c.moves_completed(color));
        let (_, own_ms, own_moves) = before(by, &self.clock);
        let theirs = before(!by, &self.clock);
        // A clock that is stopped or ended keeps its state; the arbiter sets it by hand.
        let _ = (|| {
            self.clock.press(!by, at_ms)?;
            self.clock.stop(at_ms)?;
            for (color, remaining, moves) in [(by, own_ms, own_moves.saturating_sub(1)), theirs] {
                self.clock
                    .set(color, remaining, moves, Adjustment::Correction)?;
            }
            self.clock.restart(at_ms)
        })();
    }

    fn on_touch(&mut self, out: &mut Out, by: Color, square: Square) {
        if let Some(offerer) = self.draw_offer.filter(|&o| o == !by) {
            self.draw_offer = None;
            self.cite(out, Ruling::DrawOfferClosed { by: offerer }, "Art. 9.1.2.1");
        }
        let position = self.game.position();
        if position.turn() != by || position.board().piece_at(square).is_none() {
            return;
        }
        self.touched.push(square);
        let allowed = self.allowed_moves();
        self.cite(out, Ruling::MustMove { by, allowed }, "Art. 4.3");
    }

    /// Art. 9.1.1: offers are forbidden before the regulations' move.
    fn offers_banned(&self) -> bool {
        self.profile
            .draw_offers_from_move
            .is_some_and(|n| self.game.move_number(self.game.ply()) < n)
    }

    fn on_offer(&mut self, out: &mut Out, by: Color) {
        if self.offers_banned() {
            self.cite(out, Ruling::DrawAgreementInvalid, "Art. 9.1.1");
        } else {
            self.draw_offer = Some(by);
            self.cite(out, Ruling::DrawOffered { by }, "Art. 9.1.2.1");
        }
    }

    fn on_accept(&mut self, out: &mut Out, at_ms: u64, by: Color) -> Result<(), EventError> {
        if self.offers_banned() {
            self.cite(out, Ruling::DrawAgreementInvalid, "Art. 9.1.1");
            return Ok(());
        }
        if self.draw_offer != Some(!by) {
            return Err(EventError::NoDrawOffer(by));
        }
        if self.moves_made.white == 0 || self.moves_made.black == 0 {
            self.draw_offer = None;
            self.cite(out, Ruling::DrawAgreementInvalid, "Art. 5.2.3");
            return Ok(());
        }
        self.end(out, at_ms, GameResult::DRAW, Article::new("Art. 5.2.3"));
        Ok(())
    }

    fn on_claim(&mut self, out: &mut Out, at_ms: u64, by: Color, intended: Option<Move>) {
        let reject = |this: &mut Arbiter, out: &mut Out, failure, article| {
            this.cite(out, Ruling::ClaimRejected { by, failure }, article);
        };
        if self.game.position().turn() != by {
            reject(self, out, ClaimFailure::NotOnMove, "Art. 9.2");
            return;
        }
        if !self.touched.is_empty() {
            reject(self, out, ClaimFailure::PieceTouched, "Art. 9.4");
            return;
        }
        let claims = self.game.draw_claims(intended.as_ref());
        if let Some(claim) = claims.first() {
            let article = claim.kind.article();
            if matches!(
                claim.kind,
                ClaimKind::RepetitionByIntendedMove | ClaimKind::FiftyMovesByIntendedMove
            ) && let Some(mv) = claim.intended
            {
                // The written move is part of the claim (9.2.1, 9.3.1); it ends the game (6.2.1.1).
                let _ = self.game.play(mv);
            }
            self.end(out, at_ms, GameResult::DRAW, article);
            return;
        }
        reject(self, out, ClaimFailure::Incorrect, "Art. 9.5.2");
        self.credit_opponent(out, at_ms, !by, "Art. 9.5.2");
        if let Some(mv) = intended {
            if self.game.position().is_legal(mv) {
                self.written = Some(mv);
                self.cite(out, Ruling::WrittenMoveBinding { by, mv }, "Art. 9.5.2");
            } else {
                self.touch_after_restore(out, by, mv);
            }
        }
        // Art. 9.1.2.3: a claim counts as a draw offer, unless offers are forbidden (9.1.1).
        if !self.offers_banned() {
            self.draw_offer = Some(by);
            self.cite(out, Ruling::DrawOffered { by }, "Art. 9.1.2.3");
        }
    }

    fn on_flags(&mut self, out: &mut Out, at_ms: u64, event: &Event) -> Result<(), EventError> {
        if let Event::ClaimFlag(by) = *event
            && self.pending.is_some_and(|p| p.by == by)
        {
            // A claimant cannot win on time after his own illegal move (Art. 3, 4; B-031).
            let failure = ClaimFailure::OwnIllegalMove;
            self.cite(out, Ruling::ClaimRejected { by, failure }, "Art. 6.9");
            return Ok(());
        }
        match self.clock.observe_flags(at_ms)? {
            Some(clock::Ruling::TimeExceeded(f)) => {
                let ruling = clock::Ruling::TimeExceeded(f);
                self.clock_rulings(out, vec![ruling]);
                let article = match event {
                    Event::ClaimFlag(_) if self.unsupervised() => match self.profile.edition {
                        Edition::Fide2018 => Article::new("Appendix A.4.3 (2018)"),
                        Edition::Fide2023 => Article::new("Appendix A.5.3"),
                    },
                    _ => Article::new("Art. 6.9"),
                };
                self.lose_unless_opponent_cannot_mate(out, at_ms, f.color, article);
            }
            Some(r @ clock::Ruling::BothFlagsDraw) => {
                self.clock_rulings(out, vec![r]);
                self.end(out, at_ms, GameResult::DRAW, r.article());
            }
            Some(r) => self.clock_rulings(out, vec![r]),
            None => {
                if let Event::ClaimFlag(by) = *event {
                    self.cite(
                        out,
                        Ruling::ClaimRejected {
                            by,
                            failure: ClaimFailure::NoFlagFallen,
                        },
                        "Art. 6.8",
                    );
                }
            }
        }
        Ok(())
    }

    fn on_irregularity(&mut self, out: &mut Out, at_ms: u64, kind: Irregularity) {
        let ten_each = self.moves_made.white >= 10 && self.moves_made.black >= 10;
        let frozen = self.unsupervised() && ten_each;
        let fixed = match self.profile.edition {
            Edition::Fide2018 => "Appendix A.4.1 (2018)",
            Edition::Fide2023 => "Appendix A.5.1.2",
        };
        match kind {
            Irregularity::WrongInitialPosition if frozen => self.cite(out, Ruling::PlayOn, fixed),
            Irregularity::WrongInitialPosition => {
                self.annul(out, at_ms, "Art. 7.2.1");
            }
            Irregularity::BoardMisplaced if frozen => self.cite(out, Ruling::PlayOn, fixed),
            Irregularity::BoardMisplaced => self.cite(out, Ruling::BoardCorrected, "Art. 7.2.2"),
            Irregularity::ColoursReversed if ten_each => self.cite(out, Ruling::PlayOn, "Art. 7.3"),
            Irregularity::ColoursReversed => self.annul(out, at_ms, "Art. 7.3"),
        }
    }

    fn annul(&mut self, out: &mut Out, at_ms: u64, article: &'static str) {
        if self.clock.running().is_some() {
            let _ = self.clock.end(at_ms, None);
        }
        self.annulled = true;
        self.draw_offer = None;
        self.cite(out, Ruling::NewGame, article);
    }

    fn on_penalty(&mut self, out: &mut Out, at_ms: u64, against: Color, penalty: Penalty) {
        self.penalties.push((against, penalty));
        let article = penalty.article();
        self.cite_article(out, Ruling::PenaltyImposed { against, penalty }, article);
        match penalty {
            Penalty::IncreaseOpponentTime { ms } => {
                self.add_time(out, at_ms, !against, ms, article);
            }
            Penalty::ReduceTime { ms } => {
                let running = self.clock.running().is_some();
                let delta = -i64::try_from(ms).unwrap_or(i64::MAX);
                let _ = (|| {
                    if running {
                        self.clock.stop(at_ms)?;
                    }
                    let r = self.clock.adjust(against, delta, Adjustment::Penalty);
                    if running {
                        self.clock.restart(at_ms)?;
                    }
                    r
                })()
                .map(|r| self.clock_rulings(out, vec![r]));
            }
            Penalty::DeclareLost { opponent } => {
                self.end(out, at_ms, GameResult::loss(against, opponent), article);
            }
            _ => {}
        }
    }

    fn on_decision(&mut self, out: &mut Out, at_ms: u64, choice: Choice) -> Result<(), EventError> {
        let question = self.question.ok_or(EventError::NoQuestion)?;
        let allowed = match question {
            Question::YouthIllegalMove { count, .. } => {
                matches!(choice, Choice::Warning | Choice::TimeForOpponent)
                    || choice == Choice::Loss && count >= 3
            }
            Question::QuickplayFinishClaim { .. } => {
                matches!(choice, Choice::Draw | Choice::Reject)
            }
        };
        if !allowed {
            return Err(EventError::NotAnOption(choice));
        }
        self.question = None;
        match question {
            Question::YouthIllegalMove { offender, .. } => {
                self.cite(out, Ruling::Decided(choice), "SJRP §4.5");
                match choice {
                    Choice::TimeForOpponent => {
                        self.credit_opponent(out, at_ms, !offender, "SJRP §4.5");
                    }
                    Choice::Loss => {
                        let opponent = if self.cannot_mate(!offender) {
                            Score::Half
                        } else {
                            Score::One
                        };
                        let result = GameResult::loss(offender, opponent);
                        self.end(out, at_ms, result, Article::new("SJRP §4.5"));
                    }
                    _ => self.penalties.push((offender, Penalty::Warning)),
                }
            }
            Question::QuickplayFinishClaim { claimant } => {
                self.cite(out, Ruling::Decided(choice), "Guideline III.5");
                if choice == Choice::Draw {
                    self.end(
                        out,
                        at_ms,
                        GameResult::DRAW,
                        Article::new("Guideline III.5.1"),
                    );
                } else {
                    let article = Article::new("Guideline III.5.2");
                    self.add_time(out, at_ms, !claimant, 120_000, article);
                }
            }
        }
        Ok(())
    }
}

/// The square of the piece a move captures (differs from `to` for en passant).
fn capture_square(m: &Move) -> Square {
    match *m {
        Move::EnPassant { from, to } => Square::from_coords(to.file(), from.rank()),
        _ => m.to(),
    }
}

/// The pawn move promoting to a queen (Art. 7.5.2).
fn queen(mv: Move) -> Move {
    match mv {
        Move::Normal {
            role,
            from,
            capture,
            to,
            ..
        } => Move::Normal {
            role,
            from,
            capture,
            to,
            promotion: Some(Role::Queen),
        },
        other => other,
    }
}

/// Whether `color` cannot checkmate by any series of legal moves (Art. 5.1.2,
/// 6.9, 7.5.5), by the full dead-position analysis. An undetermined answer
/// counts as "can checkmate": the Laws' default stands unless proven otherwise.
pub(crate) fn cannot_checkmate(position: &Chess, color: Color) -> bool {
    dead_position::can_checkmate(position, color, Tier::full()) == Verdict::Unwinnable
}
