//! DSB exchange of a section: the report for the DWZ evaluation (DSB Wertungsordnung) in the
//! shape `ratinglist::dsb` writes as DSB XML 2026 or SWI/ELOBASE, and players registered from
//! imported rating lists.
//!
//! Tournament numbers are the pairing numbers ([`Section::ranking`]). Every paired round is
//! reported with its boards in board order, then its byes: forfeits (Art. 6.7.1) are reported as
//! `+:-`, `-:+`, `-:-` and are not rated; a pairing-allocated or full-point bye scores `+`, a
//! half-point bye `0.5`, a zero-point bye or an absence `-`.
//!
//! ```
//! use event::date::{Date, DateTime};
//! use event::demo;
//! use ratinglist::dsb::{self, Pairing};
//!
//! let event = demo::championship(Date::new(2026, 4, 11).unwrap());
//! let u12 = event.section("U12").unwrap();
//! let created = DateTime { date: event.end, time: "18:00".parse()? };
//! let report = u12.dsb_report(&event, created, "tournament-uuid", "file-uuid")?;
//! assert_eq!(report.players.len(), u12.entries.len());
//! assert_eq!(report.rounds.len(), 7);
//! let xml = report.to_dsb_xml()?;
//! let back = dsb::read_xml(xml.as_bytes(), "u12.xml")?;
//! assert_eq!(back.rounds[0].pairings, report.rounds[0].pairings);
//! assert!(matches!(report.rounds[0].pairings[0], Pairing::Game { white: 1, .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use ratinglist::dsb::{self, ByePoints, Pairing, Report, Tournament, TournamentType};
use ratinglist::{ImportedPlayer, Title};

use crate::admission::EntryIssue;
use crate::age::Class;
use crate::date::DateTime;
use crate::event::Event;
use crate::person::{DsbId, PlayerId, Sex};
use crate::player::{Entry, Player};
use crate::round::ByeKind;
use crate::section::{Section, System};
use crate::trf_io::ExportError;

/// Highest tournament number of the DSB formats (three columns in the SWI file).
pub const MAX_PLAYERS: usize = 999;

/// A name-based UUID for the DSB reports' `uuid` and `fileUUID` (two FNV-1a hashes of `key`,
/// version 8, RFC 9562 variant): the same key always gives the same UUID, without a clock or a
/// random source.
pub fn name_uuid(key: &[u8]) -> String {
    let fnv = |offset: u64| {
        key.iter().fold(offset, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    };
    let high = (fnv(0xcbf2_9ce4_8422_2325) & !0xf000) | 0x8000;
    let low = (fnv(0x6c62_272e_07bb_0142) & !(0b11 << 62)) | (0b10 << 62);
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        high >> 32,
        (high >> 16) & 0xffff,
        high & 0xffff,
        low >> 48,
        low & 0xffff_ffff_ffff
    )
}

/// The federation the DSB reports are made for.
const FEDERATION: &str = "GER";

/// What a bye scores in chess points (C.04.1 Art. 3: a pairing-allocated bye scores a win).
fn bye_points(kind: ByeKind) -> ByePoints {
    match kind {
        ByeKind::PairingAllocated | ByeKind::Full => ByePoints::Full,
        ByeKind::Half => ByePoints::Half,
        ByeKind::Zero => ByePoints::Zero,
    }
}

/// The participant with tournament number `number` (also for team reports); values the
/// formats cannot hold are refused.
pub fn report_player(number: u16, p: &Player) -> Result<dsb::Player, ExportError> {
    let refuse = |field: &'static str, value: String| ExportError::PlayerField {
        player: p.id,
        field,
        value,
    };
    let dsb_id = p
        .dsb
        .as_ref()
        .map(|id| {
            let member = u16::try_from(id.member).ok().filter(|&m| m <= 9999);
            match (id.zps.parse(), member) {
                (Ok(zps), Some(member)) => Ok(ratinglist::DsbId { zps, member }),
                _ => Err(refuse("DSB membership", id.to_string())),
            }
        })
        .transpose()?;
    let fide_id = p
        .fide_id
        .filter(|&id| id > 0)
        .map(|id| u32::try_from(id).map_err(|_| refuse("FIDE id", id.to_string())))
        .transpose()?;
    let four_digits = |field, value: Option<u16>| match value {
        Some(v) if v > 9999 => Err(refuse(field, v.to_string())),
        v => Ok(v),
    };
    Ok(dsb::Player {
        number,
        last_name: p.last_name.clone(),
        first_name: p.first_name.clone(),
        club: p.club.clone(),
        federation: p.federation.clone(),
        fide_id,
        dsb_person_id: None,
        dsb_id,
        birth: p.birth,
        sex: p.sex.map(|s| match s {
            Sex::Male => ratinglist::Sex::Male,
            Sex::Female => ratinglist::Sex::Female,
        }),
        elo: four_digits("Elo", p.elo.filter(|&e| e > 0))?,
        dwz: four_digits("DWZ", p.dwz.filter(|&d| d > 0))?,
    })
}

impl Section {
    /// The report for the DWZ evaluation of this section of `event` (DSB XML 2026
    /// `DSB_DWZ_TournamentReport` 2.5 via `to_dsb_xml`, SWI/ELOBASE via `to_swi`): players by
    /// pairing number with name, club, DSB membership (ZPS and member number), FIDE id, birth
    /// date or year (`dobYear`, and `dobDate` when the day is known), sex, Elo and DWZ (a FIDE id or rating of 0 counts as none); every paired round with its date from the schedule. A player
    /// without a board or bye in a paired round reports the bye of [`Entry::unpaired_bye`].
    /// `created` is the day the file is made; `uuid` identifies the tournament across reports
    /// and `file_uuid` this file. Chief arbiter, arbiters and sender are left empty for the
    /// caller. Refused: more than [`MAX_PLAYERS`] players, more than 255 rounds, a board
    /// without result, a DSB membership, FIDE id or rating that does not fit its field.
    pub fn dsb_report(
        &self,
        event: &Event,
        created: DateTime,
        uuid: &str,
        file_uuid: &str,
    ) -> Result<Report, ExportError> {
        let ranking = self.ranking();
        if ranking.len() > MAX_PLAYERS {
            return Err(ExportError::TooManyPlayersForDsb(ranking.len()));
        }
        let total = self.total_rounds();
        let rounds = u8::try_from(total).map_err(|_| ExportError::TooManyRounds(total))?;
        let numbers = self.numbers();
        let number = |id: &PlayerId| {
            numbers
                .get(id)
                .and_then(|&n| u16::try_from(n).ok())
                .ok_or_else(|| ExportError::Report(format!("player {id} is not entered")))
        };
        let players = ranking
            .iter()
            .map(|e| report_player(number(&e.id())?, &e.player))
            .collect::<Result<Vec<_>, _>>()?;
        let mut report_rounds = Vec::with_capacity(self.played.len());
        for (i, round) in self.played.iter().enumerate() {
            let mut pairings = Vec::with_capacity(round.boards.len() + round.byes.len());
            let mut seen = HashSet::new();
            for (b, board) in round.boards.iter().enumerate() {
                // Forfeits stay forfeits (not rated); a pending game cannot be reported.
                let result = board.result;
                if !result.is_decided() {
                    return Err(ExportError::ResultMissing {
                        round: round.number,
                        board: b + 1,
                    });
                }
                seen.extend([board.white, board.black]);
                pairings.push(Pairing::Game {
                    white: number(&board.white)?,
                    black: number(&board.black)?,
                    result,
                });
            }
            let listed = round.byes.iter().map(|b| (b.player, b.kind));
            let absent = ranking
                .iter()
                .map(|e| (e.id(), e.unpaired_bye(round.number)));
            for (player, kind) in listed.chain(absent) {
                if seen.insert(player) {
                    pairings.push(Pairing::Bye {
                        player: number(&player)?,
                        points: bye_points(kind),
                    });
                }
            }
            report_rounds.push(dsb::Round {
                date: self.schedule.get(i).map(|s| s.date),
                pairings,
            });
        }
        let (name, details) = if self.name == event.name {
            (event.name.clone(), String::new())
        } else {
            (format!("{} - {}", event.name, self.name), self.name.clone())
        };
        let report = Report {
            tournament: Tournament {
                name,
                details,
                place: event.venue.clone(),
                federation: FEDERATION.to_string(),
                start: event.start,
                end: event.end,
                rounds,
                kind: match self.system {
                    System::Swiss { .. } => TournamentType::Swiss,
                    System::RoundRobin { .. } => TournamentType::RoundRobin,
                },
                time_control: self.time_control.clone(),
                chief_arbiter: String::new(),
                arbiters: Vec::new(),
                notes: String::new(),
                uuid: uuid.to_string(),
                file_uuid: file_uuid.to_string(),
                sender: String::new(),
                created: created.date,
            },
            players,
            rounds: report_rounds,
        };
        report
            .validate()
            .map_err(|e| ExportError::Report(e.to_string()))?;
        Ok(report)
    }
}

impl Player {
    /// The player `id` from a rating-list record: name, sex, birth date or year (DSB lists give
    /// the year only; it is kept as it is), club, federation, FIDE id, DSB membership, Elo, DWZ
    /// with its index and the first FIDE playing title.
    pub fn from_imported(id: PlayerId, p: &ImportedPlayer) -> Player {
        let mut player = Player::new(id, &p.last_name, &p.first_name);
        player.sex = p.sex.map(|s| match s {
            ratinglist::Sex::Male => Sex::Male,
            ratinglist::Sex::Female => Sex::Female,
        });
        player.birth = p.birth;
        player.club = p.club.clone().unwrap_or_default();
        player.federation = p.federation.clone().unwrap_or_default();
        player.fide_id = p.fide_id.map(u64::from);
        player.dsb = p.dsb_id.as_ref().map(|id| DsbId {
            zps: id.zps.to_string(),
            member: u32::from(id.member),
        });
        player.elo = p.elo;
        player.dwz = p.dwz.map(|d| d.rating);
        player.dwz_index = p.dwz.and_then(|d| d.index);
        player.title = p
            .titles
            .iter()
            .find(|t| !matches!(t, Title::Other(_)))
            .map(|t| t.to_string());
        player
    }
}

impl Event {
    /// The entry for an imported player `id` in `class` of `section`, with its issues
    /// ([`Event::check_entry`]: eligibility, class, and registrations of the event that look
    /// like the same person). Nothing is registered; the caller decides.
    pub fn imported_entry(
        &self,
        section: &Section,
        id: PlayerId,
        p: &ImportedPlayer,
        class: Class,
    ) -> (Entry, Vec<EntryIssue>) {
        let entry = Entry::new(Player::from_imported(id, p), class);
        let issues = self.check_entry(section, &entry);
        (entry, issues)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_is_stable_and_well_formed() {
        let a = name_uuid(b"arbiter section 1 100");
        assert_eq!(a, name_uuid(b"arbiter section 1 100"));
        assert_ne!(a, name_uuid(b"arbiter section 2 100"));
        let parts: Vec<usize> = a.split('-').map(str::len).collect();
        assert_eq!(parts, [8, 4, 4, 4, 12]);
        assert_eq!(&a[14..15], "8", "version 8");
        assert!(
            matches!(&a[19..20], "8" | "9" | "a" | "b"),
            "RFC 9562 variant"
        );
    }
}
