//! Swiss-system pairings by the FIDE (Dutch) system, Handbook C.04.3.
//!
//! [`dutch::pair_round`] pairs the next round of a tournament described by a
//! [`dutch::Input`]: every player's pairing number, history and availability.
//! Both editions of the rules are supported ([`dutch::DutchEdition`]).
//! [`trf_input`] converts a TRF file read by the `trf` crate into that input.
//!
//! ```
//! use pairing::dutch::{pair_round, Colour, DutchEdition, Input, Player, Scoring};
//!
//! let players = (1..=4).map(|id| Player::new(id, 2000 - id as u16 * 10)).collect();
//! let input = Input {
//!     round: 1,
//!     total_rounds: 5,
//!     initial_colour: Colour::White,
//!     scoring: Scoring::STANDARD,
//!     players,
//!     forbidden_pairs: Vec::new(),
//! };
//! let pairing = pair_round(&input, DutchEdition::Rules2026).unwrap();
//! let pairs: Vec<(u32, u32)> = pairing.boards.iter().map(|b| (b.white, b.black)).collect();
//! assert_eq!(pairs, [(1, 3), (4, 2)]);
//! assert_eq!(pairing.bye, None);
//! ```

#![deny(missing_docs)]

pub mod acceleration;
mod assignment;
pub mod dutch;
pub mod explain;
pub mod generator;
mod matching;
pub mod team;
pub mod trf_input;
