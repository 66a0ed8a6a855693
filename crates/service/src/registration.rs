//! Registration: events, sections and players as a director creates them, withdrawals and
//! requested byes. Every value passes [`event::validate`] before anything is stored.

use std::collections::BTreeMap;

use event::age::{AgeClass, Class};
use event::person::PlayerId;
use event::player::Entry;
use event::round::ByeKind;
use event::section::{RoundSchedule, System};
use event::validate::{self, Expected, Field, Invalid};
use serde::Deserialize;

use crate::Service;
use crate::error::ServiceError;
use crate::loaded::{highest_id, load, load_for_entry};
use crate::players::{PlayerForm, admitted, class_of, number, player_of};
use crate::rows::{bye_kind, json, new_player, player_id, store_event, store_section};

/// A new event as its form or API body sends it (`POST /events`).
#[derive(Deserialize)]
pub struct NewEvent {
    /// Name (one line, at most `validate::MAX_TEXT` characters).
    pub name: String,
    /// Venue; empty if not known yet.
    #[serde(default)]
    pub place: String,
    /// First day, `YYYY-MM-DD` or `TT.MM.JJJJ`; the last day starts equal to it.
    pub start_date: String,
}

/// A new section of an event as its form or API body sends it.
#[derive(Deserialize)]
pub struct NewSection {
    /// Name, unique in the event.
    pub name: String,
    /// Rounds of a Swiss (a round robin's follow from its players).
    pub rounds: u32,
    /// `swiss` (default) or `round_robin`.
    #[serde(default)]
    pub system: String,
    /// C.07 codes; empty for the SJRP default.
    #[serde(default)]
    pub tiebreaks: String,
    /// Age classes, comma-separated (`U12,U12w`); empty for open.
    #[serde(default)]
    pub classes: String,
    /// `blitz` for a blitz side event ([`blitz_preset`]); empty for a championship section
    /// with the SJRP defaults.
    #[serde(default)]
    pub preset: String,
    /// Start of round 1, `YYYY-MM-DD HH:MM`; with `interval` every round's start follows.
    #[serde(default)]
    pub start: String,
    /// Minutes from one round's start to the next (1-1440); empty: 20 for blitz, else no
    /// schedule beyond round 1.
    #[serde(default)]
    pub interval: String,
}

/// Minutes between blitz rounds the preset proposes: a 5-minute game lasts at most 10, the
/// rest is pairing and result entry.
pub const BLITZ_INTERVAL: u32 = 20;

/// The blitz preset of the new-section form (Appendix B): 5 minutes per player without
/// increment (`300`), the default time the profile gives blitz (Art. 6.7.1; SJRP §4.3 does not
/// apply), no DWZ evaluation (the Wertungsordnung does not rate blitz), a side event (no title,
/// no DEM place), unsupervised (B.3) until the director decides otherwise (B.4); a round robin
/// ranks by the SJRP round-robin tie-breaks (§6.1).
pub fn blitz_preset(s: &mut event::Section) {
    s.time_control = "300".into();
    s.rating.dwz = false;
    s.kind = event::section::SectionKind::SideEvent;
    s.supervised = false;
    s.default_time_minutes = s.proposed_default_time().unwrap_or(0);
}

/// The schedule from the start of round 1 and the minutes between rounds.
fn schedule(
    start: &str,
    interval: &str,
    default_interval: Option<u32>,
    rounds: u32,
) -> Result<Vec<RoundSchedule>, ServiceError> {
    let start = start.trim();
    if start.is_empty() {
        return Ok(Vec::new());
    }
    let wrong = || {
        ServiceError::BadRequest(format!(
            "start `{start}`: expected YYYY-MM-DD HH:MM, e.g. 2026-04-09 14:00"
        ))
    };
    let (date, time) = start.split_once(char::is_whitespace).ok_or_else(wrong)?;
    let date: event::date::Date = date.parse().map_err(|_| wrong())?;
    let time: event::date::Time = time.trim().parse().map_err(|_| wrong())?;
    let interval = match number(Field::Schedule, interval, 1, 1440)? {
        Some(m) => Some(u32::try_from(m).unwrap_or(1440)),
        None => default_interval,
    };
    let Some(interval) = interval else {
        return Ok(vec![RoundSchedule {
            date,
            time: Some(time),
        }]);
    };
    let first = time.minutes();
    (0..rounds)
        .map(|r| {
            let at = first + r * interval;
            let time = u8::try_from(at / 60)
                .ok()
                .and_then(|h| event::date::Time::new(h, (at % 60) as u8))
                .ok_or_else(|| {
                    ServiceError::BadRequest(format!(
                        "schedule: round {} would start after midnight; start earlier or \
                         shorten the interval",
                        r + 1
                    ))
                })?;
            Ok(RoundSchedule {
                date,
                time: Some(time),
            })
        })
        .collect()
}

impl Service {
    /// Creates an event from a form or API body; returns its id.
    pub async fn create_event(&self, by: Option<i64>, e: &NewEvent) -> Result<i64, ServiceError> {
        let start: event::date::Date = e
            .start_date
            .parse()
            .map_err(|_| Invalid::new(Field::StartDate, Expected::Date, e.start_date.trim()))?;
        let ev = event::Event::new(e.name.trim(), e.place.trim(), start, start);
        store_event(&self.store, by, &ev).await
    }

    /// Creates a section of an event from a form or API body; returns its id.
    pub async fn create_section(
        &self,
        by: Option<i64>,
        event: i64,
        n: &NewSection,
    ) -> Result<i64, ServiceError> {
        let classes = n
            .classes
            .split(',')
            .filter(|c| !c.trim().is_empty())
            .map(|c| {
                c.parse::<Class>()
                    .map_err(|_| Invalid::new(Field::Classes, Expected::Class, c.trim()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let classes = if classes.is_empty() {
            vec![Class::open(AgeClass::Open)]
        } else {
            classes
        };
        let mut s = event::Section::new(n.name.trim(), classes);
        s.rounds = n.rounds;
        s.system = match n.system.as_str() {
            "" | "swiss" => System::Swiss { edition: None },
            "round_robin" => System::RoundRobin { double: false },
            "double_round_robin" => System::RoundRobin { double: true },
            other => {
                return Err(ServiceError::BadRequest(format!(
                    "unknown system `{other}`"
                )));
            }
        };
        let blitz = match n.preset.trim() {
            "" => false,
            "blitz" => true,
            other => {
                return Err(ServiceError::BadRequest(format!(
                    "preset `{other}`: expected blitz or nothing"
                )));
            }
        };
        if blitz {
            blitz_preset(&mut s);
            if matches!(s.system, System::RoundRobin { .. }) {
                s.tiebreaks = event::section::SJRP_ROUND_ROBIN_TIEBREAKS.to_owned();
            }
        }
        if !n.tiebreaks.trim().is_empty() {
            s.tiebreaks = n.tiebreaks.trim().to_owned();
        }
        s.schedule = schedule(
            &n.start,
            &n.interval,
            blitz.then_some(BLITZ_INTERVAL),
            s.rounds,
        )?;
        validate::section(&s)?;
        s.check_settings()?;
        let row = self.store.event(event).await?;
        s.check_rules(crate::rows::domain_event(&row).end)?;
        store_section(&self.store, by, event, &s).await
    }

    /// Registers a player from a form or API body (late entry when `first_round` > 1); returns
    /// the player's id.
    pub async fn add_player(
        &self,
        by: Option<i64>,
        section: i64,
        f: &PlayerForm,
    ) -> Result<i64, ServiceError> {
        let loaded = load_for_entry(&self.store, section).await?;
        let p = player_of(f, PlayerId(0), None)?;
        let s = loaded.section();
        let class = class_of(f, s)?;
        let mut entry = Entry::new(p, class);
        let next_round = u32::try_from(s.played.len() + 1).unwrap_or(u32::MAX);
        let max = u64::from(validate::MAX_ROUNDS);
        entry.first_round = match number(Field::FirstRound, &f.first_round, 1, max)? {
            Some(r) => u32::try_from(r).unwrap_or(u32::MAX).max(next_round),
            None => next_round,
        };
        validate::room(s, 1)?;
        entry.player.id = PlayerId(highest_id(&loaded.event).saturating_add(1));
        let bans = self.entry_bans(&loaded.event, &entry).await?;
        let mut entry = admitted(&loaded, entry, f, bans)?;
        entry.player.id = PlayerId(0);
        let new = new_player(&entry)?;
        Ok(self.store.add_player(by, section, &new).await?)
    }

    /// Withdraws a player after round `after` (absent: takes the withdrawal back); `version`
    /// is the player version the caller read. Returns the player's section.
    pub async fn withdraw(
        &self,
        by: Option<i64>,
        player: i64,
        after: Option<i64>,
        version: i64,
    ) -> Result<i64, ServiceError> {
        let row = self.store.player(player).await?;
        self.store.set_withdrawn(by, player, after, version).await?;
        Ok(row.section)
    }

    /// Records a bye requested by `player` for a future round (TRF `240`); the pairing leaves the
    /// player out of that round and gives the bye. Returns the player's requested byes.
    pub async fn request_bye(
        &self,
        by: Option<i64>,
        player: i64,
        round: u32,
        kind: &str,
    ) -> Result<BTreeMap<u32, ByeKind>, ServiceError> {
        let row = self.store.player(player).await?;
        let loaded = load(&self.store, row.section).await?;
        let s = loaded.section();
        let paired = u32::try_from(s.played.len()).unwrap_or(u32::MAX);
        if round <= paired || round > s.total_rounds().max(1) {
            let (first, last) = (paired + 1, s.total_rounds());
            return Err(ServiceError::rule_in(
                format!(
                    "round {round}: a bye is requested for a round still to be paired ({first}-{last})"
                ),
                format!(
                    "Runde {round}: ein Freilos wird für eine noch nicht ausgeloste Runde beantragt ({first}-{last})"
                ),
            ));
        }
        let mut entry = s
            .entry(player_id(player))
            .cloned()
            .ok_or(ServiceError::NotFound)?;
        let what = match kind.trim() {
            "" | "none" => {
                entry.requested_byes.remove(&round);
                format!("requested bye withdrawn, round {round}")
            }
            code => {
                let kind = bye_kind(code)?;
                if kind == ByeKind::PairingAllocated {
                    return Err(ServiceError::rule_at(
                        event::round::PAIRING_ALLOCATED_BYE,
                        "the pairing-allocated bye is given by the pairing, not requested",
                        "das Freilos der Auslosung (spielfrei) vergibt die Auslosung; beantragen lässt es sich nicht",
                    ));
                }
                entry.requested_byes.insert(round, kind);
                format!("requested bye {code}, round {round}")
            }
        };
        let data = json(&entry)?;
        self.store
            .update_player_data(by, player, &data, row.version, &what)
            .await?;
        Ok(entry.requested_byes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h14_08_blitz_preset_and_a_schedule_of_many_rounds_on_one_day() {
        let mut s = event::Section::new("U14&U12-Blitzturnier", vec![Class::open(AgeClass::U14)]);
        blitz_preset(&mut s);
        assert_eq!(s.game_type(), Some(laws::game_type::GameType::Blitz));
        assert_eq!(s.default_time_minutes, 0);
        assert!(!s.rating.dwz && !s.kind.is_championship());
        let end = event::date::Date::new(2026, 4, 9).unwrap();
        assert_eq!(s.check_rules(end), Ok(()));
        let rounds = schedule("2026-04-09 14:00", "", Some(BLITZ_INTERVAL), 9).unwrap();
        assert_eq!(rounds.len(), 9);
        assert_eq!(rounds[8].time.unwrap().to_string(), "16:40");
        assert!(rounds.iter().all(|r| r.date == end));
        let late = schedule("2026-04-09 19:30", "40", None, 9).unwrap_err();
        assert!(
            late.to_string()
                .contains("round 8 would start after midnight"),
            "{late}"
        );
        assert_eq!(schedule("2026-04-09 19:30", "", None, 9).unwrap().len(), 1);
        assert!(schedule("", "", Some(20), 9).unwrap().is_empty());
        assert!(schedule("09.04.2026", "", None, 9).is_err());
        assert!(schedule("2026-04-09 14:00", "0", None, 9).is_err());
    }
}
