//! The players of a section as a director edits them: every field of a registration with
//! optimistic locking ([`event::roster::edit`]), deleting a wrong entry and merging a duplicate
//! before either is paired ([`event::roster::delete`], [`event::roster::merge`], C.04.2). Every
//! registration and edit passes [`event::eligibility::admit`] (age class with the cut-off day,
//! girls' classes, the section's classes, the admission list, duplicates): a refused entry is
//! stored only with the arbiter's reason, which stays on the entry and in the audit log.

use event::age::{AgeClass, Class};
use event::eligibility::{self, Refused};
use event::person::{PlayerId, Sex};
use event::player::{Entry, MAX_RATING, Player};
use event::roster::{self, RosterError};
use event::validate::{self, Expected, Field, Invalid};
use serde::Deserialize;
use store::Versioned;

use crate::Service;
use crate::error::ServiceError;
use crate::rows::{new_player, player_id, row_id, section_document};

/// A player as the registration and edit forms and the API send it: every field as text,
/// checked and converted by the operation that reads it (refused with the field named).
#[derive(Deserialize)]
pub struct PlayerForm {
    /// Family name.
    pub last_name: String,
    /// Given name.
    #[serde(default)]
    pub first_name: String,
    /// DWZ (German rating); a JSON number or form text, empty for none.
    #[serde(default, deserialize_with = "number_or_text")]
    pub dwz: String,
    /// FIDE rating; a JSON number or form text, empty for none.
    #[serde(default, deserialize_with = "number_or_text")]
    pub elo: String,
    /// The rating list the DWZ comes from; absent: kept while the DWZ is unchanged.
    #[serde(default)]
    pub dwz_list: Option<String>,
    /// The rating list the Elo comes from; absent: kept while the Elo is unchanged.
    #[serde(default)]
    pub elo_list: Option<String>,
    /// Refused: DWZ and Elo are separate fields.
    #[serde(default)]
    pub rating: Option<serde::de::IgnoredAny>,
    /// Federation code, e.g. `GER` (upper-cased).
    #[serde(default)]
    pub federation: String,
    /// Club name.
    #[serde(default)]
    pub club: String,
    /// Birth date `YYYY-MM-DD` or year `YYYY` (also sent as `birth_date`).
    #[serde(default, alias = "birth_date")]
    pub birth: String,
    /// `m`, `w` or empty.
    #[serde(default)]
    pub sex: String,
    /// FIDE id; a JSON number or form text, empty for none.
    #[serde(default, deserialize_with = "number_or_text")]
    pub fide_id: String,
    /// FIDE title, e.g. `FM`; empty for none.
    #[serde(default)]
    pub title: String,
    /// Class entered, e.g. `U14w`; empty: the section's first class.
    #[serde(default)]
    pub class: String,
    /// First round played (a late entry); empty for round 1.
    #[serde(default)]
    pub first_round: String,
    /// The version read, for an edit (optimistic locking).
    #[serde(default)]
    pub version: Option<i64>,
    /// The arbiter's reason to admit an entry refused by eligibility (`override`, form field
    /// "Begründung für Ausnahme"); empty for none.
    #[serde(default, rename = "override")]
    pub over: String,
}

/// A rating or id as a JSON number or text.
fn number_or_text<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
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

/// A duplicate merged into the registration kept (`POST .../players/{pid}/merge`).
#[derive(Deserialize)]
pub struct MergeForm {
    /// The player kept.
    pub into: i64,
    /// The duplicate's version as read.
    pub version: i64,
    /// The kept player's version as read; absent: as currently stored.
    #[serde(default)]
    pub into_version: Option<i64>,
}

/// A player deleted at the version read (`DELETE .../players/{pid}`).
#[derive(Deserialize)]
pub struct DeleteForm {
    /// The player's version as read (optimistic locking).
    pub version: i64,
}

impl From<Refused> for ServiceError {
    fn from(r: Refused) -> ServiceError {
        ServiceError::rule_in(r.to_string(), r.german())
    }
}

impl From<RosterError> for ServiceError {
    fn from(e: RosterError) -> ServiceError {
        match e {
            RosterError::Invalid(v) => ServiceError::Invalid(v),
            RosterError::UnknownPlayer(_) => ServiceError::NotFound,
            other @ (RosterError::Paired { .. } | RosterError::SamePlayer(_)) => {
                ServiceError::rule_in(other.to_string(), other.german())
            }
        }
    }
}

/// A whole-number field of a form in `min..=max`: empty for none.
pub(crate) fn number(field: Field, v: &str, min: u64, max: u64) -> Result<Option<u64>, Invalid> {
    let v = v.trim();
    if v.is_empty() {
        return Ok(None);
    }
    let n = v
        .parse()
        .map_err(|_| Invalid::new(field, Expected::Range(min, max), v))?;
    validate::number(field, n, min, max)?;
    Ok(Some(n))
}

/// A rating field (DWZ or Elo), bounded by [`MAX_RATING`].
fn rating(field: Field, v: &str) -> Result<Option<u16>, Invalid> {
    let max = MAX_RATING;
    Ok(number(field, v, 0, u64::from(max))?.map(|r| u16::try_from(r).unwrap_or(max)))
}

/// The player a form describes, with id `id`; fields the form does not carry (DSB
/// membership, DWZ index) are taken from `earlier`.
pub(crate) fn player_of(
    f: &PlayerForm,
    id: PlayerId,
    earlier: Option<&Player>,
) -> Result<Player, ServiceError> {
    if f.rating.is_some() {
        return Err(ServiceError::BadRequest(
            "rating: not a field; send `dwz` and/or `elo`".into(),
        ));
    }
    let mut p = match earlier {
        Some(e) => e.clone(),
        None => Player::new(id, "", ""),
    };
    p.last_name = f.last_name.trim().to_owned();
    p.first_name = f.first_name.trim().to_owned();
    p.dwz = rating(Field::Dwz, &f.dwz)?;
    p.elo = rating(Field::Elo, &f.elo)?;
    p.dwz_list = rating_list(
        f.dwz_list.as_deref(),
        p.dwz,
        earlier.map(|e| (e.dwz, &e.dwz_list)),
    );
    p.elo_list = rating_list(
        f.elo_list.as_deref(),
        p.elo,
        earlier.map(|e| (e.elo, &e.elo_list)),
    );
    p.fide_id = number(Field::FideId, &f.fide_id, 0, validate::MAX_FIDE_ID)?;
    p.federation = f.federation.trim().to_ascii_uppercase();
    p.club = f.club.trim().to_owned();
    p.title = Some(f.title.trim().to_ascii_uppercase()).filter(|t| !t.is_empty());
    p.sex = match f.sex.trim() {
        "" => None,
        "m" | "M" => Some(Sex::Male),
        "w" | "W" | "f" | "F" => Some(Sex::Female),
        other => return Err(Invalid::new(Field::Sex, Expected::Sex, other).into()),
    };
    p.birth = match f.birth.trim() {
        "" => None,
        text => Some(
            text.parse()
                .map_err(|_| Invalid::new(Field::Birth, Expected::Date, text))?,
        ),
    };
    Ok(p)
}

/// The rating list of a rating: as the form names it (empty: none); not named, the earlier
/// list while the rating is the earlier one (a rating typed by hand has no list).
fn rating_list(
    named: Option<&str>,
    rating: Option<u16>,
    earlier: Option<(Option<u16>, &Option<String>)>,
) -> Option<String> {
    match (named, earlier) {
        (Some(list), _) => Some(list.trim().to_owned()).filter(|l| !l.is_empty()),
        (None, Some((was, list))) if was == rating && rating.is_some() => list.clone(),
        (None, _) => None,
    }
}

/// The class a form names, else the section's first.
pub(crate) fn class_of(f: &PlayerForm, s: &event::Section) -> Result<Class, ServiceError> {
    if f.class.trim().is_empty() {
        return Ok(s
            .classes
            .first()
            .copied()
            .unwrap_or(Class::open(AgeClass::Open)));
    }
    let class = f.class.trim();
    class
        .parse()
        .map_err(|_| Invalid::new(Field::Classes, Expected::Class, class).into())
}

/// `entry` as [`eligibility::admit`] admits it to the loaded section, with the form's override
/// reason if it gives one.
pub(crate) fn admitted(
    loaded: &crate::Loaded,
    entry: Entry,
    f: &PlayerForm,
    more: Vec<event::admission::EntryIssue>,
) -> Result<Entry, ServiceError> {
    let over = Some(f.over.trim()).filter(|r| !r.is_empty());
    Ok(eligibility::admit_with(
        &loaded.event,
        loaded.section(),
        entry,
        over,
        more,
    )?)
}

/// Which rows of an uploaded list to pre-select: only eligible, non-duplicate ones
/// ([`eligibility::preselect`]; of two copies of one person the first).
pub fn preselected(loaded: &crate::Loaded, entries: &[Entry]) -> Vec<bool> {
    eligibility::preselect(&loaded.event, loaded.section(), entries)
}

/// A refusal of one row of a list, naming the player.
/// `entries` admitted one after the other to the first section of `event` ([`eligibility::admit`]
/// with the arbiter's reason `over`), each under a fresh id above every registered one and
/// checked against the event's sections and the entries admitted before it (a duplicate inside
/// a list or file is caught). Returns the admitted entries with their fresh ids; the first
/// refusal names its player.
pub(crate) fn admit_in_turn(
    mut ev: event::Event,
    entries: impl IntoIterator<Item = Entry>,
    over: Option<&str>,
) -> Result<Vec<Entry>, ServiceError> {
    let over = over.map(str::trim).filter(|r| !r.is_empty());
    let mut fresh = crate::loaded::highest_id(&ev);
    let mut admitted = Vec::new();
    for mut e in entries {
        fresh = fresh.saturating_add(1);
        e.player.id = PlayerId(fresh);
        let name = e.player.clone();
        let entry = eligibility::admit(&ev, &ev.sections[0], e, over)
            .map_err(|r| refused_row(&name, &r))?;
        ev.sections[0].entries.push(entry.clone());
        admitted.push(entry);
    }
    Ok(admitted)
}

fn refused_row(player: &Player, r: &Refused) -> ServiceError {
    ServiceError::rule_in(
        format!("{}: {r}", player.name()),
        format!("{}: {}", player.name(), r.german()),
    )
}

impl Service {
    /// Registers the rows chosen from an uploaded list in one transaction, each from the next
    /// round on; every row passes [`eligibility::admit`] against the section and the rows
    /// before it (so a duplicate inside the list is caught), with the arbiter's reason `over`
    /// for the refused ones. Nothing is stored when a row is refused. Returns the new ids.
    pub async fn register_entries(
        &self,
        by: Option<i64>,
        section: i64,
        entries: Vec<Entry>,
        over: Option<&str>,
    ) -> Result<Vec<i64>, ServiceError> {
        if entries.is_empty() {
            return Err(ServiceError::BadRequest(
                "no player selected: choose at least one".into(),
            ));
        }
        let loaded = crate::loaded::load_for_entry(&self.store, section).await?;
        validate::room(loaded.section(), entries.len())?;
        let next_round = u32::try_from(loaded.section().played.len() + 1).unwrap_or(u32::MAX);
        let entries = entries.into_iter().map(|mut e| {
            e.first_round = e.first_round.max(next_round);
            e.withdrawn_after = None;
            e
        });
        let rows = admit_in_turn(loaded.event.clone(), entries, over)?
            .into_iter()
            .map(|mut row| {
                row.player.id = PlayerId(0);
                new_player(&row)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(self.store.add_players(by, section, &rows).await?)
    }

    /// Replaces the fields of a registration read at `f.version` (class from the form, or
    /// kept); checked by [`roster::edit`] and [`eligibility::admit`], stored with its audit
    /// entry. Returns the player's new version; a stale version is a conflict.
    pub async fn edit_player(
        &self,
        by: Option<i64>,
        section: i64,
        player: i64,
        f: &PlayerForm,
    ) -> Result<i64, ServiceError> {
        let version = f.version.ok_or_else(|| {
            ServiceError::BadRequest("version: the version read is missing".into())
        })?;
        let loaded = crate::loaded::load_for_entry(&self.store, section).await?;
        let mut s = loaded.section().clone();
        let id = player_id(player);
        let mut entry = s.entry(id).cloned().ok_or(ServiceError::NotFound)?;
        let edited = player_of(f, id, Some(&entry.player))?;
        if !f.class.trim().is_empty() {
            entry.class = class_of(f, &s)?;
        }
        entry = roster::edit(&mut s, edited).map(|e| Entry {
            class: entry.class,
            ..e.clone()
        })?;
        let bans = self.entry_bans(&loaded.event, &entry).await?;
        let entry = admitted(&loaded, entry, f, bans)?;
        let row = new_player(&entry)?;
        Ok(self.store.update_player(by, player, &row, version).await?)
    }

    /// Deletes a wrong entry read at `version`, before the player is paired
    /// ([`roster::delete`]); the player also leaves the fixed order and prohibited pairs.
    pub async fn delete_player(
        &self,
        by: Option<i64>,
        section: i64,
        player: i64,
        version: i64,
    ) -> Result<(), ServiceError> {
        let loaded = self.section(section).await?;
        let mut s = loaded.section().clone();
        roster::delete(&mut s, player_id(player))?;
        let settings = section_document(&s)?;
        Ok(self
            .store
            .delete_player(by, player, version, Some(&settings))
            .await?)
    }

    /// Merges the duplicate `player` (read at `m.version`) into `m.into` ([`roster::merge`]):
    /// the kept registration takes each field it lacks from the duplicate, which is deleted.
    /// Returns the kept player's new version.
    pub async fn merge_player(
        &self,
        by: Option<i64>,
        section: i64,
        player: i64,
        m: &MergeForm,
    ) -> Result<i64, ServiceError> {
        let loaded = self.section(section).await?;
        let mut s = loaded.section().clone();
        let merged = roster::merge(&mut s, player_id(m.into), player_id(player))?;
        let keep_version = match m.into_version {
            Some(v) => v,
            None => loaded
                .player(merged.id())
                .map(|p| p.version)
                .ok_or(ServiceError::NotFound)?,
        };
        let settings = section_document(&s)?;
        let keep = Versioned {
            id: row_id(merged.id()),
            version: keep_version,
        };
        let duplicate = Versioned {
            id: player,
            version: m.version,
        };
        Ok(self
            .store
            .merge_players(by, keep, duplicate, &new_player(&merged)?, Some(&settings))
            .await?)
    }
}
