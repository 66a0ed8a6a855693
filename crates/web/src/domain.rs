//! The bridge between the store's rows and the `event` crate's domain types.
//!
//! A section is kept as columns plus a JSON document of its settings; players as rows with the
//! JSON of their registration; rounds and games as rows (result entry updates one row). To pair,
//! rank or export, the rows are assembled into one [`event::Section`] inside its
//! [`event::Event`]; player ids of the domain are the player rows' ids.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use event::age::{AgeClass, Class};
use event::date::{Date, DateTime, Time};
use event::player::{Entry, Player, PlayerId};
use event::round::{Board, Bye, ByeKind, GameResult as DomainResult, Round};
use event::table::{Crosstable, Standings};
use event::validate;
use store::{GameResult, NewGame, NewPlayer, NewRound, Store, StoreError};

use crate::error::AppError;

/// A section read from the store and assembled for the domain, as arbiters see it, or (from
/// [`Loaded::view`]) as the public sees it.
pub struct Loaded {
    pub event_row: store::Event,
    pub section_row: store::Section,
    /// The event with exactly this section.
    pub event: event::Event,
    pub players: Vec<store::Player>,
    pub rounds: Vec<(store::Round, Vec<store::Game>)>,
    /// For a public view: the full section, whose birth dates the public TRF cuts to the year.
    full: Option<event::Section>,
    standings: OnceLock<Result<Standings, String>>,
    crosstable: OnceLock<Crosstable>,
    public: OnceLock<Arc<Loaded>>,
}

impl Loaded {
    fn new(
        event_row: store::Event,
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
    pub fn trf(&self) -> Result<trf::Tournament, AppError> {
        match &self.full {
            Some(full) => full.to_public_trf(&self.event),
            None => self.section().to_trf(&self.event),
        }
        .map_err(|e| AppError::Rule(e.to_string()))
    }

    /// The standings of the section (C.07 tie-breaks), computed once per loaded revision.
    pub fn standings(&self) -> Result<&Standings, AppError> {
        self.standings
            .get_or_init(|| self.section().standings().map_err(|e| e.to_string()))
            .as_ref()
            .map_err(|e| AppError::Rule(e.clone()))
    }

    /// The ranking of the whole section (`None`) or of one of its classes, e.g. `U12w` for the
    /// girls' ranking of a mixed group or one class of a merged group (SJRP §6.3).
    pub fn ranking(&self, class: Option<&str>) -> Result<Cow<'_, Standings>, AppError> {
        let Some(code) = class.filter(|c| !c.is_empty()) else {
            return self.standings().map(Cow::Borrowed);
        };
        let class: Class = code
            .parse()
            .map_err(|e: event::age::ParseClassError| AppError::BadRequest(e.to_string()))?;
        if !self.section().classes.contains(&class) {
            return Err(AppError::NotFound);
        }
        self.section()
            .class_standings(class)
            .map(Cow::Owned)
            .map_err(|e| AppError::Rule(e.to_string()))
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

/// The moment `unix` seconds as a UTC date and time.
pub fn moment(unix: i64) -> DateTime {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let date = Date::new(
        u16::try_from(year).unwrap_or(2000),
        u8::try_from(month).unwrap_or(1),
        u8::try_from(day).unwrap_or(1),
    )
    .unwrap_or_else(|| Date::new(2000, 1, 1).unwrap_or_else(|| unreachable!()));
    let time = Time::new(
        u8::try_from(secs / 3600).unwrap_or(0),
        u8::try_from(secs % 3600 / 60).unwrap_or(0),
    )
    .unwrap_or_else(|| Time::new(0, 0).unwrap_or_else(|| unreachable!()));
    DateTime { date, time }
}

/// The stored result of a domain board result.
pub fn stored_result(r: DomainResult) -> GameResult {
    match r {
        DomainResult::Pending => GameResult::Pending,
        DomainResult::WhiteWins => GameResult::WhiteWins,
        DomainResult::Draw => GameResult::Draw,
        DomainResult::BlackWins => GameResult::BlackWins,
        DomainResult::WhiteWinsByForfeit => GameResult::WhiteForfeitWin,
        DomainResult::BlackWinsByForfeit => GameResult::BlackForfeitWin,
        DomainResult::DoubleForfeit => GameResult::DoubleForfeit,
    }
}

/// The stored result of a bye.
pub fn stored_bye(kind: ByeKind) -> GameResult {
    match kind {
        ByeKind::PairingAllocated => GameResult::PairingBye,
        ByeKind::Full => GameResult::FullBye,
        ByeKind::Half => GameResult::HalfBye,
        ByeKind::Zero => GameResult::ZeroBye,
    }
}

fn domain_result(r: GameResult) -> DomainResult {
    match r {
        GameResult::WhiteWins => DomainResult::WhiteWins,
        GameResult::Draw => DomainResult::Draw,
        GameResult::BlackWins => DomainResult::BlackWins,
        GameResult::WhiteForfeitWin => DomainResult::WhiteWinsByForfeit,
        GameResult::BlackForfeitWin => DomainResult::BlackWinsByForfeit,
        GameResult::DoubleForfeit => DomainResult::DoubleForfeit,
        _ => DomainResult::Pending,
    }
}

fn domain_bye(r: GameResult) -> ByeKind {
    match r {
        GameResult::FullBye => ByeKind::Full,
        GameResult::HalfBye => ByeKind::Half,
        GameResult::ZeroBye | GameResult::Pending => ByeKind::Zero,
        _ => ByeKind::PairingAllocated,
    }
}

pub(crate) fn player_id(id: i64) -> PlayerId {
    PlayerId(u32::try_from(id).unwrap_or(u32::MAX))
}

fn row_id(id: PlayerId) -> i64 {
    i64::from(id.0)
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, AppError> {
    serde_json::to_string(value).map_err(|e| AppError::Internal(e.to_string()))
}

/// The domain event of an event row, without sections (rows written before the domain
/// documents existed get the row's name, place and start date).
pub fn domain_event(row: &store::Event) -> event::Event {
    serde_json::from_str(&row.data).unwrap_or_else(|_| {
        let start = row
            .start_date
            .parse()
            .unwrap_or_else(|_| moment(store::unix_now()).date);
        event::Event::new(&row.name, &row.place, start, start)
    })
}

/// Reads a section and everything in it.
pub async fn load(store: &Store, section: i64) -> Result<Loaded, AppError> {
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
                        result: domain_result(g.result),
                        manual: g.manual,
                    })
                })
                .collect(),
            byes: games
                .iter()
                .filter(|g| g.black.is_none())
                .map(|g| Bye {
                    player: player_id(g.white),
                    kind: domain_bye(g.result),
                })
                .collect(),
            published: if r.published {
                Some(serde_json::from_str(&r.data).unwrap_or_else(|_| moment(0)))
            } else {
                None
            },
        })
        .collect();
    let players = in_pairing_order(&s, players);
    ev.sections = vec![s];
    Ok(Loaded::new(event_row, section_row, ev, players, rounds))
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
    pub async fn get(&self, store: &Store, section: i64) -> Result<Arc<Loaded>, AppError> {
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

/// The section's settings document: the section without players and rounds.
pub fn section_document(s: &event::Section) -> Result<String, AppError> {
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
) -> Result<i64, AppError> {
    validate::event(ev)?;
    let mut doc = ev.clone();
    doc.sections.clear();
    Ok(store
        .create_event(by, &ev.name, &ev.venue, &ev.start.to_string(), &json(&doc)?)
        .await?)
}

/// The registration of a domain entry as a new player row; every registration passes here, and
/// values [`event::validate::entry`] refuses are not stored.
pub fn new_player(entry: &Entry) -> Result<NewPlayer, AppError> {
    validate::entry(entry)?;
    let p = &entry.player;
    Ok(NewPlayer {
        name: p.name(),
        sex: match p.sex {
            Some(event::player::Sex::Female) => "w".into(),
            Some(event::player::Sex::Male) => "m".into(),
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
) -> Result<i64, AppError> {
    validate::section(s)?;
    s.entries.iter().try_for_each(validate::entry)?;
    let id = store
        .create_section(
            by,
            event,
            &s.name,
            i64::from(s.rounds),
            &s.tiebreaks,
            &section_document(s)?,
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
            stored_result(b.result),
            b.manual,
        )
    });
    let byes = r
        .byes
        .iter()
        .map(|b| (row_id(map(b.player)), None, stored_bye(b.kind), false));
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

/// How often a pairing is computed afresh when the section changed while it was computed.
const PAIRING_ATTEMPTS: usize = 5;

/// Pairs the next round of a section and stores it as a preview. Returns its number. The
/// round is stored only if the section is unchanged since it was read (compare-and-set on its
/// revision): a registration or result committed meanwhile makes the pairing start again,
/// up to [`PAIRING_ATTEMPTS`] times, then [`AppError::Conflict`].
pub async fn pair_next(store: &Store, by: Option<i64>, section: i64) -> Result<i64, AppError> {
    for _ in 0..PAIRING_ATTEMPTS {
        match pair_at_revision(store, by, section).await {
            Err(AppError::Conflict(_)) => continue,
            done => return done,
        }
    }
    Err(AppError::Conflict(format!(
        "section {section} kept changing while its next round was paired; try again"
    )))
}

/// One attempt of [`pair_next`]: [`AppError::Conflict`] when the section changed meanwhile.
async fn pair_at_revision(store: &Store, by: Option<i64>, section: i64) -> Result<i64, AppError> {
    let revision = store.section_revision(section).await?;
    let loaded = load(store, section).await?;
    let s = loaded.section();
    let next = u32::try_from(s.played.len() + 1).unwrap_or(u32::MAX);
    if let Some(last) = s
        .played
        .last()
        .filter(|l| !l.is_published() || !l.is_complete())
    {
        return Err(AppError::Rule(format!(
            "round {} must be published and complete before round {next} is paired",
            last.number
        )));
    }
    let draft = s
        .pair_round(next)
        .map_err(|e| AppError::Rule(format!("{e} ({})", e.article())))?;
    let mut after = s.clone();
    after
        .add_round(draft.clone())
        .map_err(|e| AppError::Rule(e.to_string()))?;
    let settings = if after.fixed_order == s.fixed_order {
        None
    } else {
        Some(section_document(&after)?)
    };
    let games = new_games(&draft, &|p| p);
    let note = format!(", {:?}", s.system);
    let round = NewRound {
        number: i64::from(next),
        games: &games,
        note: &note,
        revision: Some(revision),
        settings: settings.as_deref(),
    };
    match store.create_round(by, section, &round).await {
        Ok(_) => Ok(i64::from(next)),
        Err(StoreError::Duplicate(_)) => Err(AppError::Conflict(format!(
            "round {next} was paired meanwhile"
        ))),
        Err(e) => Err(e.into()),
    }
}

/// Publishes a previewed round now; returns the warnings of the publication (SJRP §6.2).
pub async fn publish(
    store: &Store,
    by: Option<i64>,
    section: i64,
    number: i64,
) -> Result<Vec<String>, AppError> {
    let loaded = load(store, section).await?;
    let (row, _) = loaded.round(number).ok_or(AppError::NotFound)?;
    let at = moment(store::unix_now());
    let mut s = loaded.section().clone();
    let warnings = s
        .publish(u32::try_from(number).unwrap_or(0), at)
        .map_err(|e| AppError::Rule(e.to_string()))?;
    store.publish_round(by, row.id, &json(&at)?).await?;
    Ok(warnings
        .iter()
        .map(|w| format!("{:?} ({})", w.kind, w.article))
        .collect())
}
