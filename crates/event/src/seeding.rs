//! Seeding: the rule that orders a section's players into pairing numbers before round 1
//! (C.04.2 initial order). Re-seeding and manual moves of a starting rank are operations of
//! the section ([`Section::reseed`](crate::Section::reseed),
//! [`Section::move_to`](crate::Section::move_to)).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::player::{MAX_RATING, Player};

/// The initial order of the players: rating, then title, then name (C.04.2).
pub const INITIAL_ORDER: Article = Article::new("C.04.2");
/// The pseudo rating for players without DWZ: 800, in WK G and WK G M 600 (SJRP §18.7).
pub const PSEUDO_RATING: Article = Article::new("SJRP §18.7");

/// Which rating decides a player's starting rank (a player without it counts with the other
/// one, which also breaks ties); title and name follow (C.04.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Seeding {
    /// DWZ, else Elo (the SJRP default).
    #[default]
    DwzElo,
    /// Elo, else DWZ.
    EloDwz,
    /// The higher of DWZ and Elo.
    Max,
    /// DWZ, else Elo, else this pseudo rating (SJRP §18.7: 800, 600 in WK G).
    Pseudo(u16),
}

impl Seeding {
    /// The provision behind the rule.
    pub fn article(self) -> Article {
        match self {
            Seeding::Pseudo(_) => PSEUDO_RATING,
            _ => INITIAL_ORDER,
        }
    }

    /// The rating shown for `p` on lists (pairing lists, starting ranks): the one this rule
    /// seeds by, without a pseudo rating.
    pub fn rating(self, p: &Player) -> Option<u16> {
        match self {
            Seeding::EloDwz => p.elo.or(p.dwz),
            Seeding::Max => p.dwz.max(p.elo),
            Seeding::DwzElo | Seeding::Pseudo(_) => p.dwz.or(p.elo),
        }
    }

    /// The rating keys of `p`, highest first in the order.
    fn keys(self, p: &Player) -> (u16, u16) {
        let (dwz, elo) = (p.dwz.unwrap_or(0), p.elo.unwrap_or(0));
        match self {
            Seeding::DwzElo => (p.dwz.or(p.elo).unwrap_or(0), elo),
            Seeding::EloDwz => (p.elo.or(p.dwz).unwrap_or(0), dwz),
            Seeding::Max => (dwz.max(elo), dwz.min(elo)),
            Seeding::Pseudo(r) => (p.dwz.or(p.elo).unwrap_or(r), elo),
        }
    }

    /// `a` before `b` in the initial order: ratings by the rule (higher first), then title,
    /// then name, then the internal number (C.04.2).
    pub fn compare(self, a: &Player, b: &Player) -> Ordering {
        self.keys(b)
            .cmp(&self.keys(a))
            .then(title_rank(a.title.as_deref()).cmp(&title_rank(b.title.as_deref())))
            .then_with(|| a.name().cmp(&b.name()))
            .then(a.id.cmp(&b.id))
    }
}

/// Title order for the initial order after rating (C.04.2).
fn title_rank(title: Option<&str>) -> u8 {
    match title.unwrap_or("").to_ascii_uppercase().as_str() {
        "GM" => 0,
        "IM" => 1,
        "WGM" => 2,
        "FM" => 3,
        "WIM" => 4,
        "CM" => 5,
        "WFM" => 6,
        "WCM" => 7,
        _ => 8,
    }
}

impl fmt::Display for Seeding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seeding::DwzElo => f.write_str("dwz-elo"),
            Seeding::EloDwz => f.write_str("elo-dwz"),
            Seeding::Max => f.write_str("max"),
            Seeding::Pseudo(r) => write!(f, "pseudo-{r}"),
        }
    }
}

/// A text that is not a seeding rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSeedingError(pub String);

impl fmt::Display for ParseSeedingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seeding: `{}` is not a rule (dwz-elo, elo-dwz, max, pseudo-N with N from 0 to {MAX_RATING}, e.g. pseudo-800)",
            self.0
        )
    }
}

impl std::error::Error for ParseSeedingError {}

impl FromStr for Seeding {
    type Err = ParseSeedingError;

    fn from_str(s: &str) -> Result<Seeding, ParseSeedingError> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "dwz-elo" => Ok(Seeding::DwzElo),
            "elo-dwz" => Ok(Seeding::EloDwz),
            "max" => Ok(Seeding::Max),
            _ => t
                .strip_prefix("pseudo-")
                .and_then(|r| r.parse::<u16>().ok())
                .filter(|&r| r <= MAX_RATING)
                .map(Seeding::Pseudo)
                .ok_or_else(|| ParseSeedingError(s.trim().to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::age::{AgeClass, Class};
    use crate::person::PlayerId;
    use crate::player::Entry;
    use crate::section::{RoundError, Section};

    fn player(id: u32, name: &str, dwz: Option<u16>, elo: Option<u16>) -> Entry {
        let mut p = Player::new(PlayerId(id), name, "A");
        p.dwz = dwz;
        p.elo = elo;
        Entry::new(p, Class::open(AgeClass::U14))
    }

    /// The U14 of the issue: Elo 1278 without DWZ, DWZ 1888 without Elo, and two in between.
    fn u14(seeding: Seeding) -> Section {
        let mut s = Section::new("U14", vec![Class::open(AgeClass::U14)]);
        s.seeding = seeding;
        s.entries = vec![
            player(1, "Elo", None, Some(1278)),
            player(2, "Strong", Some(1888), None),
            player(3, "Both", Some(1500), Some(1900)),
            player(4, "Unrated", None, None),
        ];
        s
    }

    fn order(s: &Section) -> Vec<u32> {
        s.ranking().iter().map(|e| e.id().0).collect()
    }

    #[test]
    fn h12_03_dwz_before_elo_puts_the_strongest_first() {
        assert_eq!(order(&u14(Seeding::DwzElo)), [2, 3, 1, 4]);
        assert_eq!(order(&u14(Seeding::default())), [2, 3, 1, 4]);
    }

    #[test]
    fn h12_03_elo_before_dwz_max_and_pseudo_ratings() {
        assert_eq!(order(&u14(Seeding::EloDwz)), [3, 2, 1, 4]);
        assert_eq!(order(&u14(Seeding::Max)), [3, 2, 1, 4]);
        // Pseudo 1400 puts the unrated player ahead of Elo 1278.
        assert_eq!(order(&u14(Seeding::Pseudo(1400))), [2, 3, 4, 1]);
        assert_eq!(Seeding::Pseudo(800).article(), PSEUDO_RATING);
    }

    #[test]
    fn h12_03_title_then_name_break_equal_ratings() {
        let mut s = u14(Seeding::DwzElo);
        s.entries = vec![
            player(1, "Berg", Some(1500), None),
            player(2, "Adler", Some(1500), None),
            player(3, "Zoll", Some(1500), None),
        ];
        s.entries[2].player.title = Some("FM".into());
        assert_eq!(order(&s), [3, 2, 1]);
    }

    #[test]
    fn h12_03_seeding_texts_round_trip_and_are_bounded() {
        for s in [
            Seeding::DwzElo,
            Seeding::EloDwz,
            Seeding::Max,
            Seeding::Pseudo(600),
        ] {
            assert_eq!(s.to_string().parse(), Ok(s));
        }
        assert!("pseudo-9999".parse::<Seeding>().is_err());
        assert!("rating".parse::<Seeding>().is_err());
    }

    #[test]
    fn h12_03_move_and_reseed_before_round_one_only() {
        let mut s = u14(Seeding::DwzElo);
        s.move_to(PlayerId(4), 1).unwrap();
        assert_eq!(order(&s), [4, 2, 3, 1]);
        assert!(matches!(
            s.move_to(PlayerId(4), 5),
            Err(RoundError::NoNumber { number: 5, .. })
        ));
        s.reseed().unwrap();
        assert_eq!(order(&s), [2, 3, 1, 4]);
        let draft = s.pair_round(1).unwrap();
        s.add_round(draft).unwrap();
        assert_eq!(s.reseed(), Err(RoundError::NumbersFixed));
        assert_eq!(s.move_to(PlayerId(1), 1), Err(RoundError::NumbersFixed));
    }
}
