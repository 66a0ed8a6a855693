//! Age classes (SJRP Spielordnung §1) and the cut-off convention that decides who may play in
//! them (§5.3).
//!
//! A class `U`*n* is open to players who are younger than *n* on the cut-off day. The Spielordnung
//! says only "Stichtag für alle Altersklassen ist der 31. Dezember" (§5.3); which year's
//! 31 December is meant is a convention, so it is explicit here ([`AgeConvention`]):
//!
//! * [`AgeConvention::PREVIOUS_YEAR_END`] (the default, laws-cases R-011): 31 December before the
//!   season, as the DSJ youth rules read it: a player belongs to U*n* if the age reached in the
//!   calendar year of the season is at most *n*, i.e. born in season − *n* or later. U12 in 2026
//!   = born 2014 or later, U18 = born 2008 or later (the DEM classes of the same year).
//! * [`AgeConvention::CALENDAR_YEAR`]: the literal reading, 31 December of the season year
//!   (younger than *n* at the end of the season). U12 in 2026 = born 2015 or later.
//!
//! Younger players may always play in an older class ("unter *n*" is an upper bound only).
//! Any other day can be configured with [`AgeConvention::new`].
//!
//! ```
//! use event::age::{AgeClass, AgeConvention, Class, eligible};
//! use event::date::Date;
//!
//! let u12: Class = "U12".parse()?;
//! let born = |s: &str| s.parse::<Date>().unwrap();
//! let season = 2026;
//! assert_eq!(AgeConvention::default(), AgeConvention::PREVIOUS_YEAR_END);
//! assert!(eligible(born("2014-01-01"), u12, season, AgeConvention::default()));
//! assert!(!eligible(born("2013-12-31"), u12, season, AgeConvention::default()));
//! assert!(!eligible(born("2014-12-31"), u12, season, AgeConvention::CALENDAR_YEAR));
//! assert!(eligible(born("2015-01-01"), u12, season, AgeConvention::CALENDAR_YEAR));
//! assert_eq!("U14w".parse::<Class>()?.age, AgeClass::U14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use laws::Article;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::date::{Birth, Date};
use crate::person::Sex;

/// The cut-off day of the age classes (Spielordnung §5.3).
pub const CUT_OFF: Article = Article::new("SJRP §5.3");
/// The girls' classes (Spielordnung §1.7-1.11).
pub const GIRLS_CLASSES: Article = Article::new("SJRP §1.7-1.11");

/// An age limit: under 8 … under 20, or open (no limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AgeClass {
    /// Under 8 (§1.6).
    U8,
    /// Under 10 (§1.5).
    U10,
    /// Under 12 (§1.4).
    U12,
    /// Under 14 (§1.3).
    U14,
    /// Under 16 (§1.2).
    U16,
    /// Under 18 (§1.1).
    U18,
    /// Under 20 (team championships, §2.1).
    U20,
    /// No age limit.
    Open,
}

impl AgeClass {
    /// The age a player must stay below on the cut-off day; `None` for [`AgeClass::Open`].
    pub fn limit(self) -> Option<u16> {
        Some(match self {
            AgeClass::U8 => 8,
            AgeClass::U10 => 10,
            AgeClass::U12 => 12,
            AgeClass::U14 => 14,
            AgeClass::U16 => 16,
            AgeClass::U18 => 18,
            AgeClass::U20 => 20,
            AgeClass::Open => return None,
        })
    }
}

/// A class of a championship: an age limit, for everyone or for girls only (`U14w`, §1.7-1.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Class {
    /// The age limit.
    pub age: AgeClass,
    /// A girls' class (`w`, "weiblich").
    pub girls: bool,
}

impl Class {
    /// The class for everyone with this age limit.
    pub const fn open(age: AgeClass) -> Class {
        Class { age, girls: false }
    }

    /// The girls' class with this age limit.
    pub const fn girls(age: AgeClass) -> Class {
        Class { age, girls: true }
    }

    /// Whether a player of this birth and sex may play in the class in `season`: younger than
    /// the limit on the cut-off day (§5.3) and, for a girls' class, female (§1.7-1.11). A birth
    /// year alone decides when every day of that year gives the same answer (always with a
    /// 31 December cut-off); otherwise the age is [`Ineligible::AgeUndecided`].
    pub fn admits(
        self,
        birth: Option<Birth>,
        sex: Option<Sex>,
        season: u16,
        convention: AgeConvention,
    ) -> Result<(), Ineligible> {
        if self.girls && sex != Some(Sex::Female) {
            return Err(Ineligible::NotFemale);
        }
        let Some(limit) = self.age.limit() else {
            return Ok(());
        };
        let Some(birth) = birth else {
            return Err(Ineligible::NoBirthDate);
        };
        let cut_off = convention.cut_off(season);
        let (youngest, oldest) = birth.ages_on(cut_off);
        if youngest >= limit {
            return Err(Ineligible::TooOld {
                age: youngest,
                limit,
                cut_off,
            });
        }
        if oldest >= limit {
            return Err(Ineligible::AgeUndecided {
                year: birth.year(),
                limit,
                cut_off,
            });
        }
        Ok(())
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.age.limit(), self.girls) {
            (Some(n), false) => write!(f, "U{n}"),
            (Some(n), true) => write!(f, "U{n}w"),
            (None, false) => f.write_str("Open"),
            (None, true) => f.write_str("Women"),
        }
    }
}

/// A class name other than `U8`…`U20`, `U8w`…`U20w`, `Open` or `Women`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseClassError(pub String);

impl fmt::Display for ParseClassError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not an age class (expected U8-U20, with `w` for girls, or Open)",
            self.0
        )
    }
}

impl std::error::Error for ParseClassError {}

impl FromStr for Class {
    type Err = ParseClassError;

    fn from_str(s: &str) -> Result<Class, ParseClassError> {
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        match lower.as_str() {
            "open" | "offen" => return Ok(Class::open(AgeClass::Open)),
            "women" | "frauen" => return Ok(Class::girls(AgeClass::Open)),
            _ => {}
        }
        let err = || ParseClassError(s.to_string());
        let rest = lower.strip_prefix('u').ok_or_else(err)?;
        let (number, girls) = match rest.strip_suffix(['w', 'g']) {
            Some(n) => (n, true),
            None => (rest, false),
        };
        let age = match number {
            "8" => AgeClass::U8,
            "10" => AgeClass::U10,
            "12" => AgeClass::U12,
            "14" => AgeClass::U14,
            "16" => AgeClass::U16,
            "18" => AgeClass::U18,
            "20" => AgeClass::U20,
            _ => return Err(err()),
        };
        Ok(Class { age, girls })
    }
}

impl Serialize for Class {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Class {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Class, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The cut-off day on which a player's age decides the class (Spielordnung §5.3): a month and
/// day, in the season year or the year before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AgeConvention {
    /// Month of the cut-off day.
    pub month: u8,
    /// Day of the cut-off day.
    pub day: u8,
    /// Whether the cut-off day lies in the year before the season.
    pub previous_year: bool,
}

impl AgeConvention {
    /// 31 December of the season year (the literal reading of §5.3).
    pub const CALENDAR_YEAR: AgeConvention = AgeConvention {
        month: 12,
        day: 31,
        previous_year: false,
    };

    /// 31 December before the season (the default; the DSJ reading: the age reached in the
    /// calendar year of the season is at most the class limit).
    pub const PREVIOUS_YEAR_END: AgeConvention = AgeConvention {
        month: 12,
        day: 31,
        previous_year: true,
    };

    /// A cut-off on `month`/`day`; `None` if no year has that day.
    pub fn new(month: u8, day: u8, previous_year: bool) -> Option<AgeConvention> {
        Date::new(2000, month, day).map(|_| AgeConvention {
            month,
            day,
            previous_year,
        })
    }

    /// The cut-off day for `season` (29 February becomes 28 February in common years).
    pub fn cut_off(self, season: u16) -> Date {
        let year = if self.previous_year {
            season.saturating_sub(1).max(1)
        } else {
            season
        };
        Date::new(year, self.month, self.day)
            .or_else(|| Date::new(year, self.month, self.day - 1))
            .unwrap_or_else(|| unreachable!("the convention was checked against a leap year"))
    }

    /// The provision behind the convention.
    pub fn article(self) -> Article {
        CUT_OFF
    }
}

impl Default for AgeConvention {
    fn default() -> AgeConvention {
        AgeConvention::PREVIOUS_YEAR_END
    }
}

/// Why a player may not play in a class.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ineligible {
    /// The player has reached the age limit on the cut-off day.
    TooOld {
        /// Age on the cut-off day.
        age: u16,
        /// The class limit.
        limit: u16,
        /// The cut-off day.
        cut_off: Date,
    },
    /// A girls' class, and the player is not recorded as female.
    NotFemale,
    /// An age class, and the birth date is unknown.
    NoBirthDate,
    /// Only the birth year is known and it does not decide: born early in the year the player
    /// reaches the limit on the cut-off day, born late not (a cut-off other than 31 December).
    AgeUndecided {
        /// The birth year.
        year: u16,
        /// The class limit.
        limit: u16,
        /// The cut-off day.
        cut_off: Date,
    },
}

impl Ineligible {
    /// The provision the refusal rests on.
    pub fn article(&self) -> Article {
        match self {
            Ineligible::TooOld { .. }
            | Ineligible::NoBirthDate
            | Ineligible::AgeUndecided { .. } => CUT_OFF,
            Ineligible::NotFemale => GIRLS_CLASSES,
        }
    }

    /// The refusal in German (the English text is [`fmt::Display`]), dates `TT.MM.JJJJ`.
    pub fn german(&self) -> String {
        let text = match self {
            Ineligible::TooOld {
                age,
                limit,
                cut_off,
            } => format!(
                "am Stichtag {} {age} Jahre alt, die Altersklasse ist U{limit}",
                cut_off.german()
            ),
            Ineligible::NotFemale => "eine Mädchenklasse".to_string(),
            Ineligible::NoBirthDate => {
                "Geburtsdatum unbekannt, für die Altersklasse nötig".to_string()
            }
            Ineligible::AgeUndecided {
                year,
                limit,
                cut_off,
            } => format!(
                "nur das Geburtsjahr {year} ist bekannt; es entscheidet nicht, ob am Stichtag {} \
                 die Grenze der U{limit} erreicht ist: Geburtsdatum nötig",
                cut_off.german()
            ),
        };
        format!("{text} ({})", self.article())
    }
}

impl fmt::Display for Ineligible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ineligible::TooOld {
                age,
                limit,
                cut_off,
            } => write!(
                f,
                "{age} years old on the cut-off day {cut_off}, the class is under {limit} ({})",
                self.article()
            ),
            Ineligible::NotFemale => write!(f, "a girls' class ({})", self.article()),
            Ineligible::NoBirthDate => {
                write!(
                    f,
                    "birth date unknown, needed for an age class ({})",
                    self.article()
                )
            }
            Ineligible::AgeUndecided {
                year,
                limit,
                cut_off,
            } => write!(
                f,
                "only the birth year {year} is known and it does not decide whether the player \
                 is under {limit} on the cut-off day {cut_off}: the birth date is needed ({})",
                self.article()
            ),
        }
    }
}

impl std::error::Error for Ineligible {}

/// Whether someone born on `birth` is young enough for `class` in `season` under `convention`
/// (the age test of §5.3 only; [`Class::admits`] also checks the sex of girls' classes).
pub fn eligible(birth: Date, class: Class, season: u16, convention: AgeConvention) -> bool {
    Class::open(class.age)
        .admits(Some(Birth::Date(birth)), None, season, convention)
        .is_ok()
}
