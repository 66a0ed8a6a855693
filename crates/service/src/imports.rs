//! Imports: a TRF16/TRF-2026 file as a new section of an event. Nothing is stored unless the
//! whole file reads, converts and passes [`event::validate`].

use event::trf_io::ImportError;

use crate::Service;
use crate::error::ServiceError;
use crate::rows::{moment, store_section};

pub use trf::TrfError;

/// Why a TRF file cannot become a section.
#[derive(Debug)]
pub enum TrfProblem {
    /// The file does not read as TRF (the error names the line).
    Read(TrfError),
    /// It reads, but does not convert into a section.
    Convert(ImportError),
}

impl From<TrfProblem> for ServiceError {
    fn from(p: TrfProblem) -> ServiceError {
        match p {
            TrfProblem::Read(e) => ServiceError::BadRequest(format!("TRF: {e}")),
            TrfProblem::Convert(ImportError::Field(v)) => ServiceError::Invalid(v),
            TrfProblem::Convert(e) => ServiceError::BadRequest(format!("TRF: {e}")),
        }
    }
}

/// The section a TRF file describes, with its published rounds stamped `now` (unix seconds).
pub fn section_from_trf(bytes: &[u8], now: i64) -> Result<event::Section, TrfProblem> {
    let t = trf::Tournament::from_bytes(bytes).map_err(TrfProblem::Read)?;
    event::Section::from_trf(&t, moment(now)).map_err(TrfProblem::Convert)
}

impl Service {
    /// Stores a section read from a file (see [`section_from_trf`]) as a new section of
    /// `event`; returns its id.
    pub async fn import_section(
        &self,
        by: Option<i64>,
        event: i64,
        s: &event::Section,
    ) -> Result<i64, ServiceError> {
        self.store.event(event).await?;
        store_section(&self.store, by, event, s).await
    }

    /// Imports a TRF file as a new section of `event`; errors name the line.
    pub async fn import_trf(
        &self,
        by: Option<i64>,
        event: i64,
        bytes: &[u8],
    ) -> Result<i64, ServiceError> {
        self.store.event(event).await?;
        let s = section_from_trf(bytes, store::unix_now())?;
        store_section(&self.store, by, event, &s).await
    }
}
