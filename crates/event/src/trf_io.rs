//! TRF-2026 export and import of a section.

use std::fmt;

use serde::Serialize;

use crate::event::Event;
use crate::section::Section;

/// Why a section cannot be written as TRF.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ExportError {
    /// TRF pairing numbers have four columns (issue 4 item 5): larger sections are refused,
    /// never renumbered or truncated.
    TooManyPlayers(usize),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::TooManyPlayers(n) => write!(
                f,
                "{n} players do not fit TRF (pairing numbers 1-9999); export larger events in another format"
            ),
        }
    }
}

impl std::error::Error for ExportError {}

/// Why a TRF file cannot continue as a section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ImportError {
    /// The file has validation errors (each with line and column).
    Invalid(Vec<String>),
    /// A team tournament.
    Teams,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Invalid(e) => write!(f, "invalid TRF: {}", e.join("; ")),
            ImportError::Teams => f.write_str("team tournaments cannot be imported as a section"),
        }
    }
}

impl std::error::Error for ImportError {}

impl Section {
    /// The section as TRF-2026 with the JaVaFo extensions `XXR`/`XXC` (pairing numbers by
    /// initial ranking).
    pub fn to_trf(&self, event: &Event) -> Result<trf::Tournament, ExportError> {
        todo!("{event:?}")
    }

    /// A section continuing a tournament from a TRF16 or TRF-2026 file.
    pub fn from_trf(t: &trf::Tournament) -> Result<Section, ImportError> {
        todo!("{t:?}")
    }
}
