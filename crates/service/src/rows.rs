//! The bridge between the store's rows and the `event` crate's domain types.
//!
//! A section is kept as columns plus a JSON document of its settings; players as rows with the
//! JSON of their registration; rounds and games as rows (result entry updates one row). To pair,
//! rank or export, the rows are assembled into one [`event::Section`] inside its
//! [`event::Event`] ([`crate::loaded`]); player ids of the domain are the player rows' ids.

use std::collections::HashMap;

use event::date::{DateTime, Zone};
use event::person::PlayerId;
use event::player::Entry;
use event::round::{ByeKind, Round};
use event::validate;
use store::{NewGame, NewPlayer, NewRound, Recorded, Store};

use crate::error::ServiceError;

/// A round's stored publication moment read in the event's time zone: Unix seconds (as
/// [`crate::Service::publish`] stores it), or a date and time as written by a file import or
/// before the zone was kept; unreadable data reads as 1970-01-01.
pub fn published_at(data: &str, zone: &Zone) -> DateTime {
    match data.trim().parse::<i64>() {
        Ok(unix) => zone.local(unix),
        Err(_) => serde_json::from_str(data).unwrap_or_else(|_| zone.local(0)),
    }
}

/// The bye kind of a stored bye code (`bye`, `bye-1`, `bye-1/2`, `bye-0`).
pub fn bye_kind(code: &str) -> Result<ByeKind, ServiceError> {
    code.parse::<Recorded>()
        .ok()
        .and_then(|r| ByeKind::try_from(r).ok())
        .ok_or_else(|| {
            ServiceError::BadRequest(format!(
                "bye `{code}`: expected bye, bye-1, bye-1/2 or bye-0"
            ))
        })
}

/// The domain id of a player row's id (an id beyond `u32` becomes `u32::MAX`).
pub fn player_id(id: i64) -> PlayerId {
    PlayerId(u32::try_from(id).unwrap_or(u32::MAX))
}

pub(crate) fn row_id(id: PlayerId) -> i64 {
    i64::from(id.0)
}

pub(crate) fn json<T: serde::Serialize>(value: &T) -> Result<String, ServiceError> {
    serde_json::to_string(value).map_err(|e| ServiceError::Internal(e.to_string()))
}

/// The domain event of an event row, without sections (rows written before the domain
/// documents existed get the row's name, place and start date).
pub fn domain_event(row: &store::EventRow) -> event::Event {
    serde_json::from_str(&row.data).unwrap_or_else(|_| {
        let start = row
            .start_date
            .parse()
            .unwrap_or_else(|_| Zone::default().local(store::unix_now()).date);
        event::Event::new(&row.name, &row.place, start, start)
    })
}
/// The section's settings document: the section without players and rounds.
pub fn section_document(s: &event::Section) -> Result<String, ServiceError> {
    let mut doc = s.clone();
    doc.entries.clear();
    doc.played.clear();
    json(&doc)
}

/// Creates an event row from a domain event (sections are stored separately); values
/// [`event::validate::event`] refuses are not stored.
pub async fn store_event(
    store: &Store,
    by: Option<i64>,
    ev: &event::Event,
) -> Result<i64, ServiceError> {
    validate::event(ev)?;
    let mut doc = ev.clone();
    doc.sections.clear();
    Ok(store
        .create_event(by, &ev.name, &ev.venue, &ev.start.to_string(), &json(&doc)?)
        .await?)
}

/// The registration of a domain entry as a new player row; every registration passes here, and
/// values [`event::validate::entry`] refuses are not stored.
pub fn new_player(entry: &Entry) -> Result<NewPlayer, ServiceError> {
    validate::entry(entry)?;
    let p = &entry.player;
    Ok(NewPlayer {
        name: p.name(),
        sex: match p.sex {
            Some(event::person::Sex::Female) => "w".into(),
            Some(event::person::Sex::Male) => "m".into(),
            None => String::new(),
        },
        title: p.title.clone().unwrap_or_default(),
        dwz: p.dwz.map(i64::from),
        elo: p.elo.map(i64::from),
        federation: p.federation.clone(),
        fide_id: p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
        birth_date: p.birth.map(|d| d.to_string()).unwrap_or_default(),
        club: p.club.clone(),
        first_round: i64::from(entry.first_round),
        data: json(entry)?,
    })
}

/// Stores a whole domain section (players, rounds, results) under an event, e.g. from a TRF
/// import or the demo. Returns the section id. Nothing is stored when
/// [`event::validate::section`] or [`event::validate::entry`] refuses a value.
pub async fn store_section(
    store: &Store,
    by: Option<i64>,
    event: i64,
    s: &event::Section,
) -> Result<i64, ServiceError> {
    validate::section(s)?;
    s.entries.iter().try_for_each(validate::entry)?;
    let id = store
        .create_section(
            by,
            event,
            &store::NewSection {
                name: &s.name,
                rounds: i64::from(s.rounds),
                tiebreaks: &s.tiebreaks,
                data: &section_document(s)?,
            },
        )
        .await?;
    let mut ids: HashMap<PlayerId, PlayerId> = HashMap::new();
    for e in &s.entries {
        let row = store.add_player(by, id, &new_player(e)?).await?;
        if let Some(w) = e.withdrawn_after {
            store.set_withdrawn(by, row, Some(i64::from(w)), 1).await?;
        }
        ids.insert(e.id(), player_id(row));
    }
    let map = |p: PlayerId| ids.get(&p).copied().unwrap_or(p);
    let mut doc = s.clone();
    doc.fixed_order = s.fixed_order.iter().map(|&p| map(p)).collect();
    doc.prohibited = s
        .prohibited
        .iter()
        .map(|&(a, b)| (map(a), map(b)))
        .collect();
    store
        .update_section(by, id, &section_document(&doc)?, 1)
        .await?;
    for r in &s.played {
        let games = new_games(r, &map);
        let round = store
            .create_round(by, id, &NewRound::new(i64::from(r.number), &games))
            .await?;
        if let Some(at) = r.published {
            store.publish_round(by, round, &json(&at)?).await?;
        }
    }
    Ok(id)
}

/// The rows of a domain round: boards first, then byes.
pub fn new_games(r: &Round, map: &dyn Fn(PlayerId) -> PlayerId) -> Vec<NewGame> {
    let boards = r.boards.iter().map(|b| {
        (
            row_id(map(b.white)),
            Some(row_id(map(b.black))),
            Recorded::from(b.result),
            b.manual,
        )
    });
    let byes = r
        .byes
        .iter()
        .map(|b| (row_id(map(b.player)), None, Recorded::from(b.kind), false));
    boards
        .chain(byes)
        .zip(1..)
        .map(|((white, black, result, manual), board)| NewGame {
            board,
            white,
            black,
            result,
            manual,
        })
        .collect()
}
