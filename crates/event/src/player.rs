//! Players and their registration in a section: late entry, withdrawal, requested byes.
//!
//! ```
//! use event::person::{PlayerId, Sex};
//! use event::player::{Entry, Player};
//! use event::round::ByeKind;
//!
//! let mut p = Player::new(PlayerId(12_345), "Meyer", "Lena");
//! p.sex = Some(Sex::Female);
//! assert_eq!(p.name(), "Meyer, Lena");
//! let mut e = Entry::new(p, "U14w".parse()?);
//! e.requested_byes.insert(3, ByeKind::Half);
//! e.withdrawn_after = Some(5);
//! assert!(e.plays_in(4) && !e.plays_in(3) && !e.plays_in(6));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::admission::Override;
use crate::age::Class;
use crate::date::Birth;
use crate::person::{DsbId, PlayerId, Sex};
use crate::round::ByeKind;

/// Highest Elo or DWZ a player can hold (TRF columns 49-52 hold four digits); also bounds a
/// pseudo rating ([`crate::seeding::Seeding::Pseudo`]).
pub const MAX_RATING: u16 = 3500;

/// A person as entered or imported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Internal number.
    pub id: PlayerId,
    /// Family name.
    pub last_name: String,
    /// Given name.
    pub first_name: String,
    /// Sex, if known.
    pub sex: Option<Sex>,
    /// Birth date or, as DSB lists give it, only the year (age classes need it, §5.3).
    pub birth: Option<Birth>,
    /// Club name.
    pub club: String,
    /// Federation code, e.g. `GER`.
    pub federation: String,
    /// FIDE ID.
    pub fide_id: Option<u64>,
    /// DSB membership.
    pub dsb: Option<DsbId>,
    /// FIDE rating.
    pub elo: Option<u16>,
    /// German national rating.
    pub dwz: Option<u16>,
    /// Number of DWZ evaluations so far (the DWZ index).
    pub dwz_index: Option<u16>,
    /// The rating list the DWZ was taken from (e.g. `DSB spieler.csv v2: spieler.csv`);
    /// `None` for a DWZ typed by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dwz_list: Option<String>,
    /// The rating list the Elo was taken from (e.g. `FIDE TXT: standard_nov26frl.txt`);
    /// `None` for an Elo typed by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elo_list: Option<String>,
    /// FIDE title, e.g. `FM`, `WCM`.
    pub title: Option<String>,
}

impl Player {
    /// A player with a name and nothing else known.
    pub fn new(id: PlayerId, last_name: &str, first_name: &str) -> Player {
        Player {
            id,
            last_name: last_name.to_string(),
            first_name: first_name.to_string(),
            sex: None,
            birth: None,
            club: String::new(),
            federation: String::new(),
            fide_id: None,
            dsb: None,
            elo: None,
            dwz: None,
            dwz_index: None,
            dwz_list: None,
            elo_list: None,
            title: None,
        }
    }

    /// `Last, First` (TRF and rating-list order); only the family name if no given name.
    pub fn name(&self) -> String {
        if self.first_name.is_empty() {
            self.last_name.clone()
        } else {
            format!("{}, {}", self.last_name, self.first_name)
        }
    }
}

/// A player's registration in a section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The player.
    pub player: Player,
    /// The class the player is entered in (rankings per class, §6.3).
    pub class: Class,
    /// First round the player is paired in (1 unless a late entry). Earlier rounds count as
    /// zero-point byes unless `requested_byes` says otherwise.
    pub first_round: u32,
    /// Withdrawn after this round: not paired in later rounds, which count as zero-point byes.
    pub withdrawn_after: Option<u32>,
    /// Byes requested in advance, by round.
    pub requested_byes: BTreeMap<u32, ByeKind>,
    /// Admitted by the arbiter over a refusal, with the reason ([`crate::eligibility::admit`]);
    /// shown on the player card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admitted_over: Option<Override>,
    /// Checked in before round 1 (counts only when the section asks for check-in,
    /// [`crate::checkin`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub checked_in: bool,
}

impl Entry {
    /// An active entry from round 1.
    pub fn new(player: Player, class: Class) -> Entry {
        Entry {
            player,
            class,
            first_round: 1,
            withdrawn_after: None,
            requested_byes: BTreeMap::new(),
            admitted_over: None,
            checked_in: false,
        }
    }

    /// The player's id.
    pub fn id(&self) -> PlayerId {
        self.player.id
    }

    /// Whether the player is to be paired in `round`: entered by then, not withdrawn and no
    /// bye requested.
    pub fn plays_in(&self, round: u32) -> bool {
        round >= self.first_round
            && self.withdrawn_after.is_none_or(|w| round <= w)
            && !self.requested_byes.contains_key(&round)
    }

    /// The bye recorded when the player is not paired in `round`: the requested one, else a
    /// zero-point bye (absence before entry or after withdrawal).
    pub fn unpaired_bye(&self, round: u32) -> ByeKind {
        self.requested_byes
            .get(&round)
            .copied()
            .unwrap_or(ByeKind::Zero)
    }
}
