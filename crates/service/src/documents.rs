//! The final documents of a championship (SJRP §6.4, §7.8): champions per class, the DEM
//! qualification list and the places certificates are written for, section by section, as a
//! viewer may see them (the public: published rounds only).

use event::honours::Honours;
use serde::Serialize;

use crate::Service;
use crate::error::ServiceError;
use crate::rows::domain_event;

/// The honours of one section and whether they are final.
#[derive(Debug, Clone, Serialize)]
pub struct SectionHonours {
    /// The section's id.
    pub id: i64,
    /// Champions, qualified players and rankings per class.
    pub honours: Honours,
    /// Rounds with every result in.
    pub complete: u32,
    /// Rounds the section plays.
    pub rounds: u32,
    /// Every round played and every result in: the champions are final.
    pub finished: bool,
    /// Some class has a place shared after the last tie-break that a Stichkampf decides.
    pub tied: bool,
    /// The section's version (for the Stichkampf forms).
    pub version: i64,
    /// The section's Stichkämpfe (SJRP §6.1).
    pub playoffs: Vec<PlayoffView>,
}

/// A Stichkampf as the final documents show it.
#[derive(Debug, Clone, Serialize)]
pub struct PlayoffView {
    /// Its number in the section (1 = first).
    pub number: usize,
    /// The class whose tie it decides.
    pub class: String,
    /// The players' names, the first-game white player first.
    pub players: Vec<String>,
    /// The games played: `white`, `black`, `result`, `minutes`.
    pub games: Vec<PlayoffGameView>,
    /// The next game, while undecided.
    pub next: Option<PlayoffGameView>,
    /// The decided order, best first.
    pub ranking: Option<Vec<String>>,
}

/// One game of a Stichkampf.
#[derive(Debug, Clone, Serialize)]
pub struct PlayoffGameView {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result (`1-0`), empty for the next game.
    pub result: String,
    /// Minutes per player: 20 (rapid) or 5 (blitz).
    pub minutes: u8,
}

/// The Stichkämpfe of `section` with the players' names.
fn playoffs(section: &event::Section) -> Vec<PlayoffView> {
    let name = |id| {
        section
            .entry(id)
            .map_or_else(|| id.to_string(), |e| e.player.name())
    };
    section
        .playoffs
        .iter()
        .enumerate()
        .map(|(i, p)| PlayoffView {
            number: i + 1,
            class: p.class.to_string(),
            players: p.players.iter().map(|&id| name(id)).collect(),
            games: p
                .games()
                .into_iter()
                .map(|(w, b, r, rapid)| PlayoffGameView {
                    white: name(w),
                    black: name(b),
                    result: r.to_string(),
                    minutes: if rapid { 20 } else { 5 },
                })
                .collect(),
            next: p.next_game().map(|g| PlayoffGameView {
                white: name(g.white),
                black: name(g.black),
                result: String::new(),
                minutes: g.game.minutes,
            }),
            ranking: p
                .ranking()
                .map(|order| order.into_iter().map(name).collect()),
        })
        .collect()
}

/// The final documents of an event.
#[derive(Debug, Clone, Serialize)]
pub struct FinalDocuments {
    /// The event (without sections and without its admission list).
    pub event: event::Event,
    /// One entry per section, in the event's order.
    pub sections: Vec<SectionHonours>,
}

impl Service {
    /// The final documents of event `id` as the viewer sees them (`arbiter`: every round; the
    /// public: the published rounds only); team sections are left out.
    pub async fn final_documents(
        &self,
        id: i64,
        arbiter: bool,
    ) -> Result<FinalDocuments, ServiceError> {
        let row = self.store.event(id).await?;
        let mut sections = Vec::new();
        for s in self.store.sections(id).await? {
            // Team sections rank teams, not players: their titles are not these (§10-§18).
            if self.store.team_section(s.id).await?.is_none() {
                sections.push(self.section_honours(s.id, arbiter).await?);
            }
        }
        let mut event = domain_event(&row);
        // The admission list names minors with their birth years: not part of the documents.
        event.admission = None;
        Ok(FinalDocuments { event, sections })
    }

    /// The honours of section `id` as the viewer sees them.
    pub async fn section_honours(
        &self,
        id: i64,
        arbiter: bool,
    ) -> Result<SectionHonours, ServiceError> {
        let loaded = self.view(id, arbiter).await?;
        let section = loaded.section();
        let honours = Honours::of(&loaded.event, section).map_err(|e| {
            ServiceError::rule_in(
                e.to_string(),
                format!("Die Tabelle kann nicht berechnet werden: {e}"),
            )
        })?;
        let complete = section.rounds_complete();
        let rounds = section.rounds_to_play();
        Ok(SectionHonours {
            id,
            complete,
            rounds,
            finished: section.finished(),
            tied: honours
                .classes
                .iter()
                .any(|c| !c.open_tie.is_empty() || !c.quota_tie.is_empty()),
            version: loaded.section_row.version,
            playoffs: playoffs(section),
            honours,
        })
    }
}
