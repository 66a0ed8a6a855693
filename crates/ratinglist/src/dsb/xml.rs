//! DSB XML 2026: `DSB_DWZ_TournamentReport` version 2.5.

use std::fmt::Write;

use super::{ByePoints, Pairing, Report, ReportError};
use crate::Birth;

const NAMESPACE: &str = "http://www.schachbund.de/XMLSchema";
const SCHEMA: &str =
    "https://www.schachbund.de/files/wertungsportal/XMLSchema/2026/DSB_DWZ_Tounament_2_5.xsd";

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// `<name>value</name>` at `indent`, skipped when `value` is empty.
fn element(out: &mut String, indent: usize, name: &str, value: &str) {
    if !value.is_empty() {
        let _ = writeln!(out, "{:indent$}<{name}>{}</{name}>", "", escape(value));
    }
}

impl Report {
    /// The DSB XML 2026 report (UTF-8). Empty or unknown values are left out; a player without
    /// PKZ gets the `dsbId` `FI<FIDE ID>`, or `NU<tournament number>` without either. A bye is
    /// a game with `noneBlackPlayer`, scoring `+` (full), `0.5` or `-` for the player.
    /// Fails when [`Report::validate`] does.
    pub fn to_dsb_xml(&self) -> Result<String, ReportError> {
        self.validate()?;
        let t = &self.tournament;
        let mut x = String::new();
        x.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            x,
            "<DSB_DWZ_TournamentReport xmlns=\"{NAMESPACE}\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"{NAMESPACE} {SCHEMA}\" version=\"2.5\">"
        );
        x.push_str("  <header>\n");
        element(&mut x, 4, "creationDate", &t.created.to_string());
        element(&mut x, 4, "sender", &t.sender);
        element(
            &mut x,
            4,
            "system",
            concat!("Arbiter ", env!("CARGO_PKG_VERSION")),
        );
        element(&mut x, 4, "fileUUID", &t.file_uuid);
        x.push_str("  </header>\n  <tournament>\n");
        element(&mut x, 4, "tournamentUUID", &t.uuid);
        element(&mut x, 4, "label", &t.name);
        element(&mut x, 4, "tournamentType", t.kind.code());
        element(&mut x, 4, "timecontrol", &t.time_control);
        element(&mut x, 4, "rounds", &t.rounds.to_string());
        element(&mut x, 4, "startDate", &t.start.to_string());
        element(&mut x, 4, "endDate", &t.end.to_string());
        element(&mut x, 4, "location", &t.place);
        element(&mut x, 4, "notes", &t.notes);
        x.push_str("  </tournament>\n  <players>\n");
        for p in &self.players {
            x.push_str("    <player>\n");
            element(&mut x, 6, "tournamentPlayerNumber", &p.number.to_string());
            let dsb_id = match (&p.dsb_person_id, p.fide_id) {
                (Some(pkz), _) => pkz.clone(),
                (None, Some(fide)) => format!("FI{fide}"),
                (None, None) => format!("NU{}", p.number),
            };
            element(&mut x, 6, "dsbId", &dsb_id);
            element(&mut x, 6, "surname", &p.last_name);
            element(&mut x, 6, "forename", &p.first_name);
            if let Some(b) = p.birth {
                element(&mut x, 6, "dobYear", &b.year().to_string());
                if let Birth::Date(d) = b {
                    element(&mut x, 6, "dobDate", &d.to_string());
                }
            }
            if let Some(id) = &p.dsb_id {
                element(&mut x, 6, "vkz", id.zps.as_str());
                element(&mut x, 6, "numberClubMember", &id.member.to_string());
            }
            element(&mut x, 6, "club", &p.club);
            element(
                &mut x,
                6,
                "fideId",
                &p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
            );
            element(
                &mut x,
                6,
                "fideRating",
                &p.elo.map(|i| i.to_string()).unwrap_or_default(),
            );
            let sex = match p.sex {
                Some(crate::Sex::Male) => "m",
                Some(crate::Sex::Female) => "w",
                None => "",
            };
            element(&mut x, 6, "sex", sex);
            x.push_str("    </player>\n");
        }
        x.push_str("  </players>\n  <games>\n");
        for (r, round) in self.rounds.iter().enumerate() {
            for pairing in &round.pairings {
                x.push_str("    <game>\n");
                element(&mut x, 6, "round", &(r + 1).to_string());
                element(
                    &mut x,
                    6,
                    "date",
                    &round.date.map(|d| d.to_string()).unwrap_or_default(),
                );
                let (white, black, points) = match *pairing {
                    Pairing::Game {
                        white,
                        black,
                        result,
                    } => (white, Some(black), result.points()),
                    Pairing::Bye { player, points } => {
                        let own = match points {
                            ByePoints::Full => "+",
                            ByePoints::Half => "0.5",
                            ByePoints::Zero => "-",
                        };
                        (player, None, (own, "-"))
                    }
                };
                element(&mut x, 6, "tournamentPlayerNumberWhite", &white.to_string());
                match black {
                    Some(b) => element(&mut x, 6, "tournamentPlayerNumberBlack", &b.to_string()),
                    None => element(&mut x, 6, "noneBlackPlayer", "true"),
                }
                element(&mut x, 6, "pointWhite", points.0);
                element(&mut x, 6, "pointBlack", points.1);
                x.push_str("    </game>\n");
            }
        }
        x.push_str("  </games>\n</DSB_DWZ_TournamentReport>\n");
        Ok(x)
    }
}
