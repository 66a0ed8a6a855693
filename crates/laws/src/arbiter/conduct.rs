//! Conduct of the players and penalties (Art. 11, 12; Appendix A.4.3, B.2.3; SJRP §4.2).

use shakmaty::Color;

use crate::Article;
use crate::edition::{DeviceRule, Edition, Supervision};
use crate::game_type::GameType;
use crate::penalties::{Conduct, Penalty};
use crate::points::{GameScore, Score};

use super::illegal::YOUTH_ILLEGAL_MOVES;
use super::{Arbiter, Choice, ClaimFailure, Out, Question, Ruling};

/// Art. 11.3.2.2: a device in the playing venue: the game is lost.
const DEVICE: Article = Article::new("Art. 11.3.2.2");
/// SJRP §4.2: a switched-off device is allowed; a switched-on one loses.
const YOUTH_DEVICE: Article = Article::new("SJRP §4.2");
/// Art. 11.7: persistent refusal to comply loses; the arbiter decides the opponent's score.
const PERSISTENT_REFUSAL: Article = Article::new("Art. 11.7");
/// Art. 11.4: "Spieler, die ihre Partie beendet haben, gelten als Zuschauer."
pub(super) const SPECTATOR: Article = Article::new("Art. 11.4");
/// Art. 11.8: both players refuse: both lose.
const BOTH_REFUSE: Article = Article::new("Art. 11.8");
/// Art. 11.2.3.2: leaving the playing area is forbidden only to the player on move.
const LEFT_AREA_OFF_MOVE: Article = Article::new("Art. 11.2.3.2");
/// Art. 8.4: under five minutes left and no increment of 30 s or more: no recording required.
const NO_RECORDING_REQUIRED: Article = Article::new("Art. 8.4");
/// Appendix A.2: rapid and blitz players need not record the moves.
const NO_RECORDING_RAPID: Article = Article::new("Appendix A.2");
/// Appendix A.4.3: five requests to see the scoresheet; "Weitere Bitten gelten als Störung des Gegenübers."
const SCORESHEET_RAPID: Article = Article::new("Appendix A.4.3");
/// Appendix B.2.3: the same for blitz.
const SCORESHEET_BLITZ: Article = Article::new("Appendix B.2.3");
/// Appendix A.3.2 (2018): the same under the 2018 Laws.
const SCORESHEET_RAPID_2018: Article = Article::new("Appendix A.3.2 (2018)");
/// Appendix B.3.2 (2018): the same for blitz under the 2018 Laws.
const SCORESHEET_BLITZ_2018: Article = Article::new("Appendix B.3.2 (2018)");

impl Arbiter {
    pub(super) fn misconduct(&self, out: &mut Out, by: Color, conduct: Conduct) {
        let ruling = Ruling::PenaltyAtDiscretion {
            against: by,
            conduct,
        };
        self.cite(out, ruling, conduct.article());
    }

    /// Conduct forbidden by the Laws, with the cases where it is no violation:
    /// leaving the playing area when not on move (11.2.3.2), moving before
    /// recording when recording is not required (8.4; A.2).
    pub(super) fn on_misconduct(&mut self, out: &mut Out, at_ms: u64, by: Color, conduct: Conduct) {
        match conduct {
            Conduct::LeftPlayingArea if self.turn() != by => {
                self.cite(out, Ruling::NoViolation { by }, LEFT_AREA_OFF_MOVE);
            }
            Conduct::RecordingArrears if !self.recording_required(by, at_ms) => {
                let article = if self.game_type == GameType::Standard {
                    NO_RECORDING_REQUIRED
                } else {
                    NO_RECORDING_RAPID
                };
                self.cite(out, Ruling::NoViolation { by }, article);
            }
            _ => self.misconduct(out, by, conduct),
        }
    }

    /// Supervised rapid and blitz: the player on move may see the arbiter's
    /// record five times; a further request counts as distracting the
    /// opponent under the same sentence of the appendix (A.4.3, B.2.3).
    pub(super) fn on_scoresheet_request(&mut self, out: &mut Out, by: Color) {
        let article = match (self.profile.edition, self.game_type) {
            (Edition::Fide2023, GameType::Blitz) => SCORESHEET_BLITZ,
            (Edition::Fide2023, _) => SCORESHEET_RAPID,
            (Edition::Fide2018, GameType::Blitz) => SCORESHEET_BLITZ_2018,
            (Edition::Fide2018, _) => SCORESHEET_RAPID_2018,
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
            // "Weitere Bitten gelten als Störung des Gegenübers" (A.4.3, B.2.3): the
            // appendix makes the request a distraction (11.5), penalised under 12.9.
            let ruling = Ruling::PenaltyAtDiscretion {
                against: by,
                conduct: Conduct::Distraction,
            };
            self.cite(out, ruling, article);
        }
    }

    /// The opponent's scores the arbiter may give after `offender` lost
    /// (Art. 11.7; SJRP §4.5), the engine's proposal first: 1, or ½ when the
    /// opponent cannot checkmate by any series of legal moves.
    pub(super) fn opponent_scores(&self, offender: Color) -> Vec<Choice> {
        let proposal = if self.cannot_mate(!offender) {
            [Score::Half, Score::One, Score::Zero]
        } else {
            [Score::One, Score::Half, Score::Zero]
        };
        proposal.into_iter().map(Choice::OpponentScore).collect()
    }

    pub(super) fn on_penalty(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        against: Color,
        penalty: Penalty,
    ) {
        self.penalties.push((against, penalty));
        let article = penalty.article();
        self.cite(out, Ruling::PenaltyImposed { against, penalty }, article);
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

    /// Art. 11.3.2.2: a device in the playing venue loses the game; under
    /// SJRP §4.2 a switched-off device is allowed and a switched-on one loses
    /// (a draw score for an opponent who cannot checkmate).
    pub(super) fn on_device(&mut self, out: &mut Out, at_ms: u64, by: Color, switched_on: bool) {
        match self.profile.device_rule {
            DeviceRule::Fide => {
                let result = GameScore::loss(by, Score::One);
                self.end(out, at_ms, result, DEVICE);
            }
            DeviceRule::Youth if !switched_on => {
                self.cite(out, Ruling::DeviceAllowed, YOUTH_DEVICE)
            }
            DeviceRule::Youth => {
                let opponent = if self.cannot_mate(!by) {
                    Score::Half
                } else {
                    Score::One
                };
                let result = GameScore::loss(by, opponent);
                self.end(out, at_ms, result, YOUTH_DEVICE);
            }
        }
    }

    /// Art. 11.7: persistent refusal loses; the arbiter decides the opponent's score.
    pub(super) fn on_persistent_refusal(&mut self, out: &mut Out, offender: Color) {
        let options = self.opponent_scores(offender);
        let question = Question::PersistentRefusal { offender };
        self.ask(out, question, options, PERSISTENT_REFUSAL);
    }

    /// Art. 11.8: both players refuse: both lose.
    pub(super) fn on_both_refuse(&mut self, out: &mut Out, at_ms: u64) {
        self.end(out, at_ms, GameScore::BOTH_LOSE, BOTH_REFUSE);
    }

    /// The opponent's score the arbiter gives after `offender` lost (Art.
    /// 11.7 for a persistent refusal, SJRP §4.5 for youth illegal moves).
    pub(super) fn decide_opponent_score(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        question: Question,
        offender: Color,
        choice: Choice,
    ) {
        let article = match question {
            Question::PersistentRefusal { .. } => PERSISTENT_REFUSAL,
            _ => YOUTH_ILLEGAL_MOVES,
        };
        self.cite(out, Ruling::Decided(choice), article);
        if let Choice::OpponentScore(score) = choice {
            self.end(out, at_ms, GameScore::loss(offender, score), article);
        }
    }
}
