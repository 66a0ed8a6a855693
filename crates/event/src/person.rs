//! Who a player is, as the other modules name them: the internal number, sex as rating lists
//! record it, and the DSB membership. The lowest module of the players: age classes, rounds and
//! team rules use these without the registration around them ([`crate::player`]).
//!
//! ```
//! use event::person::{DsbId, PlayerId, Sex};
//!
//! assert_eq!(PlayerId(7).to_string(), "7");
//! assert_eq!(DsbId { zps: "G0101".into(), member: 12 }.to_string(), "G0101-0012");
//! assert_ne!(Sex::Male, Sex::Female);
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

/// A player's internal number, unique in an event. Not limited to TRF's 9999.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u32);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Sex as recorded in rating lists (TRF column 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sex {
    /// `m`.
    Male,
    /// `w` / `f`.
    Female,
}

/// A DSB membership: club number (ZPS, e.g. `G0101`) and member number in that club.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DsbId {
    /// ZPS club number.
    pub zps: String,
    /// Member number in the club.
    pub member: u32,
}

impl fmt::Display for DsbId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{:04}", self.zps, self.member)
    }
}
