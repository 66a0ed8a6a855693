//! Splitting PGN text into games and tokens, tolerantly.
//!
//! The reader accepts what real files contain: missing blank lines between
//! games, blank lines inside the tag section, a missing final newline,
//! `{comments}`, `;` comments, `%` escape lines, nested `(variations)` (skipped),
//! NAGs and `!?` annotations, move numbers with or without a space (`1.e4`).
//! It never fails as a whole: a syntax problem ends the game it occurs in and
//! is reported with its line and column; reading continues with the next game.
//!
//! ```
//! use pgn::reader::Reader;
//!
//! let pgn = "[White \"A\"]\n1. e4 {best by test} e5 (1... c5) 2. Nf3 1-0\n[White \"B\"]\n1. d4 *";
//! let games: Vec<_> = Reader::new(pgn).collect();
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[0].tag("White"), Some("A"));
//! let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text).collect();
//! assert_eq!(moves, ["e4", "e5", "Nf3"]);
//! assert_eq!(games[1].moves[0].text, "d4");
//! ```

use std::borrow::Cow;
use std::fmt;

use shakmaty::{Color, KnownOutcome, Outcome};

/// A line and column in the text, both counted from 1; columns count characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line number, from 1.
    pub line: u32,
    /// Column in characters, from 1.
    pub column: u32,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// A tag pair such as `[White "Carlsen, Magnus"]`, the value unescaped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag<'a> {
    /// Tag name, e.g. `White`.
    pub name: &'a str,
    /// Tag value with `\"` and `\\` unescaped.
    pub value: Cow<'a, str>,
    /// Byte offset of the `[` in the text.
    pub at: usize,
}

/// One move of the main line as written, e.g. `Nf3+` (annotations removed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveToken<'a> {
    /// The move text.
    pub text: &'a str,
    /// Byte offset in the text.
    pub at: usize,
}

/// What made the text of a game unreadable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyntaxError {
    /// A tag pair without its closing `"` or `]` on the same line.
    UnterminatedTag,
    /// A `{` comment that is never closed.
    UnterminatedComment,
    /// A `(` variation that is never closed.
    UnterminatedVariation,
    /// A `)` without a matching `(`.
    UnmatchedParenthesis,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SyntaxError::UnterminatedTag => {
                "tag pair not closed: expected `\"value\"]` on the same line"
            }
            SyntaxError::UnterminatedComment => "comment not closed: expected `}`",
            SyntaxError::UnterminatedVariation => "variation not closed: expected `)`",
            SyntaxError::UnmatchedParenthesis => "`)` without `(`: expected a move or a result",
        })
    }
}

/// The raw text of one game: tags, main-line move tokens and the game
/// termination marker. Moves are not yet checked against the Laws; that is
/// the job of [`crate::import`].
#[derive(Debug, Clone)]
pub struct RawGame<'a> {
    /// Number of the game in the file, from 1.
    pub number: usize,
    /// Tag pairs in the order written.
    pub tags: Vec<Tag<'a>>,
    /// Main-line moves in the order written (variations skipped).
    pub moves: Vec<MoveToken<'a>>,
    /// Game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`) and its offset.
    pub termination: Option<(Outcome, usize)>,
    /// The first syntax error, which ended reading of this game, and its offset.
    pub syntax_error: Option<(SyntaxError, usize)>,
    text: &'a str,
    start: usize,
    first_line: u32,
}

impl<'a> RawGame<'a> {
    /// The value of the first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_ref())
    }

    /// Line and column of a byte offset inside this game.
    pub fn locate(&self, at: usize) -> Location {
        let at = at.clamp(self.start, self.text.len());
        let before = &self.text.as_bytes()[self.start..at];
        let newlines = before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(self.start, |i| self.start + i + 1);
        let column = self
            .text
            .get(line_start..at)
            .map_or(at - line_start, |s| s.chars().count());
        Location {
            line: self.first_line + u32::try_from(newlines).unwrap_or(u32::MAX),
            column: u32::try_from(column + 1).unwrap_or(u32::MAX),
        }
    }

    /// Byte offset in the text where the game starts.
    pub fn offset(&self) -> usize {
        self.start
    }

    /// Where the game starts.
    pub fn location(&self) -> Location {
        self.locate(self.start)
    }
}

/// Iterator over the games of a PGN text.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: u32,
    counted_to: usize,
    games: usize,
}

impl<'a> Reader<'a> {
    /// Reads games from `text` (decode bytes first with [`crate::text::decode`]).
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            at: 0,
            line: 1,
            counted_to: 0,
            games: 0,
        }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.at).copied()
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.bytes()[self.at - 1] == b'\n'
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' | b'\x0b' => self.at += 1,
                b'%' if self.at_line_start() => self.skip_line(),
                0xef if self.bytes()[self.at..].starts_with(b"\xef\xbb\xbf") => self.at += 3,
                _ => return,
            }
        }
    }

    fn skip_line(&mut self) {
        self.at = match memchr::memchr(b'\n', &self.bytes()[self.at..]) {
            Some(i) => self.at + i + 1,
            None => self.text.len(),
        };
    }

    /// Skips a `{comment}` starting at `{`; false if it is not closed.
    fn skip_comment(&mut self) -> bool {
        match memchr::memchr(b'}', &self.bytes()[self.at..]) {
            Some(i) => {
                self.at += i + 1;
                true
            }
            None => {
                self.at = self.text.len();
                false
            }
        }
    }

    /// Skips a variation starting at `(`, nested ones included.
    fn skip_variation(&mut self) -> Result<(), SyntaxError> {
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                b'(' => {
                    depth += 1;
                    self.at += 1;
                }
                b')' => {
                    self.at += 1;
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                b'{' => {
                    if !self.skip_comment() {
                        return Err(SyntaxError::UnterminatedComment);
                    }
                }
                b';' => self.skip_line(),
                b'[' if self.at_line_start() => break,
                _ => self.at += 1,
            }
        }
        Err(SyntaxError::UnterminatedVariation)
    }

    /// Reads a tag pair at `[`.
    fn read_tag(&mut self) -> Result<Tag<'a>, SyntaxError> {
        let start = self.at;
        let line_end =
            memchr::memchr(b'\n', &self.bytes()[start..]).map_or(self.text.len(), |i| start + i);
        let line = &self.text[start + 1..line_end];
        let name_len = line
            .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
            .unwrap_or(line.len());
        let name = &line[..name_len];
        let rest = line[name_len..].trim_start();
        let Some(quoted) = rest.strip_prefix('"') else {
            return Err(SyntaxError::UnterminatedTag);
        };
        let mut escaped = false;
        let mut close = None;
        for (i, c) in quoted.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    close = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(close) = close else {
            return Err(SyntaxError::UnterminatedTag);
        };
        let mut raw = &quoted[..close];
        let mut after = quoted[close + 1..].trim_start();
        if !after.starts_with(']') {
            // Tolerate unescaped quotes inside the value: `[White ""Socrates""]`.
            let last = quoted.rfind('"').unwrap_or(close);
            raw = &quoted[..last];
            after = quoted[last + 1..].trim_start();
        }
        if !after.starts_with(']') || name.is_empty() {
            return Err(SyntaxError::UnterminatedTag);
        }
        let after_offset = line_end - (after.len() - 1);
        self.at = after_offset;
        let value = if raw.contains('\\') {
            Cow::Owned(unescape(raw))
        } else {
            Cow::Borrowed(raw)
        };
        Ok(Tag {
            name,
            value,
            at: start,
        })
    }

    /// Length of the token starting here: up to whitespace or a PGN delimiter.
    fn token_len(&self) -> usize {
        self.bytes()[self.at..]
            .iter()
            .position(|&b| TOKEN_END[usize::from(b)])
            .unwrap_or(self.text.len() - self.at)
    }

    fn count_lines_to(&mut self, at: usize) {
        let newlines = memchr::memchr_iter(b'\n', &self.bytes()[self.counted_to..at]).count();
        self.line += u32::try_from(newlines).unwrap_or(u32::MAX);
        self.counted_to = at;
    }

    fn read_game(&mut self) -> Option<RawGame<'a>> {
        self.skip_space();
        let start = self.at;
        self.count_lines_to(start);
        let mut game = RawGame {
            number: self.games + 1,
            tags: Vec::with_capacity(16),
            moves: Vec::with_capacity(128),
            termination: None,
            syntax_error: None,
            text: self.text,
            start,
            first_line: self.line,
        };
        let mut movetext = false;
        while let Some(c) = self.peek() {
            let here = self.at;
            match c {
                b'[' if !movetext => match self.read_tag() {
                    Ok(tag) if game.tags.iter().any(|t| t.name == tag.name) => {
                        self.at = here;
                        break;
                    }
                    Ok(tag) => game.tags.push(tag),
                    Err(e) => {
                        game.syntax_error.get_or_insert((e, here));
                        self.skip_line();
                    }
                },
                b'[' => break,
                b'{' => {
                    if !self.skip_comment() {
                        game.syntax_error = Some((SyntaxError::UnterminatedComment, here));
                        break;
                    }
                }
                b';' => {
                    self.skip_line();
                }
                b'(' => {
                    movetext = true;
                    if let Err(e) = self.skip_variation() {
                        game.syntax_error = Some((e, here));
                        break;
                    }
                }
                b')' => {
                    game.syntax_error = Some((SyntaxError::UnmatchedParenthesis, here));
                    self.at += 1;
                    self.skip_to_next_game();
                    break;
                }
                b'$' => {
                    self.at += 1;
                    self.at += self.token_len();
                }
                b'!' | b'?' | b'.' | b'}' | b']' => self.at += 1,
                b'*' => {
                    self.at += 1;
                    game.termination = Some((Outcome::Unknown, here));
                    break;
                }
                _ => {
                    movetext = true;
                    let len = self.token_len();
                    let token = &self.text[here..here + len];
                    if let Some(outcome) = parse_result(token) {
                        self.at += len;
                        game.termination = Some((outcome, here));
                        break;
                    }
                    let number_len = token.bytes().take_while(u8::is_ascii_digit).count();
                    let dots = token[number_len..]
                        .bytes()
                        .take_while(|&b| b == b'.')
                        .count();
                    if number_len > 0 && (dots > 0 || number_len == len) {
                        // A move number such as `12.`, `12...` or `12`; `1.e4` continues with the move.
                        self.at += number_len + dots;
                    } else {
                        self.at += len.max(1);
                        game.moves.push(MoveToken {
                            text: token,
                            at: here,
                        });
                    }
                }
            }
            self.skip_space();
        }
        if game.tags.is_empty()
            && !movetext
            && game.termination.is_none()
            && game.syntax_error.is_none()
        {
            // Nothing but comments or white space up to the end.
            return None;
        }
        self.games += 1;
        Some(game)
    }

    /// After an error, continues at the next line that starts with `[`.
    fn skip_to_next_game(&mut self) {
        while self.at < self.text.len() {
            if self.at_line_start() && self.peek() == Some(b'[') {
                return;
            }
            self.skip_line();
        }
    }
}

impl<'a> Iterator for Reader<'a> {
    type Item = RawGame<'a>;

    fn next(&mut self) -> Option<RawGame<'a>> {
        self.read_game()
    }
}

/// A game termination marker (PGN standard 8.2.6), also `½-½` and `0-0`-free forms.
fn parse_result(token: &str) -> Option<Outcome> {
    Some(match token {
        "1-0" => Outcome::Known(KnownOutcome::Decisive {
            winner: Color::White,
        }),
        "0-1" => Outcome::Known(KnownOutcome::Decisive {
            winner: Color::Black,
        }),
        "1/2-1/2" | "½-½" | "1/2" => Outcome::Known(KnownOutcome::Draw),
        _ => return None,
    })
}

fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => out.extend(chars.next()),
            _ => out.push(c),
        }
    }
    out
}

/// Bytes that end a move token: white space and PGN delimiters.
const TOKEN_END: [bool; 256] = {
    let mut table = [false; 256];
    let ends = b" \t\r\n{}();$!?[]";
    let mut i = 0;
    while i < ends.len() {
        table[ends[i] as usize] = true;
        i += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    fn moves<'a>(game: &RawGame<'a>) -> Vec<&'a str> {
        game.moves.iter().map(|m| m.text).collect()
    }

    #[test]
    fn missing_blank_line_between_games() {
        let games: Vec<_> =
            Reader::new("[Event \"a\"]\n1. e4 1-0\n[Event \"b\"]\n1. d4 0-1").collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].tag("Event"), Some("b"));
        assert_eq!(moves(&games[1]), ["d4"]);
        assert_eq!(games[1].location(), Location { line: 3, column: 1 });
    }

    #[test]
    fn blank_line_inside_tag_section_keeps_one_game() {
        let games: Vec<_> = Reader::new("[Event \"a\"]\n\n[Site \"b\"]\n\n1. e4 *\n").collect();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].tags.len(), 2);
    }

    #[test]
    fn tag_only_games_are_separate() {
        let games: Vec<_> = Reader::new("[Event \"a\"]\n\n[Event \"b\"]\n").collect();
        assert_eq!(games.len(), 2);
        assert!(games[0].moves.is_empty());
    }

    #[test]
    fn annotations_numbers_and_nested_variations() {
        let text = "1.e4! $1 e5?! (1... c5 (1... e6 {a (b} 2. d4) 2. Nf3) 2. Nf3 ; rest\n% escape\n2... Nc6 *";
        let game = Reader::new(text).next().unwrap();
        assert_eq!(moves(&game), ["e4", "e5", "Nf3", "Nc6"]);
        assert_eq!(game.termination.map(|t| t.0), Some(Outcome::Unknown));
    }

    #[test]
    fn escaped_tag_value() {
        let game = Reader::new(r#"[White "a \"b\" \\ c"]"#).next().unwrap();
        assert_eq!(game.tag("White"), Some(r#"a "b" \ c"#));
    }

    #[test]
    fn unterminated_comment_is_located() {
        let game = Reader::new("[Event \"x\"]\n\n1. e4 {oops\n")
            .next()
            .unwrap();
        let (error, at) = game.syntax_error.clone().unwrap();
        assert_eq!(error, SyntaxError::UnterminatedComment);
        assert_eq!(game.locate(at), Location { line: 3, column: 7 });
    }

    #[test]
    fn unescaped_quotes_in_tag_value() {
        let game = Reader::new("[White \"\"Socrates\" Expert\"]\n*")
            .next()
            .unwrap();
        assert_eq!(game.tag("White"), Some("\"Socrates\" Expert"));
        assert_eq!(game.syntax_error, None);
    }

    #[test]
    fn broken_tag_is_skipped_within_its_game() {
        let games: Vec<_> =
            Reader::new("[Event \"x]\n[Site \"s\"]\n1. e4 *\n[Event \"y\"]\n1. d4 *").collect();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("Site"), Some("s"));
        assert_eq!(moves(&games[0]), ["e4"]);
        assert_eq!(
            games[0].syntax_error.as_ref().map(|e| &e.0),
            Some(&SyntaxError::UnterminatedTag)
        );
        assert_eq!(moves(&games[1]), ["d4"]);
    }

    #[test]
    fn castling_with_zeros_is_a_move() {
        let game = Reader::new("1. 0-0 0-0-0 1/2-1/2").next().unwrap();
        assert_eq!(moves(&game), ["0-0", "0-0-0"]);
    }

    #[test]
    fn empty_and_comment_only_texts_have_no_games() {
        assert_eq!(Reader::new("").count(), 0);
        assert_eq!(Reader::new("  \n% x\n").count(), 0);
    }
}
