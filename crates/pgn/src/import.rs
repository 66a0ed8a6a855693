//! Checking the moves of a [`RawGame`] against the Laws: start position from
//! the `Variant`, `SetUp` and `FEN` tags, then every main-line move for
//! legality (Art. 3, Art. 4).
//!
//! ```
//! use pgn::import::{import, ErrorKind};
//! use pgn::reader::Reader;
//!
//! let game = Reader::new("1. e4 e5 2. Ke2 Ke7 3. Kxe7 1-0").next().unwrap();
//! let imported = import(&game);
//! assert_eq!(imported.moves.len(), 4);
//! let error = imported.error.unwrap();
//! assert!(matches!(error.kind, ErrorKind::IllegalMove { .. }));
//! assert_eq!(error.to_string(), "game 1, line 1, column 24: 3.Kxe7 is not a legal move (Art. 3)");
//! ```

use std::fmt;

use laws::position::{Import, StartingPosition};
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::{CastlingMode, Chess, Color, KnownOutcome, Move, Outcome, Position};

use laws::Lang;
use laws::notation::Language;

use crate::reader::{Location, MoveToken, RawGame, SyntaxError};

/// A move number as written on a scoresheet: `23.` for White, `23...` for Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveNumber {
    /// Full move number (Art. C.2 counts a white and a black move as one).
    pub fullmove: u32,
    /// The player who made the move.
    pub color: Color,
}

impl MoveNumber {
    /// The number of the move about to be played in `pos`.
    pub fn of(pos: &Chess) -> MoveNumber {
        MoveNumber {
            fullmove: pos.fullmoves().get(),
            color: pos.turn(),
        }
    }
}

impl fmt::Display for MoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.color {
            Color::White => write!(f, "{}.", self.fullmove),
            Color::Black => write!(f, "{}...", self.fullmove),
        }
    }
}

/// Chess as played under the Laws, with the standard or a Chess960 start (Guideline II).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Standard chess, from the initial position or a set-up position.
    Standard,
    /// Chess960 (Guideline II): castling by rook file.
    Chess960,
}

/// Why a game could not be read completely. Moves before the error are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The text itself is broken.
    Syntax(SyntaxError),
    /// A `Variant` tag naming something other than chess or Chess960.
    UnsupportedVariant(String),
    /// A `FEN` tag that is not a legal position.
    InvalidFen {
        /// The tag value.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A token in the move text that is not a move in SAN.
    NotAMove(String),
    /// A move in UCI coordinates (`e2e4`) where SAN is expected.
    UciMove(String),
    /// A null move (`Z0`, `--`): passing is not a legal move.
    NullMove {
        /// Where in the game.
        number: MoveNumber,
        /// As written.
        token: String,
    },
    /// A well-formed move that is not legal in the position (Art. 3).
    IllegalMove {
        /// Where in the game.
        number: MoveNumber,
        /// As written.
        san: String,
    },
    /// A move that fits more than one legal move (Appendix C.10).
    AmbiguousMove {
        /// Where in the game.
        number: MoveNumber,
        /// As written.
        san: String,
    },
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Syntax(e) => e.fmt(f),
            ErrorKind::UnsupportedVariant(v) => {
                write!(
                    f,
                    "variant `{v}` is not chess: expected standard chess or Chess960"
                )
            }
            ErrorKind::InvalidFen { fen, reason } => write!(f, "FEN `{fen}`: {reason}"),
            ErrorKind::NotAMove(t) => write!(f, "expected a move in SAN or a result, found `{t}`"),
            ErrorKind::UciMove(t) => write!(f, "`{t}` is UCI notation: expected a move in SAN"),
            ErrorKind::NullMove { number, token } => {
                write!(
                    f,
                    "{number}{token} is a null move, not a legal move (Art. 1.2)"
                )
            }
            ErrorKind::IllegalMove { number, san } => {
                write!(f, "{number}{san} is not a legal move (Art. 3)")
            }
            ErrorKind::AmbiguousMove { number, san } => {
                write!(
                    f,
                    "{number}{san} is ambiguous: expected file or rank of the moving piece (Appendix C.10)"
                )
            }
        }
    }
}

/// An error with the game number and the place in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportError {
    /// Number of the game in the file, from 1.
    pub game: usize,
    /// Where in the text.
    pub location: Location,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, {}: {}", self.game, self.location, self.kind)
    }
}

impl std::error::Error for ImportError {}

impl ErrorKind {
    /// The message in `lang`; [`Display`](fmt::Display) gives the English one.
    pub fn message(&self, lang: Language) -> String {
        match (self, Lang::from(lang)) {
            (_, Lang::En) => self.to_string(),
            (ErrorKind::Syntax(e), Lang::De) => match e {
                SyntaxError::UnterminatedTag => {
                    "Tag nicht geschlossen: `\"Wert\"]` in derselben Zeile erwartet".into()
                }
                SyntaxError::UnterminatedComment => {
                    "Kommentar nicht geschlossen: `}` erwartet".into()
                }
                SyntaxError::UnterminatedVariation => {
                    "Variante nicht geschlossen: `)` erwartet".into()
                }
                SyntaxError::UnmatchedParenthesis => {
                    "`)` ohne `(`: Zug oder Ergebnis erwartet".into()
                }
            },
            (ErrorKind::UnsupportedVariant(v), Lang::De) => {
                format!("Variante `{v}` ist kein Schach: Schach oder Chess960 erwartet")
            }
            (ErrorKind::InvalidFen { fen, reason }, Lang::De) => {
                format!("FEN `{fen}`: {reason}")
            }
            (ErrorKind::NotAMove(t), Lang::De) => {
                format!("Zug in SAN oder Ergebnis erwartet, gefunden: `{t}`")
            }
            (ErrorKind::UciMove(t), Lang::De) => {
                format!("`{t}` ist UCI-Notation: Zug in SAN erwartet")
            }
            (ErrorKind::NullMove { number, token }, Lang::De) => {
                format!("{number}{token} ist ein Nullzug, kein regelgemäßer Zug (Art. 1.2)")
            }
            (ErrorKind::IllegalMove { number, san }, Lang::De) => {
                format!("{number}{} ist kein regelgemäßer Zug (Art. 3)", san)
            }
            (ErrorKind::AmbiguousMove { number, san }, Lang::De) => format!(
                "{number}{} ist mehrdeutig: Linie oder Reihe der ziehenden Figur erwartet (Anhang C.10)",
                san
            ),
        }
    }
}

/// Something repaired or doubtful in a game that could still be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Warning {
    /// The `FEN` tag was repaired (invalid castling rights or en passant square dropped).
    Fen(laws::position::Warning),
    /// The `Result` tag and the termination marker after the moves differ.
    ResultTagDiffers {
        /// Value of the `Result` tag.
        tag: String,
        /// The marker at the end of the moves.
        marker: Outcome,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::Fen(w) => write!(f, "FEN: {w} ({})", w.article()),
            Warning::ResultTagDiffers { tag, marker } => {
                write!(
                    f,
                    "Result tag `{tag}` differs from `{marker}` after the moves"
                )
            }
        }
    }
}

/// The start of a game: position, castling mode and repairs made.
#[derive(Debug, Clone)]
pub struct Start {
    /// Chess or Chess960.
    pub variant: Variant,
    /// The position before the first move, with its castling rules.
    pub position: StartingPosition,
    /// Repairs made to the `FEN` tag.
    pub warnings: Vec<Warning>,
}

/// A game whose moves were checked for legality.
#[derive(Debug, Clone)]
pub struct ImportedGame<'a> {
    /// The text of the game.
    pub raw: RawGame<'a>,
    /// Start position and repairs; `None` if the tags are unusable (see `error`).
    pub start: Option<Start>,
    /// The legal main-line moves, up to the first error.
    pub moves: Vec<Move>,
    /// The first error, which ended the game's moves.
    pub error: Option<ImportError>,
}

impl ImportedGame<'_> {
    /// The position after the legal moves.
    pub fn final_position(&self) -> Option<Chess> {
        let mut pos = self.start.as_ref()?.position.position().clone();
        for m in &self.moves {
            pos.play_unchecked(*m);
        }
        Some(pos)
    }
}

/// Reads the start position and checks every move of the main line.
pub fn import<'a>(raw: &RawGame<'a>) -> ImportedGame<'a> {
    let mut game = ImportedGame {
        raw: raw.clone(),
        start: None,
        moves: Vec::new(),
        error: None,
    };
    let start = match start(raw) {
        Ok(start) => start,
        Err(e) => {
            game.error = Some(e);
            return game;
        }
    };
    let mut pos = start.position.position().clone();
    game.start = Some(start);
    for token in &raw.moves {
        match parse_move(raw, token, &pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                game.moves.push(m);
            }
            Err(e) => {
                game.error = Some(e);
                return game;
            }
        }
    }
    game.error = syntax_error(raw);
    game
}

/// The syntax error that ended the text of the game, if any.
pub fn syntax_error(raw: &RawGame<'_>) -> Option<ImportError> {
    raw.syntax_error.as_ref().map(|(e, at)| ImportError {
        game: raw.number,
        location: raw.locate(*at),
        kind: ErrorKind::Syntax(e.clone()),
    })
}

/// The recorded result: the termination marker after the moves, else the `Result` tag.
pub fn recorded_result(raw: &RawGame<'_>) -> Option<Outcome> {
    raw.termination.map(|t| t.0).or_else(|| {
        raw.tag("Result")
            .and_then(|r| Outcome::from_ascii(r.trim().as_bytes()).ok())
    })
}

/// The `Result` tag if it contradicts the termination marker.
fn result_tag_warning(raw: &RawGame<'_>) -> Option<Warning> {
    let tag = raw.tag("Result")?;
    let (marker, _) = raw.termination?;
    let parsed = Outcome::from_ascii(tag.trim().as_bytes()).ok();
    (parsed != Some(marker)).then(|| Warning::ResultTagDiffers {
        tag: tag.to_owned(),
        marker,
    })
}

/// Chess or Chess960 from a `Variant` tag value; other variants are refused.
pub fn variant(name: &str) -> Result<Variant, ErrorKind> {
    let key: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    match key.as_str() {
        "" | "standard" | "chess" | "normal" | "fromposition" | "classical" => {
            Ok(Variant::Standard)
        }
        k if k.contains("960") || k.contains("fischer") || k == "frc" => Ok(Variant::Chess960),
        _ => Err(ErrorKind::UnsupportedVariant(name.to_owned())),
    }
}

/// The start position from the `Variant` and `FEN` tags (X-FEN or
/// Shredder-FEN), tolerant of invalid castling rights and en passant squares
/// (dropped with a warning, [`Import::Tolerant`]).
pub fn start(raw: &RawGame<'_>) -> Result<Start, ImportError> {
    let error_at = |at: usize, kind: ErrorKind| ImportError {
        game: raw.number,
        location: raw.locate(at),
        kind,
    };
    let tag_at = |name: &str| raw.tags.iter().find(|t| t.name == name).map_or(0, |t| t.at);
    let variant =
        variant(raw.tag("Variant").unwrap_or("")).map_err(|k| error_at(tag_at("Variant"), k))?;
    let mut warnings: Vec<Warning> = result_tag_warning(raw).into_iter().collect();
    let Some(fen_text) = raw.tag("FEN") else {
        let position = match variant {
            Variant::Standard => StartingPosition::standard(),
            Variant::Chess960 => {
                StartingPosition::chess960(laws::chess960::StartPosition::STANDARD)
            }
        };
        return Ok(Start {
            variant,
            position,
            warnings,
        });
    };
    let fen = fen_text.trim();
    let read = match (variant, names_rook_files(fen)) {
        (Variant::Chess960, _) => {
            StartingPosition::from_fen_as(fen, Import::Tolerant, CastlingMode::Chess960)
        }
        // Shredder-FEN without a `Variant` tag: a Chess960 game that lacks the tag.
        (Variant::Standard, true) => StartingPosition::from_fen(fen, Import::Tolerant),
        // X-FEN in standard chess: castling only with king and rook on their
        // original squares (Art. 3.8.2); other rights are dropped with a warning.
        (Variant::Standard, false) => {
            StartingPosition::from_fen_as(fen, Import::Tolerant, CastlingMode::Standard)
        }
    };
    let (position, repairs) = read.map_err(|e| {
        error_at(
            tag_at("FEN"),
            ErrorKind::InvalidFen {
                fen: fen_text.to_owned(),
                reason: e.to_string(),
            },
        )
    })?;
    warnings.extend(repairs.into_iter().map(Warning::Fen));
    Ok(Start {
        variant,
        position,
        warnings,
    })
}

/// Whether the castling field of a FEN names rook files (Shredder-FEN, `HAha`).
fn names_rook_files(fen: &str) -> bool {
    fen.split_whitespace()
        .nth(2)
        .is_some_and(|field| field.bytes().any(|c| !b"KQkq-".contains(&c)))
}

/// The legal move that `token` names in `pos`.
pub fn parse_move(
    raw: &RawGame<'_>,
    token: &MoveToken<'_>,
    pos: &Chess,
) -> Result<Move, ImportError> {
    let number = MoveNumber::of(pos);
    let san = parse_san(raw, token, number)?;
    san.to_move(pos)
        .map_err(|e| san_error(raw, token, number, e))
}

/// The SAN that `token`, move `number`, is written in; UCI, null moves and
/// piece drops are errors.
pub fn parse_san(
    raw: &RawGame<'_>,
    token: &MoveToken<'_>,
    number: MoveNumber,
) -> Result<San, ImportError> {
    let text = token.text;
    let error = |kind: ErrorKind| ImportError {
        game: raw.number,
        location: raw.locate(token.at),
        kind,
    };
    if is_uci(text.as_bytes()) {
        return Err(error(ErrorKind::UciMove(text.to_owned())));
    }
    let ascii = text.as_bytes();
    let ascii = ascii
        .strip_suffix(b"+")
        .filter(|a| a.ends_with(b"+"))
        .unwrap_or(ascii);
    match SanPlus::from_ascii(ascii) {
        Ok(SanPlus { san: San::Null, .. }) => Err(error(ErrorKind::NullMove {
            number,
            token: text.to_owned(),
        })),
        Ok(SanPlus {
            san: San::Put { .. },
            ..
        })
        | Err(_) => Err(error(ErrorKind::NotAMove(text.to_owned()))),
        Ok(san) => Ok(san.san),
    }
}

/// The error for a SAN that names no legal move or more than one.
pub fn san_error(
    raw: &RawGame<'_>,
    token: &MoveToken<'_>,
    number: MoveNumber,
    error: SanError,
) -> ImportError {
    let san = token.text.to_owned();
    ImportError {
        game: raw.number,
        location: raw.locate(token.at),
        kind: match error {
            SanError::AmbiguousSan => ErrorKind::AmbiguousMove { number, san },
            SanError::IllegalSan => ErrorKind::IllegalMove { number, san },
        },
    }
}

/// `e2e4`, `e7e8q`: from and to square without a piece letter.
fn is_uci(token: &[u8]) -> bool {
    let square = |s: &[u8]| matches!(s, [b'a'..=b'h', b'1'..=b'8']);
    match token {
        [a, b, c, d] => square(&[*a, *b]) && square(&[*c, *d]),
        [a, b, c, d, p] => square(&[*a, *b]) && square(&[*c, *d]) && b"qrbnQRBN".contains(p),
        _ => false,
    }
}

/// The result of a game by its winner, for messages.
pub fn outcome_of(winner: Option<Color>) -> KnownOutcome {
    match winner {
        Some(winner) => KnownOutcome::Decisive { winner },
        None => KnownOutcome::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::Reader;

    fn first_error(pgn: &str) -> ImportError {
        import(&Reader::new(pgn).next().unwrap()).error.unwrap()
    }

    #[test]
    fn uci_move_is_named() {
        let e = first_error("1. e4 e7e5 *");
        assert_eq!(e.kind, ErrorKind::UciMove("e7e5".into()));
        assert_eq!(e.location, Location { line: 1, column: 7 });
    }

    #[test]
    fn null_moves_are_not_legal() {
        for null in ["Z0", "--"] {
            let e = first_error(&format!("1. e4 {null} 2. d4 *"));
            assert_eq!(
                e.kind,
                ErrorKind::NullMove {
                    number: MoveNumber {
                        fullmove: 1,
                        color: Color::Black
                    },
                    token: null.into()
                }
            );
        }
    }

    #[test]
    fn ambiguous_move() {
        let e = first_error("1. Nf3 Nf6 2. Nc3 Nc6 3. Nd4 Nd5 4. Nb5 Nb4 5. Nd4 *");
        assert!(matches!(e.kind, ErrorKind::AmbiguousMove { .. }), "{e}");
    }

    #[test]
    fn garbage_token() {
        assert_eq!(
            first_error("1. e4 hello *").kind,
            ErrorKind::NotAMove("hello".into())
        );
    }

    #[test]
    fn variants_by_name() {
        for name in [
            "chess 960",
            "Chess960",
            "fischerandom",
            "Fischer Random",
            "FRC",
        ] {
            assert_eq!(variant(name), Ok(Variant::Chess960), "{name}");
        }
        for name in ["", "Standard", "From Position"] {
            assert_eq!(variant(name), Ok(Variant::Standard), "{name}");
        }
        for name in [
            "Crazyhouse",
            "Antichess",
            "Atomic",
            "King of the Hill",
            "Three-check",
        ] {
            assert!(variant(name).is_err(), "{name}");
        }
    }

    #[test]
    fn invalid_castling_rights_dropped_with_warning() {
        let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1\"]\n1. Kd2 *";
        let game = import(&Reader::new(pgn).next().unwrap());
        assert_eq!(game.error, None);
        assert_eq!(
            game.start.unwrap().warnings,
            [Warning::Fen(laws::position::Warning::CastlingRightsDropped)]
        );
    }

    #[test]
    fn impossible_fen_is_an_error() {
        let e = first_error("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *");
        assert!(matches!(e.kind, ErrorKind::InvalidFen { .. }), "{e}");
    }

    #[test]
    fn chess960_castling_from_shredder_fen() {
        let pgn = "[Variant \"Chess960\"]\n[FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\"]\n1. O-O-O O-O *";
        let game = import(&Reader::new(pgn).next().unwrap());
        assert_eq!(game.error, None);
        assert!(matches!(game.moves[0], Move::Castle { .. }));
    }

    #[test]
    fn result_tag_and_marker_disagree() {
        let game = import(&Reader::new("[Result \"1-0\"]\n1. e4 0-1").next().unwrap());
        assert!(matches!(
            game.start.unwrap().warnings[..],
            [Warning::ResultTagDiffers { .. }]
        ));
    }
}
