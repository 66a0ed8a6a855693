//! The tournament service's operations: every change a director makes (events and sections,
//! registrations, seeding, pairing, publication, results, byes, imports, player-list uploads,
//! team sections with lineups and match results, DSB exports, the events of live games) is one
//! method of [`Service`], validated here, stored in one transaction with its audit entry, and
//! called alike by the HTML pages and the JSON API of `web` and by `cli`.
//!
//! Reads go through the [`SectionCache`]: a section is assembled from its rows into an
//! [`event::Section`] ([`Loaded`]) once per stored revision.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let service = service::Service::new(store::Store::open("sqlite://arbiter.db").await?);
//! let round = service.pair_next(Some(1), 7).await?;
//! service.publish(Some(1), 7, round).await?;
//! # Ok(()) }
//! ```

#![deny(missing_docs)]

pub mod archive;
pub mod audit;
pub mod backups;
pub mod board;
pub mod cards;
pub mod checkin;
pub mod deletion;
pub mod documents;
pub mod entries;
pub mod error;
pub mod exports;
pub mod games;
pub mod imports;
pub mod lists;
pub mod live;
pub mod live_hub;
pub mod live_round;
mod live_steps;
pub mod loaded;
pub mod players;
pub mod proceedings;
pub mod registration;
pub mod results;
pub mod rounds;
pub mod rows;
pub mod seeding;
pub mod settings;
pub mod stichkampf;
pub mod teams;
pub mod uploads;

use std::sync::Arc;

use store::Store;

pub use error::{ServiceError, Unconfirmed};
pub use loaded::{Loaded, SectionCache};

/// The operations of the tournament service over one store, with the cache of assembled
/// sections. Cheap to clone: clones share the store's pool and the cache.
#[derive(Clone)]
pub struct Service {
    store: Store,
    cache: Arc<SectionCache>,
    hub: Arc<live_hub::LiveHub>,
    steps: Arc<live_steps::SteppedGames>,
    live_poll: std::time::Duration,
    backups: Option<Arc<backups::Backups>>,
}

impl Service {
    /// The service over a store, with an empty cache.
    pub fn new(store: Store) -> Service {
        Service {
            store,
            cache: Arc::default(),
            hub: Arc::default(),
            steps: Arc::default(),
            live_poll: live_hub::POLL_EVERY,
            backups: None,
        }
    }

    /// The store, for reads of rows (events, users, sessions, the audit log).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// A section as currently stored (see [`SectionCache`]).
    pub async fn section(&self, id: i64) -> Result<Arc<Loaded>, ServiceError> {
        self.cache.get(&self.store, id).await
    }

    /// A section as a viewer sees it ([`Loaded::view`]): arbiters everything, the public its
    /// public view. Every public output reads sections through this.
    pub async fn view(&self, id: i64, arbiter: bool) -> Result<Arc<Loaded>, ServiceError> {
        Ok(self.section(id).await?.view(arbiter))
    }

    /// Stores a whole domain event (e.g. `event::demo::championship`); returns the event id.
    pub async fn load_event(&self, ev: &event::Event) -> Result<i64, ServiceError> {
        let id = rows::store_event(&self.store, None, ev).await?;
        for s in &ev.sections {
            rows::store_section(&self.store, None, id, s).await?;
        }
        Ok(id)
    }
}
