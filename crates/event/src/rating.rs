//! DWZ evaluation of a section (DSB Wertungsordnung 2014 / 2026 by the end date).

use std::collections::HashMap;

use standings::Points;
use standings::rating::dwz::{self, DwzError, Edition, Entrant, TournamentOutcome};

use crate::date::Date;
use crate::draw::Slot;
use crate::person::PlayerId;
use crate::section::Section;

/// Age counted for a player without birth date: an adult (the factors for over 25).
pub const AGE_UNKNOWN: u16 = 26;

impl Section {
    /// The DWZ evaluation of the games played over the board in the complete rounds (forfeits
    /// and byes do not count), under the Wertungsordnung in force at `end`. Players with a DWZ
    /// are evaluated with their index (at least 1) and their age in the year of `end`
    /// ([`AGE_UNKNOWN`] without birth date); players without one get a first DWZ if the rules
    /// allow. One outcome per entry, in pairing-number order.
    pub fn dwz_evaluation(
        &self,
        end: Date,
    ) -> Result<Vec<(PlayerId, TournamentOutcome)>, DwzError> {
        let ranking = self.ranking();
        let position: HashMap<PlayerId, usize> = ranking
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id(), i))
            .collect();
        let slots = self.slots();
        let rounds = usize::try_from(self.rounds_complete()).unwrap_or(usize::MAX);
        let entrants: Vec<Entrant> = ranking
            .iter()
            .map(|e| {
                let games = slots[&e.id()]
                    .iter()
                    .take(rounds)
                    .filter_map(|&slot| match slot {
                        Slot::Game {
                            opponent, result, ..
                        } if result.is_played() => {
                            let score = match slot.outcome()? {
                                standings::Outcome::Win => Points::ONE,
                                standings::Outcome::Draw => Points::HALF,
                                _ => Points::ZERO,
                            };
                            Some((*position.get(&opponent)?, score))
                        }
                        _ => None,
                    })
                    .collect();
                let p = &e.player;
                let player = p.dwz.filter(|&d| d > 0).map(|dwz| dwz::Player {
                    dwz,
                    index: p.dwz_index.unwrap_or(1).max(1),
                    age: p
                        .birth
                        .map_or(AGE_UNKNOWN, |b| end.year().saturating_sub(b.year())),
                });
                Entrant { player, games }
            })
            .collect();
        let outcomes = dwz::evaluate_tournament(Edition::for_end_date(end), &entrants)?;
        Ok(ranking.iter().map(|e| e.id()).zip(outcomes).collect())
    }
}
