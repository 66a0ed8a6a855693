//! Announcing moves for visually impaired players (Appendix D.2.1).

use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square};

use crate::Lang;

use super::{
    NotationError,
    parse::{Pattern, find},
    words,
};

/// The wording of announcements: [`Lang::De`] the German Laws (Cäsar, fünf,
/// König, Läufer; "schlägt", "Schach", "matt"), [`Lang::En`] the English Laws
/// (Cesar, fuenf, Koenig, Laeufer, the same German words as D.2.1 prescribes;
/// "takes", "check", "checkmate" where D.2.1 is silent).
///
/// D.2.1 suggests names for the files (Anna … Hector), German numerals for the
/// ranks, German piece names and "Kurze/Lange Rochade" in every edition of the
/// Laws; the editions differ only in spelling.
fn wording(lang: Lang) -> &'static Words {
    match lang {
        Lang::De => &GERMAN,
        Lang::En => &ENGLISH,
    }
}

struct Words {
    files: [&'static str; 8],
    ranks: [&'static str; 8],
    /// Pawn, knight, bishop, rook, queen, king (shakmaty's role order).
    pieces: [&'static str; 6],
    short_castling: &'static str,
    long_castling: &'static str,
    captures: &'static str,
    en_passant: &'static str,
    promotes: &'static str,
    check: &'static str,
    mate: &'static str,
}

/// D.2.1 in the German Laws.
const GERMAN: Words = Words {
    files: [
        "Anna", "Bella", "Cäsar", "David", "Eva", "Felix", "Gustav", "Hector",
    ],
    ranks: [
        "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht",
    ],
    pieces: ["Bauer", "Springer", "Läufer", "Turm", "Dame", "König"],
    short_castling: "Kurze Rochade",
    long_castling: "Lange Rochade",
    captures: "schlägt",
    en_passant: "en passant",
    promotes: "wandelt um in",
    check: "Schach",
    mate: "matt",
};

/// D.2.1 in the English Laws.
const ENGLISH: Words = Words {
    files: [
        "Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector",
    ],
    ranks: [
        "eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht",
    ],
    pieces: ["Bauer", "Springer", "Laeufer", "Turm", "Dame", "Koenig"],
    short_castling: "Kurze Rochade",
    long_castling: "Lange Rochade",
    captures: "takes",
    en_passant: "en passant",
    promotes: "promotes to",
    check: "check",
    mate: "checkmate",
};

fn piece(words: &Words, role: Role) -> &'static str {
    words.pieces[usize::from(role) - 1]
}

/// The announcement of `m`, a move in `pos` (D.2.1): piece, square of departure,
/// square of arrival, e.g. "Springer Gustav eins Felix drei"; castling as
/// "Kurze Rochade"/"Lange Rochade"; the chosen piece on promotion. Check and
/// mate are added for legal moves.
pub fn announce(pos: &Chess, m: &Move, lang: Lang) -> String {
    let words = wording(lang);
    let square = |sq: Square| {
        format!(
            "{} {}",
            words.files[sq.file().to_usize()],
            words.ranks[sq.rank().to_usize()]
        )
    };
    let mut parts: Vec<String> = Vec::new();
    match *m {
        Move::Castle { king, rook } => {
            parts.push(
                if king < rook {
                    words.short_castling
                } else {
                    words.long_castling
                }
                .to_owned(),
            );
        }
        _ => {
            parts.push(piece(words, m.role()).to_owned());
            if let Some(from) = m.from() {
                parts.push(square(from));
            }
            if m.is_capture() {
                parts.push(words.captures.to_owned());
            }
            parts.push(square(m.to()));
            if m.is_en_passant() {
                parts.push(words.en_passant.to_owned());
            }
            if let Some(promoted) = m.promotion() {
                parts.push(format!("{} {}", words.promotes, piece(words, promoted)));
            }
        }
    }
    if pos.is_legal(*m) {
        let mut after = pos.clone();
        after.play_unchecked(*m);
        if after.is_checkmate() {
            parts.push(words.mate.to_owned());
        } else if after.is_check() {
            parts.push(words.check.to_owned());
        }
    }
    parts.join(" ")
}

/// The move an announcement denotes, e.g. "Bauer Eva zwei Eva vier" for e2-e4.
///
/// Words are compared ignoring case; the square of departure and the pawn's
/// name may be left out when the move stays unambiguous. Check and mate words
/// are accepted and not verified.
pub fn parse_announcement(pos: &Chess, text: &str, lang: Lang) -> Result<Move, NotationError> {
    let words = wording(lang);
    let mut tokens = Tokens::new(text);
    let mut pattern = Pattern::default();
    let mut squares: Vec<Square> = Vec::new();
    if tokens.phrase(words.short_castling) {
        pattern.castle = Some(CastlingSide::KingSide);
    } else if tokens.phrase(words.long_castling) {
        pattern.castle = Some(CastlingSide::QueenSide);
    } else {
        pattern.role = tokens
            .one_of(&words.pieces)
            .map(|i| ROLES[i])
            .filter(|&r| r != Role::Pawn);
        for _ in 0..2 {
            let Some(file) = tokens.one_of(&words.files) else {
                break;
            };
            let Some(rank) = tokens.one_of(&words.ranks) else {
                return Err(tokens.error("rank (eins … acht)"));
            };
            squares.push(Square::from_coords(
                File::new(file as u32),
                Rank::new(rank as u32),
            ));
            if squares.len() == 1 {
                tokens.phrase(words.captures);
            }
        }
        match squares[..] {
            [to] => pattern.to = Some(to),
            [from, to] => {
                pattern.from_file = Some(from.file());
                pattern.from_rank = Some(from.rank());
                pattern.to = Some(to);
            }
            _ => return Err(tokens.error("square (Anna eins … Hector acht)")),
        }
        pattern.en_passant = tokens.phrase(words.en_passant);
        if tokens.phrase(words.promotes) {
            let Some(i) = tokens.one_of(&words.pieces) else {
                return Err(tokens.error("piece name"));
            };
            pattern.promotion = Some(ROLES[i]);
        }
    }
    if !tokens.phrase(words.mate) {
        tokens.phrase(words.check);
    }
    if !tokens.done() {
        return Err(tokens.error("end of announcement"));
    }
    find(pos, &pattern)
}

/// Roles in the order of [`Words::pieces`].
const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The words of an announcement with their columns.
struct Tokens<'a> {
    words: Vec<(usize, &'a str)>,
    next: usize,
    end_column: usize,
}

impl<'a> Tokens<'a> {
    fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            words: words(text, |c| c.is_whitespace() || c == ','),
            next: 0,
            end_column: text.chars().count() + 1,
        }
    }

    fn done(&self) -> bool {
        self.next == self.words.len()
    }

    /// Consumes the words of `phrase` if they come next.
    fn phrase(&mut self, phrase: &str) -> bool {
        let count = phrase.split(' ').count();
        let fits = self.words.len() >= self.next + count
            && phrase
                .split(' ')
                .zip(&self.words[self.next..])
                .all(|(w, (_, t))| same_word(w, t));
        if fits {
            self.next += count;
        }
        fits
    }

    /// Consumes the next word if it is one of `choices`, returning its index.
    fn one_of(&mut self, choices: &[&str]) -> Option<usize> {
        let (_, word) = self.words.get(self.next)?;
        let i = choices.iter().position(|c| same_word(c, word))?;
        self.next += 1;
        Some(i)
    }

    fn error(&self, expected: &'static str) -> NotationError {
        let column = self
            .words
            .get(self.next)
            .map_or(self.end_column, |&(c, _)| c);
        NotationError::Syntax { column, expected }
    }
}

fn same_word(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, fen::Fen};

    use super::*;

    fn position(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    #[test]
    fn captures_promotions_and_mate() {
        let pos = position("1n4k1/P4ppp/8/3pP3/8/8/2R5/R3K3 w Q d6 0 1");
        let moves = pos.legal_moves();
        let said = |uci: &str, lang| {
            let m = moves
                .iter()
                .find(|m| m.to_uci(CastlingMode::Standard).to_string() == uci)
                .copied()
                .unwrap();
            let text = announce(&pos, &m, lang);
            assert_eq!(parse_announcement(&pos, &text, lang), Ok(m), "{text}");
            text
        };
        assert_eq!(
            said("e5d6", Lang::De),
            "Bauer Eva fünf schlägt David sechs en passant"
        );
        assert_eq!(
            said("a7b8n", Lang::De),
            "Bauer Anna sieben schlägt Bella acht wandelt um in Springer"
        );
        assert_eq!(said("c2c8", Lang::De), "Turm Cäsar zwei Cäsar acht matt");
        assert_eq!(
            said("c2c8", Lang::En),
            "Turm Cesar zwei Cesar acht checkmate"
        );
        assert_eq!(said("e1c1", Lang::En), "Lange Rochade");
        assert_eq!(
            said("a7a8q", Lang::En),
            "Bauer Anna sieben Anna acht promotes to Dame"
        );
        assert_eq!(
            said("a7b8q", Lang::En),
            "Bauer Anna sieben takes Bella acht promotes to Dame checkmate"
        );
    }

    #[test]
    fn check() {
        let pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
        let m = parse_announcement(&pos, "Turm Anna acht", Lang::De).unwrap();
        assert_eq!(
            announce(&pos, &m, Lang::De),
            "Turm Anna eins Anna acht Schach"
        );
        assert_eq!(
            announce(&pos, &m, Lang::En),
            "Turm Anna eins Anna acht check"
        );
    }

    #[test]
    fn words_are_checked() {
        let pos = Chess::default();
        assert_eq!(
            parse_announcement(&pos, "Springer Gustav eins Felix", Lang::De),
            Err(NotationError::Syntax {
                column: 27,
                expected: "rank (eins … acht)"
            })
        );
        assert_eq!(
            parse_announcement(&pos, "Springer Gustav eins Felix drei bitte", Lang::De),
            Err(NotationError::Syntax {
                column: 33,
                expected: "end of announcement"
            })
        );
        assert_eq!(
            parse_announcement(&pos, "springer felix drei", Lang::De).map(|m| m.from()),
            Ok(Some(Square::G1))
        );
        assert_eq!(
            parse_announcement(&pos, "Laeufer Felix drei", Lang::En),
            Err(NotationError::Illegal)
        );
        assert_eq!("EN".parse(), Ok(Lang::En));
    }
}
