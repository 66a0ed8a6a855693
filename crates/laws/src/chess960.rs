//! Chess960 start positions (Guideline II).
//!
//! Guideline II.1 places the white pieces on the first rank at random with the
//! king between the rooks and the bishops on squares of opposite colours; the
//! black pieces mirror them. The 960 positions are numbered 0-959 by the
//! standard (Scharnagl) scheme, in which number 518 is the standard start.
//!
//! ```
//! use laws::chess960::StartPosition;
//!
//! let sp = StartPosition::new(518).unwrap();
//! assert_eq!(sp.back_rank(), "RNBQKBNR");
//! assert_eq!(sp.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
//! assert_eq!(StartPosition::from_back_rank("RNBQKBNR"), Some(sp));
//! ```

use std::fmt;

/// Number of Chess960 start positions.
pub const COUNT: u16 = 960;

/// Knight placements among the five squares left after bishops and queen,
/// indexed by `(n / 96)` in the standard numbering.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// One of the 960 start positions, identified by its standard number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StartPosition(u16);

/// A number outside 0-959.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfRange(pub u32);

impl fmt::Display for OutOfRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chess960 position number {} is not in 0-959", self.0)
    }
}

impl std::error::Error for OutOfRange {}

impl StartPosition {
    /// The standard chess start position, number 518.
    pub const STANDARD: StartPosition = StartPosition(518);

    /// The position with the given standard number.
    pub fn new(number: u32) -> Result<StartPosition, OutOfRange> {
        u16::try_from(number)
            .ok()
            .filter(|&n| n < COUNT)
            .map(StartPosition)
            .ok_or(OutOfRange(number))
    }

    /// A position chosen uniformly from 64 random bits supplied by the caller
    /// (the crate does no I/O, so it has no random source of its own).
    pub fn from_random_bits(bits: u64) -> StartPosition {
        // 2^64 mod 960 = 256: rejecting nothing biases the choice by less than 1e-16.
        StartPosition((bits % u64::from(COUNT)) as u16)
    }

    /// The standard number, 0-959.
    pub fn number(self) -> u16 {
        self.0
    }

    /// White's first rank from a to h in English letters, e.g. `"BBQNNRKR"` for 0.
    pub fn back_rank(self) -> String {
        let mut rank = [None; 8];
        let n = usize::from(self.0);
        rank[(n % 4) * 2 + 1] = Some('B');
        rank[(n / 4 % 4) * 2] = Some('B');
        place_nth_empty(&mut rank, n / 16 % 6, 'Q');
        let (first, second) = KNIGHTS[n / 96];
        // Place the later knight first so the earlier index still counts the same squares.
        place_nth_empty(&mut rank, second, 'N');
        place_nth_empty(&mut rank, first, 'N');
        for piece in ['R', 'K', 'R'] {
            place_nth_empty(&mut rank, 0, piece);
        }
        rank.iter().map(|p| p.unwrap_or('?')).collect()
    }

    /// The position for a first rank such as `"RNBQKBNR"`, if it obeys Guideline II.1.
    pub fn from_back_rank(rank: &str) -> Option<StartPosition> {
        (0..COUNT)
            .map(StartPosition)
            .find(|sp| sp.back_rank().eq_ignore_ascii_case(rank))
    }

    /// FEN with Shredder-style castling rights (rook files), White to move.
    pub fn fen(self) -> String {
        let rank = self.back_rank();
        let rooks: Vec<char> = rank
            .char_indices()
            .filter(|&(_, p)| p == 'R')
            .map(|(i, _)| char::from(b'a' + i as u8))
            .collect();
        let castling: String = rooks
            .iter()
            .rev()
            .map(|f| f.to_ascii_uppercase())
            .chain(rooks.iter().rev().copied())
            .collect();
        format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w {castling} - 0 1",
            rank.to_ascii_lowercase()
        )
    }
}

impl fmt::Display for StartPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

fn place_nth_empty(rank: &mut [Option<char>; 8], nth: usize, piece: char) {
    if let Some(slot) = rank.iter_mut().filter(|s| s.is_none()).nth(nth) {
        *slot = Some(piece);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_numbers() {
        assert_eq!(StartPosition::new(0).unwrap().back_rank(), "BBQNNRKR");
        assert_eq!(StartPosition::new(959).unwrap().back_rank(), "RKRNNQBB");
        assert_eq!(StartPosition::STANDARD.back_rank(), "RNBQKBNR");
        assert_eq!(StartPosition::new(960), Err(OutOfRange(960)));
    }

    #[test]
    fn every_position_obeys_guideline_ii_1() {
        for n in 0..u32::from(COUNT) {
            let rank = StartPosition::new(n).unwrap().back_rank();
            let at = |p: char| rank.match_indices(p).map(|(i, _)| i).collect::<Vec<_>>();
            let (b, r, k) = (at('B'), at('R'), at('K'));
            assert_eq!(b.len(), 2, "{n}: {rank}");
            assert_ne!(b[0] % 2, b[1] % 2, "{n}: bishops on one colour in {rank}");
            assert!(
                r[0] < k[0] && k[0] < r[1],
                "{n}: king not between rooks in {rank}"
            );
            assert_eq!(at('N').len(), 2);
            assert_eq!(at('Q').len(), 1);
        }
    }

    #[test]
    fn numbering_is_a_bijection() {
        let mut ranks: Vec<String> = (0..u32::from(COUNT))
            .map(|n| StartPosition::new(n).unwrap().back_rank())
            .collect();
        ranks.sort();
        ranks.dedup();
        assert_eq!(ranks.len(), usize::from(COUNT));
    }
}
