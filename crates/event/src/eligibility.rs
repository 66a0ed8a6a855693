//! Admission of a registration: the age class with the event's cut-off day (SJRP Spielordnung
//! §5.3), girls' classes (§1.7-1.11), the class belonging to the section (§6.3), the event's
//! admission list (§7.1-7.6: qualified and nominated players; §8.1-8.3 for U10/U12) and
//! registrations that look like the same person. A refused entry may still be admitted by the
//! arbiter with a reason ([`Override`](crate::admission::Override)); the reason and what it
//! overrode stay on the entry ([`Entry::admitted_over`]) for the audit and the player card. The
//! issues themselves, each with its paragraph, are in [`crate::admission`].
//!
//! ```
//! use event::date::{Birth, Date};
//! use event::eligibility::{admit, Refused};
//! use event::person::PlayerId;
//! use event::player::{Entry, Player};
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

use serde::Serialize;

use crate::admission::{EntryIssue, Override};
use crate::event::Event;
use crate::person::PlayerId;
use crate::player::Entry;
use crate::section::Section;
use crate::validate::{self, Field, Invalid};

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
    if let Some(list) = &event.admission {
        issues.extend(list.issues(entry, event.entry_deadline));
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
    entry: Entry,
    over: Option<&str>,
) -> Result<Entry, Refused> {
    admit_with(event, section, entry, over, Vec::new())
}

/// As [`admit`], with `more` issues found outside the event (a ban of the board's register,
/// [`crate::board::Register::ban_on`]).
pub fn admit_with(
    event: &Event,
    section: &Section,
    mut entry: Entry,
    over: Option<&str>,
    more: Vec<EntryIssue>,
) -> Result<Entry, Refused> {
    let mut issues = issues(event, section, &entry);
    issues.extend(more);
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
