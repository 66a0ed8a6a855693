//! The Turniergericht (SJRP Spielordnung §5.5-§5.8): the appeals tribunal of a championship,
//! elected before the start — three members and two substitutes, none from the board (Vorstand),
//! no two from one club, youth members at least of the U16 year; chosen by the players
//! (U14-U18), by the Betreuer (U8-U12) or by the team captains (§5.7). Rapid and blitz
//! championships have none (§5.5). For each appeal the members involved in the case are
//! replaced by substitutes (§5.8).
//!
//! ```
//! use event::tribunal::{Electorate, Member, Tribunal};
//!
//! let member = |name: &str, club: &str| Member::adult(name, club);
//! let tribunal = Tribunal {
//!     sections: vec!["U14".into(), "U16/U18".into()],
//!     electorate: Electorate::Players,
//!     members: vec![member("Arndt, Ida", "SC A"), member("Bode, Jan", "SC B"), member("Cord, Uwe", "SC C")],
//!     substitutes: vec![member("Dorn, Eva", "SC D"), member("Ernst, Max", "SC E")],
//! };
//! tribunal.check(2026).unwrap();
//! // Jan Bode's club is party to the appeal: the first substitute sits instead (§5.8).
//! let bench = tribunal.bench(&["SC B"], &[]).unwrap();
//! assert_eq!(bench[1].name, "Dorn, Eva");
//! ```

use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::age::{AgeClass, AgeConvention, Class};
use crate::date::Birth;

/// §5.5: composition (three members, two substitutes, not from the board nor one club, youth
/// members at least of the U16 year); none at rapid and blitz championships.
pub const COMPOSITION: Article = Article::new("SJRP §5.5");
/// §5.7: who elects the tribunal (players U14-U18, Betreuer U8-U12, team captains).
pub const ELECTORATE: Article = Article::new("SJRP §5.7");
/// §5.8: only persons not involved in the case sit on it.
pub const NOT_INVOLVED: Article = Article::new("SJRP §5.8");

/// Members of the tribunal (§5.5).
pub const MEMBERS: usize = 3;
/// Substitutes of the tribunal (§5.5).
pub const SUBSTITUTES: usize = 2;

/// Who elects the tribunal (§5.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Electorate {
    /// The players (individual championships U14-U18 and U14w-U18w).
    Players,
    /// The Betreuer (individual championships U8-U12 and U10w/U12w).
    Betreuer,
    /// The team captains (club team championships).
    Captains,
}

impl Electorate {
    /// The electorate of an individual championship of `class` (§5.7): the players from U14
    /// up, the Betreuer below.
    pub fn of_class(class: Class) -> Electorate {
        if class.age >= AgeClass::U14 {
            Electorate::Players
        } else {
            Electorate::Betreuer
        }
    }

    /// The electorate in German, in the dative of "gewählt von …".
    pub fn german(self) -> &'static str {
        match self {
            Electorate::Players => "den Spielerinnen und Spielern",
            Electorate::Betreuer => "den Betreuern",
            Electorate::Captains => "den Mannschaftsführern",
        }
    }
}

impl fmt::Display for Electorate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Electorate::Players => "the players",
            Electorate::Betreuer => "the Betreuer (coaches)",
            Electorate::Captains => "the team captains",
        })
    }
}

/// A member or substitute of the tribunal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// `Last, First`.
    pub name: String,
    /// The club the person belongs to (empty: none).
    pub club: String,
    /// Birth year of a youth member (`None`: an adult).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub birth_year: Option<u16>,
    /// A member of the federation's board (Vorstand): not eligible (§5.5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub board: bool,
}

impl Member {
    /// An adult who is not on the board.
    pub fn adult(name: &str, club: &str) -> Member {
        Member {
            name: name.to_owned(),
            club: club.to_owned(),
            birth_year: None,
            board: false,
        }
    }
}

/// A tribunal elected for one or more sections of an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tribunal {
    /// The names of the sections it serves.
    pub sections: Vec<String>,
    /// Who elected it (§5.7).
    pub electorate: Electorate,
    /// The three members, in the order they sit.
    pub members: Vec<Member>,
    /// The two substitutes, in the order they replace a member (§5.8).
    pub substitutes: Vec<Member>,
}

/// Why an election cannot be recorded, or a bench cannot be formed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TribunalError {
    /// Not three members and two substitutes (§5.5).
    Size {
        /// Members given.
        members: usize,
        /// Substitutes given.
        substitutes: usize,
    },
    /// A board member was elected (§5.5).
    Board(String),
    /// Two persons of one club (§5.5).
    SameClub {
        /// The club.
        club: String,
        /// The first person of it.
        first: String,
        /// The second person of it.
        second: String,
    },
    /// A youth member younger than the U16 year (§5.5).
    TooYoung {
        /// The person.
        name: String,
        /// Birth year.
        year: u16,
    },
    /// The same person twice.
    Twice(String),
    /// The sections served have different electorates (§5.7).
    MixedElectorate,
    /// A rapid or blitz championship has no tribunal (§5.5).
    RapidOrBlitz(String),
    /// The tournament of a section has begun (§5.5: "vor Turnierbeginn").
    AfterStart(String),
    /// Fewer than three persons not involved in the case (§5.8).
    TooManyInvolved,
    /// No tribunal serves the section (§5.5).
    NoneFor(String),
}

impl TribunalError {
    /// The provision the refusal rests on.
    pub fn article(&self) -> Article {
        match self {
            TribunalError::MixedElectorate => ELECTORATE,
            TribunalError::TooManyInvolved => NOT_INVOLVED,
            _ => COMPOSITION,
        }
    }

    /// The refusal in German (the English text is [`fmt::Display`]).
    pub fn german(&self) -> String {
        let text = match self {
            TribunalError::Size {
                members,
                substitutes,
            } => format!(
                "das Turniergericht besteht aus {MEMBERS} Mitgliedern und {SUBSTITUTES} \
                 Stellvertretern, gewählt: {members} und {substitutes}"
            ),
            TribunalError::Board(n) => format!("{n} gehört dem Vorstand an"),
            TribunalError::SameClub {
                club,
                first,
                second,
            } => format!("{first} und {second} gehören demselben Verein an ({club})"),
            TribunalError::TooYoung { name, year } => format!(
                "{name} (Jahrgang {year}) gehört nicht mindestens dem Jahrgang der U16 an"
            ),
            TribunalError::Twice(n) => format!("{n} ist zweimal genannt"),
            TribunalError::MixedElectorate => {
                "die Gruppen werden von verschiedenen Wählern gewählt (Spieler ab U14, Betreuer bis U12): \
                 je ein Turniergericht"
                    .to_owned()
            }
            TribunalError::RapidOrBlitz(s) => {
                format!("{s} ist eine Schnellschach- oder Blitzmeisterschaft: kein Turniergericht")
            }
            TribunalError::AfterStart(s) => {
                format!("{s} hat begonnen: das Turniergericht wird vor Turnierbeginn gebildet")
            }
            TribunalError::TooManyInvolved => {
                "weniger als drei Mitglieder und Stellvertreter sind nicht in den Fall involviert"
                    .to_owned()
            }
            TribunalError::NoneFor(s) => format!("für {s} ist kein Turniergericht gewählt"),
        };
        format!("{text} ({})", self.article())
    }
}

impl fmt::Display for TribunalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TribunalError::Size {
                members,
                substitutes,
            } => write!(
                f,
                "the tribunal has {MEMBERS} members and {SUBSTITUTES} substitutes, not \
                 {members} and {substitutes}"
            ),
            TribunalError::Board(n) => write!(f, "{n} is a member of the board"),
            TribunalError::SameClub {
                club,
                first,
                second,
            } => write!(f, "{first} and {second} belong to the same club ({club})"),
            TribunalError::TooYoung { name, year } => {
                write!(f, "{name} (born {year}) is younger than the U16 year")
            }
            TribunalError::Twice(n) => write!(f, "{n} is named twice"),
            TribunalError::MixedElectorate => f.write_str(
                "the sections have different electorates (players from U14, Betreuer up to U12): \
                 one tribunal each",
            ),
            TribunalError::RapidOrBlitz(s) => {
                write!(f, "{s} is a rapid or blitz championship: no tribunal")
            }
            TribunalError::AfterStart(s) => {
                write!(f, "{s} has begun: the tribunal is elected before the start")
            }
            TribunalError::TooManyInvolved => {
                f.write_str("fewer than three members and substitutes are not involved in the case")
            }
            TribunalError::NoneFor(s) => write!(f, "no tribunal has been elected for {s}"),
        }?;
        write!(f, " ({})", self.article())
    }
}

impl std::error::Error for TribunalError {}

impl Tribunal {
    /// Everyone elected, members first.
    pub fn persons(&self) -> impl Iterator<Item = &Member> {
        self.members.iter().chain(&self.substitutes)
    }

    /// Checks the composition of §5.5 in the championship year `year`: three members and two
    /// substitutes, none from the board, no two from one club (substitutes included, as any of
    /// them may sit), youth members past the U14 age on 31 December (at least the U16 year).
    pub fn check(&self, year: u16) -> Result<(), TribunalError> {
        if self.members.len() != MEMBERS || self.substitutes.len() != SUBSTITUTES {
            return Err(TribunalError::Size {
                members: self.members.len(),
                substitutes: self.substitutes.len(),
            });
        }
        let persons: Vec<&Member> = self.persons().collect();
        for (i, m) in persons.iter().enumerate() {
            if m.board {
                return Err(TribunalError::Board(m.name.clone()));
            }
            if let Some(y) = m.birth_year.filter(|&y| too_young(y, year)) {
                return Err(TribunalError::TooYoung {
                    name: m.name.clone(),
                    year: y,
                });
            }
            for other in &persons[..i] {
                if same(&other.name, &m.name) {
                    return Err(TribunalError::Twice(m.name.clone()));
                }
                if !m.club.trim().is_empty() && same(&other.club, &m.club) {
                    return Err(TribunalError::SameClub {
                        club: m.club.clone(),
                        first: other.name.clone(),
                        second: m.name.clone(),
                    });
                }
            }
        }
        Ok(())
    }

    /// The three who decide a case (§5.8): the members in order, a member whose name or club is
    /// among `involved_clubs` / `involved_names` replaced by the next substitute not involved.
    pub fn bench(
        &self,
        involved_clubs: &[&str],
        involved_names: &[&str],
    ) -> Result<Vec<&Member>, TribunalError> {
        let involved = |m: &Member| {
            involved_names.iter().any(|n| same(n, &m.name))
                || (!m.club.trim().is_empty() && involved_clubs.iter().any(|c| same(c, &m.club)))
        };
        let mut substitutes = self.substitutes.iter().filter(|m| !involved(m));
        self.members
            .iter()
            .map(|m| {
                if involved(m) {
                    substitutes.next().ok_or(TribunalError::TooManyInvolved)
                } else {
                    Ok(m)
                }
            })
            .collect()
    }
}

/// Whether a youth born in `birth_year` is younger than the U16 year in `year`: still admitted
/// to the U14 on the 31 December cut-off (§5.3).
fn too_young(birth_year: u16, year: u16) -> bool {
    Class::open(AgeClass::U14)
        .admits(
            Some(Birth::Year(birth_year)),
            None,
            year,
            AgeConvention::CALENDAR_YEAR,
        )
        .is_ok()
}

/// Names and clubs compared without case and surrounding spaces.
fn same(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tribunal() -> Tribunal {
        let m = |n: &str, c: &str| Member::adult(n, c);
        Tribunal {
            sections: vec!["U14".into()],
            electorate: Electorate::Players,
            members: vec![m("A", "SC 1"), m("B", "SC 2"), m("C", "SC 3")],
            substitutes: vec![m("D", "SC 4"), m("E", "SC 5")],
        }
    }

    #[test]
    fn h18_02_composition_of_section_5_5() {
        let t = tribunal();
        assert_eq!(t.check(2026), Ok(()));
        let mut short = t.clone();
        short.substitutes.pop();
        assert!(matches!(
            short.check(2026),
            Err(TribunalError::Size {
                members: 3,
                substitutes: 1
            })
        ));
        let mut same_club = t.clone();
        same_club.substitutes[1].club = " sc 2".into();
        let e = same_club.check(2026).unwrap_err();
        assert_eq!(
            e,
            TribunalError::SameClub {
                club: " sc 2".into(),
                first: "B".into(),
                second: "E".into()
            }
        );
        assert!(e.german().ends_with("(SJRP §5.5)"), "{}", e.german());
        let mut board = t.clone();
        board.members[0].board = true;
        assert_eq!(board.check(2026), Err(TribunalError::Board("A".into())));
        // 2026: born 2012 is 14 on 31 December (U16 year), born 2013 still U14.
        let mut youth = t.clone();
        youth.members[2].birth_year = Some(2012);
        assert_eq!(youth.check(2026), Ok(()));
        youth.members[2].birth_year = Some(2013);
        assert_eq!(
            youth.check(2026),
            Err(TribunalError::TooYoung {
                name: "C".into(),
                year: 2013
            })
        );
    }

    #[test]
    fn h18_02_involved_members_are_replaced_in_order() {
        let t = tribunal();
        let names = |b: Vec<&Member>| b.iter().map(|m| m.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(t.bench(&[], &[]).unwrap()), ["A", "B", "C"]);
        assert_eq!(names(t.bench(&["SC 1"], &["C"]).unwrap()), ["D", "B", "E"]);
        assert_eq!(names(t.bench(&["SC 4"], &["A"]).unwrap()), ["E", "B", "C"]);
        assert_eq!(
            t.bench(&["SC 1", "SC 2"], &["D"]).unwrap_err(),
            TribunalError::TooManyInvolved
        );
        assert_eq!(
            Electorate::of_class("U12w".parse().unwrap()),
            Electorate::Betreuer
        );
        assert_eq!(
            Electorate::of_class("U14".parse().unwrap()),
            Electorate::Players
        );
    }
}
