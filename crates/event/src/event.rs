//! Events: name, venue, dates, sections and admission list, and the checks of registrations.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::admission::{DuplicateBy, EntryIssue};
use crate::age::AgeConvention;
use crate::date::{Birth, Date, Zone};
use crate::entries::{AdmissionList, name_key};
use crate::person::PlayerId;
use crate::player::{Entry, Player};
use crate::proceedings::Proceedings;
use crate::public::PublicBirth;
use crate::section::Section;

/// A tournament event with its sections (e.g. one championship with its age classes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Name.
    pub name: String,
    /// Venue (town and place).
    pub venue: String,
    /// First day.
    pub start: Date,
    /// Last day.
    pub end: Date,
    /// Cut-off convention for the age classes (SJRP §5.3).
    pub age_convention: AgeConvention,
    /// How much of a birth date the public sees (see [`crate::public`]).
    #[serde(default)]
    pub public_birth: PublicBirth,
    /// Who may be admitted (SJRP §7.1-7.6, §8.1-8.3); `None`: everyone
    /// ([`crate::eligibility`]).
    #[serde(default)]
    pub admission: Option<AdmissionList>,
    /// The announcement's entry deadline (Anmeldeschluss): places entered later are refused
    /// unless the director admits them ([`crate::entries`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_deadline: Option<Date>,
    /// The time zone of the venue: moments (a round's publication) are read and shown in its
    /// local time.
    #[serde(default)]
    pub zone: Zone,
    /// The region in the champions' titles (SJRP §7.8: `Rheinland-Pfalz` gives
    /// "Rheinland-Pfalz-Meister U18 2026"); empty: "Meister U18 2026".
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title_region: String,
    /// Tribunals, protests and sanctions (SJRP §5.5-§5.8, §20, §21).
    #[serde(default, skip_serializing_if = "Proceedings::is_empty")]
    pub proceedings: Proceedings,
    /// The sections.
    pub sections: Vec<Section>,
}

impl Event {
    /// An event without sections, with the default age convention.
    pub fn new(name: &str, venue: &str, start: Date, end: Date) -> Event {
        Event {
            name: name.to_string(),
            venue: venue.to_string(),
            start,
            end,
            age_convention: AgeConvention::default(),
            public_birth: PublicBirth::default(),
            admission: None,
            entry_deadline: None,
            proceedings: Proceedings::default(),
            zone: Zone::default(),
            title_region: String::new(),
            sections: Vec::new(),
        }
    }

    /// The season the age classes refer to: the year of the start date.
    pub fn season(&self) -> u16 {
        self.start.year()
    }

    /// The section named `name`.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The section named `name`, mutable.
    pub fn section_mut(&mut self, name: &str) -> Option<&mut Section> {
        self.sections.iter_mut().find(|s| s.name == name)
    }
}

/// Whether two registrations look like the same person, and by what: the same id, FIDE id,
/// DSB membership, or name ([`name_key`]) and birth year (DSB lists give the year only).
pub fn same_person(p: &Player, q: &Player) -> Option<DuplicateBy> {
    if q.id == p.id {
        Some(DuplicateBy::Id)
    } else if p.fide_id.is_some() && q.fide_id == p.fide_id {
        Some(DuplicateBy::FideId)
    } else if p.dsb.is_some() && q.dsb == p.dsb {
        Some(DuplicateBy::DsbId)
    } else if p.birth.is_some()
        && q.birth.map(Birth::year) == p.birth.map(Birth::year)
        && name_key(q) == name_key(p)
    {
        Some(DuplicateBy::NameAndBirth)
    } else {
        None
    }
}

impl Event {
    /// The issues of `entry` if it were registered in section `section`: eligibility for its
    /// class in this season, the class belonging to the section, and registrations of the
    /// event that look like the same person (same id, FIDE id, DSB membership, or name and
    /// birth year). An entry already registered is not compared with itself.
    pub fn check_entry(&self, section: &Section, entry: &Entry) -> Vec<EntryIssue> {
        let mut issues = Vec::new();
        let p = &entry.player;
        if let Err(i) = entry
            .class
            .admits(p.birth, p.sex, self.season(), self.age_convention)
        {
            issues.push(EntryIssue::Ineligible(i));
        }
        if !section.classes.contains(&entry.class) {
            issues.push(EntryIssue::ClassNotInSection(entry.class));
        }
        for s in &self.sections {
            for other in &s.entries {
                if std::ptr::eq(other, entry) {
                    continue;
                }
                let q = &other.player;
                if let Some(by) = same_person(p, q) {
                    issues.push(EntryIssue::Duplicate {
                        other: q.id,
                        section: s.name.clone(),
                        by,
                    });
                }
            }
        }
        issues
    }

    /// Every registration's issues ([`Event::check_entry`]), by section name and player; a
    /// duplicate pair is reported on both registrations.
    pub fn check_entries(&self) -> Vec<(String, PlayerId, EntryIssue)> {
        let mut by_key: BTreeMap<(DuplicateBy, String), Vec<(usize, usize)>> = BTreeMap::new();
        for (si, s) in self.sections.iter().enumerate() {
            for (ei, e) in s.entries.iter().enumerate() {
                let p = &e.player;
                let mut keys = vec![(DuplicateBy::Id, p.id.to_string())];
                if let Some(f) = p.fide_id {
                    keys.push((DuplicateBy::FideId, f.to_string()));
                }
                if let Some(d) = &p.dsb {
                    keys.push((DuplicateBy::DsbId, d.to_string()));
                }
                if let Some(b) = p.birth {
                    let year = b.year();
                    keys.push((DuplicateBy::NameAndBirth, format!("{}|{year}", name_key(p))));
                }
                for k in keys {
                    by_key.entry(k).or_default().push((si, ei));
                }
            }
        }
        let mut out = Vec::new();
        for s in &self.sections {
            for e in &s.entries {
                let p = &e.player;
                if let Err(i) = e
                    .class
                    .admits(p.birth, p.sex, self.season(), self.age_convention)
                {
                    out.push((s.name.clone(), p.id, EntryIssue::Ineligible(i)));
                }
                if !s.classes.contains(&e.class) {
                    out.push((s.name.clone(), p.id, EntryIssue::ClassNotInSection(e.class)));
                }
            }
        }
        for ((by, _), members) in by_key.iter().filter(|(_, v)| v.len() > 1) {
            for &(si, ei) in members {
                for &(sj, ej) in members {
                    if (si, ei) == (sj, ej) {
                        continue;
                    }
                    let me = &self.sections[si].entries[ei].player;
                    let other = &self.sections[sj];
                    out.push((
                        self.sections[si].name.clone(),
                        me.id,
                        EntryIssue::Duplicate {
                            other: other.entries[ej].player.id,
                            section: other.name.clone(),
                            by: *by,
                        },
                    ));
                }
            }
        }
        out
    }
}
