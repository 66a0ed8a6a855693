//! One live picture per watched round, shared by every stream of this server process (issue
//! #15 items 3 and 4): the public live boards and the arbiters' stream read it instead of the
//! database.
//!
//! A watched round has one task. It keeps every game of the round (header, events, the game
//! rebuilt from them) and, per audience and language that somebody watches, the JSON of each
//! board. It wakes when this process stores an event of one of the round's games
//! ([`Service::post_live_event`]), when a delayed event ages in for the spectators, and every
//! [`POLL_EVERY`] to ask the database (one cheap query per round, [`store::Store::live_round_marks`])
//! whether another server process on the same database stored events. Then it reads the new
//! events of the games that changed only, steps those games on, rebuilds the JSON of their
//! boards only and pushes the round's new picture to every stream at once
//! ([`tokio::sync::watch`]): a stream sends the boards that changed, or the whole round when it
//! fell more than [`RECENT`] pictures behind.
//!
//! Spectators ([`Audience::Public`]) never see an event the server received less than the
//! section's delay ago: their games are stepped on only by events that aged in, at the moment
//! they age in. Arbiters, and spectators of a section without a delay, get each event at once.
//! The task ends when nobody watches the round any more, or when the round is no longer
//! published (its streams end).
//!
//! On PostgreSQL the process also listens to the database's notifications
//! ([`store::Store::live_listener`]): an event another server process stores wakes the round's
//! task at once, which then looks as at a poll; the poll stays as the fallback (a lost
//! connection) and is the only way on SQLite.
//!
//! The arbiters' dashboard reads the same task's picture of the round with each board's whole
//! live state ([`Service::round_dashboard_json`]): a read asks for one look at the database
//! (marks only) and waits for it, so it sees what was stored before it, and no read rebuilds a
//! game.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use laws::Lang;
use laws::replay::{Final, Header, LogLine, Report};
use serde::Serialize;
use shakmaty::Position;
use store::LiveEvent;
use tokio::sync::{Notify, watch};

use crate::Service;
use crate::error::ServiceError;
use crate::live::side;
use crate::live_round::{Audience, BoardLive, LiveBoard, board_of, proposed};
use crate::live_steps::line_of;

/// How often a watched round asks the database whether another server process stored events
/// of its games (and whether its boards changed: results, names, publication).
pub const POLL_EVERY: Duration = Duration::from_secs(1);

/// The least time between two pictures of a round: the events stored within it are pushed
/// together (fewer writes to every stream under load, at most this much later).
pub const PUSH_GAP: Duration = Duration::from_millis(50);

/// How many pictures back a stream still gets the changed boards; further behind, the whole
/// round again.
pub const RECENT: usize = 32;

/// How long the arbiters' dashboard of a round stays watched after its latest read: a dashboard
/// polling every few seconds reads the same picture, never a rebuilt round.
pub const DASHBOARD_LINGER: Duration = Duration::from_secs(30);

/// The `now_ms` a dashboard's board is built with, replaced by the game time when it is read.
const NOW_MARK: u64 = u64::MAX;
const NOW_TEXT: &str = "\"now_ms\":18446744073709551615";

/// A live game as a spectator's page draws it: position, clocks, moves, offers and result
/// (without the legal moves and the rulings' texts of [`crate::live::LiveState`]).
#[derive(Debug, Clone, Serialize)]
pub struct SpectatorState {
    /// Position, clocks (as of `at_ms`), illegal moves, penalties, result.
    #[serde(flatten)]
    pub state: Final,
    /// The game time of the latest event shown.
    pub at_ms: u64,
    /// Unix milliseconds (server) at which the clocks had the times given: a running clock has
    /// run since (0 before the live game is opened).
    pub clocks_at_ms: i64,
    /// Whose clock runs (`white`, `black`), if one does.
    pub running: Option<&'static str>,
    /// The side to move.
    pub turn: &'static str,
    /// The game record in short algebraic notation.
    pub moves: Vec<String>,
    /// Who has an open draw offer.
    pub draw_offer: Option<&'static str>,
    /// The question waiting for the arbiter, if any, in the watcher's language.
    pub question: Option<String>,
    /// How many events are shown (0: the game has not started).
    pub events: usize,
}

/// A board of a watched round: the board, its live game as the audience sees it, and the
/// result the finished game proposes (as [`crate::live_round::BoardLive`]).
#[derive(Debug, Clone, Serialize)]
pub struct SpectatorBoard {
    /// The board.
    #[serde(flatten)]
    pub board: LiveBoard,
    /// Its live game; none while it has neither a live game nor a time control.
    pub live: Option<SpectatorState>,
    /// The result the finished game proposes when it differs from the result entered.
    pub proposed: Option<&'static str>,
}

/// The picture of a round's boards as one audience in one language sees it.
#[derive(Debug, Default)]
pub struct RoundSnapshot {
    /// Counts the pictures from 1 (0: none made yet).
    pub version: u64,
    /// Every board (a JSON array of [`SpectatorBoard`]).
    boards: Arc<str>,
    /// The boards each of the latest pictures changed, with the picture's version.
    recent: VecDeque<(u64, Arc<str>)>,
    /// The dashboard's boards ([`BoardLive`]), each with its `now_ms` still to fill in from
    /// the unix ms of its game time 0.
    dashboard: Arc<[(Arc<str>, Option<i64>)]>,
}

/// What a stream that has sent picture `seen` sends next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum News {
    /// Every board (a JSON array).
    All(Arc<str>),
    /// The boards that changed, picture by picture (JSON arrays).
    Changed(Vec<Arc<str>>),
}

impl News {
    /// The server-sent events of this news: `boards` (every board) or `update` (the boards
    /// that changed), each `{"server_ms": now, "boards": [...]}` so that a page runs the clocks
    /// from the server's time.
    pub fn events(&self, now_ms: i64) -> Vec<(&'static str, String)> {
        let wrap = |boards: &str| format!("{{\"server_ms\":{now_ms},\"boards\":{boards}}}");
        match self {
            News::All(all) => vec![("boards", wrap(all))],
            News::Changed(changes) => changes.iter().map(|c| ("update", wrap(c))).collect(),
        }
    }
}

impl RoundSnapshot {
    /// The dashboard's boards as a JSON array of [`BoardLive`], the game time now (`now_ms`)
    /// as of `now` (unix ms).
    fn dashboard_json(&self, now: i64) -> String {
        let mut out = String::with_capacity(
            self.dashboard
                .iter()
                .map(|(j, _)| j.len() + 1)
                .sum::<usize>()
                + 2,
        );
        out.push('[');
        for (i, (json, origin)) in self.dashboard.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let now_ms = origin.map_or(0, |o| u64::try_from(now - o).unwrap_or(0));
            match json.split_once(NOW_TEXT) {
                Some((before, after)) => {
                    out.push_str(before);
                    out.push_str(&format!("\"now_ms\":{now_ms}"));
                    out.push_str(after);
                }
                None => out.push_str(json),
            }
        }
        out.push(']');
        out
    }

    /// What a stream that sent picture `seen` sends now (none when it is up to date).
    pub fn news_since(&self, seen: u64) -> Option<News> {
        if self.version == 0 || seen == self.version {
            return None;
        }
        let oldest = self.recent.front().map_or(u64::MAX, |(v, _)| *v);
        if seen == 0 || seen > self.version || oldest > seen + 1 {
            return Some(News::All(self.boards.clone()));
        }
        Some(News::Changed(
            self.recent
                .iter()
                .filter(|(v, _)| *v > seen)
                .map(|(_, b)| b.clone())
                .collect(),
        ))
    }
}

/// A stream's hold on a watched round.
#[derive(Debug)]
pub struct RoundWatch {
    pictures: watch::Receiver<Arc<RoundSnapshot>>,
    seen: u64,
}

impl RoundWatch {
    /// The next news: at once the whole round, then the boards that changed as they change;
    /// none when the round is no longer watched (it was unpublished).
    pub async fn next(&mut self) -> Option<News> {
        loop {
            let picture = self.pictures.borrow_and_update().clone();
            if let Some(news) = picture.news_since(self.seen) {
                self.seen = picture.version;
                return Some(news);
            }
            self.pictures.changed().await.ok()?;
        }
    }
}

/// What a view of a round is for: the streams (live boards) or the arbiters' dashboard (every
/// board with its whole live state: legal moves, rulings, the engine's question).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Form {
    Stream,
    Dashboard,
}

type ViewKey = (Audience, Lang, Form);

/// A view kept watched after a read, and until when.
type Held = (watch::Receiver<Arc<RoundSnapshot>>, tokio::time::Instant);

/// The watched rounds of this process.
#[derive(Debug, Default)]
pub(crate) struct LiveHub {
    rounds: Mutex<HashMap<(i64, i64), Arc<RoundHub>>>,
    games: Mutex<HashMap<i64, Arc<RoundHub>>>,
    /// The watched rounds by their key of `rounds` (for the database's notifications).
    by_round: Mutex<HashMap<i64, Arc<RoundHub>>>,
    /// Whether this process listens to the database's notifications (PostgreSQL).
    listening: AtomicBool,
}

/// A watched round: what wakes its task, and the pictures per audience and language.
#[derive(Debug, Default)]
struct RoundHub {
    wake: Notify,
    /// The games this process stored events of since the task last looked.
    touched: Mutex<Vec<i64>>,
    views: Mutex<HashMap<ViewKey, watch::Sender<Arc<RoundSnapshot>>>>,
    /// The database notified a change of the round's live games (PostgreSQL).
    notified: AtomicBool,
    /// Counts the dashboard's reads that asked for a fresh look at the database.
    asked: AtomicU64,
    /// The latest read answered by a look, and whether the look succeeded.
    looked: watch::Sender<(u64, bool)>,
    /// The dashboards' views kept watched after their latest read, until then.
    held: Mutex<HashMap<ViewKey, Held>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl LiveHub {
    /// An event of `game` was stored: its round's task (if watched) looks at once.
    pub(crate) fn touch(&self, game: i64) {
        if let Some(round) = lock(&self.games).get(&game) {
            lock(&round.touched).push(game);
            round.wake.notify_one();
        }
    }

    /// Another process stored events of round `round` (a database notification): its task,
    /// if watched, looks at the database at once.
    fn notified(&self, round: i64) {
        if let Some(hub) = lock(&self.by_round).get(&round) {
            hub.notified.store(true, Ordering::SeqCst);
            hub.wake.notify_one();
        }
    }

    /// Forgets the round when nobody watches it (or `always`); whether it was forgotten.
    fn forget(&self, key: (i64, i64), hub: &Arc<RoundHub>, always: bool) -> bool {
        let mut rounds = lock(&self.rounds);
        {
            let now = tokio::time::Instant::now();
            lock(&hub.held).retain(|_, (_, until)| !always && *until > now);
            let mut views = lock(&hub.views);
            views.retain(|_, v| v.receiver_count() > 0);
            if !always && !views.is_empty() {
                return false;
            }
            views.clear();
        }
        if rounds.get(&key).is_some_and(|r| Arc::ptr_eq(r, hub)) {
            rounds.remove(&key);
        }
        lock(&self.games).retain(|_, r| !Arc::ptr_eq(r, hub));
        lock(&self.by_round).retain(|_, r| !Arc::ptr_eq(r, hub));
        true
    }
}

/// A game of the watched round: its log and the game rebuilt from it, for the arbiters (every
/// event) and the spectators (events aged in past the delay).
struct GameLive {
    header: Option<String>,
    /// Unix ms of game time 0 when the live game was opened.
    origin_ms: Option<i64>,
    events: Vec<LiveEvent>,
    now: Option<Report>,
    delayed: Option<Report>,
    /// Whether `delayed` was started (it stays none for a log the engine no longer takes).
    delayed_started: bool,
    delayed_events: usize,
    /// Counts the changes of `now` and of `delayed`.
    revs: (u64, u64),
}

impl GameLive {
    fn new(header: Option<String>, origin_ms: Option<i64>, events: Vec<LiveEvent>) -> GameLive {
        let now = header.as_deref().and_then(|h| rebuilt(h, &events));
        GameLive {
            header,
            origin_ms,
            events,
            now,
            delayed: None,
            delayed_started: false,
            delayed_events: 0,
            revs: (0, 0),
        }
    }

    /// Steps the arbiters' game on by the events after the known ones.
    fn append(&mut self, new: Vec<LiveEvent>) {
        for e in new {
            if let Some(report) = &mut self.now
                && report.step(LogLine::new(line_of(e.seq), &e.line)).is_err()
            {
                self.now = None;
            }
            self.events.push(e);
        }
        self.revs.0 += 1;
    }

    /// Steps the spectators' game on by the events received up to `until` (unix ms); the
    /// time the next event ages in, if one waits.
    fn age(&mut self, until: i64, delay_ms: i64) -> Option<i64> {
        if !self.delayed_started {
            self.delayed_started = true;
            self.delayed = self.header.as_deref().and_then(|h| rebuilt(h, &[]));
            self.delayed_events = 0;
            self.revs.1 += 1;
        }
        while let Some(e) = self.events.get(self.delayed_events) {
            if e.server_ms > until {
                return Some(e.server_ms + delay_ms);
            }
            if let Some(report) = &mut self.delayed
                && report.step(LogLine::new(line_of(e.seq), &e.line)).is_err()
            {
                self.delayed = None;
            }
            self.delayed_events += 1;
            self.revs.1 += 1;
        }
        None
    }

    /// The game as `delayed` or not, and how many events it shows.
    fn shown(&self, delayed: bool) -> (Option<&Report>, usize) {
        if delayed {
            (self.delayed.as_ref(), self.delayed_events)
        } else {
            (self.now.as_ref(), self.events.len())
        }
    }
}

/// The game of a header and events; none for a log the engine no longer takes.
fn rebuilt(header: &str, events: &[LiveEvent]) -> Option<Report> {
    crate::live_steps::rebuild(header, events).ok()
}

fn spectator_state(
    report: &Report,
    events: usize,
    clocks_from: Option<i64>,
    lang: Lang,
) -> SpectatorState {
    let a = &report.arbiter;
    let at_ms = report.last_ms;
    SpectatorState {
        state: report.final_state(),
        at_ms,
        clocks_at_ms: clocks_from.map_or(0, |o| o + i64::try_from(at_ms).unwrap_or(0)),
        running: a.clock().running().map(side),
        turn: side(a.game().position().turn()),
        moves: report.moves(),
        draw_offer: a.draw_offer().map(side),
        question: a.question().map(|q| q.text(lang)),
        events,
    }
}

/// The JSON of every board of one view, each with the revision it was made at.
#[derive(Default)]
struct ViewCache {
    built: HashMap<i64, ((u64, u64), Arc<str>)>,
    version: u64,
    recent: VecDeque<(u64, Arc<str>)>,
}

/// What the task of a watched round knows.
#[derive(Default)]
struct RoundLive {
    round_id: i64,
    boards: Vec<LiveBoard>,
    default_header: Option<String>,
    delay_ms: i64,
    /// Counts the changes of the boards, the default header and the delay.
    meta: u64,
    games: HashMap<i64, GameLive>,
    views: HashMap<ViewKey, ViewCache>,
    /// The latest dashboard read answered.
    answered: u64,
}

impl RoundLive {
    /// Reads what changed and pushes new pictures; the unix ms when the next delayed event
    /// ages in, if one waits.
    async fn refresh(
        &mut self,
        service: &Service,
        (section, n): (i64, i64),
        hub: &Arc<RoundHub>,
    ) -> Result<Option<i64>, ServiceError> {
        let loaded = service.section(section).await?;
        let (round, games) = loaded.round(n).ok_or(ServiceError::NotFound)?;
        if !round.published {
            return Err(ServiceError::NotFound);
        }
        let s = loaded.section();
        let default_header = if s.time_control.trim().is_empty() {
            None
        } else {
            serde_json::to_string(&Header::new(&s.time_control, s.profile_name())).ok()
        };
        let delay_ms = i64::from(s.public_delay_minutes) * 60_000;
        let boards: Vec<LiveBoard> = games
            .iter()
            .filter_map(|g| board_of(&loaded, n, g))
            .collect();
        if boards != self.boards
            || default_header != self.default_header
            || delay_ms != self.delay_ms
            || round.id != self.round_id
        {
            if delay_ms != self.delay_ms {
                for g in self.games.values_mut() {
                    g.delayed_started = false;
                }
            }
            let mut watched = lock(&service.hub.games);
            for b in &boards {
                watched.insert(b.game, hub.clone());
            }
            drop(watched);
            let mut by_round = lock(&service.hub.by_round);
            by_round.retain(|_, r| !Arc::ptr_eq(r, hub));
            by_round.insert(round.id, hub.clone());
            drop(by_round);
            self.round_id = round.id;
            self.boards = boards;
            self.default_header = default_header;
            self.delay_ms = delay_ms;
            self.meta += 1;
            // Games not opened follow the section's header.
            let default = self.default_header.clone();
            self.games.retain(|_, g| g.origin_ms.is_some());
            for b in &self.boards {
                self.games
                    .entry(b.game)
                    .or_insert_with(|| GameLive::new(default.clone(), None, Vec::new()));
            }
        }
        lock(&hub.touched).clear();
        self.read_events(service).await?;
        let next = self.age();
        self.push(hub);
        Ok(next)
    }

    /// Between polls: reads the new events of the games this process stored events of only
    /// (one indexed query per game), then pushes as [`RoundLive::refresh`].
    async fn refresh_touched(
        &mut self,
        service: &Service,
        hub: &Arc<RoundHub>,
    ) -> Result<Option<i64>, ServiceError> {
        let mut touched = std::mem::take(&mut *lock(&hub.touched));
        touched.sort_unstable();
        touched.dedup();
        for game in touched {
            let Some(g) = self.games.get_mut(&game) else {
                continue;
            };
            if g.origin_ms.is_none() {
                reload(g, service, game).await?;
            } else {
                let known = i64::try_from(g.events.len()).unwrap_or(i64::MAX);
                let new = service.store.live_events_after(game, known).await?;
                if !new.is_empty() {
                    g.append(new);
                }
            }
        }
        let next = self.age();
        self.push(hub);
        Ok(next)
    }

    /// After a database notification: reads the new events of the games the round's marks show
    /// changed (one query, the section is not read again), then pushes as
    /// [`RoundLive::refresh`].
    async fn refresh_marks(
        &mut self,
        service: &Service,
        hub: &Arc<RoundHub>,
    ) -> Result<Option<i64>, ServiceError> {
        lock(&hub.touched).clear();
        self.read_events(service).await?;
        let next = self.age();
        self.push(hub);
        Ok(next)
    }

    /// Reads the events of the games that changed since the last look.
    async fn read_events(&mut self, service: &Service) -> Result<(), ServiceError> {
        for mark in service.store.live_round_marks(self.round_id).await? {
            let Some(g) = self.games.get_mut(&mark.game) else {
                continue;
            };
            let known = i64::try_from(g.events.len()).unwrap_or(i64::MAX);
            if g.origin_ms != Some(mark.origin_ms) {
                reload(g, service, mark.game).await?;
            } else if mark.events > known {
                let new = service.store.live_events_after(mark.game, known).await?;
                g.append(new);
            }
        }
        Ok(())
    }

    /// Lets the spectators' games take the events that aged in; when the next one does.
    fn age(&mut self) -> Option<i64> {
        if self.delay_ms == 0 {
            return None;
        }
        let until = store::unix_now_ms() - self.delay_ms;
        self.games
            .values_mut()
            .filter_map(|g| g.age(until, self.delay_ms))
            .min()
    }

    /// Makes the JSON of the boards that changed for every watched view and pushes the
    /// pictures that changed.
    fn push(&mut self, hub: &Arc<RoundHub>) {
        let senders: Vec<(ViewKey, watch::Sender<Arc<RoundSnapshot>>)> = lock(&hub.views)
            .iter()
            .map(|(k, v)| (*k, v.clone()))
            .collect();
        self.views
            .retain(|k, _| senders.iter().any(|(key, _)| key == k));
        for ((audience, lang, form), sender) in senders {
            let delayed = audience == Audience::Public && self.delay_ms > 0;
            let view = self.views.entry((audience, lang, form)).or_default();
            let mut changed = Vec::new();
            let mut all = Vec::with_capacity(self.boards.len());
            for b in &self.boards {
                let game = self.games.get(&b.game);
                let rev = (
                    self.meta,
                    game.map_or(0, |g| if delayed { g.revs.1 } else { g.revs.0 }),
                );
                let fresh = match view.built.get(&b.game) {
                    Some((at, json)) if *at == rev => json.clone(),
                    _ => {
                        let delay = if delayed { self.delay_ms } else { 0 };
                        let json = match form {
                            Form::Stream => board_json(b, game, delayed, delay, lang),
                            Form::Dashboard => dashboard_board_json(b, game, lang),
                        };
                        view.built.insert(b.game, (rev, json.clone()));
                        changed.push(json.clone());
                        json
                    }
                };
                all.push(fresh);
            }
            if changed.is_empty() && view.version > 0 {
                continue;
            }
            view.version += 1;
            view.recent.push_back((view.version, json_array(&changed)));
            while view.recent.len() > RECENT {
                view.recent.pop_front();
            }
            let picture = match form {
                Form::Stream => RoundSnapshot {
                    version: view.version,
                    boards: json_array(&all),
                    recent: view.recent.clone(),
                    dashboard: Arc::new([]),
                },
                Form::Dashboard => RoundSnapshot {
                    version: view.version,
                    dashboard: self
                        .boards
                        .iter()
                        .zip(all)
                        .map(|(b, json)| (json, self.games.get(&b.game).and_then(|g| g.origin_ms)))
                        .collect(),
                    ..RoundSnapshot::default()
                },
            };
            sender.send_replace(Arc::new(picture));
        }
    }
}

/// Reads a game's live game and whole log again (opened, or opened anew).
async fn reload(g: &mut GameLive, service: &Service, game: i64) -> Result<(), ServiceError> {
    let Some(live) = service.store.live_game(game).await? else {
        return Ok(());
    };
    let events = service.store.live_events(game).await?;
    let mut fresh = GameLive::new(Some(live.header), Some(live.origin_ms), events);
    fresh.revs = (g.revs.0 + 1, g.revs.1 + 1);
    *g = fresh;
    Ok(())
}

fn json_array(items: &[Arc<str>]) -> Arc<str> {
    let mut out = String::with_capacity(items.iter().map(|i| i.len() + 1).sum::<usize>() + 2);
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(item);
    }
    out.push(']');
    out.into()
}

fn board_json(
    board: &LiveBoard,
    game: Option<&GameLive>,
    delayed: bool,
    delay_ms: i64,
    lang: Lang,
) -> Arc<str> {
    let live = game.and_then(|g| {
        let (report, events) = g.shown(delayed);
        report.map(|r| spectator_state(r, events, g.origin_ms.map(|o| o + delay_ms), lang))
    });
    let proposed = proposed(live.as_ref().and_then(|l| l.state.result.as_deref()), board);
    let shown = SpectatorBoard {
        board: board.clone(),
        live,
        proposed,
    };
    serde_json::to_string(&shown)
        .unwrap_or_else(|_| "null".into())
        .into()
}

/// A board of the dashboard: the board and its whole live state as [`BoardLive`] (the arbiters'
/// game, every event), `now_ms` as [`NOW_MARK`].
fn dashboard_board_json(board: &LiveBoard, game: Option<&GameLive>, lang: Lang) -> Arc<str> {
    let live = game.and_then(|g| {
        let report = g.now.as_ref()?;
        let header: Header = serde_json::from_str(g.header.as_deref()?).ok()?;
        let now_ms = if g.origin_ms.is_some() { NOW_MARK } else { 0 };
        Some(crate::live::live_state_of(
            board.game, header, report, &g.events, now_ms, lang,
        ))
    });
    let proposed = proposed(live.as_ref().and_then(|l| l.state.result.as_deref()), board);
    let shown = BoardLive {
        board: board.clone(),
        live,
        proposed,
    };
    serde_json::to_string(&shown)
        .unwrap_or_else(|_| "null".into())
        .into()
}

/// The task of a watched round: refresh, then wait for a stored event, a delayed event to age
/// in or the next poll; ends when nobody watches or the round is no longer published.
async fn watch_round_task(service: Service, key: (i64, i64), hub: Arc<RoundHub>) {
    let mut round = RoundLive::default();
    let mut polled: Option<tokio::time::Instant> = None;
    loop {
        if service.hub.forget(key, &hub, false) {
            return;
        }
        let now = tokio::time::Instant::now();
        let next_poll = polled.map_or(now, |p| p + service.live_poll);
        let asked = hub.asked.load(Ordering::SeqCst);
        let looked = if next_poll <= now || asked > round.answered {
            polled = Some(now);
            let looked = round.refresh(&service, key, &hub).await;
            round.answered = asked;
            hub.looked.send_replace((asked, looked.is_ok()));
            looked
        } else if hub.notified.swap(false, Ordering::SeqCst) {
            round.refresh_marks(&service, &hub).await
        } else {
            round.refresh_touched(&service, &hub).await
        };
        let mut wait = polled.map_or(service.live_poll, |p| {
            (p + service.live_poll).saturating_duration_since(tokio::time::Instant::now())
        });
        match looked {
            Ok(Some(next)) => {
                let until = u64::try_from(next - store::unix_now_ms()).unwrap_or(0);
                wait = wait.min(Duration::from_millis(until));
            }
            Ok(None) => {}
            Err(ServiceError::NotFound) => {
                service.hub.forget(key, &hub, true);
                return;
            }
            // The database did not answer: the next poll tries again.
            Err(_) => {}
        }
        // Events stored meanwhile wake the task at once after the gap: one picture for all.
        tokio::time::sleep(PUSH_GAP).await;
        wait = wait.saturating_sub(PUSH_GAP);
        tokio::select! {
            () = hub.wake.notified() => {}
            () = tokio::time::sleep(wait) => {}
        }
    }
}

/// Listens to the database's notifications (PostgreSQL) and wakes the watched round each
/// names; ends with the hub, or when the database refuses (the next watched round starts it
/// again; the polls go on meanwhile).
async fn listen_task(store: store::Store, hub: Weak<LiveHub>) {
    let listener = store.live_listener().await;
    let mut listener = match listener {
        Ok(Some(l)) => l,
        Ok(None) | Err(_) => {
            if let Some(hub) = hub.upgrade() {
                hub.listening.store(false, Ordering::SeqCst);
            }
            return;
        }
    };
    // Events stored while the listener connected were not notified to it: every watched
    // round looks once now.
    if let Some(live) = hub.upgrade() {
        for round in lock(&live.rounds).values() {
            round.notified.store(true, Ordering::SeqCst);
            round.wake.notify_one();
        }
    }
    loop {
        let next = listener.next().await;
        let Some(live) = hub.upgrade() else {
            return;
        };
        match next {
            Ok(round) => live.notified(round),
            Err(_) => {
                live.listening.store(false, Ordering::SeqCst);
                return;
            }
        }
    }
}

impl Service {
    /// The same service asking the database for other processes' events of a watched round
    /// every `every` (default [`POLL_EVERY`]).
    pub fn with_live_poll(self, every: Duration) -> Service {
        Service {
            live_poll: every,
            ..self
        }
    }

    /// Watches round `n` of a section as `audience` in `lang`: the first news is every board,
    /// then the boards that change as they change (published rounds only).
    pub async fn watch_round(
        &self,
        section: i64,
        n: i64,
        audience: Audience,
        lang: Lang,
    ) -> Result<RoundWatch, ServiceError> {
        let (_, pictures) = self
            .subscribe_round(section, n, (audience, lang, Form::Stream))
            .await?;
        Ok(RoundWatch { pictures, seen: 0 })
    }

    /// The watched round `n` of a section (its task started if it was not watched) and a
    /// receiver of the pictures of `view`.
    async fn subscribe_round(
        &self,
        section: i64,
        n: i64,
        view: ViewKey,
    ) -> Result<(Arc<RoundHub>, watch::Receiver<Arc<RoundSnapshot>>), ServiceError> {
        self.round_boards(section, n, view.0).await?;
        let key = (section, n);
        let mut rounds = lock(&self.hub.rounds);
        let mut new = false;
        let hub = rounds
            .entry(key)
            .or_insert_with(|| {
                new = true;
                Arc::default()
            })
            .clone();
        let pictures = lock(&hub.views)
            .entry(view)
            .or_insert_with(|| watch::channel(Arc::new(RoundSnapshot::default())).0)
            .subscribe();
        drop(rounds);
        if self.store.is_postgres() && !self.hub.listening.swap(true, Ordering::SeqCst) {
            tokio::spawn(listen_task(self.store.clone(), Arc::downgrade(&self.hub)));
        }
        if new {
            tokio::spawn(watch_round_task(self.clone(), key, hub.clone()));
        }
        hub.wake.notify_one();
        Ok((hub, pictures))
    }

    /// Every board of round `n` live for the arbiters' dashboard, texts in `lang`: the JSON
    /// array of [`BoardLive`] that [`Service::round_live`] gives the arbiters, read from the
    /// round's shared picture ([`crate::live_hub`]): a read asks the round's task for one look
    /// at the database (the marks of the round's games and the section, no game rebuilt) and
    /// waits for it, so it shows every event and result stored before it. The round stays
    /// watched [`DASHBOARD_LINGER`] after the latest read.
    pub async fn round_dashboard_json(
        &self,
        section: i64,
        n: i64,
        lang: Lang,
    ) -> Result<String, ServiceError> {
        let view = (Audience::Arbiters, lang, Form::Dashboard);
        let (hub, pictures) = self.subscribe_round(section, n, view).await?;
        let mut looked = hub.looked.subscribe();
        let asked = hub.asked.fetch_add(1, Ordering::SeqCst) + 1;
        hub.wake.notify_one();
        lock(&hub.held).insert(
            view,
            (
                pictures.clone(),
                tokio::time::Instant::now() + DASHBOARD_LINGER,
            ),
        );
        let answered = tokio::time::timeout(
            Duration::from_secs(10),
            looked.wait_for(|(l, _)| *l >= asked),
        )
        .await
        .ok()
        .and_then(Result::ok)
        .is_some_and(|l| l.1);
        let picture = pictures.borrow().clone();
        if answered && picture.version > 0 {
            return Ok(picture.dashboard_json(store::unix_now_ms()));
        }
        // The round's task could not look (e.g. the round was unpublished meanwhile).
        let boards = self
            .round_live(section, n, Audience::Arbiters, lang)
            .await?;
        serde_json::to_string(&boards).map_err(|e| ServiceError::Internal(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(seq: i64, server_ms: i64, line: &str) -> LiveEvent {
        LiveEvent {
            seq,
            device: None,
            device_seq: None,
            user: None,
            server_ms,
            line: line.into(),
        }
    }

    fn snapshot(version: u64, recent: &[u64]) -> RoundSnapshot {
        RoundSnapshot {
            version,
            boards: "[all]".into(),
            recent: recent
                .iter()
                .map(|v| (*v, Arc::from(format!("[{v}]"))))
                .collect(),
            dashboard: Arc::new([]),
        }
    }

    #[test]
    fn a_stream_gets_the_changes_it_missed_else_every_board() {
        let s = snapshot(40, &(9..=40).collect::<Vec<_>>());
        assert_eq!(s.news_since(40), None);
        assert_eq!(s.news_since(0), Some(News::All("[all]".into())));
        assert_eq!(
            s.news_since(38),
            Some(News::Changed(vec!["[39]".into(), "[40]".into()]))
        );
        assert!(matches!(s.news_since(8), Some(News::Changed(c)) if c.len() == 32));
        assert_eq!(s.news_since(7), Some(News::All("[all]".into())));
        assert_eq!(snapshot(0, &[]).news_since(0), None);
        let events = News::Changed(vec!["[1]".into()]).events(5);
        assert_eq!(
            events,
            vec![("update", r#"{"server_ms":5,"boards":[1]}"#.to_owned())]
        );
    }

    #[test]
    fn the_spectators_game_takes_an_event_only_when_it_aged_in() {
        let header = serde_json::to_string(&Header::new("300+2", "fide-2023")).unwrap();
        let mut game = GameLive::new(
            Some(header),
            Some(0),
            vec![
                event(1, 1_000, r#"{"event":"start_clock","at_ms":0}"#),
                event(
                    2,
                    2_000,
                    r#"{"event":"move","by":"white","move":"e4","at_ms":1000}"#,
                ),
            ],
        );
        let delay = 60_000;
        assert_eq!(game.age(1_999, delay), Some(2_000 + delay));
        let (report, shown) = game.shown(true);
        assert_eq!(shown, 1);
        assert!(report.unwrap().moves().is_empty());
        assert_eq!(game.shown(false).1, 2);
        assert_eq!(game.shown(false).0.unwrap().moves(), vec!["e4"]);
        let rev = game.revs.1;
        assert_eq!(game.age(1_999, delay), Some(2_000 + delay));
        assert_eq!(game.revs.1, rev, "nothing new aged in");
        assert_eq!(game.age(2_000, delay), None);
        assert_eq!(game.shown(true).0.unwrap().moves(), vec!["e4"]);
        assert!(game.revs.1 > rev);
    }
}
