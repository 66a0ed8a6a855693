//! Events: name, venue, dates and sections, and the checks of registrations.

use std::collections::BTreeMap;
use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::age::{AgeConvention, Class, Ineligible};
use crate::date::{Birth, Date, Zone};
use crate::eligibility::{self, AdmissionList};
use crate::player::{Entry, Player, PlayerId};
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
    /// The time zone of the venue: moments (a round's publication) are read and shown in its
    /// local time.
    #[serde(default)]
    pub zone: Zone,
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
            zone: Zone::default(),
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

/// What two registrations have in common that makes them look like one person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DuplicateBy {
    /// The same internal id.
    Id,
    /// The same FIDE id.
    FideId,
    /// The same DSB club and member number.
    DsbId,
    /// The same name (ignoring case and spacing) and birth year (DSB lists give the year only).
    NameAndBirth,
}

/// A problem with a registration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EntryIssue {
    /// The player may not play in the class entered (Spielordnung §1, §5.3).
    Ineligible(Ineligible),
    /// The class entered is not one of the section's classes.
    ClassNotInSection(Class),
    /// Another registration in the event looks like the same person.
    Duplicate {
        /// The other registration's player.
        other: PlayerId,
        /// The section of the other registration.
        section: String,
        /// What they share.
        by: DuplicateBy,
    },
    /// The event has an admission list and the player holds no place on it for this class
    /// (SJRP §7.2, §8.1).
    NotOnAdmissionList(Class),
}

impl EntryIssue {
    /// The provision behind the issue; `None` for a duplicate, which is a data check.
    pub fn article(&self) -> Option<Article> {
        match self {
            EntryIssue::Ineligible(i) => Some(i.article()),
            EntryIssue::ClassNotInSection(_) => Some(CLASSES_OF_SECTION),
            EntryIssue::Duplicate { .. } => None,
            EntryIssue::NotOnAdmissionList(c) => Some(eligibility::admission_article(*c)),
        }
    }

    /// Whether the arbiter may admit the entry over this issue with a reason: not a class the
    /// section does not play, nor the same registration twice (same internal id).
    pub fn overridable(&self) -> bool {
        !matches!(
            self,
            EntryIssue::ClassNotInSection(_)
                | EntryIssue::Duplicate {
                    by: DuplicateBy::Id,
                    ..
                }
        )
    }

    /// The issue in German (the English text is [`fmt::Display`]).
    pub fn german(&self) -> String {
        match self {
            EntryIssue::Ineligible(i) => format!("nicht spielberechtigt: {}", i.german()),
            EntryIssue::ClassNotInSection(c) => {
                format!("Klasse {c} spielt nicht in dieser Gruppe ({CLASSES_OF_SECTION})")
            }
            EntryIssue::NotOnAdmissionList(c) => format!(
                "nicht auf der Liste der Teilnahmeberechtigten für {c} ({})",
                eligibility::admission_article(*c)
            ),
            EntryIssue::Duplicate { other, section, by } => {
                let what = match by {
                    DuplicateBy::Id => "dieselbe Nummer",
                    DuplicateBy::FideId => "dieselbe FIDE-ID",
                    DuplicateBy::DsbId => "dieselbe DSB-Mitgliedschaft",
                    DuplicateBy::NameAndBirth => "denselben Namen und dasselbe Geburtsjahr",
                };
                format!("Spieler {other} in {section} hat {what}")
            }
        }
    }
}

impl fmt::Display for EntryIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryIssue::Ineligible(i) => write!(f, "not eligible: {i}"),
            EntryIssue::ClassNotInSection(c) => {
                write!(
                    f,
                    "class {c} does not play in this section ({CLASSES_OF_SECTION})"
                )
            }
            EntryIssue::NotOnAdmissionList(c) => write!(
                f,
                "not on the event's admission list for {c} ({})",
                eligibility::admission_article(*c)
            ),
            EntryIssue::Duplicate { other, section, by } => {
                let what = match by {
                    DuplicateBy::Id => "the same id",
                    DuplicateBy::FideId => "the same FIDE id",
                    DuplicateBy::DsbId => "the same DSB membership",
                    DuplicateBy::NameAndBirth => "the same name and birth year",
                };
                write!(f, "player {other} in {section} has {what}")
            }
        }
    }
}

/// Classes of one section (SJRP §6.3: groups or age classes may play together).
pub const CLASSES_OF_SECTION: Article = Article::new("SJRP §6.3");

/// A name reduced for comparison: lower case, single spaces.
pub(crate) fn name_key(p: &Player) -> String {
    p.name()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
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
                let by = if q.id == p.id {
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
                };
                if let Some(by) = by {
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
