//! The live games this process posts events to, each as the last post left it (issue #15): a
//! post steps the stored game on by its one event instead of rebuilding the game from its
//! whole log (O(1) instead of O(moves) per event).
//!
//! A post first asks the store for the game's mark (its origin and the number of its events,
//! one indexed query). The game kept here is used when it is the stored one: the same origin
//! and no more events than stored; events another server process stored meanwhile are read and
//! stepped on. Otherwise (the live game was opened anew, the process starts, an event was
//! refused or lost a race) the game is rebuilt from the log. Stepping and rebuilding give the
//! same game: the engine is deterministic and takes the same lines in the same order.
//!
//! The posts of one game wait for each other here (one lock per game), so the two devices of a
//! board never race in this process; the store still checks the number of events (another
//! process), and an event is acknowledged only after it is stored.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use laws::replay::{LogLine, Report};
use store::{LiveEvent, LiveGame};

use crate::error::ServiceError;

/// The line of the replay log that holds event `seq` (the header is line 1).
pub(crate) fn line_of(seq: i64) -> usize {
    usize::try_from(seq).unwrap_or(0) + 1
}

fn broken(e: &laws::replay::LineError) -> ServiceError {
    ServiceError::Internal(format!(
        "live game log, entry {}: {}",
        e.line - 1,
        e.message
    ))
}

/// The game rebuilt from its header and log; a stored event the engine no longer takes is an
/// internal error naming it.
pub(crate) fn rebuild(header: &str, events: &[LiveEvent]) -> Result<Report, ServiceError> {
    let mut report = Report::start(LogLine::new(1, header), None).map_err(|e| broken(&e))?;
    for e in events {
        report
            .step(LogLine::new(line_of(e.seq), &e.line))
            .map_err(|e| broken(&e))?;
    }
    Ok(report)
}

/// A live game as the latest post of this process left it.
#[derive(Debug)]
pub(crate) struct Stepped {
    /// Unix ms of the game's time 0 (a new opening changes it).
    pub(crate) origin_ms: i64,
    /// How many events of the log the game took.
    pub(crate) events: i64,
    /// The place in the log of each event a device numbered, by device and number.
    sent: HashMap<(String, i64), i64>,
    /// The game.
    pub(crate) report: Report,
}

impl Stepped {
    /// The game of a live game and its whole log.
    pub(crate) fn rebuilt(live: &LiveGame, events: &[LiveEvent]) -> Result<Stepped, ServiceError> {
        let mut out = Stepped {
            origin_ms: live.origin_ms,
            events: 0,
            sent: HashMap::new(),
            report: Report::start(LogLine::new(1, &live.header), None).map_err(|e| broken(&e))?,
        };
        for e in events {
            out.take(e)?;
        }
        Ok(out)
    }

    /// Steps the game on by the stored event that follows the known ones.
    pub(crate) fn take(&mut self, e: &LiveEvent) -> Result<(), ServiceError> {
        self.report
            .step(LogLine::new(line_of(e.seq), &e.line))
            .map_err(|e| broken(&e))?;
        self.stored(e.seq, e.device.as_deref(), e.device_seq);
        Ok(())
    }

    /// Notes that the event the game just took is stored as `seq`.
    pub(crate) fn stored(&mut self, seq: i64, device: Option<&str>, device_seq: Option<i64>) {
        self.events = seq;
        if let (Some(d), Some(n)) = (device, device_seq) {
            self.sent.insert((d.to_owned(), n), seq);
        }
    }

    /// The place in the log of the event `device` numbered `n`, if it was stored.
    pub(crate) fn sent(&self, device: &str, n: i64) -> Option<i64> {
        self.sent.get(&(device.to_owned(), n)).copied()
    }
}

/// One game's place: its posts wait for each other, the game as the latest left it.
pub(crate) type Slot = Arc<tokio::sync::Mutex<Option<Stepped>>>;

/// The games this process posted events to.
#[derive(Debug, Default)]
pub(crate) struct SteppedGames {
    games: Mutex<HashMap<i64, Slot>>,
}

impl SteppedGames {
    /// The place of `game` (made on its first post).
    pub(crate) fn slot(&self, game: i64) -> Slot {
        self.games
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(game)
            .or_default()
            .clone()
    }
}
