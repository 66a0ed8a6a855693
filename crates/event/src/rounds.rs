//! Pairing rounds of a section: engine pairings, storing, publishing, unpairing, manual edits.

use crate::age::Class;
use crate::date::DateTime;
use crate::player::{Entry, PlayerId};
use crate::round::{Round, RoundDraft, Warning};
use crate::section::{PairError, RoundError, Section, System};

impl Section {
    /// A Swiss section with SJRP defaults: 7 rounds, 90 min/40 moves + 30 min, 30 s increment,
    /// profile `sjrp`, 15 minutes default time, 1-½-0, tie-breaks of §6.1, no schedule.
    pub fn new(name: &str, classes: Vec<Class>) -> Section {
        todo!("{name}{classes:?}")
    }

    /// Rounds of the section: the set number for a Swiss; for a round robin n − 1 (n even) or n
    /// (n odd) per cycle.
    pub fn total_rounds(&self) -> u32 {
        todo!()
    }

    /// The entries in pairing-number order (C.04.2 initial ranking: Elo, then DWZ, then title,
    /// then name; for a round robin the drawn order if set). Pairing number = index + 1.
    pub fn ranking(&self) -> Vec<&Entry> {
        todo!()
    }

    /// The pairing number of `player`.
    pub fn pairing_number(&self, player: PlayerId) -> Option<u32> {
        todo!("{player}")
    }

    /// The entry of `player`.
    pub fn entry(&self, player: PlayerId) -> Option<&Entry> {
        todo!("{player}")
    }

    /// The entry of `player`, mutable.
    pub fn entry_mut(&mut self, player: PlayerId) -> Option<&mut Entry> {
        todo!("{player}")
    }

    /// The paired round `number`.
    pub fn round(&self, number: u32) -> Option<&Round> {
        todo!("{number}")
    }

    /// Pairs `round` (the next one) without changing the section: Dutch for a Swiss, Berger for
    /// a round robin. Players not available get their requested bye or a zero-point bye.
    pub fn pair_round(&self, round: u32) -> Result<RoundDraft, PairError> {
        todo!("{round}")
    }

    /// Stores a draft as the next round, unpublished (a preview).
    pub fn add_round(&mut self, draft: RoundDraft) -> Result<(), RoundError> {
        todo!("{draft:?}")
    }

    /// Publishes round `round` at `at`. A round with manual boards published less than 30
    /// minutes before its scheduled start gives a warning (SJRP §6.2).
    pub fn publish(&mut self, round: u32, at: DateTime) -> Result<Vec<Warning>, RoundError> {
        todo!("{round}{at}")
    }

    /// Removes the last round if no result is entered, returning it.
    pub fn unpair(&mut self, round: u32) -> Result<Round, RoundError> {
        todo!("{round}")
    }

    /// Sets board `board` (1-based; one past the last adds a board) of round `round` to
    /// `white` - `black` by hand. The players leave their former boards or byes; partners left
    /// alone get a zero-point bye entry to be re-paired by hand. Returns the warnings: rematch,
    /// colour rules, prohibited pair, unavailable player.
    pub fn set_pair(
        &mut self,
        round: u32,
        board: usize,
        white: PlayerId,
        black: PlayerId,
    ) -> Result<Vec<Warning>, RoundError> {
        todo!("{round}{board}{white}{black}")
    }

    /// The warnings `white` - `black` would raise in `round`, without changing anything.
    pub fn check_pair(&self, round: u32, white: PlayerId, black: PlayerId) -> Vec<Warning> {
        todo!(
            "{round}{white}{black}{:?}",
            System::RoundRobin { double: false }
        )
    }
}
