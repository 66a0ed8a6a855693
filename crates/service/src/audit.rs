//! The audit log as a director reads it (#14 item 6): each entry with its moment in the
//! event's time zone, who, what was done ([`Action`], one name per kind of change for the
//! pages to translate), and what it was done to — "round 3, board 5: Müller – Schmidt" rather
//! than "game 32" — with filters by section and round, one bounded page at a time.

use std::collections::HashMap;
use std::sync::Arc;

use event::date::{DateTime, Zone};

use crate::error::ServiceError;
use crate::{Loaded, Service};

/// At most this many entries on one page of the log.
pub const PAGE: i64 = 100;

/// What an audit entry records, from the action the store wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// A result entered or corrected.
    Result,
    /// The effect of a correction on later rounds (Art. 8.7).
    Correction,
    /// A round paired.
    Pair,
    /// A round published.
    Publish,
    /// A pairing taken back.
    Unpair,
    /// A pairing edited by hand.
    Manual,
    /// A manual pairing change confirmed in FIDE mode (C.04.A), with its integrity note.
    ManualConfirmed,
    /// A game record (PGN) stored.
    Moves,
    /// A withdrawal or its reversal.
    Withdraw,
    /// A registration (player or team).
    Register,
    /// A player's data edited.
    Edit,
    /// A row deleted.
    Delete,
    /// Duplicates merged.
    Merge,
    /// A requested bye.
    Bye,
    /// Check-in.
    CheckIn,
    /// Something created (event, section, user).
    Create,
    /// Settings changed (also seeding moves).
    Settings,
    /// A team captain named.
    Captain,
    /// A line-up submitted or confirmed.
    Lineup,
    /// A team match result.
    TeamResult,
    /// A team round paired.
    TeamPairing,
    /// A tribunal elected (SJRP §5.5).
    Tribunal,
    /// A protest filed or decided, an appeal lodged or decided (SJRP §21).
    Protest,
    /// A sanction imposed (SJRP §20.1).
    Sanction,
    /// An entry added, withdrawn, paid, or a substitute called up (SJRP §7.2-§7.6).
    Entry,
    /// A Stichkampf set up or a result of its games (SJRP §6.1).
    Stichkampf,
    /// Anything else.
    Other,
}

impl Action {
    /// The kind of change of a stored action (`result`, `requested bye H, round 3`, …).
    pub fn of(stored: &str) -> Action {
        const PREFIXES: [(&str, Action); 28] = [
            ("result confirmed", Action::TeamResult),
            ("result submitted", Action::TeamResult),
            ("result", Action::Result),
            ("correction effect", Action::Correction),
            ("pair team round", Action::TeamPairing),
            ("pair", Action::Pair),
            ("publish", Action::Publish),
            ("unpair", Action::Unpair),
            ("manual pairing change confirmed", Action::ManualConfirmed),
            ("manual pairing", Action::Manual),
            ("moves", Action::Moves),
            ("withdraw", Action::Withdraw),
            ("register", Action::Register),
            ("edit", Action::Edit),
            ("delete", Action::Delete),
            ("merge", Action::Merge),
            ("requested bye", Action::Bye),
            ("check", Action::CheckIn),
            ("create", Action::Create),
            ("team settings", Action::Settings),
            ("settings", Action::Settings),
            ("captain", Action::Captain),
            ("tribunal", Action::Tribunal),
            ("protest", Action::Protest),
            ("appeal", Action::Protest),
            ("sanction", Action::Sanction),
            ("entr", Action::Entry),
            ("stichkampf", Action::Stichkampf),
        ];
        if stored.starts_with("lineup") || stored == "confirm" {
            return Action::Lineup;
        }
        PREFIXES
            .iter()
            .find(|(prefix, _)| stored.starts_with(prefix))
            .map_or(Action::Other, |&(_, action)| action)
    }
}

/// The filters of a page of the log.
#[derive(Debug, Clone, Copy, Default, serde::Deserialize)]
pub struct Filter {
    /// Only this section.
    pub section: Option<i64>,
    /// Only this round number (of the section).
    pub round: Option<i64>,
    /// Only entries older than this key (the next page).
    pub before: Option<i64>,
}

/// One entry as a director reads it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Described {
    /// The entry's key (the next page starts below the last).
    pub id: i64,
    /// The moment in the event's time zone (the default zone outside any event).
    pub at: DateTime,
    /// The second of the moment (zones are offset by whole minutes).
    pub second: i64,
    /// Who; empty for the system.
    pub user: String,
    /// What was done.
    pub action: Action,
    /// The kind of row (`game`, `round`, `player`, `section`, `event`, `user`, …).
    pub entity: String,
    /// The section it belongs to, if any: id and name.
    pub section: Option<(i64, String)>,
    /// The round number, for a round or a game.
    pub round: Option<i64>,
    /// The board, for a game.
    pub board: Option<i64>,
    /// The player, or White of a game.
    pub white: Option<String>,
    /// Black of a game.
    pub black: Option<String>,
    /// The value before, as stored.
    pub old: Option<String>,
    /// The value after, as stored.
    pub new: Option<String>,
}

impl Service {
    /// One page of the audit log (at most [`PAGE`] entries, newest first), each entry
    /// described with its section, round, board and players.
    pub async fn audit_page(&self, filter: Filter) -> Result<Vec<Described>, ServiceError> {
        let entries = self
            .store()
            .audit_page(filter.section, filter.round, filter.before, PAGE)
            .await?;
        let mut sections: HashMap<i64, Option<Arc<Loaded>>> = HashMap::new();
        let mut out = Vec::with_capacity(entries.len());
        for e in entries {
            let (section, round, board, white, black) = self.subject(&e).await;
            let loaded = match section {
                Some(id) => match sections.get(&id) {
                    Some(l) => l.clone(),
                    None => {
                        let l = self.section(id).await.ok();
                        sections.insert(id, l.clone());
                        l
                    }
                },
                None => None,
            };
            let zone = loaded
                .as_ref()
                .map_or_else(Zone::default, |l| l.event.zone.clone());
            let name = |id: Option<i64>| Some(loaded.as_ref()?.name(id?));
            out.push(Described {
                id: e.id,
                at: zone.local(e.at),
                second: e.at.rem_euclid(60),
                user: e.user,
                action: Action::of(&e.action),
                section: loaded
                    .as_ref()
                    .map(|l| (l.section_row.id, l.section_row.name.clone())),
                round,
                board,
                white: name(white),
                black: name(black),
                entity: e.entity,
                old: e.old_value,
                new: e.new_value,
            });
        }
        Ok(out)
    }

    /// Section, round, board, White (or the player) and Black of an entry, as far as the rows
    /// still exist.
    async fn subject(
        &self,
        e: &store::AuditEntry,
    ) -> (
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
        Option<i64>,
    ) {
        let store = self.store();
        match e.entity.as_str() {
            "game" => {
                let Ok(g) = store.game(e.entity_id).await else {
                    return (None, None, None, None, None);
                };
                let round = store.round(g.round).await.ok();
                (
                    round.as_ref().map(|r| r.section),
                    round.map(|r| r.number),
                    Some(g.board),
                    Some(g.white),
                    g.black,
                )
            }
            "round" => match store.round(e.entity_id).await {
                Ok(r) => (Some(r.section), Some(r.number), None, None, None),
                Err(_) => (None, None, None, None, None),
            },
            "player" => match store.player(e.entity_id).await {
                Ok(p) => (Some(p.section), None, None, Some(p.id), None),
                Err(_) => (None, None, None, None, None),
            },
            "section" => (Some(e.entity_id), None, None, None, None),
            _ => (None, None, None, None, None),
        }
    }
}
