//! What the public sees of a section: the published rounds only, birth dates cut to the year
//! (or left out, an event setting), and no DSB memberships. Arbiters see everything; every
//! public page, API answer and export of the service goes through [`Section::public_view`].
//!
//! ```
//! use event::date::{Birth, Date};
//! use event::public::PublicBirth;
//!
//! let born = Date::new(2014, 5, 31).map(Birth::Date);
//! assert_eq!(PublicBirth::Year.shown(born), "2014");
//! assert_eq!(PublicBirth::Year.trf(born), "2014/00/00");
//! assert_eq!(PublicBirth::Year.shown(Some(Birth::Year(2014))), "2014");
//! assert_eq!(PublicBirth::Hidden.shown(born), "");
//! ```

use serde::{Deserialize, Serialize};

use crate::date::Birth;
use crate::round::Round;
use crate::section::Section;

/// How much of a player's birth date the public sees (an event setting; minors' full birth
/// dates are personal data).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PublicBirth {
    /// The birth year only (default).
    #[default]
    Year,
    /// Nothing.
    #[serde(rename = "none")]
    Hidden,
}

impl PublicBirth {
    /// The setting's code: `year` or `none`.
    pub fn code(self) -> &'static str {
        match self {
            PublicBirth::Year => "year",
            PublicBirth::Hidden => "none",
        }
    }

    /// The setting of a code (`year`, `none`).
    pub fn from_code(code: &str) -> Option<PublicBirth> {
        match code {
            "year" => Some(PublicBirth::Year),
            "none" => Some(PublicBirth::Hidden),
            _ => None,
        }
    }

    /// A birth date as the public sees it: the year (`2014`) or nothing.
    pub fn shown(self, birth: Option<Birth>) -> String {
        match (self, birth) {
            (PublicBirth::Year, Some(d)) => format!("{:04}", d.year()),
            _ => String::new(),
        }
    }

    /// A birth date as the public's TRF birth field: the year with month and day `00`
    /// (`2014/00/00`), or empty.
    pub fn trf(self, birth: Option<Birth>) -> String {
        match (self, birth) {
            (PublicBirth::Year, Some(d)) => format!("{:04}/00/00", d.year()),
            _ => String::new(),
        }
    }
}

impl Section {
    /// The section restricted to its published rounds (an unpublished preview is left out).
    pub fn published(&self) -> Section {
        let mut s = self.clone();
        s.played.retain(Round::is_published);
        let last = s.played.last().map_or(0, |r| r.number);
        s.integrity.retain(|n| n.round <= last);
        s
    }

    /// The section as the public sees it: [`Section::published`] without birth dates and DSB
    /// memberships (outputs that show a birth year take it from the full section through
    /// [`PublicBirth`]).
    pub fn public_view(&self) -> Section {
        let mut s = self.published();
        for e in &mut s.entries {
            e.player.birth = None;
            e.player.dsb = None;
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::{Date, DateTime};
    use crate::demo;
    use crate::person::DsbId;

    #[test]
    fn public_view_drops_the_preview_and_personal_data() {
        let today = Date::new(2026, 4, 11).unwrap();
        let ev = demo::championship(today);
        let mut s = ev.section("U12").unwrap().clone();
        s.entries[0].player.dsb = Some(DsbId {
            zps: "G0101".into(),
            member: 7,
        });
        s.entries[0].player.birth = Date::new(2014, 5, 31).map(Birth::Date);
        let last = s.played.len() - 1;
        s.played[last].published = None;
        let public = s.public_view();
        assert_eq!(public.played.len(), last);
        assert!(public.entries.iter().all(|e| e.player.birth.is_none()));
        assert!(public.entries.iter().all(|e| e.player.dsb.is_none()));
        s.played[last].published = Some(DateTime {
            date: today,
            time: crate::date::Time::new(9, 0).unwrap(),
        });
        assert_eq!(s.public_view().played.len(), last + 1);
    }

    #[test]
    fn setting_codes_read_back() {
        for b in [PublicBirth::Year, PublicBirth::Hidden] {
            assert_eq!(PublicBirth::from_code(b.code()), Some(b));
        }
        assert_eq!(PublicBirth::from_code("full"), None);
    }
}
