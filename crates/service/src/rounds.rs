//! Rounds: pair the next round, publish it, unpair it, and manual pairing edits on a preview
//! (C.04.1 warnings, SJRP §6.2).

use event::fide_mode::{Confirmation, ManualEdit};
use event::person::PlayerId;
use event::round::{Warning, WarningKind};
use laws::Article;
use serde::Deserialize;
use store::{Confirmed, NewRound, RoundNote, StoreError};

use crate::Loaded;
use crate::Service;
use crate::error::{ServiceError, Unconfirmed};
use crate::loaded::load;
use crate::rows::{bye_kind, new_games, player_id, section_document};

/// How often a pairing is computed afresh when the section changed while it was computed.
const PAIRING_ATTEMPTS: usize = 5;

/// Pairings are edited before the round is published.
pub const PUBLICATION: Article = Article::new("SJRP §6.2");

impl Service {
    /// Pairs the next round of a section and stores it as a preview. Returns its number. The
    /// round is stored only if the section is unchanged since it was read (compare-and-set on its
    /// revision): a registration or result committed meanwhile makes the pairing start again,
    /// up to [`PAIRING_ATTEMPTS`] times, then [`ServiceError::Conflict`].
    pub async fn pair_next(&self, by: Option<i64>, section: i64) -> Result<i64, ServiceError> {
        for _ in 0..PAIRING_ATTEMPTS {
            match self.pair_at_revision(by, section).await {
                Err(ServiceError::Conflict(_)) => continue,
                done => return done,
            }
        }
        Err(ServiceError::Conflict(format!(
            "section {section} kept changing while its next round was paired; try again"
        )))
    }

    /// One attempt of [`pair_next`]: [`ServiceError::Conflict`] when the section changed meanwhile.
    async fn pair_at_revision(&self, by: Option<i64>, section: i64) -> Result<i64, ServiceError> {
        let revision = self.store.section_revision(section).await?;
        let loaded = load(&self.store, section).await?;
        let s = loaded.section();
        let next = u32::try_from(s.played.len() + 1).unwrap_or(u32::MAX);
        if let Some(last) = s
            .played
            .last()
            .filter(|l| !l.is_published() || !l.is_complete())
        {
            return Err(ServiceError::rule_in(
                format!(
                    "round {} must be published and complete before round {next} is paired",
                    last.number
                ),
                format!(
                    "Runde {} muss veröffentlicht und vollständig sein, bevor Runde {next} \
                     ausgelost wird",
                    last.number
                ),
            ));
        }
        if let Some(p) = loaded.event.proceedings.blocking(&s.name, next) {
            return Err(ServiceError::rule_at(
                event::proceedings::FINAL,
                format!(
                    "the appeal of protest no. {} (round {}) waits for the tribunal: round {next} \
                     is paired after its decision",
                    p.number, p.round
                ),
                format!(
                    "der Widerspruch zu Protest Nr. {} (Runde {}) ist beim Turniergericht: Runde \
                     {next} wird erst nach dessen Entscheidung ausgelost",
                    p.number, p.round
                ),
            ));
        }
        let draft = s.pair_round(next)?;
        let mut after = s.clone();
        after.add_round(draft.clone()).map_err(ServiceError::from)?;
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
        match self.store.create_round(by, section, &round).await {
            Ok(_) => Ok(i64::from(next)),
            Err(StoreError::Duplicate(_)) => Err(ServiceError::Conflict(format!(
                "round {next} was paired meanwhile"
            ))),
            Err(e) => Err(e.into()),
        }
    }

    /// Publishes a previewed round now; returns the warnings of the publication (SJRP §6.2).
    pub async fn publish(
        &self,
        by: Option<i64>,
        section: i64,
        number: i64,
    ) -> Result<Vec<String>, ServiceError> {
        let loaded = load(&self.store, section).await?;
        let (row, _) = loaded.round(number).ok_or(ServiceError::NotFound)?;
        let now = store::unix_now();
        let mut s = loaded.section().clone();
        let warnings = s
            .publish(
                u32::try_from(number).unwrap_or(0),
                loaded.event.zone.local(now),
            )
            .map_err(ServiceError::from)?;
        self.store
            .publish_round(by, row.id, &now.to_string())
            .await?;
        let mut warnings: Vec<String> = warnings
            .iter()
            .map(|w| format!("{:?} ({})", w.kind, w.article))
            .collect();
        warnings.extend(self.backup_after_publish(section, number).await);
        Ok(warnings)
    }
}

impl Service {
    /// Takes the last round back (its boards and byes are deleted); only before any result of
    /// it is entered.
    pub async fn unpair(
        &self,
        by: Option<i64>,
        section: i64,
        number: i64,
    ) -> Result<(), ServiceError> {
        let loaded = load(&self.store, section).await?;
        let (round, _) = loaded.round(number).ok_or(ServiceError::NotFound)?;
        self.store
            .unpair_round(by, round.id)
            .await
            .map_err(|e| match e {
                StoreError::Conflict { .. } => ServiceError::rule_in(
                    "only the last round can be unpaired, and only before results are entered",
                    "nur die letzte Runde kann zurückgenommen werden, und nur vor den Ergebnissen",
                ),
                e => e.into(),
            })
    }
}

// ---- manual pairing edits -------------------------------------------------------------------

/// One manual edit of an unpublished round.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case")]
pub enum Edit {
    /// Board `board` (one past the last adds a board) becomes `white` - `black`.
    Pair {
        /// Board number, from 1.
        board: usize,
        /// The player (row id) with White.
        white: i64,
        /// The player (row id) with Black.
        black: i64,
    },
    /// The colours of board `board` change.
    Swap {
        /// Board number, from 1.
        board: usize,
    },
    /// Players `a` and `b` exchange their places (boards or byes).
    Exchange {
        /// One player (row id).
        a: i64,
        /// The other player (row id).
        b: i64,
    },
    /// `player` gets a bye (`bye`, `bye-1`, `bye-1/2`, `bye-0`), leaving the board.
    Bye {
        /// The player (row id).
        player: i64,
        /// The bye's code.
        kind: String,
    },
    /// Board `board` is taken apart; both players wait to be paired by hand.
    Unpair {
        /// Board number, from 1.
        board: usize,
    },
}

impl Edit {
    /// The edit in words with the players' names, in German or English (the audit log's).
    fn describe(&self, loaded: &Loaded, german: bool) -> String {
        let de = german;
        match self {
            Edit::Pair {
                board,
                white,
                black,
            } => format!(
                "{} {board}: {} - {}",
                if de { "Brett" } else { "board" },
                loaded.name(*white),
                loaded.name(*black)
            ),
            Edit::Swap { board } if de => format!("Brett {board}: Farben getauscht"),
            Edit::Swap { board } => format!("board {board}: colours swapped"),
            Edit::Exchange { a, b } if de => {
                format!("{} und {} getauscht", loaded.name(*a), loaded.name(*b))
            }
            Edit::Exchange { a, b } => {
                format!("{} and {} exchanged", loaded.name(*a), loaded.name(*b))
            }
            Edit::Bye { player, kind } => format!("{}: {kind}", loaded.name(*player)),
            Edit::Unpair { board } if de => format!("Brett {board} aufgelöst"),
            Edit::Unpair { board } => format!("board {board} taken apart"),
        }
    }
}

impl Edit {
    /// The edit as the domain's manual change of round `n` of `s` (a colour swap is board
    /// `board` paired the other way round).
    fn manual(&self, s: &event::Section, n: u32) -> Result<ManualEdit, ServiceError> {
        Ok(match self {
            Edit::Pair {
                board,
                white,
                black,
            } => ManualEdit::Pair {
                board: *board,
                white: player_id(*white),
                black: player_id(*black),
            },
            Edit::Swap { board } => {
                let b = board
                    .checked_sub(1)
                    .and_then(|i| s.round(n)?.boards.get(i))
                    .ok_or_else(|| {
                        ServiceError::BadRequest(format!("board: round {n} has no board {board}"))
                    })?;
                ManualEdit::Pair {
                    board: *board,
                    white: b.black,
                    black: b.white,
                }
            }
            Edit::Exchange { a, b } => ManualEdit::Exchange {
                a: player_id(*a),
                b: player_id(*b),
            },
            Edit::Bye { player, kind } => ManualEdit::Bye {
                player: player_id(*player),
                kind: bye_kind(kind)?,
            },
            Edit::Unpair { board } => ManualEdit::Unpair { board: *board },
        })
    }
}

/// The audit action of a confirmed manual pairing change (FIDE mode, C.04.A).
pub const CONFIRMED: &str = "manual pairing change confirmed";

impl Service {
    /// Applies one edit to the unpublished round `number` of a section through
    /// [`event::Section::manual_edit`] and stores it with its warnings in the audit log.
    /// `version` is the round version the caller saw (`None`: as read now). In FIDE mode
    /// ([`event::Section::fide_mode`], C.04.A) an edit without `confirm` is refused with
    /// [`ServiceError::ConfirmationNeeded`], naming the criteria the changed round would break,
    /// and nothing is stored; a confirmed edit is stored with its integrity note (who, when,
    /// what, the criteria broken: the section's TRF carries it as a `###` line) and the audit
    /// entry [`CONFIRMED`] in the games' transaction. Returns the warnings.
    pub async fn apply_edit(
        &self,
        by: Option<i64>,
        section: i64,
        number: i64,
        edit: &Edit,
        version: Option<i64>,
        confirm: bool,
    ) -> Result<Vec<Warning>, ServiceError> {
        let loaded = load(&self.store, section).await?;
        let (row, _) = loaded.round(number).ok_or(ServiceError::NotFound)?;
        if row.published {
            return Err(ServiceError::rule_at(
                PUBLICATION,
                format!("round {number} is published: pairings are edited before publication"),
                format!(
                    "Runde {number} ist veröffentlicht: Paarungen werden vor der Veröffentlichung geändert"
                ),
            ));
        }
        if let Edit::Exchange { a, b } = edit
            && a == b
        {
            return Err(ServiceError::BadRequest(format!(
                "second player: the same as the first ({a})"
            )));
        }
        let n = u32::try_from(number).unwrap_or(0);
        let mut s = loaded.section().clone();
        let manual = edit.manual(&s, n)?;
        let who = match by {
            Some(id) => self.store.user(id).await?.name,
            None => "system".to_owned(),
        };
        let confirmation = Confirmation {
            by: who,
            at: loaded.event.zone.local(store::unix_now()),
        };
        if s.fide_mode && !confirm {
            // What the change would break, on a copy: nothing is stored.
            let mut probe = s.clone();
            let warnings = probe
                .manual_edit(n, &manual, Some(&confirmation))
                .map_err(ServiceError::from)?;
            let criteria = probe
                .integrity
                .last()
                .and_then(|note| note.criteria.clone());
            return Err(ServiceError::ConfirmationNeeded(Box::new(Unconfirmed {
                change: edit.describe(&loaded, false),
                change_de: edit.describe(&loaded, true),
                criteria,
                warnings,
            })));
        }
        let notes = s.integrity.len();
        let warnings = s
            .manual_edit(n, &manual, confirm.then_some(&confirmation))
            .map_err(ServiceError::from)?;
        let round = s.round(n).ok_or(ServiceError::NotFound)?;
        let games = new_games(round, &|p| p);
        let mut what = edit.describe(&loaded, false);
        for w in &warnings {
            what.push_str("; warning: ");
            what.push_str(&warning_text(w, false, &loaded));
        }
        let version = version.unwrap_or(row.version);
        match s.integrity.get(notes) {
            None => {
                self.store
                    .replace_games(by, row.id, version, &games, &what)
                    .await?;
            }
            Some(note) => {
                let settings = section_document(&s)?;
                let note = RoundNote {
                    action: CONFIRMED.to_owned(),
                    old: edit.describe(&loaded, false),
                    new: note.trf_comment().trim().to_owned(),
                };
                let confirmed = Confirmed {
                    section_version: loaded.section_row.version,
                    settings: &settings,
                    note: &note,
                };
                self.store
                    .replace_games_noted(by, row.id, version, &games, &what, Some(&confirmed))
                    .await?;
            }
        }
        Ok(warnings)
    }
}

/// A warning with player names, in German or English.
pub fn warning_text(w: &Warning, german: bool, loaded: &Loaded) -> String {
    let name = |p: &PlayerId| loaded.name(i64::from(p.0));
    let de = german;
    let text = match &w.kind {
        WarningKind::Rematch { a, b, round } if de => format!(
            "{} und {} haben bereits in Runde {round} gegeneinander gespielt",
            name(a),
            name(b)
        ),
        WarningKind::Rematch { a, b, round } => {
            format!("{} and {} already met in round {round}", name(a), name(b))
        }
        WarningKind::SameColourThreeTimes { player } if de => {
            format!(
                "{} erhält dreimal nacheinander dieselbe Farbe",
                name(player)
            )
        }
        WarningKind::SameColourThreeTimes { player } => {
            format!("{} gets the same colour three times in a row", name(player))
        }
        WarningKind::ColourDifference { player, difference } if de => {
            format!("{}: Farbdifferenz {difference}", name(player))
        }
        WarningKind::ColourDifference { player, difference } => {
            format!("{}: colour difference {difference}", name(player))
        }
        WarningKind::ProhibitedPair { a, b } if de => {
            format!("{} und {} dürfen nicht gepaart werden", name(a), name(b))
        }
        WarningKind::ProhibitedPair { a, b } => {
            format!("{} and {} must not be paired", name(a), name(b))
        }
        WarningKind::Unavailable { player } if de => {
            format!("{} ist in dieser Runde nicht verfügbar", name(player))
        }
        WarningKind::Unavailable { player } => {
            format!("{} is not available in this round", name(player))
        }
        WarningKind::RepeatedPairingBye { player, round } if de => format!(
            "{} hatte bereits in Runde {round} das spielfrei (Paarungs-Freilos)",
            name(player)
        ),
        WarningKind::RepeatedPairingBye { player, round } => format!(
            "{} already had the pairing-allocated bye in round {round}",
            name(player)
        ),
        WarningKind::LatePublication { minutes_before } if de => format!(
            "manuelle Paarungen {minutes_before} Minuten vor der Runde veröffentlicht, mindestens 30 sind vorgeschrieben"
        ),
        WarningKind::LatePublication { minutes_before } => format!(
            "manual pairings published {minutes_before} minutes before the round, at least 30 are required"
        ),
        WarningKind::LaterRoundAffected { round } if de => {
            format!("Runde {round} wurde mit dem alten Ergebnis gepaart")
        }
        WarningKind::LaterRoundAffected { round } => {
            format!("round {round} was paired with the old result")
        }
    };
    format!("{text} ({})", w.article)
}
