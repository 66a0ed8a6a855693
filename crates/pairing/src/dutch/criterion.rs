//! The criteria of C.04.3, one type for the engine, its explanations and the checker.

use laws::Article;

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

impl Criterion {
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
}
