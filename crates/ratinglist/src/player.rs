//! The common player record every reader produces.

use std::fmt;
use std::str::FromStr;

use calendar::Birth;

/// One player as read from a list, with what that list carries; absent fields are `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportedPlayer {
    /// Family name.
    pub last_name: String,
    /// Given names.
    pub first_name: String,
    /// Academic title written with the name in DSB lists (`Dr.`, `Prof. Dr.`).
    pub academic_title: Option<String>,
    /// Sex as the list gives it.
    pub sex: Option<Sex>,
    /// Birth date, or only the year.
    pub birth: Option<Birth>,
    /// FIDE federation code, e.g. `GER`.
    pub federation: Option<String>,
    /// Club name.
    pub club: Option<String>,
    /// DSB membership: club number (ZPS/VKZ) and member number.
    pub dsb_id: Option<DsbId>,
    /// DSB person key (PKZ, the `ID` column of `spieler.csv` v2).
    pub dsb_person_id: Option<String>,
    /// DSB playing status.
    pub status: Option<Status>,
    /// DSB eligibility code (`Spielberechtigung`, e.g. `D`, `A`).
    pub eligibility: Option<String>,
    /// FIDE identification number.
    pub fide_id: Option<u32>,
    /// FIDE flag `i`: inactive on the FIDE list.
    pub fide_inactive: bool,
    /// FIDE standard rating.
    pub elo: Option<u16>,
    /// FIDE rapid rating.
    pub elo_rapid: Option<u16>,
    /// FIDE blitz rating.
    pub elo_blitz: Option<u16>,
    /// DWZ with its index.
    pub dwz: Option<Dwz>,
    /// FIDE titles (playing titles first as listed; arbiter and trainer titles as [`Title::Other`]).
    pub titles: Vec<Title>,
    /// 1-based line of the record in its file.
    pub line: usize,
}

impl ImportedPlayer {
    /// The name as lists write it: `Last, First` (only `Last` without a first name).
    pub fn name(&self) -> String {
        if self.first_name.is_empty() {
            self.last_name.clone()
        } else {
            format!("{}, {}", self.last_name, self.first_name)
        }
    }

    /// Birth year, from either form of [`Birth`].
    pub fn birth_year(&self) -> Option<u16> {
        self.birth.map(Birth::year)
    }
}

/// Splits `Last, First` or `Last,First` (DSB) into its parts; a name without comma is all last name.
pub(crate) fn split_name(name: &str) -> (String, String) {
    match name.split_once(',') {
        Some((last, first)) => (last.trim().to_string(), first.trim().to_string()),
        None => (name.trim().to_string(), String::new()),
    }
}

/// Sex as player lists record it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sex {
    /// Male.
    Male,
    /// Female.
    Female,
}

impl FromStr for Sex {
    type Err = ();

    /// `M`, `m`, `male`, `männlich`; `F`, `W`, `w`, `female`, `weiblich`.
    fn from_str(s: &str) -> Result<Sex, ()> {
        match s.trim().to_lowercase().as_str() {
            "m" | "male" | "männlich" | "maennlich" => Ok(Sex::Male),
            "f" | "w" | "female" | "weiblich" => Ok(Sex::Female),
            _ => Err(()),
        }
    }
}

impl fmt::Display for Sex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sex::Male => "M",
            Sex::Female => "F",
        })
    }
}

/// DSB playing status (`spieler.csv` column `Status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// `A`: active member.
    Active,
    /// `P`: passive member.
    Passive,
}

/// A DSB club number (ZPS, called VKZ since 2026): five characters, digits or capital letters
/// (e.g. `24421`, `C0327`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Zps(String);

impl Zps {
    /// The ZPS as written (`C0327`).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Zps {
    type Err = ();

    fn from_str(s: &str) -> Result<Zps, ()> {
        let s = s.trim();
        (s.len() == 5
            && s.bytes()
                .all(|b| b.is_ascii_digit() || b.is_ascii_uppercase()))
        .then(|| Zps(s.to_string()))
        .ok_or(())
    }
}

impl fmt::Display for Zps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A DSB membership: club number and member number, written `ZPS-Mgl` (`C0327-12`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DsbId {
    /// Club number.
    pub zps: Zps,
    /// Member number.
    pub member: u16,
}

impl FromStr for DsbId {
    type Err = ();

    fn from_str(s: &str) -> Result<DsbId, ()> {
        let (zps, member) = s.trim().split_once('-').ok_or(())?;
        let member = member.trim();
        if member.is_empty() || !member.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        Ok(DsbId {
            zps: zps.parse()?,
            member: member.parse().map_err(|_| ())?,
        })
    }
}

impl fmt::Display for DsbId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.zps, self.member)
    }
}

/// A DWZ (Deutsche Wertungszahl) with its index, the number of evaluations behind it;
/// written `1530-12` (`1530` without index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dwz {
    /// The rating.
    pub rating: u16,
    /// Evaluations behind it, if known.
    pub index: Option<u16>,
}

impl FromStr for Dwz {
    type Err = ();

    fn from_str(s: &str) -> Result<Dwz, ()> {
        let digits = |t: &str| {
            let t = t.trim();
            (!t.is_empty() && t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse().ok())
                .flatten()
                .ok_or(())
        };
        match s.split_once('-') {
            Some((rating, index)) => Ok(Dwz {
                rating: digits(rating)?,
                index: Some(digits(index)?),
            }),
            None => Ok(Dwz {
                rating: digits(s)?,
                index: None,
            }),
        }
    }
}

impl fmt::Display for Dwz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(index) => write!(f, "{}-{index}", self.rating),
            None => write!(f, "{}", self.rating),
        }
    }
}

/// A FIDE title (FIDE Handbook B.01); arbiter, trainer and organiser titles are `Other`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Title {
    /// Grandmaster.
    Gm,
    /// International Master.
    Im,
    /// FIDE Master.
    Fm,
    /// Candidate Master.
    Cm,
    /// Woman Grandmaster.
    Wgm,
    /// Woman International Master.
    Wim,
    /// Woman FIDE Master.
    Wfm,
    /// Woman Candidate Master.
    Wcm,
    /// Any other code as the list writes it (`IA`, `FA`, `FT`, `WH`, ...).
    Other(String),
}

impl Title {
    /// The title for a list code; an empty code is no title.
    pub fn parse(code: &str) -> Option<Title> {
        let code = code.trim();
        Some(match code.to_ascii_uppercase().as_str() {
            "" => return None,
            "GM" => Title::Gm,
            "IM" => Title::Im,
            "FM" => Title::Fm,
            "CM" => Title::Cm,
            "WGM" => Title::Wgm,
            "WIM" => Title::Wim,
            "WFM" => Title::Wfm,
            "WCM" => Title::Wcm,
            _ => Title::Other(code.to_string()),
        })
    }
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Title::Gm => "GM",
            Title::Im => "IM",
            Title::Fm => "FM",
            Title::Cm => "CM",
            Title::Wgm => "WGM",
            Title::Wim => "WIM",
            Title::Wfm => "WFM",
            Title::Wcm => "WCM",
            Title::Other(code) => code,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Date;

    #[test]
    fn dates_and_births() {
        assert_eq!("2012-02-29".parse::<Date>().unwrap().german(), "29.02.2012");
        assert_eq!(
            "01.03.2010".parse::<Date>().unwrap().to_string(),
            "2010-03-01"
        );
        assert!("2011-02-29".parse::<Date>().is_err());
        assert!("2011-13-01".parse::<Date>().is_err());
        assert!("+011-1-01".parse::<Date>().is_err());
        assert_eq!("1986".parse::<Birth>(), Ok(Birth::Year(1986)));
        assert!("0000".parse::<Birth>().is_err());
    }

    #[test]
    fn dsb_ids() {
        let id: DsbId = "C0327-012".parse().unwrap();
        assert_eq!(id.to_string(), "C0327-12");
        assert!("c0327-1".parse::<DsbId>().is_err());
        assert!("C032-1".parse::<DsbId>().is_err());
        assert!("C0327-".parse::<DsbId>().is_err());
    }

    #[test]
    fn dwz_with_and_without_index() {
        let d: Dwz = "1530-12".parse().unwrap();
        assert_eq!(
            (d.rating, d.index, d.to_string()),
            (1530, Some(12), "1530-12".to_string())
        );
        assert_eq!("987".parse::<Dwz>().unwrap().to_string(), "987");
        assert!("15300".parse::<Dwz>().is_err());
        assert!("1530-".parse::<Dwz>().is_err());
    }

    #[test]
    fn names_split_at_the_first_comma() {
        assert_eq!(
            split_name("Carlsen, Magnus"),
            ("Carlsen".into(), "Magnus".into())
        );
        assert_eq!(
            split_name("Volokitin,Andrej"),
            ("Volokitin".into(), "Andrej".into())
        );
        assert_eq!(
            split_name("Kasimdzhanov"),
            ("Kasimdzhanov".into(), String::new())
        );
    }
}
