//! Errors of reading and writing TRF text.

use std::error::Error;
use std::fmt;

/// A TRF line that does not follow the format: 1-based line and column (in characters)
/// and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What the format requires at that place.
    pub expected: String,
}

impl TrfError {
    pub(crate) fn new(line: usize, column: usize, expected: impl Into<String>) -> TrfError {
        TrfError {
            line,
            column,
            expected: expected.into(),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: expected {}",
            self.line, self.column, self.expected
        )
    }
}

impl Error for TrfError {}

/// A model that cannot be written as fixed-column TRF text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteError {
    /// A pairing number outside 1-9999: TRF has four columns for it.
    PairingNumber(u32),
    /// A value wider than the columns the format gives it.
    FieldTooWide {
        /// Record identifier, e.g. `001`.
        record: &'static str,
        /// Field name.
        field: &'static str,
        /// The value as it would have been written.
        value: String,
    },
    /// A record whose values do not survive fixed-column writing (e.g. a team number above
    /// 999, points wider than their columns); the text it would have produced.
    Unrepresentable(String),
    /// A value holding a line break or other control character; the text it would have
    /// produced.
    ControlCharacter(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::PairingNumber(n) => write!(
                f,
                "pairing number {n} does not fit TRF (1-9999); export larger events in another format"
            ),
            WriteError::FieldTooWide {
                record,
                field,
                value,
            } => write!(
                f,
                "record {record}: {field} {value:?} is wider than its columns"
            ),
            WriteError::Unrepresentable(line) => {
                write!(f, "values do not fit the columns of their record: {line:?}")
            }
            WriteError::ControlCharacter(line) => {
                write!(
                    f,
                    "a value holds a line break or control character: {line:?}"
                )
            }
        }
    }
}

impl Error for WriteError {}
