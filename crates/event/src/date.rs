//! Calendar dates, births (date or year), times of day and time zones: the [`calendar`] crate's types,
//! shared with `standings` and `ratinglist`.

pub use calendar::{
    Birth, Date, DateTime, ParseDateError, ParseTimeError, Time, UnknownZone, Zone,
};
