//! Turning the bytes of a PGN file into text.
//!
//! PGN is specified as ISO-8859-1, but most files today are UTF-8, some with a
//! byte order mark. [`decode`] accepts UTF-8 with or without BOM and falls back
//! to Windows-1252 (a superset of ISO-8859-1) when the bytes are not UTF-8.
//!
//! ```
//! use pgn::text::{decode, Encoding};
//!
//! let (text, encoding) = decode(b"[White \"M\xfcller\"]");
//! assert_eq!(text, "[White \"Müller\"]");
//! assert_eq!(encoding, Encoding::Latin1);
//! ```

use std::borrow::Cow;
use std::fmt;

/// How the bytes of a file were read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8 without byte order mark.
    Utf8,
    /// UTF-8 starting with the byte order mark `EF BB BF` (removed).
    Utf8Bom,
    /// Not valid UTF-8: read as Windows-1252 / ISO-8859-1.
    Latin1,
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 with BOM",
            Encoding::Latin1 => "ISO-8859-1/Windows-1252",
        })
    }
}

/// Windows-1252 characters for the bytes 0x80-0x9F; the five undefined bytes
/// keep their ISO-8859-1 control code.
const CP1252_HIGH: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}',
    '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The text of a PGN file and the encoding it was read in. Never fails: every
/// byte sequence is valid Windows-1252.
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, Encoding) {
    let (body, bom) = match bytes.strip_prefix(b"\xef\xbb\xbf") {
        Some(rest) => (rest, true),
        None => (bytes, false),
    };
    match std::str::from_utf8(body) {
        Ok(text) if bom => (Cow::Borrowed(text), Encoding::Utf8Bom),
        Ok(text) => (Cow::Borrowed(text), Encoding::Utf8),
        Err(_) => (
            Cow::Owned(body.iter().map(|&b| latin1(b)).collect()),
            Encoding::Latin1,
        ),
    }
}

fn latin1(byte: u8) -> char {
    match byte {
        0x80..=0x9f => CP1252_HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_is_removed() {
        let (text, enc) = decode(b"\xef\xbb\xbf1. e4 *");
        assert_eq!((text.as_ref(), enc), ("1. e4 *", Encoding::Utf8Bom));
    }

    #[test]
    fn utf8_is_borrowed() {
        let (text, enc) = decode("Müller".as_bytes());
        assert!(matches!(text, Cow::Borrowed("Müller")));
        assert_eq!(enc, Encoding::Utf8);
    }

    #[test]
    fn windows_1252_quotes_and_latin1_letters() {
        let (text, enc) = decode(b"\x93Sch\xe4fer\x94 \x80");
        assert_eq!((text.as_ref(), enc), ("“Schäfer” €", Encoding::Latin1));
    }
}
