//! FIDE Tournament Report Files (TRF16 and TRF-2026) with the JaVaFo (`XX?`) and
//! bbpPairings (`BB?`) extensions: a typed model, a parser that never panics, validation
//! like the reference pairing engines, and a writer for both editions.
//!
//! Columns are 1-based and counted in characters. Unknown lines are kept verbatim and
//! written back in their place; unchanged lines are written byte for byte.
//!
//! ```
//! use trf::{Points, Tournament};
//!
//! let text = "012 Club Open\r\
//! XXR 5\r\
//! 001    1      Alpha, Anna                       2100                             1.0    1     2 w 1\r\
//! 001    2      Beta, Bert                        2000                             0.0    2     1 b 0\r";
//! let t: Tournament = text.parse()?;
//! assert_eq!(t.name(), Some("Club Open"));
//! assert_eq!(t.total_rounds(), Some(5));
//! assert_eq!(t.rounds_played(), 1);
//! assert_eq!(t.player(1).and_then(|p| p.points), Some(Points::ONE));
//! assert!(t.validate().is_valid());
//! assert_eq!(t.write()?, text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod convert;
mod error;
mod points;
mod record;
pub mod team;
mod tournament;
mod validate;

pub use convert::Conversion;
pub use error::{TrfError, WriteError};
pub use points::{ParsePointsError, Points};
pub use record::{
    AbnormalPoints, Acceleration, Bye, Colour, ForfeitedMatch, Header, LegacyTeam, LineUp,
    NationalRating, PairingOptions, Person, Player, PlayerAcceleration, Prohibited, Record,
    ResultCode, RoundEntry, Sex, Team, TeamPab,
};
pub use tournament::{
    DutchSystem, Format, Line, LineEnding, ParseDutchSystemError, ParseFormatError, Scoring,
    Tournament, WriteOptions, parse_date,
};
pub use validate::{Issue, Report, Severity};
