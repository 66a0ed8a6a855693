//! Tie-break codes (C.07 Art. 5) with their modifiers (Art. 14): `BH/C1`, `BH/M1`, `SB`, `DE/P`,
//! and the German criteria of the DSJ Jugendspielordnung and the SJRP Spielordnung: `BHSUM/C1`
//! (Buchholzsumme), `SW` (Siegwertung), `DE/V` (direkter Vergleich, sofern vollständig),
//! `OSB` (Olympiade-Sonneborn-Berger) and `BW` (Berliner Wertung).

use std::fmt;
use std::str::FromStr;

use laws::{Article, Lang};

use crate::rating::Hundredths;

/// A tie-break criterion of C.07 (individual tournaments).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Tournament points (the primary score).
    Pts,
    /// Direct encounter (Art. 6).
    De,
    /// Number of wins, with or without playing (Art. 7.1).
    Win,
    /// Games won over the board (Art. 7.2).
    Won,
    /// Games played with black (Art. 7.3).
    Bpg,
    /// Games won with black (Art. 7.4).
    Bwg,
    /// Progressive score (Art. 7.5).
    Ps,
    /// Rounds one elected to play (Art. 7.6, formerly GE).
    Rep,
    /// Standard points: the score recomputed with 1/½/0 (2026 Art. 7.7).
    Std,
    /// Tournament pairing number, lower ranks higher (2026 Art. 7.8).
    Tpn,
    /// Buchholz (Art. 8.1).
    Bh,
    /// Average of opponents' Buchholz (Art. 8.2).
    Aob,
    /// Fore Buchholz (Art. 8.3).
    Fb,
    /// Sonneborn-Berger (Art. 9.1).
    Sb,
    /// Koya: points scored against opponents with at least half the maximum score (Art. 9.2).
    Ks,
    /// Average rating of opponents (Art. 10.1).
    Aro,
    /// Tournament performance rating (Art. 10.2).
    Tpr,
    /// Perfect tournament performance (Art. 10.3).
    Ptp,
    /// Average of opponents' TPR (Art. 10.4).
    Apro,
    /// Average of opponents' PTP (Art. 10.5).
    Appo,
    /// The participant's own rating (2026 Art. 10.6).
    Rtng,
    /// Buchholzsumme ("verfeinerte Buchholz", sum of opponents' Buchholz; DSJ JSpO AB 4.2).
    Bhsum,
    /// Siegwertung: wins over the board and by forfeit (DSJ JSpO 4.2 "Gewinnpartien inkl.
    /// kampfloser Siege"; SJRP §6.1); `/U` also counts a pairing-allocated bye.
    Sw,
    /// Olympiade-Sonneborn-Berger: opponent team's match points × own board points
    /// (C.07 Art. 13.2.2; DSJ JSpO 5.3); a team tie-break.
    Osb,
    /// Berliner Wertung: board-weighted wins of a team (DSJ JSpO 5.3/5.4); a team tie-break.
    Bw,
}

impl Kind {
    const ALL: [(Kind, &'static str, &'static str); 25] = [
        (Kind::Pts, "PTS", "C.07 Art. 5"),
        (Kind::De, "DE", "C.07 Art. 6"),
        (Kind::Win, "WIN", "C.07 Art. 7.1"),
        (Kind::Won, "WON", "C.07 Art. 7.2"),
        (Kind::Bpg, "BPG", "C.07 Art. 7.3"),
        (Kind::Bwg, "BWG", "C.07 Art. 7.4"),
        (Kind::Ps, "PS", "C.07 Art. 7.5"),
        (Kind::Rep, "REP", "C.07 Art. 7.6"),
        (Kind::Std, "STD", "C.07 Art. 7.7"),
        (Kind::Tpn, "TPN", "C.07 Art. 7.8"),
        (Kind::Bh, "BH", "C.07 Art. 8.1"),
        (Kind::Aob, "AOB", "C.07 Art. 8.2"),
        (Kind::Fb, "FB", "C.07 Art. 8.3"),
        (Kind::Sb, "SB", "C.07 Art. 9.1"),
        (Kind::Ks, "KS", "C.07 Art. 9.2"),
        (Kind::Aro, "ARO", "C.07 Art. 10.1"),
        (Kind::Tpr, "TPR", "C.07 Art. 10.2"),
        (Kind::Ptp, "PTP", "C.07 Art. 10.3"),
        (Kind::Apro, "APRO", "C.07 Art. 10.4"),
        (Kind::Appo, "APPO", "C.07 Art. 10.5"),
        (Kind::Rtng, "RTNG", "C.07 Art. 10.6"),
        (Kind::Bhsum, "BHSUM", "DSJ JSpO AB 4.2 (Buchholzsumme)"),
        (Kind::Sw, "SW", "DSJ JSpO 4.2 (Siegwertung)"),
        (Kind::Osb, "OSB", "C.07 Art. 13.2.2 (Olympiade-SB)"),
        (Kind::Bw, "BW", "DSJ JSpO 5.3 (Berliner Wertung)"),
    ];

    /// The acronym of C.07 Art. 5.
    pub fn acronym(self) -> &'static str {
        Kind::ALL
            .iter()
            .find(|(k, _, _)| *k == self)
            .map_or("", |(_, name, _)| name)
    }

    /// The article of C.07 (2026 numbering) that defines the criterion.
    pub fn article(self) -> Article {
        Article::new(
            Kind::ALL
                .iter()
                .find(|(k, _, _)| *k == self)
                .map_or("C.07 Art. 5", |(_, _, art)| art),
        )
    }

    fn from_acronym(s: &str) -> Option<Kind> {
        let upper = s.to_ascii_uppercase();
        let upper = if upper == "GE" { "REP" } else { upper.as_str() };
        Kind::ALL
            .iter()
            .find(|(_, name, _)| *name == upper)
            .map(|(k, _, _)| *k)
    }

    /// The English and German names.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Kind::Pts => ("Points", "Punkte"),
            Kind::De => ("Direct encounter", "Direkter Vergleich"),
            Kind::Win => ("Number of wins", "Anzahl Siege"),
            Kind::Won => ("Games won", "Gewonnene Partien"),
            Kind::Bpg => ("Black games played", "Partien mit Schwarz"),
            Kind::Bwg => ("Black games won", "Siege mit Schwarz"),
            Kind::Ps => ("Progressive score", "Fortschrittswertung"),
            Kind::Rep => ("Rounds elected to play", "Gespielte Runden"),
            Kind::Std => ("Standard points", "Standardpunkte"),
            Kind::Tpn => ("Pairing number", "Startnummer"),
            Kind::Bh => ("Buchholz", "Buchholz"),
            Kind::Aob => ("Average of opponents' Buchholz", "Mittlere Gegner-Buchholz"),
            Kind::Fb => ("Fore Buchholz", "Vorab-Buchholz"),
            Kind::Sb => ("Sonneborn-Berger", "Sonneborn-Berger"),
            Kind::Ks => ("Koya", "Koya"),
            Kind::Aro => ("Average rating of opponents", "Gegnerschnitt"),
            Kind::Tpr => ("Tournament performance rating", "Turnierleistung"),
            Kind::Ptp => ("Perfect tournament performance", "Perfekte Turnierleistung"),
            Kind::Apro => (
                "Average of opponents' TPR",
                "Mittlere Gegner-Turnierleistung",
            ),
            Kind::Appo => (
                "Average of opponents' PTP",
                "Mittlere perfekte Gegnerleistung",
            ),
            Kind::Rtng => ("Rating", "Wertungszahl"),
            Kind::Bhsum => ("Sum of opponents' Buchholz", "Buchholzsumme"),
            Kind::Sw => ("Wins including forfeits", "Siegwertung"),
            Kind::Osb => ("Olympiad Sonneborn-Berger", "Olympiade-Sonneborn-Berger"),
            Kind::Bw => ("Berlin scoring", "Berliner Wertung"),
        }
    }

    /// Whether the criterion needs team matches (board results), not individual games.
    pub fn is_team(self) -> bool {
        matches!(self, Kind::Osb | Kind::Bw)
    }

    fn allows_cut(self) -> bool {
        matches!(
            self,
            Kind::Bh | Kind::Fb | Kind::Sb | Kind::Aro | Kind::Ps | Kind::Bhsum
        )
    }

    fn allows_median(self) -> bool {
        matches!(self, Kind::Bh | Kind::Fb)
    }
}

/// Cut or Median (C.07 Art. 14.1, 14.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trim {
    /// `/Cn`: drop the n least significant values.
    Cut(u8),
    /// `/Mn`: drop the n lowest and the n highest values.
    Median(u8),
}

/// A tie-break with its modifiers, e.g. `BH/C1` or `DE/P`.
///
/// Accepted forms: `NAME[/Cn|/Mn][/L±n][/P][/V][/U]`, with `-` also accepted in place of `/` (`BH-C1`),
/// case-insensitive. `GE` is read as its new name `REP`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TieBreak {
    /// The criterion.
    pub kind: Kind,
    /// Cut or Median, if any.
    pub trim: Option<Trim>,
    /// `/P`: forfeited games count as played (Art. 6.1.1, for DE).
    pub forfeits_count: bool,
    /// `/L±n`: KS limit shifted by n half-points (Art. 14.3).
    pub limit: Option<i8>,
    /// `/V` on DE: rank only if every tied participant met every other (DSJ "sofern
    /// vollständig vorhanden", C.07 Art. 6.2 without 6.3).
    pub complete_only: bool,
    /// `/U` on SW: a pairing-allocated bye counts as a win.
    pub bye_counts: bool,
    /// `/F` on AOB: the average of the opponents' fore Buchholz (Art. 8.2, 8.3).
    pub fore: bool,
}

impl TieBreak {
    /// Whether the value is a score (written with two decimals, `24.50`) rather than a count,
    /// a place or a rating (written as a whole number, `3`).
    pub fn is_score(self) -> bool {
        matches!(
            self.kind,
            Kind::Pts
                | Kind::Std
                | Kind::Bh
                | Kind::Fb
                | Kind::Sb
                | Kind::Ks
                | Kind::Ps
                | Kind::Aob
                | Kind::Bhsum
                | Kind::Osb
                | Kind::Bw
        )
    }

    /// A value as the standings print it: `24.50` for a score, `3` for a count or a place.
    pub fn write(self, v: Hundredths) -> String {
        if self.is_score() {
            v.to_string()
        } else {
            (v.0 / 100).to_string()
        }
    }

    /// The criterion in words for a legend, e.g. `Buchholz, without the lowest value` /
    /// `Buchholz, ohne den schwächsten Wert` for `BH/C1`.
    pub fn describe(self, lang: Lang) -> String {
        let (english, german) = self.kind.names();
        let mut out = lang.pick(english, german).to_owned();
        match self.trim {
            Some(Trim::Cut(1)) => {
                out += lang.pick(", without the lowest value", ", ohne den schwächsten Wert")
            }
            Some(Trim::Cut(n)) => {
                out += &lang.pick(
                    format!(", without the {n} lowest values"),
                    format!(", ohne die {n} schwächsten Werte"),
                )
            }
            Some(Trim::Median(1)) => {
                out += lang.pick(
                    ", without the highest and the lowest value",
                    ", ohne den höchsten und den schwächsten Wert",
                )
            }
            Some(Trim::Median(n)) => {
                out += &lang.pick(
                    format!(", without the {n} highest and the {n} lowest values"),
                    format!(", ohne die {n} höchsten und die {n} schwächsten Werte"),
                )
            }
            None => {}
        }
        if self.bye_counts {
            out += lang.pick(
                " (a pairing-allocated bye counts as a win)",
                " (spielfrei zählt als Sieg)",
            );
        }
        if self.forfeits_count {
            out += lang.pick(" (forfeits count as played)", " (kampflose Partien zählen)");
        }
        if self.complete_only {
            out += lang.pick(
                " (only if all tied players met)",
                " (sofern vollständig vorhanden)",
            );
        }
        out
    }
}

impl TieBreak {
    /// The criterion without modifiers.
    pub const fn new(kind: Kind) -> TieBreak {
        TieBreak {
            kind,
            trim: None,
            forfeits_count: false,
            limit: None,
            complete_only: false,
            bye_counts: false,
            fore: false,
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.acronym())?;
        match self.trim {
            Some(Trim::Cut(n)) => write!(f, "/C{n}")?,
            Some(Trim::Median(n)) => write!(f, "/M{n}")?,
            None => {}
        }
        if let Some(n) = self.limit {
            write!(f, "/L{n:+}")?;
        }
        if self.forfeits_count {
            f.write_str("/P")?;
        }
        if self.complete_only {
            f.write_str("/V")?;
        }
        if self.bye_counts {
            f.write_str("/U")?;
        }
        if self.fore {
            f.write_str("/F")?;
        }
        Ok(())
    }
}

/// Why a tie-break code was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseTieBreakErrorKind {
    /// The name is not a C.07 individual tie-break this crate computes.
    UnknownName(String),
    /// The modifier is not `Cn`, `Mn`, `L±n`, `P`, `V` or `U`.
    UnknownModifier(String),
    /// The modifier does not apply to this criterion (Art. 14).
    ModifierNotAllowed(String),
    /// Two Cut/Median modifiers, or `P` twice.
    DuplicateModifier(String),
    /// An empty code (e.g. `BH,,SB`).
    Empty,
}

/// A tie-break code that cannot be read: the code, its position (1-based character column in
/// the text given) and the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseTieBreakError {
    /// The whole code as written.
    pub code: String,
    /// 1-based character column of the offending part.
    pub column: usize,
    /// What is wrong.
    pub kind: ParseTieBreakErrorKind,
}

impl fmt::Display for ParseTieBreakError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "tie-break `{}` (column {}): ", self.code, self.column)?;
        match &self.kind {
            ParseTieBreakErrorKind::UnknownName(n) => write!(f, "unknown tie-break `{n}`"),
            ParseTieBreakErrorKind::UnknownModifier(m) => {
                write!(
                    f,
                    "unknown modifier `{m}` (expected Cn, Mn, L±n, P, V or U)"
                )
            }
            ParseTieBreakErrorKind::ModifierNotAllowed(m) => {
                write!(f, "modifier `{m}` does not apply here (C.07 Art. 14)")
            }
            ParseTieBreakErrorKind::DuplicateModifier(m) => write!(f, "modifier `{m}` repeated"),
            ParseTieBreakErrorKind::Empty => f.write_str("empty code"),
        }
    }
}

impl std::error::Error for ParseTieBreakError {}

impl FromStr for TieBreak {
    type Err = ParseTieBreakError;

    fn from_str(s: &str) -> Result<TieBreak, ParseTieBreakError> {
        let err = |column: usize, kind| ParseTieBreakError {
            code: s.to_string(),
            column,
            kind,
        };
        let trimmed = s.trim_start();
        let lead = s.len() - trimmed.len();
        let trimmed = trimmed.trim_end();
        if trimmed.is_empty() {
            return Err(err(1, ParseTieBreakErrorKind::Empty));
        }
        let separators: &[char] = if trimmed.contains('/') {
            &['/']
        } else {
            &['/', '-']
        };
        let mut parts = trimmed.split(separators);
        let name = parts.next().unwrap_or_default();
        let kind = Kind::from_acronym(name).ok_or_else(|| {
            err(
                s[..lead].chars().count() + 1,
                ParseTieBreakErrorKind::UnknownName(name.to_string()),
            )
        })?;
        let mut tb = TieBreak::new(kind);
        let mut offset = lead + name.len() + 1;
        for part in parts {
            let column = s[..offset.min(s.len())].chars().count() + 1;
            let upper = part.to_ascii_uppercase();
            let number = |rest: &str| rest.parse::<u8>().ok().filter(|n| *n > 0);
            if let Some(limit) = upper
                .strip_prefix('L')
                .filter(|rest| !rest.is_empty())
                .and_then(|rest| rest.strip_prefix('+').unwrap_or(rest).parse::<i8>().ok())
            {
                if kind != Kind::Ks {
                    return Err(err(
                        column,
                        ParseTieBreakErrorKind::ModifierNotAllowed(part.into()),
                    ));
                }
                if tb.limit.is_some() {
                    return Err(err(
                        column,
                        ParseTieBreakErrorKind::DuplicateModifier(part.into()),
                    ));
                }
                tb.limit = Some(limit);
            } else if let Some((flag, owner)) = match upper.as_str() {
                "P" => Some((&mut tb.forfeits_count, Kind::De)),
                "V" => Some((&mut tb.complete_only, Kind::De)),
                "U" => Some((&mut tb.bye_counts, Kind::Sw)),
                "F" => Some((&mut tb.fore, Kind::Aob)),
                _ => None,
            } {
                if kind != owner {
                    return Err(err(
                        column,
                        ParseTieBreakErrorKind::ModifierNotAllowed(part.into()),
                    ));
                }
                if *flag {
                    return Err(err(
                        column,
                        ParseTieBreakErrorKind::DuplicateModifier(part.into()),
                    ));
                }
                *flag = true;
            } else if let Some(trim) = upper
                .strip_prefix('C')
                .and_then(number)
                .map(Trim::Cut)
                .or_else(|| upper.strip_prefix('M').and_then(number).map(Trim::Median))
            {
                let allowed = match trim {
                    Trim::Cut(_) => kind.allows_cut(),
                    Trim::Median(_) => kind.allows_median(),
                };
                if !allowed {
                    return Err(err(
                        column,
                        ParseTieBreakErrorKind::ModifierNotAllowed(part.into()),
                    ));
                }
                if tb.trim.is_some() {
                    return Err(err(
                        column,
                        ParseTieBreakErrorKind::DuplicateModifier(part.into()),
                    ));
                }
                tb.trim = Some(trim);
            } else {
                return Err(err(
                    column,
                    ParseTieBreakErrorKind::UnknownModifier(part.into()),
                ));
            }
            offset += part.len() + 1;
        }
        Ok(tb)
    }
}

/// Reads a comma-separated list such as `BH/C1,SB,WIN,DE`; error columns count from the start
/// of the whole list.
pub fn parse_list(s: &str) -> Result<Vec<TieBreak>, ParseTieBreakError> {
    let mut out = Vec::new();
    let mut start = 0;
    for item in s.split(',') {
        let tb = item.parse::<TieBreak>().map_err(|mut e| {
            e.column += s[..start].chars().count();
            e
        })?;
        out.push(tb);
        start += item.len() + 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_displays_codes() {
        for (text, shown) in [
            ("BH/C1", "BH/C1"),
            ("bh-m1", "BH/M1"),
            ("SB", "SB"),
            ("DE/P", "DE/P"),
            ("GE", "REP"),
            ("ARO/C1", "ARO/C1"),
            ("PS/C2", "PS/C2"),
            ("KS/L-1", "KS/L-1"),
            ("KS/L+2", "KS/L+2"),
            ("ks/l1", "KS/L+1"),
            ("BHSUM/C1", "BHSUM/C1"),
            ("de/v", "DE/V"),
            ("DE/P/V", "DE/P/V"),
            ("SW/U", "SW/U"),
            ("OSB", "OSB"),
            ("BW", "BW"),
        ] {
            let tb: TieBreak = text.parse().unwrap();
            assert_eq!(tb.to_string(), shown);
        }
        let tb: TieBreak = "BH/C2".parse().unwrap();
        assert_eq!(tb.trim, Some(Trim::Cut(2)));
        assert_eq!(tb.kind.article(), Article::new("C.07 Art. 8.1"));
    }

    #[test]
    fn rejects_bad_codes_with_position() {
        let e = parse_list("BH/C1,XY,DE").unwrap_err();
        assert_eq!(e.code, "XY");
        assert_eq!(e.column, 7);
        assert_eq!(e.kind, ParseTieBreakErrorKind::UnknownName("XY".into()));
        let e = parse_list("SB,WIN/C1").unwrap_err();
        assert_eq!(e.column, 8);
        assert!(matches!(
            e.kind,
            ParseTieBreakErrorKind::ModifierNotAllowed(_)
        ));
        let e = "BH/C1/C2".parse::<TieBreak>().unwrap_err();
        assert_eq!(e.column, 7);
        assert!(matches!(
            e.kind,
            ParseTieBreakErrorKind::DuplicateModifier(_)
        ));
        let e = "BH/Q".parse::<TieBreak>().unwrap_err();
        assert!(e.to_string().contains("unknown modifier `Q`"), "{e}");
        assert!(matches!(
            "BH,,SB".parse::<TieBreak>().unwrap_err().kind,
            ParseTieBreakErrorKind::UnknownName(_)
        ));
        assert_eq!(
            parse_list("BH,,SB").unwrap_err().kind,
            ParseTieBreakErrorKind::Empty
        );
        assert!("SB/M1".parse::<TieBreak>().is_err());
        assert!("BH/L1".parse::<TieBreak>().is_err());
        assert!("KS/L".parse::<TieBreak>().is_err());
        assert!("BH/C0".parse::<TieBreak>().is_err());
        assert!("WIN/U".parse::<TieBreak>().is_err());
        assert!("SB/V".parse::<TieBreak>().is_err());
        assert!(matches!(
            "SW/U/U".parse::<TieBreak>().unwrap_err().kind,
            ParseTieBreakErrorKind::DuplicateModifier(_)
        ));
    }
}
