//! Rating evaluation: FIDE ratings ([`elo`], Handbook B.02), the German DWZ ([`dwz`], DSB
//! Wertungsordnung 2014 and 2026) and the rating-based performance figures ARO, TPR and PTP
//! (C.07 Art. 10).
//!
//! Every rounding step happens where the rules round, on exact integers: expected scores are
//! kept in hundredths (FIDE) or thousandths (DWZ), scores in half-points.
//!
//! ```
//! use standings::rating::{self, Game};
//!
//! let games: Vec<Game> = ["1800=1", "1600=0.5", "2150=1", "1500=0.5", "2050=0.5"]
//!     .iter()
//!     .map(|g| g.parse().unwrap())
//!     .collect();
//! assert_eq!(rating::average_rating(&games), Some(1820));
//! assert_eq!(rating::performance_rating(&games), Some(1969));
//! ```

pub mod dwz;
pub mod elo;

use std::fmt;
use std::str::FromStr;

use crate::score::{ParsePointsError, Points};

/// One rated game: the opponent's rating and the score (0, ½ or 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    /// The opponent's rating.
    pub opponent: u16,
    /// The score against that opponent.
    pub score: Points,
}

/// A game argument that is not `RATING=SCORE` with a score of 0, ½ or 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseGameError {
    /// No `=` between rating and score.
    MissingSeparator(String),
    /// The rating is not a number from 1 to 4000.
    Rating(String),
    /// The score is not a score.
    Score(ParsePointsError),
    /// The score is more than one point.
    ScoreAboveOne(String),
}

impl fmt::Display for ParseGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseGameError::MissingSeparator(s) => {
                write!(
                    f,
                    "`{s}` is not a game (expected RATING=SCORE, e.g. 2073=1)"
                )
            }
            ParseGameError::Rating(s) => {
                write!(f, "`{s}` is not an opponent rating (expected 1-4000)")
            }
            ParseGameError::Score(e) => e.fmt(f),
            ParseGameError::ScoreAboveOne(s) => {
                write!(f, "`{s}`: a game scores 0, 0.5 or 1")
            }
        }
    }
}

impl std::error::Error for ParseGameError {}

impl FromStr for Game {
    type Err = ParseGameError;

    /// `2073=1`, `1938=0.5`, `1938=½`, `1847=0`.
    fn from_str(s: &str) -> Result<Game, ParseGameError> {
        let (rating, score) = s
            .split_once('=')
            .ok_or_else(|| ParseGameError::MissingSeparator(s.to_string()))?;
        let opponent: u16 = rating
            .trim()
            .parse()
            .ok()
            .filter(|r| (1..=4000).contains(r))
            .ok_or_else(|| ParseGameError::Rating(rating.to_string()))?;
        let score: Points = score.parse().map_err(ParseGameError::Score)?;
        if score > Points::ONE {
            return Err(ParseGameError::ScoreAboveOne(s.to_string()));
        }
        Ok(Game { opponent, score })
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.opponent, self.score)
    }
}

/// An exact decimal with a fixed number of places: `Fixed::<2>(64)` is 0.64.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fixed<const PLACES: u32>(pub i64);

/// Hundredths, the unit of the FIDE tables (B.02 8.1).
pub type Hundredths = Fixed<2>;
/// Thousandths, the unit of the DWZ expected score.
pub type Thousandths = Fixed<3>;

impl<const PLACES: u32> Fixed<PLACES> {
    /// The value as a float, for JSON output only.
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / 10f64.powi(PLACES as i32)
    }
}

impl<const PLACES: u32> fmt::Display for Fixed<PLACES> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10i64.pow(PLACES);
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let text = format!(
            "{sign}{}.{:0width$}",
            abs / scale as u64,
            abs % scale as u64,
            width = PLACES as usize
        );
        f.pad(&text)
    }
}

impl Hundredths {
    /// A score in hundredths.
    pub fn from_points(p: Points) -> Hundredths {
        Fixed(i64::from(p.half_points()) * 50)
    }

    /// A whole number in hundredths.
    pub fn from_whole(n: i64) -> Hundredths {
        Fixed(n * 100)
    }
}

/// `num / den` rounded to the nearest integer, halves away from zero (`den > 0`).
pub(crate) fn round_half_away(num: i128, den: i128) -> i128 {
    let q = (2 * num.abs() + den) / (2 * den);
    if num < 0 { -q } else { q }
}

/// `num / den` rounded to the nearest integer, halves upwards (`den > 0`).
pub(crate) fn round_half_up(num: i128, den: i128) -> i128 {
    (2 * num + den).div_euclid(2 * den)
}

/// A score as thousandths of a point.
pub(crate) fn thousandths(points: Points) -> i64 {
    i64::from(points.half_points()) * 500
}

/// The total score of the games.
pub fn total(games: &[Game]) -> Points {
    games.iter().map(|g| g.score).sum()
}

/// ARO (C.07 Art. 10.1): the average rating of the opponents, rounded half up; `None` without
/// games.
pub fn average_rating(games: &[Game]) -> Option<u16> {
    if games.is_empty() {
        return None;
    }
    let sum: i128 = games.iter().map(|g| i128::from(g.opponent)).sum();
    u16::try_from(round_half_up(sum, games.len() as i128)).ok()
}

/// TPR (C.07 Art. 10.2): ARO plus dp of the fractional score rounded to two decimals
/// (B.02 table 8.1.1); `None` without games.
pub fn performance_rating(games: &[Game]) -> Option<i32> {
    let aro = average_rating(games)?;
    let p = elo::fractional_score(total(games), games.len());
    Some(i32::from(aro) + elo::rating_difference(p))
}

/// PTP (C.07 Art. 10.3): the lowest rating whose expected score by the full table 8.1.2
/// (no 400-point rule) reaches the score; a zero score gives the lowest opponent − 800, the
/// one case the article sets apart. A perfect score follows the definition: every expected
/// score must be 1.00, so the highest opponent + 736 (table 8.1.2 gives 1.00 above 735), as
/// the FIDE TEC's checker computes it. `None` without games.
pub fn perfect_performance(games: &[Game]) -> Option<i32> {
    let lowest = i32::from(games.iter().map(|g| g.opponent).min()?);
    let highest = i32::from(games.iter().map(|g| g.opponent).max()?);
    let score = total(games);
    if score == Points::ZERO {
        return Some(lowest - 800);
    }
    let needed = i64::from(score.half_points()) * 50;
    (lowest - 800..=highest + 800).find(|&r| {
        let expected: i64 = games
            .iter()
            .map(|g| elo::expected_score(r - i32::from(g.opponent)).0)
            .sum();
        expected >= needed
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_helpers() {
        assert_eq!(round_half_away(5, 10), 1);
        assert_eq!(round_half_away(-5, 10), -1);
        assert_eq!(round_half_away(-4, 10), 0);
        assert_eq!(round_half_up(-5, 10), 0);
        assert_eq!(round_half_up(15, 10), 2);
        assert_eq!(Hundredths::default().to_string(), "0.00");
        assert_eq!(Fixed::<2>(-7).to_string(), "-0.07");
        assert_eq!(Fixed::<3>(1234).to_string(), "1.234");
    }

    #[test]
    fn games_parse_and_reject() {
        assert_eq!(
            "2073=1".parse::<Game>(),
            Ok(Game {
                opponent: 2073,
                score: Points::ONE
            })
        );
        assert_eq!("1938=½".parse::<Game>().unwrap().score, Points::HALF);
        assert!(matches!(
            "2073".parse::<Game>(),
            Err(ParseGameError::MissingSeparator(_))
        ));
        assert!(matches!(
            "abc=1".parse::<Game>(),
            Err(ParseGameError::Rating(_))
        ));
        assert!(matches!(
            "0=1".parse::<Game>(),
            Err(ParseGameError::Rating(_))
        ));
        assert!(matches!(
            "2000=1.5".parse::<Game>(),
            Err(ParseGameError::ScoreAboveOne(_))
        ));
        assert!(matches!(
            "2000=0.3".parse::<Game>(),
            Err(ParseGameError::Score(_))
        ));
    }
}
