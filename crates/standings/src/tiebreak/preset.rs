//! Named tie-break orders of German regulations as editable data ([`Preset`]): the built-in
//! ones ([`builtin`]) and presets read from a small JSON file ([`Preset::from_json`]).
//!
//! ```
//! use standings::tiebreak::preset;
//!
//! let swiss = preset::find("sjrp-swiss").unwrap();
//! assert_eq!(swiss.tiebreaks, "BH/C1,SB,SW/U,DE");
//! let order = swiss.parse()?;
//! assert_eq!(order.tiebreaks.len(), 4);
//! let custom = preset::Preset::from_json(
//!     r#"{"name": "club", "source": "Turnierordnung §3", "tiebreaks": "BHSUM/C1,DE/V"}"#,
//! )?;
//! assert_eq!(custom.parse()?.tiebreaks[1].to_string(), "DE/V");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

use super::{BuchholzSum, ParseTieBreakError, TieBreak, parse_list};

/// A named tie-break order with its options. In a JSON file every field but `name` and
/// `tiebreaks` may be left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    /// The name used with `--preset`.
    pub name: String,
    /// The regulation and paragraph the order comes from.
    #[serde(default)]
    pub source: String,
    /// The tie-break codes in order, comma-separated (individual codes of
    /// [`TieBreak`], or team codes for a team preset).
    pub tiebreaks: String,
    /// A team tournament: the codes are team criteria (BP board points, MP match points,
    /// OSB, BW, DE, SW matches won, BH:MP Buchholz on match points).
    #[serde(default)]
    pub team: bool,
    /// A round robin (C.07 Art. 15 for forfeits).
    #[serde(default)]
    pub round_robin: bool,
    /// The Buchholzsumme reading, `cut` (default) or `full`.
    #[serde(default)]
    pub buchholz_sum: BuchholzSum,
    /// What decides when the last criterion leaves a tie.
    #[serde(default)]
    pub playoff: String,
}

/// A preset's order, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// The criteria.
    pub tiebreaks: Vec<TieBreak>,
    /// The Buchholzsumme reading.
    pub buchholz_sum: BuchholzSum,
}

/// Why a preset cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PresetError {
    /// The JSON text is malformed, with line and column.
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The reader's message.
        message: String,
    },
    /// A tie-break code is wrong.
    Code(ParseTieBreakError),
    /// A team preset used on an individual tournament.
    Team(String),
    /// A team criterion code is wrong.
    TeamCode(crate::team::ParseCriterionError),
    /// An individual preset used on a team tournament.
    NotTeam(String),
    /// No preset has this name.
    Unknown(String),
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PresetError::Json {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            PresetError::Code(e) => write!(f, "{e}"),
            PresetError::Team(name) => write!(
                f,
                "preset `{name}` orders a team tournament; the file has no team records (310/013)"
            ),
            PresetError::TeamCode(e) => write!(f, "{e}"),
            PresetError::NotTeam(name) => {
                write!(f, "preset `{name}` orders individuals, not teams")
            }
            PresetError::Unknown(name) => write!(
                f,
                "no preset `{name}` (see `arbiter standings --list-presets`)"
            ),
        }
    }
}

impl std::error::Error for PresetError {}

impl Preset {
    /// Reads a preset from JSON; unknown fields are refused.
    pub fn from_json(text: &str) -> Result<Preset, PresetError> {
        serde_json::from_str(text).map_err(|e| PresetError::Json {
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })
    }

    /// The preset as JSON (the format [`Preset::from_json`] reads).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The order for an individual tournament; a team preset is refused.
    pub fn parse(&self) -> Result<Order, PresetError> {
        if self.team {
            return Err(PresetError::Team(self.name.clone()));
        }
        let tiebreaks = parse_list(&self.tiebreaks).map_err(PresetError::Code)?;
        Ok(Order {
            tiebreaks,
            buchholz_sum: self.buchholz_sum,
        })
    }
}

/// SJRP Spielordnung §10.2: a won team match scores 2, a drawn one 1 (the first criterion of
/// both SJRP team orders).
pub const SJRP_MATCH_POINTS: Article = Article::new("SJRP §10.2");

/// SJRP §10.5 Nr. 1-4, the team Swiss order after match points: board points, Buchholz with
/// one cut, wins, direct encounter.
pub const SJRP_TEAM_SWISS: [Article; 4] = [
    Article::new("SJRP §10.5 Nr. 1"),
    Article::new("SJRP §10.5 Nr. 2"),
    Article::new("SJRP §10.5 Nr. 3"),
    Article::new("SJRP §10.5 Nr. 4"),
];

/// SJRP §10.6 Nr. 1-4, the team round-robin order after match points: board points,
/// Sonneborn-Berger, wins, direct encounter.
pub const SJRP_TEAM_ROUND_ROBIN: [Article; 4] = [
    Article::new("SJRP §10.6 Nr. 1"),
    Article::new("SJRP §10.6 Nr. 2"),
    Article::new("SJRP §10.6 Nr. 3"),
    Article::new("SJRP §10.6 Nr. 4"),
];

impl Preset {
    /// The criteria of a team preset with the provision each rests on: the SJRP team orders
    /// cite their own paragraphs (§10.2, then §10.5 or §10.6 Nr. 1-4), every other preset the
    /// criterion's definition ([`crate::team::Criterion::article`]).
    pub fn team_articles(&self) -> Result<Vec<(crate::team::Criterion, Article)>, PresetError> {
        let own: Option<&[Article; 4]> = match self.name.as_str() {
            "sjrp-teams-swiss" => Some(&SJRP_TEAM_SWISS),
            "sjrp-teams-rr" => Some(&SJRP_TEAM_ROUND_ROBIN),
            _ => None,
        };
        let criteria = self.team_criteria()?;
        Ok(criteria
            .iter()
            .enumerate()
            .map(|(i, &c)| {
                let cited = own.and_then(|o| match i {
                    0 => Some(SJRP_MATCH_POINTS),
                    _ => o.get(i - 1).copied(),
                });
                (c, cited.unwrap_or_else(|| c.article()))
            })
            .collect())
    }

    /// The criteria of a team preset ([`crate::team`]); an individual preset is refused.
    pub fn team_criteria(&self) -> Result<Vec<crate::team::Criterion>, PresetError> {
        if !self.team {
            return Err(PresetError::NotTeam(self.name.clone()));
        }
        crate::team::parse_criteria(&self.tiebreaks).map_err(PresetError::TeamCode)
    }
}

/// One built-in preset: name, source, codes, team, round robin, playoff.
type Row = (
    &'static str,
    &'static str,
    &'static str,
    bool,
    bool,
    &'static str,
);

/// The built-in presets. SW/U counts a pairing-allocated bye as a win, as FIDE WIN and the DSJ
/// website do; the regulations do not say.
const BUILTIN: [Row; 8] = [
    (
        "sjrp-swiss",
        "SJRP Spielordnung §6.1 (Schweizer System)",
        "BH/C1,SB,SW/U,DE",
        false,
        false,
        "Stichkampf §6.1: two 20-minute rapid games, at 1:1 5-minute blitz until a 2-point lead",
    ),
    (
        "sjrp-rr",
        "SJRP Spielordnung §6.1 (Rundenturnier)",
        "SB,SW/U,DE",
        false,
        true,
        "Stichkampf §6.1: two 20-minute rapid games, at 1:1 5-minute blitz until a 2-point lead",
    ),
    (
        "sjrp-teams-swiss",
        "SJRP Spielordnung §10.5 (Mannschaften, Schweizer System)",
        "MP,BP,BH/C1,SW,DE",
        true,
        false,
        "Blitzentscheid mit vertauschten Farben (§10.5 Nr. 5)",
    ),
    (
        "sjrp-teams-rr",
        "SJRP Spielordnung §10.6 (Mannschaften, Rundenturnier)",
        "MP,BP,SB,SW,DE",
        true,
        true,
        "Blitzentscheid mit vertauschten Farben (§10.6 Nr. 5)",
    ),
    (
        "dsj-swiss",
        "DSJ Jugendspielordnung 2026 Ziffer 4.2 with AB",
        "BH/C1,BHSUM/C1,DE/V,SW/U,TPR",
        false,
        false,
        "",
    ),
    (
        "dsj-rr",
        "DSJ Jugendspielordnung 2026 Ziffer 4.3 with AB",
        "SB,DE/V,SW/U,TPR",
        false,
        true,
        "",
    ),
    (
        "dsj-teams-swiss",
        "DSJ Jugendspielordnung 2026 Ziffer 5.3 with AB",
        "MP,OSB,BP,DE+BW,BH:MP,SW,BW",
        true,
        false,
        "",
    ),
    (
        "dsj-teams-rr",
        "DSJ Jugendspielordnung 2026 Ziffer 5.4 with AB",
        "MP,BP,OSB,DE+BW,SW,BW",
        true,
        true,
        "",
    ),
];

/// Every built-in preset, in listing order.
pub fn builtin() -> Vec<Preset> {
    BUILTIN
        .iter()
        .map(
            |&(name, source, tiebreaks, team, round_robin, playoff)| Preset {
                name: name.into(),
                source: source.into(),
                tiebreaks: tiebreaks.into(),
                team,
                round_robin,
                buchholz_sum: BuchholzSum::default(),
                playoff: playoff.into(),
            },
        )
        .collect()
}

/// The built-in preset called `name` (case-insensitive).
pub fn find(name: &str) -> Result<Preset, PresetError> {
    builtin()
        .into_iter()
        .find(|p| p.name.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| PresetError::Unknown(name.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiebreak::Kind;

    #[test]
    fn individual_presets_parse_and_follow_their_paragraphs() {
        for p in builtin().iter().filter(|p| !p.team) {
            assert!(p.parse().is_ok(), "{}", p.name);
        }
        let kinds = |name: &str| -> Vec<Kind> {
            find(name)
                .unwrap()
                .parse()
                .unwrap()
                .tiebreaks
                .iter()
                .map(|t| t.kind)
                .collect()
        };
        assert_eq!(
            kinds("sjrp-swiss"),
            [Kind::Bh, Kind::Sb, Kind::Sw, Kind::De]
        );
        assert_eq!(kinds("SJRP-RR"), [Kind::Sb, Kind::Sw, Kind::De]);
        let dsj = find("dsj-swiss").unwrap().parse().unwrap();
        assert_eq!(dsj.tiebreaks[1].kind, Kind::Bhsum);
        assert!(dsj.tiebreaks[2].complete_only);
        assert!(find("sjrp-rr").unwrap().round_robin);
        // DE in the SJRP orders is plain C.07 Art. 6 (with 6.3).
        assert!(!find("sjrp-swiss").unwrap().parse().unwrap().tiebreaks[3].complete_only);
    }

    /// SJRP §10.5: after match points, board points, Buchholz with one cut, wins, direct
    /// encounter, then a blitz decider with reversed colours.
    #[test]
    fn r_043_sjrp_teams_swiss_order() {
        let p = find("sjrp-teams-swiss").unwrap();
        assert_eq!(p.tiebreaks, "MP,BP,BH/C1,SW,DE");
        assert!(p.team && !p.round_robin);
        assert!(p.playoff.contains("vertauschten Farben"));
    }

    /// SJRP §10.6: board points, Sonneborn-Berger, wins, direct encounter, blitz decider.
    #[test]
    fn r_044_sjrp_teams_rr_order() {
        let p = find("sjrp-teams-rr").unwrap();
        assert_eq!(p.tiebreaks, "MP,BP,SB,SW,DE");
        assert!(p.team && p.round_robin);
        assert!(p.playoff.contains("§10.6"));
    }

    #[test]
    fn team_presets_are_listed_but_refused_for_individuals() {
        let t = find("sjrp-teams-swiss").unwrap();
        assert!(t.source.contains("§10.5"));
        assert_eq!(t.parse(), Err(PresetError::Team(t.name.clone())));
        assert!(find("sjrp-teams-rr").unwrap().source.contains("§10.6"));
        assert!(matches!(find("fide-open"), Err(PresetError::Unknown(_))));
    }

    #[test]
    fn h21_04_sjrp_team_orders_cite_their_own_paragraphs() {
        let cited = |name: &str| -> Vec<String> {
            find(name)
                .unwrap()
                .team_articles()
                .unwrap()
                .iter()
                .map(|(c, a)| format!("{c} {a}"))
                .collect()
        };
        assert_eq!(
            cited("sjrp-teams-swiss"),
            [
                "MP SJRP §10.2",
                "BP SJRP §10.5 Nr. 1",
                "BH/C1 SJRP §10.5 Nr. 2",
                "SW SJRP §10.5 Nr. 3",
                "DE SJRP §10.5 Nr. 4"
            ]
        );
        assert_eq!(cited("sjrp-teams-rr")[2], "SB SJRP §10.6 Nr. 2");
        assert_eq!(cited("dsj-teams-swiss")[0], "MP C.07 Art. 11");
    }

    #[test]
    fn team_presets_read_as_team_criteria() {
        use crate::team::Criterion::*;
        for p in builtin().iter().filter(|p| p.team) {
            assert!(p.team_criteria().is_ok(), "{}", p.name);
        }
        assert_eq!(
            find("sjrp-teams-swiss").unwrap().team_criteria().unwrap(),
            [
                MatchPoints,
                BoardPoints,
                Buchholz { cut: 1 },
                MatchesWon,
                DirectEncounter
            ]
        );
        let dsj = find("dsj-teams-swiss").unwrap().team_criteria().unwrap();
        assert_eq!(&dsj[..2], [MatchPoints, OlympiadSb]);
        assert_eq!(&dsj[3..5], [DirectEncounter, DirectBerliner]);
        let s = find("sjrp-swiss").unwrap();
        assert_eq!(s.team_criteria(), Err(PresetError::NotTeam(s.name.clone())));
    }

    #[test]
    fn json_round_trip_and_errors() {
        for p in builtin() {
            assert_eq!(Preset::from_json(&p.to_json()).unwrap(), p);
        }
        let p = Preset::from_json(
            r#"{"name": "x", "tiebreaks": "BHSUM/C1,SB", "buchholz_sum": "full"}"#,
        )
        .unwrap();
        assert_eq!(p.parse().unwrap().buchholz_sum, BuchholzSum::FullOpponents);
        let e = Preset::from_json("{\"name\": \"x\",\n \"tiebreaks\": 3}").unwrap_err();
        assert!(matches!(e, PresetError::Json { line: 2, .. }), "{e}");
        assert!(Preset::from_json(r#"{"name": "x", "tiebreaks": "SB", "colour": 1}"#).is_err());
        let bad = Preset::from_json(r#"{"name": "x", "tiebreaks": "SB,QQ"}"#).unwrap();
        assert!(matches!(bad.parse(), Err(PresetError::Code(_))));
        let e = Preset::from_json(r#"{"name": "x", "tiebreaks": "SB", "buchholz_sum": "half"}"#)
            .unwrap_err();
        assert!(e.to_string().contains("half"), "{e}");
    }
}
