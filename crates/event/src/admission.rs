//! What may keep a registration out of a section, each issue with its paragraph: the age class
//! with the cut-off day and girls' classes (SJRP Spielordnung §1, §5.3), the section's classes
//! (§6.3), the event's admission list (§7.2, §8.1) and registrations that look like the same
//! person; and the arbiter's [`Override`] of a refusal, kept on the entry. The checks that find
//! the issues are [`crate::Event::check_entry`] and [`crate::eligibility`].
//!
//! ```
//! use event::admission::{CLASSES_OF_SECTION, admission_article};
//! use event::EntryIssue;
//!
//! let u10 = "U10".parse()?;
//! assert_eq!(admission_article(u10).as_str(), "SJRP §8.1");
//! assert_eq!(EntryIssue::ClassNotInSection(u10).article(), Some(CLASSES_OF_SECTION));
//! assert!(!EntryIssue::ClassNotInSection(u10).overridable());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::age::{AgeClass, Class, Ineligible};
use crate::date::Date;
use crate::person::PlayerId;

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

/// Substitutes (Nachrücker) for the championships U14-U18 (§7.6).
pub const SUBSTITUTES: Article = Article::new("SJRP §7.6");
/// Free and substitute places for U10 and U12 (§8.3).
pub const SUBSTITUTES_YOUNGER: Article = Article::new("SJRP §8.3");
/// The announcement's entry deadline ("Anmeldeschluss").
pub const ENTRY_DEADLINE: Article = Article::new("Ausschreibung, Anmeldeschluss");
/// The announcement: "Die Anmeldung wird erst wirksam durch Überweisung des Kostenbeitrags".
pub const ENTRY_FEE: Article = Article::new("Ausschreibung, Anmeldung");

/// The provision of substitutes for `class` (any class: §7.6).
pub fn substitute_article(class: Option<Class>) -> Article {
    match class.map(|c| c.age) {
        Some(AgeClass::U8 | AgeClass::U10 | AgeClass::U12) => SUBSTITUTES_YOUNGER,
        _ => SUBSTITUTES,
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
    /// The player withdrew the entry (abgesagt); the place may have gone to a substitute.
    Withdrawn(Class),
    /// A substitute (Nachrücker) not called up (§7.6, §8.3).
    SubstituteWaiting(Class),
    /// Entered after the entry deadline of the announcement.
    AfterDeadline(Date),
    /// The fee is not paid: the entry is not yet effective (announcement).
    FeeUnpaid(Class),
    /// Banned from every SJRP event by the board until this day (§20.2); the player, or the
    /// player's club.
    Banned {
        /// Who is banned (the player's name or the club's).
        who: String,
        /// The last day of the ban.
        until: Date,
    },
}

impl EntryIssue {
    /// The provision behind the issue; `None` for a duplicate, which is a data check.
    pub fn article(&self) -> Option<Article> {
        match self {
            EntryIssue::Ineligible(i) => Some(i.article()),
            EntryIssue::ClassNotInSection(_) => Some(CLASSES_OF_SECTION),
            EntryIssue::Duplicate { .. } => None,
            EntryIssue::NotOnAdmissionList(c) | EntryIssue::Withdrawn(c) => {
                Some(admission_article(*c))
            }
            EntryIssue::SubstituteWaiting(c) => Some(substitute_article(Some(*c))),
            EntryIssue::AfterDeadline(_) => Some(ENTRY_DEADLINE),
            EntryIssue::FeeUnpaid(_) => Some(ENTRY_FEE),
            EntryIssue::Banned { .. } => Some(crate::board::BOARD_SANCTIONS),
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
                admission_article(*c)
            ),
            EntryIssue::Withdrawn(c) => format!(
                "hat die Teilnahme in {c} abgesagt ({})",
                admission_article(*c)
            ),
            EntryIssue::SubstituteWaiting(c) => format!(
                "Nachrücker für {c}, noch nicht abgerufen ({})",
                substitute_article(Some(*c))
            ),
            EntryIssue::AfterDeadline(d) => format!(
                "nach dem Anmeldeschluss {} angemeldet ({ENTRY_DEADLINE})",
                d.german()
            ),
            EntryIssue::FeeUnpaid(c) => format!(
                "Kostenbeitrag für {c} nicht bezahlt, die Anmeldung ist noch nicht wirksam ({ENTRY_FEE})"
            ),
            EntryIssue::Banned { who, until } => format!(
                "{who} ist vom Vorstand bis {} für sämtliche Veranstaltungen der SJRP gesperrt ({})",
                until.german(),
                crate::board::BOARD_SANCTIONS
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
                admission_article(*c)
            ),
            EntryIssue::Withdrawn(c) => {
                write!(f, "withdrew the entry for {c} ({})", admission_article(*c))
            }
            EntryIssue::SubstituteWaiting(c) => write!(
                f,
                "substitute for {c}, not called up ({})",
                substitute_article(Some(*c))
            ),
            EntryIssue::AfterDeadline(d) => {
                write!(f, "entered after the entry deadline {d} ({ENTRY_DEADLINE})")
            }
            EntryIssue::FeeUnpaid(c) => write!(
                f,
                "fee for {c} not paid, the entry is not yet effective ({ENTRY_FEE})"
            ),
            EntryIssue::Banned { who, until } => write!(
                f,
                "{who} is banned from every SJRP event by the board until {until} ({})",
                crate::board::BOARD_SANCTIONS
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

/// The arbiter's decision to admit a refused entry: the reason given and the issues it
/// overrode, kept on the entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Override {
    /// Why the entry was admitted (one line, at most [`crate::validate::MAX_TEXT`] characters).
    pub reason: String,
    /// What the entry was refused for.
    pub issues: Vec<EntryIssue>,
}
