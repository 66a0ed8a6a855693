//! Result entry and correction.

use crate::player::PlayerId;
use crate::round::{ByeKind, GameResult};
use crate::section::{Correction, RoundError, Section};

impl Section {
    /// Enters the result of board `board` (1-based) of a published round. A board that has a
    /// result already is refused: use [`Section::correct_result`].
    pub fn enter_result(
        &mut self,
        round: u32,
        board: usize,
        result: GameResult,
    ) -> Result<(), RoundError> {
        todo!("{round}{board}{result}")
    }

    /// Changes an entered result (Art. 8.7) and names the later rounds already paired on the
    /// old scores.
    pub fn correct_result(
        &mut self,
        round: u32,
        board: usize,
        result: GameResult,
    ) -> Result<Correction, RoundError> {
        todo!("{round}{board}{result}")
    }

    /// Sets the bye of a player without a board in `round` (e.g. a requested bye turned into a
    /// zero-point bye).
    pub fn set_bye(
        &mut self,
        round: u32,
        player: PlayerId,
        kind: ByeKind,
    ) -> Result<(), RoundError> {
        todo!("{round}{player}{kind}")
    }
}
