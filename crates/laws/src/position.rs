//! Start positions of a game (Art. 2, Guideline II) and their FEN notation.
//!
//! A game starts from the standard position (Art. 2.3), from a Chess960
//! position chosen by number (Guideline II.1), or from any legal position
//! given as FEN. X-FEN (`KQkq`, inner rooks by file) and Shredder-FEN (rook
//! files, `HAha`) are both read; the position is written back in the notation
//! it was read in. Chess960 castling rules (Guideline II.3) apply when the FEN
//! uses Shredder notation or the castling rooks or kings stand away from the
//! standard squares.
//!
//! ```
//! use laws::position::{Import, StartingPosition};
//!
//! let standard: StartingPosition = "startpos".parse()?;
//! assert_eq!(standard.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//!
//! let sp3: StartingPosition = "chess960 3".parse()?;
//! assert!(sp3.is_chess960());
//! assert_eq!(sp3.to_string(), "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1");
//!
//! // Strict mode (arbiter games) rejects what tolerant import repairs.
//! let fen = "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1";
//! assert!(StartingPosition::from_fen(fen, Import::Strict).is_err());
//! let (lenient, warnings) = StartingPosition::from_fen(fen, Import::Tolerant)?;
//! assert_eq!(lenient.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
//! assert_eq!(warnings.len(), 1);
//! # Ok::<_, laws::position::ParseStartError>(())
//! ```

use std::{fmt, str::FromStr};

use shakmaty::{
    CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, MoveList, Position, PositionError,
    PositionErrorKinds, Role, Setup, Square,
    fen::{Fen, ParseFenError},
    zobrist::ZobristValue,
};

use crate::{
    Article, chess960,
    illegal_position::{IllegalReason, explain_illegal_in},
};

/// How castling rights are written in a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// X-FEN: `KQkq`, a file letter only for a rook that `K`/`Q` would not name.
    XFen,
    /// Shredder-FEN: the file of every castling rook, e.g. `HAha`.
    Shredder,
}

/// How strictly a FEN is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Import {
    /// Arbiter games: every problem found by
    /// [`explain_illegal`](crate::illegal_position::explain_illegal) rejects the FEN.
    Strict,
    /// Imported records: invalid castling rights and en passant squares are
    /// dropped with a [`Warning`]; every other problem still rejects the FEN.
    Tolerant,
}

/// Something tolerant import repaired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Warning {
    /// Castling rights that no unmoved king and rook support were dropped (Art. 3.8.2.1).
    CastlingRightsDropped,
    /// An en passant square without a pawn that just moved two squares was dropped (Art. 3.7.4.1).
    EnPassantSquareDropped(Square),
}

impl Warning {
    /// The provision the repaired field violated.
    pub fn article(self) -> Article {
        match self {
            Warning::CastlingRightsDropped => Article::new("Art. 3.8.2.1"),
            Warning::EnPassantSquareDropped(_) => Article::new("Art. 3.7.4.1"),
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::CastlingRightsDropped => f.write_str("invalid castling rights dropped"),
            Warning::EnPassantSquareDropped(sq) => {
                write!(f, "invalid en passant square {sq} dropped")
            }
        }
    }
}

/// A FEN or start-position name that cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseStartError {
    /// The text is not a FEN; `column` (1-based) is where the faulty field starts.
    Syntax {
        /// 1-based column where the faulty field starts.
        column: usize,
        /// What is wrong with it.
        error: ParseFenError,
    },
    /// `chess960 N` with a number outside 0-959.
    Chess960(chess960::OutOfRange),
    /// The FEN describes an illegal position (Art. 3.10.3); every reason found.
    Illegal(Vec<IllegalReason>),
}

impl fmt::Display for ParseStartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseStartError::Syntax { column, error } => {
                write!(f, "column {column}: {error}")
            }
            ParseStartError::Chess960(e) => e.fmt(f),
            ParseStartError::Illegal(reasons) => {
                f.write_str("illegal position (Art. 3.10.3): ")?;
                for (i, reason) in reasons.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    reason.fmt(f)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ParseStartError {}

/// The position a game starts from, with the castling rules and notation that go with it.
#[derive(Debug, Clone)]
pub struct StartingPosition {
    position: Chess,
    mode: CastlingMode,
    notation: CastlingNotation,
}

/// Art. 3.10.1 on any position the engine plays on, including one an
/// illegal move that stood left behind ([`StartingPosition::stood`]): a legal
/// move by shakmaty's generator that does not "capture" the opponent's king
/// (Art. 1.4.1 lets no king be captured; in a stood position the opponent's
/// king may be in check with the other side to move).
pub fn is_lawful(position: &Chess, m: Move) -> bool {
    spares_king(m) && position.is_legal(m)
}

/// [`is_lawful`] for a move shakmaty's generator already gave as legal in the
/// position (an entry of `legal_moves`, the move a SAN's `to_move` resolved
/// to): only the king-capture half is left to check. Checking legality a second
/// time would cost a move generation per ply of every game `arbiter check` reads.
pub fn spares_king(m: Move) -> bool {
    m.capture() != Some(Role::King)
}

/// The Zobrist key after the legal move `m` from `parent` (whose key is
/// `key`), updated by the squares the move changes, en passant counted only
/// when legal (Art. 9.2.3.1). shakmaty's `update_zobrist_hash` where it is
/// exact; king moves, which it leaves to a full computation, here too when
/// the parent has no castling right and no en passant square (the move then
/// changes only the king's squares and a captured unit). `None` otherwise.
pub(crate) fn zobrist_after<V: ZobristValue>(parent: &Chess, key: V, m: Move) -> Option<V> {
    if let Some(k) = parent.update_zobrist_hash(key, m, EnPassantMode::Legal) {
        return Some(k);
    }
    let Move::Normal {
        role: Role::King,
        from,
        capture,
        to,
        promotion: None,
    } = m
    else {
        return None;
    };
    if parent.maybe_ep_square().is_some() || parent.castles().castling_rights().any() {
        return None;
    }
    let turn = parent.turn();
    let mut k = key;
    k ^= V::zobrist_for_white_turn();
    k ^= V::zobrist_for_piece(from, Role::King.of(turn));
    k ^= V::zobrist_for_piece(to, Role::King.of(turn));
    if let Some(capture) = capture {
        k ^= V::zobrist_for_piece(to, capture.of(!turn));
    }
    Some(k)
}

/// The moves [`is_lawful`] allows in `position`.
pub fn lawful_moves(position: &Chess) -> MoveList {
    let mut moves = position.legal_moves();
    moves.retain(|&mut m| spares_king(m));
    moves
}

impl StartingPosition {
    /// The position an unclaimed illegal move produced in unsupervised rapid
    /// or blitz (2023 Appendix A.5.2, 2018 A.4.2: the move stands as played),
    /// as the start of the record that continues from it. It may hold what a
    /// FEN import refuses and shakmaty's `Chess::from_setup` rejects: a pawn on
    /// its last rank that was not replaced (it stays a pawn: by Art. 3.7 it has
    /// no move, and it can be captured), a pawn on its first rank, or the
    /// mover's king left in check. It is kept as the `Chess` that
    /// `play_unchecked` produced; later moves are judged by Art. 3 on its board
    /// with [`is_lawful`]. `None` when a king is missing (the Laws never remove one).
    pub fn stood(&self, position: Chess) -> Option<StartingPosition> {
        let board = position.board();
        let kings = Color::ALL.iter().all(|&c| board.king_of(c).is_some());
        kings.then_some(StartingPosition {
            position,
            mode: self.mode,
            notation: self.notation,
        })
    }

    /// The standard start position (Art. 2.3).
    pub fn standard() -> StartingPosition {
        StartingPosition {
            position: Chess::new(),
            mode: CastlingMode::Standard,
            notation: CastlingNotation::XFen,
        }
    }

    /// A Chess960 start position (Guideline II.1), castling by Guideline II.3,
    /// written in Shredder-FEN.
    pub fn chess960(start: chess960::StartPosition) -> StartingPosition {
        let position = Fen::from_str(&start.fen())
            .ok()
            .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok())
            .expect("every Guideline II start position is a legal FEN");
        StartingPosition {
            position,
            mode: CastlingMode::Chess960,
            notation: CastlingNotation::Shredder,
        }
    }

    /// Reads a FEN, X-FEN or Shredder-FEN, detecting the castling rules from it.
    /// Returns the warnings of tolerant import.
    pub fn from_fen(
        fen: &str,
        import: Import,
    ) -> Result<(StartingPosition, Vec<Warning>), ParseStartError> {
        StartingPosition::read_fen(fen, import, None)
    }

    /// Reads a FEN under castling rules known from elsewhere, e.g. a PGN
    /// `Variant` tag: with [`CastlingMode::Standard`] a king or rook off its
    /// standard square has no castling right (dropped in tolerant import).
    pub fn from_fen_as(
        fen: &str,
        import: Import,
        mode: CastlingMode,
    ) -> Result<(StartingPosition, Vec<Warning>), ParseStartError> {
        StartingPosition::read_fen(fen, import, Some(mode))
    }

    fn read_fen(
        fen: &str,
        import: Import,
        mode: Option<CastlingMode>,
    ) -> Result<(StartingPosition, Vec<Warning>), ParseStartError> {
        let parsed = Fen::from_str(fen).map_err(|error| ParseStartError::Syntax {
            column: column_of(fen, &error),
            error,
        })?;
        let notation = castling_notation(fen);
        let setup = parsed.into_setup();
        let mode = mode.unwrap_or_else(|| castling_mode(&setup, notation));
        if import == Import::Strict {
            let reasons = explain_illegal_in(&setup, mode);
            if !reasons.is_empty() {
                return Err(ParseStartError::Illegal(reasons));
            }
        }
        let mut warnings = Vec::new();
        let position = match Chess::from_setup(setup.clone(), mode) {
            Ok(position) => position,
            Err(error) => {
                let kinds = error.kinds();
                let repairable = PositionErrorKinds::INVALID_CASTLING_RIGHTS
                    | PositionErrorKinds::INVALID_EP_SQUARE;
                if import == Import::Strict || !repairable.contains(kinds) {
                    return Err(ParseStartError::Illegal(explain_illegal_in(&setup, mode)));
                }
                if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
                    warnings.push(Warning::CastlingRightsDropped);
                }
                if let Some(sq) = setup.ep_square
                    && kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE)
                {
                    warnings.push(Warning::EnPassantSquareDropped(sq));
                }
                error
                    .ignore_invalid_castling_rights()
                    .or_else(PositionError::ignore_invalid_ep_square)
                    .map_err(|_| ParseStartError::Illegal(explain_illegal_in(&setup, mode)))?
            }
        };
        Ok((
            StartingPosition {
                position,
                mode,
                notation,
            },
            warnings,
        ))
    }

    /// The position itself.
    pub fn position(&self) -> &Chess {
        &self.position
    }

    /// Standard castling (Art. 3.8.2) or Chess960 castling (Guideline II.3).
    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Whether Chess960 castling rules apply (Guideline II.3).
    pub fn is_chess960(&self) -> bool {
        self.mode.is_chess960()
    }

    /// The notation castling rights were read in and are written in.
    pub fn notation(&self) -> CastlingNotation {
        self.notation
    }

    /// FEN of any position of a game from this start, in this start's notation.
    /// The en passant square is written only when an en passant capture is legal.
    pub fn fen_of(&self, position: &Chess) -> String {
        write_fen(position, self.notation)
    }
}

impl Default for StartingPosition {
    fn default() -> StartingPosition {
        StartingPosition::standard()
    }
}

impl PartialEq for StartingPosition {
    fn eq(&self, other: &StartingPosition) -> bool {
        self.mode == other.mode
            && self.notation == other.notation
            && self.position.to_setup(EnPassantMode::Legal)
                == other.position.to_setup(EnPassantMode::Legal)
    }
}

impl Eq for StartingPosition {}

/// Accepts `startpos` / `standard`, `chess960 N` (also `chess960:N`) and strict FEN.
impl FromStr for StartingPosition {
    type Err = ParseStartError;

    fn from_str(s: &str) -> Result<StartingPosition, ParseStartError> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("startpos") || s.eq_ignore_ascii_case("standard") {
            return Ok(StartingPosition::standard());
        }
        let lower = s.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("chess960") {
            let number = rest.trim_start_matches([' ', ':']);
            let n: u32 = number.parse().map_err(|_| ParseStartError::Syntax {
                column: s.len() - number.len() + 1,
                error: ParseFenError::InvalidFen,
            })?;
            let start = chess960::StartPosition::new(n).map_err(ParseStartError::Chess960)?;
            return Ok(StartingPosition::chess960(start));
        }
        StartingPosition::from_fen(s, Import::Strict).map(|(start, _)| start)
    }
}

impl fmt::Display for StartingPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_fen(&self.position, self.notation))
    }
}

/// Shredder notation when every castling letter is a file; X-FEN otherwise.
fn castling_notation(fen: &str) -> CastlingNotation {
    let castling = fen.split([' ', '_']).filter(|p| !p.is_empty()).nth(2);
    match castling {
        Some(field)
            if field != "-"
                && field
                    .bytes()
                    .all(|c| matches!(c.to_ascii_lowercase(), b'a'..=b'h')) =>
        {
            CastlingNotation::Shredder
        }
        _ => CastlingNotation::XFen,
    }
}

/// Chess960 castling when the FEN names rook files or a castling king or rook
/// stands away from its standard square (Guideline II.3).
fn castling_mode(setup: &Setup, notation: CastlingNotation) -> CastlingMode {
    match notation {
        CastlingNotation::Shredder => CastlingMode::Chess960,
        CastlingNotation::XFen => CastlingMode::detect(setup),
    }
}

/// 1-based column of the FEN field a parse error refers to.
fn column_of(fen: &str, error: &ParseFenError) -> usize {
    let field = match error {
        ParseFenError::InvalidBoard | ParseFenError::InvalidPocket => 0,
        ParseFenError::InvalidTurn => 1,
        ParseFenError::InvalidCastling => 2,
        ParseFenError::InvalidEpSquare => 3,
        ParseFenError::InvalidHalfmoveClock | ParseFenError::InvalidRemainingChecks => 4,
        ParseFenError::InvalidFullmoves => 5,
        ParseFenError::InvalidFen => return fen.len() + 1,
    };
    let mut starts = fen
        .char_indices()
        .filter(|&(i, c)| {
            !matches!(c, ' ' | '_')
                && (i == 0 || matches!(fen.as_bytes().get(i - 1), Some(b' ' | b'_')))
        })
        .map(|(i, _)| i + 1);
    starts.nth(field).unwrap_or(fen.len() + 1)
}

fn write_fen(position: &Chess, notation: CastlingNotation) -> String {
    let fen = Fen::from_position(position, EnPassantMode::Legal).to_string();
    match notation {
        CastlingNotation::XFen => fen,
        CastlingNotation::Shredder => {
            let mut fields: Vec<&str> = fen.split(' ').collect();
            let castling = shredder_castling(position);
            if let Some(field) = fields.get_mut(2) {
                *field = &castling;
            }
            fields.join(" ")
        }
    }
}

/// Castling rights as rook files, White's first, each side from the h-file down.
fn shredder_castling(position: &Chess) -> String {
    let rights = position.castles().castling_rights();
    let letters: String = [Color::White, Color::Black]
        .into_iter()
        .flat_map(|color| {
            (rights & color.backrank())
                .into_iter()
                .rev()
                .map(move |sq| {
                    let file = sq.file().char();
                    match color {
                        Color::White => file.to_ascii_uppercase(),
                        Color::Black => file,
                    }
                })
        })
        .collect();
    if letters.is_empty() {
        "-".to_owned()
    } else {
        letters
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shredder_round_trip() {
        let fen = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1";
        let start: StartingPosition = fen.parse().unwrap();
        assert!(start.is_chess960());
        assert_eq!(start.notation(), CastlingNotation::Shredder);
        assert_eq!(start.to_string(), fen);
    }

    #[test]
    fn x_fen_for_chess960_stays_x_fen() {
        let fen = "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1";
        let start: StartingPosition = fen.parse().unwrap();
        assert!(start.is_chess960());
        assert_eq!(start.notation(), CastlingNotation::XFen);
        assert_eq!(start.to_string(), fen);
    }

    #[test]
    fn standard_fen_uses_standard_castling() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20";
        let start: StartingPosition = fen.parse().unwrap();
        assert!(!start.is_chess960());
        assert_eq!(start.to_string(), fen);
    }

    #[test]
    fn syntax_error_names_the_column() {
        let err = "8/8/8/8/8/8/8/8 x - - 0 1"
            .parse::<StartingPosition>()
            .unwrap_err();
        assert_eq!(
            err,
            ParseStartError::Syntax {
                column: 17,
                error: ParseFenError::InvalidTurn
            }
        );
        let err = "chess960 960".parse::<StartingPosition>().unwrap_err();
        assert_eq!(err, ParseStartError::Chess960(chess960::OutOfRange(960)));
    }

    #[test]
    fn tolerant_drops_ep_square_with_warning() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - e6 0 1";
        assert!(matches!(
            StartingPosition::from_fen(fen, Import::Strict),
            Err(ParseStartError::Illegal(_))
        ));
        let (start, warnings) = StartingPosition::from_fen(fen, Import::Tolerant).unwrap();
        assert_eq!(warnings, [Warning::EnPassantSquareDropped(Square::E6)]);
        assert_eq!(start.to_string(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }

    #[test]
    fn standard_rules_drop_chess960_castling_rights() {
        let fen = "rr4k1/8/8/8/8/8/8/1NKR1B1R b Kq - 0 1";
        let (detected, warnings) = StartingPosition::from_fen(fen, Import::Strict).unwrap();
        assert!(detected.is_chess960());
        assert!(warnings.is_empty());
        assert!(
            StartingPosition::from_fen_as(fen, Import::Strict, CastlingMode::Standard).is_err()
        );
        let (standard, warnings) =
            StartingPosition::from_fen_as(fen, Import::Tolerant, CastlingMode::Standard).unwrap();
        assert!(!standard.is_chess960());
        assert_eq!(warnings, [Warning::CastlingRightsDropped]);
        assert_eq!(standard.to_string(), "rr4k1/8/8/8/8/8/8/1NKR1B1R b - - 0 1");
    }

    #[test]
    fn tolerant_still_rejects_illegal_positions() {
        let fen = "4k2P/8/8/8/8/8/8/4K3 b - - 0 1";
        assert!(StartingPosition::from_fen(fen, Import::Tolerant).is_err());
    }
}
