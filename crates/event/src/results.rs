//! Result entry and correction.

use laws::Article;

use crate::person::PlayerId;
use crate::round::{Bye, ByeKind, GameResult, Warning, WarningKind};
use crate::section::{Correction, RoundError, Section};

impl Section {
    /// Enters the result of board `board` (1-based) of a published round. A board that has a
    /// result already is refused: use [`Section::correct_result`] (Art. 8.7).
    pub fn enter_result(
        &mut self,
        round: u32,
        board: usize,
        result: GameResult,
    ) -> Result<(), RoundError> {
        let r = self.round_mut(round)?;
        if !r.is_published() {
            return Err(RoundError::NotPublished(round));
        }
        let b = board
            .checked_sub(1)
            .and_then(|i| r.boards.get_mut(i))
            .ok_or(RoundError::NoBoard { round, board })?;
        if b.result.is_decided() {
            return Err(RoundError::AlreadyEntered { round, board });
        }
        b.result = result;
        Ok(())
    }

    /// Changes an entered result (Art. 8.7: a result stands unless the arbiter changes it) and
    /// names the later rounds already paired on the old scores. Their pairings stand; the
    /// corrected score counts from the next pairing on.
    pub fn correct_result(
        &mut self,
        round: u32,
        board: usize,
        result: GameResult,
    ) -> Result<Correction, RoundError> {
        let r = self.round_mut(round)?;
        if !r.is_published() {
            return Err(RoundError::NotPublished(round));
        }
        let b = board
            .checked_sub(1)
            .and_then(|i| r.boards.get_mut(i))
            .ok_or(RoundError::NoBoard { round, board })?;
        let old = b.result;
        b.result = result;
        let affected_rounds: Vec<u32> = if old == result {
            Vec::new()
        } else {
            self.played
                .iter()
                .map(|r| r.number)
                .filter(|&n| n > round)
                .collect()
        };
        let warnings = affected_rounds
            .iter()
            .map(|&round| Warning {
                kind: WarningKind::LaterRoundAffected { round },
                article: Article::new("Art. 8.7"),
            })
            .collect();
        Ok(Correction {
            round,
            board,
            old,
            new: result,
            affected_rounds,
            warnings,
        })
    }

    /// Sets the bye of a player without a board in `round` (e.g. a late-announced absence as
    /// zero-point bye, or a pairing-allocated bye given by hand).
    pub fn set_bye(
        &mut self,
        round: u32,
        player: PlayerId,
        kind: ByeKind,
    ) -> Result<(), RoundError> {
        if self.entry(player).is_none() {
            return Err(RoundError::UnknownPlayer(player));
        }
        let r = self.round_mut(round)?;
        if r.board_of(player).is_some() {
            return Err(RoundError::PlayerTwice(player));
        }
        r.byes.retain(|b| b.player != player);
        r.byes.push(Bye { player, kind });
        Ok(())
    }
}
