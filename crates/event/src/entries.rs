//! Entries to a championship (Anmeldung, SJRP Spielordnung §7.2-§7.6, §8.1-§8.3 and the
//! announcement): the admission list with the basis of every place (qualified, nominated, free
//! place, substitute), the day of entry against the entry deadline, the fee and whether it is
//! paid, withdrawals, and substitutes (Nachrücker) called up into places given back.
//!
//! Calling up a substitute is the director's decision (§7.6 "kann ... nominieren"): the list
//! proposes the first one waiting for the class ([`AdmissionList::next_substitute`]) and
//! records the call-up; it never calls one up by itself.
//!
//! ```
//! use event::date::Date;
//! use event::entries::{AdmissionList, Admitted, Basis, Status};
//!
//! let day = |d| Date::new(2026, 2, d).unwrap();
//! let mut nominated = Admitted::new("Quast", "Ida");
//! nominated.class = Some("U14w".parse()?);
//! let mut waiting = Admitted::new("Kern", "Mia");
//! waiting.class = nominated.class;
//! waiting.basis = Basis::Substitute { rank: 1 };
//! let mut list = AdmissionList { players: vec![nominated, waiting] };
//! assert!(list.call_up(1, day(3)).is_err()); // no place given back yet
//! let proposed = list.withdraw(0, day(2))?;
//! assert_eq!(proposed, Some(1));
//! list.call_up(1, day(3))?;
//! assert_eq!(list.players[1].status(), Status::CalledUp(day(3)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::admission::{ADMISSION_LIST, EntryIssue, admission_article, substitute_article};
use crate::age::{AgeClass, Class};
use crate::date::Date;
use crate::person::DsbId;
use crate::player::{Entry, Player};

/// SJRP §7.3: free places (Freiplätze) given by the SJRP for U14-U18.
pub const FREE_PLACE: Article = Article::new("SJRP §7.3");
/// SJRP §8.2: the organiser's two free places in U10 and U12 (further ones §8.3).
pub const FREE_PLACE_YOUNGER: Article = Article::new("SJRP §8.2");

/// Why a player holds a place on the admission list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// Qualified: regional winner or reigning champion (§7.2, §8.1).
    Qualified,
    /// Nominated by the board or reported by the regional federation (§7.2, §8.1).
    #[default]
    Nominated,
    /// A free place (§7.3, §8.2, §8.3).
    FreePlace,
    /// A substitute (Nachrücker) waiting to be called up; `rank` orders the waiting list of a
    /// class (§7.6, §8.3).
    Substitute {
        /// Position on the waiting list (1 = first).
        rank: u16,
    },
}

impl Basis {
    /// The waiting-list position (`u16::MAX` for a place that is not a substitute's).
    pub fn rank(self) -> u16 {
        match self {
            Basis::Substitute { rank } => rank,
            _ => u16::MAX,
        }
    }

    /// The paragraph giving a place on this basis in `class`.
    pub fn article(self, class: Option<Class>) -> Article {
        let younger = class.is_some_and(|c| matches!(c.age, AgeClass::U10 | AgeClass::U12));
        match self {
            Basis::Qualified | Basis::Nominated => class.map_or(ADMISSION_LIST, admission_article),
            Basis::FreePlace if younger => FREE_PLACE_YOUNGER,
            Basis::FreePlace => FREE_PLACE,
            Basis::Substitute { .. } => substitute_article(class),
        }
    }

    /// The basis in German, as the list is written (`Nachrücker 2`).
    pub fn german(self) -> String {
        match self {
            Basis::Qualified => "qualifiziert".into(),
            Basis::Nominated => "nominiert".into(),
            Basis::FreePlace => "Freiplatz".into(),
            Basis::Substitute { rank } => format!("Nachrücker {rank}"),
        }
    }
}

impl fmt::Display for Basis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Basis::Qualified => f.write_str("qualified"),
            Basis::Nominated => f.write_str("nominated"),
            Basis::FreePlace => f.write_str("free place"),
            Basis::Substitute { rank } => write!(f, "substitute {rank}"),
        }
    }
}

/// The state of a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// The player holds the place.
    Holding,
    /// A substitute waiting to be called up.
    Waiting,
    /// A substitute called up on that day.
    CalledUp(Date),
    /// The player withdrew on that day.
    Withdrawn(Date),
}

/// A change of the list refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryError {
    /// No place with that index (0-based).
    NoSuchPlace(usize),
    /// The player withdrew already.
    WithdrawnAlready(usize),
    /// The place is not a substitute's still waiting.
    NotWaiting(usize),
    /// No place of the substitute's class was given back (§7.6: substitutes move up for
    /// players who withdrew).
    NoFreePlace(usize),
    /// The fee is recorded as paid already.
    PaidAlready(usize),
}

impl EntryError {
    /// The paragraph behind the refusal, if one.
    pub fn article(self) -> Option<Article> {
        match self {
            EntryError::NotWaiting(_) | EntryError::NoFreePlace(_) => {
                Some(substitute_article(None))
            }
            _ => None,
        }
    }

    /// The refusal in German (the paragraph is [`EntryError::article`]).
    pub fn german(self) -> String {
        match self {
            EntryError::NoSuchPlace(i) => format!("keine Anmeldung Nr. {}", i + 1),
            EntryError::WithdrawnAlready(i) => {
                format!("Anmeldung Nr. {} ist schon abgesagt", i + 1)
            }
            EntryError::NotWaiting(i) => {
                format!("Anmeldung Nr. {} ist kein wartender Nachrücker", i + 1)
            }
            EntryError::NoFreePlace(i) => format!(
                "für Anmeldung Nr. {} ist kein Platz frei: Nachrücker rücken für Absagen nach",
                i + 1
            ),
            EntryError::PaidAlready(i) => format!("Anmeldung Nr. {} ist schon bezahlt", i + 1),
        }
    }
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::NoSuchPlace(i) => write!(f, "no entry no. {}", i + 1),
            EntryError::WithdrawnAlready(i) => {
                write!(f, "entry no. {} has withdrawn already", i + 1)
            }
            EntryError::NotWaiting(i) => {
                write!(f, "entry no. {} is not a substitute waiting", i + 1)
            }
            EntryError::NoFreePlace(i) => write!(
                f,
                "no place free for entry no. {}: substitutes move up for players who withdrew",
                i + 1
            ),
            EntryError::PaidAlready(i) => write!(f, "entry no. {} has paid already", i + 1),
        }
    }
}

impl std::error::Error for EntryError {}

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
    /// Why the player holds the place (SJRP §7.2-§7.6, §8.1-§8.3).
    #[serde(default)]
    pub basis: Basis,
    /// Who qualified or nominated the player: the regional federation (Bezirk) or the board
    /// (§7.2, §8.1); empty when not recorded.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub by: String,
    /// The day of the entry (Anmeldung), if recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered: Option<Date>,
    /// The fee owed in whole euros (entry and accommodation), if the event takes one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fee_euros: Option<u32>,
    /// The day the fee was paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid: Option<Date>,
    /// The day the player withdrew (abgesagt); the place is free for a substitute (§7.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn: Option<Date>,
    /// The day a substitute was called up (abgerufen, §7.6, §8.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub called_up: Option<Date>,
}

impl Admitted {
    /// A nominated place for `last_name, first_name`, nothing else known.
    pub fn new(last_name: &str, first_name: &str) -> Admitted {
        Admitted {
            last_name: last_name.to_owned(),
            first_name: first_name.to_owned(),
            birth_year: None,
            dsb: None,
            fide_id: None,
            class: None,
            basis: Basis::default(),
            by: String::new(),
            entered: None,
            fee_euros: None,
            paid: None,
            withdrawn: None,
            called_up: None,
        }
    }

    /// The state of the place.
    pub fn status(&self) -> Status {
        match (self.withdrawn, self.basis, self.called_up) {
            (Some(on), _, _) => Status::Withdrawn(on),
            (None, Basis::Substitute { .. }, None) => Status::Waiting,
            (None, Basis::Substitute { .. }, Some(on)) => Status::CalledUp(on),
            _ => Status::Holding,
        }
    }

    /// What keeps the holder of this place out of `class` of an event whose entries closed
    /// on `deadline`: a withdrawal, a substitute not called up (§7.6, §8.3), an entry after
    /// the deadline (a called-up substitute entered in time for the waiting list), or an
    /// unpaid fee ("Die Anmeldung wird erst wirksam durch Überweisung des Kostenbeitrags").
    pub fn issues(&self, class: Class, deadline: Option<Date>) -> Vec<EntryIssue> {
        let mut out = Vec::new();
        match self.status() {
            Status::Withdrawn(_) => out.push(EntryIssue::Withdrawn(class)),
            Status::Waiting => out.push(EntryIssue::SubstituteWaiting(class)),
            Status::Holding | Status::CalledUp(_) => {}
        }
        if let (Some(day), Some(deadline)) = (self.entered, deadline)
            && day > deadline
        {
            out.push(EntryIssue::AfterDeadline(deadline));
        }
        if self.fee_euros.is_some_and(|f| f > 0) && self.paid.is_none() {
            out.push(EntryIssue::FeeUnpaid(class));
        }
        out
    }

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
/// Jugendliche", §7.1-7.6, §8.1-8.3) with the entries' state: withdrawals, substitutes waiting
/// and called up, fees paid. An event without one admits everyone.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AdmissionList {
    /// The places, in the order entered.
    pub players: Vec<Admitted>,
}

impl AdmissionList {
    /// The place `entry` holds: the first matching place that is not withdrawn nor a
    /// substitute still waiting, else the first matching place.
    pub fn place_of(&self, entry: &Entry) -> Option<&Admitted> {
        let mut matching = self.players.iter().filter(|a| a.matches(entry));
        let first = matching.clone().next();
        matching
            .find(|a| matches!(a.status(), Status::Holding | Status::CalledUp(_)))
            .or(first)
    }

    /// What keeps `entry` out by this list ([`Admitted::issues`]), or that it holds no place.
    pub fn issues(&self, entry: &Entry, deadline: Option<Date>) -> Vec<EntryIssue> {
        match self.place_of(entry) {
            None => vec![EntryIssue::NotOnAdmissionList(entry.class)],
            Some(place) => place.issues(entry.class, deadline),
        }
    }

    /// The place at `index` (as listed, 0-based).
    fn place_mut(&mut self, index: usize) -> Result<&mut Admitted, EntryError> {
        self.players
            .get_mut(index)
            .ok_or(EntryError::NoSuchPlace(index))
    }

    /// Records that the holder of place `index` withdrew on `on`, and names the substitute the
    /// list proposes for the place ([`AdmissionList::next_substitute`]); whether one is called
    /// up is the director's decision (§7.6 "kann ... nominieren").
    pub fn withdraw(&mut self, index: usize, on: Date) -> Result<Option<usize>, EntryError> {
        let place = self.place_mut(index)?;
        if place.withdrawn.is_some() {
            return Err(EntryError::WithdrawnAlready(index));
        }
        place.withdrawn = Some(on);
        let class = place.class;
        Ok(self.next_substitute(class))
    }

    /// The substitute waiting first for `class` (lowest rank, then listed first).
    pub fn next_substitute(&self, class: Option<Class>) -> Option<usize> {
        self.players
            .iter()
            .enumerate()
            .filter(|(_, a)| a.class == class && a.status() == Status::Waiting)
            .min_by_key(|&(i, a)| (a.basis.rank(), i))
            .map(|(i, _)| i)
    }

    /// Places of `class` given back (withdrawn) and not yet taken by a called-up substitute.
    pub fn free_places(&self, class: Option<Class>) -> usize {
        let of_class = |s: fn(&Admitted) -> bool| {
            self.players
                .iter()
                .filter(|a| a.class == class && s(a))
                .count()
        };
        let freed =
            of_class(|a| a.withdrawn.is_some() && !matches!(a.basis, Basis::Substitute { .. }));
        let taken = of_class(|a| a.called_up.is_some() && a.withdrawn.is_none());
        freed.saturating_sub(taken)
    }

    /// Calls up the substitute at `index` on `on` (§7.6, §8.3): only a waiting substitute, and
    /// only into a place another player gave back in the same class.
    pub fn call_up(&mut self, index: usize, on: Date) -> Result<(), EntryError> {
        let class = self
            .players
            .get(index)
            .ok_or(EntryError::NoSuchPlace(index))?
            .class;
        if self.free_places(class) == 0 {
            return Err(EntryError::NoFreePlace(index));
        }
        let place = self.place_mut(index)?;
        if place.status() != Status::Waiting {
            return Err(EntryError::NotWaiting(index));
        }
        place.called_up = Some(on);
        Ok(())
    }

    /// Records the fee of place `index` as paid on `on`.
    pub fn pay(&mut self, index: usize, on: Date) -> Result<(), EntryError> {
        let place = self.place_mut(index)?;
        if place.paid.is_some() {
            return Err(EntryError::PaidAlready(index));
        }
        place.paid = Some(on);
        Ok(())
    }
}

/// A name reduced for comparison: lower case, single spaces.
pub fn name_key(p: &Player) -> String {
    p.name()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
