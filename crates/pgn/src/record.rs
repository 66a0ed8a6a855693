//! Stand-in for `laws::game` (branch `game`, not yet on main): the subset of its
//! API the checker uses, with the same names, so that switching is a change of
//! imports. Art. 9.2.3 identity by Polyglot Zobrist key (legal en passant only).

use std::fmt;

use laws::Article;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

/// How the Laws end a game without claim, resignation or clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// Art. 5.1.1.
    Checkmate {
        /// The player who gave mate.
        winner: Color,
    },
    /// Art. 5.2.1.
    Stalemate,
    /// Art. 5.2.2.
    DeadPosition,
    /// Art. 9.6.1.
    FivefoldRepetition,
    /// Art. 9.6.2.
    SeventyFiveMoves,
}

impl Termination {
    /// The article that ends the game.
    pub fn article(self) -> Article {
        match self {
            Termination::Checkmate { .. } => Article::new("Art. 5.1.1"),
            Termination::Stalemate => Article::new("Art. 5.2.1"),
            Termination::DeadPosition => Article::new("Art. 5.2.2"),
            Termination::FivefoldRepetition => Article::new("Art. 9.6.1"),
            Termination::SeventyFiveMoves => Article::new("Art. 9.6.2"),
        }
    }

    /// The winner, `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Termination::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Termination::Checkmate { .. } => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead position",
            Termination::FivefoldRepetition => "fivefold repetition",
            Termination::SeventyFiveMoves => "75-move rule",
        })
    }
}

/// The grounds of a draw claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// Art. 9.2.2.
    Repetition,
    /// Art. 9.2.1.
    RepetitionByIntendedMove,
    /// Art. 9.3.2.
    FiftyMoves,
    /// Art. 9.3.1.
    FiftyMovesByIntendedMove,
}

impl ClaimKind {
    /// The article the claim rests on.
    pub fn article(self) -> Article {
        match self {
            ClaimKind::Repetition => Article::new("Art. 9.2.2"),
            ClaimKind::RepetitionByIntendedMove => Article::new("Art. 9.2.1"),
            ClaimKind::FiftyMoves => Article::new("Art. 9.3.2"),
            ClaimKind::FiftyMovesByIntendedMove => Article::new("Art. 9.3.1"),
        }
    }
}

/// A correct draw claim the player to move could make at `ply`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawClaim {
    /// The grounds.
    pub kind: ClaimKind,
    /// The position in which the claim is made (0 = start).
    pub ply: u32,
    /// The written move, for claims by intended move.
    pub intended: Option<Move>,
    /// Plies of the repeated position, oldest first.
    pub repetitions: Vec<u32>,
}

/// Moves and positions of a game with the Article 9 bookkeeping.
#[derive(Debug, Clone)]
pub struct Game {
    positions: Vec<Chess>,
    moves: Vec<Move>,
    keys: Vec<u64>,
    counts: Vec<u8>,
    automatic_end: Option<(u32, Termination)>,
}

impl Game {
    /// A game at `start`.
    pub fn new(start: Chess) -> Game {
        let key = start.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0;
        let automatic_end = automatic_end(&start, 1).map(|t| (0, t));
        Game {
            positions: vec![start],
            moves: Vec::new(),
            keys: vec![key],
            counts: vec![1],
            automatic_end,
        }
    }

    /// Plays `m`, which the caller has found legal.
    pub fn play(&mut self, m: Move) {
        let before = self.position();
        let key = self.keys[self.keys.len() - 1];
        let updated = before.update_zobrist_hash(Zobrist64(key), m, EnPassantMode::Legal);
        let mut after = before.clone();
        after.play_unchecked(m);
        let key = updated
            .unwrap_or_else(|| after.zobrist_hash(EnPassantMode::Legal))
            .0;
        let ply = self.ply() + 1;
        let count = self.occurrences(&after, key, ply);
        if self.automatic_end.is_none() {
            self.automatic_end = automatic_end(&after, count).map(|t| (ply, t));
        }
        self.keys.push(key);
        self.counts.push(count);
        self.positions.push(after);
        self.moves.push(m);
    }

    /// How often the position at `ply` has occurred up to `ply`.
    fn occurrences(&self, pos: &Chess, key: u64, ply: u32) -> u8 {
        let window = pos.halfmoves().min(ply);
        let earlier = (ply - window..ply)
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&p| self.keys[p as usize] == key && self.positions[p as usize] == *pos)
            .count();
        u8::try_from(earlier + 1).unwrap_or(u8::MAX)
    }

    /// Plies of earlier occurrences of a position plus `ply` itself (Art. 9.2.3).
    fn repetitions_of(&self, pos: &Chess, key: u64, ply: u32) -> Vec<u32> {
        let window = pos.halfmoves().min(ply);
        let mut plies: Vec<u32> = (ply - window..ply)
            .rev()
            .skip(1)
            .step_by(2)
            .filter(|&p| self.keys[p as usize] == key && self.positions[p as usize] == *pos)
            .collect();
        plies.reverse();
        plies.push(ply);
        plies
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.positions[self.positions.len() - 1]
    }

    /// The position at `ply`.
    pub fn position_at(&self, ply: u32) -> Option<&Chess> {
        self.positions.get(ply as usize)
    }

    /// Half-moves played.
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The ply of the position that ended the game, with the reason.
    pub fn termination_with_ply(&self) -> Option<(u32, Termination)> {
        let last = self.ply();
        match self.automatic_end {
            Some((ply, t)) if ply < last => Some((ply, t)),
            automatic => no_legal_move(self.position())
                .map(|t| (last, t))
                .or(automatic),
        }
    }

    /// Every correct draw claim the record offered before the game ended.
    pub fn claim_history(&self) -> Vec<DrawClaim> {
        let end = self
            .termination_with_ply()
            .map_or(self.ply() + 1, |(p, _)| p);
        let mut claims = Vec::new();
        for ply in 0..end {
            let pos = &self.positions[ply as usize];
            if self.counts[ply as usize] >= 3 {
                let repetitions = self.repetitions_of(pos, self.keys[ply as usize], ply);
                claims.push(DrawClaim {
                    kind: ClaimKind::Repetition,
                    ply,
                    intended: None,
                    repetitions,
                });
            }
            if pos.halfmoves() >= 100 {
                claims.push(DrawClaim {
                    kind: ClaimKind::FiftyMoves,
                    ply,
                    intended: None,
                    repetitions: Vec::new(),
                });
            }
            let Some(&m) = self.moves.get(ply as usize) else {
                continue;
            };
            let after = &self.positions[ply as usize + 1];
            if self.counts[ply as usize + 1] >= 3 {
                let repetitions = self.repetitions_of(after, self.keys[ply as usize + 1], ply + 1);
                claims.push(DrawClaim {
                    kind: ClaimKind::RepetitionByIntendedMove,
                    ply,
                    intended: Some(m),
                    repetitions,
                });
            }
            if after.halfmoves() >= 100 {
                claims.push(DrawClaim {
                    kind: ClaimKind::FiftyMovesByIntendedMove,
                    ply,
                    intended: Some(m),
                    repetitions: Vec::new(),
                });
            }
        }
        claims
    }
}

fn no_legal_move(pos: &Chess) -> Option<Termination> {
    if !pos.legal_moves().is_empty() {
        None
    } else if pos.is_check() {
        Some(Termination::Checkmate {
            winner: !pos.turn(),
        })
    } else {
        Some(Termination::Stalemate)
    }
}

fn automatic_end(pos: &Chess, occurrences: u8) -> Option<Termination> {
    if pos.is_insufficient_material() {
        Some(Termination::DeadPosition)
    } else if occurrences >= 5 {
        Some(Termination::FivefoldRepetition)
    } else if pos.halfmoves() >= 150 {
        Some(Termination::SeventyFiveMoves)
    } else {
        None
    }
}
