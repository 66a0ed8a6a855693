//! A section read from the store and assembled for the domain ([`Loaded`]), and the cache of
//! sections checked against the database's revision counter ([`SectionCache`]).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use event::age::{AgeClass, Class};
use event::person::PlayerId;
use event::player::{Entry, Player};
use event::round::{Board, Bye, ByeKind, GameResult, Round};
use event::table::{Crosstable, Standings};
use store::{Recorded, Store};

use crate::error::ServiceError;
use crate::rows::{domain_event, player_id, published_at};

/// A section read from the store and assembled for the domain, as arbiters see it, or (from
/// [`Loaded::view`]) as the public sees it.
pub struct Loaded {
    /// The event's row.
    pub event_row: store::EventRow,
    /// The section's row.
    pub section_row: store::Section,
    /// The event with exactly this section.
    pub event: event::Event,
    /// The section's player rows.
    pub players: Vec<store::Player>,
    /// The section's paired rounds with their games, by round number.
    pub rounds: Vec<(store::Round, Vec<store::Game>)>,
    /// For a public view: the full section, whose birth dates the public TRF cuts to the year.
    full: Option<event::Section>,
    standings: OnceLock<Result<Standings, String>>,
    crosstable: OnceLock<Crosstable>,
    public: OnceLock<Arc<Loaded>>,
}

/// Standings the tie-break engine cannot compute, in English and German.
fn not_ranked(e: &String) -> ServiceError {
    ServiceError::rule_in(
        e.clone(),
        format!("Die Tabelle kann nicht berechnet werden: {e}"),
    )
}

impl Loaded {
    fn new(
        event_row: store::EventRow,
        section_row: store::Section,
        event: event::Event,
        players: Vec<store::Player>,
        rounds: Vec<(store::Round, Vec<store::Game>)>,
    ) -> Loaded {
        Loaded {
            event_row,
            section_row,
            event,
            players,
            rounds,
            full: None,
            standings: OnceLock::new(),
            crosstable: OnceLock::new(),
            public: OnceLock::new(),
        }
    }

    /// The assembled section.
    pub fn section(&self) -> &event::Section {
        &self.event.sections[0]
    }

    /// The section as a viewer sees it: arbiters everything, the public its public view — the
    /// one rule for every public page, API answer and export: the published rounds only
    /// ([`event::Section::public_view`]), birth dates as the event's
    /// [`event::public::PublicBirth`] allows, no registration documents (DSB memberships).
    /// The public view is built once per loaded revision.
    pub fn view(self: &Arc<Self>, arbiter: bool) -> Arc<Loaded> {
        if arbiter || self.full.is_some() {
            return Arc::clone(self);
        }
        Arc::clone(self.public.get_or_init(|| Arc::new(self.restricted())))
    }

    fn restricted(&self) -> Loaded {
        let full = self.section();
        let mut event = self.event.clone();
        event.sections = vec![full.public_view()];
        let birth = self.event.public_birth;
        let players = self
            .players
            .iter()
            .map(|p| {
                let mut p = p.clone();
                p.birth_date =
                    birth.shown(full.entry(player_id(p.id)).and_then(|e| e.player.birth));
                p.data.clear();
                p
            })
            .collect();
        let rounds = self
            .rounds
            .iter()
            .filter(|(r, _)| r.published)
            .cloned()
            .collect();
        let mut view = Loaded::new(
            self.event_row.clone(),
            self.section_row.clone(),
            event,
            players,
            rounds,
        );
        view.full = Some(full.clone());
        view
    }

    /// The section as TRF-2026: everything for arbiters, the public's TRF
    /// ([`event::Section::to_public_trf`]) for a public view.
    pub fn trf(&self) -> Result<trf::Tournament, ServiceError> {
        match &self.full {
            Some(full) => full.to_public_trf(&self.event),
            None => self.section().to_trf(&self.event),
        }
        .map_err(|e| {
            ServiceError::rule_in(
                e.to_string(),
                format!("TRF kann nicht geschrieben werden: {e}"),
            )
        })
    }

    /// The standings of the section (C.07 tie-breaks), computed once per loaded revision.
    pub fn standings(&self) -> Result<&Standings, ServiceError> {
        self.standings
            .get_or_init(|| self.section().standings().map_err(|e| e.to_string()))
            .as_ref()
            .map_err(not_ranked)
    }

    /// The ranking of the whole section (`None`) or of one of its classes, e.g. `U12w` for the
    /// girls' ranking of a mixed group or one class of a merged group (SJRP §6.3).
    pub fn ranking(&self, class: Option<&str>) -> Result<Cow<'_, Standings>, ServiceError> {
        let Some(code) = class.filter(|c| !c.is_empty()) else {
            return self.standings().map(Cow::Borrowed);
        };
        let class: Class = code
            .parse()
            .map_err(|e: event::age::ParseClassError| ServiceError::BadRequest(e.to_string()))?;
        if !self.section().classes.contains(&class) {
            return Err(ServiceError::NotFound);
        }
        self.section()
            .class_standings(class)
            .map(Cow::Owned)
            .map_err(|e| not_ranked(&e.to_string()))
    }

    /// The crosstable, computed once per loaded revision.
    pub fn crosstable(&self) -> &Crosstable {
        self.crosstable.get_or_init(|| self.section().crosstable())
    }

    /// The player row of a domain id.
    pub fn player(&self, id: PlayerId) -> Option<&store::Player> {
        self.players.iter().find(|p| p.id == i64::from(id.0))
    }

    /// Display name of a player row id.
    pub fn name(&self, id: i64) -> String {
        self.players
            .iter()
            .find(|p| p.id == id)
            .map_or_else(|| format!("#{id}"), |p| p.name.clone())
    }

    /// The stored round with that number.
    pub fn round(&self, number: i64) -> Option<&(store::Round, Vec<store::Game>)> {
        self.rounds.iter().find(|(r, _)| r.number == number)
    }
}

/// Reads a section and everything in it.
pub async fn load(store: &Store, section: i64) -> Result<Loaded, ServiceError> {
    let section_row = store.section(section).await?;
    let event_row = store.event(section_row.event).await?;
    let players = store.players(section).await?;
    let mut rounds = Vec::new();
    for r in store.rounds(section).await? {
        let games = store.games(r.id).await?;
        rounds.push((r, games));
    }
    let mut ev = domain_event(&event_row);
    let mut s: event::Section = serde_json::from_str(&section_row.data).unwrap_or_else(|_| {
        let mut s = event::Section::new(&section_row.name, vec![Class::open(AgeClass::Open)]);
        s.rounds = u32::try_from(section_row.rounds).unwrap_or(1);
        s.tiebreaks = section_row.tiebreaks.clone();
        s
    });
    s.entries = players
        .iter()
        .map(|p| {
            let mut entry: Entry = serde_json::from_str(&p.data).unwrap_or_else(|_| {
                let (last, first) = p.name.split_once(", ").unwrap_or((&p.name, ""));
                let mut player = Player::new(player_id(p.id), last, first);
                let rating = |r: Option<i64>| r.and_then(|r| u16::try_from(r).ok());
                player.dwz = rating(p.dwz);
                player.elo = rating(p.elo);
                player.federation = p.federation.clone();
                player.club = p.club.clone();
                let class = s
                    .classes
                    .first()
                    .copied()
                    .unwrap_or(Class::open(AgeClass::Open));
                Entry::new(player, class)
            });
            entry.player.id = player_id(p.id);
            entry.first_round = u32::try_from(p.first_round).unwrap_or(1);
            entry.withdrawn_after = p.withdrawn_after.and_then(|w| u32::try_from(w).ok());
            entry
        })
        .collect();
    s.played = rounds
        .iter()
        .map(|(r, games)| Round {
            number: u32::try_from(r.number).unwrap_or(0),
            boards: games
                .iter()
                .filter_map(|g| {
                    Some(Board {
                        white: player_id(g.white),
                        black: player_id(g.black?),
                        result: GameResult::try_from(g.result).unwrap_or(GameResult::Pending),
                        manual: g.manual,
                    })
                })
                .collect(),
            byes: games
                .iter()
                .filter(|g| g.black.is_none())
                .map(|g| Bye {
                    player: player_id(g.white),
                    kind: bye_of_row(g.result),
                })
                .collect(),
            published: if r.published {
                Some(published_at(&r.data, &ev.zone))
            } else {
                None
            },
        })
        .collect();
    let players = in_pairing_order(&s, players);
    ev.sections = vec![s];
    Ok(Loaded::new(event_row, section_row, ev, players, rounds))
}

/// Reads a section as [`load`] does, with the other individual sections of its event behind
/// it in `event.sections` (their entries only, no rounds): what eligibility checks a
/// registration against, since a player plays in one section of the event only
/// ([`event::Event::check_entry`]). `section()` stays the section read.
pub async fn load_for_entry(store: &Store, section: i64) -> Result<Loaded, ServiceError> {
    let mut loaded = load(store, section).await?;
    let others = entries_of_sections(store, loaded.event_row.id, Some(section)).await?;
    loaded.event.sections.extend(others);
    Ok(loaded)
}

/// The event `event` with its individual sections' entries (no rounds): what the entries of
/// a section still to be stored are checked against ([`load_for_entry`]).
pub async fn event_for_entry(store: &Store, event: i64) -> Result<event::Event, ServiceError> {
    let mut ev = crate::rows::domain_event(&store.event(event).await?);
    ev.sections = entries_of_sections(store, event, None).await?;
    Ok(ev)
}

/// The individual sections of `event` but `except`, with their entries and without rounds.
async fn entries_of_sections(
    store: &Store,
    event: i64,
    except: Option<i64>,
) -> Result<Vec<event::Section>, ServiceError> {
    let mut sections = Vec::new();
    for other in store.sections(event).await? {
        if Some(other.id) == except || store.team_section(other.id).await?.is_some() {
            continue;
        }
        let mut s = load(store, other.id).await?.event.sections.swap_remove(0);
        s.played.clear();
        sections.push(s);
    }
    Ok(sections)
}

/// The highest player id registered in any section of `ev`: a new entry's provisional id
/// lies above it, so that it is never taken for one of them.
pub(crate) fn highest_id(ev: &event::Event) -> u32 {
    ev.sections
        .iter()
        .flat_map(|s| &s.entries)
        .map(|e| e.id().0)
        .max()
        .unwrap_or(0)
}

/// The player rows in pairing-number order, each `number` set to its pairing number (the one
/// number every page, card, list and export shows).
fn in_pairing_order(s: &event::Section, mut players: Vec<store::Player>) -> Vec<store::Player> {
    let numbers: HashMap<PlayerId, i64> = s
        .ranking()
        .iter()
        .zip(1..)
        .map(|(e, n)| (e.id(), n))
        .collect();
    for p in &mut players {
        p.number = numbers.get(&player_id(p.id)).copied().unwrap_or(p.number);
    }
    players.sort_by_key(|p| p.number);
    players
}

/// Sections read earlier in this process, each with the revision it was read at
/// ([`Store::section_revision`]). The database stays the only truth: a copy is used only while
/// the stored revision is unchanged, so processes sharing one PostgreSQL database never serve
/// each other's stale data.
#[derive(Default)]
pub struct SectionCache {
    entries: Mutex<HashMap<i64, (i64, Arc<Loaded>)>>,
}

impl SectionCache {
    /// The section as currently stored: the cached copy when its revision is current (one
    /// query), else read afresh with [`load`] and kept.
    pub async fn get(&self, store: &Store, section: i64) -> Result<Arc<Loaded>, ServiceError> {
        // The revision is read before the rows: a change committed in between makes the copy
        // newer than its key, never older, and the next request reads it again.
        let revision = store.section_revision(section).await?;
        if let Some(hit) = self.lookup(section, revision) {
            return Ok(hit);
        }
        let loaded = Arc::new(load(store, section).await?);
        if let Ok(mut entries) = self.entries.lock() {
            let keep = entries.get(&section).is_none_or(|(r, _)| *r < revision);
            if keep {
                entries.insert(section, (revision, Arc::clone(&loaded)));
            }
        }
        Ok(loaded)
    }

    fn lookup(&self, section: i64, revision: i64) -> Option<Arc<Loaded>> {
        let entries = self.entries.lock().ok()?;
        entries
            .get(&section)
            .filter(|(r, _)| *r == revision)
            .map(|(_, l)| Arc::clone(l))
    }
}

/// The bye of a row without black player; a row still pending (written before bye kinds were
/// stored) is an absence, any other board result the pairing-allocated bye.
fn bye_of_row(recorded: Recorded) -> ByeKind {
    match recorded {
        Recorded::Bye(kind) => kind,
        Recorded::Game(GameResult::Pending) => ByeKind::Zero,
        Recorded::Game(_) => ByeKind::PairingAllocated,
    }
}
