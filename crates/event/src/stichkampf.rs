//! The Stichkampf of a section (SJRP Spielordnung §6.1): a group tied for a title or a
//! qualification place after the last tie-break plays it out, and its order replaces the tie
//! in the class ranking of the final documents ([`crate::honours`]). Who has white in the
//! first game is drawn by lot and recorded by the director; the games follow the procedure of
//! [`standings::tiebreak::playoff::Stichkampf`].

use serde::{Deserialize, Serialize};
use standings::tiebreak::playoff::{PlayoffError, PlayoffGame, Stichkampf};

use crate::age::Class;
use crate::person::PlayerId;
use crate::round::GameResult;

/// One Stichkampf of a section as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Playoff {
    /// The class ranking it decides.
    pub class: Class,
    /// The tied players, the one with white in the first game (by lot) first.
    pub players: Vec<PlayerId>,
    /// The results in game order.
    pub results: Vec<GameResult>,
}

/// The next game of a Stichkampf with the players' ids.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextGame {
    /// The game as the procedure gives it (players as indices into [`Playoff::players`]).
    pub game: PlayoffGame,
    /// White.
    pub white: PlayerId,
    /// Black.
    pub black: PlayerId,
}

impl Playoff {
    /// A Stichkampf of `players` in `class`, `white_first` having white in game 1.
    pub fn new(
        class: Class,
        players: &[PlayerId],
        white_first: PlayerId,
    ) -> Result<Playoff, PlayoffError> {
        let mut ordered = players.to_vec();
        let first =
            ordered
                .iter()
                .position(|&p| p == white_first)
                .ok_or(PlayoffError::NotInPlayoff(
                    u16::try_from(white_first.0).unwrap_or(u16::MAX),
                ))?;
        ordered[..=first].rotate_right(1);
        let playoff = Playoff {
            class,
            players: ordered,
            results: Vec::new(),
        };
        playoff.procedure()?;
        Ok(playoff)
    }

    /// The procedure with the results so far (players as their indices).
    fn procedure(&self) -> Result<Stichkampf, PlayoffError> {
        let group: Vec<u16> = (0..self.players.len())
            .map(|i| u16::try_from(i).unwrap_or(u16::MAX))
            .collect();
        let mut s = Stichkampf::from_tie(&group, 0)?;
        for &r in &self.results {
            s.record(r)?;
        }
        Ok(s)
    }

    fn id(&self, index: u16) -> PlayerId {
        self.players[usize::from(index)]
    }

    /// The next game, or `None` once decided.
    pub fn next_game(&self) -> Option<NextGame> {
        let game = self.procedure().ok()?.next_game()?;
        Some(NextGame {
            game,
            white: self.id(game.white),
            black: self.id(game.black),
        })
    }

    /// Records the result of the next game (over the board only: 1-0, ½-½, 0-1).
    pub fn record(&mut self, result: GameResult) -> Result<(), PlayoffError> {
        let mut s = self.procedure()?;
        s.record(result)?;
        self.results.push(result);
        Ok(())
    }

    /// The games played: white, black, result, rapid or blitz.
    pub fn games(&self) -> Vec<(PlayerId, PlayerId, GameResult, bool)> {
        let Ok(s) = self.procedure() else {
            return Vec::new();
        };
        s.games()
            .into_iter()
            .zip(&self.results)
            .map(|((w, b, stage), &r)| {
                let rapid = stage == standings::tiebreak::playoff::Stage::Rapid;
                (self.id(w), self.id(b), r, rapid)
            })
            .collect()
    }

    /// The group's order once decided, best first.
    pub fn ranking(&self) -> Option<Vec<PlayerId>> {
        let order = self.procedure().ok()?.ranking()?;
        Some(order.into_iter().map(|i| self.id(i)).collect())
    }

    /// Whether it decides the tie of exactly `group` in `class`.
    pub fn decides(&self, class: Class, group: &[PlayerId]) -> bool {
        self.class == class
            && self.players.len() == group.len()
            && group.iter().all(|p| self.players.contains(p))
    }
}
