//! Executing and completing moves (Art. 1.3, 4.7, 6.2).

use shakmaty::{Color, Move};

use crate::points::GameScore;
use crate::position::is_lawful;

use super::draws::DRAW_OFFER;
use super::touch::touched_by;
use super::{ActionError, Arbiter, IllegalAct, Out, Pending, Ruling};

impl Arbiter {
    pub(super) fn on_move(
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
            self.cite(out, Ruling::DrawOfferClosed { by: offerer }, DRAW_OFFER);
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
            self.cite(out, Ruling::MoveRefused { by }, article);
            return Ok(());
        }
        let r = self.clock.execute_move(by, at_ms)?;
        self.clock_rulings(out, r);
        self.play(out, at_ms, by, mv);
        Ok(())
    }

    /// Plays a legal move and ends the game if the position ends it.
    pub(super) fn play(&mut self, out: &mut Out, at_ms: u64, by: Color, mv: Move) {
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

    pub(super) fn on_press(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        by: Color,
    ) -> Result<(), ActionError> {
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
                self.cite(out, Ruling::IllegalMoveCompleted { by }, article);
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
}
