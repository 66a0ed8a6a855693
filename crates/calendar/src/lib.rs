//! Calendar dates and times of day, written ISO (`2026-04-07`) or German (`07.04.2026`).
//!
//! ```
//! use calendar::{Date, DateTime, Time};
//!
//! let d: Date = "07.04.2026".parse()?;
//! assert_eq!(d, "2026-04-07".parse()?);
//! assert_eq!(d.to_string(), "2026-04-07");
//! assert_eq!(d.german(), "07.04.2026");
//! assert_eq!(d.add_days(25).to_string(), "2026-05-02");
//! assert_eq!(d.sub_days(7).to_string(), "2026-03-31");
//! let t: Time = "9:30".parse()?;
//! assert_eq!(t.to_string(), "09:30");
//! let start = DateTime { date: d, time: "14:00".parse()? };
//! let published = DateTime { date: "06.04.2026".parse()?, time: "23:30".parse()? };
//! assert_eq!(published.minutes_until(start), 870);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A [`Birth`] is a date or, as DSB lists give it, only the year.

#![deny(missing_docs)]

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A day of the Gregorian calendar (years 1-9999).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Text that is not a date in `YYYY-MM-DD` or `TT.MM.JJJJ` form, or a day that does not exist.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseDateError {
    /// The text given.
    pub input: String,
}

impl fmt::Display for ParseDateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a date (expected YYYY-MM-DD or TT.MM.JJJJ)",
            self.input
        )
    }
}

impl std::error::Error for ParseDateError {}

fn days_in_month(year: u16, month: u8) -> u8 {
    let leap = (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400);
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    }
}

impl Date {
    /// The date, if it exists.
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        ((1..=9999).contains(&year) && day >= 1 && day <= days_in_month(year, month))
            .then_some(Date { year, month, day })
    }

    /// The year.
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month, 1-12.
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, 1-31.
    pub fn day(self) -> u8 {
        self.day
    }

    /// Written `TT.MM.JJJJ`, as German announcements do.
    pub fn german(self) -> String {
        format!("{:02}.{:02}.{:04}", self.day, self.month, self.year)
    }

    /// The date `days` days later (saturating at 9999-12-31).
    pub fn add_days(self, days: u32) -> Date {
        self.shifted(i64::from(days)).unwrap_or(Date::MAX)
    }

    /// The date `days` days earlier (saturating at 0001-01-01).
    pub fn sub_days(self, days: u32) -> Date {
        self.shifted(-i64::from(days)).unwrap_or(Date::MIN)
    }

    /// The first day of year 1.
    pub const MIN: Date = Date {
        year: 1,
        month: 1,
        day: 1,
    };

    /// The last day of year 9999.
    pub const MAX: Date = Date {
        year: 9999,
        month: 12,
        day: 31,
    };

    /// The date `days` days on (back if negative), if still in years 1-9999.
    fn shifted(self, days: i64) -> Option<Date> {
        let to = self
            .civil()
            .checked_add(jiff::Span::new().try_days(days).ok()?);
        to.ok().and_then(Date::from_civil)
    }

    fn civil(self) -> jiff::civil::Date {
        jiff::civil::date(self.year as i16, self.month as i8, self.day as i8)
    }

    fn from_civil(d: jiff::civil::Date) -> Option<Date> {
        Date::new(
            u16::try_from(d.year()).ok()?,
            u8::try_from(d.month()).ok()?,
            u8::try_from(d.day()).ok()?,
        )
    }

    /// Completed years of life on `on` for someone born on `self` (0 if `on` is earlier). A
    /// birthday on 29 February is reached on 1 March in common years.
    pub fn age_on(self, on: Date) -> u16 {
        if on < self {
            return 0;
        }
        let years = on.year - self.year;
        if (on.month, on.day) < (self.month, self.day) {
            years - 1
        } else {
            years
        }
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Date {
    type Err = ParseDateError;

    /// Reads `YYYY-MM-DD`, `YYYY/MM/DD` (TRF) or `TT.MM.JJJJ` (German; one-digit day and month
    /// allowed).
    fn from_str(s: &str) -> Result<Date, ParseDateError> {
        let err = || ParseDateError {
            input: s.to_string(),
        };
        let t = s.trim();
        let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        let (y, m, d) = if t.contains('.') {
            let parts: Vec<&str> = t.split('.').collect();
            let [d, m, y] = parts.as_slice() else {
                return Err(err());
            };
            if y.len() != 4 || d.len() > 2 || m.len() > 2 {
                return Err(err());
            }
            (*y, *m, *d)
        } else {
            let parts: Vec<&str> = t.split(['-', '/']).collect();
            let [y, m, d] = parts.as_slice() else {
                return Err(err());
            };
            if y.len() != 4 || m.len() != 2 || d.len() != 2 {
                return Err(err());
            }
            (*y, *m, *d)
        };
        if !(digits(y) && digits(m) && digits(d)) {
            return Err(err());
        }
        let y = y.parse().map_err(|_| err())?;
        let m = m.parse().map_err(|_| err())?;
        let d = d.parse().map_err(|_| err())?;
        Date::new(y, m, d).ok_or_else(err)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A birth as lists and forms give it: a full date, or only the year (DSB lists carry the
/// Geburtsjahr alone; no date is invented for it). Written `YYYY-MM-DD` or `YYYY`.
///
/// ```
/// use calendar::{Birth, Date};
///
/// let year: Birth = "2014".parse()?;
/// let day: Birth = "2014-05-31".parse()?;
/// assert_eq!((year.year(), day.year()), (2014, 2014));
/// assert_eq!((year.to_string(), day.to_string()), ("2014".to_string(), "2014-05-31".to_string()));
/// let cut_off = Date::new(2025, 12, 31).unwrap();
/// assert_eq!(year.age_on(cut_off), Some(11)); // any day of 2014 gives 11 on 31 December
/// assert_eq!(year.age_on(Date::new(2026, 6, 1).unwrap()), None); // 11 or 12
/// # Ok::<(), calendar::ParseDateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Birth {
    /// Only the year is known (1-9999).
    Year(u16),
    /// The day is known.
    Date(Date),
}

impl Birth {
    /// The birth year.
    pub fn year(self) -> u16 {
        match self {
            Birth::Year(y) => y,
            Birth::Date(d) => d.year(),
        }
    }

    /// The birth date, if the day is known.
    pub fn date(self) -> Option<Date> {
        match self {
            Birth::Year(_) => None,
            Birth::Date(d) => Some(d),
        }
    }

    /// The lowest and highest completed years of life on `on` ([`Date::age_on`]): equal for a
    /// known day; for a year alone, the ages of someone born on 31 December and on 1 January.
    pub fn ages_on(self, on: Date) -> (u16, u16) {
        match self {
            Birth::Date(d) => (d.age_on(on), d.age_on(on)),
            Birth::Year(y) => {
                let day = |month, day| Date::new(y, month, day).map_or(0, |d| d.age_on(on));
                (day(12, 31), day(1, 1))
            }
        }
    }

    /// The completed years of life on `on`, if the birth decides it (a year alone decides it
    /// when `on` is 31 December).
    pub fn age_on(self, on: Date) -> Option<u16> {
        let (low, high) = self.ages_on(on);
        (low == high).then_some(low)
    }
}

impl From<Date> for Birth {
    fn from(d: Date) -> Birth {
        Birth::Date(d)
    }
}

impl fmt::Display for Birth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Birth::Year(y) => write!(f, "{y:04}"),
            Birth::Date(d) => d.fmt(f),
        }
    }
}

impl FromStr for Birth {
    type Err = ParseDateError;

    /// `YYYY` (1-9999), or a date as [`Date`] reads it (`YYYY-MM-DD`, `TT.MM.JJJJ`).
    fn from_str(s: &str) -> Result<Birth, ParseDateError> {
        let t = s.trim();
        if t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()) {
            return match t.parse() {
                Ok(y) if y > 0 => Ok(Birth::Year(y)),
                _ => Err(ParseDateError {
                    input: s.to_string(),
                }),
            };
        }
        t.parse().map(Birth::Date)
    }
}

impl Serialize for Birth {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Birth {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Birth, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A time of day in minutes, written `HH:MM` (also `H:MM` and `HH.MM` in input).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Time {
    hour: u8,
    minute: u8,
}

/// Text that is not a time of day `HH:MM`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTimeError {
    /// The text given.
    pub input: String,
}

impl fmt::Display for ParseTimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not a time of day (expected HH:MM)", self.input)
    }
}

impl std::error::Error for ParseTimeError {}

impl Time {
    /// The time, if `hour` < 24 and `minute` < 60.
    pub fn new(hour: u8, minute: u8) -> Option<Time> {
        (hour < 24 && minute < 60).then_some(Time { hour, minute })
    }

    /// The hour, 0-23.
    pub fn hour(self) -> u8 {
        self.hour
    }

    /// The minute, 0-59.
    pub fn minute(self) -> u8 {
        self.minute
    }

    /// Minutes since midnight.
    pub fn minutes(self) -> u32 {
        u32::from(self.hour) * 60 + u32::from(self.minute)
    }
}

impl fmt::Display for Time {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.hour, self.minute)
    }
}

impl FromStr for Time {
    type Err = ParseTimeError;

    fn from_str(s: &str) -> Result<Time, ParseTimeError> {
        let err = || ParseTimeError {
            input: s.to_string(),
        };
        let (h, m) = s.trim().split_once([':', '.']).ok_or_else(err)?;
        let ok = |p: &str, max: usize| {
            !p.is_empty() && p.len() <= max && p.bytes().all(|b| b.is_ascii_digit())
        };
        if !ok(h, 2) || !ok(m, 2) || m.len() != 2 {
            return Err(err());
        }
        Time::new(h.parse().map_err(|_| err())?, m.parse().map_err(|_| err())?).ok_or_else(err)
    }
}

impl Serialize for Time {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Time, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A moment given to the domain by the caller (the domain never reads a clock).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DateTime {
    /// The day.
    pub date: Date,
    /// The time of day.
    pub time: Time,
}

impl DateTime {
    /// Minutes from `self` until `later` (negative if `later` is earlier), both read in the
    /// same time zone.
    pub fn minutes_until(self, later: DateTime) -> i64 {
        let days = i64::from((later.date.civil() - self.date.civil()).get_days());
        days * 1440 + i64::from(later.time.minutes()) - i64::from(self.time.minutes())
    }
}

impl fmt::Display for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.date, self.time)
    }
}

/// The time zone an event is played in, by its IANA name (`Europe/Berlin`): the clock on the
/// playing hall's wall. Moments kept as Unix seconds are read in it, so that a publication time
/// and a round's start time (both local) can be compared and shown.
///
/// ```
/// use calendar::Zone;
///
/// let berlin = Zone::default();
/// assert_eq!(berlin.name(), "Europe/Berlin");
/// assert_eq!(berlin.local(1_780_000_000).to_string(), "2026-05-28 22:26");
/// assert_eq!(berlin.local(1_767_225_600).to_string(), "2026-01-01 01:00");
/// assert!(Zone::new("Europe/Atlantis").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zone {
    name: String,
    tz: jiff::tz::TimeZone,
}

/// A time zone name the time zone database does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownZone {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownZone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a time zone (expected an IANA name such as Europe/Berlin)",
            self.name
        )
    }
}

impl std::error::Error for UnknownZone {}

impl Zone {
    /// The zone of German events, and the default.
    pub const BERLIN: &str = "Europe/Berlin";

    /// The zone named `name` (an IANA name, e.g. `Europe/Berlin`, `UTC`).
    pub fn new(name: &str) -> Result<Zone, UnknownZone> {
        let name = name.trim();
        let unknown = || UnknownZone {
            name: name.to_string(),
        };
        if name.is_empty() || name.len() > 64 {
            return Err(unknown());
        }
        let tz = jiff::tz::TimeZone::get(name).map_err(|_| unknown())?;
        let name = tz.iana_name().unwrap_or(name).to_string();
        Ok(Zone { name, tz })
    }

    /// The IANA name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The local date and time (to the minute) of the moment `unix` seconds after
    /// 1970-01-01 00:00 UTC; moments outside years 1-9999 are read as their nearest end.
    pub fn local(&self, unix: i64) -> DateTime {
        let at = jiff::Timestamp::from_second(unix).unwrap_or(if unix < 0 {
            jiff::Timestamp::MIN
        } else {
            jiff::Timestamp::MAX
        });
        let civil = self.tz.to_datetime(at);
        let date =
            Date::from_civil(civil.date()).unwrap_or(if unix < 0 { Date::MIN } else { Date::MAX });
        let time = Time {
            hour: civil.hour().unsigned_abs(),
            minute: civil.minute().unsigned_abs(),
        };
        DateTime { date, time }
    }
}

impl Default for Zone {
    fn default() -> Zone {
        Zone::new(Zone::BERLIN).unwrap_or_else(|_| Zone {
            name: "UTC".to_string(),
            tz: jiff::tz::TimeZone::UTC,
        })
    }
}

impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

impl FromStr for Zone {
    type Err = UnknownZone;

    fn from_str(s: &str) -> Result<Zone, UnknownZone> {
        Zone::new(s)
    }
}

impl Serialize for Zone {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Zone {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Zone, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h16_05_days_are_counted_by_jiff_and_saturate_at_the_ends() {
        assert_eq!(date("2024-02-28").add_days(1), date("2024-02-29"));
        assert_eq!(date("2023-02-28").add_days(1), date("2023-03-01"));
        assert_eq!(date("2026-03-01").sub_days(1), date("2026-02-28"));
        assert_eq!(date("2000-01-01").add_days(366 * 3), date("2003-01-03"));
        assert_eq!(date("9999-12-30").add_days(5), Date::MAX);
        assert_eq!(date("0001-01-02").sub_days(5), Date::MIN);
        assert_eq!(date("2026-01-01").add_days(u32::MAX), Date::MAX);
        let eve = DateTime {
            date: date("2026-12-31"),
            time: "23:30".parse().unwrap(),
        };
        let morning = DateTime {
            date: date("2027-01-01"),
            time: "09:00".parse().unwrap(),
        };
        assert_eq!(eve.minutes_until(morning), 570);
        assert_eq!(morning.minutes_until(eve), -570);
    }

    #[test]
    fn h16_05_local_time_follows_summer_time() {
        let berlin = Zone::default();
        // 29 March 2026, 00:59 and 01:00 UTC: the clocks go from 02:00 to 03:00 CEST.
        assert_eq!(berlin.local(1_774_745_940).to_string(), "2026-03-29 01:59");
        assert_eq!(berlin.local(1_774_746_000).to_string(), "2026-03-29 03:00");
        let utc = Zone::new("UTC").unwrap();
        assert_eq!(utc.local(0).to_string(), "1970-01-01 00:00");
        assert_eq!(utc.local(i64::MAX).date.year(), 9999);
        assert_eq!(
            Zone::new(" europe/berlin ").map(|z| z.name().to_string()),
            Ok("Europe/Berlin".into())
        );
        let json = serde_json::to_string(&berlin).unwrap();
        assert_eq!(json, "\"Europe/Berlin\"");
        assert!(serde_json::from_str::<Zone>("\"Mars/Olympus\"").is_err());
    }

    fn date(s: &str) -> Date {
        s.parse().unwrap()
    }

    #[test]
    fn h12_06_birth_reads_and_writes_year_or_date() {
        assert_eq!("2011".parse::<Birth>(), Ok(Birth::Year(2011)));
        assert_eq!(
            "03.05.2014".parse::<Birth>(),
            Ok(Birth::Date(date("2014-05-03")))
        );
        assert_eq!(Birth::Year(2011).to_string(), "2011");
        assert_eq!(Birth::Date(date("2014-05-03")).to_string(), "2014-05-03");
        for bad in ["0000", "201", "20111", "2011-13-01", "x", ""] {
            assert!(bad.parse::<Birth>().is_err(), "{bad}");
        }
        assert_eq!(Birth::Year(2011).date(), None);
        assert_eq!(
            Birth::from(date("2014-05-03")).date(),
            Some(date("2014-05-03"))
        );
    }

    #[test]
    fn h12_06_birth_year_decides_the_age_only_on_31_december() {
        let y = Birth::Year(2014);
        assert_eq!(y.age_on(date("2025-12-31")), Some(11));
        assert_eq!(y.age_on(date("2026-12-31")), Some(12));
        assert_eq!(y.ages_on(date("2026-01-01")), (11, 12));
        assert_eq!(y.age_on(date("2026-01-01")), None);
        assert_eq!(y.ages_on(date("2013-06-01")), (0, 0));
        let d = Birth::Date(date("2014-05-03"));
        assert_eq!(d.age_on(date("2026-05-02")), Some(11));
        assert_eq!(d.age_on(date("2026-05-03")), Some(12));
    }

    #[test]
    fn h12_06_birth_serialises_as_its_text() {
        let json = |b: Birth| serde_json::to_string(&b).unwrap();
        assert_eq!(json(Birth::Year(2011)), "\"2011\"");
        assert_eq!(json(Birth::Date(date("2014-05-03"))), "\"2014-05-03\"");
        let back: Birth = serde_json::from_str("\"2014-05-03\"").unwrap();
        assert_eq!(back, Birth::Date(date("2014-05-03")));
        assert!(serde_json::from_str::<Birth>("\"0000\"").is_err());
    }
}
