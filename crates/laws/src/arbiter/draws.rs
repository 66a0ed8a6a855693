//! Draw offers, agreements and claims (Art. 5.2.3, 9; Guideline III quickplay finish).

use shakmaty::{Color, Move, Position};

use crate::Article;
use crate::draws::ClaimKind;
use crate::game_type::GameType;
use crate::points::GameScore;
use crate::position::is_lawful;

use super::{ActionError, Arbiter, Choice, ClaimFailure, Out, Question, Ruling};

/// Art. 9.1.2.1: a draw offer stands until accepted, rejected, a piece touched or the game ends.
pub(super) const DRAW_OFFER: Article = Article::new("Art. 9.1.2.1");
/// Art. 9.1.1: the regulations may forbid draw offers before a given move.
const OFFERS_FORBIDDEN: Article = Article::new("Art. 9.1.1");
/// Art. 5.2.3: a draw by agreement once both players have made at least one move.
const DRAW_AGREED: Article = Article::new("Art. 5.2.3");
/// Art. 9.2: a repetition is claimed by the player on move.
const CLAIM_NOT_ON_MOVE: Article = Article::new("Art. 9.2");
/// Art. 9.4: a player who touched a piece loses the right to claim on this move.
const CLAIM_AFTER_TOUCH: Article = Article::new("Art. 9.4");
/// Art. 9.5.2: an incorrect claim: two minutes for the opponent; the written move is played.
const INCORRECT_CLAIM: Article = Article::new("Art. 9.5.2");
/// Art. 9.5.2: the move written for a claim "muss ... entsprechend Artikel 3 und 4 ausgeführt werden".
pub(super) const WRITTEN_MOVE: Article = Article::new("Art. 9.5.2");
/// Art. 9.1.2.3: a claim of a draw counts as a draw offer.
const CLAIM_IS_OFFER: Article = Article::new("Art. 9.1.2.3");
/// Guideline III.2.1: the Guideline applies only if announced, in the last period.
const QUICKPLAY_NOT_IN_FORCE: Article = Article::new("Guideline III.2.1");
/// Guideline III.2.2: not for games with increment or delay, nor for blitz.
const QUICKPLAY_EXCLUDED: Article = Article::new("Guideline III.2.2");
/// Guideline III.4: the request for a five-second increment counts as a draw offer.
const INCREMENT_REQUEST: Article = Article::new("Guideline III.4");
/// Guideline III.5: the player on move with less than two minutes may claim a draw.
const QUICKPLAY_CLAIM: Article = Article::new("Guideline III.5");
/// Guideline III.5.1: the arbiter agrees and declares the game drawn, or rejects the claim.
const QUICKPLAY_DECISION: Article = Article::new("Guideline III.5.1");
/// Guideline III.5.3: the claim rejected: two minutes for the opponent.
const QUICKPLAY_REJECTED: Article = Article::new("Guideline III.5.3");
/// Guideline III.6.1: with no arbiter present the claim ends the game; the clocks stop.
const CLAIM_WITHOUT_ARBITER: Article = Article::new("Guideline III.6.1");
/// Guideline III.6.2: the designated arbiter rules the referred claim.
const REFERRED_CLAIM: Article = Article::new("Guideline III.6.2");
/// SJRP §4.4: the regulations exclude the increment request of Guideline III.4.
const NO_INCREMENT_REQUEST: Article = Article::new("SJRP §4.4");

impl Arbiter {
    /// Why Guideline III does not apply to this game at all, if it does not: not announced
    /// or not the last period (III.2.1), an increment or delay, or blitz (III.2.2).
    fn quickplay_excluded(&self, by: Color) -> Option<Article> {
        let control = self.clock.control();
        let period = self.clock.period_index(by);
        if !self.profile.quickplay_finish || !control.schedule(by).is_final(period) {
            Some(QUICKPLAY_NOT_IN_FORCE)
        } else if self.clock.has_bonus() || self.game_type == GameType::Blitz {
            Some(QUICKPLAY_EXCLUDED)
        } else {
            None
        }
    }

    /// A Guideline III request or claim of `by` that does not apply: rejected, citing why
    /// Guideline III is not in force or excluded, else `rule` (the claim's own provision).
    fn reject_quickplay(&self, out: &mut Out, by: Color, rule: Article) {
        let failure = ClaimFailure::NotApplicable;
        let article = self.quickplay_excluded(by).unwrap_or(rule);
        self.cite(out, Ruling::ClaimRejected { by, failure }, article);
    }

    /// Guideline III.1, III.2, III.4, III.5: a quickplay finish (announced,
    /// the last period, no increment or delay, not blitz) with `by` on move
    /// and less than two minutes left, the flag not fallen.
    pub(super) fn quickplay_finish(&self, by: Color, at_ms: u64) -> bool {
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

    /// The opponent rejects `offerer`'s draw offer (Art. 9.1.2.1); if it was
    /// a request for an increment, the arbiter decides on it (Guideline III.4).
    pub(super) fn close_offer(&mut self, out: &mut Out, offerer: Color) {
        self.draw_offer = None;
        self.cite(out, Ruling::DrawOfferClosed { by: offerer }, DRAW_OFFER);
        if self.increment_request.take() == Some(offerer) {
            self.ask(
                out,
                Question::IncrementRequest { requester: offerer },
                vec![Choice::Grant, Choice::Reject],
                INCREMENT_REQUEST,
            );
        }
    }

    /// Art. 9.1.1: offers are forbidden before the regulations' move.
    pub(super) fn offers_banned(&self) -> bool {
        self.profile
            .draw_offers_from_move
            .is_some_and(|n| self.game.move_number(self.game.ply()) < n)
    }

    pub(super) fn on_offer(&mut self, out: &mut Out, by: Color) {
        self.on_offer_as(out, by, DRAW_OFFER);
    }

    /// A draw offer, or an act the Laws count as one (`article`: III.4).
    pub(super) fn on_offer_as(&mut self, out: &mut Out, by: Color, article: Article) {
        if self.offers_banned() {
            self.cite(out, Ruling::DrawAgreementInvalid, OFFERS_FORBIDDEN);
        } else {
            self.draw_offer = Some(by);
            self.cite(out, Ruling::DrawOffered { by }, article);
        }
    }

    pub(super) fn on_accept(&mut self, out: &mut Out, at_ms: u64, by: Color) {
        if self.offers_banned() {
            self.cite(out, Ruling::DrawAgreementInvalid, OFFERS_FORBIDDEN);
            return;
        }
        if self.draw_offer != Some(!by) {
            // The offer was withdrawn by the opponent's touch or move, or never made.
            self.cite(out, Ruling::NoOpenOffer { by }, DRAW_OFFER);
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
            self.cite(out, Ruling::DrawAgreementInvalid, DRAW_AGREED);
            return;
        }
        self.end(out, at_ms, GameScore::DRAW, DRAW_AGREED);
    }

    /// Art. 9.2-9.5: a draw claim. A claim that fails for any reason — the
    /// claimant not on move (9.2, 9.3), a piece touched (9.4), a position
    /// that does not support it — is incorrect (9.5.2): the opponent gets two
    /// minutes (one in rapid and blitz, A.3), a written move must be played
    /// in accordance with Articles 3 and 4, and the claim stands as a draw
    /// offer (9.1.2.3) unless offers are forbidden (9.1.1).
    pub(super) fn on_claim(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
        intended: Option<Move>,
    ) {
        let on_move = self.game.position().turn() == by;
        let formal = if !on_move {
            Some((ClaimFailure::NotOnMove, CLAIM_NOT_ON_MOVE))
        } else if !self.touched.is_empty() {
            Some((ClaimFailure::PieceTouched, CLAIM_AFTER_TOUCH))
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
        let (failure, article) = formal.unwrap_or((ClaimFailure::Incorrect, INCORRECT_CLAIM));
        self.cite(out, Ruling::ClaimRejected { by, failure }, article);
        self.credit_opponent(out, at_ms, !by, INCORRECT_CLAIM);
        if let Some(mv) = intended.filter(|_| on_move) {
            self.bind_written_move(out, by, mv);
        }
        // Art. 9.1.2.3: a claim counts as a draw offer, unless offers are forbidden (9.1.1).
        if !self.offers_banned() {
            self.draw_offer = Some(by);
            self.cite(out, Ruling::DrawOffered { by }, CLAIM_IS_OFFER);
        }
    }

    /// Art. 9.5.2: the move written for an incorrect claim "muss ...
    /// entsprechend Artikel 3 und 4 ausgeführt werden": if it is legal and
    /// keeps a touch-move obligation it binds; a legal move that breaks one
    /// leaves that obligation; an illegal move binds as if its piece had been
    /// touched (4.3; commentary on 9.5.2 and 7.5.1).
    pub(super) fn bind_written_move(&mut self, out: &mut Out, by: Color, mv: Move) {
        let (allowed, article) = self.obligation();
        if allowed.contains(&mv) {
            self.written = Some(mv);
            self.cite(out, Ruling::WrittenMoveBinding { by, mv }, WRITTEN_MOVE);
        } else if is_lawful(self.game.position(), mv) || !self.touched.is_empty() {
            self.cite(out, Ruling::MustMove { by, allowed }, article);
        } else {
            self.touch_after_restore(out, by, mv);
        }
    }

    /// Art. 9.1.2.1: the opponent declines the offer; without one, no effect.
    pub(super) fn on_decline(&mut self, out: &mut Out, by: Color) {
        if self.draw_offer == Some(!by) {
            self.close_offer(out, !by);
        } else {
            self.cite(out, Ruling::NoOpenOffer { by }, DRAW_OFFER);
        }
    }

    /// Guideline III.5: a claim that the opponent cannot win by normal means;
    /// the arbiter decides. A claim Guideline III does not allow is rejected
    /// and the opponent gets two minutes (III.5.3).
    pub(super) fn on_quickplay_claim(&mut self, out: &mut Out, at_ms: u64, by: Color) {
        if self.quickplay_finish(by, at_ms) {
            self.ask(
                out,
                Question::QuickplayFinishClaim { claimant: by },
                vec![Choice::Draw, Choice::Reject],
                QUICKPLAY_CLAIM,
            );
        } else {
            self.reject_quickplay(out, by, QUICKPLAY_CLAIM);
            let article = QUICKPLAY_REJECTED;
            self.add_time(out, at_ms, !by, 120_000, article);
        }
    }

    /// Guideline III.4: a request for a five-second increment counts as a draw offer.
    pub(super) fn on_increment_request(&mut self, out: &mut Out, at_ms: u64, by: Color) {
        if !self.profile.increment_request {
            self.cite(out, Ruling::NotApplied, NO_INCREMENT_REQUEST);
        } else if self.quickplay_finish(by, at_ms) {
            // III.4: "Dies gilt als Remisangebot."
            self.on_offer_as(out, by, INCREMENT_REQUEST);
            if self.draw_offer == Some(by) {
                self.increment_request = Some(by);
            }
        } else {
            self.reject_quickplay(out, by, INCREMENT_REQUEST);
        }
    }

    /// Guideline III.6: a claim with no arbiter present ends the game; the
    /// designated arbiter rules on it later.
    pub(super) fn on_quickplay_claim_without_arbiter(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
    ) {
        if self.quickplay_finish(by, at_ms) {
            // III.6.1: the claim ends the game; the clocks stop.
            if let Ok(r) = self.clock.end(at_ms, None) {
                self.clock_rulings(out, r);
            }
            self.ask(
                out,
                Question::ReferredQuickplayClaim { claimant: by },
                vec![Choice::Draw, Choice::Loss],
                REFERRED_CLAIM,
            );
        } else {
            self.reject_quickplay(out, by, CLAIM_WITHOUT_ARBITER);
        }
    }

    /// Guideline III.5.1-III.5.3: the arbiter declares the draw, or rejects
    /// the claim and the opponent gets two minutes.
    pub(super) fn decide_quickplay_claim(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        claimant: Color,
        choice: Choice,
    ) {
        self.cite(out, Ruling::Decided(choice), QUICKPLAY_DECISION);
        if choice == Choice::Draw {
            self.end(out, at_ms, GameScore::DRAW, QUICKPLAY_DECISION);
        } else {
            let article = QUICKPLAY_REJECTED;
            self.add_time(out, at_ms, !claimant, 120_000, article);
        }
    }

    /// Guideline III.4: the arbiter grants the increment (and two minutes for
    /// the opponent) or refuses it.
    pub(super) fn decide_increment_request(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        requester: Color,
        choice: Choice,
    ) -> Result<(), ActionError> {
        self.cite(out, Ruling::Decided(choice), INCREMENT_REQUEST);
        if choice == Choice::Grant {
            let ms = 5_000;
            self.clock.introduce_increment(ms)?;
            self.cite(out, Ruling::IncrementIntroduced { ms }, INCREMENT_REQUEST);
            let article = INCREMENT_REQUEST;
            self.add_time(out, at_ms, !requester, 120_000, article);
        }
        Ok(())
    }

    /// Guideline III.6.2: the designated arbiter rules the referred claim:
    /// a draw, or the claimant loses.
    pub(super) fn decide_referred_quickplay_claim(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        claimant: Color,
        choice: Choice,
    ) {
        self.cite(out, Ruling::Decided(choice), REFERRED_CLAIM);
        let result = if choice == Choice::Draw {
            GameScore::DRAW
        } else {
            GameScore::win(!claimant)
        };
        self.end(out, at_ms, result, REFERRED_CLAIM);
    }
}
