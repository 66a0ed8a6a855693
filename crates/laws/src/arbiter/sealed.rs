//! Adjournment and the sealed move (Guideline I).

use shakmaty::{Color, Move, Position};

use crate::notation::Language;
use crate::points::GameScore;
use crate::sealed_move::{self, Envelope, SealedMove};

use super::{ActionError, Arbiter, Out, Ruling};

impl Arbiter {
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

    /// Guideline I.7-I.9: the envelope is opened at the resumption; a valid
    /// sealed move is made and the opponent's clock started.
    pub(super) fn on_open_envelope(
        &mut self,
        out: &mut Out,
        at_ms: u64,
        written: &str,
        language: Language,
    ) -> Result<(), ActionError> {
        let verdict = sealed_move::judge(&self.game, written, language);
        let sealer = self.game.position().turn();
        let article = verdict.article();
        match verdict {
            SealedMove::Valid(mv) => {
                self.cite(out, Ruling::SealedMoveMade(mv), article);
                // The arbiter makes the move and starts the opponent's clock (I.7).
                let r = self.clock.execute_move(sealer, at_ms)?;
                self.clock_rulings(out, r);
                self.play(out, at_ms, sealer, mv);
                if self.result.is_none() {
                    let r = self.clock.press(sealer, at_ms)?;
                    self.clock_rulings(out, r);
                    self.uncompleted = None;
                }
            }
            SealedMove::AlreadyOver(t) => {
                let result = t.winner().map_or(GameScore::DRAW, GameScore::win);
                self.end(out, at_ms, result, article);
            }
            SealedMove::Drawn { .. } => {
                self.end(out, at_ms, GameScore::DRAW, article);
            }
            SealedMove::Lost { sealer, .. } => {
                let result = GameScore::win(!sealer);
                self.end(out, at_ms, result, article);
            }
        }
        Ok(())
    }
}
