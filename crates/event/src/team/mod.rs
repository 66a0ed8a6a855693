//! Team competitions of the SJRP Spielordnung: squads in fixed board order (§10.8, §18.7),
//! lineups per round with their scoring rules (§10.9, §10.10, §18.10) and school
//! championships (§18). Pairing and standings of the teams live in [`pairing::team`] and
//! [`standings::team`]; this layer feeds them.
//!
//! ```
//! use event::team::school::{Format, Group};
//! use event::team::squad::Profile;
//!
//! let wk3 = Profile::school(Group::III);
//! assert_eq!(wk3.pseudo_rating, Some(800));
//! // §18.11: at most 7 Swiss rounds; §18.12: at least 15 minutes.
//! let found = wk3.check_settings(Format::Swiss(9), 10);
//! assert_eq!(found.len(), 2);
//! assert_eq!(found[0].article().to_string(), "SJRP §18.11");
//! ```

pub mod lineup;
pub mod school;
pub mod squad;
pub mod withdrawal;
