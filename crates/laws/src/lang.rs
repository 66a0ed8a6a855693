//! The language a person reads: every message, ruling and page of Arbiter is
//! written in German and English. (The letters of the moves are a different
//! thing: [`notation::Language`](crate::notation::Language), Appendix C.)

use std::{fmt, str::FromStr};

use crate::notation::Language;

/// German or English, for every text shown to a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// German.
    De,
}

impl Lang {
    /// The language code: `en` or `de`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// `de` or `en` from a language tag such as `de-DE`; `None` for other languages.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code
            .trim()
            .split(['-', '_', ';'])
            .next()?
            .to_ascii_lowercase();
        match primary.as_str() {
            "de" => Some(Lang::De),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The first supported language of a comma-separated list of tags (an
    /// HTTP `Accept-Language` value), in the order written.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        header.split(',').find_map(Lang::from_code)
    }

    /// `english` or `german`, as this language asks.
    pub fn pick<T>(self, english: T, german: T) -> T {
        match self {
            Lang::En => english,
            Lang::De => german,
        }
    }
}

/// Messages follow the notation: German moves, German messages; every other
/// language of Appendix C gets English messages.
impl From<Language> for Lang {
    fn from(language: Language) -> Lang {
        match language {
            Language::German => Lang::De,
            _ => Lang::En,
        }
    }
}

/// A language code other than `en` or `de`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language `{}` (en or de)", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    /// Exactly `en` or `de` (any case, surrounding blanks ignored).
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" => Ok(Lang::En),
            "de" => Ok(Lang::De),
            other => Err(UnknownLang(other.to_owned())),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h16_01_tags_codes_and_notation_map_to_one_language() {
        assert_eq!(Lang::from_code("de-DE"), Some(Lang::De));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(
            Lang::from_accept_language("fr-FR, en;q=0.8, de"),
            Some(Lang::En)
        );
        assert_eq!(" DE ".parse::<Lang>(), Ok(Lang::De));
        assert!("deu".parse::<Lang>().is_err());
        assert_eq!(Lang::from(Language::German), Lang::De);
        assert_eq!(Lang::from(Language::Dutch), Lang::En);
        for lang in [Lang::En, Lang::De] {
            assert_eq!(lang.code().parse::<Lang>(), Ok(lang));
        }
    }
}
