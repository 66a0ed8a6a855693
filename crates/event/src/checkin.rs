//! Check-in before round 1: a section may require players to report before the first round
//! (the SJRP championship's "Präsenzpflicht 13:00"). While check-in is on, round 1 pairs only
//! the players checked in; the others are not paired and get a zero-point bye (TRF `Z`), as
//! C.04.2 treats a player who is not available for a round. Check-in closes when round 1 is
//! paired; later absences are requested byes or forfeits as the director decides.
//!
//! ```
//! # use event::{Section, age::{AgeClass, Class}, person::PlayerId, player::{Entry, Player}};
//! let mut s = Section::new("U14", vec![Class::open(AgeClass::U14)]);
//! s.check_in = true;
//! s.entries.push(Entry::new(Player::new(PlayerId(1), "Adler", "Anna"), s.classes[0]));
//! assert!(!s.available(&s.entries[0], 1));
//! s.set_checked_in(PlayerId(1), true).unwrap();
//! assert!(s.available(&s.entries[0], 1));
//! ```

use std::fmt;

use laws::Article;

use crate::Section;
use crate::person::PlayerId;
use crate::player::Entry;

/// The rule an absence at check-in rests on: a player not available for a round is not paired
/// and scores a zero-point bye (FIDE C.04.2).
pub const ABSENT_AT_CHECK_IN: Article = Article::new("C.04.2");

/// Why a check-in was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckInError {
    /// The section does not use check-in.
    Off,
    /// Round 1 is paired: check-in is closed.
    Closed,
    /// The player is not entered in the section.
    UnknownPlayer(PlayerId),
}

impl CheckInError {
    /// The rule the refusal rests on.
    pub fn article(self) -> Article {
        ABSENT_AT_CHECK_IN
    }

    /// The message in German.
    pub fn german(self) -> String {
        match self {
            CheckInError::Off => {
                "Diese Gruppe verwendet keine Anmeldung vor Ort (Check-in).".into()
            }
            CheckInError::Closed => {
                "Die 1. Runde ist ausgelost: der Check-in ist geschlossen; spätere Abwesenheit \
                 ist ein Freilos oder eine kampflose Partie."
                    .into()
            }
            CheckInError::UnknownPlayer(p) => format!("Spieler {} ist nicht gemeldet.", p.0),
        }
    }
}

impl fmt::Display for CheckInError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckInError::Off => f.write_str("this section does not use check-in"),
            CheckInError::Closed => f.write_str(
                "round 1 is paired: check-in is closed; a later absence is a bye or a forfeit",
            ),
            CheckInError::UnknownPlayer(p) => write!(f, "player {} is not entered", p.0),
        }
    }
}

impl std::error::Error for CheckInError {}

impl Section {
    /// Whether `e` is paired in `round`: [`Entry::plays_in`], and for round 1 of a section with
    /// check-in also checked in (an absent player gets the zero-point bye of
    /// [`Entry::unpaired_bye`], [`ABSENT_AT_CHECK_IN`]).
    pub fn available(&self, e: &Entry, round: u32) -> bool {
        e.plays_in(round) && !(self.check_in && round == 1 && !e.checked_in)
    }

    /// Checks `player` in (`present`) or takes the check-in back; refused when the section has
    /// no check-in or round 1 is already paired.
    pub fn set_checked_in(&mut self, player: PlayerId, present: bool) -> Result<(), CheckInError> {
        if !self.check_in {
            return Err(CheckInError::Off);
        }
        if !self.played.is_empty() {
            return Err(CheckInError::Closed);
        }
        self.entry_mut(player)
            .ok_or(CheckInError::UnknownPlayer(player))?
            .checked_in = present;
        Ok(())
    }

    /// Players checked in and players entered (for the check-in page's count).
    pub fn checked_in_count(&self) -> (usize, usize) {
        let present = self.entries.iter().filter(|e| e.checked_in).count();
        (present, self.entries.len())
    }
}
