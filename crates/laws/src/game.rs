//! The game record: every move and position from the start position, with the
//! bookkeeping that ends a game (Art. 5.1.1, 5.2.1, 5.2.2, 9.6) and the draw
//! claims open to the player to move (Art. 9.2, 9.3).
//!
//! Castling rights follow from the moves played (Art. 3.8.2.1): a king or rook
//! that has moved loses them for good, even when it returns.
//!
//! ```
//! use laws::game::{Game, Termination};
//! use laws::position::StartingPosition;
//! use shakmaty::{Move, Role, Square, Color};
//!
//! let mut game = Game::new("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1".parse()?);
//! let qf7 = Move::Normal { role: Role::Queen, from: Square::F1, capture: None, to: Square::F7, promotion: None };
//! game.play(qf7).unwrap();
//! assert_eq!(game.termination(), Some(Termination::Stalemate));
//! assert_eq!(game.termination().unwrap().article().as_str(), "Art. 5.2.1");
//! assert_eq!(game.ply(), 1);
//! assert_eq!(game.fen(), "7k/5Q2/6K1/8/8/8/8/8 b - - 1 1");
//! # Ok::<_, laws::position::ParseStartError>(())
//! ```

use std::fmt;

use shakmaty::{
    Bitboard, Chess, Color, Move, Position, Role, Square, attacks,
    san::{San, SanError},
    uci::UciMove,
};

use crate::{
    Article,
    dead_position::{self, Tier, Verdict},
    draws::{ClaimKind, DrawClaim, PositionKey},
    position::{StartingPosition, is_lawful, lawful_moves, spares_king},
};

/// The one legal move a SAN names, as [`San::to_move`] finds it (same moves, same errors),
/// from the units that reach the destination square instead of a list of every candidate.
pub fn resolve_san(pos: &Chess, san: &San) -> Result<Move, SanError> {
    let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = *san
    else {
        return san.to_move(pos);
    };
    let board = pos.board();
    let us = pos.turn();
    if board.king_of(us).is_none() {
        return san.to_move(pos);
    }
    if !promotes_rightly(role, to, us, promotion) {
        return Err(SanError::IllegalSan);
    }
    let ours = board.by_color(us) & board.by_role(role);
    let target = board
        .role_at(to)
        .filter(|_| board.by_color(!us).contains(to));
    let froms = if role == Role::Pawn {
        if capture {
            attacks::pawn_attacks(!us, to) & ours
        } else {
            pawn_pushers(pos, to) & ours
        }
    } else {
        attacks::attacks(to, role.of(!us), board.occupied()) & ours
    };
    let mut found = None;
    for from in froms {
        if file.is_some_and(|f| f != from.file()) || rank.is_some_and(|r| r != from.rank()) {
            continue;
        }
        let m = if role == Role::Pawn
            && capture
            && target.is_none()
            && pos.ep_square(shakmaty::EnPassantMode::Always) == Some(to)
        {
            Move::EnPassant { from, to }
        } else {
            if capture != target.is_some() || board.by_color(us).contains(to) {
                continue;
            }
            Move::Normal {
                role,
                from,
                capture: target,
                to,
                promotion,
            }
        };
        if !leaves_king_safe(pos, m) {
            continue;
        }
        if found.replace(m).is_some() {
            return Err(SanError::AmbiguousSan);
        }
    }
    found.ok_or(SanError::IllegalSan)
}

/// A pawn reaching the last rank promotes to a queen, rook, bishop or knight; no other move
/// promotes (otherwise no legal move matches: `San::to_move` says `IllegalSan` too).
fn promotes_rightly(role: Role, to: Square, us: Color, promotion: Option<Role>) -> bool {
    let last = role == Role::Pawn
        && to.rank() == us.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First);
    match promotion {
        None => !last,
        Some(p) => last && matches!(p, Role::Queen | Role::Rook | Role::Bishop | Role::Knight),
    }
}

/// The side to move's king is not attacked after the pseudo-legal move `m`.
fn leaves_king_safe(pos: &Chess, m: Move) -> bool {
    let us = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(m);
    let board = after.board();
    board
        .king_of(us)
        .is_some_and(|k| board.attacks_to(k, !us, board.occupied()).is_empty())
}

/// The squares from which a pawn of the side to move would push to the empty square `to`.
fn pawn_pushers(pos: &Chess, to: Square) -> Bitboard {
    let board = pos.board();
    if board.occupied().contains(to) {
        return Bitboard::EMPTY;
    }
    let (step, double_to_rank) = match pos.turn() {
        Color::White => (-8, shakmaty::Rank::Fourth),
        Color::Black => (8, shakmaty::Rank::Fifth),
    };
    let Some(one) = to.offset(step) else {
        return Bitboard::EMPTY;
    };
    if !board.occupied().contains(one) {
        if to.rank() == double_to_rank {
            return one.offset(step).map_or(Bitboard::EMPTY, Bitboard::from);
        }
        return Bitboard::EMPTY;
    }
    Bitboard::from(one)
}

/// Half-moves without pawn move or capture after which a draw may be claimed (Art. 9.3).
const FIFTY_MOVES: u32 = 100;
/// Half-moves without pawn move or capture after which the game is drawn (Art. 9.6.2).
const SEVENTY_FIVE_MOVES: u32 = 150;

/// How the Laws end a game without a claim, resignation or the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// Art. 5.1.1: the king of the side to move is checkmated; `winner` made the last move.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// Art. 5.2.1: the side to move has no legal move and is not in check.
    Stalemate,
    /// Art. 5.2.2: no series of legal moves can lead to checkmate.
    DeadPosition,
    /// Art. 9.6.1: the same position has appeared at least five times.
    FivefoldRepetition,
    /// Art. 9.6.2: each player has made at least 75 moves without a pawn move or capture,
    /// and the last move did not checkmate.
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
        match self {
            Termination::Checkmate { winner } => write!(f, "checkmate, {winner} wins")?,
            Termination::Stalemate => f.write_str("stalemate")?,
            Termination::DeadPosition => f.write_str("dead position")?,
            Termination::FivefoldRepetition => f.write_str("fivefold repetition")?,
            Termination::SeventyFiveMoves => f.write_str("75-move rule")?,
        }
        write!(f, " ({})", self.article())
    }
}

/// A move that is not legal in the current position (Art. 3.10.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IllegalMove {
    /// The ply of the position the move was tried in.
    pub ply: u32,
    /// The move, in UCI notation of the game's castling rules.
    pub uci: UciMove,
}

impl IllegalMove {
    /// Art. 3.10.2.
    pub fn article(&self) -> Article {
        Article::new("Art. 3.10.2")
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal move {} at ply {} ({})",
            self.uci,
            self.ply,
            self.article()
        )
    }
}

impl std::error::Error for IllegalMove {}

/// Per position: its key, how often it has occurred so far and where it occurred last before.
#[derive(Debug, Clone, Copy)]
struct Occurrence {
    key: PositionKey,
    count: u8,
    previous: Option<u32>,
}

/// A game from its start position: moves, positions and Article 9 bookkeeping.
///
/// Ply `n` is the position after `n` half-moves; ply 0 is the start position.
/// Repetitions count from the start position: what preceded a FEN is unknown,
/// though its halfmove clock counts towards Art. 9.3 and 9.6.2.
/// Moves after the game has ended (dead position, fivefold repetition, 75-move
/// rule) are still recorded, so a checker can report them, but
/// [`termination`](Game::termination) keeps the first end: later events do not
/// change the result (Art. 5.1.1, 5.2, 9.6).
#[derive(Debug, Clone)]
pub struct Game {
    start: StartingPosition,
    positions: Vec<Chess>,
    moves: Vec<Move>,
    occurrences: Vec<Occurrence>,
    automatic_end: Option<(u32, Termination)>,
}

impl Game {
    /// A game at its start position.
    pub fn new(start: StartingPosition) -> Game {
        let mut game = Game {
            start: StartingPosition::standard(),
            positions: Vec::new(),
            moves: Vec::new(),
            occurrences: Vec::new(),
            automatic_end: None,
        };
        game.reset(start);
        game
    }

    /// Starts over from `start`, keeping the allocated history.
    pub fn reset(&mut self, start: StartingPosition) {
        self.positions.clear();
        self.moves.clear();
        self.occurrences.clear();
        let position = start.position().clone();
        self.occurrences.push(Occurrence {
            key: PositionKey::of(&position),
            count: 1,
            previous: None,
        });
        self.automatic_end = automatic_end(&position, 1).map(|t| (0, t));
        self.positions.push(position);
        self.start = start;
    }

    /// Plays a legal move (Art. 3.10.1) and records the position it produces.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !is_lawful(self.position(), m) {
            return Err(IllegalMove {
                ply: self.ply(),
                uci: m.to_uci(self.start.castling_mode()),
            });
        }
        self.record(m);
        Ok(())
    }

    /// Plays the move a SAN (Appendix C) names, if it names exactly one legal move.
    pub fn play_san(&mut self, san: &San) -> Result<Move, SanError> {
        let m = resolve_san(self.position(), san)?;
        if !spares_king(m) {
            return Err(SanError::IllegalSan);
        }
        self.record(m);
        Ok(m)
    }

    /// Records the legal move `m`.
    fn record(&mut self, m: Move) {
        let before = self.position();
        let mut after = before.clone();
        after.play_unchecked(m);
        let key = self.occurrences[self.occurrences.len() - 1]
            .key
            .after(before, m, &after);
        let ply = self.ply() + 1;
        let previous = self.previous_occurrence(&after, key, ply);
        let count = previous.map_or(1, |p| self.occurrences[p as usize].count.saturating_add(1));
        if self.automatic_end.is_none() {
            self.automatic_end = automatic_end(&after, count).map(|t| (ply, t));
        }
        self.occurrences.push(Occurrence {
            key,
            count,
            previous,
        });
        self.positions.push(after);
        self.moves.push(m);
    }

    /// Art. 9.2.3: the last earlier ply with the same position. Only positions
    /// since the last pawn move or capture can be the same, and only those with
    /// the same side to move.
    fn previous_occurrence(&self, position: &Chess, key: PositionKey, ply: u32) -> Option<u32> {
        let window = position.halfmoves().min(ply);
        (ply - window..ply).rev().skip(1).step_by(2).find(|&p| {
            self.occurrences[p as usize].key == key && self.positions[p as usize] == *position
        })
    }

    /// The start position.
    pub fn start(&self) -> &StartingPosition {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.positions[self.positions.len() - 1]
    }

    /// The position at `ply` (0 = start), if the game has reached it.
    pub fn position_at(&self, ply: u32) -> Option<&Chess> {
        self.positions.get(ply as usize)
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Half-moves played since the start position.
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The move number of the move made from the position at `ply`
    /// (counting from the start position's FEN move number).
    pub fn move_number(&self, ply: u32) -> u32 {
        let start = self.start.position();
        let black_first = u32::from(start.turn() == Color::Black);
        start.fullmoves().get() + (ply + black_first) / 2
    }

    /// FEN of the current position, in the start position's notation.
    pub fn fen(&self) -> String {
        self.start.fen_of(self.position())
    }

    /// FEN of the position at `ply`, in the start position's notation.
    pub fn fen_at(&self, ply: u32) -> Option<String> {
        self.position_at(ply).map(|p| self.start.fen_of(p))
    }

    /// The Art. 9.2.3 key of the position at `ply`.
    pub fn key(&self, ply: u32) -> Option<PositionKey> {
        self.occurrences.get(ply as usize).map(|o| o.key)
    }

    /// Plies of every occurrence of the position at `ply` up to `ply`, oldest first.
    pub fn repetitions(&self, ply: u32) -> Vec<u32> {
        let mut plies: Vec<u32> =
            std::iter::successors(Some(ply).filter(|&p| p <= self.ply()), |&p| {
                self.occurrences[p as usize].previous
            })
            .collect();
        plies.reverse();
        plies
    }

    /// How the game has ended, if it has: the first of checkmate, stalemate,
    /// dead position, fivefold repetition and the 75-move rule. Checkmate by
    /// the last move takes precedence over the 75-move rule (Art. 9.6.2).
    pub fn termination(&self) -> Option<Termination> {
        self.termination_with_ply().map(|(_, t)| t)
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

    /// The correct draw claims the player to move can make now (Art. 9.2, 9.3),
    /// with `intended` the move written down but not yet made (Art. 9.2.1, 9.3.1).
    /// An illegal intended move supports no claim; an ended game allows none.
    pub fn draw_claims(&self, intended: Option<&Move>) -> Vec<DrawClaim> {
        if self.termination().is_some() {
            return Vec::new();
        }
        let ply = self.ply();
        let mut claims = self.claims_without_move(ply);
        if let Some(&m) = intended.filter(|&&m| is_lawful(self.position(), m)) {
            let mut after = self.position().clone();
            after.play_unchecked(m);
            let key = self.occurrences[ply as usize]
                .key
                .after(self.position(), m, &after);
            let previous = self.previous_occurrence(&after, key, ply + 1);
            let mut repetitions = previous.map_or_else(Vec::new, |p| self.repetitions(p));
            repetitions.push(ply + 1);
            claims.extend(self.claims_by_move(ply, m, &after, repetitions));
        }
        claims
    }

    /// Every correct draw claim the record offered, ply by ply: at each
    /// position before the game ended, the claims of Art. 9.2.2 and 9.3.2 and
    /// those of Art. 9.2.1 and 9.3.1 with the move actually played as the intended move.
    pub fn claim_history(&self) -> Vec<DrawClaim> {
        let end = self
            .termination_with_ply()
            .map_or(self.ply() + 1, |(p, _)| p);
        let mut claims = Vec::new();
        for ply in 0..end {
            claims.extend(self.claims_without_move(ply));
            if let (Some(&m), Some(after)) = (
                self.moves.get(ply as usize),
                self.positions.get(ply as usize + 1),
            ) {
                let count = self.occurrences[ply as usize + 1].count;
                let repetitions = if count >= 3 {
                    self.repetitions(ply + 1)
                } else {
                    Vec::new()
                };
                claims.extend(self.claims_by_move(ply, m, after, repetitions));
            }
        }
        claims
    }

    /// Art. 9.2.2 and 9.3.2 claims in the position at `ply`.
    fn claims_without_move(&self, ply: u32) -> Vec<DrawClaim> {
        let mut claims = Vec::new();
        if self.occurrences[ply as usize].count >= 3 {
            claims.push(DrawClaim {
                kind: ClaimKind::Repetition,
                ply,
                intended: None,
                repetitions: self.repetitions(ply),
            });
        }
        if self.positions[ply as usize].halfmoves() >= FIFTY_MOVES {
            claims.push(DrawClaim {
                kind: ClaimKind::FiftyMoves,
                ply,
                intended: None,
                repetitions: Vec::new(),
            });
        }
        claims
    }

    /// Art. 9.2.1 and 9.3.1 claims at `ply` with the intended move `m` leading to `after`,
    /// whose occurrences are `repetitions`.
    fn claims_by_move(
        &self,
        ply: u32,
        m: Move,
        after: &Chess,
        repetitions: Vec<u32>,
    ) -> Vec<DrawClaim> {
        let mut claims = Vec::new();
        if after.halfmoves() >= FIFTY_MOVES {
            claims.push(DrawClaim {
                kind: ClaimKind::FiftyMovesByIntendedMove,
                ply,
                intended: Some(m),
                repetitions: Vec::new(),
            });
        }
        if repetitions.len() >= 3 {
            claims.insert(
                0,
                DrawClaim {
                    kind: ClaimKind::RepetitionByIntendedMove,
                    ply,
                    intended: Some(m),
                    repetitions,
                },
            );
        }
        claims
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new(StartingPosition::standard())
    }
}

/// Checkmate or stalemate: the side to move has no legal move (Art. 5.1.1, 5.2.1).
fn no_legal_move(position: &Chess) -> Option<Termination> {
    if !lawful_moves(position).is_empty() {
        None
    } else if position.is_check() {
        Some(Termination::Checkmate {
            winner: !position.turn(),
        })
    } else {
        Some(Termination::Stalemate)
    }
}

/// An end that a legal move can be played past: dead position (Art. 5.2.2),
/// fivefold repetition (Art. 9.6.1) or 75 moves (Art. 9.6.2, unless the
/// position is checkmate, which [`Game::termination`] puts first).
fn automatic_end(position: &Chess, occurrences: u8) -> Option<Termination> {
    if dead_position(position) {
        Some(Termination::DeadPosition)
    } else if occurrences >= 5 {
        Some(Termination::FivefoldRepetition)
    } else if position.halfmoves() >= SEVENTY_FIVE_MOVES {
        Some(Termination::SeventyFiveMoves)
    } else {
        None
    }
}

/// Art. 5.2.2 by the cheap tier of the dead-position analysis, which runs
/// after every move; the full tier is for rulings that depend on it.
fn dead_position(position: &Chess) -> bool {
    dead_position::is_dead_position(position, Tier::Quick) == Verdict::Unwinnable
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{File, Rank, Role, Square};

    /// `resolve_san` gives what `San::to_move` gives (move or error) for every legal move's
    /// SAN and its variants (other disambiguation, capture mark, promotion) and for random
    /// SANs, in the positions of random games (checks, pins, en passant, promotions).
    #[test]
    fn resolve_san_equals_to_move() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let roles = Role::ALL;
        let mut compared = 0u64;
        for _ in 0..300 {
            let mut pos = Chess::default();
            for _ in 0..160 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut sans: Vec<San> = Vec::new();
                for &m in &moves {
                    let San::Normal {
                        role,
                        capture,
                        to,
                        promotion,
                        ..
                    } = San::from_move(&pos, m)
                    else {
                        continue;
                    };
                    let from = m.from().expect("a normal move");
                    for (file, rank) in [
                        (None, None),
                        (Some(from.file()), None),
                        (None, Some(from.rank())),
                        (Some(from.file()), Some(from.rank())),
                    ] {
                        for capture in [capture, !capture] {
                            for promotion in [promotion, None, Some(Role::Queen), Some(Role::King)]
                            {
                                sans.push(San::Normal {
                                    role,
                                    file,
                                    rank,
                                    capture,
                                    to,
                                    promotion,
                                });
                            }
                        }
                    }
                }
                for _ in 0..40 {
                    let r = next();
                    sans.push(San::Normal {
                        role: roles[(r % 6) as usize],
                        file: (r >> 8 & 1 == 0).then(|| File::new((r >> 9) as u32 % 8)),
                        rank: (r >> 12 & 1 == 0).then(|| Rank::new((r >> 13) as u32 % 8)),
                        capture: r >> 16 & 1 == 0,
                        to: Square::new((r >> 17) as u32 % 64),
                        promotion: (r >> 23 & 3 == 0).then(|| roles[(r >> 25) as usize % 6]),
                    });
                }
                for san in &sans {
                    assert_eq!(
                        resolve_san(&pos, san),
                        san.to_move(&pos),
                        "{san} in {}",
                        shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal)
                    );
                    compared += 1;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                pos.play_unchecked(m);
            }
        }
        assert!(compared > 1_000_000, "{compared}");
    }

    fn knight(from: Square, to: Square) -> Move {
        Move::Normal {
            role: Role::Knight,
            from,
            capture: None,
            to,
            promotion: None,
        }
    }

    #[test]
    fn move_numbers_count_from_the_fen() {
        let game = Game::new("4k3/8/8/8/8/8/8/4K2R b K - 7 30".parse().unwrap());
        assert_eq!(game.move_number(0), 30);
        assert_eq!(game.move_number(1), 31);
        assert_eq!(game.move_number(2), 31);
        let game = Game::default();
        assert_eq!(game.move_number(0), 1);
        assert_eq!(game.move_number(1), 1);
        assert_eq!(game.move_number(2), 2);
        assert_eq!(game.fen_at(0), Some(game.fen()));
        assert_eq!(game.fen_at(1), None);
    }

    #[test]
    fn claim_history_names_each_ply() {
        let mut game = Game::default();
        let shuffle = [
            knight(Square::G1, Square::F3),
            knight(Square::G8, Square::F6),
            knight(Square::F3, Square::G1),
            knight(Square::F6, Square::G8),
        ];
        for m in shuffle.iter().chain(&shuffle).chain(&shuffle[..1]) {
            game.play(*m).unwrap();
        }
        let history: Vec<(u32, ClaimKind)> = game
            .claim_history()
            .iter()
            .map(|c| (c.ply, c.kind))
            .collect();
        assert_eq!(
            history,
            [
                (7, ClaimKind::RepetitionByIntendedMove),
                (8, ClaimKind::Repetition),
                (8, ClaimKind::RepetitionByIntendedMove),
                (9, ClaimKind::Repetition),
            ]
        );
        let claims = game.claim_history();
        assert_eq!(claims[0].intended, Some(shuffle[3]));
        assert_eq!(claims[0].repetitions, [0, 4, 8]);
        assert_eq!(claims[2].repetitions, [1, 5, 9]);
    }

    #[test]
    fn illegal_move_is_rejected_and_not_recorded() {
        let mut game = Game::default();
        let err = game.play(knight(Square::G1, Square::E2)).unwrap_err();
        assert_eq!(err.to_string(), "illegal move g1e2 at ply 0 (Art. 3.10.2)");
        assert_eq!(game.ply(), 0);
        assert_eq!(game.moves(), []);
    }
}
