//! FIDE mode (issue 13, item 5; FIDE C.04.A, endorsement of pairing programs): in a section
//! in FIDE mode, on by default, the arbiter changes a pairing of the engine by hand only with
//! an explicit confirmation, and every change is kept as an integrity note: who, when, what
//! changed, and which criteria of C.04.3 the changed round breaks against the engine's
//! pairing. The notes are written to the section's TRF as `###` comments.

use laws::Article;
use pairing::dutch::{self, Criterion, criteria_by_bracket};

use crate::date::DateTime;
use crate::person::PlayerId;
use crate::round::{ByeKind, Warning, WarningKind};
pub use crate::section::{FIDE_MODE, IntegrityNote};
use crate::section::{RoundError, Section, System};

/// The statement the arbiter confirms before a manual change in FIDE mode, English.
pub const CONFIRMATION_EN: &str = "I confirm this departs from the engine's pairing";
/// The same statement in German.
pub const CONFIRMATION_DE: &str = "Ich bestätige, dass dies von der Paarung des Programms abweicht";

/// The arbiter's confirmation of a manual change: who and when (time as a parameter).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation {
    /// The arbiter, as the audit log names the account.
    pub by: String,
    /// When the change was made.
    pub at: DateTime,
}

/// One manual change of a round's pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ManualEdit {
    /// Board `board` (1-based; one past the last adds one) set to `white` - `black`
    /// ([`Section::set_pair`]).
    Pair {
        /// 1-based board.
        board: usize,
        /// White.
        white: PlayerId,
        /// Black.
        black: PlayerId,
    },
    /// A player moved to a bye ([`Section::move_to_bye`]).
    Bye {
        /// The player.
        player: PlayerId,
        /// The bye.
        kind: ByeKind,
    },
    /// A board taken apart ([`Section::unpair_board`]).
    Unpair {
        /// 1-based board.
        board: usize,
    },
    /// Two players exchange their places ([`Section::exchange_players`]).
    Exchange {
        /// One player.
        a: PlayerId,
        /// The other.
        b: PlayerId,
    },
}

impl Section {
    /// Applies a manual change to `round`. In FIDE mode ([`Section::fide_mode`]) the change
    /// needs `confirmation` (else [`RoundError::ConfirmationNeeded`], nothing changes) and is
    /// recorded as an [`IntegrityNote`]; outside FIDE mode a given confirmation is recorded
    /// too. Returns the warnings of the change.
    pub fn manual_edit(
        &mut self,
        round: u32,
        edit: &ManualEdit,
        confirmation: Option<&Confirmation>,
    ) -> Result<Vec<Warning>, RoundError> {
        if self.fide_mode && confirmation.is_none() {
            return Err(RoundError::ConfirmationNeeded);
        }
        let numbers = self.numbers();
        let number = |p: &PlayerId| numbers.get(p).copied().unwrap_or(0);
        let warnings = match edit {
            ManualEdit::Pair {
                board,
                white,
                black,
            } => self.set_pair(round, *board, *white, *black)?,
            ManualEdit::Bye { player, kind } => self.move_to_bye(round, *player, *kind)?,
            ManualEdit::Unpair { board } => {
                self.unpair_board(round, *board)?;
                Vec::new()
            }
            ManualEdit::Exchange { a, b } => self.exchange_players(round, *a, *b)?,
        };
        let change = match edit {
            ManualEdit::Pair {
                board,
                white,
                black,
            } => format!("board {board}: {} - {}", number(white), number(black)),
            ManualEdit::Bye { player, kind } => format!("bye {kind:?}: {}", number(player)),
            ManualEdit::Unpair { board } => format!("board {board} taken apart"),
            ManualEdit::Exchange { a, b } => {
                format!("{} and {} exchanged", number(a), number(b))
            }
        };
        if let Some(c) = confirmation {
            let criteria = self.broken_criteria(round);
            self.integrity.push(IntegrityNote {
                round,
                by: c.by.clone(),
                at: c.at,
                change,
                criteria,
            });
        }
        Ok(warnings)
    }

    /// The criteria the pairing of `round` breaks against the engine's: the absolute ones
    /// its boards' warnings name ([`Section::check_pair`]: C1 rematch or prohibited pair, C3
    /// colours; a second pairing-allocated bye C2) and the quality criteria of
    /// the first bracket where the two pairings part (C.04.3 Art. 3: brackets in order) on
    /// which the round's value is worse. `None` when the round has players left unpaired or
    /// the section is not a Swiss.
    pub fn broken_criteria(&self, round: u32) -> Option<Vec<String>> {
        if !matches!(self.system, System::Swiss { .. }) {
            return None;
        }
        let r = self.round(round)?;
        if r.byes.iter().filter(|b| b.kind == ByeKind::Zero).count() > 1 {
            return None;
        }
        let numbers = self.numbers();
        let pairs: Vec<(u32, u32)> = r
            .boards
            .iter()
            .map(|b| Some((*numbers.get(&b.white)?, *numbers.get(&b.black)?)))
            .collect::<Option<_>>()?;
        let input = self.dutch_input(round);
        let edition = self.dutch_edition();
        let engine = dutch::pair_round(&input, edition).ok()?;
        let engine_pairs: Vec<(u32, u32)> =
            engine.boards.iter().map(|b| (b.white, b.black)).collect();
        let mut warnings: Vec<Warning> = r
            .boards
            .iter()
            .flat_map(|b| self.check_pair(round, b.white, b.black))
            .collect();
        if let Some(bye) = r.byes.iter().find(|b| b.kind == ByeKind::PairingAllocated)
            && let Some(earlier) = self.earlier_pairing_bye(round, bye.player)
        {
            warnings.push(Warning {
                kind: WarningKind::RepeatedPairingBye {
                    player: bye.player,
                    round: earlier,
                },
                article: Article::new("C.04.1 d"),
            });
        }
        let mut broken: Vec<Criterion> = warnings
            .iter()
            .filter_map(|w| match w.kind {
                WarningKind::Rematch { .. } | WarningKind::ProhibitedPair { .. } => {
                    Some(Criterion::C1)
                }
                WarningKind::RepeatedPairingBye { .. } => Some(Criterion::C2),
                WarningKind::SameColourThreeTimes { .. } | WarningKind::ColourDifference { .. } => {
                    Some(Criterion::C3)
                }
                _ => None,
            })
            .collect();
        if let (Ok(ours), Ok(theirs)) = (
            criteria_by_bracket(&input, edition, &pairs),
            criteria_by_bracket(&input, edition, &engine_pairs),
        ) && let Some((o, t)) = ours.iter().zip(&theirs).find(|(o, t)| o != t)
        {
            let worse: Vec<Criterion> = o
                .values
                .iter()
                .zip(&t.values)
                .filter(|((_, ov), (_, tv))| ov > tv)
                .map(|((c, _), _)| *c)
                .collect();
            broken.extend(worse);
        }
        broken.sort_unstable();
        broken.dedup();
        Some(broken.iter().map(|c| c.code()).collect())
    }
}
