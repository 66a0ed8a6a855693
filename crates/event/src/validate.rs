//! The one check of everything a user enters: players, registrations, squads, sections and
//! events. Every number is bounded and every text is one line of bounded length, so that the
//! formats a section must export (TRF-2026, the DSB formats, CSV) can always write it and no
//! size is taken from user data unchecked. Errors name the field and what was expected, in
//! English ([`fmt::Display`]) and German ([`Invalid::german`]).
//!
//! ```
//! use event::person::PlayerId;
//! use event::player::Player;
//! use event::validate::{self, Field};
//!
//! let mut p = Player::new(PlayerId(1), "Meyer", "Lena");
//! p.federation = "GER".into();
//! assert!(validate::player(&p).is_ok());
//! p.last_name = "Meyer\n001 forged".into();
//! let e = validate::player(&p).unwrap_err();
//! assert_eq!(e.field, Field::LastName);
//! assert!(e.to_string().starts_with("last name: expected at most 33 characters"));
//! ```

use std::fmt;

use ratinglist::Title;
use serde::Serialize;

use crate::date::Date;
use crate::event::Event;
use crate::player::{Entry, MAX_RATING, Player};
use crate::section::Section;
use crate::team::squad::Squad;

/// Most rounds of a section (the TRF round blocks and the DSB formats, at most 255, hold them;
/// a double round robin of 30 players needs 58).
pub const MAX_ROUNDS: u32 = 99;
/// Most players in a section: TRF pairing numbers have four columns.
pub const MAX_PLAYERS: usize = 9999;
/// Highest DWZ index (number of evaluations).
pub const MAX_DWZ_INDEX: u16 = 999;
/// Highest FIDE id: fits TRF columns 58-68 and the DSB formats (32 bits); 0 counts as none.
pub const MAX_FIDE_ID: u64 = 4_294_967_295;
/// Most characters of `Last, First` (TRF columns 15-47).
pub const MAX_NAME: usize = 33;
/// Most characters of other texts: names of events, sections, venues, clubs, teams, settings.
pub const MAX_TEXT: usize = 100;
/// Most minutes of the default time (Art. 6.7.1): a day.
pub const MAX_DEFAULT_TIME: u32 = 1440;
/// Most classes in one section.
pub const MAX_CLASSES: usize = 40;
/// Years of dates (birth, event, schedule): four digits in TRF's `YYYY/MM/DD`.
pub const YEARS: std::ops::RangeInclusive<u16> = 1900..=2099;
/// Most characters of a DSB club number (ZPS).
const ZPS: usize = 5;
/// Highest DSB member number.
const MAX_MEMBER: u32 = 9999;

/// A field a user sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Field {
    /// Family name.
    LastName,
    /// Given name.
    FirstName,
    /// Club.
    Club,
    /// Federation.
    Federation,
    /// FIDE title.
    Title,
    /// FIDE id.
    FideId,
    /// Elo.
    Elo,
    /// DWZ.
    Dwz,
    /// DWZ index.
    DwzIndex,
    /// Sex.
    Sex,
    /// The rating list of the DWZ.
    DwzList,
    /// The rating list of the Elo.
    EloList,
    /// Birth date.
    Birth,
    /// DSB membership.
    DsbId,
    /// First round of a late entry.
    FirstRound,
    /// Round of a withdrawal.
    WithdrawnAfter,
    /// Round of a requested bye.
    ByeRound,
    /// Name of an event.
    EventName,
    /// Venue.
    Venue,
    /// First day.
    StartDate,
    /// Last day.
    EndDate,
    /// Name of a section.
    SectionName,
    /// Number of rounds.
    Rounds,
    /// Board colours of a team section.
    Colours,
    /// Classes of a section.
    Classes,
    /// Time control.
    TimeControl,
    /// Regulations profile.
    Profile,
    /// Tie-breaks.
    Tiebreaks,
    /// Default time.
    DefaultTime,
    /// Delay of the public live boards.
    PublicDelay,
    /// Round schedule.
    Schedule,
    /// Number of players.
    Players,
    /// Name of a team.
    TeamName,
    /// School of a pupil.
    School,
    /// The reason for admitting an entry over a refusal.
    OverrideReason,
}

impl Field {
    /// The English name.
    pub fn english(self) -> &'static str {
        self.names().0
    }

    /// The German name.
    pub fn german(self) -> &'static str {
        self.names().1
    }

    fn names(self) -> (&'static str, &'static str) {
        match self {
            Field::LastName => ("last name", "Nachname"),
            Field::FirstName => ("first name", "Vorname"),
            Field::Club => ("club", "Verein"),
            Field::Federation => ("federation", "Föderation"),
            Field::Title => ("title", "Titel"),
            Field::FideId => ("FIDE id", "FIDE-ID"),
            Field::Elo => ("Elo", "Elo"),
            Field::Dwz => ("DWZ", "DWZ"),
            Field::DwzIndex => ("DWZ index", "DWZ-Index"),
            Field::Sex => ("sex", "Geschlecht"),
            Field::DwzList => ("DWZ list", "DWZ-Liste"),
            Field::EloList => ("Elo list", "Elo-Liste"),
            Field::Birth => ("birth date", "Geburtsdatum"),
            Field::DsbId => ("DSB membership", "DSB-Mitgliedschaft"),
            Field::FirstRound => ("first round", "erste Runde"),
            Field::WithdrawnAfter => ("withdrawn after round", "zurückgezogen nach Runde"),
            Field::ByeRound => ("round of a requested bye", "Runde eines Freiloses"),
            Field::EventName => ("event name", "Turniername"),
            Field::Venue => ("place", "Ort"),
            Field::StartDate => ("start date", "Beginn"),
            Field::EndDate => ("end date", "Ende"),
            Field::SectionName => ("section name", "Gruppenname"),
            Field::Rounds => ("rounds", "Runden"),
            Field::Colours => ("board colours", "Brettfarben"),
            Field::Classes => ("classes", "Altersklassen"),
            Field::TimeControl => ("time control", "Bedenkzeit"),
            Field::Profile => ("profile", "Regelwerk"),
            Field::Tiebreaks => ("tie-breaks", "Feinwertungen"),
            Field::DefaultTime => ("default time", "Karenzzeit"),
            Field::PublicDelay => (
                "delay of the public live boards",
                "Verzögerung der öffentlichen Live-Bretter",
            ),
            Field::Schedule => ("schedule", "Zeitplan"),
            Field::Players => ("players", "Teilnehmer"),
            Field::TeamName => ("team name", "Mannschaftsname"),
            Field::School => ("school", "Schule"),
            Field::OverrideReason => ("reason for the exception", "Begründung der Ausnahme"),
        }
    }
}

/// What a field must hold.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Expected {
    /// A value; empty is not allowed.
    Required,
    /// One line of at most this many characters (no line breaks, tabs or other control
    /// characters).
    Text(usize),
    /// A whole number in this range.
    Range(u64, u64),
    /// Three capital letters (`GER`) or nothing.
    Federation,
    /// A FIDE title (`GM`, `IM`, `WGM`, `FM`, `WIM`, `CM`, `WFM`, `WCM`) or nothing.
    Title,
    /// A date in the years of [`YEARS`].
    Date,
    /// A ZPS of five digits or capital letters and a member number 1-9999.
    DsbId,
    /// `m`, `f` (`w`) or nothing.
    Sex,
    /// Age classes `U8`-`U20` (`w` for girls), `Open` or `Women`, comma-separated.
    Class,
}

/// A value that is refused: the field, what was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Invalid {
    /// The field.
    pub field: Field,
    /// What it must hold.
    pub expected: Expected,
    /// The value found, shortened to 40 characters with control characters escaped.
    pub found: String,
}

impl Invalid {
    /// `found` refused for `field`, which must hold `expected`.
    pub fn new(field: Field, expected: Expected, found: &str) -> Invalid {
        let mut shown: String = found
            .chars()
            .take(40)
            .flat_map(char::escape_debug)
            .collect();
        if found.chars().count() > 40 {
            shown.push('…');
        }
        Invalid {
            field,
            expected,
            found: shown,
        }
    }

    /// The message in German.
    pub fn german(&self) -> String {
        let expected = match &self.expected {
            Expected::Required => "eine Angabe".to_owned(),
            Expected::Text(n) => {
                format!(
                    "höchstens {n} Zeichen in einer Zeile (ohne Zeilenumbrüche und Steuerzeichen)"
                )
            }
            Expected::Range(a, b) => format!("eine ganze Zahl von {a} bis {b}"),
            Expected::Federation => "drei Großbuchstaben (z. B. GER) oder nichts".to_owned(),
            Expected::Title => {
                "einen FIDE-Titel (GM, IM, WGM, FM, WIM, CM, WFM, WCM) oder nichts".to_owned()
            }
            Expected::Date => format!("ein Datum in den Jahren {}-{}", YEARS.start(), YEARS.end()),
            Expected::DsbId => {
                "eine ZPS aus fünf Ziffern oder Großbuchstaben und eine Mitgliedsnummer 1-9999"
                    .to_owned()
            }
            Expected::Sex => "m, w oder nichts".to_owned(),
            Expected::Class => {
                "Altersklassen U8 bis U20 (mit w für Mädchen), Open oder Women, durch Komma getrennt"
                    .to_owned()
            }
        };
        format!(
            "{}: erwartet {expected}, gefunden `{}`",
            self.field.german(),
            self.found
        )
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: expected ", self.field.english())?;
        match &self.expected {
            Expected::Required => f.write_str("a value"),
            Expected::Text(n) => write!(
                f,
                "at most {n} characters on one line (no line breaks or control characters)"
            ),
            Expected::Range(a, b) => write!(f, "a whole number from {a} to {b}"),
            Expected::Federation => f.write_str("three capital letters (e.g. GER) or nothing"),
            Expected::Title => {
                f.write_str("a FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM) or nothing")
            }
            Expected::Date => write!(f, "a date in the years {}-{}", YEARS.start(), YEARS.end()),
            Expected::DsbId => {
                f.write_str("a ZPS of five digits or capital letters and a member number 1-9999")
            }
            Expected::Sex => f.write_str("m, f or nothing"),
            Expected::Class => {
                f.write_str("age classes U8-U20 (with w for girls), Open or Women, comma-separated")
            }
        }?;
        write!(f, ", found `{}`", self.found)
    }
}

impl std::error::Error for Invalid {}

/// One line of at most `max` characters.
pub fn text(field: Field, value: &str, max: usize) -> Result<(), Invalid> {
    if value.chars().count() > max || value.chars().any(char::is_control) {
        return Err(Invalid::new(field, Expected::Text(max), value));
    }
    Ok(())
}

/// One line of 1 to `max` characters, not only blanks.
pub fn required(field: Field, value: &str, max: usize) -> Result<(), Invalid> {
    if value.trim().is_empty() {
        return Err(Invalid::new(field, Expected::Required, value));
    }
    text(field, value, max)
}

/// A number in `min..=max`.
pub fn number(field: Field, value: u64, min: u64, max: u64) -> Result<(), Invalid> {
    if !(min..=max).contains(&value) {
        return Err(Invalid::new(
            field,
            Expected::Range(min, max),
            &value.to_string(),
        ));
    }
    Ok(())
}

/// A date in the years of [`YEARS`].
pub fn date(field: Field, value: Date) -> Result<(), Invalid> {
    if !YEARS.contains(&value.year()) {
        return Err(Invalid::new(field, Expected::Date, &value.to_string()));
    }
    Ok(())
}

/// A round number 1-[`MAX_ROUNDS`].
fn round(field: Field, value: u32) -> Result<(), Invalid> {
    number(field, u64::from(value), 1, u64::from(MAX_ROUNDS))
}

/// A player's fields: names (together at most [`MAX_NAME`] characters as `Last, First`), club,
/// federation, title, FIDE id, ratings, birth date and DSB membership.
pub fn player(p: &Player) -> Result<(), Invalid> {
    required(Field::LastName, &p.last_name, MAX_NAME)?;
    let room = MAX_NAME.saturating_sub(p.last_name.chars().count() + 2);
    text(Field::FirstName, &p.first_name, room)?;
    text(Field::Club, &p.club, MAX_TEXT)?;
    let f = &p.federation;
    if !f.is_empty() && (f.len() != 3 || !f.bytes().all(|b| b.is_ascii_uppercase())) {
        return Err(Invalid::new(Field::Federation, Expected::Federation, f));
    }
    if let Some(t) = &p.title
        && (matches!(Title::parse(t), None | Some(Title::Other(_))) || *t != t.to_ascii_uppercase())
    {
        return Err(Invalid::new(Field::Title, Expected::Title, t));
    }
    if let Some(id) = p.fide_id {
        number(Field::FideId, id, 0, MAX_FIDE_ID)?;
    }
    let rating = |field, value: Option<u16>, max: u16| {
        value.map_or(Ok(()), |v| number(field, u64::from(v), 0, u64::from(max)))
    };
    rating(Field::Elo, p.elo, MAX_RATING)?;
    rating(Field::Dwz, p.dwz, MAX_RATING)?;
    rating(Field::DwzIndex, p.dwz_index, MAX_DWZ_INDEX)?;
    for (field, list) in [(Field::DwzList, &p.dwz_list), (Field::EloList, &p.elo_list)] {
        if let Some(list) = list {
            text(field, list, MAX_TEXT)?;
        }
    }
    if let Some(b) = p.birth
        && !YEARS.contains(&b.year())
    {
        return Err(Invalid::new(Field::Birth, Expected::Date, &b.to_string()));
    }
    if let Some(d) = &p.dsb
        && (d.zps.parse::<ratinglist::Zps>().is_err()
            || d.zps.len() != ZPS
            || !(1..=MAX_MEMBER).contains(&d.member))
    {
        return Err(Invalid::new(Field::DsbId, Expected::DsbId, &d.to_string()));
    }
    Ok(())
}

/// A registration: the player ([`player`]), and rounds of entry, withdrawal and requested byes
/// in 1-[`MAX_ROUNDS`] (withdrawal also 0: before round 1).
pub fn entry(e: &Entry) -> Result<(), Invalid> {
    player(&e.player)?;
    round(Field::FirstRound, e.first_round)?;
    if let Some(w) = e.withdrawn_after {
        number(
            Field::WithdrawnAfter,
            u64::from(w),
            0,
            u64::from(MAX_ROUNDS),
        )?;
    }
    if let Some(o) = &e.admitted_over {
        required(Field::OverrideReason, &o.reason, MAX_TEXT)?;
    }
    e.requested_byes
        .keys()
        .try_for_each(|&r| round(Field::ByeRound, r))
}

/// A section's settings: name, rounds, classes, the texts of time control, profile and
/// tie-breaks, default time and schedule; and the number of entries (at most
/// [`MAX_PLAYERS`]). The entries themselves are checked by [`entry`].
pub fn section(s: &Section) -> Result<(), Invalid> {
    required(Field::SectionName, &s.name, MAX_TEXT)?;
    round(Field::Rounds, s.rounds)?;
    let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    number(
        Field::Classes,
        count(s.classes.len()),
        1,
        count(MAX_CLASSES),
    )?;
    text(Field::TimeControl, &s.time_control, MAX_TEXT)?;
    text(Field::Profile, &s.profile, MAX_TEXT)?;
    text(Field::Tiebreaks, &s.tiebreaks, MAX_TEXT)?;
    number(
        Field::DefaultTime,
        u64::from(s.default_time_minutes),
        0,
        u64::from(MAX_DEFAULT_TIME),
    )?;
    number(
        Field::PublicDelay,
        u64::from(s.public_delay_minutes),
        0,
        u64::from(crate::section::MAX_PUBLIC_DELAY_MINUTES),
    )?;
    number(
        Field::Schedule,
        count(s.schedule.len()),
        0,
        u64::from(MAX_ROUNDS),
    )?;
    s.schedule
        .iter()
        .try_for_each(|r| date(Field::Schedule, r.date))?;
    room(s, 0)
}

/// Room for `more` registrations in the section: at most [`MAX_PLAYERS`] in all.
pub fn room(s: &Section, more: usize) -> Result<(), Invalid> {
    let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
    number(
        Field::Players,
        count(s.entries.len().saturating_add(more)),
        0,
        count(MAX_PLAYERS),
    )
}

/// An event's name, venue and dates.
pub fn event(ev: &Event) -> Result<(), Invalid> {
    required(Field::EventName, &ev.name, MAX_TEXT)?;
    text(Field::Venue, &ev.venue, MAX_TEXT)?;
    date(Field::StartDate, ev.start)?;
    date(Field::EndDate, ev.end)
}

/// A team's registration: name, club and every member ([`player`], the school's name).
pub fn squad(s: &Squad) -> Result<(), Invalid> {
    required(Field::TeamName, &s.name, MAX_TEXT)?;
    text(Field::Club, &s.club, MAX_TEXT)?;
    s.members.iter().try_for_each(|m| {
        player(&m.player)?;
        m.pupil
            .as_ref()
            .map_or(Ok(()), |p| text(Field::School, &p.school, MAX_TEXT))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::age::{AgeClass, Class};
    use crate::date::Birth;
    use crate::person::{DsbId, PlayerId};
    use crate::round::ByeKind;

    fn lena() -> Player {
        let mut p = Player::new(PlayerId(1), "Meyer", "Lena");
        p.federation = "GER".into();
        p.title = Some("WFM".into());
        p.elo = Some(2100);
        p.fide_id = Some(12_345_678);
        p.birth = Date::new(2012, 3, 4).map(Birth::Date);
        p.dsb = Some(DsbId {
            zps: "G0101".into(),
            member: 17,
        });
        p
    }

    fn refused(p: &Player) -> Field {
        player(p).expect_err("refused").field
    }

    #[test]
    fn h19_02_control_characters_are_refused_in_every_text() {
        assert_eq!(player(&lena()), Ok(()));
        for (field, set) in [
            (
                Field::LastName,
                (|p: &mut Player| p.last_name.push('\n')) as fn(&mut Player),
            ),
            (Field::FirstName, |p| p.first_name.push('\r')),
            (Field::Club, |p| p.club = "SK\u{1b}[31m".into()),
        ] {
            let mut p = lena();
            set(&mut p);
            assert_eq!(refused(&p), field);
        }
        let day = Date::new(2012, 3, 4).unwrap();
        let mut ev = Event::new("LEM", "Mainz", day, day);
        assert_eq!(event(&ev), Ok(()));
        ev.venue = "Mainz\n012 forged".into();
        let e = event(&ev).unwrap_err();
        assert_eq!(e.field, Field::Venue);
        assert_eq!(e.found, "Mainz\\n012 forged");
        assert!(
            e.german()
                .starts_with("Ort: erwartet höchstens 100 Zeichen"),
            "{}",
            e.german()
        );
    }

    #[test]
    fn h19_06_values_wider_than_the_trf_columns_are_refused() {
        let cases: [(Field, fn(&mut Player)); 8] = [
            (Field::Title, |p| p.title = Some("ABCD".into())),
            (Field::Title, |p| p.title = Some("gm".into())),
            (Field::Federation, |p| p.federation = "GERMANY".into()),
            (Field::Federation, |p| p.federation = "ger".into()),
            (Field::Elo, |p| p.elo = Some(65_535)),
            (Field::FideId, |p| p.fide_id = Some(u64::MAX)),
            (Field::LastName, |p| p.last_name = "x".repeat(200)),
            (Field::Birth, |p| p.birth = Some(Birth::Year(1066))),
        ];
        for (field, set) in cases {
            let mut p = lena();
            set(&mut p);
            assert_eq!(refused(&p), field);
        }
        let mut p = lena();
        p.last_name = "L".repeat(20);
        p.first_name = "F".repeat(11);
        assert_eq!(player(&p), Ok(()), "`Last, First` has 33 characters");
        p.first_name.push('F');
        assert_eq!(refused(&p), Field::FirstName);
        p.dsb = Some(DsbId {
            zps: "G01".into(),
            member: 17,
        });
        p.first_name.clear();
        assert_eq!(refused(&p), Field::DsbId);
    }

    #[test]
    fn h19_01_rounds_and_round_numbers_are_bounded() {
        let mut s = Section::new("U12", vec![Class::open(AgeClass::U12)]);
        assert_eq!(section(&s), Ok(()));
        for rounds in [0, MAX_ROUNDS + 1, u32::MAX] {
            s.rounds = rounds;
            let e = section(&s).unwrap_err();
            assert_eq!(e.field, Field::Rounds);
            assert_eq!(
                e.to_string(),
                format!("rounds: expected a whole number from 1 to 99, found `{rounds}`")
            );
        }
        s.rounds = 7;
        s.default_time_minutes = u32::MAX;
        assert_eq!(section(&s).unwrap_err().field, Field::DefaultTime);
        s.default_time_minutes = 15;
        s.name = "x".repeat(15 << 20);
        let e = section(&s).unwrap_err();
        assert_eq!((e.field, e.found.chars().count()), (Field::SectionName, 41));
        let mut e = Entry::new(lena(), Class::open(AgeClass::U12));
        assert_eq!(entry(&e), Ok(()));
        e.requested_byes.insert(u32::MAX, ByeKind::Half);
        assert_eq!(entry(&e).unwrap_err().field, Field::ByeRound);
        e.requested_byes.clear();
        e.first_round = u32::MAX;
        assert_eq!(entry(&e).unwrap_err().field, Field::FirstRound);
    }
}
