//! Manual pairing edits beyond [`Section::set_pair`]: moving a player to a bye, taking a
//! board apart and exchanging two players, each with the warnings of C.04.1.

use laws::Article;

use crate::draw::Slot;
use crate::person::PlayerId;
use crate::round::{Bye, ByeKind, Warning, WarningKind};
use crate::section::{RoundError, Section};

impl Section {
    /// Gives `player` a bye of `kind` in `round` by hand. If the player stood on a board
    /// without result, the board is removed (later boards move up) and the opponent gets a
    /// zero-point bye entry, to be paired by hand. A second pairing-allocated bye is warned
    /// (C.04.1 d), as is a bye to a player who is not available.
    pub fn move_to_bye(
        &mut self,
        round: u32,
        player: PlayerId,
        kind: ByeKind,
    ) -> Result<Vec<Warning>, RoundError> {
        if self.entry(player).is_none() {
            return Err(RoundError::UnknownPlayer(player));
        }
        let mut warnings = Vec::new();
        if kind == ByeKind::PairingAllocated
            && let Some(earlier) = self.earlier_pairing_bye(round, player)
        {
            warnings.push(Warning {
                kind: WarningKind::RepeatedPairingBye {
                    player,
                    round: earlier,
                },
                article: Article::new("C.04.1 d"),
            });
        }
        let r = self.round_mut(round)?;
        if let Some(i) = r.board_of(player) {
            let b = r.boards[i].clone();
            if b.result.is_decided() {
                return Err(RoundError::AlreadyEntered {
                    round,
                    board: i + 1,
                });
            }
            r.boards.remove(i);
            let opponent = if b.white == player { b.black } else { b.white };
            r.byes.push(Bye {
                player: opponent,
                kind: ByeKind::Zero,
            });
        }
        r.byes.retain(|b| b.player != player);
        r.byes.push(Bye { player, kind });
        Ok(warnings)
    }

    /// Takes board `board` (1-based) of `round` apart: both players get a zero-point bye entry,
    /// to be paired by hand; later boards move up. A board with a result is not touched.
    pub fn unpair_board(&mut self, round: u32, board: usize) -> Result<(), RoundError> {
        let r = self.round_mut(round)?;
        let i = board
            .checked_sub(1)
            .filter(|&i| i < r.boards.len())
            .ok_or(RoundError::NoBoard { round, board })?;
        if r.boards[i].result.is_decided() {
            return Err(RoundError::AlreadyEntered { round, board });
        }
        let b = r.boards.remove(i);
        for player in [b.white, b.black] {
            r.byes.push(Bye {
                player,
                kind: ByeKind::Zero,
            });
        }
        Ok(())
    }

    /// Exchanges the places of `a` and `b` in `round` (boards or byes) by hand; the boards
    /// changed are marked manual. Returns the warnings of the boards changed (rematch, colour
    /// rules, prohibited pair, unavailable player). Refused: a player not in the section, a
    /// board with a result, and two players neither of whom is on a board.
    pub fn exchange_players(
        &mut self,
        round: u32,
        a: PlayerId,
        b: PlayerId,
    ) -> Result<Vec<Warning>, RoundError> {
        for p in [a, b] {
            if self.entry(p).is_none() {
                return Err(RoundError::UnknownPlayer(p));
            }
        }
        if a == b {
            return Err(RoundError::NeitherOnBoard { a, b });
        }
        let swap = |p: PlayerId| {
            if p == a {
                b
            } else if p == b {
                a
            } else {
                p
            }
        };
        let r = self.round_mut(round)?;
        let changed: Vec<usize> = r
            .boards
            .iter()
            .enumerate()
            .filter(|(_, x)| [x.white, x.black].iter().any(|&p| p == a || p == b))
            .map(|(i, _)| i)
            .collect();
        if changed.is_empty() {
            return Err(RoundError::NeitherOnBoard { a, b });
        }
        if let Some(&i) = changed.iter().find(|&&i| r.boards[i].result.is_decided()) {
            return Err(RoundError::AlreadyEntered {
                round,
                board: i + 1,
            });
        }
        for &i in &changed {
            let board = &mut r.boards[i];
            board.white = swap(board.white);
            board.black = swap(board.black);
            board.manual = true;
        }
        for bye in &mut r.byes {
            bye.player = swap(bye.player);
        }
        let pairs: Vec<(PlayerId, PlayerId)> = changed
            .iter()
            .map(|&i| (r.boards[i].white, r.boards[i].black))
            .collect();
        Ok(pairs
            .into_iter()
            .flat_map(|(w, b)| self.check_pair(round, w, b))
            .collect())
    }

    /// The first round before `round` in which `player` had the pairing-allocated bye.
    pub(crate) fn earlier_pairing_bye(&self, round: u32, player: PlayerId) -> Option<u32> {
        let slots = self.slots();
        let list = slots.get(&player)?;
        self.played
            .iter()
            .zip(list)
            .find(|(r, slot)| r.number < round && **slot == Slot::Bye(ByeKind::PairingAllocated))
            .map(|(r, _)| r.number)
    }
}
