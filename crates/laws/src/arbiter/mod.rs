//! The competition rules engine: a game follows timestamped [`Action`]s and
//! answers each with the [`Ruling`]s the Laws require, each cited with its
//! article and the edition in force ([`Cited`]).
//!
//! The engine keeps the position ([`Game`]), both clocks ([`Clock`]), the open
//! draw offer (Art. 9.1.2), the illegal moves per player (Art. 7.5.5), touched
//! pieces (Art. 4.3), released pieces (Art. 4.7) and written moves (Art. 9.5.2),
//! the penalties imposed (Art. 12.9), the result, and the record before each
//! irregularity nobody noticed, so that the position immediately before it can
//! be reinstated when it is found (Art. 7.5.1, 7.6). Where the Laws leave
//! judgement to the arbiter it rules [`Ruling::DecisionRequired`] with the
//! options and waits for [`Action::Decision`]. Time is an input: every action
//! carries `at_ms`.
//!
//! ```
//! use laws::arbiter::{Arbiter, Action, Ruling};
//! use laws::edition::Profile;
//! use laws::position::StartingPosition;
//! use shakmaty::{Color::*, Move, Role, Square};
//!
//! let mut game = Arbiter::new(StartingPosition::standard(), "5400+30".parse().unwrap(), Profile::FIDE_2023);
//! game.apply(0, Action::StartClock)?;
//! // White moves the king from e1 to e3 and presses the clock: a completed illegal move.
//! let ke3 = Move::Normal { role: Role::King, from: Square::E1, capture: None, to: Square::E3, promotion: None };
//! game.apply(5_000, Action::Move { by: White, mv: ke3 })?;
//! let rulings = game.apply(6_000, Action::Press(White))?;
//! assert!(rulings.iter().any(|r| r.ruling == Ruling::TimeAdded { to: Black, ms: 120_000 }
//!     && r.article.as_str() == "Art. 7.5.5"));
//! assert_eq!(game.illegal_moves(White), 1);
//! assert_eq!(game.game().ply(), 0); // the position before the illegal move (7.5.1)
//! # Ok::<_, laws::arbiter::ActionError>(())
//! ```

mod conduct;
mod decisions;
mod draws;
mod flags;
mod illegal;
mod moves;
mod sealed;
mod touch;

use std::fmt;

use shakmaty::{ByColor, Chess, Color, Move, Position, Role, Square};

use crate::Article;
use crate::clock::{self, Adjustment, Clock, ClockError, FlagOrder, Seconds};
use crate::dead_position;
use crate::edition::{Edition, Profile, Supervision};
use crate::game::Game;
use crate::game_type::GameType;
pub use crate::irregularities::{IllegalAct, Irregularity};
use crate::notation::Language;
use crate::penalties::{Conduct, Penalty};
use crate::points::{GameScore, Score};
use crate::position::StartingPosition;
use crate::time_control::TimeControl;

pub use decisions::{Choice, Question};
use draws::DRAW_OFFER;
use illegal::WRONG_INITIAL_POSITION;
use touch::Released;

/// Art. 5.1.2: "Die Partie ist von der Spielerin / dem Spieler gewonnen, deren / dessen Gegenüber erklärt, dass sie / er aufgibt."
const RESIGNATION: Article = Article::new("Art. 5.1.2");

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
pub enum Action {
    /// The arbiter releases the boards: the default time runs from now (SJRP
    /// §4.3; Art. 6.7.1 "the start of the session"); without it, from the clock start.
    BoardRelease,
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
    /// The player on move claims that the opponent, before the move just
    /// made, had deliberately touched the piece on `square` and then moved
    /// another (Art. 4.3, 4.8): a touch the engine was not told of.
    ClaimTouchMove {
        /// Who claims.
        by: Color,
        /// The square of the piece the opponent touched, in the position before his move.
        square: Square,
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
    /// A player persistently refuses to comply with the Laws (Art. 11.7):
    /// the arbiter decides the opponent's score.
    PersistentRefusal(Color),
    /// Both players persistently refuse to comply with the Laws: both lose (Art. 11.8).
    BothRefuse,
    /// A player with less than two minutes claims under Guideline III.5.
    QuickplayClaim(Color),
    /// A player requests a five-second increment under Guideline III.4.
    IncrementRequest(Color),
    /// A player with less than two minutes claims under Guideline III.6, no
    /// arbiter being present: the claim ends the game.
    QuickplayClaimWithoutArbiter(Color),
    /// A player completes an illegal move that nobody notices; it may be
    /// found later in the game (Art. 7.5.1). The press completes it as usual.
    UnnoticedMove {
        /// Who moves.
        by: Color,
        /// The illegal move.
        mv: Move,
    },
    /// A piece is displaced without a move and nobody notices (Art. 7.6).
    Displace {
        /// Where it stood.
        from: Square,
        /// Where it stands now.
        to: Square,
    },
    /// It is found during the game that the move made from the position at
    /// `ply` (half-moves from the start) was illegal (Art. 7.5.1).
    IllegalMoveDiscovered {
        /// The ply of the position before the illegal move.
        ply: u32,
    },
    /// It is found during the game that a piece was displaced at `ply` (Art. 7.6).
    DisplacementDiscovered {
        /// The ply of the position before the displacement.
        ply: u32,
    },
    /// The player on move releases a piece on a square (Art. 4.7): if that
    /// is part of a legal move, the move is bound to it; a promoted piece
    /// placed on the promotion square fixes the choice (Art. 4.4.4).
    Release {
        /// Who releases.
        by: Color,
        /// The square the piece came from.
        from: Square,
        /// The square it is released on.
        to: Square,
        /// The new piece placed on the promotion square.
        promotion: Option<Role>,
    },
    /// A player announces "j'adoube" and adjusts a piece (Art. 4.2.1).
    Adjust {
        /// Who adjusts.
        by: Color,
        /// The square of the piece.
        square: Square,
    },
    /// The arbiter notes forbidden conduct whose penalty is at discretion (Art. 12.9).
    Misconduct {
        /// The player.
        by: Color,
        /// What was done.
        conduct: Conduct,
    },
    /// A player in supervised rapid or blitz asks the arbiter to see the
    /// scoresheet (2023 A.4.3, B.2.3; 2018 A.3.2, B.3.2).
    ScoresheetRequest(Color),
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

/// What the Laws require after an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruling {
    /// The clock's own ruling (Art. 6).
    Clock(clock::Ruling),
    /// The game has ended with this result.
    GameEnded(GameScore),
    /// An action after the end of the game has no effect (Art. 5.1.1, 5.2).
    AfterEnd,
    /// Conduct reported after the game has ended: the player counts as a spectator (Art. 11.4);
    /// the game stands as it ended, and penalties remain the arbiter's (Art. 12.9.4, 12.9.5).
    Spectator {
        /// The player whose conduct was reported.
        by: Color,
    },
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
    /// A player accepts or declines a draw offer that is not open (never
    /// made, or closed by a touch or move, Art. 9.1.2.1): no effect.
    NoOpenOffer {
        /// Who answered.
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
    /// The sealed move is made on the board (Guideline I.9.1).
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
    /// Both clocks now add this increment per move (Guideline III.4).
    IncrementIntroduced {
        /// Milliseconds per move.
        ms: u64,
    },
    /// The conduct is forbidden; the arbiter may impose a penalty (Art. 12.9).
    PenaltyAtDiscretion {
        /// The offender.
        against: Color,
        /// What was done.
        conduct: Conduct,
    },
    /// The conduct is not a violation here.
    NoViolation {
        /// The player.
        by: Color,
    },
    /// The piece is adjusted without obligation to move it (Art. 4.2.1).
    Adjusted {
        /// Who adjusted.
        by: Color,
    },
    /// The arbiter shows the scoresheet (supervised rapid/blitz; at most five times).
    ScoresheetShown {
        /// Who asked.
        by: Color,
        /// Requests granted so far.
        count: u32,
    },
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
            Ruling::Spectator { by } => write!(f, "the game has ended; {by} is a spectator"),
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
            Ruling::NoOpenOffer { by } => {
                write!(f, "no draw offer open for {by} to answer; no effect")
            }
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
            Ruling::IncrementIntroduced { ms } => {
                write!(f, "increment of {} per move for both players", Seconds(*ms))
            }
            Ruling::PenaltyAtDiscretion { against, conduct } => {
                write!(
                    f,
                    "{against}: {conduct}; penalty at the arbiter's discretion"
                )
            }
            Ruling::NoViolation { by } => write!(f, "no violation by {by}"),
            Ruling::Adjusted { by } => write!(f, "{by} adjusts a piece; no obligation to move it"),
            Ruling::ScoresheetShown { by, count } => {
                write!(f, "scoresheet shown to {by} (request {count} of 5)")
            }
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

/// An action the engine cannot accept in its state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionError {
    /// The clock refused the action.
    Clock(ClockError),
    /// The player is not on move.
    NotOnMove(Color),
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
    /// No unnoticed illegal move or displacement was recorded at this ply.
    NothingAt(u32),
    /// No piece of the player stands on the square.
    NoPiece(Square),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Clock(e) => write!(f, "clock: {e}"),
            ActionError::NotOnMove(c) => write!(f, "{c} is not on move"),
            ActionError::NoQuestion => f.write_str("no arbiter decision is pending"),
            ActionError::NotAnOption(c) => write!(f, "{c} is not an option here"),
            ActionError::DecisionPending => f.write_str("the arbiter must decide first"),
            ActionError::NotAnUnreplacedPawn => {
                f.write_str("not a pawn move to the last rank without promotion")
            }
            ActionError::UnrepresentablePosition => f.write_str(
                "the illegal move stands but leaves a position that cannot be played on",
            ),
            ActionError::NothingAt(ply) => {
                write!(f, "no unnoticed illegal move or displacement at ply {ply}")
            }
            ActionError::NoPiece(square) => write!(f, "no piece of the player on {square}"),
        }
    }
}

impl std::error::Error for ActionError {}

impl From<ClockError> for ActionError {
    fn from(e: ClockError) -> ActionError {
        ActionError::Clock(e)
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

/// The record before an unnoticed irregularity, kept so that the position
/// immediately before it can be reinstated (Art. 7.5.1, 7.6).
#[derive(Debug, Clone)]
struct Unnoticed {
    /// Half-moves from the start to the position before the irregularity.
    ply: u32,
    /// Who made the illegal move, and the move; `None` for a displaced piece.
    offender: Option<(Color, Move)>,
    game: Game,
    ply_offset: u32,
    moves_made: ByColor<u32>,
}

/// The engine: one game under one profile. [`Action::StartClock`] starts the
/// clock of the side to move (White's from the initial position, Art. 6.6).
#[derive(Debug, Clone)]
pub struct Arbiter {
    profile: Profile,
    game_type: GameType,
    game: Game,
    clock: Clock,
    result: Option<(GameScore, Article)>,
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
    /// Half-moves before the start of `game`, which restarts after a move
    /// that stands although illegal (A.5.2) or an unnoticed irregularity.
    ply_offset: u32,
    unnoticed: Vec<Unnoticed>,
    /// A position after an unnoticed illegal move that the laws core cannot
    /// play on (e.g. the mover's king in check), with the half-moves it is
    /// ahead of `game`.
    limbo: Option<(Chess, u32)>,
    /// [`Arbiter::board_position`] after a completed illegal move (A.5.2).
    shown: Option<Chess>,
    /// The open draw offer is a Guideline III.4 request.
    increment_request: Option<Color>,
    released: Option<Released>,
    scoresheet_requests: ByColor<u32>,
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
            ply_offset: 0,
            unnoticed: Vec::new(),
            limbo: None,
            shown: None,
            increment_request: None,
            released: None,
            scoresheet_requests: ByColor::default(),
        }
    }

    /// Art. 6.7.1: the default time the regulations fix, for any profile and
    /// game type, instead of the profile's.
    pub fn with_default_time(mut self, ms: u64) -> Arbiter {
        self.clock = self.clock.with_default_time(ms);
        self
    }

    /// Guideline III.3.1: whether the clock shows which flag fell first.
    pub fn with_flag_order(mut self, order: FlagOrder) -> Arbiter {
        self.clock = self.clock.with_flag_order(order);
        self
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

    /// The position on the board: the game's, or after an unnoticed illegal
    /// move the position it left, which may be one the game cannot hold
    /// (e.g. the mover's king in check); in unsupervised rapid and blitz after
    /// a completed illegal move not yet claimed, the position that move
    /// produced, against which the opponent's next move is read (A.5.2).
    pub fn board_position(&self) -> &Chess {
        self.shown.as_ref().unwrap_or_else(|| self.recorded_board())
    }

    /// The game's position, or the one an unnoticed illegal move left.
    fn recorded_board(&self) -> &Chess {
        match &self.limbo {
            Some((position, _)) => position,
            None => self.game.position(),
        }
    }

    /// The position a completed, unclaimed illegal move produced (A.5.2).
    fn completed_illegal_board(&self) -> Option<Chess> {
        let p = self
            .pending
            .filter(|p| p.completed && self.limbo.is_none())?;
        let (IllegalAct::Move(mv) | IllegalAct::UnreplacedPawn(mv)) = p.act else {
            return None;
        };
        let mut after = self.game.position().clone();
        after.play_unchecked(mv);
        Some(after)
    }

    /// Both clocks.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The result once the game has ended, after score penalties
    /// (Art. 12.9.4, 12.9.5), with the provision that ended it.
    pub fn result(&self) -> Option<(GameScore, Article)> {
        let (mut result, article) = self.result?;
        // Each score penalty fixes one player's score (the latest for each player wins); the
        // arbiter combining 12.9.4 and 12.9.5 (1-0 from a draw, Art. 10.2) gets the same
        // result in either order.
        let mut set: ByColor<Option<Score>> = ByColor::default();
        for &(against, penalty) in &self.penalties {
            match penalty {
                Penalty::IncreaseOpponentScore { to } => set[!against] = Some(to),
                Penalty::ReduceScore { to } => set[against] = Some(to),
                _ => {}
            }
        }
        if set.white.is_some() || set.black.is_some() {
            let white = set.white.unwrap_or(result.score(Color::White));
            let black = set.black.unwrap_or(result.score(Color::Black));
            if let Ok(combined) = GameScore::new(white, black) {
                return Some((combined, article));
            }
        }
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

    /// Half-moves on the board since the start (moves annulled by Art. 7.5.1 or 7.6 not counted).
    pub fn ply(&self) -> u32 {
        let limbo = self.limbo.as_ref().map_or(0, |(_, n)| *n);
        self.ply_offset + self.game.ply() + limbo
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
    /// touched pieces (Art. 4.3, 4.4, 4.5), a released piece (4.7) and a
    /// written move (Art. 9.5.2).
    pub fn allowed_moves(&self) -> Vec<Move> {
        self.obligation().0
    }

    /// Adds `ruling`, cited with `article` and the edition in force.
    fn cite(&self, out: &mut Out, ruling: Ruling, article: Article) {
        out.push(Cited {
            ruling,
            article,
            edition: self.profile.edition,
        });
    }

    fn clock_rulings(&self, out: &mut Out, rulings: Vec<clock::Ruling>) {
        for r in rulings {
            let article = r.article();
            self.cite(out, Ruling::Clock(r), article);
        }
    }

    fn unsupervised(&self) -> bool {
        self.game_type != GameType::Standard
            && self.profile.supervision == Supervision::Unsupervised
    }

    /// Whether `color` cannot checkmate the opponent by any series of legal moves.
    fn cannot_mate(&self, color: Color) -> bool {
        dead_position::cannot_checkmate(self.game.position(), color)
    }

    fn end(&mut self, out: &mut Out, at_ms: u64, result: GameScore, article: Article) {
        if self.clock.running().is_some()
            && let Ok(r) = self.clock.end(at_ms, None)
        {
            self.clock_rulings(out, r);
        }
        if let Some(by) = self.draw_offer.take() {
            self.cite(out, Ruling::DrawOfferClosed { by }, DRAW_OFFER);
        }
        self.increment_request = None;
        self.result = Some((result, article));
        self.cite(out, Ruling::GameEnded(result), article);
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
            GameScore::DRAW
        } else {
            GameScore::win(!loser)
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
            self.cite(out, Ruling::TimeAdded { to, ms }, article);
        }
    }

    fn credit_opponent(&mut self, out: &mut Out, at_ms: u64, to: Color, base: Article) {
        let ms = self.profile.time_credit_ms(self.game_type);
        let article = self.profile.time_credit_article(base, self.game_type);
        self.add_time(out, at_ms, to, ms, article);
    }

    /// Applies one action at `at_ms` and returns the rulings, in order.
    pub fn apply(&mut self, at_ms: u64, action: Action) -> Result<Vec<Cited>, ActionError> {
        let out = self.apply_action(at_ms, action);
        self.shown = self.completed_illegal_board();
        out
    }

    fn apply_action(&mut self, at_ms: u64, action: Action) -> Result<Vec<Cited>, ActionError> {
        let latest_ms = self.latest_ms.max(self.clock.latest_ms());
        if at_ms < latest_ms {
            return Err(ActionError::Clock(ClockError::TimeWentBackwards {
                at_ms,
                latest_ms,
            }));
        }
        self.latest_ms = at_ms;
        let mut out = Vec::new();
        if let (Some(_), Action::Penalty { against, penalty }) = (self.result, &action) {
            // Art. 12.9.4, 12.9.5: score penalties apply to a finished game.
            self.on_penalty(&mut out, at_ms, *against, *penalty);
            return Ok(out);
        }
        if let (Some(_), Action::Misconduct { by, .. } | Action::Device { by, .. }) =
            (self.result, &action)
        {
            // Art. 11.4: the game stands; conduct after it is the arbiter's (12.9).
            self.cite(&mut out, Ruling::Spectator { by: *by }, conduct::SPECTATOR);
            return Ok(out);
        }
        if let Some((_, article)) = self.result {
            self.cite(&mut out, Ruling::AfterEnd, article);
            return Ok(out);
        }
        if self.annulled {
            self.cite(&mut out, Ruling::AfterEnd, WRONG_INITIAL_POSITION);
            return Ok(out);
        }
        if self.question.is_some() && !matches!(action, Action::Decision(_)) {
            return Err(ActionError::DecisionPending);
        }
        self.dispatch(&mut out, at_ms, action)?;
        Ok(out)
    }

    /// Hands `action` to the rule that governs it.
    fn dispatch(&mut self, out: &mut Out, at_ms: u64, action: Action) -> Result<(), ActionError> {
        match action {
            Action::BoardRelease => self.clock.release(at_ms)?,
            Action::StartClock => self.on_start_clock(at_ms)?,
            Action::Arrive(color) => self.on_arrive(out, at_ms, color)?,
            Action::CheckAbsence => self.on_check_absence(out, at_ms),
            Action::Move { by, mv } => self.on_move(out, at_ms, by, mv)?,
            Action::Press(by) => self.on_press(out, at_ms, by)?,
            Action::UnreplacedPawn { by, mv } => self.on_unreplaced_pawn(by, mv)?,
            Action::TwoHands(by) => self.on_two_hands(out, at_ms, by),
            Action::Touch { by, square } => self.on_touch(out, by, square),
            Action::OfferDraw(by) => self.on_offer(out, by),
            Action::AcceptDraw(by) => self.on_accept(out, at_ms, by),
            Action::DeclineDraw(by) => self.on_decline(out, by),
            Action::ClaimDraw { by, intended } => self.on_claim(out, at_ms, by, intended),
            Action::ClaimTouchMove { by, square } => {
                self.on_touch_move_claim(out, at_ms, by, square)?
            }
            Action::ClaimFlag(_) | Action::ObserveFlags => self.on_flags(out, at_ms, &action)?,
            Action::ClaimIllegalMove(by) => self.on_illegal_move_claim(out, at_ms, by),
            Action::Intervene => self.on_intervene(out, at_ms),
            Action::Resign(by) => self.on_resign(out, at_ms, by),
            Action::Irregularity(kind) => self.on_irregularity(out, at_ms, kind),
            Action::Device { by, switched_on } => self.on_device(out, at_ms, by, switched_on),
            Action::OpenEnvelope { written, language } => {
                self.on_open_envelope(out, at_ms, &written, language)?
            }
            Action::PersistentRefusal(offender) => self.on_persistent_refusal(out, offender),
            Action::BothRefuse => self.on_both_refuse(out, at_ms),
            Action::QuickplayClaim(by) => self.on_quickplay_claim(out, at_ms, by),
            Action::IncrementRequest(by) => self.on_increment_request(out, at_ms, by),
            Action::QuickplayClaimWithoutArbiter(by) => {
                self.on_quickplay_claim_without_arbiter(out, at_ms, by)
            }
            Action::UnnoticedMove { by, mv } => self.on_unnoticed_move(out, at_ms, by, mv)?,
            Action::Displace { from, to } => self.on_displace(from, to)?,
            Action::IllegalMoveDiscovered { ply } => self.on_discovered(out, at_ms, ply, true)?,
            Action::DisplacementDiscovered { ply } => self.on_discovered(out, at_ms, ply, false)?,
            Action::Release {
                by,
                from,
                to,
                promotion,
            } => self.on_release(out, by, from, to, promotion)?,
            Action::Adjust { by, square } => self.on_adjust(out, by, square)?,
            Action::Misconduct { by, conduct } => self.on_misconduct(out, at_ms, by, conduct),
            Action::ScoresheetRequest(by) => self.on_scoresheet_request(out, by),
            Action::StopClock => {
                let r = self.clock.stop(at_ms)?;
                self.clock_rulings(out, r);
            }
            Action::RestartClock => {
                let r = self.clock.restart(at_ms)?;
                self.clock_rulings(out, vec![r]);
            }
            Action::AdjustTime {
                color,
                delta_ms,
                reason,
            } => {
                let r = self.clock.adjust(color, delta_ms, reason)?;
                self.clock_rulings(out, vec![r]);
            }
            Action::SetClock {
                color,
                remaining_ms,
                moves_completed,
                reason,
            } => self.on_set_clock(out, color, remaining_ms, moves_completed, reason)?,
            Action::Penalty { against, penalty } => self.on_penalty(out, at_ms, against, penalty),
            Action::Decision(choice) => self.on_decision(out, at_ms, choice)?,
        }
        Ok(())
    }

    /// Art. 5.1.2: the player who resigns loses; under the 2023 Laws a draw
    /// when the opponent cannot checkmate by any series of legal moves.
    fn on_resign(&mut self, out: &mut Out, at_ms: u64, by: Color) {
        let result = match self.profile.edition {
            Edition::Fide2023 if self.cannot_mate(!by) => GameScore::DRAW,
            _ => GameScore::win(!by),
        };
        self.end(out, at_ms, result, RESIGNATION);
    }
    /// The side to move on the board.
    fn turn(&self) -> Color {
        self.recorded_board().turn()
    }

    fn require_on_move(&self, by: Color) -> Result<(), ActionError> {
        if self.turn() == by {
            Ok(())
        } else {
            Err(ActionError::NotOnMove(by))
        }
    }

    /// Deducts `ms` from `against`'s clock (Art. 12.9.3; SJRP §4.5 "Zeitstrafe").
    fn deduct_time(&mut self, out: &mut Out, at_ms: u64, against: Color, ms: u64) {
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
}
