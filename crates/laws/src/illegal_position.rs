//! Illegal positions (Art. 3.10.3): every reason a position cannot arise in a game.
//!
//! Art. 3.10.3: "A position is illegal when it cannot have been reached by any
//! series of legal moves." Full reachability is undecidable in practice; this
//! module tests the necessary conditions an arbiter checks on the board: king
//! count, checks (Art. 3.9), pawns on the first or last rank (Art. 3.7),
//! material that needs more promotions or captures than the missing pieces
//! allow, and castling rights (Art. 3.8.2.1) and en passant squares
//! (Art. 3.7.4.1) that the position does not support.
//!
//! ```
//! use laws::illegal_position::{IllegalReason, explain_illegal};
//! use shakmaty::fen::Fen;
//!
//! let setup = "R6k/8/8/8/8/8/8/r6K w - - 0 1".parse::<Fen>()?.into_setup();
//! let reasons = explain_illegal(&setup);
//! assert_eq!(reasons, [IllegalReason::BothKingsInCheck]);
//! assert_eq!(reasons[0].to_string(), "both kings are in check");
//! assert_eq!(reasons[0].german(), "Beide Könige stehen im Schach.");
//! # Ok::<_, shakmaty::fen::ParseFenError>(())
//! ```

use std::fmt;

use shakmaty::{
    Bitboard, Castles, CastlingMode, Chess, Color, FromSetup, PositionErrorKinds, Setup, Square,
};

use crate::Article;

const ART_3_10_3: Article = Article::new("Art. 3.10.3");
const ART_2_2: Article = Article::new("Art. 2.2");
const ART_2_3: Article = Article::new("Art. 2.3");
const ART_3_7_1: Article = Article::new("Art. 3.7.1");
const ART_3_7_2: Article = Article::new("Art. 3.7.2");
const ART_3_7_4_1: Article = Article::new("Art. 3.7.4.1");
const ART_3_7_5: Article = Article::new("Art. 3.7.5");
const ART_3_7_5_1: Article = Article::new("Art. 3.7.5.1");
const ART_3_8_2_1: Article = Article::new("Art. 3.8.2.1");
const ART_3_9: Article = Article::new("Art. 3.9");
const ART_3_9_2: Article = Article::new("Art. 3.9.2");

/// One reason why a position is illegal (Art. 3.10.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// A side has no king (Art. 2.2).
    MissingKing(Color),
    /// A side has more than one king (Art. 2.2, 3.7.5.1: no promotion to a king).
    TooManyKings(Color),
    /// Both kings are attacked, or the kings stand next to each other (Art. 3.9).
    BothKingsInCheck,
    /// The king of the side not to move is attacked: the last move left it in check (Art. 3.9.2).
    OpponentInCheck,
    /// A check no legal last move can give: three checkers, two checkers on one line,
    /// two knight/pawn checkers, or a check the double pawn push implied by the
    /// en passant square cannot have given (Art. 3.9).
    ImpossibleCheck,
    /// A pawn on the first or last rank (Art. 3.7.1, 3.7.5: it must have promoted).
    PawnOnBackRank(Square),
    /// More than 16 men of one colour (Art. 2.2).
    TooManyPieces {
        /// The side with too many.
        color: Color,
        /// Its men on the board.
        count: u8,
    },
    /// More than 8 pawns of one colour (Art. 2.3).
    TooManyPawns {
        /// The side with too many.
        color: Color,
        /// Its pawns on the board.
        count: u8,
    },
    /// More pieces beyond the initial set (a third knight, a second light-squared
    /// bishop, ...) than pawns are missing to have promoted (Art. 3.7.5).
    TooManyPromotedPieces {
        /// The side concerned.
        color: Color,
        /// Its pieces beyond the initial set.
        promoted: u8,
        /// Its pawns missing from the initial eight.
        missing_pawns: u8,
    },
    /// The pawns stand on files they can only have reached by more captures than
    /// the opponent has lost men (Art. 3.7.2).
    TooFewCapturesForPawns {
        /// The side whose pawns stand where they do.
        color: Color,
        /// Captures its pawns must have made.
        needed: u8,
        /// Men the opponent has lost.
        available: u8,
    },
    /// A castling right without the king and that rook on their original squares (Art. 3.8.2.1).
    InvalidCastlingRight(Square),
    /// An en passant square that the last move cannot have created (Art. 3.7.4.1).
    InvalidEnPassantSquare(Square),
}

impl IllegalReason {
    /// Art. 3.10.3 first, then the article the position violates.
    pub fn articles(self) -> &'static [Article] {
        match self {
            IllegalReason::MissingKing(_) | IllegalReason::TooManyPieces { .. } => {
                &[ART_3_10_3, ART_2_2]
            }
            IllegalReason::TooManyKings(_) => &[ART_3_10_3, ART_2_2, ART_3_7_5_1],
            IllegalReason::BothKingsInCheck | IllegalReason::ImpossibleCheck => {
                &[ART_3_10_3, ART_3_9]
            }
            IllegalReason::OpponentInCheck => &[ART_3_10_3, ART_3_9_2],
            IllegalReason::PawnOnBackRank(_) => &[ART_3_10_3, ART_3_7_1, ART_3_7_5],
            IllegalReason::TooManyPawns { .. } => &[ART_3_10_3, ART_2_3],
            IllegalReason::TooManyPromotedPieces { .. } => &[ART_3_10_3, ART_3_7_5],
            IllegalReason::TooFewCapturesForPawns { .. } => &[ART_3_10_3, ART_3_7_2],
            IllegalReason::InvalidCastlingRight(_) => &[ART_3_10_3, ART_3_8_2_1],
            IllegalReason::InvalidEnPassantSquare(_) => &[ART_3_10_3, ART_3_7_4_1],
        }
    }

    /// The reason in German, as the Laws' German translation words it.
    pub fn german(self) -> String {
        let farbe = |c: Color| match c {
            Color::White => "Weiß",
            Color::Black => "Schwarz",
        };
        match self {
            IllegalReason::MissingKing(c) => format!("{} hat keinen König.", farbe(c)),
            IllegalReason::TooManyKings(c) => format!("{} hat mehr als einen König.", farbe(c)),
            IllegalReason::BothKingsInCheck => "Beide Könige stehen im Schach.".to_owned(),
            IllegalReason::OpponentInCheck => {
                "Der König der Partei, die nicht am Zug ist, steht im Schach.".to_owned()
            }
            IllegalReason::ImpossibleCheck => {
                "Dieses Schachgebot kann durch keinen regelgemäßen Zug entstanden sein.".to_owned()
            }
            IllegalReason::PawnOnBackRank(sq) => {
                format!("Auf {sq} steht ein Bauer auf der ersten oder letzten Reihe.")
            }
            IllegalReason::TooManyPieces { color, count } => {
                format!("{} hat {count} Steine, mehr als 16.", farbe(color))
            }
            IllegalReason::TooManyPawns { color, count } => {
                format!("{} hat {count} Bauern, mehr als 8.", farbe(color))
            }
            IllegalReason::TooManyPromotedPieces {
                color,
                promoted,
                missing_pawns,
            } => format!(
                "{} hat {promoted} umgewandelte Figuren, aber nur {missing_pawns} Bauern fehlen.",
                farbe(color)
            ),
            IllegalReason::TooFewCapturesForPawns {
                color,
                needed,
                available,
            } => format!(
                "Die Bauern von {} brauchen {needed} Schlagzüge, aber nur {available} Steine des Gegners fehlen.",
                farbe(color)
            ),
            IllegalReason::InvalidCastlingRight(sq) => {
                format!("Rochaderecht mit dem Turm auf {sq} ist nicht möglich.")
            }
            IllegalReason::InvalidEnPassantSquare(sq) => {
                format!("En-passant-Feld {sq} ist nicht möglich.")
            }
        }
    }

    /// The reason in English (also the [`Display`](fmt::Display) form).
    pub fn english(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::MissingKing(c) => write!(f, "{c} has no king"),
            IllegalReason::TooManyKings(c) => write!(f, "{c} has more than one king"),
            IllegalReason::BothKingsInCheck => f.write_str("both kings are in check"),
            IllegalReason::OpponentInCheck => {
                f.write_str("the king of the side not to move is in check")
            }
            IllegalReason::ImpossibleCheck => {
                f.write_str("no legal move can have given this check")
            }
            IllegalReason::PawnOnBackRank(sq) => {
                write!(f, "pawn on {sq} on the first or last rank")
            }
            IllegalReason::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} men, more than 16")
            }
            IllegalReason::TooManyPawns { color, count } => {
                write!(f, "{color} has {count} pawns, more than 8")
            }
            IllegalReason::TooManyPromotedPieces {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "{color} has {promoted} promoted pieces but only {missing_pawns} pawns are missing"
            ),
            IllegalReason::TooFewCapturesForPawns {
                color,
                needed,
                available,
            } => write!(
                f,
                "{color}'s pawns need {needed} captures but the opponent has lost only {available} men"
            ),
            IllegalReason::InvalidCastlingRight(sq) => {
                write!(f, "no castling right is possible with the rook on {sq}")
            }
            IllegalReason::InvalidEnPassantSquare(sq) => {
                write!(f, "en passant square {sq} is not possible")
            }
        }
    }
}

/// Every reason the setup is illegal, castling rules detected from the setup
/// (Chess960 when a castling king or rook is off its standard square). Empty if none is found.
pub fn explain_illegal(setup: &Setup) -> Vec<IllegalReason> {
    explain_illegal_in(setup, CastlingMode::detect(setup))
}

/// Every reason the setup is illegal under the given castling rules.
pub fn explain_illegal_in(setup: &Setup, mode: CastlingMode) -> Vec<IllegalReason> {
    let board = &setup.board;
    let mut reasons = Vec::new();

    for color in Color::ALL {
        match (board.kings() & board.by_color(color)).count() {
            0 => reasons.push(IllegalReason::MissingKing(color)),
            1 => {}
            _ => reasons.push(IllegalReason::TooManyKings(color)),
        }
    }

    let king_attacked = |color: Color| {
        board
            .king_of(color)
            .is_some_and(|k| board.attacks_to(k, !color, board.occupied()).any())
    };
    match (king_attacked(setup.turn), king_attacked(!setup.turn)) {
        (true, true) => reasons.push(IllegalReason::BothKingsInCheck),
        (false, true) => reasons.push(IllegalReason::OpponentInCheck),
        _ => {}
    }

    let kinds = match Chess::from_setup(setup.clone(), mode) {
        Ok(_) => PositionErrorKinds::empty(),
        Err(error) => error.kinds(),
    };
    if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
        reasons.push(IllegalReason::ImpossibleCheck);
    }

    reasons.extend(
        (board.pawns() & Bitboard::BACKRANKS)
            .into_iter()
            .map(IllegalReason::PawnOnBackRank),
    );

    for color in Color::ALL {
        reasons.extend(material_reasons(setup, color));
    }

    if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
        let valid = Castles::from_setup(setup, mode)
            .unwrap_or_else(|castles| castles)
            .castling_rights();
        reasons.extend(
            (setup.castling_rights & !valid)
                .into_iter()
                .map(IllegalReason::InvalidCastlingRight),
        );
    }
    if let Some(sq) = setup.ep_square
        && kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE)
    {
        reasons.push(IllegalReason::InvalidEnPassantSquare(sq));
    }
    reasons
}

/// Material a side cannot have: too many men or pawns, more promoted pieces
/// than missing pawns, pawn files that need more captures than the opponent's losses.
fn material_reasons(setup: &Setup, color: Color) -> Vec<IllegalReason> {
    let board = &setup.board;
    let ours = board.by_color(color);
    let count = |bb: Bitboard| (bb & ours).count() as u8;
    let mut reasons = Vec::new();

    let men = count(board.occupied());
    if men > 16 {
        reasons.push(IllegalReason::TooManyPieces { color, count: men });
    }
    let pawns = count(board.pawns());
    if pawns > 8 {
        reasons.push(IllegalReason::TooManyPawns {
            color,
            count: pawns,
        });
    }
    let bishops = board.bishops();
    let promoted = count(board.queens()).saturating_sub(1)
        + count(board.rooks()).saturating_sub(2)
        + count(board.knights()).saturating_sub(2)
        + count(bishops & Bitboard::LIGHT_SQUARES).saturating_sub(1)
        + count(bishops & Bitboard::DARK_SQUARES).saturating_sub(1);
    let missing_pawns = 8u8.saturating_sub(pawns);
    if promoted > missing_pawns {
        reasons.push(IllegalReason::TooManyPromotedPieces {
            color,
            promoted,
            missing_pawns,
        });
    }

    let available = 16u8.saturating_sub((board.by_color(!color)).count() as u8);
    let needed = pawn_file_captures(board.pawns() & ours);
    if pawns <= 8 && needed > available {
        reasons.push(IllegalReason::TooFewCapturesForPawns {
            color,
            needed,
            available,
        });
    }
    reasons
}

/// Least number of captures that puts the pawns on their files: each pawn
/// starts on its own file and changes file by one with every capture (Art. 3.7.2).
fn pawn_file_captures(pawns: Bitboard) -> u8 {
    let mut files: Vec<u8> = pawns.into_iter().map(|sq| sq.file() as u8).collect();
    files.sort_unstable();
    // best[j]: least cost placing the pawns seen so far on distinct start files < j.
    let mut best = [0u8; 9];
    for (i, &file) in files.iter().enumerate() {
        let mut next = [u8::MAX; 9];
        for start in i..8 {
            let cost = best[start].saturating_add(file.abs_diff(start as u8));
            next[start + 1] = next[start].min(cost);
        }
        for j in (i + 1)..9 {
            next[j] = next[j].min(next[j - 1]);
        }
        best = next;
    }
    best[8]
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::fen::Fen;

    fn reasons(fen: &str) -> Vec<IllegalReason> {
        explain_illegal(&fen.parse::<Fen>().unwrap().into_setup())
    }

    #[test]
    fn pawn_file_captures_is_least_matching() {
        let pawns = |squares: &[Square]| squares.iter().copied().collect::<Bitboard>();
        assert_eq!(pawn_file_captures(Bitboard::EMPTY), 0);
        assert_eq!(
            pawn_file_captures(Bitboard::from_rank(shakmaty::Rank::Second)),
            0
        );
        assert_eq!(pawn_file_captures(pawns(&[Square::A2, Square::A3])), 1);
        assert_eq!(
            pawn_file_captures(pawns(&[Square::A2, Square::A3, Square::A4])),
            3
        );
        assert_eq!(
            pawn_file_captures(pawns(&[Square::H2, Square::H3, Square::H4, Square::H5])),
            6
        );
    }

    #[test]
    fn standard_start_is_legal() {
        assert_eq!(
            reasons("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            []
        );
    }

    #[test]
    fn tripled_pawns_need_captures() {
        assert_eq!(
            reasons("rnbqkbnr/pppppppp/8/8/P7/P7/P7/RNBQKBNR w - - 0 1"),
            [IllegalReason::TooFewCapturesForPawns {
                color: Color::White,
                needed: 3,
                available: 0
            }]
        );
    }

    #[test]
    fn every_reason_cites_art_3_10_3_and_speaks_german() {
        let all = reasons("Kk6/8/8/8/8/8/8/Q1QQQQQQ b Q e3 0 1");
        assert!(all.contains(&IllegalReason::BothKingsInCheck));
        assert!(all.contains(&IllegalReason::InvalidCastlingRight(Square::A1)));
        assert!(all.contains(&IllegalReason::InvalidEnPassantSquare(Square::E3)));
        for reason in all {
            assert_eq!(reason.articles()[0], ART_3_10_3);
            assert!(!reason.german().is_empty());
        }
    }
}
