//! Results and their corrections: every result passes [`event::Section::enter_result`] or,
//! when the game already has one, [`event::Section::correct_result`] (Art. 8.7), and is
//! stored with its audit entry — and, for a correction that later rounds rest on, the
//! correction's effect — in one transaction.

use std::collections::{BTreeMap, HashSet};

use event::person::PlayerId;
use laws::{Article, GameResult};
use store::{Recorded, RoundNote};

use crate::Service;
use crate::error::ServiceError;
use crate::loaded::load;
use crate::rows::player_id;

/// Art. 8.7: a result stands unless the arbiter changes it.
pub const CORRECTION: Article = Article::new("Art. 8.7");

/// What a corrected result changes after the fact (Art. 8.7: the arbiter changed a result).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CorrectionEffect {
    /// The round of the corrected game.
    pub round: u32,
    /// Later rounds already paired with the old result.
    pub later_rounds: Vec<u32>,
    /// Players whose score after the round changed: id, name, old score, new score.
    pub scores: Vec<(i64, String, String, String)>,
    /// Boards of the next round (already paired) that the pairing would no longer make.
    pub different_boards: Vec<usize>,
}

/// A stored result: the game's new version and, for a correction that later rounds rest on,
/// its effect (also in the audit log).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entered {
    /// The game's version after the change (optimistic locking).
    pub version: i64,
    /// For a correction that later rounds rest on: what it changes there (Art. 8.7).
    pub effect: Option<CorrectionEffect>,
}

impl Service {
    /// Enters or corrects the result of game `game` that the caller read at `version`
    /// (optimistic locking). Boards go through [`event::Section::enter_result`] (a game
    /// without a result) or [`event::Section::correct_result`] (Art. 8.7); a bye's kind is
    /// changed in place. Results are entered after the round's publication only.
    pub async fn enter_result(
        &self,
        by: Option<i64>,
        game: i64,
        result: &str,
        version: i64,
    ) -> Result<Entered, ServiceError> {
        let result: Recorded = result
            .parse()
            .map_err(|e: store::ParseRecordedError| ServiceError::BadRequest(e.to_string()))?;
        let g = self.store.game(game).await?;
        let round = self.store.round(g.round).await?;
        if !round.published {
            let n = round.number;
            return Err(ServiceError::rule_in(
                format!("round {n} is not published yet: results are entered after publication"),
                format!(
                    "Runde {n} ist noch nicht veröffentlicht: Ergebnisse werden danach eingetragen"
                ),
            ));
        }
        let effect = match g.black {
            Some(_) => match GameResult::try_from(result) {
                Ok(board) => self.board_result(&g, board).await?,
                Err(_) => None,
            },
            _ => None,
        };
        let note = effect.as_ref().map(|e| note(&g, result, e));
        let version = self
            .store
            .set_result_noted(by, game, result, version, note.as_ref())
            .await?;
        Ok(Entered { version, effect })
    }

    /// Applies a board's result to the domain section (Art. 8.7 for a correction) and returns
    /// the correction's effect on later rounds, if any.
    async fn board_result(
        &self,
        g: &store::Game,
        result: GameResult,
    ) -> Result<Option<CorrectionEffect>, ServiceError> {
        let round = self.store.round(g.round).await?;
        let loaded = load(&self.store, round.section).await?;
        let before = loaded.section();
        let n = u32::try_from(round.number).unwrap_or(0);
        let board = before
            .round(n)
            .and_then(|r| r.board_of(player_id(g.white)))
            .map(|i| i + 1)
            .ok_or(ServiceError::NotFound)?;
        let mut after = before.clone();
        let new = result;
        if g.result == Recorded::Game(GameResult::Pending) {
            after
                .enter_result(n, board, new)
                .map_err(ServiceError::from)?;
            return Ok(None);
        }
        let correction = after
            .correct_result(n, board, new)
            .map_err(ServiceError::from)?;
        if correction.affected_rounds.is_empty() {
            return Ok(None);
        }
        Ok(Some(effect(
            &loaded,
            before,
            &after,
            n,
            correction.affected_rounds,
        )))
    }
}

/// The audit entry of a correction's effect (entity `round`, action `correction effect`).
fn note(g: &store::Game, new: Recorded, effect: &CorrectionEffect) -> RoundNote {
    let scores: Vec<String> = effect
        .scores
        .iter()
        .map(|(_, name, was, now)| format!("{name} {was} → {now}"))
        .collect();
    let text = format!(
        "later rounds {:?}; scores: {}; next round boards paired differently now: {:?}",
        effect.later_rounds,
        scores.join(", "),
        effect.different_boards
    );
    RoundNote {
        action: format!("correction effect ({})", CORRECTION.as_str()),
        old: format!("board {}: {}", g.board, g.result.code()),
        new: format!("{}; {text}", new.code()),
    }
}

/// Score of every player after `round` (exact half points).
fn scores_after(s: &event::Section, round: u32) -> BTreeMap<PlayerId, standings::Points> {
    let scoring = s.scoring.system();
    let mut total: BTreeMap<PlayerId, standings::Points> = BTreeMap::new();
    for r in s.played.iter().filter(|r| r.number <= round) {
        for b in &r.boards {
            if let Some((w, bl)) = standings::Outcome::of_game(b.result) {
                *total.entry(b.white).or_default() += scoring.points(w);
                *total.entry(b.black).or_default() += scoring.points(bl);
            }
        }
        for bye in &r.byes {
            *total.entry(bye.player).or_default() += scoring.points(bye.kind.into());
        }
    }
    total
}

/// The effect of the correction from `before` to `after` of a game of round `n`: the later
/// rounds, changed scores, and next-round boards the engine would now pair differently
/// (Swiss only).
fn effect(
    loaded: &crate::Loaded,
    before: &event::Section,
    after: &event::Section,
    n: u32,
    later_rounds: Vec<u32>,
) -> CorrectionEffect {
    let (old_scores, new_scores) = (scores_after(before, n), scores_after(after, n));
    let scores = new_scores
        .iter()
        .filter(|(p, v)| old_scores.get(p) != Some(v))
        .map(|(p, v)| {
            let id = i64::from(p.0);
            let was = old_scores.get(p).copied().unwrap_or_default();
            (id, loaded.name(id), was.to_string(), v.to_string())
        })
        .collect();
    let mut different_boards = Vec::new();
    if matches!(after.system, event::System::Swiss { .. }) {
        let mut upto = after.clone();
        upto.played.truncate(usize::try_from(n).unwrap_or(0));
        if let (Ok(draft), Some(actual)) = (upto.pair_round(n + 1), after.round(n + 1)) {
            let pairs: HashSet<(PlayerId, PlayerId)> = draft
                .boards
                .iter()
                .map(|b| (b.white.min(b.black), b.white.max(b.black)))
                .collect();
            different_boards = actual
                .boards
                .iter()
                .enumerate()
                .filter(|(_, b)| !pairs.contains(&(b.white.min(b.black), b.white.max(b.black))))
                .map(|(i, _)| i + 1)
                .collect();
        }
    }
    CorrectionEffect {
        round: n,
        later_rounds,
        scores,
        different_boards,
    }
}
