//! Piece abbreviations by language (Appendix C.2-C.4).

use std::{fmt, str::FromStr};

use shakmaty::Role;

/// A language whose piece abbreviations a player may use on the scoresheet
/// (Appendix C.3: "each player is free to use the names which are commonly used
/// in their country").
///
/// Letters are case-sensitive: pieces are written in capitals, files in small
/// letters (C.5), so `B` (English bishop) never collides with the file `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    /// Deutsch: K D T L S, pawn (Bauer) `B`.
    German,
    /// English: K Q R B N, pawn `P`.
    English,
    /// Français: R D T F C, pawn (pion) `P`.
    French,
    /// Italiano: R D T A C, pawn (pedone) `P`.
    Italian,
    /// Español: R D T A C, pawn (peón) `P`.
    Spanish,
    /// Nederlands: K D T L P; `P` is the knight (paard), so the pawn has no letter.
    Dutch,
    /// Polski: K H W G S (król, hetman, wieża, goniec, skoczek).
    Polish,
    /// Русский: Кр Ф Л С К (король, ферзь, ладья, слон, конь).
    Russian,
    /// Čeština: K D V S J (král, dáma, věž, střelec, jezdec).
    Czech,
    /// Português: R D T B C, pawn (peão) `P`.
    Portuguese,
    /// Magyar: K V B F H (király, vezér, bástya, futó, huszár).
    Hungarian,
    /// Svenska: K D T L S, pawn (bonde) `B`.
    Swedish,
    /// Dansk: K D T L S, pawn (bonde) `B`.
    Danish,
}

/// One row of [`TABLE`].
struct Letters {
    language: Language,
    code: &'static str,
    /// King, queen, rook, bishop, knight.
    pieces: [&'static str; 5],
    /// The pawn's letter where players commonly write one (C.4 says they should not).
    pawn: Option<&'static str>,
}

const TABLE: [Letters; 13] = [
    Letters {
        language: Language::German,
        code: "de",
        pieces: ["K", "D", "T", "L", "S"],
        pawn: Some("B"),
    },
    Letters {
        language: Language::English,
        code: "en",
        pieces: ["K", "Q", "R", "B", "N"],
        pawn: Some("P"),
    },
    Letters {
        language: Language::French,
        code: "fr",
        pieces: ["R", "D", "T", "F", "C"],
        pawn: Some("P"),
    },
    Letters {
        language: Language::Italian,
        code: "it",
        pieces: ["R", "D", "T", "A", "C"],
        pawn: Some("P"),
    },
    Letters {
        language: Language::Spanish,
        code: "es",
        pieces: ["R", "D", "T", "A", "C"],
        pawn: Some("P"),
    },
    Letters {
        language: Language::Dutch,
        code: "nl",
        pieces: ["K", "D", "T", "L", "P"],
        pawn: None,
    },
    Letters {
        language: Language::Polish,
        code: "pl",
        pieces: ["K", "H", "W", "G", "S"],
        pawn: None,
    },
    Letters {
        language: Language::Russian,
        code: "ru",
        pieces: ["Кр", "Ф", "Л", "С", "К"],
        pawn: None,
    },
    Letters {
        language: Language::Czech,
        code: "cs",
        pieces: ["K", "D", "V", "S", "J"],
        pawn: None,
    },
    Letters {
        language: Language::Portuguese,
        code: "pt",
        pieces: ["R", "D", "T", "B", "C"],
        pawn: Some("P"),
    },
    Letters {
        language: Language::Hungarian,
        code: "hu",
        pieces: ["K", "V", "B", "F", "H"],
        pawn: None,
    },
    Letters {
        language: Language::Swedish,
        code: "sv",
        pieces: ["K", "D", "T", "L", "S"],
        pawn: Some("B"),
    },
    Letters {
        language: Language::Danish,
        code: "da",
        pieces: ["K", "D", "T", "L", "S"],
        pawn: Some("B"),
    },
];

/// Roles in the order of [`Letters::pieces`].
const PIECE_ROLES: [Role; 5] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
];

/// Figurines for king, queen, rook, bishop, knight, pawn: the white set, then the black set.
const FIGURINES: [(char, Role); 12] = [
    ('♔', Role::King),
    ('♕', Role::Queen),
    ('♖', Role::Rook),
    ('♗', Role::Bishop),
    ('♘', Role::Knight),
    ('♙', Role::Pawn),
    ('♚', Role::King),
    ('♛', Role::Queen),
    ('♜', Role::Rook),
    ('♝', Role::Bishop),
    ('♞', Role::Knight),
    ('♟', Role::Pawn),
];

impl Language {
    /// Every supported language.
    pub const ALL: [Language; 13] = [
        Language::German,
        Language::English,
        Language::French,
        Language::Italian,
        Language::Spanish,
        Language::Dutch,
        Language::Polish,
        Language::Russian,
        Language::Czech,
        Language::Portuguese,
        Language::Hungarian,
        Language::Swedish,
        Language::Danish,
    ];

    fn letters(self) -> &'static Letters {
        &TABLE[self as usize]
    }

    /// The ISO 639-1 code, e.g. `"de"`.
    pub fn code(self) -> &'static str {
        self.letters().code
    }

    /// The abbreviation of a piece (C.2, C.3); `None` for the pawn (C.4).
    pub fn piece(self, role: Role) -> Option<&'static str> {
        PIECE_ROLES
            .iter()
            .position(|&r| r == role)
            .map(|i| self.letters().pieces[i])
    }

    /// The piece (or pawn, if the language has a pawn letter) whose abbreviation
    /// starts `text`, with the abbreviation's length in bytes. The longest
    /// abbreviation wins (Russian `Кр` before `К`).
    pub(crate) fn role_prefix(self, text: &str) -> Option<(Role, usize)> {
        let letters = self.letters();
        let pieces = PIECE_ROLES.iter().zip(letters.pieces);
        let pawn = letters.pawn.map(|p| (&Role::Pawn, p));
        pieces
            .chain(pawn)
            .filter(|(_, abbr)| text.starts_with(abbr))
            .max_by_key(|(_, abbr)| abbr.len())
            .map(|(&role, abbr)| (role, abbr.len()))
    }
}

/// The figurine of a piece as printed in figurine algebraic notation (C.3
/// recommends symbols in print); the white set is used for both sides.
pub(crate) fn figurine(role: Role) -> char {
    FIGURINES
        .iter()
        .find(|&&(_, r)| r == role)
        .map_or('?', |&(c, _)| c)
}

/// The piece shown by a figurine of either colour.
pub(crate) fn role_of_figurine(c: char) -> Option<Role> {
    FIGURINES.iter().find(|&&(f, _)| f == c).map(|&(_, r)| r)
}

/// A language code that is not in [`Language::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        write!(
            f,
            "unknown notation language {:?} (known: {})",
            self.0,
            codes.join(", ")
        )
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// Parses an ISO 639-1 code such as `de` or `EN`.
    fn from_str(s: &str) -> Result<Language, UnknownLanguage> {
        TABLE
            .iter()
            .find(|l| l.code.eq_ignore_ascii_case(s))
            .map(|l| l.language)
            .ok_or_else(|| UnknownLanguage(s.to_owned()))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rows_are_in_enum_order() {
        for (i, language) in Language::ALL.iter().enumerate() {
            assert_eq!(TABLE[i].language, *language);
            assert_eq!(language.code().parse::<Language>(), Ok(*language));
        }
    }

    #[test]
    fn letters_are_distinct_within_a_language() {
        for language in Language::ALL {
            let mut letters: Vec<&str> = language.letters().pieces.to_vec();
            letters.extend(language.letters().pawn);
            let count = letters.len();
            letters.sort_unstable();
            letters.dedup();
            assert_eq!(letters.len(), count, "{language}");
        }
    }

    #[test]
    fn unknown_code_is_an_error() {
        assert_eq!("xx".parse::<Language>(), Err(UnknownLanguage("xx".into())));
        assert_eq!("DE".parse::<Language>(), Ok(Language::German));
    }

    #[test]
    fn longest_abbreviation_wins() {
        assert_eq!(
            Language::Russian.role_prefix("Крe2"),
            Some((Role::King, "Кр".len()))
        );
        assert_eq!(
            Language::Russian.role_prefix("Кf3"),
            Some((Role::Knight, "К".len()))
        );
        assert_eq!(Language::German.role_prefix("Be4"), Some((Role::Pawn, 1)));
        assert_eq!(Language::Dutch.role_prefix("Pf3"), Some((Role::Knight, 1)));
        assert_eq!(Language::English.role_prefix("e4"), None);
    }
}
