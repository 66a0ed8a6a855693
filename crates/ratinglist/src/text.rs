//! Encoding detection: UTF-8 with or without byte order mark, otherwise Windows-1252
//! (a superset of the printable Latin-1 used by the FIDE and older DSB lists).
//!
//! ```
//! use ratinglist::text::{decode, Encoding};
//!
//! let (text, enc) = decode(b"M\xfcller", "x.csv").unwrap();
//! assert_eq!((text.as_ref(), enc), ("Müller", Encoding::Windows1252));
//! let (text, enc) = decode("\u{feff}Müller".as_bytes(), "x.csv").unwrap();
//! assert_eq!((text.as_ref(), enc), ("Müller", Encoding::Utf8Bom));
//! ```

use std::borrow::Cow;
use std::fmt;

use crate::{Error, ErrorKind};

/// The encoding a file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 without byte order mark (also plain ASCII).
    Utf8,
    /// UTF-8 starting with a byte order mark.
    Utf8Bom,
    /// Not valid UTF-8: read as Windows-1252 (Latin-1 for all printable characters).
    Windows1252,
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 with BOM",
            Encoding::Windows1252 => "Windows-1252",
        })
    }
}

/// The text of `bytes` and the encoding detected. NUL bytes (binary files, UTF-16) are an
/// error naming the line and column of the first one; `file` names the file in errors.
pub fn decode<'a>(bytes: &'a [u8], file: &str) -> Result<(Cow<'a, str>, Encoding), Error> {
    if let Some(at) = bytes.iter().position(|&b| b == 0) {
        let before = &bytes[..at];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let column = 1 + String::from_utf8_lossy(&before[start..]).chars().count();
        return Err(Error::new(file, line, column, ErrorKind::Encoding));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return Ok((String::from_utf8_lossy(rest), Encoding::Utf8Bom));
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok((Cow::Borrowed(s), Encoding::Utf8)),
        Err(_) => {
            let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
            Ok((text, Encoding::Windows1252))
        }
    }
}

/// Lines without their terminators (`\n`, `\r\n`), numbered from 1.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_encodings() {
        assert_eq!(decode(b"abc", "f").unwrap().1, Encoding::Utf8);
        assert_eq!(decode("\u{e9}".as_bytes(), "f").unwrap().1, Encoding::Utf8);
        let (t, e) = decode(b"Stra\xdfe \x80", "f").unwrap();
        assert_eq!((t.as_ref(), e), ("Straße €", Encoding::Windows1252));
        let err = decode(b"a\nb\n\xff\xfeA\0", "f.csv").unwrap_err();
        assert_eq!((err.line, err.kind), (3, ErrorKind::Encoding));
    }
}
