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

use std::fmt;

use shakmaty::{ByColor, Chess, Color, FromSetup, Move, Position, Role, Square};

use crate::Article;
use crate::clock::{self, Adjustment, Clock, ClockError, FlagOrder, Seconds};
use crate::dead_position;
use crate::draws::ClaimKind;
use crate::edition::{DeviceRule, Edition, IllegalMoveRegime, Profile, Supervision};
use crate::game::Game;
use crate::game_type::GameType;
use crate::irregularities::proportional_time_used_ms;
pub use crate::irregularities::{IllegalAct, Irregularity};
use crate::notation::Language;
use crate::penalties::{Conduct, Penalty};
use crate::points::{GameScore, Score};
use crate::position::{StartingPosition, is_lawful, lawful_moves};
use crate::sealed_move::{self, Envelope, SealedMove};
use crate::time_control::TimeControl;

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
    /// The claim or request is rejected.
    Reject,
    /// The request is granted (Guideline III.4).
    Grant,
    /// The clocks keep the times they show (Art. 7.1).
    KeepClocks,
    /// The clocks keep the time used in proportion to the moves kept (Art. 7.1; A-062).
    Proportional,
    /// The arbiter decides otherwise: the late player does not lose (Art. 6.7.1; SJRP §4.3).
    PlayOn,
    /// Time is deducted from the offender (SJRP §4.5 "Zeitstrafe").
    TimePenalty,
    /// The score the opponent of a player who lost gets (Art. 11.7; SJRP §4.5).
    OpponentScore(Score),
}

impl Choice {
    /// Every choice by the name a log gives it (`"warning"`, `"play_on"`,
    /// `"opponent_scores_1/2"`, ...).
    pub const NAMED: [(&'static str, Choice); 13] = [
        ("warning", Choice::Warning),
        ("time_for_opponent", Choice::TimeForOpponent),
        ("loss", Choice::Loss),
        ("draw", Choice::Draw),
        ("reject", Choice::Reject),
        ("grant", Choice::Grant),
        ("keep_clocks", Choice::KeepClocks),
        ("proportional", Choice::Proportional),
        ("play_on", Choice::PlayOn),
        ("time_penalty", Choice::TimePenalty),
        ("opponent_scores_1", Choice::OpponentScore(Score::One)),
        ("opponent_scores_1/2", Choice::OpponentScore(Score::Half)),
        ("opponent_scores_0", Choice::OpponentScore(Score::Zero)),
    ];
}

impl<'de> serde::Deserialize<'de> for Choice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Choice, D::Error> {
        let name = <String as serde::Deserialize>::deserialize(d)?;
        Choice::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, c)| c)
            .ok_or_else(|| {
                let names: Vec<&str> = Choice::NAMED.iter().map(|(n, _)| *n).collect();
                serde::de::Error::custom(format!(
                    "unknown choice `{name}`, expected one of {}",
                    names.join(", ")
                ))
            })
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Choice::Warning => "warning",
            Choice::TimeForOpponent => "time for the opponent",
            Choice::Loss => "loss",
            Choice::Draw => "draw",
            Choice::Reject => "reject",
            Choice::Grant => "grant",
            Choice::KeepClocks => "keep the clocks",
            Choice::Proportional => "proportional clocks",
            Choice::PlayOn => "play on",
            Choice::TimePenalty => "time penalty",
            Choice::OpponentScore(Score::One) => "the opponent scores 1",
            Choice::OpponentScore(Score::Half) => "the opponent scores 1/2",
            Choice::OpponentScore(Score::Zero) => "the opponent scores 0",
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
    /// Guideline III.4: the opponent refused the draw that the request for a
    /// five-second increment offered; the arbiter grants or refuses the request.
    IncrementRequest {
        /// Who asked.
        requester: Color,
    },
    /// Art. 7.1, 7.5.1, 7.6: the clocks after an earlier position was
    /// reinstated, by the arbiter's best judgement.
    ClocksAfterRestore {
        /// Who made the illegal move found later; `None` for a displaced piece (7.6).
        offender: Option<Color>,
        /// Moves White and Black had completed before the position was reinstated.
        played: [u32; 2],
    },
    /// Guideline III.6: a claim made without an arbiter present ended the
    /// game; the designated arbiter rules it valid (draw) or not (loss).
    ReferredQuickplayClaim {
        /// Who claimed.
        claimant: Color,
    },
    /// Art. 6.7.1 (SJRP §4.3): a player arrived after the default time, or is
    /// still absent; he loses "unless the arbiter decides otherwise".
    LateArrival {
        /// The late player; `None` when both are absent (both lose).
        absent: Option<Color>,
    },
    /// Art. 11.7: the offender loses for persistent refusal to comply with
    /// the Laws; the arbiter determines the opponent's score.
    PersistentRefusal {
        /// Who refused.
        offender: Color,
    },
    /// SJRP §4.5: the offender loses for illegal moves; "der Schiedsrichter
    /// bestimmt in diesem Fall auch das Ergebnis des Gegners".
    YouthLossScore {
        /// Who made the illegal moves.
        offender: Color,
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

/// A piece released on a square as part of a legal move (Art. 4.7, 4.4.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Released {
    from: Square,
    to: Square,
    promotion: Option<Role>,
}

impl Released {
    /// The sentence that binds the move: the king released on its castling square binds
    /// the castling (Art. 4.7.2), a new piece placed on the promotion square fixes the
    /// choice (4.4.4), any other piece released is moved (4.7).
    fn article(self, bound: &[Move]) -> Article {
        if bound.iter().all(|m| matches!(m, Move::Castle { .. })) {
            RELEASED_KING_CASTLES
        } else if self.promotion.is_some() {
            PROMOTION_PIECE_FIXED
        } else {
            RELEASED
        }
    }

    /// Whether `m` is the move the release is part of.
    fn binds(self, m: &Move) -> bool {
        let to = match *m {
            Move::Castle { king, rook } => {
                let side = shakmaty::CastlingSide::from_queen_side(rook < king);
                Square::from_coords(side.king_to_file(), king.rank())
            }
            _ => m.to(),
        };
        m.from() == Some(self.from)
            && to == self.to
            && self.promotion.is_none_or(|p| m.promotion() == Some(p))
    }
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

/// Art. 4.3.1: "... muss sie / er die zuerst berührte Figur ziehen, die gezogen werden kann".
const TOUCHED_OWN: Article = Article::new("Art. 4.3.1");
/// Art. 4.3.2: "... muss sie / er die zuerst berührte Figur schlagen, die geschlagen werden kann".
const TOUCHED_OPPONENTS: Article = Article::new("Art. 4.3.2");
/// Art. 4.3.3: pieces of both colours touched.
const TOUCHED_BOTH_COLOURS: Article = Article::new("Art. 4.3.3");
/// Art. 4.4.2: rook, then king: no castling with that rook; 4.3.1 decides.
const TOUCHED_ROOK_THEN_KING: Article = Article::new("Art. 4.4.2");
/// Art. 4.7: "... kann sie in diesem Zug nicht mehr auf ein anderes Feld gezogen werden."
const RELEASED: Article = Article::new("Art. 4.7");
/// Art. 4.7.2: the king released: "... darf keinen anderen Zug als die Rochade auf dieser Seite ausführen".
const RELEASED_KING_CASTLES: Article = Article::new("Art. 4.7.2");
/// Art. 4.4.4: "... ist die Wahl der Figur endgültig, sobald die Figur das Umwandlungsfeld berührt hat."
const PROMOTION_PIECE_FIXED: Article = Article::new("Art. 4.4.4");

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

    /// The envelope of a game adjourned at `at_ms` (Guideline I.2), with what
    /// the engine knows: the position before the sealed move (I.2.2), the
    /// time used by each player (I.2.3), the sealer (I.2.4), the number of
    /// the sealed move (I.2.5) and an open draw offer (I.2.6). A move already
    /// made on the board is the one to seal ([`move_to_seal`](Self::move_to_seal)),
    /// so the position is the one before it. The players' names (I.2.1), the
    /// resumption (I.2.7) and the sealed move (I.1.1) are for the arbiter to
    /// add; [`Envelope::missing`] lists what is left. A player who adjourns
    /// before the end of the session is sealed at its scheduled end: pass
    /// that as `at_ms`, his clock running until then (I.1.2).
    pub fn envelope(&self, at_ms: u64) -> Envelope {
        let used = |color: Color| {
            let moves = self.clock.moves_completed(color);
            self.clock
                .control()
                .schedule(color)
                .allotted_ms(moves)
                .saturating_sub(self.clock.remaining(color, at_ms))
        };
        let ply = self.game.ply() - u32::from(self.move_to_seal().is_some());
        Envelope {
            position: self.game.fen_at(ply),
            time_used_ms: Some((used(Color::White), used(Color::Black))),
            sealer: self.game.position_at(ply).map(Position::turn),
            move_number: Some(self.game.move_number(ply)),
            draw_offer: Some(self.draw_offer),
            ..Envelope::default()
        }
    }

    /// Guideline I.1.1: the move the player asked to seal must seal because
    /// he has already made it on the board (executed, the clock not pressed).
    pub fn move_to_seal(&self) -> Option<Move> {
        let mover = self
            .uncompleted
            .filter(|&c| self.clock.running() == Some(c))?;
        let last = *self.game.moves().last()?;
        (self.limbo.is_none() && self.game.position().turn() != mover).then_some(last)
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

    /// [`allowed_moves`](Self::allowed_moves) with the provision that narrows them.
    fn obligation(&self) -> (Vec<Move>, Article) {
        let position = self.game.position();
        let legal = lawful_moves(position);
        if let Some(w) = self.written.filter(|w| legal.contains(w)) {
            return (vec![w], Article::new("Art. 9.5.2"));
        }
        if let Some(r) = self.released {
            let bound: Vec<Move> = legal.iter().filter(|m| r.binds(m)).copied().collect();
            if !bound.is_empty() {
                let article = r.article(&bound);
                return (bound, article);
            }
        }
        if let Some(bound) = self.castling_obligation() {
            return bound;
        }
        let own = position.us();
        // Art. 4.4.2: rook first, then king: no castling with that rook on this move; 4.3.1 decides.
        let king = position.board().king_of(position.turn());
        let banned_rook = match self.touched[..] {
            [rook, ref rest @ ..]
                if own.contains(rook)
                    && position.board().role_at(rook) == Some(Role::Rook)
                    && king.is_some_and(|k| rest.contains(&k)) =>
            {
                Some(rook)
            }
            _ => None,
        };
        let legal: Vec<Move> = legal
            .iter()
            .filter(|m| !matches!(m, Move::Castle { rook, .. } if Some(*rook) == banned_rook))
            .copied()
            .collect();
        // Art. 4.3.3: own piece and an opponent's piece touched: capture it with that piece if legal.
        let first_own = self.touched.iter().find(|&&s| own.contains(s));
        let first_theirs = self.touched.iter().find(|&&s| position.them().contains(s));
        // The sentence that binds: 4.4.2 after rook then king, 4.3.3 when pieces of both
        // colours were touched, else 4.3.1 (own piece) or 4.3.2 (the opponent's).
        let touch_article = |square: Square| {
            if banned_rook.is_some() {
                TOUCHED_ROOK_THEN_KING
            } else if first_own.is_some() && first_theirs.is_some() {
                TOUCHED_BOTH_COLOURS
            } else if own.contains(square) {
                TOUCHED_OWN
            } else {
                TOUCHED_OPPONENTS
            }
        };
        if let (Some(&from), Some(&to)) = (first_own, first_theirs) {
            let captures: Vec<Move> = legal
                .iter()
                .filter(|m| m.from() == Some(from) && m.is_capture() && capture_square(m) == to)
                .copied()
                .collect();
            if !captures.is_empty() {
                return (captures, TOUCHED_BOTH_COLOURS);
            }
        }
        // Art. 4.3.1, 4.3.2 (and 4.3.3): the first touched piece that can be moved or captured.
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
                return (moves, touch_article(square));
            }
        }
        // Art. 4.5: no touched piece can be moved or captured (or none was touched).
        let article = if self.touched.is_empty() {
            "Art. 4.3"
        } else {
            "Art. 4.5"
        };
        (legal, Article::new(article))
    }

    /// Art. 4.4.1, 4.4.3: the player touched his king and then a rook. He
    /// must castle on that side if it is legal; otherwise he must make another
    /// legal king move (castling with the other rook included), and if the
    /// king has none, any legal move. `None` if the touches were not king, rook.
    fn castling_obligation(&self) -> Option<(Vec<Move>, Article)> {
        let position = self.game.position();
        let board = position.board();
        let &[king, rook, ..] = &self.touched[..] else {
            return None;
        };
        let own = |s: Square, role| position.us().contains(s) && board.role_at(s) == Some(role);
        if !own(king, Role::King) || !own(rook, Role::Rook) {
            return None;
        }
        let legal = lawful_moves(position);
        let castle: Vec<Move> = legal
            .iter()
            .filter(|m| matches!(m, Move::Castle { king: k, rook: r } if *k == king && *r == rook))
            .copied()
            .collect();
        if !castle.is_empty() {
            return Some((castle, Article::new("Art. 4.4.1")));
        }
        let king_moves: Vec<Move> = legal
            .iter()
            .filter(|m| m.from() == Some(king))
            .copied()
            .collect();
        let allowed = if king_moves.is_empty() {
            legal.to_vec()
        } else {
            king_moves
        };
        Some((allowed, Article::new("Art. 4.4.3")))
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
        dead_position::cannot_checkmate(self.game.position(), color)
    }

    fn end(&mut self, out: &mut Out, at_ms: u64, result: GameScore, article: Article) {
        if self.clock.running().is_some()
            && let Ok(r) = self.clock.end(at_ms, None)
        {
            self.clock_rulings(out, r);
        }
        if let Some(by) = self.draw_offer.take() {
            self.cite(out, Ruling::DrawOfferClosed { by }, "Art. 9.1.2.1");
        }
        self.increment_request = None;
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
        if let Some((_, article)) = self.result {
            self.cite_article(&mut out, Ruling::AfterEnd, article);
            return Ok(out);
        }
        if self.annulled {
            self.cite(&mut out, Ruling::AfterEnd, "Art. 7.2.1");
            return Ok(out);
        }
        if self.question.is_some() && !matches!(action, Action::Decision(_)) {
            return Err(ActionError::DecisionPending);
        }
        match action {
            Action::BoardRelease => self.clock.release(at_ms)?,
            Action::StartClock => {
                let turn = self.game.position().turn();
                self.clock.start_for(turn, at_ms)?;
            }
            Action::Arrive(color) => {
                if let Some(r) = self.clock.arrive(color, at_ms)? {
                    self.clock_rulings(&mut out, vec![r]);
                    self.ask_late_arrival(&mut out, Some(color));
                }
            }
            Action::CheckAbsence => {
                let absent = self.clock.absent_after_default_time(at_ms);
                let late = match absent.as_slice() {
                    [] => None,
                    [clock::Ruling::DefaultTimeExceeded(c)] => Some(Some(*c)),
                    _ => Some(None),
                };
                self.clock_rulings(&mut out, absent);
                if let Some(late) = late {
                    self.ask_late_arrival(&mut out, late);
                }
            }
            Action::Move { by, mv } => self.on_move(&mut out, at_ms, by, mv)?,
            Action::Press(by) => self.on_press(&mut out, at_ms, by)?,
            Action::UnreplacedPawn { by, mv } => {
                self.require_on_move(by)?;
                let promoting = matches!(mv, Move::Normal { role: Role::Pawn, promotion: None, to, .. }
                    if to.rank() == by.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First));
                if !promoting || !is_lawful(self.game.position(), queen(mv)) {
                    return Err(ActionError::NotAnUnreplacedPawn);
                }
                self.pending = Some(Pending {
                    by,
                    act: IllegalAct::UnreplacedPawn(mv),
                    completed: false,
                });
            }
            Action::TwoHands(by) => self.on_two_hands(&mut out, at_ms, by),
            Action::Touch { by, square } => self.on_touch(&mut out, by, square),
            Action::OfferDraw(by) => self.on_offer(&mut out, by),
            Action::AcceptDraw(by) => self.on_accept(&mut out, at_ms, by),
            Action::DeclineDraw(by) => {
                if self.draw_offer == Some(!by) {
                    self.close_offer(&mut out, !by);
                } else {
                    self.cite(&mut out, Ruling::NoOpenOffer { by }, "Art. 9.1.2.1");
                }
            }
            Action::ClaimDraw { by, intended } => self.on_claim(&mut out, at_ms, by, intended),
            Action::ClaimTouchMove { by, square } => {
                self.on_touch_move_claim(&mut out, at_ms, by, square)?
            }
            Action::ClaimFlag(_) | Action::ObserveFlags => {
                self.on_flags(&mut out, at_ms, &action)?
            }
            Action::ClaimIllegalMove(by) => match self.pending {
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
            Action::Intervene => self.on_intervene(&mut out, at_ms),
            Action::Resign(by) => {
                let result = match self.profile.edition {
                    Edition::Fide2023 if self.cannot_mate(!by) => GameScore::DRAW,
                    _ => GameScore::win(!by),
                };
                self.end(&mut out, at_ms, result, Article::new("Art. 5.1.2"));
            }
            Action::Irregularity(kind) => self.on_irregularity(&mut out, at_ms, kind),
            Action::Device { by, switched_on } => match self.profile.device_rule {
                DeviceRule::Fide => {
                    let result = GameScore::loss(by, Score::One);
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
                    let result = GameScore::loss(by, opponent);
                    self.end(&mut out, at_ms, result, Article::new("SJRP §4.2"));
                }
            },
            Action::OpenEnvelope { written, language } => {
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
                        let result = t.winner().map_or(GameScore::DRAW, GameScore::win);
                        self.end(&mut out, at_ms, result, article);
                    }
                    SealedMove::Drawn { .. } => {
                        self.end(&mut out, at_ms, GameScore::DRAW, article);
                    }
                    SealedMove::Lost { sealer, .. } => {
                        let result = GameScore::win(!sealer);
                        self.end(&mut out, at_ms, result, article);
                    }
                }
            }
            Action::PersistentRefusal(offender) => {
                let options = self.opponent_scores(offender);
                let question = Question::PersistentRefusal { offender };
                self.ask(&mut out, question, options, "Art. 11.7");
            }
            Action::BothRefuse => {
                self.end(
                    &mut out,
                    at_ms,
                    GameScore::BOTH_LOSE,
                    Article::new("Art. 11.8"),
                );
            }
            Action::QuickplayClaim(by) => {
                if self.quickplay_finish(by, at_ms) {
                    self.ask(
                        &mut out,
                        Question::QuickplayFinishClaim { claimant: by },
                        vec![Choice::Draw, Choice::Reject],
                        "Guideline III.5",
                    );
                } else {
                    let failure = ClaimFailure::NotApplicable;
                    let article = self.quickplay_excluded(by).unwrap_or("Guideline III.5");
                    self.cite(&mut out, Ruling::ClaimRejected { by, failure }, article);
                    let article = Article::new("Guideline III.5.3");
                    self.add_time(&mut out, at_ms, !by, 120_000, article);
                }
            }
            Action::IncrementRequest(by) => {
                if !self.profile.increment_request {
                    self.cite(&mut out, Ruling::NotApplied, "SJRP §4.4");
                } else if self.quickplay_finish(by, at_ms) {
                    // III.4: "Dies gilt als Remisangebot."
                    self.on_offer_as(&mut out, by, "Guideline III.4");
                    if self.draw_offer == Some(by) {
                        self.increment_request = Some(by);
                    }
                } else {
                    let failure = ClaimFailure::NotApplicable;
                    let article = self.quickplay_excluded(by).unwrap_or("Guideline III.4");
                    self.cite(&mut out, Ruling::ClaimRejected { by, failure }, article);
                }
            }
            Action::QuickplayClaimWithoutArbiter(by) => {
                if self.quickplay_finish(by, at_ms) {
                    // III.6.1: the claim ends the game; the clocks stop.
                    if let Ok(r) = self.clock.end(at_ms, None) {
                        self.clock_rulings(&mut out, r);
                    }
                    self.ask(
                        &mut out,
                        Question::ReferredQuickplayClaim { claimant: by },
                        vec![Choice::Draw, Choice::Loss],
                        "Guideline III.6.2",
                    );
                } else {
                    let failure = ClaimFailure::NotApplicable;
                    let article = self.quickplay_excluded(by).unwrap_or("Guideline III.6.1");
                    self.cite(&mut out, Ruling::ClaimRejected { by, failure }, article);
                }
            }
            Action::UnnoticedMove { by, mv } => self.on_unnoticed_move(&mut out, at_ms, by, mv)?,
            Action::Displace { from, to } => self.on_displace(from, to)?,
            Action::IllegalMoveDiscovered { ply } => {
                self.on_discovered(&mut out, at_ms, ply, true)?
            }
            Action::DisplacementDiscovered { ply } => {
                self.on_discovered(&mut out, at_ms, ply, false)?
            }
            Action::Release {
                by,
                from,
                to,
                promotion,
            } => self.on_release(
                &mut out,
                by,
                Released {
                    from,
                    to,
                    promotion,
                },
            )?,
            Action::Adjust { by, square } => {
                if self.limbo.is_none() && self.game.position().board().color_at(square).is_none() {
                    return Err(ActionError::NoPiece(square));
                }
                if self.turn() == by {
                    self.cite(&mut out, Ruling::Adjusted { by }, "Art. 4.2.1");
                } else {
                    self.misconduct(&mut out, by, Conduct::AdjustingOffMove);
                }
            }
            Action::Misconduct { by, conduct } => self.on_misconduct(&mut out, at_ms, by, conduct),
            Action::ScoresheetRequest(by) => self.on_scoresheet_request(&mut out, by),
            Action::StopClock => {
                let r = self.clock.stop(at_ms)?;
                self.clock_rulings(&mut out, r);
            }
            Action::RestartClock => {
                let r = self.clock.restart(at_ms)?;
                self.clock_rulings(&mut out, vec![r]);
            }
            Action::AdjustTime {
                color,
                delta_ms,
                reason,
            } => {
                let r = self.clock.adjust(color, delta_ms, reason)?;
                self.clock_rulings(&mut out, vec![r]);
            }
            Action::SetClock {
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
            Action::Penalty { against, penalty } => {
                self.on_penalty(&mut out, at_ms, against, penalty)
            }
            Action::Decision(choice) => self.on_decision(&mut out, at_ms, choice)?,
        }
        Ok(out)
    }

    /// Guideline III.1, III.2, III.4, III.5: a quickplay finish (announced,
    /// the last period, no increment or delay, not blitz) with `by` on move
    /// and less than two minutes left, the flag not fallen.
    /// Why Guideline III does not apply to this game at all, if it does not: not announced
    /// or not the last period (III.2.1), an increment or delay, or blitz (III.2.2).
    fn quickplay_excluded(&self, by: Color) -> Option<&'static str> {
        let control = self.clock.control();
        let period = self.clock.period_index(by);
        if !self.profile.quickplay_finish || !control.schedule(by).is_final(period) {
            Some("Guideline III.2.1")
        } else if self.clock.has_bonus() || self.game_type == GameType::Blitz {
            Some("Guideline III.2.2")
        } else {
            None
        }
    }

    fn quickplay_finish(&self, by: Color, at_ms: u64) -> bool {
        let control = self.clock.control();
        let period = self.clock.period_index(by);
        let left = self.clock.remaining(by, at_ms);
        self.profile.quickplay_finish
            && !self.clock.has_bonus()
            && self.game_type != GameType::Blitz
            && control.schedule(by).is_final(period)
            && self.game.position().turn() == by
            && left > 0
            && left < 120_000
    }

    /// The side to move on the board.
    fn turn(&self) -> Color {
        self.recorded_board().turn()
    }

    fn misconduct(&self, out: &mut Out, by: Color, conduct: Conduct) {
        let ruling = Ruling::PenaltyAtDiscretion {
            against: by,
            conduct,
        };
        self.cite_article(out, ruling, conduct.article());
    }

    /// Conduct forbidden by the Laws, with the cases where it is no violation:
    /// leaving the playing area when not on move (11.2.3.2), moving before
    /// recording when recording is not required (8.4; A.2).
    fn on_misconduct(&mut self, out: &mut Out, at_ms: u64, by: Color, conduct: Conduct) {
        match conduct {
            Conduct::LeftPlayingArea if self.turn() != by => {
                self.cite(out, Ruling::NoViolation { by }, "Art. 11.2.3.2");
            }
            Conduct::RecordingArrears if !self.recording_required(by, at_ms) => {
                let article = if self.game_type == GameType::Standard {
                    "Art. 8.4"
                } else {
                    "Appendix A.2"
                };
                self.cite(out, Ruling::NoViolation { by }, article);
            }
            _ => self.misconduct(out, by, conduct),
        }
    }

    /// Supervised rapid and blitz: the player on move may see the arbiter's
    /// record five times; more requests distract the opponent (11.5).
    fn on_scoresheet_request(&mut self, out: &mut Out, by: Color) {
        let article = match (self.profile.edition, self.game_type) {
            (Edition::Fide2023, GameType::Blitz) => "Appendix B.2.3",
            (Edition::Fide2023, _) => "Appendix A.4.3",
            (Edition::Fide2018, GameType::Blitz) => "Appendix B.3.2 (2018)",
            (Edition::Fide2018, _) => "Appendix A.3.2 (2018)",
        };
        let failure = if self.game_type == GameType::Standard
            || self.profile.supervision != Supervision::Supervised
        {
            Some(ClaimFailure::NotApplicable)
        } else if self.turn() != by {
            Some(ClaimFailure::NotOnMove)
        } else {
            None
        };
        if let Some(failure) = failure {
            self.cite(out, Ruling::ClaimRejected { by, failure }, article);
            return;
        }
        self.scoresheet_requests[by] += 1;
        let count = self.scoresheet_requests[by];
        if count <= 5 {
            self.cite(out, Ruling::ScoresheetShown { by, count }, article);
        } else {
            self.misconduct(out, by, Conduct::Distraction);
        }
    }

    /// Art. 4.7: a piece released on a square as part of a legal move binds
    /// the move; one released on a square no legal move reaches binds only
    /// the piece (4.3; A-021).
    fn on_release(
        &mut self,
        out: &mut Out,
        by: Color,
        release: Released,
    ) -> Result<(), ActionError> {
        self.require_on_move(by)?;
        let position = self.game.position();
        if !position.us().contains(release.from) {
            return Err(ActionError::NoPiece(release.from));
        }
        if !self.touched.contains(&release.from) {
            self.touched.push(release.from);
        }
        if lawful_moves(position).iter().any(|m| release.binds(m)) {
            self.released = Some(release);
        }
        let (allowed, article) = self.obligation();
        self.cite_article(out, Ruling::MustMove { by, allowed }, article);
        Ok(())
    }

    /// An illegal move nobody notices: it is executed on the board and the
    /// game goes on from the position it produced, the record before it kept
    /// for Art. 7.5.1. A legal move is an ordinary move.
    fn on_unnoticed_move(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
        mv: Move,
    ) -> Result<(), ActionError> {
        if self.limbo.is_some() || is_lawful(self.game.position(), mv) {
            return self.on_move(out, at_ms, by, mv);
        }
        self.require_on_move(by)?;
        if mv
            .from()
            .is_none_or(|from| !self.game.position().us().contains(from))
        {
            return Err(ActionError::NoPiece(mv.from().unwrap_or(mv.to())));
        }
        let r = self.clock.execute_move(by, at_ms)?;
        self.clock_rulings(out, r);
        self.snapshot(Some((by, mv)));
        let mut after = self.game.position().clone();
        after.play_unchecked(mv);
        if !self.reroot(&after, 1) {
            self.limbo = Some((after, 1));
        }
        self.moves_made[by] += 1;
        self.touched.clear();
        self.written = None;
        self.released = None;
        self.uncompleted = Some(by);
        Ok(())
    }

    /// A move in a position the laws core cannot play on (after an unnoticed
    /// illegal move left the mover's king in check): the piece is moved as
    /// it was, and play continues normally once the position is playable.
    fn limbo_move(
        &mut self,
        at_ms: u64,
        by: Color,
        mv: Move,
        out: &mut Out,
    ) -> Result<(), ActionError> {
        let Some((position, plies)) = self.limbo.clone() else {
            return Ok(());
        };
        let board = position.board();
        let from = mv.from().unwrap_or(mv.to());
        if board.color_at(from) != Some(by) || board.role_at(mv.to()) == Some(Role::King) {
            return Err(ActionError::NoPiece(from));
        }
        let r = self.clock.execute_move(by, at_ms)?;
        self.clock_rulings(out, r);
        let mut after = position;
        after.play_unchecked(mv);
        if !self.reroot(&after, plies + 1) {
            self.limbo = Some((after, plies + 1));
        }
        self.moves_made[by] += 1;
        self.touched.clear();
        self.uncompleted = Some(by);
        Ok(())
    }

    fn snapshot(&mut self, offender: Option<(Color, Move)>) {
        self.unnoticed.push(Unnoticed {
            ply: self.ply(),
            offender,
            game: self.game.clone(),
            ply_offset: self.ply_offset,
            moves_made: self.moves_made,
        });
    }

    /// Art. 7.6: a piece displaced without a move; the side to move stays.
    fn on_displace(&mut self, from: Square, to: Square) -> Result<(), ActionError> {
        if self.limbo.is_some() {
            return Err(ActionError::UnrepresentablePosition);
        }
        let mut setup = self
            .game
            .position()
            .to_setup(shakmaty::EnPassantMode::Legal);
        let piece = setup
            .board
            .remove_piece_at(from)
            .ok_or(ActionError::NoPiece(from))?;
        setup.board.set_piece_at(to, piece);
        let mode = self.game.start().castling_mode();
        let after = Chess::from_setup(setup, mode)
            .or_else(shakmaty::PositionError::ignore_invalid_castling_rights)
            .or_else(shakmaty::PositionError::ignore_invalid_ep_square)
            .map_err(|_| ActionError::UnrepresentablePosition)?;
        let before = (self.game.clone(), self.ply_offset);
        if !self.reroot(&after, 0) {
            return Err(ActionError::UnrepresentablePosition);
        }
        self.unnoticed.push(Unnoticed {
            ply: before.1 + before.0.ply(),
            offender: None,
            game: before.0,
            ply_offset: before.1,
            moves_made: self.moves_made,
        });
        Ok(())
    }

    /// Art. 7.5.1, 7.6: the irregularity at `ply` is found during the game.
    /// The position immediately before it is reinstated and the later moves
    /// are annulled; an illegal move counts (7.5.5) and the arbiter decides
    /// the clocks (7.1). In unsupervised rapid and blitz an illegal move the
    /// opponent has answered stands (A.5.2).
    fn on_discovered(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        ply: u32,
        illegal_move: bool,
    ) -> Result<(), ActionError> {
        let index = self
            .unnoticed
            .iter()
            .position(|u| u.ply == ply && u.offender.is_some() == illegal_move)
            .ok_or(ActionError::NothingAt(ply))?;
        if let Some((by, _)) = self.unnoticed[index].offender
            && self.unsupervised()
            && self.ply() > ply + 1
        {
            self.unnoticed.remove(index);
            let article = self.profile.unsupervised_illegal_move_article();
            self.cite_article(out, Ruling::IllegalMoveStands { by }, article);
            return Ok(());
        }
        let Some(snapshot) = self.unnoticed.split_off(index).into_iter().next() else {
            return Err(ActionError::NothingAt(ply));
        };
        let played = [
            self.clock.moves_completed(Color::White),
            self.clock.moves_completed(Color::Black),
        ];
        if self.clock.running().is_some() {
            let r = self.clock.stop(at_ms)?;
            self.clock_rulings(out, r);
        }
        self.game = snapshot.game;
        self.ply_offset = snapshot.ply_offset;
        self.moves_made = snapshot.moves_made;
        self.limbo = None;
        self.pending = None;
        self.touched.clear();
        self.written = None;
        self.released = None;
        self.uncompleted = None;
        let article = if illegal_move {
            "Art. 7.5.1"
        } else {
            "Art. 7.6"
        };
        self.cite(out, Ruling::PositionRestored { ply }, article);
        let turn = self.game.position().turn();
        if self.clock.set_to_move(turn).is_ok() {
            for color in Color::ALL {
                let remaining = self.clock.remaining(color, at_ms);
                let moves = self.moves_made[color];
                if let Ok(r) = self
                    .clock
                    .set(color, remaining, moves, Adjustment::Correction)
                {
                    self.clock_rulings(out, vec![r]);
                }
            }
        }
        if let Some((by, mv)) = snapshot.offender {
            self.touch_after_restore(out, by, mv);
            self.last_offence[by] = Some(self.game.ply());
            self.illegal_moves[by] += 1;
            let count = self.illegal_moves[by];
            self.cite(out, Ruling::IllegalMoveCounted { by, count }, "Art. 7.5.1");
            if self.profile.illegal_moves == IllegalMoveRegime::Fide && count >= 2 {
                self.lose_unless_opponent_cannot_mate(out, at_ms, by, Article::new("Art. 7.5.5"));
                return Ok(());
            }
        }
        self.ask(
            out,
            Question::ClocksAfterRestore {
                offender: snapshot.offender.map(|(by, _)| by),
                played,
            },
            vec![Choice::KeepClocks, Choice::Proportional],
            "Art. 7.1",
        );
        Ok(())
    }

    /// Art. 7.1 (A-062): each player keeps the time used in proportion to
    /// the moves kept; increments of annulled moves are withdrawn.
    fn proportional_clocks(&mut self, out: &mut Out, at_ms: u64, played: [u32; 2]) {
        for (color, played) in Color::ALL.into_iter().zip(played) {
            let kept = self.moves_made[color];
            let schedule = self.clock.control().schedule(color);
            let used = schedule
                .allotted_ms(played)
                .saturating_sub(self.clock.remaining(color, at_ms));
            let Some(used) = proportional_time_used_ms(used, played, kept) else {
                continue;
            };
            let remaining = schedule.allotted_ms(kept).saturating_sub(used).max(1);
            if let Ok(r) = self
                .clock
                .set(color, remaining, kept, Adjustment::Correction)
            {
                self.clock_rulings(out, vec![r]);
            }
        }
    }

    fn require_on_move(&self, by: Color) -> Result<(), ActionError> {
        if self.turn() == by {
            Ok(())
        } else {
            Err(ActionError::NotOnMove(by))
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

    /// Art. 6.7.1 (SJRP §4.3 for its standard games): the late player loses
    /// "unless the arbiter decides otherwise"; both absent lose both.
    fn ask_late_arrival(&mut self, out: &mut Out, absent: Option<Color>) {
        let article = self.default_time_article();
        let question = Question::LateArrival { absent };
        self.question = Some(question);
        let options = vec![Choice::Loss, Choice::PlayOn];
        self.cite_article(out, Ruling::DecisionRequired { question, options }, article);
    }

    fn default_time_article(&self) -> Article {
        if self.profile.default_time_ms(self.game_type) > 0 {
            self.profile.default_time_article
        } else {
            Article::new("Art. 6.7.1")
        }
    }

    /// The opponent's scores the arbiter may give after `offender` lost
    /// (Art. 11.7; SJRP §4.5), the engine's proposal first: 1, or ½ when the
    /// opponent cannot checkmate by any series of legal moves.
    fn opponent_scores(&self, offender: Color) -> Vec<Choice> {
        let proposal = if self.cannot_mate(!offender) {
            [Score::Half, Score::One, Score::Zero]
        } else {
            [Score::One, Score::Half, Score::Zero]
        };
        proposal.into_iter().map(Choice::OpponentScore).collect()
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

    fn on_move(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
        mv: Move,
    ) -> Result<(), ActionError> {
        if let Some(p) = self.pending.filter(|p| p.completed && p.by == !by) {
            // A.5.2: the opponent moved without claiming; the illegal move stands.
            self.pending = None;
            self.stand(out, p)?;
        }
        self.require_on_move(by)?;
        if self.pending.is_some_and(|p| p.by == by && p.completed) {
            // The opponent is on move, or claims, after the completed illegal move.
            return Err(ActionError::NotOnMove(by));
        }
        if let Some(p) = self.pending.filter(|p| p.by == by) {
            // The illegal move is taken back before the clock is pressed; the
            // piece moved stays touched (Art. 4.3, 4.7).
            self.pending = None;
            if let IllegalAct::Move(illegal) | IllegalAct::UnreplacedPawn(illegal) = p.act {
                self.touched = touched_by(self.game.position(), illegal);
            }
        }
        if let Some(offerer) = self.draw_offer.filter(|&o| o == !by) {
            self.draw_offer = None;
            self.increment_request = None;
            self.cite(out, Ruling::DrawOfferClosed { by: offerer }, "Art. 9.1.2.1");
        }
        if self.limbo.is_some() {
            return self.limbo_move(at_ms, by, mv, out);
        }
        if !is_lawful(self.game.position(), mv) {
            self.pending = Some(Pending {
                by,
                act: IllegalAct::Move(mv),
                completed: false,
            });
            return Ok(());
        }
        let (allowed, article) = self.obligation();
        if !allowed.contains(&mv) {
            self.cite_article(out, Ruling::MoveRefused { by }, article);
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
        self.released = None;
        self.uncompleted = Some(by);
        if let Some(t) = self.game.termination() {
            let result = t.winner().map_or(GameScore::DRAW, GameScore::win);
            // Art. 6.2.1.1: the move that ends the game is completed without pressing.
            if let Ok(r) = self.clock.end(at_ms, Some(by)) {
                self.clock_rulings(out, r);
            }
            self.uncompleted = None;
            self.end(out, at_ms, result, t.article());
        }
    }

    /// A.5.2: the unclaimed illegal move stands as played. The game continues
    /// from the position it produced as a new record, so repetitions (9.2, 9.6)
    /// count from there; a position no FEN can start a game from (a pawn left
    /// on the last rank, the mover's own king left in check) is kept as it
    /// stands ([`StartingPosition::stood`]) and later moves are judged on it by Art. 3.
    fn stand(&mut self, out: &mut Out, p: Pending) -> Result<(), ActionError> {
        self.cite_article(
            out,
            Ruling::IllegalMoveStands { by: p.by },
            self.profile.unsupervised_illegal_move_article(),
        );
        let mv = match p.act {
            IllegalAct::Move(mv) => mv,
            IllegalAct::UnreplacedPawn(mv) => mv,
            IllegalAct::PressWithoutMove | IllegalAct::TwoHands => return Ok(()),
        };
        let mut after = self.game.position().clone();
        after.play_unchecked(mv);
        if !self.reroot(&after, 1) && !self.reroot_stood(after, 1) {
            return Err(ActionError::UnrepresentablePosition);
        }
        self.moves_made[p.by] += 1;
        Ok(())
    }

    /// Continues the game from `after`, reached `plies` half-moves after the
    /// current position by moves the record cannot hold; `false` if the laws
    /// core cannot play on from it.
    fn reroot(&mut self, after: &Chess, plies: u32) -> bool {
        let Ok(start) = self.game.start().fen_of(after).parse::<StartingPosition>() else {
            return false;
        };
        self.ply_offset += self.game.ply() + plies;
        self.game = Game::new(start);
        self.limbo = None;
        true
    }

    /// [`reroot`](Self::reroot) onto a position that only an illegal move
    /// that stood can produce (A.5.2); `false` if a king is missing.
    fn reroot_stood(&mut self, after: Chess, plies: u32) -> bool {
        let Some(start) = self.game.start().stood(after) else {
            return false;
        };
        self.ply_offset += self.game.ply() + plies;
        self.game = Game::new(start);
        self.limbo = None;
        true
    }

    fn on_press(&mut self, out: &mut Out, at_ms: u64, by: Color) -> Result<(), ActionError> {
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

    /// Art. 7.5.1: Art. 4.3 binds the move that replaces the illegal one,
    /// for every piece it touched: the piece moved and a piece it captured
    /// (4.3.3), or king and rook of a castling (4.4).
    fn touch_after_restore(&mut self, out: &mut Out, by: Color, mv: Move) {
        self.touched = touched_by(self.game.position(), mv);
        let (allowed, article) = self.obligation();
        self.cite_article(out, Ruling::MustMove { by, allowed }, article);
    }

    /// Art. 7.5.1-7.5.5 for a completed illegal act.
    fn illegal_procedure(&mut self, out: &mut Out, at_ms: u64, by: Color, act: IllegalAct) {
        match act {
            IllegalAct::Move(mv) => {
                let ply = self.ply();
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
        self.penalise(out, at_ms, by, count);
    }

    /// Art. 7.5.5 (or SJRP §4.5) for `by`'s `count`-th completed illegal move.
    fn penalise(&mut self, out: &mut Out, at_ms: u64, by: Color, count: u32) {
        match self.profile.illegal_moves {
            IllegalMoveRegime::Youth => {
                let mut options = vec![
                    Choice::Warning,
                    Choice::TimePenalty,
                    Choice::TimeForOpponent,
                ];
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

    /// The opponent rejects `offerer`'s draw offer (Art. 9.1.2.1); if it was
    /// a request for an increment, the arbiter decides on it (Guideline III.4).
    fn close_offer(&mut self, out: &mut Out, offerer: Color) {
        self.draw_offer = None;
        self.cite(out, Ruling::DrawOfferClosed { by: offerer }, "Art. 9.1.2.1");
        if self.increment_request.take() == Some(offerer) {
            self.ask(
                out,
                Question::IncrementRequest { requester: offerer },
                vec![Choice::Grant, Choice::Reject],
                "Guideline III.4",
            );
        }
    }

    fn on_touch(&mut self, out: &mut Out, by: Color, square: Square) {
        if self.draw_offer == Some(!by) {
            self.close_offer(out, !by);
        }
        let position = self.game.position();
        if position.turn() != by || position.board().piece_at(square).is_none() {
            return;
        }
        self.touched.push(square);
        let (allowed, article) = self.obligation();
        self.cite_article(out, Ruling::MustMove { by, allowed }, article);
    }

    /// Art. 4.8: a claim that the opponent's last move broke touch-move. It
    /// fails once the claimant has touched a piece to move it; upheld, the
    /// move is taken back and the offender must move or capture the touched
    /// piece (4.3), if any legal move does (4.5).
    fn on_touch_move_claim(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
        square: Square,
    ) -> Result<(), ActionError> {
        self.require_on_move(by)?;
        let reject = |this: &Arbiter, out: &mut Out, failure, article| {
            this.cite(out, Ruling::ClaimRejected { by, failure }, article);
        };
        if !self.touched.is_empty() {
            reject(self, out, ClaimFailure::PieceTouched, "Art. 4.8");
            return Ok(());
        }
        let ply = self.game.ply();
        let (Some(&last), Some(before)) = (
            self.game.moves().last(),
            ply.checked_sub(1).and_then(|p| self.game.position_at(p)),
        ) else {
            reject(self, out, ClaimFailure::NothingToClaim, "Art. 4.8");
            return Ok(());
        };
        if self.limbo.is_some() || before.board().piece_at(square).is_none() {
            return Err(ActionError::NoPiece(square));
        }
        let mut rewound = Game::new(self.game.start().clone());
        for &mv in &self.game.moves()[..self.game.moves().len() - 1] {
            if rewound.play(mv).is_err() {
                return Err(ActionError::UnrepresentablePosition);
            }
        }
        let offender = !by;
        let saved = std::mem::replace(&mut self.game, rewound);
        let touched = std::mem::replace(&mut self.touched, vec![square]);
        let (allowed, article) = self.obligation();
        if allowed.contains(&last) {
            self.game = saved;
            self.touched = touched;
            reject(self, out, ClaimFailure::Incorrect, "Art. 4.3");
            return Ok(());
        }
        self.moves_made[offender] = self.moves_made[offender].saturating_sub(1);
        self.uncompleted = None;
        self.written = None;
        self.released = None;
        if self.clock.running() == Some(by) {
            self.restore_clock(at_ms, offender);
        } else if self.clock.set_to_move(offender).is_ok() {
            // The clock stopped for the claim restarts with the offender's time running.
            let remaining = self.clock.remaining(offender, at_ms);
            let moves = self.clock.moves_completed(offender).saturating_sub(1);
            if let Ok(r) = self
                .clock
                .set(offender, remaining, moves, Adjustment::Correction)
            {
                self.clock_rulings(out, vec![r]);
            }
        }
        self.cite(
            out,
            Ruling::PositionRestored { ply: self.ply() },
            "Art. 4.8",
        );
        let by = offender;
        self.cite_article(out, Ruling::MustMove { by, allowed }, article);
        Ok(())
    }

    /// Art. 9.1.1: offers are forbidden before the regulations' move.
    fn offers_banned(&self) -> bool {
        self.profile
            .draw_offers_from_move
            .is_some_and(|n| self.game.move_number(self.game.ply()) < n)
    }

    fn on_offer(&mut self, out: &mut Out, by: Color) {
        self.on_offer_as(out, by, "Art. 9.1.2.1");
    }

    /// A draw offer, or an act the Laws count as one (`article`: III.4).
    fn on_offer_as(&mut self, out: &mut Out, by: Color, article: &'static str) {
        if self.offers_banned() {
            self.cite(out, Ruling::DrawAgreementInvalid, "Art. 9.1.1");
        } else {
            self.draw_offer = Some(by);
            self.cite(out, Ruling::DrawOffered { by }, article);
        }
    }

    fn on_accept(&mut self, out: &mut Out, at_ms: u64, by: Color) {
        if self.offers_banned() {
            self.cite(out, Ruling::DrawAgreementInvalid, "Art. 9.1.1");
            return;
        }
        if self.draw_offer != Some(!by) {
            // The offer was withdrawn by the opponent's touch or move, or never made.
            self.cite(out, Ruling::NoOpenOffer { by }, "Art. 9.1.2.1");
            return;
        }
        // Art. 5.2.3: "sofern beide Spielende mindestens einen Zug ausgeführt haben" — moves
        // made before a start position given by FEN (a resumed game, Guideline I.6) count:
        // from move 2 on, both players have moved.
        let moved_before_start = self
            .game
            .position_at(0)
            .is_some_and(|p| p.fullmoves().get() >= 2);
        if !moved_before_start && (self.moves_made.white == 0 || self.moves_made.black == 0) {
            self.draw_offer = None;
            self.cite(out, Ruling::DrawAgreementInvalid, "Art. 5.2.3");
            return;
        }
        self.end(out, at_ms, GameScore::DRAW, Article::new("Art. 5.2.3"));
    }

    /// Art. 9.2-9.5: a draw claim. A claim that fails for any reason — the
    /// claimant not on move (9.2, 9.3), a piece touched (9.4), a position
    /// that does not support it — is incorrect (9.5.2): the opponent gets two
    /// minutes (one in rapid and blitz, A.3), a written move must be played
    /// in accordance with Articles 3 and 4, and the claim stands as a draw
    /// offer (9.1.2.3) unless offers are forbidden (9.1.1).
    fn on_claim(&mut self, out: &mut Out, at_ms: u64, by: Color, intended: Option<Move>) {
        let on_move = self.game.position().turn() == by;
        let formal = if !on_move {
            Some((ClaimFailure::NotOnMove, "Art. 9.2"))
        } else if !self.touched.is_empty() {
            Some((ClaimFailure::PieceTouched, "Art. 9.4"))
        } else {
            None
        };
        if formal.is_none()
            && let Some(claim) = self.game.draw_claims(intended.as_ref()).first()
        {
            let article = claim.kind.article();
            if matches!(
                claim.kind,
                ClaimKind::RepetitionByIntendedMove | ClaimKind::FiftyMovesByIntendedMove
            ) && let Some(mv) = claim.intended
            {
                // The written move is part of the claim (9.2.1, 9.3.1); it ends the game (6.2.1.1).
                let _ = self.game.play(mv);
            }
            self.end(out, at_ms, GameScore::DRAW, article);
            return;
        }
        let (failure, article) = formal.unwrap_or((ClaimFailure::Incorrect, "Art. 9.5.2"));
        self.cite(out, Ruling::ClaimRejected { by, failure }, article);
        self.credit_opponent(out, at_ms, !by, "Art. 9.5.2");
        if let Some(mv) = intended.filter(|_| on_move) {
            self.bind_written_move(out, by, mv);
        }
        // Art. 9.1.2.3: a claim counts as a draw offer, unless offers are forbidden (9.1.1).
        if !self.offers_banned() {
            self.draw_offer = Some(by);
            self.cite(out, Ruling::DrawOffered { by }, "Art. 9.1.2.3");
        }
    }

    /// Art. 9.5.2: the move written for an incorrect claim "muss ...
    /// entsprechend Artikel 3 und 4 ausgeführt werden": if it is legal and
    /// keeps a touch-move obligation it binds; a legal move that breaks one
    /// leaves that obligation; an illegal move binds as if its piece had been
    /// touched (4.3; commentary on 9.5.2 and 7.5.1).
    fn bind_written_move(&mut self, out: &mut Out, by: Color, mv: Move) {
        let (allowed, article) = self.obligation();
        if allowed.contains(&mv) {
            self.written = Some(mv);
            self.cite(out, Ruling::WrittenMoveBinding { by, mv }, "Art. 9.5.2");
        } else if is_lawful(self.game.position(), mv) || !self.touched.is_empty() {
            self.cite_article(out, Ruling::MustMove { by, allowed }, article);
        } else {
            self.touch_after_restore(out, by, mv);
        }
    }

    fn on_flags(&mut self, out: &mut Out, at_ms: u64, action: &Action) -> Result<(), ActionError> {
        if let Action::ClaimFlag(by) = *action
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
                let article = match action {
                    Action::ClaimFlag(_) if self.unsupervised() => match self.profile.edition {
                        Edition::Fide2018 => Article::new("Appendix A.4.3 (2018)"),
                        Edition::Fide2023 => Article::new("Appendix A.5.3"),
                    },
                    _ => Article::new("Art. 6.9"),
                };
                self.lose_unless_opponent_cannot_mate(out, at_ms, f.color, article);
            }
            Some(r @ clock::Ruling::BothFlagsDraw) => {
                self.clock_rulings(out, vec![r]);
                self.end(out, at_ms, GameScore::DRAW, r.article());
            }
            Some(r) => self.clock_rulings(out, vec![r]),
            None => {
                if let Action::ClaimFlag(by) = *action {
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
            Edition::Fide2018 => "Appendix A.4.1.2 (2018)",
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
            Penalty::ReduceTime { ms } => self.deduct_time(out, at_ms, against, ms),
            Penalty::DeclareLost { opponent } => {
                self.end(out, at_ms, GameScore::loss(against, opponent), article);
            }
            _ => {}
        }
    }

    fn on_decision(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        choice: Choice,
    ) -> Result<(), ActionError> {
        let question = self.question.ok_or(ActionError::NoQuestion)?;
        let allowed = match question {
            Question::YouthIllegalMove { count, .. } => {
                matches!(
                    choice,
                    Choice::Warning | Choice::TimePenalty | Choice::TimeForOpponent
                ) || choice == Choice::Loss && count >= 3
            }
            Question::QuickplayFinishClaim { .. } => {
                matches!(choice, Choice::Draw | Choice::Reject)
            }
            Question::IncrementRequest { .. } => matches!(choice, Choice::Grant | Choice::Reject),
            Question::ClocksAfterRestore { .. } => {
                matches!(choice, Choice::KeepClocks | Choice::Proportional)
            }
            Question::ReferredQuickplayClaim { .. } => {
                matches!(choice, Choice::Draw | Choice::Loss)
            }
            Question::LateArrival { .. } => matches!(choice, Choice::Loss | Choice::PlayOn),
            Question::PersistentRefusal { .. } | Question::YouthLossScore { .. } => {
                matches!(choice, Choice::OpponentScore(_))
            }
        };
        if !allowed {
            return Err(ActionError::NotAnOption(choice));
        }
        self.question = None;
        match question {
            Question::YouthIllegalMove { offender, .. } => {
                self.cite(out, Ruling::Decided(choice), "SJRP §4.5");
                match choice {
                    Choice::TimeForOpponent => {
                        self.credit_opponent(out, at_ms, !offender, "SJRP §4.5");
                    }
                    Choice::TimePenalty => {
                        let ms = self.profile.time_credit_ms(self.game_type);
                        self.deduct_time(out, at_ms, offender, ms);
                    }
                    Choice::Loss => {
                        let options = self.opponent_scores(offender);
                        let question = Question::YouthLossScore { offender };
                        self.ask(out, question, options, "SJRP §4.5");
                    }
                    _ => self.penalties.push((offender, Penalty::Warning)),
                }
            }
            Question::LateArrival { absent } => {
                let article = self.default_time_article();
                self.cite_article(out, Ruling::Decided(choice), article);
                if choice == Choice::Loss {
                    let result =
                        absent.map_or(GameScore::BOTH_LOSE, |c| GameScore::loss(c, Score::One));
                    self.end(out, at_ms, result, article);
                }
            }
            Question::PersistentRefusal { offender } | Question::YouthLossScore { offender } => {
                let article = match question {
                    Question::PersistentRefusal { .. } => "Art. 11.7",
                    _ => "SJRP §4.5",
                };
                self.cite(out, Ruling::Decided(choice), article);
                if let Choice::OpponentScore(score) = choice {
                    self.end(
                        out,
                        at_ms,
                        GameScore::loss(offender, score),
                        Article::new(article),
                    );
                }
            }
            Question::QuickplayFinishClaim { claimant } => {
                self.cite(out, Ruling::Decided(choice), "Guideline III.5");
                if choice == Choice::Draw {
                    self.end(
                        out,
                        at_ms,
                        GameScore::DRAW,
                        Article::new("Guideline III.5.1"),
                    );
                } else {
                    let article = Article::new("Guideline III.5.3");
                    self.add_time(out, at_ms, !claimant, 120_000, article);
                }
            }
            Question::IncrementRequest { requester } => {
                self.cite(out, Ruling::Decided(choice), "Guideline III.4");
                if choice == Choice::Grant {
                    let ms = 5_000;
                    self.clock.introduce_increment(ms)?;
                    self.cite(out, Ruling::IncrementIntroduced { ms }, "Guideline III.4");
                    let article = Article::new("Guideline III.4");
                    self.add_time(out, at_ms, !requester, 120_000, article);
                }
            }
            Question::ClocksAfterRestore { offender, played } => {
                self.cite(out, Ruling::Decided(choice), "Art. 7.1");
                if choice == Choice::Proportional {
                    self.proportional_clocks(out, at_ms, played);
                }
                if let Ok(r) = self.clock.restart(at_ms) {
                    self.clock_rulings(out, vec![r]);
                }
                if let Some(by) = offender {
                    let count = self.illegal_moves[by];
                    self.penalise(out, at_ms, by, count);
                }
            }
            Question::ReferredQuickplayClaim { claimant } => {
                self.cite(out, Ruling::Decided(choice), "Guideline III.6.2");
                let result = if choice == Choice::Draw {
                    GameScore::DRAW
                } else {
                    GameScore::win(!claimant)
                };
                self.end(out, at_ms, result, Article::new("Guideline III.6.2"));
            }
        }
        Ok(())
    }
}

/// The squares a player touched to make `mv` in `position`, in order: the
/// piece moved, then the opponent's piece it captured or the castling rook
/// (Art. 4.3.3: when the order is unclear, the own piece counts as first).
fn touched_by(position: &Chess, mv: Move) -> Vec<Square> {
    let mut squares: Vec<Square> = mv.from().into_iter().collect();
    match mv {
        Move::Castle { rook, .. } => squares.push(rook),
        _ if mv.is_capture() && position.them().contains(capture_square(&mv)) => {
            squares.push(capture_square(&mv));
        }
        _ => {}
    }
    squares
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
