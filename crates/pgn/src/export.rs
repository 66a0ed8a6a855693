//! Writing games as standard PGN: the seven-tag roster first, then the other
//! tags, `SetUp`/`FEN` (and `Variant` for Chess960) when the game does not
//! start from the initial position, movetext in lines of at most 80 columns.
//! Moves are SAN in English letters as PGN requires; for a scoresheet they can
//! be written in another language of Appendix C instead.
//!
//! ```
//! use laws::notation::Language;
//! use laws::position::StartingPosition;
//! use pgn::export::write_pgn;
//! use pgn::import::import;
//! use pgn::reader::Reader;
//!
//! let game = import(&Reader::new("[White \"A\"]\n1. e4 e5 2. Nf3 Nc6 *").next().unwrap());
//! let start = StartingPosition::standard();
//! let tags = [("White", "A")];
//! let pgn = write_pgn(&tags, &start, &game.moves, None, Language::English);
//! assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"));
//! assert!(pgn.ends_with("\n\n1. e4 e5 2. Nf3 Nc6 *\n"));
//! let german = write_pgn(&tags, &start, &game.moves, None, Language::German);
//! assert!(german.ends_with("\n\n1. e4 e5 2. Sf3 Sc6 *\n"));
//! ```

use laws::notation::Language;
use laws::position::StartingPosition;
use shakmaty::{Color, Move, Outcome, Position};

use crate::check::write_move;

/// The seven-tag roster (PGN standard 8.1.1) with the values for unknown data.
const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Tags that describe the start position; written from `start`, never copied.
const SETUP_TAGS: [&str; 3] = ["SetUp", "FEN", "Variant"];

/// Longest movetext line.
const WIDTH: usize = 80;

/// A game as PGN text ending in a newline. `tags` are written in their order
/// after the roster; `result` (else the `Result` tag, else `*`) ends the
/// movetext and fills the `Result` tag. The moves must be legal from `start`.
pub fn write_pgn(
    tags: &[(&str, &str)],
    start: &StartingPosition,
    moves: &[Move],
    result: Option<Outcome>,
    lang: Language,
) -> String {
    let tag = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let result = result
        .or_else(|| tag("Result").and_then(|r| Outcome::from_ascii(r.as_bytes()).ok()))
        .unwrap_or(Outcome::Unknown)
        .to_string();
    let mut out = String::new();
    for (name, unknown) in ROSTER {
        let value = match name {
            "Result" => result.as_str(),
            _ => tag(name).unwrap_or(unknown),
        };
        push_tag(&mut out, name, value);
    }
    if start.is_chess960() {
        push_tag(&mut out, "Variant", "Chess960");
    }
    if *start != StartingPosition::standard() {
        push_tag(&mut out, "SetUp", "1");
        push_tag(&mut out, "FEN", &start.fen_of(start.position()));
    }
    for (name, value) in tags {
        if !ROSTER.iter().any(|(r, _)| r == name) && !SETUP_TAGS.contains(name) {
            push_tag(&mut out, name, value);
        }
    }
    out.push('\n');
    let mut line = String::new();
    let mut pos = start.position().clone();
    for (i, &m) in moves.iter().enumerate() {
        let number = pos.fullmoves();
        match pos.turn() {
            Color::White => push_token(&mut out, &mut line, &format!("{number}.")),
            Color::Black if i == 0 => push_token(&mut out, &mut line, &format!("{number}...")),
            Color::Black => {}
        }
        push_token(&mut out, &mut line, &write_move(&pos, m, lang));
        pos.play_unchecked(m);
    }
    push_token(&mut out, &mut line, &result);
    out.push_str(&line);
    out.push('\n');
    out
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// Adds a token to the current line, starting a new line past 80 columns.
fn push_token(out: &mut String, line: &mut String, token: &str) {
    if !line.is_empty() && line.chars().count() + 1 + token.chars().count() > WIDTH {
        out.push_str(line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(token);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::import;
    use crate::reader::Reader;

    #[test]
    fn set_up_position_and_black_to_move() {
        let pgn = "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n[Annotator \"x\"]\n40... Kd7 41. e4 1/2-1/2";
        let raw = Reader::new(pgn).next().unwrap();
        let game = import(&raw);
        let start = game.start.as_ref().unwrap();
        let tags: Vec<(&str, &str)> = raw
            .tags
            .iter()
            .map(|t| (t.name, t.value.as_ref()))
            .collect();
        let out = write_pgn(&tags, &start.position, &game.moves, None, Language::English);
        assert_eq!(
            out,
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n\
             [Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n[Annotator \"x\"]\n\n\
             40... Kd7 41. e4 *\n"
        );
    }

    #[test]
    fn lines_are_wrapped_at_80_columns() {
        let moves = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(20);
        let game = import(&Reader::new(&moves).next().unwrap());
        let out = write_pgn(
            &[],
            &StartingPosition::standard(),
            &game.moves,
            None,
            Language::English,
        );
        let movetext: Vec<&str> = out.split("\n\n").nth(1).unwrap().lines().collect();
        assert!(movetext.len() > 3);
        assert!(
            movetext
                .iter()
                .all(|l| l.len() <= WIDTH && !l.ends_with(' '))
        );
        assert!(
            movetext[..movetext.len() - 1]
                .iter()
                .all(|l| l.len() > WIDTH - 8)
        );
    }

    #[test]
    fn tag_values_are_escaped() {
        let out = write_pgn(
            &[("Event", "a \"b\" \\")],
            &StartingPosition::standard(),
            &[],
            None,
            Language::English,
        );
        assert!(out.starts_with("[Event \"a \\\"b\\\" \\\\\"]\n"));
        let back = Reader::new(&out).next().unwrap();
        assert_eq!(back.tag("Event"), Some("a \"b\" \\"));
    }
}
