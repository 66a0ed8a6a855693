//! Rounds of a section and their games: a pairing stored as a preview, published, edited by
//! hand or taken back, and the results and game records of its boards.

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use crate::audit::Audit;
use crate::row::{Column, Entity, change_one, count, duplicate, entity, get, insert_id, parsed};
use crate::sections::{bump_revision, bump_round_revision, lock_at_revision, replace_section_data};
use laws::GameResult;

use crate::{Recorded, Store, StoreError};

/// A round with pairings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Round {
    /// The round's key.
    pub id: i64,
    /// The key of its section.
    pub section: i64,
    /// The round number, from 1.
    pub number: i64,
    /// Published pairings are public; unpublished ones are a preview for the arbiters.
    pub published: bool,
    /// JSON of the domain publication moment.
    #[serde(skip)]
    pub data: String,
    /// Optimistic-locking version, raised by publication and manual pairing edits.
    pub version: i64,
}

entity! {
    Round = "round" from "rounds", columns "" {
        id: "id",
        section: "section_id",
        number: "number",
        published: "published",
        data: "data",
        version: "version",
    }
}

/// A board to store with a new round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewGame {
    /// The board number, from 1; byes follow the boards.
    pub board: i64,
    /// The key of the white player (of the player with the bye).
    pub white: i64,
    /// `None` for a bye.
    pub black: Option<i64>,
    /// The result to store, [`GameResult::Pending`] for a game to be played, the bye kind
    /// for a bye.
    pub result: Recorded,
    /// Paired by hand rather than by the engine (marked on the published list, SJRP §6.2).
    pub manual: bool,
}

/// A round to store as a preview ([`Store::create_round`]).
#[derive(Debug, Clone, Copy)]
pub struct NewRound<'a> {
    /// The round number, from 1.
    pub number: i64,
    /// Boards first, then byes.
    pub games: &'a [NewGame],
    /// Appended to the audit entry, e.g. the pairing system.
    pub note: &'a str,
    /// The section revision the pairing was computed at: the round is stored only while the
    /// section is unchanged since; `None` stores it regardless (a whole imported section).
    pub revision: Option<i64>,
    /// A new settings document of the section to store with the round (e.g. the fixed order
    /// drawn for round 1).
    pub settings: Option<&'a str>,
}

impl<'a> NewRound<'a> {
    /// Round `number` with these games, stored regardless of the section's revision, without
    /// note or settings.
    pub fn new(number: i64, games: &'a [NewGame]) -> NewRound<'a> {
        NewRound {
            number,
            games,
            note: "",
            revision: None,
            settings: None,
        }
    }
}

/// A board of a round, or a bye (no black player).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The game's key.
    pub id: i64,
    /// The key of its round.
    pub round: i64,
    /// The board number, from 1.
    pub board: i64,
    /// The key of the white player (of the player with the bye).
    pub white: i64,
    /// The key of the black player; `None` for a bye.
    pub black: Option<i64>,
    /// The result as entered (the bye kind for a bye).
    pub result: Recorded,
    /// Paired by hand rather than by the engine.
    pub manual: bool,
    /// Optimistic-locking version, raised by every result entry.
    pub version: i64,
}

entity! {
    Game = "game" from "games g", key "g.id", columns "g." {
        id: "id",
        round: "round_id",
        board: "board",
        white: "white_id",
        black: "black_id",
        result: "result",
        manual: "manual",
        version: "version",
    }
}

impl Column for Recorded {
    /// The stored result code.
    fn read(row: &AnyRow, column: &str) -> Result<Recorded, StoreError> {
        parsed(row, column)
    }
}

/// An audit entry about a round written with another change (see [`Store::set_result_noted`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundNote {
    /// What the note records, e.g. `correction`.
    pub action: String,
    /// The state before, in words.
    pub old: String,
    /// The state after, in words.
    pub new: String,
}

/// A manual pairing change the arbiter confirmed (FIDE mode), stored with the games
/// ([`Store::replace_games_noted`]).
#[derive(Debug, Clone, Copy)]
pub struct Confirmed<'a> {
    /// The version of the section's settings the caller read.
    pub section_version: i64,
    /// The section's new settings document, with the change's integrity note.
    pub settings: &'a str,
    /// The audit entry of the confirmation (who is the entry's user).
    pub note: &'a RoundNote,
}

impl Store {
    /// The rounds of a section that have pairings, in order.
    pub async fn rounds(&self, section: i64) -> Result<Vec<Round>, StoreError> {
        self.list("WHERE section_id = $1 ORDER BY number", &[section])
            .await
    }

    /// One round.
    pub async fn round(&self, id: i64) -> Result<Round, StoreError> {
        self.by_id(id).await
    }

    /// Stores the pairing of a round as an unpublished preview. Fails with
    /// [`StoreError::Duplicate`] when the round already has pairings, and with
    /// [`StoreError::Conflict`] when the section changed since the revision the pairing was
    /// computed at (compare-and-set in the same transaction: a registration, withdrawal or
    /// result committed meanwhile is never left out).
    pub async fn create_round(
        &self,
        by: Option<i64>,
        section: i64,
        round: &NewRound<'_>,
    ) -> Result<i64, StoreError> {
        let NewRound {
            number,
            games,
            note,
            revision,
            settings,
        } = *round;
        let mut tx = self.write().await?;
        lock_at_revision(&mut tx, section, revision).await?;
        if let Some(data) = settings {
            replace_section_data(&mut tx, by, section, data, None, "settings").await?;
        }
        let id = insert_id(
            &mut tx,
            sqlx::query(
                "INSERT INTO rounds (section_id, number, published) VALUES ($1, $2, 0) RETURNING id",
            )
            .bind(section)
            .bind(number),
        )
        .await
        .map_err(|e| duplicate(e, &format!("round {number}")))?;
        for g in games {
            insert_game(&mut tx, id, g).await?;
        }
        let paired = format!("round {number}: {} boards{note}", games.len());
        Audit::new(by, "round", id, "pair")
            .commit(tx, None, Some(&paired))
            .await?;
        Ok(id)
    }

    /// Publishes a previewed round; `data` records the moment in the domain's terms.
    pub async fn publish_round(
        &self,
        by: Option<i64>,
        round: i64,
        data: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        let update = sqlx::query(
            "UPDATE rounds SET published = 1, data = $1, version = version + 1 WHERE id = $2 AND published = 0",
        )
        .bind(data)
        .bind(round);
        change_one(&mut tx, update, "round", round).await?;
        Audit::new(by, "round", round, "publish")
            .write(&mut tx, Some("preview"), Some("published"))
            .await?;
        bump_round_revision(&mut tx, round).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Deletes the pairing of a round (unpair) if it is the last round of its section and no
    /// result has been entered.
    pub async fn unpair_round(&self, by: Option<i64>, round: i64) -> Result<(), StoreError> {
        let r = self.round(round).await?;
        let mut tx = self.write().await?;
        // Checked under the section's lock: a result entered meanwhile is never deleted.
        bump_revision(&mut tx, r.section).await?;
        let later = count(
            &mut tx,
            sqlx::query("SELECT COUNT(*) AS n FROM rounds WHERE section_id = $1 AND number > $2")
                .bind(r.section)
                .bind(r.number),
        )
        .await?;
        let entered = count(
            &mut tx,
            sqlx::query(
                "SELECT COUNT(*) AS n FROM games WHERE round_id = $1 AND black_id IS NOT NULL AND result <> $2",
            )
            .bind(round)
            .bind(Recorded::Game(GameResult::Pending).code()),
        )
        .await?;
        let boards = sqlx::query("DELETE FROM games WHERE round_id = $1")
            .bind(round)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        let gone = sqlx::query("DELETE FROM rounds WHERE id = $1")
            .bind(round)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if later > 0 || entered > 0 || gone != 1 {
            return Err(StoreError::Conflict {
                entity: "round",
                id: round,
            });
        }
        let paired = format!("round {}: {boards} boards", r.number);
        Audit::new(by, "round", round, "unpair")
            .commit(tx, Some(&paired), None)
            .await
    }

    /// The games of a round by board.
    pub async fn games(&self, round: i64) -> Result<Vec<Game>, StoreError> {
        self.list("WHERE g.round_id = $1 ORDER BY g.board", &[round])
            .await
    }

    /// All games of a section with the round number, for standings and exports.
    pub async fn section_games(&self, section: i64) -> Result<Vec<(i64, Game)>, StoreError> {
        sqlx::query(&format!(
            "SELECT r.number AS round_number, {} FROM {} JOIN rounds r ON r.id = g.round_id
             WHERE r.section_id = $1 ORDER BY r.number, g.board",
            Game::COLUMNS,
            Game::FROM
        ))
        .bind(section)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| Ok((get(r, "round_number")?, Game::from_row(r)?)))
        .collect()
    }

    /// One game.
    pub async fn game(&self, id: i64) -> Result<Game, StoreError> {
        self.by_id(id).await
    }

    /// Enters or corrects the result of a game the caller read at `version`; returns the new
    /// version. A stale version is [`StoreError::Conflict`]: another arbiter changed the game
    /// meanwhile and nothing is written.
    pub async fn set_result(
        &self,
        by: Option<i64>,
        game: i64,
        result: Recorded,
        version: i64,
    ) -> Result<i64, StoreError> {
        self.set_result_noted(by, game, result, version, None).await
    }

    /// [`Store::set_result`] with a note on the game's round in the same transaction (e.g. the
    /// effect of a result correction on later rounds, Art. 8.7): the note is written only with
    /// the result.
    pub async fn set_result_noted(
        &self,
        by: Option<i64>,
        game: i64,
        result: Recorded,
        version: i64,
        note: Option<&RoundNote>,
    ) -> Result<i64, StoreError> {
        let old = self.game(game).await?;
        if old.version != version {
            return Err(StoreError::Conflict {
                entity: "game",
                id: game,
            });
        }
        if old.black.is_none() != result.is_bye() {
            return Err(StoreError::Invalid(format!(
                "result {result} does not fit a {}",
                if old.black.is_none() { "bye" } else { "game" }
            )));
        }
        let mut tx = self.write().await?;
        let update = sqlx::query(
            "UPDATE games SET result = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(result.code())
        .bind(game)
        .bind(version);
        change_one(&mut tx, update, "game", game).await?;
        Audit::new(by, "game", game, "result")
            .write(&mut tx, Some(old.result.code()), Some(result.code()))
            .await?;
        if let Some(n) = note {
            Audit::new(by, "round", old.round, &n.action)
                .write(&mut tx, Some(&n.old), Some(&n.new))
                .await?;
        }
        bump_round_revision(&mut tx, old.round).await?;
        tx.commit().await?;
        Ok(version + 1)
    }

    /// Replaces the boards and byes of an unpublished round (a manual pairing edit) that the
    /// caller read at round version `version`; `what` describes the edit and its warnings for
    /// the audit log. Returns the round's new version.
    pub async fn replace_games(
        &self,
        by: Option<i64>,
        round: i64,
        version: i64,
        games: &[NewGame],
        what: &str,
    ) -> Result<i64, StoreError> {
        self.replace_games_noted(by, round, version, games, what, None)
            .await
    }

    /// [`Store::replace_games`] with a confirmed change (FIDE mode, C.04.A): the section's
    /// settings document carrying the change's integrity note and the note's audit entry are
    /// written in the same transaction as the games, or nothing is. A section changed since
    /// the caller read it at [`Confirmed::section_version`] is [`StoreError::Conflict`].
    pub async fn replace_games_noted(
        &self,
        by: Option<i64>,
        round: i64,
        version: i64,
        games: &[NewGame],
        what: &str,
        confirmed: Option<&Confirmed<'_>>,
    ) -> Result<i64, StoreError> {
        let old = self.games(round).await?;
        let section = self.round(round).await?.section;
        let mut tx = self.write().await?;
        let update = sqlx::query(
            "UPDATE rounds SET version = version + 1 WHERE id = $1 AND version = $2 AND published = 0",
        )
        .bind(round)
        .bind(version);
        change_one(&mut tx, update, "round", round).await?;
        sqlx::query("DELETE FROM games WHERE round_id = $1")
            .bind(round)
            .execute(&mut *tx)
            .await?;
        for g in games {
            insert_game(&mut tx, round, g).await?;
        }
        let list = |games: &mut dyn Iterator<Item = (i64, i64, Option<i64>)>| {
            games
                .map(|(board, w, b)| match b {
                    Some(b) => format!("{board}: {w}-{b}"),
                    None => format!("{board}: {w} bye"),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let before = list(&mut old.iter().map(|g| (g.board, g.white, g.black)));
        let after = list(&mut games.iter().map(|g| (g.board, g.white, g.black)));
        Audit::new(by, "round", round, "manual pairing")
            .write(&mut tx, Some(&before), Some(&format!("{after}; {what}")))
            .await?;
        if let Some(c) = confirmed {
            let update = sqlx::query(
                "UPDATE sections SET data = $1, version = version + 1 WHERE id = $2 AND version = $3",
            )
            .bind(c.settings)
            .bind(section)
            .bind(c.section_version);
            change_one(&mut tx, update, "section", section).await?;
            Audit::new(by, "round", round, &c.note.action)
                .write(&mut tx, Some(&c.note.old), Some(&c.note.new))
                .await?;
        }
        bump_round_revision(&mut tx, round).await?;
        tx.commit().await?;
        Ok(version + 1)
    }

    /// The game record (PGN text) of a game; empty when none is attached.
    pub async fn game_pgn(&self, game: i64) -> Result<String, StoreError> {
        let row = self
            .row_by_id("SELECT pgn FROM games WHERE id = $1", "game", game)
            .await?;
        get(&row, "pgn")
    }

    /// The game records of a section's games that have one, by game id.
    pub async fn section_pgns(&self, section: i64) -> Result<Vec<(i64, String)>, StoreError> {
        sqlx::query(
            "SELECT g.id, g.pgn FROM games g JOIN rounds r ON r.id = g.round_id
             WHERE r.section_id = $1 AND g.pgn <> '' ORDER BY r.number, g.board",
        )
        .bind(section)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| Ok((get(r, "id")?, get(r, "pgn")?)))
        .collect()
    }

    /// Attaches a game record (checked by the caller) to a game, or removes it (empty text).
    pub async fn set_game_pgn(
        &self,
        by: Option<i64>,
        game: i64,
        pgn: &str,
    ) -> Result<(), StoreError> {
        let old = self.game_pgn(game).await?;
        let mut tx = self.write().await?;
        sqlx::query("UPDATE games SET pgn = $1 WHERE id = $2")
            .bind(pgn)
            .bind(game)
            .execute(&mut *tx)
            .await?;
        let size = |t: &str| format!("{} bytes of PGN", t.len());
        Audit::new(by, "game", game, "moves")
            .commit(tx, Some(&size(&old)), Some(&size(pgn)))
            .await
    }
}

/// Inserts one game row of a round.
async fn insert_game(
    tx: &mut Transaction<'static, Any>,
    round: i64,
    g: &NewGame,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO games (round_id, board, white_id, black_id, result, manual) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(round)
    .bind(g.board)
    .bind(g.white)
    .bind(g.black)
    .bind(g.result.code())
    .bind(i64::from(g.manual))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
