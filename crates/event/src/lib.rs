//! The tournament domain behind `arbiter serve`: events with sections by age class, players and
//! their registrations, rounds paired by the engines, results, standings and TRF exchange.
//!
//! Pure: no I/O, no clock. Dates and moments are parameters; every type is serialisable with
//! serde so a store can keep it.
//!
//! ```
//! use event::date::Date;
//! use event::demo;
//!
//! let event = demo::championship(Date::new(2026, 4, 11).unwrap());
//! let u12 = event.section("U12").unwrap();
//! assert_eq!(u12.played.len(), 7);
//! let table = u12.standings()?;
//! assert_eq!(table.rows[0].rank, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod admission;
pub mod age;
pub mod board;
pub mod checkin;
pub mod date;
pub mod demo;
mod draw;
pub mod dsb_io;
pub mod eligibility;
pub mod entries;
mod event;
pub mod fide_mode;
pub mod game_rules;
pub mod honours;
mod manual;
pub mod person;
pub mod player;
pub mod proceedings;
pub mod public;
pub mod rating;
mod results;
pub mod roster;
pub mod round;
pub mod section;
pub mod seeding;
pub mod stichkampf;
pub mod table;
pub mod team;
pub mod trf_io;
pub mod tribunal;
pub mod validate;

pub use crate::admission::{DuplicateBy, EntryIssue};
pub use crate::entries::{AdmissionList, Admitted};
pub use crate::event::Event;
pub use crate::section::{PairError, RoundError, Section, System, suggest_system};
/// The language of every text shown to a person (German or English).
pub use laws::Lang;
pub use ratinglist::sort_key;
