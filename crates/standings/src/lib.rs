//! Scores, scoring systems and rating evaluation for chess tournaments.
//!
//! [`score`] holds the exact score type and the scoring systems (1/½/0, 3/1/0, the RKST 3/2/1 scheme
//! and team match points); [`rating`] evaluates FIDE ratings (Handbook B.02) and the German DWZ
//! (DSB Wertungsordnung 2014 and 2026); [`tiebreak`] computes the FIDE C.07 tie-breaks (legacy,
//! 2024 and 2026 editions) and the German ones (Buchholzsumme, Siegwertung, DE if complete),
//! ranks a field, holds the regulation presets ([`tiebreak::preset`]) and models the SJRP
//! playoff ([`tiebreak::playoff`]).
//!
//! ```
//! use standings::score::{Outcome, Points, ScoringSystem};
//!
//! let fide = ScoringSystem::STANDARD;
//! let total: Points = [Outcome::Win, Outcome::Draw, Outcome::PairingBye]
//!     .iter()
//!     .map(|&o| fide.points(o))
//!     .sum();
//! assert_eq!(total.to_string(), "2.5");
//! assert_eq!(ScoringSystem::RKST.points(Outcome::Loss).to_string(), "1");
//! ```

#![deny(missing_docs)]

pub mod rating;
pub mod score;
pub mod team;
pub mod tiebreak;

pub use calendar::Date;
pub use score::{Outcome, Points, ScoringSystem};
