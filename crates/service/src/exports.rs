//! The files of a section for the DWZ evaluation: DSB XML 2026 (`DSB_DWZ_TournamentReport`
//! 2.5) and SWI/ELOBASE in CP850, both from [`event::Section::dsb_report`] over the published
//! rounds, and the section as TRF-2026 text. They carry birth dates and memberships: arbiters
//! only (the callers check the role).

use std::sync::Arc;

use event::dsb_io::name_uuid;
use ratinglist::dsb::Report;

use crate::{Loaded, Service, ServiceError};

/// An export the data cannot be written as: the reason in English and German.
fn not_exported(format: &str, e: &dyn std::fmt::Display) -> ServiceError {
    ServiceError::rule_in(
        format!("{format}: {e}"),
        format!("{format} kann nicht geschrieben werden: {e}"),
    )
}

impl Service {
    /// The DSB report of the published rounds of a section: the tournament UUID stays the same
    /// for the section, the file UUID changes with the section's content.
    pub async fn dsb_report(&self, id: i64) -> Result<(Arc<Loaded>, Report), ServiceError> {
        let revision = self.store.section_revision(id).await?;
        let loaded = self.section(id).await?;
        let tournament = name_uuid(
            format!(
                "arbiter event {} section {id} {}",
                loaded.event_row.id, loaded.section_row.name
            )
            .as_bytes(),
        );
        let file = name_uuid(format!("{tournament} revision {revision}").as_bytes());
        let report = loaded
            .section()
            .published()
            .dsb_report(
                &loaded.event,
                loaded.event.zone.local(store::unix_now()),
                &tournament,
                &file,
            )
            .map_err(|e| not_exported("DSB report", &e))?;
        Ok((loaded, report))
    }

    /// The DSB XML 2026 file of a section (UTF-8).
    pub async fn dsb_xml(&self, id: i64) -> Result<(Arc<Loaded>, Vec<u8>), ServiceError> {
        let (loaded, report) = self.dsb_report(id).await?;
        let xml = report
            .to_dsb_xml()
            .map_err(|e| not_exported("DSB XML", &e))?;
        Ok((loaded, xml.into_bytes()))
    }

    /// The SWI/ELOBASE file of a section (CP850).
    pub async fn swi(&self, id: i64) -> Result<(Arc<Loaded>, Vec<u8>), ServiceError> {
        let (loaded, report) = self.dsb_report(id).await?;
        let bytes = report.to_swi().map_err(|e| not_exported("SWI", &e))?;
        Ok((loaded, bytes))
    }
}

impl Loaded {
    /// The section as TRF-2026 text ([`Loaded::trf`]: the public's TRF for a public view).
    pub fn trf_text(&self) -> Result<String, ServiceError> {
        self.trf()?.write().map_err(|e| not_exported("TRF", &e))
    }

    /// The name of a download of this section: event, section and the last published round,
    /// in letters, digits and `-` only (`RLP-EM-2026_U12_R3.trf`; no round before the first
    /// is published).
    pub fn file_name(&self, extension: &str) -> String {
        let round = self
            .rounds
            .iter()
            .filter(|(r, _)| r.published)
            .map(|(r, _)| r.number)
            .max();
        self.name_with_round(extension, round)
    }

    /// The name of a download of this team section with team round `round` the last shown
    /// (none before the first).
    pub fn team_file_name(&self, extension: &str, round: i64) -> String {
        self.name_with_round(extension, Some(round).filter(|&r| r > 0))
    }

    fn name_with_round(&self, extension: &str, round: Option<i64>) -> String {
        let event = file_part(&self.event_row.name);
        let section = file_part(&self.section_row.name);
        let mut name = format!("{event}_{section}");
        if let Some(n) = round {
            name.push_str(&format!("_R{n}"));
        }
        format!("{name}.{extension}")
    }
}

/// Longest part of a file name taken from a name.
const FILE_PART: usize = 60;

/// A name as part of a file name: `ä ö ü ß` spelt out, other letters and digits of ASCII kept,
/// anything else one `-`; `x` if nothing is left.
fn file_part(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if out.len() >= FILE_PART {
            break;
        }
        let spelt = match c {
            'ä' => "ae",
            'ö' => "oe",
            'ü' => "ue",
            'Ä' => "Ae",
            'Ö' => "Oe",
            'Ü' => "Ue",
            'ß' => "ss",
            c if c.is_ascii_alphanumeric() => {
                out.push(c);
                continue;
            }
            _ => "-",
        };
        if spelt != "-" || !(out.is_empty() || out.ends_with('-')) {
            out.push_str(spelt);
        }
    }
    let part = out.trim_end_matches('-');
    if part.is_empty() {
        "x".into()
    } else {
        part.into()
    }
}

#[cfg(test)]
mod tests {
    use super::file_part;

    #[test]
    fn h14_09_file_names_keep_letters_digits_and_dashes() {
        assert_eq!(file_part("RLP-EM 2026"), "RLP-EM-2026");
        assert_eq!(
            file_part("Rheinland-Pfälzische EM / Süd"),
            "Rheinland-Pfaelzische-EM-Sued"
        );
        assert_eq!(file_part("  Große Gruppe: U14w  "), "Grosse-Gruppe-U14w");
        assert_eq!(file_part("\"../../etc\""), "etc");
        assert_eq!(file_part("Шахматы"), "x");
        assert!(file_part(&"Turnier ".repeat(40)).len() <= super::FILE_PART + 1);
    }
}
