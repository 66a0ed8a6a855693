//! Round-robin schedules (FIDE Handbook C.05 Annex 1, Berger tables) and the Varma tables for
//! a restricted drawing of lots (C.05 Annex 2).
//!
//! The Berger table for an even number n of players is built by its rule: player n meets
//! player a = ((r − 1)·n/2 mod (n − 1)) + 1 in round r, with White in even rounds and Black in
//! odd ones; the others meet in pairs a + i (White) against a − i, counted round 1 … n − 1, for
//! i = 1 … n/2 − 1. With an odd number of players the highest number of the next even table is
//! the bye. A double round robin repeats the cycle with colours reversed and, as Annex 1
//! advises, swaps the last two rounds of the first cycle so that nobody gets three games in a
//! row with the same colour.
//!
//! ```
//! use roundrobin::{Board, Schedule};
//!
//! let s = Schedule::single(6).unwrap();
//! assert_eq!(s.to_string().lines().nth(1), Some("Round 2: 6-4 5-3 1-2"));
//! let odd = Schedule::single(5).unwrap();
//! assert_eq!(odd.rounds()[0][0], Board::Bye(1));
//! assert_eq!(Schedule::double(4).unwrap().rounds().len(), 6);
//! ```

#![deny(missing_docs)]

use std::fmt;

use laws::Article;

/// The fewest participants of a schedule.
pub const MIN_PLAYERS: u8 = 3;
/// The most participants of a schedule.
pub const MAX_PLAYERS: u8 = 30;

/// One board of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Board {
    /// A game between two pairing numbers.
    Game {
        /// White's pairing number.
        white: u8,
        /// Black's pairing number.
        black: u8,
    },
    /// The player who is paired with the missing highest number and has no game.
    Bye(u8),
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Game { white, black } => write!(f, "{white}-{black}"),
            Board::Bye(player) => write!(f, "{player}-bye"),
        }
    }
}

/// A number of participants outside 3-30.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeError(pub usize);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} participants: a round robin has {MIN_PLAYERS} to {MAX_PLAYERS}",
            self.0
        )
    }
}

impl std::error::Error for SizeError {}

/// A round-robin schedule: every round's boards in table order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Schedule {
    players: u8,
    cycles: u8,
    rounds: Vec<Vec<Board>>,
}

impl Schedule {
    /// The single round robin for `players` participants (C.05 Annex 1).
    pub fn single(players: usize) -> Result<Schedule, SizeError> {
        let n = checked(players)?;
        Ok(Schedule {
            players: n,
            cycles: 1,
            rounds: berger(n),
        })
    }

    /// The double round robin: the first cycle with its last two rounds swapped, then the
    /// table again with colours reversed (C.05 Annex 1).
    pub fn double(players: usize) -> Result<Schedule, SizeError> {
        let n = checked(players)?;
        let table = berger(n);
        let mut rounds = table.clone();
        let len = rounds.len();
        rounds.swap(len - 1, len - 2);
        rounds.extend(table.iter().map(|round| {
            round
                .iter()
                .map(|&board| match board {
                    Board::Game { white, black } => Board::Game {
                        white: black,
                        black: white,
                    },
                    bye => bye,
                })
                .collect::<Vec<Board>>()
        }));
        Ok(Schedule {
            players: n,
            cycles: 2,
            rounds,
        })
    }

    /// The number of participants.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// 1 for a single, 2 for a double round robin.
    pub fn cycles(&self) -> u8 {
        self.cycles
    }

    /// The rounds, each a list of boards in table order.
    pub fn rounds(&self) -> &[Vec<Board>] {
        &self.rounds
    }

    /// The provision the schedule follows.
    pub fn article(&self) -> Article {
        Article::new("FIDE C.05 Annex 1")
    }
}

impl fmt::Display for Schedule {
    /// One line per round: `Round 2: 6-4 5-3 1-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, round) in self.rounds.iter().enumerate() {
            write!(f, "Round {}:", i + 1)?;
            for board in round {
                write!(f, " {board}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

fn checked(players: usize) -> Result<u8, SizeError> {
    u8::try_from(players)
        .ok()
        .filter(|n| (MIN_PLAYERS..=MAX_PLAYERS).contains(n))
        .ok_or(SizeError(players))
}

/// The Berger table for `players` (3-30), rounds in order, boards in table order.
fn berger(players: u8) -> Vec<Vec<Board>> {
    let n = players + players % 2;
    let half = n / 2;
    // Numbers 1 … n − 1 on a circle; `step(a, d)` moves d places forward.
    let step = |a: u8, d: i16| -> u8 {
        let m = i16::from(n - 1);
        ((i16::from(a) - 1 + d).rem_euclid(m) + 1) as u8
    };
    (1..n)
        .map(|r| {
            let a = ((u16::from(r - 1) * u16::from(half)) % u16::from(n - 1)) as u8 + 1;
            let first = if r % 2 == 1 { (a, n) } else { (n, a) };
            std::iter::once(first)
                .chain((1..half).map(|i| (step(a, i16::from(i)), step(a, -i16::from(i)))))
                .map(|(white, black)| {
                    if white > players {
                        Board::Bye(black)
                    } else if black > players {
                        Board::Bye(white)
                    } else {
                        Board::Game { white, black }
                    }
                })
                .collect()
        })
        .collect()
}

/// The Varma groups A, B, C and D for 9 to 24 participants (C.05 Annex 2): players drawing
/// numbers from the same group do not meet in the last three rounds of the Berger table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Varma {
    groups: [&'static [u8]; 4],
}

/// A number of participants the Varma table does not cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VarmaSizeError(pub usize);

impl fmt::Display for VarmaSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} participants: the Varma table covers 9 to 24", self.0)
    }
}

impl std::error::Error for VarmaSizeError {}

impl Varma {
    /// The table for `players` participants (9-24).
    pub fn new(players: usize) -> Result<Varma, VarmaSizeError> {
        let groups: [&'static [u8]; 4] = match players {
            9 | 10 => [&[3, 4, 8], &[5, 7, 9], &[1, 6], &[2, 10]],
            11 | 12 => [&[4, 5, 9, 10], &[1, 2, 7], &[6, 8, 12], &[3, 11]],
            13 | 14 => [&[4, 5, 6, 11, 12], &[1, 2, 8, 9], &[7, 10, 13], &[3, 14]],
            15 | 16 => [
                &[5, 6, 7, 12, 13, 14],
                &[1, 2, 3, 9, 10],
                &[8, 11, 15],
                &[4, 16],
            ],
            17 | 18 => [
                &[5, 6, 7, 8, 14, 15, 16],
                &[1, 2, 3, 10, 11, 12],
                &[9, 13, 17],
                &[4, 18],
            ],
            19 | 20 => [
                &[6, 7, 8, 9, 15, 16, 17, 18],
                &[1, 2, 3, 11, 12, 13, 14],
                &[5, 10, 19],
                &[4, 20],
            ],
            21 | 22 => [
                &[6, 7, 8, 9, 10, 17, 18, 19, 20],
                &[1, 2, 3, 4, 12, 13, 14, 15],
                &[11, 16, 21],
                &[5, 22],
            ],
            23 | 24 => [
                &[6, 7, 8, 9, 10, 11, 19, 20, 21, 22],
                &[1, 2, 3, 4, 13, 14, 15, 16, 17],
                &[12, 18, 23],
                &[5, 24],
            ],
            _ => return Err(VarmaSizeError(players)),
        };
        Ok(Varma { groups })
    }

    /// Groups A, B, C and D; with an odd number of participants the highest number is the bye.
    pub fn groups(&self) -> [&'static [u8]; 4] {
        self.groups
    }

    /// The provision.
    pub fn article(&self) -> Article {
        Article::new("FIDE C.05 Annex 2")
    }
}

impl fmt::Display for Varma {
    /// `A: 3, 4, 8; B: 5, 7, 9; C: 1, 6; D: 2, 10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, group)) in ["A", "B", "C", "D"].iter().zip(self.groups).enumerate() {
            let numbers: Vec<String> = group.iter().map(u8::to_string).collect();
            let sep = if i == 0 { "" } else { "; " };
            write!(f, "{sep}{name}: {}", numbers.join(", "))?;
        }
        Ok(())
    }
}
