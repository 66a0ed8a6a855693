//! Errors that name the place in the file, and the result of a lenient import.

use std::fmt;

use crate::ImportedPlayer;
use crate::text::Encoding;

/// What went wrong where: the caller's file name, a 1-based line and column (in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// The file name the caller gave.
    pub file: String,
    /// 1-based line; 1 when the problem is the file as a whole (e.g. empty).
    pub line: usize,
    /// 1-based column in characters; 1 when the whole line is meant.
    pub column: usize,
    /// What was expected.
    pub kind: ErrorKind,
}

/// The kinds of problems a reader reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file has no content.
    Empty,
    /// The bytes are not text in an encoding the readers know (NUL bytes: binary or UTF-16).
    Encoding,
    /// The header line lacks a column this format needs.
    MissingColumn(&'static str),
    /// The header matches none of the formats the reader knows.
    UnknownHeader(String),
    /// A row has the wrong number of fields.
    FieldCount {
        /// Fields the header has.
        expected: usize,
        /// Fields the row has.
        found: usize,
    },
    /// A field does not hold what its column needs.
    Field {
        /// The column header.
        column: String,
        /// What the column needs.
        expected: &'static str,
        /// What the field holds.
        found: String,
    },
    /// A quoted field is not closed before the end of the file.
    UnclosedQuote,
    /// A line is shorter than the columns the header announces.
    Truncated {
        /// Characters the columns need.
        needed: usize,
        /// Characters the line has.
        found: usize,
    },
    /// The XML is malformed or has the wrong structure.
    Xml(String),
    /// A column (named as in the header) holds a rating without saying which: DWZ and Elo
    /// are different numbers.
    AmbiguousRating(String),
}

impl Error {
    /// An error at `line` and `column`; 0 (the whole file, the whole line) counts as 1, so that
    /// every error names a line and a column.
    pub(crate) fn new(file: &str, line: usize, column: usize, kind: ErrorKind) -> Error {
        Error {
            file: file.to_string(),
            line: line.max(1),
            column: column.max(1),
            kind,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if self.line > 0 {
            write!(f, ": line {}", self.line)?;
            if self.column > 0 {
                write!(f, ", column {}", self.column)?;
            }
        }
        write!(f, ": {}", self.kind)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Empty => f.write_str("the file is empty"),
            ErrorKind::Encoding => f.write_str(
                "not a text file: expected UTF-8 or Windows-1252/Latin-1 text (NUL bytes found: binary or UTF-16?)",
            ),
            ErrorKind::MissingColumn(c) => write!(f, "the header line has no column `{c}`"),
            ErrorKind::UnknownHeader(h) => write!(f, "unknown header: expected {h}"),
            ErrorKind::FieldCount { expected, found } => {
                write!(f, "expected {expected} fields, found {found}")
            }
            ErrorKind::Field {
                column,
                expected,
                found,
            } => write!(f, "{column}: expected {expected}, found `{found}`"),
            ErrorKind::UnclosedQuote => f.write_str("a quoted field is not closed (expected `\"`)"),
            ErrorKind::Truncated { needed, found } => write!(
                f,
                "line truncated: expected at least {needed} characters, found {found}"
            ),
            ErrorKind::Xml(m) => write!(f, "XML: {m}"),
            ErrorKind::AmbiguousRating(c) => write!(
                f,
                "column `{c}` does not say which rating it holds: name it `DWZ` (German rating) or `Elo` (FIDE rating)"
            ),
        }
    }
}

impl std::error::Error for Error {}

/// What a reader made of a file: the players it read, the rows it could not read, and the
/// encoding it detected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// Players in file order.
    pub players: Vec<ImportedPlayer>,
    /// One error per row that was skipped.
    pub errors: Vec<Error>,
    /// The encoding the text was read in.
    pub encoding: Encoding,
}
