//! A complete, realistic demo championship for `arbiter serve --demo`.

use crate::date::Date;
use crate::event::Event;

/// A 7-round SJRP-style youth championship (U10, U12, U14 with a girls' ranking, U16/U18 merged)
/// with generated players and deterministic results, ending on `today` (or the day before, if the
/// rounds are in progress: round dates run up to `today`).
pub fn championship(today: Date) -> Event {
    todo!("{today}")
}
