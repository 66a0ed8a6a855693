//! Reading one move as recorded on a scoresheet (Appendix C.8-C.13).

use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

use super::{Language, NotationError, language::role_of_figurine};

/// A move read from the scoresheet, with what was written beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedMove {
    /// The legal move the text denotes.
    pub mv: Move,
    /// `(=)` followed the move: the player offered a draw (C.12, Art. 9.1.2.2).
    pub draw_offer: bool,
}

/// What a written or announced move pins down; [`find`] looks it up among the legal moves.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Pattern {
    /// `None` means a pawn (C.4).
    pub role: Option<Role>,
    pub from_file: Option<File>,
    pub from_rank: Option<Rank>,
    pub to: Option<Square>,
    pub promotion: Option<Role>,
    pub castle: Option<CastlingSide>,
    /// Marked `e.p.` (C.13): only an en passant capture fits.
    pub en_passant: bool,
}

/// The one legal move fitting `pattern`.
pub(crate) fn find(pos: &Chess, pattern: &Pattern) -> Result<Move, NotationError> {
    let mut found = None;
    let mut candidates = 0;
    for m in pos.legal_moves() {
        if fits(pos, pattern, m) {
            candidates += 1;
            found = Some(m);
        }
    }
    match (found, candidates) {
        (Some(m), 1) => Ok(m),
        (None, _) => Err(NotationError::Illegal),
        _ => Err(NotationError::Ambiguous { candidates }),
    }
}

fn fits(pos: &Chess, p: &Pattern, m: Move) -> bool {
    let from_fits = |from: Square| {
        p.from_file.is_none_or(|f| f == from.file()) && p.from_rank.is_none_or(|r| r == from.rank())
    };
    if let Move::Castle { king, .. } = m {
        let Some(side) = m.castling_side() else {
            return false;
        };
        if p.en_passant || p.promotion.is_some() {
            return false;
        }
        if let Some(castle) = p.castle {
            return castle == side;
        }
        // A king move of two or more files onto its castling square (`Ke1g1`, `Ke1c1`).
        let target = side.king_to(pos.turn());
        return p.role == Some(Role::King)
            && p.to == Some(target)
            && king.file().distance(target.file()) >= 2
            && from_fits(king);
    }
    p.castle.is_none()
        && m.role() == p.role.unwrap_or(Role::Pawn)
        && Some(m.to()) == p.to
        && m.from().is_some_and(from_fits)
        && p.promotion.is_none_or(|r| m.promotion() == Some(r))
        && (!p.en_passant || m.is_en_passant())
}

/// Reads one move in `lang`, in short or long form (C.8-C.11), with or without
/// `x`/`:`, `-`, `+`, `#`/`++`, `e.p.`, annotations (`!`, `?`) and the draw offer `(=)`.
///
/// Pawns have no letter (C.4), but the language's pawn letter is accepted
/// (`Be4` in German). Promotion may be written `d8D`, `d8=D`, `d8(D)` or `d8/D`;
/// without the new piece all four promotions fit, so the move is
/// [`NotationError::Ambiguous`]. Castling is `0-0`/`0-0-0` or `O-O`/`O-O-O`,
/// also in Chess960 (Guideline II). Check and mate signs are not verified
/// (C.13 makes them optional).
pub fn parse_record(pos: &Chess, text: &str, lang: Language) -> Result<ParsedMove, NotationError> {
    let (body, marks) = split_marks(text);
    let start = body.len() - body.trim_start().len();
    let mut cursor = Cursor {
        text: body,
        at: start,
    };
    let mut pattern = if let Some(side) = castling(body.trim()) {
        Pattern {
            castle: Some(side),
            ..Pattern::default()
        }
    } else {
        cursor.squares(lang)?
    };
    pattern.en_passant = marks.en_passant;
    let mv = find(pos, &pattern)?;
    Ok(ParsedMove {
        mv,
        draw_offer: marks.draw_offer,
    })
}

/// [`parse_record`] without the marks.
pub fn parse_move(pos: &Chess, text: &str, lang: Language) -> Result<Move, NotationError> {
    parse_record(pos, text, lang).map(|p| p.mv)
}

#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Marks {
    pub draw_offer: bool,
    pub en_passant: bool,
}

/// Splits trailing marks off the move: `+`, `#`, `++`, `e.p.`, `!`, `?`, `(=)`, in any order.
pub(crate) fn split_marks(text: &str) -> (&str, Marks) {
    let mut marks = Marks::default();
    let mut rest = text.trim_end();
    loop {
        let before = rest.len();
        if let Some(r) = rest.strip_suffix("(=)") {
            marks.draw_offer = true;
            rest = r;
        } else if let Some(r) = rest
            .strip_suffix("e.p.")
            .or_else(|| rest.strip_suffix("ep"))
        {
            marks.en_passant = true;
            rest = r;
        } else {
            rest = rest.trim_end_matches(['+', '#', '!', '?']);
        }
        rest = rest.trim_end();
        if rest.len() == before {
            return (rest, marks);
        }
    }
}

/// `0-0`, `O-O`, `0-0-0`, `O-O-O` (C.13); hyphens may be left out.
fn castling(body: &str) -> Option<CastlingSide> {
    let mut zeros = 0;
    for c in body.chars() {
        match c {
            '0' | 'O' | 'o' => zeros += 1,
            '-' => {}
            _ => return None,
        }
    }
    match zeros {
        2 => Some(CastlingSide::KingSide),
        3 => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

struct Cursor<'a> {
    text: &'a str,
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn take(&mut self, wanted: impl Fn(char) -> bool) -> Option<char> {
        let c = self.peek().filter(|&c| wanted(c))?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn error(&self, expected: &'static str) -> NotationError {
        NotationError::Syntax {
            column: self.text[..self.at].chars().count() + 1,
            expected,
        }
    }

    fn file(&mut self) -> Option<File> {
        self.take(|c| ('a'..='h').contains(&c))
            .and_then(File::from_char)
    }

    fn rank(&mut self) -> Option<Rank> {
        self.take(|c| ('1'..='8').contains(&c))
            .and_then(Rank::from_char)
    }

    fn piece(&mut self, lang: Language) -> Option<Role> {
        if let Some(role) = self.peek().and_then(role_of_figurine) {
            self.take(|_| true);
            return Some(role);
        }
        let (role, len) = lang.role_prefix(&self.text[self.at..])?;
        self.at += len;
        Some(role)
    }

    /// `[piece][file][rank][x|:|-]file rank[promotion]`.
    fn squares(&mut self, lang: Language) -> Result<Pattern, NotationError> {
        let role = self.piece(lang).filter(|&r| r != Role::Pawn);
        let first = (self.file(), self.rank());
        let separator = self.take(|c| matches!(c, 'x' | ':' | '-')).is_some();
        let second = (self.file(), self.rank());
        let (from, to) = match (first, separator, second) {
            ((f, r), _, (Some(file), Some(rank))) => ((f, r), Square::from_coords(file, rank)),
            ((Some(file), Some(rank)), false, (None, None)) => {
                ((None, None), Square::from_coords(file, rank))
            }
            (_, _, (Some(_), None)) => return Err(self.error("rank 1-8")),
            ((None, None), false, _) if role.is_none() => {
                return Err(self.error("piece letter, file a-h or castling"));
            }
            _ => return Err(self.error("square a1-h8")),
        };
        let promotion = self.promotion(lang)?;
        if self.at < self.text.len() {
            return Err(self.error("end of move"));
        }
        Ok(Pattern {
            role,
            from_file: from.0,
            from_rank: from.1,
            to: Some(to),
            promotion,
            ..Pattern::default()
        })
    }

    /// `D`, `=D`, `/D` or `(D)` after the destination (C.11).
    fn promotion(&mut self, lang: Language) -> Result<Option<Role>, NotationError> {
        let open = self.take(|c| matches!(c, '=' | '/' | '('));
        if open.is_none() && self.at == self.text.len() {
            return Ok(None);
        }
        let Some(role) = self.piece(lang) else {
            return Err(self.error(if open.is_some() {
                "piece letter"
            } else {
                "promotion piece or end of move"
            }));
        };
        if open == Some('(') && self.take(|c| c == ')').is_none() {
            return Err(self.error("')'"));
        }
        Ok(Some(role))
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, fen::Fen};

    use super::*;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap()
    }

    fn uci(pos: &Chess, text: &str, lang: Language) -> String {
        parse_move(pos, text, lang)
            .unwrap()
            .to_uci(CastlingMode::Standard)
            .to_string()
    }

    #[test]
    fn short_and_long_forms() {
        let pos = Chess::default();
        for text in ["e4", "e2e4", "e2-e4", "Be4", "Be2-e4", "e4!?", "e4 (=)"] {
            assert_eq!(uci(&pos, text, Language::German), "e2e4", "{text}");
        }
        for text in [
            "Sf3", "Sg1f3", "Sg1-f3", "S-f3", "Sgf3", "S1f3", "♘f3", "♞f3",
        ] {
            assert_eq!(uci(&pos, text, Language::German), "g1f3", "{text}");
        }
        assert_eq!(uci(&pos, "Nf3", Language::English), "g1f3");
        assert_eq!(uci(&pos, "Cf3", Language::French), "g1f3");
        assert_eq!(uci(&pos, "Pf3", Language::Dutch), "g1f3");
        assert_eq!(uci(&pos, "Кf3", Language::Russian), "g1f3");
        assert_eq!(uci(&pos, "Jf3", Language::Czech), "g1f3");
        assert_eq!(uci(&pos, "Pe4", Language::English), "e2e4");
    }

    #[test]
    fn captures_with_and_without_sign() {
        let pos = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
        for text in [
            "exd5", "ed5", "e4xd5", "e4:d5", "e:d5", "e4d5", "exd5+", "Bxd5",
        ] {
            assert_eq!(uci(&pos, text, Language::German), "e4d5", "{text}");
        }
    }

    #[test]
    fn promotion_forms() {
        let pos = position("8/3P4/8/8/8/8/8/k6K w - - 0 1");
        for text in ["d8D", "d8=D", "d8(D)", "d8/D", "d7d8D", "d8D+", "d8♕"] {
            assert_eq!(uci(&pos, text, Language::German), "d7d8q", "{text}");
        }
        assert_eq!(uci(&pos, "d8T", Language::German), "d7d8r");
        assert_eq!(
            parse_move(&pos, "d8", Language::German),
            Err(NotationError::Ambiguous { candidates: 4 })
        );
        assert_eq!(
            parse_move(&pos, "d8K", Language::German),
            Err(NotationError::Illegal)
        );
    }

    #[test]
    fn castling_forms() {
        let pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for text in ["0-0", "O-O", "o-o", "00", "0-0+", "Ke1g1"] {
            assert_eq!(uci(&pos, text, Language::German), "e1g1", "{text}");
        }
        for text in ["0-0-0", "O-O-O", "Ke1c1"] {
            assert_eq!(uci(&pos, text, Language::German), "e1c1", "{text}");
        }
    }

    #[test]
    fn chess960_castling() {
        // Guideline II: king b1, rooks a1 and h1; 0-0 puts the king on g1.
        let pos = position("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
        assert_eq!(
            parse_move(&pos, "0-0", Language::German),
            Ok(Move::Castle {
                king: Square::B1,
                rook: Square::H1
            })
        );
        assert_eq!(
            parse_move(&pos, "O-O-O", Language::English),
            Ok(Move::Castle {
                king: Square::B1,
                rook: Square::A1
            })
        );
    }

    #[test]
    fn marks() {
        let pos = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let parsed = parse_record(&pos, "exd6 e.p. (=)", Language::German).unwrap();
        assert!(parsed.mv.is_en_passant());
        assert!(parsed.draw_offer);
        assert!(
            !parse_record(&pos, "exd6", Language::German)
                .unwrap()
                .draw_offer
        );
        // Marked e.p. but not an en passant capture.
        assert_eq!(
            parse_move(&pos, "Kd2 e.p.", Language::German),
            Err(NotationError::Illegal)
        );
    }

    #[test]
    fn syntax_errors_point_at_the_column() {
        let pos = Chess::default();
        let syntax = |text| match parse_move(&pos, text, Language::German) {
            Err(NotationError::Syntax { column, .. }) => column,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(syntax(""), 1);
        assert_eq!(syntax("Qf3"), 1);
        assert_eq!(syntax("Sf"), 3);
        assert_eq!(syntax("Sf3z"), 4);
        assert_eq!(syntax("  e9"), 4);
        assert_eq!(syntax("d8=X"), 4);
    }

    #[test]
    fn illegal_and_ambiguous() {
        let pos = Chess::default();
        assert_eq!(
            parse_move(&pos, "e5", Language::German),
            Err(NotationError::Illegal)
        );
        assert_eq!(
            parse_move(&pos, "Ke2", Language::German),
            Err(NotationError::Illegal)
        );
        let rooks = position("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
        assert_eq!(
            parse_move(&rooks, "Td1", Language::German),
            Ok(parse_move(&rooks, "Tad1", Language::German).unwrap())
        );
        assert_eq!(
            parse_move(&rooks, "Tf1", Language::German),
            Ok(parse_move(&rooks, "Thf1", Language::German).unwrap())
        );
        let knights = position("4k3/8/8/8/8/8/8/4NKN1 w - - 0 1");
        assert_eq!(
            parse_move(&knights, "Sf3", Language::German),
            Err(NotationError::Ambiguous { candidates: 2 })
        );
    }
}
