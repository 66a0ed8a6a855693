//! School championships (SJRP Spielordnung §18): the competition groups with their age limits
//! and school types (§18.2), and the settings the school-chess officer fixes (§18.11, §18.12).
//!
//! ```
//! use event::date::{Birth, Date};
//! use event::team::school::{Group, Pupil, SchoolType};
//!
//! let pupil = Pupil { school: "IGS Mainz".into(), kind: SchoolType::Secondary, grade: 7, leaver: false };
//! let group: Group = "WK IV".parse()?;
//! // Not yet 13 at the start of 2026 (§18.2).
//! let born = |y, m, d| Date::new(y, m, d).map(Birth::Date);
//! assert!(group.admits(born(2013, 1, 2), None, &pupil, 2026).is_ok());
//! assert!(group.admits(born(2013, 1, 1), None, &pupil, 2026).is_err());
//! // A birth year alone decides unless the pupil turns 13 in it: 2014 yes, 2013 no.
//! assert!(group.admits(Some(Birth::Year(2014)), None, &pupil, 2026).is_ok());
//! assert!(group.admits(Some(Birth::Year(2013)), None, &pupil, 2026).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::date::{Birth, Date};
use crate::person::Sex;

/// A competition group (Wettkampfgruppe, §18.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Group {
    /// `WK I`: pupils and leavers of the school year, under 21.
    I,
    /// `WK II`: pupils under 18; teams of 6 (§18.5).
    II,
    /// `WK III`: pupils under 15.
    III,
    /// `WK IV`: pupils under 13.
    IV,
    /// `WK HR`: pupils of grades 5-10 not at a Grundschule or Gymnasium.
    Hr,
    /// `WK G`: Grundschule up to grade 4.
    G,
    /// `WK M`: girls and female leavers of the school year, under 21.
    M,
    /// `WK G M`: girls at a Grundschule, grades 1-4.
    GM,
}

/// What a group admits: one row of the §18.2 table.
struct Admission {
    /// Not yet this age at the start of the calendar year.
    under: Option<u16>,
    girls: bool,
    leavers: bool,
    /// School types admitted; empty for all.
    kinds: &'static [SchoolType],
    grades: Option<(u8, u8)>,
    /// The pseudo rating of players without DWZ (§18.7).
    pseudo: u16,
}

const ALL_GROUPS: [Group; 8] = [
    Group::I,
    Group::II,
    Group::III,
    Group::IV,
    Group::Hr,
    Group::G,
    Group::M,
    Group::GM,
];

impl Group {
    fn admission(self) -> Admission {
        let any = Admission {
            under: None,
            girls: false,
            leavers: false,
            kinds: &[],
            grades: None,
            pseudo: 800,
        };
        match self {
            Group::I => Admission {
                under: Some(21),
                leavers: true,
                ..any
            },
            Group::II => Admission {
                under: Some(18),
                ..any
            },
            Group::III => Admission {
                under: Some(15),
                ..any
            },
            Group::IV => Admission {
                under: Some(13),
                ..any
            },
            Group::Hr => Admission {
                kinds: &[SchoolType::Secondary, SchoolType::Vocational],
                grades: Some((5, 10)),
                ..any
            },
            Group::G => Admission {
                kinds: &[SchoolType::Primary],
                grades: Some((1, 4)),
                pseudo: 600,
                ..any
            },
            Group::M => Admission {
                under: Some(21),
                girls: true,
                leavers: true,
                ..any
            },
            Group::GM => Admission {
                girls: true,
                kinds: &[SchoolType::Primary],
                grades: Some((1, 4)),
                pseudo: 600,
                ..any
            },
        }
    }

    /// The age limit of §18.2: players must not yet have completed this year of life at the
    /// start of the calendar year of the competition.
    pub fn age_limit(self) -> Option<u16> {
        self.admission().under
    }

    /// The rating counted for a player without DWZ in the band check: 800, in WK G and
    /// WK G M 600 (§18.7).
    pub fn pseudo_rating(self) -> u16 {
        self.admission().pseudo
    }

    /// Boards of a team: 6 in WK II, otherwise 4 (§18.5).
    pub fn boards(self) -> usize {
        if self == Group::II { 6 } else { 4 }
    }

    /// Whether a pupil may play in this group in the competition year `year` (§18.2). The age
    /// is counted on 1 January: someone born on 1 January completed the year the day before.
    /// A birth year alone serves when it decides; otherwise the birth date is needed (§18.6).
    pub fn admits(
        self,
        birth: Option<Birth>,
        sex: Option<Sex>,
        pupil: &Pupil,
        year: u16,
    ) -> Result<(), NotAdmitted> {
        let rule = self.admission();
        if rule.girls && sex != Some(Sex::Female) {
            return Err(NotAdmitted::NotFemale);
        }
        if pupil.leaver && !rule.leavers {
            return Err(NotAdmitted::Leaver);
        }
        if !rule.kinds.is_empty() && !rule.kinds.contains(&pupil.kind) {
            return Err(NotAdmitted::SchoolType(pupil.kind));
        }
        if let Some((low, high)) = rule.grades
            && !(low..=high).contains(&pupil.grade)
        {
            return Err(NotAdmitted::Grade(pupil.grade));
        }
        if let Some(limit) = rule.under {
            let start = Date::new(year, 1, 1).ok_or(NotAdmitted::NoBirthDate)?;
            let (youngest, oldest) = birth.ok_or(NotAdmitted::NoBirthDate)?.ages_on(start);
            if youngest >= limit {
                return Err(NotAdmitted::TooOld {
                    age: youngest,
                    limit,
                });
            }
            if oldest >= limit {
                return Err(NotAdmitted::NoBirthDate);
            }
        }
        Ok(())
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Group::I => "WK I",
            Group::II => "WK II",
            Group::III => "WK III",
            Group::IV => "WK IV",
            Group::Hr => "WK HR",
            Group::G => "WK G",
            Group::M => "WK M",
            Group::GM => "WK G M",
        })
    }
}

/// A name other than `WK I`, `WK II`, `WK III`, `WK IV`, `WK HR`, `WK G`, `WK M`, `WK G M`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseGroupError(pub String);

impl fmt::Display for ParseGroupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown competition group `{}` (SJRP §18.2)", self.0)
    }
}

impl std::error::Error for ParseGroupError {}

impl FromStr for Group {
    type Err = ParseGroupError;

    fn from_str(s: &str) -> Result<Group, ParseGroupError> {
        let key: String = s
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_ascii_uppercase();
        ALL_GROUPS
            .into_iter()
            .find(|g| g.to_string().to_ascii_uppercase() == key)
            .ok_or_else(|| ParseGroupError(s.trim().to_string()))
    }
}

/// The kind of school (§18.1, §18.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SchoolType {
    /// Grundschule, grades 1-4.
    Primary,
    /// Gymnasium or a gymnasium branch.
    Gymnasium,
    /// Another general school with grades 5-10 (Realschule plus, IGS without its gymnasium
    /// branch, Förderschule).
    Secondary,
    /// A vocational school (berufsbildende Schule).
    Vocational,
}

/// A player's school record, needed for school teams (§18.5, §18.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pupil {
    /// The school's name; a team's pupils share it (§18.5).
    pub school: String,
    /// The kind of school.
    pub kind: SchoolType,
    /// Grade (Klassenstufe).
    pub grade: u8,
    /// Left school in the current school year (admitted in WK I and WK M only).
    pub leaver: bool,
}

/// Why a pupil may not play in a group (§18.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAdmitted {
    /// Too old on 1 January.
    TooOld {
        /// Completed years on 1 January.
        age: u16,
        /// The group's limit.
        limit: u16,
    },
    /// No birth date entered (§18.6 asks for it).
    NoBirthDate,
    /// A girls' group (WK M, WK G M).
    NotFemale,
    /// Leavers play in WK I and WK M only.
    Leaver,
    /// The group is for other schools.
    SchoolType(SchoolType),
    /// The group is for other grades.
    Grade(u8),
}

impl NotAdmitted {
    /// The paragraph broken.
    pub fn article(self) -> Article {
        match self {
            NotAdmitted::NoBirthDate => Article::new("SJRP §18.6"),
            _ => Article::new("SJRP §18.2"),
        }
    }
}

impl fmt::Display for NotAdmitted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAdmitted::TooOld { age, limit } => {
                write!(
                    f,
                    "{age} years old on 1 January, the group is for under {limit}"
                )
            }
            NotAdmitted::NoBirthDate => f.write_str("no birth date entered"),
            NotAdmitted::NotFemale => f.write_str("the group is for girls"),
            NotAdmitted::Leaver => f.write_str("leavers play in WK I and WK M only"),
            NotAdmitted::SchoolType(kind) => write!(f, "the group is not for a {kind:?} school"),
            NotAdmitted::Grade(grade) => write!(f, "the group is not for grade {grade}"),
        }?;
        write!(f, " ({})", self.article())
    }
}

impl std::error::Error for NotAdmitted {}

/// How a school championship is played (§18.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// Swiss system with this many rounds.
    Swiss(u32),
    /// Round robin.
    RoundRobin,
}

/// A setting outside §18.11 or §18.12 (or §10.11 for club teams).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsViolation {
    /// More Swiss rounds than allowed.
    TooManyRounds {
        /// Rounds set.
        rounds: u32,
        /// The maximum.
        max: u32,
        /// The paragraph.
        article: Article,
    },
    /// Less thinking time than the minimum.
    TooLittleTime {
        /// Minutes per player and game set.
        minutes: u32,
        /// The minimum.
        min: u32,
        /// The paragraph.
        article: Article,
    },
}

impl SettingsViolation {
    /// The paragraph broken.
    pub fn article(self) -> Article {
        match self {
            SettingsViolation::TooManyRounds { article, .. }
            | SettingsViolation::TooLittleTime { article, .. } => article,
        }
    }
}

impl fmt::Display for SettingsViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SettingsViolation::TooManyRounds {
                rounds,
                max,
                article,
            } => {
                write!(f, "{rounds} Swiss rounds, at most {max} ({article})")
            }
            SettingsViolation::TooLittleTime {
                minutes,
                min,
                article,
            } => {
                write!(
                    f,
                    "{minutes} minutes per player, at least {min} ({article})"
                )
            }
        }
    }
}

impl std::error::Error for SettingsViolation {}
