//! Calendar dates and times of day: the [`calendar`] crate's types, shared with `standings`
//! and `ratinglist`.

pub use calendar::{Date, DateTime, ParseDateError, ParseTimeError, Time};
