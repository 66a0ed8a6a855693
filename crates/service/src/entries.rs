//! Entries to a championship (SJRP §7.2-§7.6, §8.1-§8.3 and the announcement): the admission
//! list as text (the event settings' field), and the director's changes of single places —
//! a withdrawal, a substitute called up into a place given back, a fee paid, places added —
//! each stored with the event's record and audited ([`event::entries`]).

use event::date::Date;
use event::entries::{AdmissionList, Admitted, Basis, EntryError};
use event::validate::{self, Field};
use serde::Deserialize;

use crate::Service;
use crate::error::ServiceError;

/// Most lines of an admission list.
pub const MAX_ADMITTED: usize = 5_000;
/// Highest fee in euros a place can owe.
pub const MAX_FEE_EUROS: u32 = 10_000;
/// Longest waiting list of one class.
pub const MAX_RANK: u16 = 999;

impl From<EntryError> for ServiceError {
    fn from(e: EntryError) -> ServiceError {
        ServiceError::Rule {
            article: e.article(),
            english: e.to_string(),
            german: Some(e.german()),
        }
    }
}

fn bad(message: String) -> ServiceError {
    ServiceError::BadRequest(message)
}

/// The event's admission list from text, one place a line: `Last, First` followed,
/// comma-separated and in any order, by the birth year (`2012`), the class the place is for
/// (`U14w`), the FIDE id (`24601234`), the basis (`qualifiziert`, `nominiert` (default),
/// `Freiplatz`, `Nachrücker 2`), who qualified or nominated the player (`durch Bezirk Pfalz`),
/// the fee (`240 €`) and the days of the entry
/// (`angemeldet 03.02.2026`), the payment (`bezahlt 04.02.2026`), a withdrawal
/// (`abgesagt 01.03.2026`) and a substitute's call-up (`abgerufen 02.03.2026`). Blank text: no
/// list.
pub fn admission_list(text: &str) -> Result<Option<AdmissionList>, ServiceError> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return Ok(None);
    }
    if lines.len() > MAX_ADMITTED {
        return Err(bad(format!(
            "admission list: {} lines, at most {MAX_ADMITTED}",
            lines.len()
        )));
    }
    let players = lines
        .iter()
        .zip(1..)
        .map(|(line, n)| admitted(line).map_err(|e| bad(format!("admission list, line {n}: {e}"))))
        .collect::<Result<_, _>>()?;
    Ok(Some(AdmissionList { players }))
}

/// The dated words of a line and the field each sets.
const DAYS: [(&str, fn(&mut Admitted) -> &mut Option<Date>); 4] = [
    ("angemeldet", |a| &mut a.entered),
    ("bezahlt", |a| &mut a.paid),
    ("abgesagt", |a| &mut a.withdrawn),
    ("abgerufen", |a| &mut a.called_up),
];

/// One line of an admission list.
fn admitted(line: &str) -> Result<Admitted, String> {
    let mut parts = line.split(',').map(str::trim);
    let last_name = parts.next().unwrap_or_default();
    validate::required(Field::LastName, last_name, validate::MAX_TEXT)
        .map_err(|e| e.to_string())?;
    let mut a = Admitted::new(last_name, parts.next().unwrap_or_default());
    for part in parts.filter(|p| !p.is_empty()) {
        part_of(&mut a, part)?;
    }
    if a.called_up.is_some() && !matches!(a.basis, Basis::Substitute { .. }) {
        return Err("`abgerufen` is for a substitute (`Nachrücker N`) only".into());
    }
    Ok(a)
}

/// Reads one comma-separated part of a line into `a`.
fn part_of(a: &mut Admitted, part: &str) -> Result<(), String> {
    let lower = part.to_lowercase();
    let (word, rest) = lower.split_once(' ').unwrap_or((&lower, ""));
    let rest = rest.trim();
    if let Some((_, field)) = DAYS.iter().find(|(w, _)| *w == word) {
        let day = rest
            .parse()
            .map_err(|_| format!("`{part}`: expected a day after `{word}` (dd.mm.yyyy)"))?;
        *field(a) = Some(day);
        return Ok(());
    }
    if word == "durch" || word == "by" {
        let by = part[word.len()..].trim();
        validate::required(Field::Club, by, validate::MAX_TEXT)
            .map_err(|_| format!("`{part}`: expected who nominated after `{word}`"))?;
        a.by = by.to_owned();
        return Ok(());
    }
    match word {
        "qualifiziert" | "qualified" => a.basis = Basis::Qualified,
        "nominiert" | "nominated" => a.basis = Basis::Nominated,
        "freiplatz" | "free" => a.basis = Basis::FreePlace,
        "nachrücker" | "substitute" => {
            let rank = if rest.is_empty() {
                1
            } else {
                rest.parse::<u16>()
                    .ok()
                    .filter(|r| (1..=MAX_RANK).contains(r))
                    .ok_or_else(|| {
                        format!("`{part}`: expected a place on the waiting list, 1 to {MAX_RANK}")
                    })?
            };
            a.basis = Basis::Substitute { rank };
        }
        _ => return number_or_class(a, part),
    }
    Ok(())
}

/// A fee (`240 €`), a birth year, a FIDE id or a class.
fn number_or_class(a: &mut Admitted, part: &str) -> Result<(), String> {
    if let Some(euros) = part
        .strip_suffix('€')
        .or_else(|| part.strip_suffix("EUR"))
        .map(str::trim)
    {
        let fee = euros
            .parse::<u32>()
            .ok()
            .filter(|f| *f <= MAX_FEE_EUROS)
            .ok_or_else(|| format!("`{part}`: expected whole euros, 0 to {MAX_FEE_EUROS}"))?;
        a.fee_euros = Some(fee);
        return Ok(());
    }
    match part.parse::<u64>() {
        Ok(y) if (1900..=2100).contains(&y) => a.birth_year = u16::try_from(y).ok(),
        Ok(id) => a.fide_id = Some(id),
        Err(_) => {
            a.class = Some(part.parse().map_err(|e: event::age::ParseClassError| {
                format!(
                    "`{part}`: expected a birth year, a class, a FIDE id, a basis \
                     (qualifiziert, nominiert, Freiplatz, Nachrücker N), a fee (240 €) or a \
                     dated word (angemeldet, bezahlt, abgesagt, abgerufen dd.mm.yyyy) ({e})"
                )
            })?);
        }
    }
    Ok(())
}

/// One place as a line of the list ([`admission_list`] reads it back).
pub fn place_line(a: &Admitted) -> String {
    let mut line = format!("{}, {}", a.last_name, a.first_name);
    if let Some(y) = a.birth_year {
        line.push_str(&format!(", {y}"));
    }
    if let Some(c) = a.class {
        line.push_str(&format!(", {c}"));
    }
    if let Some(id) = a.fide_id {
        line.push_str(&format!(", {id}"));
    }
    if a.basis != Basis::Nominated {
        line.push_str(&format!(", {}", a.basis.german()));
    }
    if !a.by.is_empty() {
        line.push_str(&format!(", durch {}", a.by));
    }
    if let Some(fee) = a.fee_euros {
        line.push_str(&format!(", {fee} €"));
    }
    let mut copy = a.clone();
    for (word, field) in DAYS {
        if let Some(day) = *field(&mut copy) {
            line.push_str(&format!(", {word} {}", day.german()));
        }
    }
    line
}

/// The admission list as text, one place a line (see [`admission_list`]).
pub fn admission_text(list: Option<&AdmissionList>) -> String {
    list.map_or_else(String::new, |list| {
        list.players
            .iter()
            .map(place_line)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

/// A change of one place (1-based `place`, as the entries page numbers them), at the event's
/// version read.
#[derive(Debug, Clone, Deserialize)]
pub struct PlaceForm {
    /// The event's version read (optimistic locking).
    pub version: i64,
    /// The place's number on the list (1 = first).
    pub place: usize,
}

/// Places added to the list, in the list's line format; a line without `angemeldet` is
/// entered today.
#[derive(Debug, Clone, Deserialize)]
pub struct AddForm {
    /// The event's version read.
    pub version: i64,
    /// One place a line.
    pub lines: String,
}

impl PlaceForm {
    fn index(&self) -> Result<usize, ServiceError> {
        self.place
            .checked_sub(1)
            .ok_or_else(|| bad("place: expected a number from 1".into()))
    }
}

/// The event's admission list, or a refusal when it has none.
fn list_of(ev: &mut event::Event) -> Result<&mut AdmissionList, ServiceError> {
    ev.admission.as_mut().ok_or_else(|| {
        ServiceError::rule_in(
            "the event has no admission list",
            "die Veranstaltung hat keine Liste der Teilnahmeberechtigten",
        )
    })
}

impl Service {
    /// Records that the holder of a place withdrew today; returns the new version and the
    /// number of the substitute the list proposes for the place (§7.6), if one waits.
    pub async fn withdraw_entry(
        &self,
        by: Option<i64>,
        event: i64,
        f: &PlaceForm,
    ) -> Result<(i64, Option<usize>), ServiceError> {
        let index = f.index()?;
        let mut proposed = None;
        let version = self
            .amend(by, event, f.version, "entry withdrawn", |ev, now| {
                proposed = list_of(ev)?.withdraw(index, now.date)?;
                Ok(())
            })
            .await?;
        Ok((version, proposed.map(|i| i + 1)))
    }

    /// Calls up a waiting substitute today into a place given back (§7.6, §8.3).
    pub async fn call_up_substitute(
        &self,
        by: Option<i64>,
        event: i64,
        f: &PlaceForm,
    ) -> Result<i64, ServiceError> {
        let index = f.index()?;
        self.amend(
            by,
            event,
            f.version,
            "entry substitute called up",
            |ev, now| Ok(list_of(ev)?.call_up(index, now.date)?),
        )
        .await
    }

    /// Records a place's fee as paid today.
    pub async fn record_fee_paid(
        &self,
        by: Option<i64>,
        event: i64,
        f: &PlaceForm,
    ) -> Result<i64, ServiceError> {
        let index = f.index()?;
        self.amend(by, event, f.version, "entry fee paid", |ev, now| {
            Ok(list_of(ev)?.pay(index, now.date)?)
        })
        .await
    }

    /// Adds places to the list (creating it), each entered today unless its line says when.
    pub async fn add_entries(
        &self,
        by: Option<i64>,
        event: i64,
        f: &AddForm,
    ) -> Result<i64, ServiceError> {
        let Some(mut added) = admission_list(&f.lines)? else {
            return Err(bad("lines: name at least one place".into()));
        };
        self.amend(by, event, f.version, "entries added", |ev, now| {
            for a in &mut added.players {
                a.entered.get_or_insert(now.date);
            }
            let list = ev.admission.get_or_insert_with(AdmissionList::default);
            if list.players.len() + added.players.len() > MAX_ADMITTED {
                return Err(bad(format!(
                    "admission list: at most {MAX_ADMITTED} places"
                )));
            }
            list.players.append(&mut added.players);
            Ok(())
        })
        .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h18_01_list_lines_round_trip_with_basis_fee_and_days() {
        let text = "Quast, Ida, 2012, U14w, qualifiziert, 240 €, angemeldet 01.02.2026, bezahlt 03.02.2026\n\
                    Kern, Mia, U14w, Nachrücker 2, abgesagt 04.03.2026\n\
                    Roth, Eva, U14w, Nachrücker, abgerufen 05.03.2026\n\
                    Meyer, Lena, 24601234, nominiert, durch Bezirk Pfalz";
        let list = admission_list(text).unwrap().unwrap();
        assert_eq!(list.players[3].by, "Bezirk Pfalz");
        assert_eq!(list.players[0].by, "");
        assert!(admission_list("Meyer, Lena, durch").is_err());
        assert_eq!(list.players[0].basis, Basis::Qualified);
        assert_eq!(list.players[0].fee_euros, Some(240));
        assert_eq!(list.players[0].paid.unwrap().german(), "03.02.2026");
        assert_eq!(list.players[1].basis, Basis::Substitute { rank: 2 });
        assert_eq!(list.players[2].basis, Basis::Substitute { rank: 1 });
        let again = admission_text(Some(&list));
        assert_eq!(admission_list(&again).unwrap().unwrap(), list);
        assert!(
            again.contains("Nachrücker 1, abgerufen 05.03.2026"),
            "{again}"
        );
    }

    #[test]
    fn h18_01_bad_list_lines_name_line_and_part() {
        let e = |t: &str| admission_list(t).unwrap_err().to_string();
        assert!(e("A, B\nQuast, Ida, bezahlt gestern").contains("line 2"));
        assert!(e("Quast, Ida, bezahlt gestern").contains("dd.mm.yyyy"));
        assert!(e("Quast, Ida, Nachrücker 0").contains("1 to 999"));
        assert!(e("Quast, Ida, 99999 €").contains("whole euros"));
        assert!(e("Quast, Ida, abgerufen 01.03.2026").contains("substitute"));
        assert!(e("Quast, Ida, Ü14").contains("expected a birth year"));
    }
}
