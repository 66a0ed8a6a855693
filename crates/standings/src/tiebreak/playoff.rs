//! The Stichkampf of SJRP Spielordnung §6.1: the playoff between two players still tied after
//! the last tie-break.
//!
//! §6.1: "a) 2 Schnellschachpartien (20 Minuten je Spielerin bzw. Spieler und Partie), bei 1:1
//! b) Blitzwettkampf (5 Minuten). Zum Meister wird, wer 2 Punkte Vorsprung hat." So two
//! 20-minute rapid games are played with colours as drawn (the second with colours reversed);
//! if they end 1:1, 5-minute blitz games follow, colours alternating, until one player leads
//! the blitz games by two points. Otherwise the rapid games decide.
//!
//! ```
//! use laws::GameResult;
//! use standings::tiebreak::playoff::{Stage, Stichkampf};
//!
//! // Players 3 and 7 are tied; the lot gave 3 white in the first game.
//! let mut playoff = Stichkampf::new(3, 7, 3)?;
//! let first = playoff.next_game().unwrap();
//! assert_eq!((first.white, first.black, first.stage, first.minutes), (3, 7, Stage::Rapid, 20));
//! playoff.record(GameResult::WhiteWins)?;
//! playoff.record(GameResult::WhiteWins)?; // 7 wins with white: 1:1
//! assert_eq!(playoff.next_game().unwrap().stage, Stage::Blitz);
//! playoff.record(GameResult::Draw)?;
//! playoff.record(GameResult::BlackWins)?; // 3 wins with black
//! assert_eq!(playoff.winner(), None); // blitz 1.5 : 0.5, a lead of one point
//! playoff.record(GameResult::WhiteWins)?;
//! assert_eq!(playoff.winner(), Some(3));
//! assert!(playoff.next_game().is_none());
//! # Ok::<(), standings::tiebreak::playoff::PlayoffError>(())
//! ```

use std::fmt;

use laws::game_type::GameType;
use laws::time_control::{Period, Schedule, TimeControl};
use laws::{Article, GameResult};

use crate::score::Points;

/// The part of the Stichkampf a game belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// One of the two 20-minute rapid games (§6.1 a).
    Rapid,
    /// A 5-minute blitz game after 1:1 (§6.1 b).
    Blitz,
}

impl Stage {
    /// Minutes per player and game.
    pub fn minutes(self) -> u8 {
        match self {
            Stage::Rapid => 20,
            Stage::Blitz => 5,
        }
    }

    /// The time control: the minutes for the whole game, no increment (TRF26 `1200`, `300`).
    pub fn time_control(self) -> TimeControl {
        let ms = u64::from(self.minutes()) * 60_000;
        TimeControl::Same(
            Schedule::new(vec![Period::new(None, ms, None)])
                .expect("one sudden-death period is a valid schedule"),
        )
    }

    /// Rapid (Appendix A.1) or blitz (Appendix B.1), by the time control.
    pub fn game_type(self) -> GameType {
        GameType::of(&self.time_control())
    }
}

/// The next game of a Stichkampf.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayoffGame {
    /// 1-based number of the game in the Stichkampf.
    pub number: usize,
    /// Rapid or blitz.
    pub stage: Stage,
    /// Minutes per player (no increment).
    pub minutes: u8,
    /// The player with white.
    pub white: u16,
    /// The player with black.
    pub black: u16,
}

/// A Stichkampf that cannot be set up or continued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayoffError {
    /// A player cannot play against themselves.
    SamePlayer(u16),
    /// The player drawn to have white in the first game is not one of the two.
    NotInPlayoff(u16),
    /// §6.1 describes a playoff between two players; the group has another size.
    NotAPair(usize),
    /// The Stichkampf is already decided.
    Decided,
    /// A Stichkampf game is decided over the board: a pending or forfeit result cannot be
    /// recorded.
    NotPlayed(GameResult),
}

impl fmt::Display for PlayoffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayoffError::SamePlayer(p) => write!(f, "player {p} cannot play against themselves"),
            PlayoffError::NotInPlayoff(p) => write!(f, "player {p} is not in the Stichkampf"),
            PlayoffError::NotAPair(n) => write!(
                f,
                "{n} players are tied; the Stichkampf of {} is between two players",
                Stichkampf::article()
            ),
            PlayoffError::Decided => f.write_str("the Stichkampf is already decided"),
            PlayoffError::NotPlayed(r) => write!(
                f,
                "`{r}` is not the result of a game played over the board (expected 1-0, ½-½ or 0-1)"
            ),
        }
    }
}

impl std::error::Error for PlayoffError {}

/// The §6.1 Stichkampf between two players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stichkampf {
    players: [u16; 2],
    /// Results in game order, as points of `players[0]` in half-points.
    halves: Vec<u32>,
}

impl Stichkampf {
    /// The provision.
    pub fn article() -> Article {
        Article::new("SJRP Spielordnung §6.1")
    }

    /// A Stichkampf between `a` and `b`; `white_first` has white in the first game (by lot).
    pub fn new(a: u16, b: u16, white_first: u16) -> Result<Stichkampf, PlayoffError> {
        if a == b {
            return Err(PlayoffError::SamePlayer(a));
        }
        let players = if white_first == a {
            [a, b]
        } else if white_first == b {
            [b, a]
        } else {
            return Err(PlayoffError::NotInPlayoff(white_first));
        };
        Ok(Stichkampf {
            players,
            halves: Vec::new(),
        })
    }

    /// A Stichkampf for a group still tied after the last criterion (as
    /// [`Standings::ties`](super::Standings::ties) gives it); the group must be a pair.
    pub fn from_tie(group: &[u16], white_first: u16) -> Result<Stichkampf, PlayoffError> {
        match group {
            [a, b] => Stichkampf::new(*a, *b, white_first),
            _ => Err(PlayoffError::NotAPair(group.len())),
        }
    }

    /// The points of each player so far (rapid and blitz together), in the order given to
    /// [`Stichkampf::new`] after the lot: the first-game white player first.
    pub fn score(&self) -> [(u16, Points); 2] {
        let first: u32 = self.halves.iter().sum();
        let second = 2 * self.halves.len() as u32 - first;
        [
            (self.players[0], Points::from_half_points(first)),
            (self.players[1], Points::from_half_points(second)),
        ]
    }

    /// Lead of `players[0]` in half-points over the given games.
    fn lead(halves: &[u32]) -> i64 {
        halves.iter().map(|&h| 2 * i64::from(h) - 2).sum()
    }

    /// The winner, once decided: after the two rapid games unless they ended 1:1, else as soon
    /// as one player leads the blitz games by two points.
    pub fn winner(&self) -> Option<u16> {
        let rapid = self.halves.get(..2)?;
        let lead = match Stichkampf::lead(rapid) {
            0 => Stichkampf::lead(&self.halves[2..]) / 4,
            rapid_lead => rapid_lead,
        };
        match lead.signum() {
            1 => Some(self.players[0]),
            -1 => Some(self.players[1]),
            _ => None,
        }
    }

    /// The next game to play, or `None` when the Stichkampf is decided. Game 1 has the colours
    /// as drawn; colours alternate from game to game.
    pub fn next_game(&self) -> Option<PlayoffGame> {
        if self.winner().is_some() {
            return None;
        }
        let number = self.halves.len() + 1;
        let stage = if number <= 2 {
            Stage::Rapid
        } else {
            Stage::Blitz
        };
        let (white, black) = if number % 2 == 1 {
            (self.players[0], self.players[1])
        } else {
            (self.players[1], self.players[0])
        };
        Some(PlayoffGame {
            number,
            stage,
            minutes: stage.minutes(),
            white,
            black,
        })
    }

    /// Records the result of the game [`Stichkampf::next_game`] announced; only a result
    /// played over the board (1-0, ½-½, 0-1) is taken.
    pub fn record(&mut self, result: GameResult) -> Result<(), PlayoffError> {
        let game = self.next_game().ok_or(PlayoffError::Decided)?;
        let white_halves = match result {
            GameResult::WhiteWins => 2,
            GameResult::Draw => 1,
            GameResult::BlackWins => 0,
            _ => return Err(PlayoffError::NotPlayed(result)),
        };
        self.halves.push(if game.white == self.players[0] {
            white_halves
        } else {
            2 - white_halves
        });
        Ok(())
    }

    /// The games played so far.
    pub fn games_played(&self) -> usize {
        self.halves.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use laws::GameResult::*;

    #[test]
    fn r_018_stichkampf_rapid_games_decide_unless_level() {
        // 1.5 : 0.5 after the rapid games: no blitz.
        let mut p = Stichkampf::new(5, 2, 2).unwrap();
        p.record(Draw).unwrap();
        assert_eq!(p.winner(), None);
        let second = p.next_game().unwrap();
        assert_eq!((second.white, second.black, second.minutes), (5, 2, 20));
        p.record(WhiteWins).unwrap();
        assert_eq!(p.winner(), Some(5));
        assert_eq!(p.next_game(), None);
        assert_eq!(p.record(Draw), Err(PlayoffError::Decided));
        assert_eq!(
            p.score(),
            [(2, Points::HALF), (5, Points::from_half_points(3))]
        );
        // 20 minutes without increment is rapid (Appendix A.1), 5 minutes blitz (B.1).
        assert_eq!(Stage::Rapid.time_control().to_string(), "1200");
        assert_eq!(Stage::Rapid.game_type(), GameType::Rapid);
        assert_eq!(Stage::Blitz.time_control().to_string(), "300");
        assert_eq!(Stage::Blitz.game_type(), GameType::Blitz);
    }

    #[test]
    fn r_018_stichkampf_blitz_until_a_two_point_lead() {
        let mut p = Stichkampf::new(1, 4, 1).unwrap();
        p.record(BlackWins).unwrap(); // 4 wins
        p.record(BlackWins).unwrap(); // 1 wins with black: 1:1
        let mut colours = Vec::new();
        // Blitz: 1 wins, 4 wins, draw, 4 wins, 4 wins → lead of 4 reaches 2 points.
        for result in [WhiteWins, WhiteWins, Draw, WhiteWins, BlackWins] {
            assert_eq!(p.winner(), None);
            let game = p.next_game().unwrap();
            assert_eq!(game.stage, Stage::Blitz);
            assert_eq!(game.minutes, 5);
            colours.push(game.white);
            p.record(result).unwrap();
        }
        assert_eq!(colours, [1, 4, 1, 4, 1]);
        assert_eq!(p.winner(), Some(4));
        assert_eq!(p.games_played(), 7);
        // A one-point lead is not enough: 1:1, then one blitz win.
        let mut q = Stichkampf::new(1, 4, 4).unwrap();
        for r in [Draw, Draw, WhiteWins] {
            q.record(r).unwrap();
        }
        assert_eq!(q.winner(), None);
        q.record(BlackWins).unwrap();
        assert_eq!(q.winner(), Some(4));
    }

    #[test]
    fn bad_setups_are_refused() {
        assert_eq!(Stichkampf::new(3, 3, 3), Err(PlayoffError::SamePlayer(3)));
        assert_eq!(Stichkampf::new(3, 4, 5), Err(PlayoffError::NotInPlayoff(5)));
        let e = Stichkampf::from_tie(&[1, 2, 3], 1).unwrap_err();
        assert_eq!(e, PlayoffError::NotAPair(3));
        assert!(e.to_string().contains("§6.1"), "{e}");
        assert!(Stichkampf::from_tie(&[8, 9], 9).is_ok());
    }

    #[test]
    fn h16_01_stichkampf_refuses_pending_and_forfeit_results() {
        let mut p = Stichkampf::new(1, 2, 1).unwrap();
        for r in [
            Pending,
            WhiteWinsByForfeit,
            BlackWinsByForfeit,
            DoubleForfeit,
        ] {
            let e = p.record(r).unwrap_err();
            assert_eq!(e, PlayoffError::NotPlayed(r));
            assert!(e.to_string().contains("over the board"), "{e}");
        }
        assert_eq!(p.games_played(), 0);
        p.record(WhiteWins).unwrap();
        assert_eq!(p.games_played(), 1);
    }
}
