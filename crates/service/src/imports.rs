//! Imports: a TRF16/TRF-2026 file as a new section of an event. Nothing is stored unless the
//! whole file reads, converts and passes [`event::validate`].

use event::trf_io::ImportError;

use crate::Service;
use crate::error::ServiceError;
use crate::players::admit_in_turn;
use crate::rows::store_section;

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

/// The section a TRF file describes, with its published rounds stamped `now` (unix seconds)
/// in the default time zone ([`event::date::Zone::BERLIN`]).
pub fn section_from_trf(bytes: &[u8], now: i64) -> Result<event::Section, TrfProblem> {
    let t = trf::Tournament::from_bytes(bytes).map_err(TrfProblem::Read)?;
    let at = event::date::Zone::default().local(now);
    event::Section::from_trf(&t, at).map_err(TrfProblem::Convert)
}

impl Service {
    /// Stores a section read from a file (see [`section_from_trf`]) as a new section of
    /// `event`; returns its id. Every entry passes [`eligibility::admit`] as a registration
    /// does (a player already in another section of the event, twice in the file, not on the
    /// admission list), with the arbiter's reason `over` for the refused ones; nothing is
    /// stored when one is refused.
    pub async fn import_section(
        &self,
        by: Option<i64>,
        event: i64,
        s: &event::Section,
        over: Option<&str>,
    ) -> Result<i64, ServiceError> {
        let ev = crate::loaded::event_for_entry(&self.store, event).await?;
        let s = admitted(ev, s, over)?;
        store_section(&self.store, by, event, &s).await
    }

    /// Imports a TRF file as a new section of `event` ([`Service::import_section`]); errors
    /// name the line.
    pub async fn import_trf(
        &self,
        by: Option<i64>,
        event: i64,
        bytes: &[u8],
        over: Option<&str>,
    ) -> Result<i64, ServiceError> {
        self.store.event(event).await?;
        let s = section_from_trf(bytes, store::unix_now())?;
        self.import_section(by, event, &s, over).await
    }
}

/// `s` with each entry admitted to the event `ev` (which holds the event's other sections)
/// by [`admit_in_turn`]: the file's start numbers are not the event's player ids, so each is
/// checked under a fresh id, against the other sections and the entries of the file before it.
fn admitted(
    mut ev: event::Event,
    s: &event::Section,
    over: Option<&str>,
) -> Result<event::Section, ServiceError> {
    let mut probe = s.clone();
    probe.entries.clear();
    probe.played.clear();
    ev.sections.insert(0, probe);
    let checked = admit_in_turn(ev, s.entries.iter().cloned(), over)?;
    let mut out = s.clone();
    for (entry, checked) in out.entries.iter_mut().zip(checked) {
        entry.admitted_over = checked.admitted_over;
    }
    Ok(out)
}
