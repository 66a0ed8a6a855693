//! Admission of a registration: the age class with the event's cut-off day (SJRP Spielordnung
//! §5.3), girls' classes (§1.7-1.11), the class belonging to the section (§6.3), the event's
//! admission list (§7.1-7.6: qualified and nominated players; §8.1-8.3 for U10/U12) and
//! registrations that look like the same person. A refused entry may still be admitted by the
//! arbiter with a reason ([`Override`]); the reason and what it overrode stay on the entry
//! ([`Entry::admitted_over`]) for the audit and the player card.
//!
//! ```
//! use event::date::{Birth, Date};
//! use event::eligibility::{admit, Refused};
//! use event::player::{Entry, Player, PlayerId};
//! use event::{EntryIssue, Event, Section};
//!
//! let day = Date::new(2026, 4, 7).unwrap();
//! let mut event = Event::new("SJRP", "Pirmasens", day, day);
//! event.sections.push(Section::new("U14", vec!["U14".parse()?]));
//! let mut p = Player::new(PlayerId(1), "Quast", "Ida");
//! p.birth = Some(Birth::Year(2009)); // U14 in 2026: born 2012 or later (§5.3)
//! let entry = Entry::new(p, "U14".parse()?);
//! let section = &event.sections[0];
//! let refused: Refused = admit(&event, section, entry.clone(), None).unwrap_err();
//! assert_eq!(refused.issues[0].article().unwrap().as_str(), "SJRP §5.3");
//! assert!(refused.german().contains("U14"));
//! let admitted = admit(&event, section, entry, Some("Freiplatz §7.3")).unwrap();
//! assert_eq!(admitted.admitted_over.unwrap().reason, "Freiplatz §7.3");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::age::{AgeClass, Class};
use crate::event::{EntryIssue, Event, name_key};
use crate::player::{DsbId, Entry, Player, PlayerId};
use crate::section::Section;
use crate::validate::{self, Field, Invalid};

/// Qualification for the championships U14-U18 and U14w-U18w (§7.2, places §7.3-7.6).
pub const ADMISSION_LIST: Article = Article::new("SJRP §7.2");
/// Players reported for the championships U10, U12, U10w, U12w (§8.1, places §8.2-8.3).
pub const ADMISSION_LIST_YOUNGER: Article = Article::new("SJRP §8.1");

/// The provision of the admission list for `class`: §8.1 for U10 and U12, else §7.2.
pub fn admission_article(class: Class) -> Article {
    match class.age {
        AgeClass::U10 | AgeClass::U12 => ADMISSION_LIST_YOUNGER,
        _ => ADMISSION_LIST,
    }
}

/// One player on the admission list: a name, and what identifies the person when the list
/// has it. The name and birth year identify a person when no DSB membership or FIDE id is
/// listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Admitted {
    /// Family name.
    pub last_name: String,
    /// Given name.
    pub first_name: String,
    /// Birth year, if the list gives it.
    pub birth_year: Option<u16>,
    /// DSB membership, if the list gives it.
    pub dsb: Option<DsbId>,
    /// FIDE id, if the list gives it.
    pub fide_id: Option<u64>,
    /// The class the place is for; `None`: any class of the event.
    pub class: Option<Class>,
}

impl Admitted {
    /// Whether `entry` is this place: the same DSB membership or FIDE id when both are known,
    /// otherwise the same name (ignoring case and spacing) and, if listed, birth year; and the
    /// class of the place, if it names one.
    pub fn matches(&self, entry: &Entry) -> bool {
        let p = &entry.player;
        if self.class.is_some_and(|c| c != entry.class) {
            return false;
        }
        if let (Some(a), Some(b)) = (&self.dsb, &p.dsb) {
            return a == b;
        }
        if let (Some(a), Some(b)) = (self.fide_id, p.fide_id) {
            return a == b;
        }
        let listed = Player::new(p.id, &self.last_name, &self.first_name);
        name_key(&listed) == name_key(p)
            && self
                .birth_year
                .is_none_or(|y| p.birth.is_some_and(|b| b.year() == y))
    }
}

/// The event's admission list (Teilnahmeberechtigte: "qualifizierte und nominierte Kinder und
/// Jugendliche", §7.1-7.6, §8.1-8.3). An event without one admits everyone.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AdmissionList {
    /// The players admitted.
    pub players: Vec<Admitted>,
}

impl AdmissionList {
    /// Whether `entry` holds a place on the list.
    pub fn admits(&self, entry: &Entry) -> bool {
        self.players.iter().any(|a| a.matches(entry))
    }
}

/// The arbiter's decision to admit a refused entry: the reason given and the issues it
/// overrode, kept on the entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Override {
    /// Why the entry was admitted (one line, at most [`validate::MAX_TEXT`] characters).
    pub reason: String,
    /// What the entry was refused for.
    pub issues: Vec<EntryIssue>,
}

/// An entry that may not be registered as it is: its issues, each with its paragraph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Refused {
    /// The issues, in the order of [`issues`].
    pub issues: Vec<EntryIssue>,
    /// The override reason was missing, blank or too long; `None` when none was given.
    pub reason: Option<Invalid>,
}

impl Refused {
    /// Whether an override with a reason admits the entry: not for a class outside the
    /// section or the same registration twice.
    pub fn overridable(&self) -> bool {
        self.issues.iter().all(EntryIssue::overridable)
    }

    /// The refusal in German, one issue after the other.
    pub fn german(&self) -> String {
        let mut texts: Vec<String> = self.issues.iter().map(EntryIssue::german).collect();
        if let Some(r) = &self.reason {
            texts.push(r.german());
        }
        texts.join("; ")
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut texts: Vec<String> = self.issues.iter().map(ToString::to_string).collect();
        if let Some(r) = &self.reason {
            texts.push(r.to_string());
        }
        f.write_str(&texts.join("; "))
    }
}

impl std::error::Error for Refused {}

/// Every issue of `entry` if it were registered in `section` of `event`:
/// [`Event::check_entry`] (age class with the cut-off day, girls' class, class of the section,
/// registrations that look like the same person) and, if the event has one, the admission
/// list. An empty list means the entry can be registered as it is. An entry whose id is
/// registered already is an edit of that registration and is not compared with it.
pub fn issues(event: &Event, section: &Section, entry: &Entry) -> Vec<EntryIssue> {
    let registered = event
        .sections
        .iter()
        .any(|s| s.entries.iter().any(|e| e.id() == entry.id()));
    let mut issues = if registered {
        let mut others = event.clone();
        for s in &mut others.sections {
            s.entries.retain(|e| e.id() != entry.id());
        }
        others.check_entry(section, entry)
    } else {
        event.check_entry(section, entry)
    };
    if let Some(list) = &event.admission
        && !list.admits(entry)
    {
        issues.push(EntryIssue::NotOnAdmissionList(entry.class));
    }
    issues
}

/// Admits `entry` to `section` of `event` (a new registration, or an edit of the one with
/// its id), or refuses it with its [`issues`]. With `over` (the arbiter's reason) an entry
/// refused only for overridable issues is admitted and carries the reason and the issues in
/// [`Entry::admitted_over`]; a blank or overlong reason is refused. An edit keeps its earlier
/// override without a new reason as long as it has no issue the override did not cover. An
/// entry without issues is admitted without override.
pub fn admit(
    event: &Event,
    section: &Section,
    mut entry: Entry,
    over: Option<&str>,
) -> Result<Entry, Refused> {
    let issues = issues(event, section, &entry);
    let earlier = entry.admitted_over.take();
    if issues.is_empty() {
        return Ok(entry);
    }
    if over.is_none()
        && let Some(earlier) = earlier
        && issues.iter().all(|i| earlier.issues.contains(i))
    {
        entry.admitted_over = Some(earlier);
        return Ok(entry);
    }
    let refused = |reason| Refused {
        issues: issues.clone(),
        reason,
    };
    let Some(reason) = over else {
        return Err(refused(None));
    };
    let reason = reason.trim();
    validate::required(Field::OverrideReason, reason, validate::MAX_TEXT)
        .map_err(|e| refused(Some(e)))?;
    if !issues.iter().all(EntryIssue::overridable) {
        return Err(refused(None));
    }
    entry.admitted_over = Some(Override {
        reason: reason.to_string(),
        issues,
    });
    Ok(entry)
}

/// Which of `entries` (e.g. the rows of an uploaded list, in order) to pre-select for
/// `section`: those without issues, each checked against the event and the rows selected
/// before it, so that of two copies of one person only the first is selected. The rows'
/// own ids are not compared (new rows have none yet).
pub fn preselect(event: &Event, section: &Section, entries: &[Entry]) -> Vec<bool> {
    let Some(at) = event.sections.iter().position(|s| s.name == section.name) else {
        return vec![false; entries.len()];
    };
    let mut event = event.clone();
    let registered = event.sections.iter().flat_map(|s| &s.entries);
    let mut fresh = registered.map(|e| e.id().0).max().unwrap_or(0);
    entries
        .iter()
        .map(|e| {
            let mut row = e.clone();
            fresh = fresh.saturating_add(1);
            row.player.id = PlayerId(fresh);
            let ok = issues(&event, &event.sections[at], &row).is_empty();
            if ok {
                event.sections[at].entries.push(row);
            }
            ok
        })
        .collect()
}
