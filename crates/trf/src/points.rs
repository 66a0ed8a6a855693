//! Exact scores as written in TRF (`11.5`, `-1.0`).
//!
//! ```
//! use trf::Points;
//!
//! let p: Points = "2.5".parse()?;
//! assert_eq!(p, Points::from_halves(5));
//! assert_eq!((p + Points::HALF).to_string(), "3.0");
//! # Ok::<(), trf::ParsePointsError>(())
//! ```

use std::fmt;
use std::ops::{Add, AddAssign};
use std::str::FromStr;

/// A score in tenths of a point, exact. TRF writes one decimal (`2.5`); standard
/// scoring only needs halves, custom scoring systems (`162`, `XXS`) may use tenths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Points(i32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point (draw, half-point bye).
    pub const HALF: Points = Points(5);
    /// One point (win).
    pub const ONE: Points = Points(10);

    /// Points from tenths of a point.
    pub const fn from_tenths(tenths: i32) -> Points {
        Points(tenths)
    }

    /// Points from half-points.
    pub const fn from_halves(halves: i32) -> Points {
        Points(halves * 5)
    }

    /// The score in tenths of a point.
    pub const fn tenths(self) -> i32 {
        self.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, rhs: Points) -> Points {
        Points(self.0.saturating_add(rhs.0))
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, rhs: Points) {
        *self = *self + rhs;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// A score that is not a decimal number with at most one significant decimal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePointsError;

impl fmt::Display for ParsePointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a score such as 2.5")
    }
}

impl std::error::Error for ParsePointsError {}

impl FromStr for Points {
    type Err = ParsePointsError;

    fn from_str(s: &str) -> Result<Points, ParsePointsError> {
        let (negative, digits) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (whole, fraction) = digits.split_once(['.', ',']).unwrap_or((digits, ""));
        if whole.is_empty() && fraction.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
            || whole.len() > 6
            || fraction.bytes().skip(1).any(|b| b != b'0')
        {
            return Err(ParsePointsError);
        }
        let whole: i32 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| ParsePointsError)?
        };
        let tenth = fraction.bytes().next().map_or(0, |b| i32::from(b - b'0'));
        let tenths = whole * 10 + tenth;
        Ok(Points(if negative { -tenths } else { tenths }))
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        f.pad(&format!("{sign}{}.{}", abs / 10, abs % 10))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_one_decimal() {
        assert_eq!("11.5".parse::<Points>(), Ok(Points::from_tenths(115)));
        assert_eq!("-1.0".parse::<Points>(), Ok(Points::from_tenths(-10)));
        assert_eq!("3".parse::<Points>(), Ok(Points::from_halves(6)));
        assert_eq!("0.50".parse::<Points>(), Ok(Points::HALF));
        assert_eq!(Points::from_tenths(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>5}", Points::from_tenths(25)), "  2.5");
        for bad in ["", ".", "1.25", "x", "1.5.5", "--1", "1234567"] {
            assert!(bad.parse::<Points>().is_err(), "{bad}");
        }
    }
}
