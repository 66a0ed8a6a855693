//! Player lists in, DSB evaluation files out.
//!
//! Readers for the FIDE rating list ([`fide`]: TXT with columns taken from the header line, and
//! XML), the DSB lists `spieler.csv` v1/v2 and `vereine.csv` ([`dsb`]) and any CSV file with a
//! header row in German or English ([`csv`]). Each reader returns [`ImportedPlayer`] records and,
//! for rows it could not read, an [`Error`] naming the file, line, column and what was expected;
//! a file that cannot be read at all (wrong header, wrong encoding) is one `Err`. [`duplicates`]
//! finds the same person twice and [`PlayerIndex`] looks players up for a registration form.
//! [`dsb::Report`] writes the DSB XML 2026 report and the SWI/ELOBASE text for the DWZ
//! evaluation (Wertungsordnung). The crate does no I/O: input comes as bytes.
//!
//! ```
//! use ratinglist::{dsb, Sex};
//!
//! let csv = "ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,\
//! Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n\
//! \"C0327\",\"12\",\"A\",\"Quast,Ida\",\"W\",\"D\",\"2011\",\"202605\",\"1432\",\"17\",\"0\",\"\",\"0\",\"GER\"\n";
//! let import = dsb::read_spieler(csv.as_bytes(), "spieler.csv").unwrap();
//! let ida = &import.players[0];
//! assert_eq!((ida.last_name.as_str(), ida.first_name.as_str()), ("Quast", "Ida"));
//! assert_eq!(ida.sex, Some(Sex::Female));
//! assert_eq!(ida.dwz.map(|d| (d.rating, d.index)), Some((1432, Some(17))));
//! assert_eq!(ida.dsb_id.as_ref().map(|id| id.to_string()).as_deref(), Some("C0327-12"));
//! ```

#![deny(missing_docs)]

mod cp850;
pub mod csv;
pub mod dsb;
mod dupes;
mod error;
pub mod fide;
mod player;
pub mod text;

pub use calendar::{Birth, Date, ParseDateError};
pub use dupes::{Duplicate, PlayerIndex, Reason, duplicates, normalise_name, sort_key};
pub use error::{Error, ErrorKind, Import};
pub use player::{DsbId, Dwz, ImportedPlayer, Sex, Status, Title, Zps};
