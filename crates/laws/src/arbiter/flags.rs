//! The clock: flags, the default time and setting the clocks (Art. 6; Appendix A.5.1.1, A.5.3).

use shakmaty::{Color, Position};

use crate::Article;
use crate::clock::{self, Adjustment};
use crate::edition::Edition;
use crate::points::{GameScore, Score};

use super::{Action, ActionError, Arbiter, Choice, ClaimFailure, Out, Question, Ruling};

/// Art. 6.7.1: "... verliert die Partie, außer die Schiedsrichterin / der Schiedsrichter entscheidet anders."
const DEFAULT_TIME: Article = Article::new("Art. 6.7.1");
/// Art. 6.8: a flag is fallen when the arbiter observes it or a player claims it validly.
const NO_FLAG_FALLEN: Article = Article::new("Art. 6.8");
/// Art. 6.9: the player whose time runs out loses, unless the opponent cannot checkmate.
const FLAG_FALL: Article = Article::new("Art. 6.9");
/// Appendix A.5.3: in unsupervised rapid and blitz the player claims the win on time.
const FLAG_CLAIM_UNSUPERVISED: Article = Article::new("Appendix A.5.3");
/// Appendix A.4.3 (2018): the same for the 2018 Laws.
const FLAG_CLAIM_UNSUPERVISED_2018: Article = Article::new("Appendix A.4.3 (2018)");
/// Appendix A.5.1.1: after ten moves each, no change to the clock settings (unsupervised rapid and blitz).
const CLOCK_SETTINGS_FIXED: Article = Article::new("Appendix A.5.1.1");
/// Appendix A.4.1.1 (2018): the same for the 2018 Laws.
const CLOCK_SETTINGS_FIXED_2018: Article = Article::new("Appendix A.4.1.1 (2018)");

impl Arbiter {
    /// Art. 6.7.1 (SJRP §4.3 for its standard games): the late player loses
    /// "unless the arbiter decides otherwise"; both absent lose both.
    pub(super) fn ask_late_arrival(&mut self, out: &mut Out, absent: Option<Color>) {
        let article = self.default_time_article();
        let question = Question::LateArrival { absent };
        self.question = Some(question);
        let options = vec![Choice::Loss, Choice::PlayOn];
        self.cite(out, Ruling::DecisionRequired { question, options }, article);
    }

    pub(super) fn default_time_article(&self) -> Article {
        if self.profile.default_time_ms(self.game_type) > 0 {
            self.profile.default_time_article
        } else {
            DEFAULT_TIME
        }
    }

    pub(super) fn on_flags(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        action: &Action,
    ) -> Result<(), ActionError> {
        if let Action::ClaimFlag(by) = *action
            && self.pending.is_some_and(|p| p.by == by)
        {
            // A claimant cannot win on time after his own illegal move (Art. 3, 4; B-031).
            let failure = ClaimFailure::OwnIllegalMove;
            self.cite(out, Ruling::ClaimRejected { by, failure }, FLAG_FALL);
            return Ok(());
        }
        match self.clock.observe_flags(at_ms)? {
            Some(clock::Ruling::TimeExceeded(f)) => {
                let ruling = clock::Ruling::TimeExceeded(f);
                self.clock_rulings(out, vec![ruling]);
                let article = match action {
                    Action::ClaimFlag(_) if self.unsupervised() => match self.profile.edition {
                        Edition::Fide2018 => FLAG_CLAIM_UNSUPERVISED_2018,
                        Edition::Fide2023 => FLAG_CLAIM_UNSUPERVISED,
                    },
                    _ => FLAG_FALL,
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
                        NO_FLAG_FALLEN,
                    );
                }
            }
        }
        Ok(())
    }

    /// Art. 6.6: the arbiter starts the clock of the side to move.
    pub(super) fn on_start_clock(&mut self, at_ms: u64) -> Result<(), ActionError> {
        let turn = self.game.position().turn();
        self.clock.start_for(turn, at_ms)?;
        Ok(())
    }

    /// Art. 6.7: a player arrives; after the default time the arbiter decides.
    pub(super) fn on_arrive(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        color: Color,
    ) -> Result<(), ActionError> {
        if let Some(r) = self.clock.arrive(color, at_ms)? {
            self.clock_rulings(out, vec![r]);
            self.ask_late_arrival(out, Some(color));
        }
        Ok(())
    }

    /// Art. 6.7.1: who is still absent after the default time.
    pub(super) fn on_check_absence(&mut self, out: &mut Out, at_ms: u64) {
        let absent = self.clock.absent_after_default_time(at_ms);
        let late = match absent.as_slice() {
            [] => None,
            [clock::Ruling::DefaultTimeExceeded(c)] => Some(Some(*c)),
            _ => Some(None),
        };
        self.clock_rulings(out, absent);
        if let Some(late) = late {
            self.ask_late_arrival(out, late);
        }
    }

    /// Art. 6.10: the arbiter sets a clock; in unsupervised rapid and blitz
    /// the settings are fixed once both clocks run (A.5.1.1).
    pub(super) fn on_set_clock(
        &mut self,
        out: &mut Out,
        color: Color,
        remaining_ms: u64,
        moves_completed: u32,
        reason: Adjustment,
    ) -> Result<(), ActionError> {
        if self.unsupervised() && self.clock.settings_fixed() {
            let article = match self.profile.edition {
                Edition::Fide2018 => CLOCK_SETTINGS_FIXED_2018,
                Edition::Fide2023 => CLOCK_SETTINGS_FIXED,
            };
            self.cite(out, Ruling::NotApplied, article);
        } else {
            let r = self
                .clock
                .set(color, remaining_ms, moves_completed, reason)?;
            self.clock_rulings(out, vec![r]);
        }
        Ok(())
    }

    /// The arbiter's decision on a late arrival (Art. 6.7.1; SJRP §4.3).
    pub(super) fn decide_late_arrival(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        absent: Option<Color>,
        choice: Choice,
    ) {
        let article = self.default_time_article();
        self.cite(out, Ruling::Decided(choice), article);
        if choice == Choice::Loss {
            let result = absent.map_or(GameScore::BOTH_LOSE, |c| GameScore::loss(c, Score::One));
            self.end(out, at_ms, result, article);
        }
    }
}
