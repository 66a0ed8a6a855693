//! Registration: events, sections and players as a director creates them, withdrawals and
//! requested byes. Every value passes [`event::validate`] before anything is stored.

use std::collections::BTreeMap;

use event::age::{AgeClass, Class};
use event::player::{Entry, Player, PlayerId, Sex};
use event::round::ByeKind;
use event::section::System;
use event::validate::{self, Field};
use serde::Deserialize;

use crate::Service;
use crate::error::ServiceError;
use crate::loaded::load;
use crate::rows::{bye_kind, json, new_player, player_id, store_event, store_section};

#[derive(Deserialize)]
pub struct NewEvent {
    pub name: String,
    #[serde(default)]
    pub place: String,
    pub start_date: String,
}

#[derive(Deserialize)]
pub struct NewSection {
    pub name: String,
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
}

#[derive(Deserialize)]
pub struct PlayerForm {
    pub last_name: String,
    #[serde(default)]
    pub first_name: String,
    /// DWZ (German rating); a JSON number or form text, empty for none.
    #[serde(default, deserialize_with = "rating")]
    pub dwz: String,
    /// FIDE rating; a JSON number or form text, empty for none.
    #[serde(default, deserialize_with = "rating")]
    pub elo: String,
    /// Refused: DWZ and Elo are separate fields.
    #[serde(default)]
    pub rating: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    pub federation: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub birth: String,
    /// `m`, `w` or empty.
    #[serde(default)]
    pub sex: String,
    #[serde(default)]
    pub fide_id: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub class: String,
    #[serde(default)]
    pub first_round: String,
}

/// A rating as a JSON number or text.
fn rating<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Rating {
        Number(u64),
        Text(String),
    }
    Ok(match Rating::deserialize(d)? {
        Rating::Number(n) => n.to_string(),
        Rating::Text(t) => t,
    })
}

impl Service {
    /// Creates an event from a form or API body; returns its id.
    pub async fn create_event(&self, by: Option<i64>, e: &NewEvent) -> Result<i64, ServiceError> {
        let start: event::date::Date = e
            .start_date
            .parse()
            .map_err(|err| ServiceError::BadRequest(format!("start date: {err}")))?;
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
                    .map_err(|e| ServiceError::BadRequest(e.to_string()))
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
        if !n.tiebreaks.trim().is_empty() {
            s.tiebreaks = n.tiebreaks.trim().to_owned();
        }
        validate::section(&s)?;
        s.check_settings()
            .map_err(|e| ServiceError::BadRequest(e.to_string()))?;
        self.store.event(event).await?;
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
        if f.rating.is_some() {
            return Err(ServiceError::BadRequest(
                "rating: not a field; send `dwz` and/or `elo`".into(),
            ));
        }
        let loaded = load(&self.store, section).await?;
        let mut p = Player::new(PlayerId(0), f.last_name.trim(), f.first_name.trim());
        let number = |field: &str, v: &str| -> Result<Option<u64>, ServiceError> {
            let v = v.trim();
            if v.is_empty() {
                return Ok(None);
            }
            v.parse()
                .map(Some)
                .map_err(|_| ServiceError::BadRequest(format!("{field}: `{v}` is not a number")))
        };
        let rating = |field: Field, v: &str| -> Result<Option<u16>, ServiceError> {
            number(field.english(), v)?
                .map(|r| {
                    validate::number(field, r, 0, u64::from(validate::MAX_RATING))?;
                    u16::try_from(r).map_err(|_| ServiceError::Internal(format!("rating {r}")))
                })
                .transpose()
        };
        p.dwz = rating(Field::Dwz, &f.dwz)?;
        p.elo = rating(Field::Elo, &f.elo)?;
        p.fide_id = number("FIDE id", &f.fide_id)?;
        p.federation = f.federation.trim().to_ascii_uppercase();
        p.club = f.club.trim().to_owned();
        p.title = Some(f.title.trim().to_ascii_uppercase()).filter(|t| !t.is_empty());
        p.sex = match f.sex.trim() {
            "" => None,
            "m" | "M" => Some(Sex::Male),
            "w" | "W" | "f" | "F" => Some(Sex::Female),
            other => {
                return Err(ServiceError::BadRequest(format!(
                    "sex: `{other}` (m, w or empty)"
                )));
            }
        };
        if !f.birth.trim().is_empty() {
            p.birth = Some(
                f.birth
                    .parse()
                    .map_err(|e| ServiceError::BadRequest(format!("birth date: {e}")))?,
            );
        }
        let s = loaded.section();
        let class = if f.class.trim().is_empty() {
            s.classes
                .first()
                .copied()
                .unwrap_or(Class::open(AgeClass::Open))
        } else {
            f.class
                .parse()
                .map_err(|e: event::age::ParseClassError| ServiceError::BadRequest(e.to_string()))?
        };
        let mut entry = Entry::new(p, class);
        let next_round = u32::try_from(s.played.len() + 1).unwrap_or(u32::MAX);
        entry.first_round = match number("first round", &f.first_round)? {
            Some(r) => u32::try_from(r).unwrap_or(u32::MAX).max(next_round),
            None => next_round,
        };
        validate::room(s, 1)?;
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
            return Err(ServiceError::rule(format!(
                "round {round}: a bye is requested for a round still to be paired ({}-{})",
                paired + 1,
                s.total_rounds()
            )));
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
                    return Err(ServiceError::BadRequest(
                        "the pairing-allocated bye is given by the pairing, not requested".into(),
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
