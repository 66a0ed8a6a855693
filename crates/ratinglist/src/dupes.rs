//! Duplicate detection and the lookup index for the registration form.

use std::collections::HashMap;
use std::fmt;

use crate::{DsbId, ImportedPlayer};

/// A name as compared: lower case, umlauts and `ß` spelt out (`ä` = `ae`), other accents
/// dropped, punctuation removed, one space between words; `Last, First` order.
///
/// ```
/// assert_eq!(ratinglist::normalise_name("Müller-Lüdenscheidt", "José"), "mueller luedenscheidt jose");
/// assert_eq!(ratinglist::normalise_name("Mueller Luedenscheidt", "Jose"), "mueller luedenscheidt jose");
/// ```
pub fn normalise_name(last: &str, first: &str) -> String {
    let mut out = String::with_capacity(last.len() + first.len() + 1);
    for c in last
        .chars()
        .chain(std::iter::once(' '))
        .chain(first.chars())
    {
        for c in c.to_lowercase() {
            match fold(c) {
                Some(s) => out.push_str(s),
                None if c.is_alphanumeric() => out.push(c),
                None => {
                    if !out.is_empty() && !out.ends_with(' ') {
                        out.push(' ');
                    }
                }
            }
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// A name as a German list sorts it (DIN 5007-1, the dictionary order): lower case, umlauts as
/// their base letter (`Ö` with `O`), `ß` as `ss`, other accents dropped; spaces and punctuation
/// kept, so `Meier, Anna` comes before `Meierhof, Ben`. Sort by the key, then by the name.
///
/// ```
/// let mut names = ["Zimmermann, Ute", "Öztürk, Ali", "Ott, Eva", "Ozols, Ivo"];
/// names.sort_by_key(|n| ratinglist::sort_key(n));
/// assert_eq!(names, ["Ott, Eva", "Ozols, Ivo", "Öztürk, Ali", "Zimmermann, Ute"]);
/// ```
pub fn sort_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    for c in name.chars().flat_map(char::to_lowercase) {
        match c {
            'ä' => key.push('a'),
            'ö' => key.push('o'),
            'ü' => key.push('u'),
            c => match fold(c) {
                Some(s) => key.push_str(s),
                None => key.push(c),
            },
        }
    }
    key
}

/// One character without its accent, keeping its case (`Ł` → `L`), or `?`.
pub(crate) fn fold_char(c: char) -> String {
    let lower: String = c.to_lowercase().collect();
    let mut chars = lower.chars();
    match (chars.next().and_then(fold), chars.next()) {
        (Some(s), None) if c.is_uppercase() => {
            let mut out: String = s[..1].to_uppercase();
            out.push_str(&s[1..]);
            out
        }
        (Some(s), None) => s.to_string(),
        _ => "?".to_string(),
    }
}

/// Latin letters with diacritics as the letters without; German umlauts spelt out.
fn fold(c: char) -> Option<&'static str> {
    Some(match c {
        'ä' | 'æ' => "ae",
        'ö' | 'ø' | 'œ' => "oe",
        'ü' => "ue",
        'ß' => "ss",
        'à' | 'á' | 'â' | 'ã' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'ç' | 'ć' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => "e",
        'ğ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ı' | 'ī' => "i",
        'ł' | 'ľ' | 'ĺ' => "l",
        'ñ' | 'ń' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ő' => "o",
        'ř' | 'ŕ' => "r",
        'ś' | 'š' | 'ş' | 'ș' => "s",
        'ť' | 'ţ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ů' | 'ű' | 'ū' => "u",
        'ý' | 'ÿ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'þ' => "th",
        _ => return None,
    })
}

/// Why two records may be the same person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// Both carry this FIDE ID.
    FideId(u32),
    /// Both carry this DSB membership.
    DsbId(DsbId),
    /// The same normalised name and birth year.
    NameAndBirthYear(String, u16),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::FideId(id) => write!(f, "same FIDE ID {id}"),
            Reason::DsbId(id) => write!(f, "same DSB membership {id}"),
            Reason::NameAndBirthYear(name, year) => {
                write!(f, "same name `{name}` and birth year {year}")
            }
        }
    }
}

/// Two records (indices into the slice, `first < second`) that may be the same person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicate {
    /// Index of the earlier record.
    pub first: usize,
    /// Index of the later record.
    pub second: usize,
    /// Why they may be the same person.
    pub reason: Reason,
}

/// Candidate duplicates, each pair once per reason, ordered by `(first, second)`.
pub fn duplicates(players: &[ImportedPlayer]) -> Vec<Duplicate> {
    let mut out = Vec::new();
    let mut fide: Vec<(u32, usize)> = players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.fide_id.map(|id| (id, i)))
        .collect();
    fide.sort_unstable();
    pairs(&fide, |(id, _)| Reason::FideId(*id), &mut out);
    let mut dsb: Vec<(&DsbId, usize)> = players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.dsb_id.as_ref().map(|id| (id, i)))
        .collect();
    dsb.sort_unstable();
    pairs(&dsb, |(id, _)| Reason::DsbId((*id).clone()), &mut out);
    let mut names: Vec<((String, u16), usize)> = players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            p.birth_year()
                .map(|y| ((normalise_name(&p.last_name, &p.first_name), y), i))
        })
        .collect();
    names.sort_unstable();
    pairs(
        &names,
        |((name, year), _)| Reason::NameAndBirthYear(name.clone(), *year),
        &mut out,
    );
    out.sort_by_key(|d| (d.first, d.second, d.reason.to_string()));
    out
}

/// Every pair within each run of equal keys of `sorted` (key, index) entries.
fn pairs<K: PartialEq>(
    sorted: &[(K, usize)],
    reason: impl Fn(&(K, usize)) -> Reason,
    out: &mut Vec<Duplicate>,
) {
    for run in sorted.chunk_by(|a, b| a.0 == b.0).filter(|r| r.len() > 1) {
        for (k, a) in run.iter().enumerate() {
            for b in &run[k + 1..] {
                out.push(Duplicate {
                    first: a.1.min(b.1),
                    second: a.1.max(b.1),
                    reason: reason(a),
                });
            }
        }
    }
}

/// Lookups over a player list for a registration form: by FIDE ID, by DSB membership and
/// by the beginning of the normalised name.
///
/// ```
/// use ratinglist::{ImportedPlayer, PlayerIndex};
///
/// let players = vec![
///     ImportedPlayer { last_name: "Özdemir".into(), first_name: "Leyla".into(), fide_id: Some(99000029), ..Default::default() },
///     ImportedPlayer { last_name: "Oberhuber".into(), first_name: "Jakob".into(), ..Default::default() },
/// ];
/// let index = PlayerIndex::new(&players);
/// assert_eq!(index.by_fide_id(99000029), Some(0));
/// assert_eq!(index.by_name_prefix("oezd"), [0]);
/// assert_eq!(index.by_name_prefix("O"), [1, 0]);
/// assert_eq!(index.by_name_prefix("Oberhuber, J"), [1]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct PlayerIndex {
    fide: HashMap<u32, usize>,
    dsb: HashMap<DsbId, usize>,
    names: Vec<(String, usize)>,
}

impl PlayerIndex {
    /// The index over `players`; on duplicate IDs the first record wins.
    pub fn new(players: &[ImportedPlayer]) -> PlayerIndex {
        let mut index = PlayerIndex::default();
        for (i, p) in players.iter().enumerate() {
            if let Some(id) = p.fide_id {
                index.fide.entry(id).or_insert(i);
            }
            if let Some(id) = &p.dsb_id {
                index.dsb.entry(id.clone()).or_insert(i);
            }
            index
                .names
                .push((normalise_name(&p.last_name, &p.first_name), i));
        }
        index.names.sort_unstable();
        index
    }

    /// The record with this FIDE ID.
    pub fn by_fide_id(&self, id: u32) -> Option<usize> {
        self.fide.get(&id).copied()
    }

    /// The record with this DSB membership.
    pub fn by_dsb_id(&self, id: &DsbId) -> Option<usize> {
        self.dsb.get(id).copied()
    }

    /// Records whose normalised `last first` name starts with the normalised query
    /// (`Last, First` or `Last First`), in name order.
    pub fn by_name_prefix(&self, query: &str) -> Vec<usize> {
        let key = normalise_name(query, "");
        let start = self
            .names
            .partition_point(|(n, _)| n.as_str() < key.as_str());
        self.names[start..]
            .iter()
            .take_while(|(n, _)| n.starts_with(&key))
            .map(|&(_, i)| i)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Birth;

    fn player(last: &str, first: &str, year: u16) -> ImportedPlayer {
        ImportedPlayer {
            last_name: last.into(),
            first_name: first.into(),
            birth: Some(Birth::Year(year)),
            ..ImportedPlayer::default()
        }
    }

    #[test]
    fn finds_each_reason() {
        let mut a = player("Groß", "Jörg", 1970);
        a.fide_id = Some(4711);
        let b = player("Gross", "Joerg", 1970);
        let mut c = player("Gross", "Joerg", 1971);
        c.fide_id = Some(4711);
        c.dsb_id = "C0327-5".parse().ok();
        let mut d = player("Anders", "Ute", 1980);
        d.dsb_id = "C0327-5".parse().ok();
        let found = duplicates(&[a, b, c, d]);
        let got: Vec<(usize, usize, String)> = found
            .iter()
            .map(|d| (d.first, d.second, d.reason.to_string()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    0,
                    1,
                    "same name `gross joerg` and birth year 1970".to_string()
                ),
                (0, 2, "same FIDE ID 4711".to_string()),
                (2, 3, "same DSB membership C0327-5".to_string()),
            ]
        );
    }

    #[test]
    fn different_people_are_no_candidates() {
        let found = duplicates(&[
            player("Gross", "Jörg", 1970),
            player("Gross", "Jörn", 1970),
            player("Gross", "Jörg", 1990),
        ]);
        assert!(found.is_empty(), "{found:?}");
    }
}
