//! Writing moves in algebraic notation (Appendix C).

use shakmaty::{Chess, Move, Position, Role, Square};

use super::{Language, language::figurine};

/// How to write a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Form {
    /// Piece letter and destination, disambiguated per C.10: `Sbd2`, `exd4`.
    Short,
    /// With the square of departure (C.8 "long form"): `Sb1d2`, `e5xd4`.
    Long,
    /// The short form with figurines instead of letters (C.3 recommends symbols in print): `♘bd2`.
    Figurine,
}

impl Form {
    /// Every form.
    pub const ALL: [Form; 3] = [Form::Short, Form::Long, Form::Figurine];
}

/// Writes `m`, a move in `pos`, in `lang` and `form`.
///
/// Captures get an `x` (C.9), promotions the new piece's letter without `=`
/// (C.11), castling `0-0`/`0-0-0` (C.13), en passant captures `e.p.`, a check
/// `+` and mate `#` (C.13). The suffixes are only computed for legal moves.
pub fn write_move(pos: &Chess, m: &Move, lang: Language, form: Form) -> String {
    let mut out = String::new();
    let letter = |role: Role| match form {
        Form::Figurine => Some(figurine(role).to_string()),
        Form::Short | Form::Long => lang.piece(role).map(str::to_owned),
    };
    match *m {
        Move::Castle { king, rook } => out.push_str(if king < rook { "0-0" } else { "0-0-0" }),
        Move::Put { role, to } => {
            out.extend(letter(role));
            push_square(&mut out, to);
        }
        Move::Normal { .. } | Move::EnPassant { .. } => {
            let role = m.role();
            let from = m.from().unwrap_or(m.to());
            if role != Role::Pawn {
                out.extend(letter(role));
            }
            if form == Form::Long {
                push_square(&mut out, from);
            } else if role == Role::Pawn {
                if m.is_capture() {
                    out.push(from.file().char());
                }
            } else {
                disambiguate(&mut out, pos, m, from);
            }
            if m.is_capture() {
                out.push('x');
            }
            push_square(&mut out, m.to());
            if let Some(promoted) = m.promotion() {
                out.extend(letter(promoted));
            }
            if m.is_en_passant() {
                out.push_str(" e.p.");
            }
        }
    }
    if pos.is_legal(*m) {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        if after.is_checkmate() {
            out.push('#');
        } else if after.is_check() {
            out.push('+');
        }
    }
    out
}

/// C.10: when another like piece can reach the square, add the file of
/// departure (C.10.1, preferred by C.10.3), or the rank if the file does not
/// tell them apart (C.10.2), or both when neither alone does (three or more pieces).
fn disambiguate(out: &mut String, pos: &Chess, m: &Move, from: Square) {
    let rivals: Vec<Square> = pos
        .legal_moves()
        .iter()
        .filter(|o| !o.is_castle() && o.role() == m.role() && o.to() == m.to())
        .filter_map(|o| o.from())
        .filter(|&f| f != from)
        .collect();
    if rivals.is_empty() {
        return;
    }
    if rivals.iter().all(|r| r.file() != from.file()) {
        out.push(from.file().char());
    } else if rivals.iter().all(|r| r.rank() != from.rank()) {
        out.push(from.rank().char());
    } else {
        push_square(out, from);
    }
}

fn push_square(out: &mut String, sq: Square) {
    out.push(sq.file().char());
    out.push(sq.rank().char());
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, fen::Fen, san::SanPlus};

    use super::*;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap()
    }

    #[test]
    fn english_short_form_agrees_with_san() {
        let pos = position("r3k2r/1P4P1/8/3pP3/2N3N1/8/8/R3K2R w KQkq d6 0 1");
        for m in pos.legal_moves() {
            let san = SanPlus::from_move(pos.clone(), m)
                .to_string()
                .replace('O', "0")
                .replace('=', "");
            let ours = write_move(&pos, &m, Language::English, Form::Short).replace(" e.p.", "");
            assert_eq!(ours, san);
        }
    }

    #[test]
    fn three_knights_need_the_whole_square() {
        let pos = position("4k3/8/8/6N1/8/8/8/4NKN1 w - - 0 1");
        let written: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.to() == Square::F3)
            .map(|m| write_move(&pos, m, Language::German, Form::Short))
            .collect();
        assert_eq!(written.len(), 3);
        for expected in ["Sef3", "S5f3", "Sg1f3"] {
            assert!(
                written.iter().any(|w| w == expected),
                "{expected} not in {written:?}"
            );
        }
    }

    #[test]
    fn forms() {
        let pos = position("k7/3P4/8/8/8/8/8/4K1N1 w - - 0 1");
        let knight = Move::Normal {
            role: Role::Knight,
            from: Square::G1,
            capture: None,
            to: Square::F3,
            promotion: None,
        };
        assert_eq!(
            write_move(&pos, &knight, Language::German, Form::Short),
            "Sf3"
        );
        assert_eq!(
            write_move(&pos, &knight, Language::German, Form::Long),
            "Sg1f3"
        );
        assert_eq!(
            write_move(&pos, &knight, Language::Russian, Form::Long),
            "Кg1f3"
        );
        assert_eq!(
            write_move(&pos, &knight, Language::German, Form::Figurine),
            "♘f3"
        );
        let promotion = Move::Normal {
            role: Role::Pawn,
            from: Square::D7,
            capture: None,
            to: Square::D8,
            promotion: Some(Role::Queen),
        };
        assert_eq!(
            write_move(&pos, &promotion, Language::German, Form::Short),
            "d8D+"
        );
        assert_eq!(
            write_move(&pos, &promotion, Language::French, Form::Long),
            "d7d8D+"
        );
        assert_eq!(
            write_move(&pos, &promotion, Language::English, Form::Figurine),
            "d8♕+"
        );
    }
}
