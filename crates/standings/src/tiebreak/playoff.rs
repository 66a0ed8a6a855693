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
    /// A player is named twice in the group.
    SamePlayer(u16),
    /// The player drawn to have white in the first game is not one of the group.
    NotInPlayoff(u16),
    /// A Stichkampf needs at least two players; the group has this many.
    TooFew(usize),
    /// The group is larger than [`MAX_PLAYERS`].
    TooMany(usize),
    /// The Stichkampf is already decided.
    Decided,
    /// A Stichkampf game is decided over the board: a pending or forfeit result cannot be
    /// recorded.
    NotPlayed(GameResult),
}

/// Most players in one Stichkampf (a tie of more players is a case for the arbiter).
pub const MAX_PLAYERS: usize = 8;

impl fmt::Display for PlayoffError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayoffError::SamePlayer(p) => write!(f, "player {p} is named twice"),
            PlayoffError::NotInPlayoff(p) => write!(f, "player {p} is not in the Stichkampf"),
            PlayoffError::TooFew(n) => write!(
                f,
                "{n} player(s): a Stichkampf ({}) needs at least two",
                Stichkampf::article()
            ),
            PlayoffError::TooMany(n) => {
                write!(f, "{n} players: at most {MAX_PLAYERS} in one Stichkampf")
            }
            PlayoffError::Decided => f.write_str("the Stichkampf is already decided"),
            PlayoffError::NotPlayed(r) => write!(
                f,
                "`{r}` is not the result of a game played over the board (expected 1-0, ½-½ or 0-1)"
            ),
        }
    }
}

impl std::error::Error for PlayoffError {}

/// The §6.1 Stichkampf of a tied group.
///
/// Between two players it is the text of §6.1: two rapid games with colours reversed, at 1:1
/// blitz games with alternating colours until one leads the blitz games by two points. §6.1
/// says nothing of three or more tied players; the group then plays the rapid games as a
/// double round robin (every pair two games, colours reversed), is ordered by those points,
/// and players still level go on to blitz among themselves: a pair as above, three or more
/// again as a double round robin, until every place of the group is decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stichkampf {
    /// The group, the first-game white player first.
    players: Vec<u16>,
    /// Results in game order, as white's half-points.
    results: Vec<u32>,
}

/// Where the walk through the recorded games ended.
enum Walk {
    /// The next game to play.
    Next(u16, u16, Stage),
    /// The group's order, best first.
    Done(Vec<u16>),
}

/// The double round robin of `group`: every pair twice, colours reversed in the second cycle.
fn double_round_robin(group: &[u16]) -> Vec<(u16, u16)> {
    let mut first = Vec::new();
    for (i, &a) in group.iter().enumerate() {
        for (j, &b) in group.iter().enumerate().skip(i + 1) {
            first.push(if (i + j) % 2 == 1 { (a, b) } else { (b, a) });
        }
    }
    let second: Vec<(u16, u16)> = first.iter().map(|&(w, b)| (b, w)).collect();
    first.into_iter().chain(second).collect()
}

impl Stichkampf {
    /// The provision.
    pub fn article() -> Article {
        Article::new("SJRP Spielordnung §6.1")
    }

    /// A Stichkampf between `a` and `b`; `white_first` has white in the first game (by lot).
    pub fn new(a: u16, b: u16, white_first: u16) -> Result<Stichkampf, PlayoffError> {
        Stichkampf::from_tie(&[a, b], white_first)
    }

    /// A Stichkampf for a group still tied after the last criterion (as
    /// [`Standings::ties`](super::Standings::ties) gives it); `white_first` (by lot) has white
    /// in the first game.
    pub fn from_tie(group: &[u16], white_first: u16) -> Result<Stichkampf, PlayoffError> {
        if group.len() < 2 {
            return Err(PlayoffError::TooFew(group.len()));
        }
        if group.len() > MAX_PLAYERS {
            return Err(PlayoffError::TooMany(group.len()));
        }
        for (i, p) in group.iter().enumerate() {
            if group[..i].contains(p) {
                return Err(PlayoffError::SamePlayer(*p));
            }
        }
        let at = group
            .iter()
            .position(|&p| p == white_first)
            .ok_or(PlayoffError::NotInPlayoff(white_first))?;
        let mut players = group.to_vec();
        players[..=at].rotate_right(1);
        Ok(Stichkampf {
            players,
            results: Vec::new(),
        })
    }

    /// The group, the first-game white player first.
    pub fn players(&self) -> &[u16] {
        &self.players
    }

    /// The points of each player so far (rapid and blitz together), in group order.
    pub fn score(&self) -> Vec<(u16, Points)> {
        let mut halves = vec![0u32; self.players.len()];
        let games = self.games();
        for (&(white, black, _), &r) in games.iter().zip(&self.results) {
            for (p, h) in [(white, r), (black, 2 - r)] {
                if let Some(i) = self.players.iter().position(|&q| q == p) {
                    halves[i] += h;
                }
            }
        }
        self.players
            .iter()
            .zip(halves)
            .map(|(&p, h)| (p, Points::from_half_points(h)))
            .collect()
    }

    /// The games played, as (white, black, stage), in order.
    pub fn games(&self) -> Vec<(u16, u16, Stage)> {
        let mut out = Vec::new();
        for n in 0..self.results.len() {
            let partial = Stichkampf {
                players: self.players.clone(),
                results: self.results[..n].to_vec(),
            };
            if let Walk::Next(w, b, stage) = partial.walk() {
                out.push((w, b, stage));
            }
        }
        out
    }

    /// Walks the recorded results through the procedure: the next game, or the order.
    fn walk(&self) -> Walk {
        let mut results = self.results.iter().copied();
        let group = self.players.clone();
        Stichkampf::stage(&group, Stage::Rapid, &mut results)
    }

    /// Plays `group` at `stage` from `results`, then its still-level sub-groups at blitz.
    fn stage(group: &[u16], stage: Stage, results: &mut impl Iterator<Item = u32>) -> Walk {
        let mut halves: Vec<i64> = vec![0; group.len()];
        let add = |halves: &mut [i64], w: u16, b: u16, r: u32| {
            let at = |p: u16| group.iter().position(|&q| q == p).unwrap_or(0);
            halves[at(w)] += i64::from(r);
            halves[at(b)] += 2 - i64::from(r);
        };
        if stage == Stage::Blitz && group.len() == 2 {
            let mut k = 0;
            while (halves[0] - halves[1]).abs() < 4 {
                let (w, b) = if k % 2 == 0 {
                    (group[0], group[1])
                } else {
                    (group[1], group[0])
                };
                let Some(r) = results.next() else {
                    return Walk::Next(w, b, stage);
                };
                add(&mut halves, w, b, r);
                k += 1;
            }
        } else {
            for (w, b) in double_round_robin(group) {
                let Some(r) = results.next() else {
                    return Walk::Next(w, b, stage);
                };
                add(&mut halves, w, b, r);
            }
        }
        let mut order: Vec<usize> = (0..group.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(halves[i]));
        let mut out = Vec::new();
        let mut i = 0;
        while i < order.len() {
            let level: Vec<u16> = order[i..]
                .iter()
                .take_while(|&&j| halves[j] == halves[order[i]])
                .map(|&j| group[j])
                .collect();
            i += level.len();
            if level.len() == 1 {
                out.extend(level);
                continue;
            }
            match Stichkampf::stage(&level, Stage::Blitz, results) {
                Walk::Done(decided) => out.extend(decided),
                next => return next,
            }
        }
        Walk::Done(out)
    }

    /// The group's order once decided, best first.
    pub fn ranking(&self) -> Option<Vec<u16>> {
        match self.walk() {
            Walk::Done(order) => Some(order),
            Walk::Next(..) => None,
        }
    }

    /// The winner, once the whole order is decided (between two players: after the two rapid
    /// games unless they ended 1:1, else as soon as one leads the blitz games by two points).
    pub fn winner(&self) -> Option<u16> {
        self.ranking().and_then(|o| o.first().copied())
    }

    /// The next game to play, or `None` when the Stichkampf is decided. Between two players
    /// game 1 has the colours as drawn and colours alternate from game to game.
    pub fn next_game(&self) -> Option<PlayoffGame> {
        match self.walk() {
            Walk::Done(_) => None,
            Walk::Next(white, black, stage) => Some(PlayoffGame {
                number: self.results.len() + 1,
                stage,
                minutes: stage.minutes(),
                white,
                black,
            }),
        }
    }

    /// Records the result of the game [`Stichkampf::next_game`] announced; only a result
    /// played over the board (1-0, ½-½, 0-1) is taken.
    pub fn record(&mut self, result: GameResult) -> Result<(), PlayoffError> {
        self.next_game().ok_or(PlayoffError::Decided)?;
        let white_halves = match result {
            GameResult::WhiteWins => 2,
            GameResult::Draw => 1,
            GameResult::BlackWins => 0,
            _ => return Err(PlayoffError::NotPlayed(result)),
        };
        self.results.push(white_halves);
        Ok(())
    }

    /// The games played so far.
    pub fn games_played(&self) -> usize {
        self.results.len()
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
        assert_eq!(p.ranking(), Some(vec![5, 2]));
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
        let e = Stichkampf::from_tie(&[1], 1).unwrap_err();
        assert_eq!(e, PlayoffError::TooFew(1));
        assert!(e.to_string().contains("§6.1"), "{e}");
        assert_eq!(
            Stichkampf::from_tie(&[1, 2, 1], 1),
            Err(PlayoffError::SamePlayer(1))
        );
        assert_eq!(
            Stichkampf::from_tie(&[1, 2, 3, 4, 5, 6, 7, 8, 9], 1),
            Err(PlayoffError::TooMany(9))
        );
        assert!(Stichkampf::from_tie(&[8, 9], 9).is_ok());
    }

    #[test]
    fn h18_05_three_tied_players_rapid_round_robin_then_blitz_for_the_level_pair() {
        let mut p = Stichkampf::from_tie(&[3, 7, 9], 7).unwrap();
        assert_eq!(p.players(), [7, 3, 9]);
        // Six rapid games, every pair twice with colours reversed.
        let mut pairs = Vec::new();
        for _ in 0..6 {
            let g = p.next_game().unwrap();
            assert_eq!((g.stage, g.minutes), (Stage::Rapid, 20));
            pairs.push((g.white, g.black));
            // 9 loses every game; 7 and 3 draw.
            let r = if g.white == 9 {
                BlackWins
            } else if g.black == 9 {
                WhiteWins
            } else {
                Draw
            };
            p.record(r).unwrap();
        }
        for (w, b) in &pairs {
            assert!(pairs.contains(&(*b, *w)), "{pairs:?}");
        }
        // 7 and 3 are level with 3 points each: blitz until a two-point lead.
        let g = p.next_game().unwrap();
        assert_eq!((g.stage, g.white, g.black), (Stage::Blitz, 7, 3));
        p.record(WhiteWins).unwrap();
        assert_eq!(p.ranking(), None);
        let g = p.next_game().unwrap();
        assert_eq!((g.white, g.black), (3, 7));
        p.record(BlackWins).unwrap();
        assert_eq!(p.ranking(), Some(vec![7, 3, 9]));
        assert_eq!(p.next_game(), None);
        assert_eq!(p.games().len(), 8);
        assert_eq!(p.games()[6], (7, 3, Stage::Blitz));
    }

    #[test]
    fn h18_05_three_level_after_rapid_play_a_blitz_round_robin() {
        let mut p = Stichkampf::from_tie(&[1, 2, 3], 1).unwrap();
        for _ in 0..6 {
            p.record(Draw).unwrap();
        }
        let g = p.next_game().unwrap();
        assert_eq!(g.stage, Stage::Blitz);
        // Blitz round robin: 2 wins every game, 1 and 3 draw.
        for _ in 0..6 {
            let g = p.next_game().unwrap();
            let r = match (g.white, g.black) {
                (2, _) => WhiteWins,
                (_, 2) => BlackWins,
                _ => Draw,
            };
            p.record(r).unwrap();
        }
        assert_eq!(
            p.winner(),
            None,
            "1 and 3 still level: a blitz pair decides"
        );
        let g = p.next_game().unwrap();
        assert_eq!((g.stage, g.white, g.black), (Stage::Blitz, 1, 3));
        p.record(BlackWins).unwrap();
        p.record(WhiteWins).unwrap();
        assert_eq!(p.ranking(), Some(vec![2, 3, 1]));
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
