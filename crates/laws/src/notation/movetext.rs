//! Reading a whole game record as written on a scoresheet (Appendix C, "Musterpartie").

use std::fmt;

use shakmaty::{Chess, Position};

use super::{
    Language, NotationError,
    parse::{ParsedMove, parse_record, split_marks},
    words,
};

/// A move of a record that could not be read, with where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovetextError {
    /// 1-based line of the move.
    pub line: usize,
    /// 1-based column (in characters) of the fault.
    pub column: usize,
    /// 1-based half-move number within the record.
    pub ply: usize,
    /// What is wrong.
    pub error: NotationError,
}

impl fmt::Display for MovetextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: half-move {}: ", self.line, self.column, self.ply)?;
        match self.error {
            NotationError::Syntax { expected, .. } => write!(f, "expected {expected}"),
            error => error.fmt(f),
        }
    }
}

impl std::error::Error for MovetextError {}

/// Reads the moves of a record such as `1.e4 e5 2.Sf3 Sf6 … 11.Kb1 (=)`,
/// starting from `start`.
///
/// Move numbers (`1.`, `1...`) and results (`1-0`, `0-1`, `1/2-1/2`, `½-½`, `*`)
/// are skipped. Marks written apart from their move (`exd6 e.p.`, `De3 +`,
/// `Kb1 (=)`) belong to the move before them. Each move is read by
/// [`parse_record`](super::parse_record).
pub fn parse_movetext(
    start: &Chess,
    text: &str,
    lang: Language,
) -> Result<Vec<ParsedMove>, MovetextError> {
    let mut groups: Vec<Group> = Vec::new();
    for (line, content) in text.lines().enumerate() {
        for (column, raw) in words(content, char::is_whitespace) {
            let token = strip_move_number(raw);
            let column = column + raw.chars().count() - token.chars().count();
            if token.is_empty() || RESULTS.contains(&token) {
                continue;
            }
            match groups.last_mut() {
                Some(group) if split_marks(token).0.is_empty() => {
                    group.text.push(' ');
                    group.text.push_str(token);
                }
                _ => groups.push(Group {
                    line: line + 1,
                    column,
                    text: token.to_owned(),
                }),
            }
        }
    }
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(groups.len());
    for (i, group) in groups.iter().enumerate() {
        let parsed = parse_record(&pos, &group.text, lang).map_err(|error| MovetextError {
            line: group.line,
            column: match error {
                NotationError::Syntax { column, .. } => group.column + column - 1,
                _ => group.column,
            },
            ply: i + 1,
            error,
        })?;
        pos.play_unchecked(parsed.mv);
        moves.push(parsed);
    }
    Ok(moves)
}

const RESULTS: [&str; 5] = ["1-0", "0-1", "1/2-1/2", "½-½", "*"];

/// One move with the marks that follow it.
struct Group {
    line: usize,
    column: usize,
    text: String,
}

/// `12.` or `12...` in front of (or instead of) a move.
fn strip_move_number(token: &str) -> &str {
    let digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() < token.len() && digits.starts_with('.') {
        digits.trim_start_matches('.')
    } else {
        token
    }
}
