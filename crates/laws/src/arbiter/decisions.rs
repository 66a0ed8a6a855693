//! The arbiter's decisions: where the Laws leave judgement to the arbiter the engine
//! asks ([`Question`], [`Choice`]) and applies the answer.

use std::fmt;

use shakmaty::Color;

use crate::Article;
use crate::points::Score;

use super::{ActionError, Arbiter, Out, Ruling};

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

#[cfg(feature = "serde")]
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

impl Question {
    /// Whether `choice` answers this question.
    fn allows(self, choice: Choice) -> bool {
        match self {
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
        }
    }
}

impl Arbiter {
    pub(super) fn ask(
        &mut self,
        out: &mut Out,
        question: Question,
        options: Vec<Choice>,
        article: Article,
    ) {
        self.question = Some(question);
        self.cite(out, Ruling::DecisionRequired { question, options }, article);
    }

    pub(super) fn on_decision(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        choice: Choice,
    ) -> Result<(), ActionError> {
        let question = self.question.ok_or(ActionError::NoQuestion)?;
        if !question.allows(choice) {
            return Err(ActionError::NotAnOption(choice));
        }
        self.question = None;
        match question {
            Question::YouthIllegalMove { offender, .. } => {
                self.decide_youth_illegal_move(out, at_ms, offender, choice)
            }
            Question::LateArrival { absent } => {
                self.decide_late_arrival(out, at_ms, absent, choice)
            }
            Question::PersistentRefusal { offender } | Question::YouthLossScore { offender } => {
                self.decide_opponent_score(out, at_ms, question, offender, choice)
            }
            Question::QuickplayFinishClaim { claimant } => {
                self.decide_quickplay_claim(out, at_ms, claimant, choice)
            }
            Question::IncrementRequest { requester } => {
                self.decide_increment_request(out, at_ms, requester, choice)?
            }
            Question::ClocksAfterRestore { offender, played } => {
                self.decide_clocks_after_restore(out, at_ms, offender, played, choice)
            }
            Question::ReferredQuickplayClaim { claimant } => {
                self.decide_referred_quickplay_claim(out, at_ms, claimant, choice)
            }
        }
        Ok(())
    }
}
