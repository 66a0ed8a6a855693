//! Calendar dates for choosing rule editions (e.g. the DWZ Wertungsordnung by a tournament's
//! end date).
//!
//! ```
//! use standings::Date;
//!
//! let d: Date = "2026-06-08".parse().unwrap();
//! assert_eq!(d, Date::new(2026, 6, 8).unwrap());
//! assert_eq!("2026/06/08".parse::<Date>().unwrap(), d);
//! assert!("2026-02-30".parse::<Date>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

/// A day of the Gregorian calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// A date that does not exist or is not written `YYYY-MM-DD` (or `YYYY/MM/DD`, as in TRF-2026).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseDateError(pub String);

impl fmt::Display for ParseDateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a date (expected YYYY-MM-DD)", self.0)
    }
}

impl std::error::Error for ParseDateError {}

impl Date {
    /// The date, if it exists (years 1-9999).
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let leap =
            (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        ((1..=9999).contains(&year) && (1..=days).contains(&day)).then_some(Date {
            year,
            month,
            day,
        })
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = ParseDateError;

    fn from_str(s: &str) -> Result<Date, ParseDateError> {
        let err = || ParseDateError(s.to_string());
        let parts: Vec<&str> = s.trim().split(['-', '/']).collect();
        let [y, m, d] = parts.as_slice() else {
            return Err(err());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(err());
        }
        let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
        if !(digits(y) && digits(m) && digits(d)) {
            return Err(err());
        }
        let (y, m, d) = (
            y.parse().map_err(|_| err())?,
            m.parse().map_err(|_| err())?,
            d.parse().map_err(|_| err())?,
        );
        Date::new(y, m, d).ok_or_else(err)
    }
}
