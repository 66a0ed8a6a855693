//! The criteria of C.04.3, one type for the engine, its explanations and the checker.

use std::fmt;
use std::str::FromStr;

use laws::{Article, Lang};

use super::DutchEdition;

/// A criterion of C.04.3 by its number in the 2026 text: C1-C5 absolute and completion
/// criteria, C6-C21 quality criteria. [`Criterion::article`] cites it in either edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Criterion {
    /// Two players do not meet twice (absolute).
    C1,
    /// A player who already received a pairing-allocated bye or scored a point without
    /// playing does not receive it (absolute).
    C2,
    /// Non-topscorers with the same absolute colour preference do not meet (absolute).
    C3,
    /// The round can be completed: the players left after a bracket can all be paired (completion).
    C4,
    /// The pairing-allocated bye goes to a player of the lowest possible score (2026; the
    /// 2017 text has none).
    C5,
    /// As many pairs as possible: fewest downfloaters (2017: C.5).
    C6,
    /// The downfloaters' scores as low as possible (2017: C.6).
    C7,
    /// The next bracket pairs as well as possible with the downfloaters chosen (2017: C.7).
    C8,
    /// The bye assignee has as few unplayed games as possible (2026; the 2017 text has none).
    C9,
    /// Fewest topscorers or their opponents whose colour difference goes beyond +2 or -2
    /// (2017: C.8).
    C10,
    /// Fewest topscorers or their opponents who get the same colour three times in a row
    /// (2017: C.9).
    C11,
    /// Fewest players who do not get their colour preference (2017: C.10).
    C12,
    /// Fewest players who do not get their strong colour preference (2017: C.11).
    C13,
    /// Fewest resident downfloaters who floated down in the previous round (2017: C.12, every
    /// player who receives the same downfloat, MDPs too).
    C14,
    /// Fewest upfloaters who floated up in the previous round (2017: C.13).
    C15,
    /// Fewest resident downfloaters who floated down two rounds before (2017: C.14, every
    /// player who receives the same downfloat, MDPs too).
    C16,
    /// Fewest upfloaters who floated up two rounds before (2017: C.15).
    C17,
    /// Least score differences of downfloaters who floated down in the previous round (2017: C.16).
    C18,
    /// Least score differences of upfloaters who floated up in the previous round (2017: C.17).
    C19,
    /// Least score differences of downfloaters who floated down two rounds before (2017: C.18).
    C20,
    /// Least score differences of upfloaters who floated up two rounds before (2017: C.19).
    C21,
}

/// How C11 (2017: C.9) counts the topscorers and topscorers' opponents "who get the same
/// colour three times in a row". Both readings agree on every history these rules produce
/// (there a player who had a colour twice always prefers the other one, 1.7.1); they part only
/// when a colour difference beyond +1 or -1 asks for the colour of the two latest games, which
/// C3 never allows to arise (e.g. W W W W B B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum C11Reading {
    /// The text: every such player who gets the colour of his two latest games, whether or not
    /// his colour difference asks for it. The default.
    #[default]
    Text,
    /// bbpPairings' reading: a pair counts once, when both players have an absolute preference
    /// for the same colour and the one who yields it had the other colour twice (at equal
    /// colour differences: both had the same colour twice). For agreement with the reference
    /// on synthetic histories.
    Reference,
}

impl std::str::FromStr for C11Reading {
    type Err = String;

    /// `text` or `reference`.
    fn from_str(s: &str) -> Result<C11Reading, String> {
        match s {
            "text" => Ok(C11Reading::Text),
            "reference" => Ok(C11Reading::Reference),
            other => Err(format!(
                "`{other}` is no reading of C11: expected `text` or `reference`"
            )),
        }
    }
}

/// Citations in the 2026 text, by criterion.
const RULES_2026: [&str; 21] = [
    "C.04.3 C1",
    "C.04.3 C2",
    "C.04.3 C3",
    "C.04.3 C4",
    "C.04.3 C5",
    "C.04.3 C6",
    "C.04.3 C7",
    "C.04.3 C8",
    "C.04.3 C9",
    "C.04.3 C10",
    "C.04.3 C11",
    "C.04.3 C12",
    "C.04.3 C13",
    "C.04.3 C14",
    "C.04.3 C15",
    "C.04.3 C16",
    "C.04.3 C17",
    "C.04.3 C18",
    "C.04.3 C19",
    "C.04.3 C20",
    "C.04.3 C21",
];

/// Citations in the 2017 text: it has no C5 (bye assignee's score) or C9 (its unplayed
/// games), and numbers C6-C8 as C.5-C.7 and C10-C21 as C.8-C.19.
const RULES_2017: [Option<&str>; 21] = [
    Some("C.04.3 C.1"),
    Some("C.04.3 C.2"),
    Some("C.04.3 C.3"),
    Some("C.04.3 C.4"),
    None,
    Some("C.04.3 C.5"),
    Some("C.04.3 C.6"),
    Some("C.04.3 C.7"),
    None,
    Some("C.04.3 C.8"),
    Some("C.04.3 C.9"),
    Some("C.04.3 C.10"),
    Some("C.04.3 C.11"),
    Some("C.04.3 C.12"),
    Some("C.04.3 C.13"),
    Some("C.04.3 C.14"),
    Some("C.04.3 C.15"),
    Some("C.04.3 C.16"),
    Some("C.04.3 C.17"),
    Some("C.04.3 C.18"),
    Some("C.04.3 C.19"),
];

/// What each criterion asks, in a few words (English, German), by criterion.
const SUMMARIES: [(&str, &str); 21] = [
    (
        "no two players meet twice",
        "keine zweite Begegnung zweier Spieler",
    ),
    (
        "no second bye or point without playing",
        "kein zweites Freilos und kein zweiter kampfloser Punkt",
    ),
    (
        "no two non-topscorers with the same absolute colour preference meet",
        "keine Paarung zweier Nicht-Topscorer mit gleichem absolutem Farbwunsch",
    ),
    (
        "the round can be completed",
        "die Runde lässt sich vervollständigen",
    ),
    (
        "the bye goes to a player with the lowest possible score",
        "das Freilos geht an einen Spieler mit möglichst niedriger Punktzahl",
    ),
    (
        "as few downfloaters as possible",
        "möglichst wenige Abwärtsfloater",
    ),
    (
        "the downfloaters' scores as low as possible",
        "möglichst niedrige Punktzahlen der Abwärtsfloater",
    ),
    (
        "the next bracket pairs as well as possible",
        "die nächste Gruppe lässt sich bestmöglich paaren",
    ),
    (
        "the bye goes to a player with as few unplayed games as possible",
        "das Freilos geht an einen Spieler mit möglichst wenigen kampflosen Partien",
    ),
    (
        "topscorers with a colour difference beyond +2 or -2",
        "Topscorer mit einer Farbdifferenz über +2 oder -2",
    ),
    (
        "topscorers with the same colour three times in a row",
        "Topscorer dreimal hintereinander mit derselben Farbe",
    ),
    (
        "players who do not get their colour preference",
        "Spieler ohne ihre Wunschfarbe",
    ),
    (
        "players who do not get their strong colour preference",
        "Spieler ohne ihre starke Wunschfarbe",
    ),
    (
        "downfloaters who floated down in the previous round",
        "Abwärtsfloater, die schon in der Vorrunde abwärts gefloatet sind",
    ),
    (
        "upfloaters who floated up in the previous round",
        "Aufwärtsfloater, die schon in der Vorrunde aufwärts gefloatet sind",
    ),
    (
        "downfloaters who floated down two rounds before",
        "Abwärtsfloater, die vor zwei Runden abwärts gefloatet sind",
    ),
    (
        "upfloaters who floated up two rounds before",
        "Aufwärtsfloater, die vor zwei Runden aufwärts gefloatet sind",
    ),
    (
        "score differences of downfloaters who floated down in the previous round",
        "Punktdifferenzen von Abwärtsfloatern, die schon in der Vorrunde abwärts gefloatet sind",
    ),
    (
        "score differences of upfloaters who floated up in the previous round",
        "Punktdifferenzen von Aufwärtsfloatern, die schon in der Vorrunde aufwärts gefloatet sind",
    ),
    (
        "score differences of downfloaters who floated down two rounds before",
        "Punktdifferenzen von Abwärtsfloatern, die vor zwei Runden abwärts gefloatet sind",
    ),
    (
        "score differences of upfloaters who floated up two rounds before",
        "Punktdifferenzen von Aufwärtsfloatern, die vor zwei Runden aufwärts gefloatet sind",
    ),
];

impl Criterion {
    /// Every criterion, in the order of C.04.3.
    pub const ALL: [Criterion; 21] = [
        Criterion::C1,
        Criterion::C2,
        Criterion::C3,
        Criterion::C4,
        Criterion::C5,
        Criterion::C6,
        Criterion::C7,
        Criterion::C8,
        Criterion::C9,
        Criterion::C10,
        Criterion::C11,
        Criterion::C12,
        Criterion::C13,
        Criterion::C14,
        Criterion::C15,
        Criterion::C16,
        Criterion::C17,
        Criterion::C18,
        Criterion::C19,
        Criterion::C20,
        Criterion::C21,
    ];

    /// The criterion's code in the 2026 numbering: `C1` ... `C21`.
    pub fn code(self) -> String {
        format!("C{}", self as usize + 1)
    }

    /// What the criterion asks, in a few words, in `lang` (for a person confirming a manual
    /// change, C.04.A).
    pub fn summary(self, lang: Lang) -> &'static str {
        let (en, de) = SUMMARIES[self as usize];
        lang.pick(en, de)
    }

    /// The criterion's article in the edition, if the edition has it.
    pub fn article(self, edition: DutchEdition) -> Option<Article> {
        let index = self as usize;
        match edition {
            DutchEdition::Rules2026 => Some(Article::new(RULES_2026[index])),
            DutchEdition::Rules2017 => RULES_2017[index].map(Article::new),
        }
    }

    /// The article, or the chapter C.04.3 where the edition has no such criterion.
    pub fn cite(self, edition: DutchEdition) -> Article {
        self.article(edition).unwrap_or(Article::new("C.04.3"))
    }
}

impl fmt::Display for Criterion {
    /// The code in the 2026 numbering (`C12`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

impl FromStr for Criterion {
    type Err = String;

    /// A code in the 2026 numbering: `C1` ... `C21`.
    fn from_str(s: &str) -> Result<Criterion, String> {
        s.strip_prefix('C')
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| Criterion::ALL.get(n.checked_sub(1)?).copied())
            .ok_or_else(|| format!("`{s}` is no criterion: expected C1 ... C21"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h13_one_criterion_type_cites_each_edition() {
        use Criterion::*;
        let cite = |c: Criterion, e| c.article(e).map(|a| a.to_string());
        assert_eq!(
            cite(C6, DutchEdition::Rules2026).as_deref(),
            Some("C.04.3 C6")
        );
        assert_eq!(
            cite(C6, DutchEdition::Rules2017).as_deref(),
            Some("C.04.3 C.5")
        );
        assert_eq!(
            cite(C21, DutchEdition::Rules2017).as_deref(),
            Some("C.04.3 C.19")
        );
        assert_eq!(cite(C5, DutchEdition::Rules2017), None);
        assert_eq!(cite(C9, DutchEdition::Rules2017), None);
        assert_eq!(C9.cite(DutchEdition::Rules2017), Article::new("C.04.3"));
    }

    #[test]
    fn h13_codes_read_back_and_every_criterion_says_what_it_asks() {
        for c in Criterion::ALL {
            assert_eq!(c.code().parse::<Criterion>(), Ok(c));
            assert_ne!(c.summary(Lang::En), c.summary(Lang::De));
        }
        assert_eq!(Criterion::C12.to_string(), "C12");
        assert_eq!(
            Criterion::C1.summary(Lang::De),
            "keine zweite Begegnung zweier Spieler"
        );
        for bad in ["C0", "C22", "c1", "C", "X3", "C-1"] {
            assert!(bad.parse::<Criterion>().is_err(), "{bad}");
        }
    }
}
