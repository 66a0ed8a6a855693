//! Calendar dates, births (date or year) and times of day: the [`calendar`] crate's types,
//! shared with `standings` and `ratinglist`.

pub use calendar::{Birth, Date, DateTime, ParseDateError, ParseTimeError, Time};
