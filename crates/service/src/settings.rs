//! Event and section settings: for an event its dates, the age-class cut-off day
//! (Spielordnung §5.3) and the admission list (§7.2, §8.1); for a section its classes (merged groups §6.3, girls' rankings), system
//! (with the suggestion by the number of players), rounds, time control, regulations profile,
//! default time (Art. 6.7.1), scoring, tie-breaks, rating evaluations, initial colour (C.04.3
//! 5.1) and the date and start time of every round.
//!
//! Pages and the JSON API share one input type per form; both are checked with optimistic
//! locking (the version the caller read) and land in the audit log.

use event::age::{AgeClass, AgeConvention, Class};
use event::date::{Date, Time};
use event::public::PublicBirth;
use event::section::{DutchRules, RoundSchedule, Scoring, SectionKind, System, suggest_system};
use event::seeding::{ParseSeedingError, Seeding};
use event::validate;
use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};

use crate::Service;
use crate::entries::{admission_list, admission_text};
use crate::error::ServiceError;
use crate::rows::{domain_event, json, section_document};

/// The settings of an event as a form or API body sends them.
#[derive(Debug, Clone, Deserialize)]
pub struct EventSettings {
    /// The version read (optimistic locking).
    pub version: i64,
    /// Event name.
    pub name: String,
    /// Venue.
    #[serde(default)]
    pub place: String,
    /// `YYYY-MM-DD`.
    pub start_date: String,
    /// `YYYY-MM-DD`; empty for a one-day event.
    #[serde(default)]
    pub end_date: String,
    /// The cut-off day `MM-DD` (default `12-31`).
    #[serde(default)]
    pub cut_off: String,
    /// `previous` (the cut-off day lies in the year before the season, the default) or `season`.
    #[serde(default)]
    pub cut_off_year: String,
    /// What the public sees of birth dates: `year` (default) or `none`.
    #[serde(default)]
    pub public_birth: String,
    /// The venue's time zone, an IANA name (`Europe/Berlin`); absent: kept.
    #[serde(default)]
    pub time_zone: Option<String>,
    /// The admission list ([`admission_list`]), one player a line; empty: none (everyone is
    /// admitted); absent: kept.
    #[serde(default)]
    pub admission: Option<String>,
    /// The region in the champions' titles (SJRP §7.8, `Rheinland-Pfalz`); absent: kept.
    #[serde(default)]
    pub title_region: Option<String>,
    /// The entry deadline (Anmeldeschluss), `YYYY-MM-DD` or `dd.mm.yyyy`; empty: none;
    /// absent: kept.
    #[serde(default)]
    pub entry_deadline: Option<String>,
}

/// The settings of a section as a form or API body sends them.
#[derive(Debug, Deserialize)]
pub struct SectionSettings {
    /// The version read (optimistic locking).
    pub version: i64,
    /// Classes, comma-separated (`U14,U14w,U16`); empty for open.
    #[serde(default)]
    pub classes: String,
    /// `swiss` (Dutch rules by the start date), `swiss_2017`, `swiss_2026`, `round_robin` or
    /// `double_round_robin`.
    pub system: String,
    /// Rounds of a Swiss (a round robin's follow from its players).
    pub rounds: u32,
    /// TRF-2026 `222` notation, e.g. `5400+30`.
    pub time_control: String,
    /// `fide-2023`, `fide-2018`, `sjrp-u8-u12`, `sjrp-u14-u18` or `sjrp-u20` (`sjrp`: the SJRP
    /// profile of the section's classes).
    pub profile: String,
    /// Default time in minutes.
    pub default_time: u32,
    /// `standard`, `three_one_zero` or `rkst`.
    pub scoring: String,
    /// A preset name or tie-break codes.
    pub tiebreaks: String,
    /// Rated for DWZ (the DSB evaluation files are offered).
    #[serde(default, deserialize_with = "flag")]
    pub dwz: bool,
    /// Rated for Elo.
    #[serde(default, deserialize_with = "flag")]
    pub elo: bool,
    /// `white` or `black`: the colour of pairing number 1 in round 1.
    #[serde(default)]
    pub initial_colour: String,
    /// The seeding rule (`dwz-elo`, `elo-dwz`, `max`, `pseudo-800`); empty keeps it.
    #[serde(default)]
    pub seeding: String,
    /// One line per round from round 1: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`.
    #[serde(default)]
    pub schedule: String,
    /// Check-in before round 1 ([`event::checkin`]); fixed once round 1 is paired.
    #[serde(default, deserialize_with = "flag")]
    pub check_in: bool,
    /// DEM places per class (SJRP §6.4), e.g. `U14:3, U14w:2`; absent: kept.
    #[serde(default)]
    pub dem_quota: Option<String>,
    /// `championship` or `side_event` ([`SectionKind`]); absent: kept.
    #[serde(default)]
    pub kind: Option<String>,
    /// Rapid/blitz games adequately supervised (2023 A.4/B.2, chosen by A.6/B.4).
    #[serde(default, deserialize_with = "flag")]
    pub supervised: bool,
    /// Minutes the public live boards lag behind (0 to
    /// [`event::section::MAX_PUBLIC_DELAY_MINUTES`]); absent: kept.
    #[serde(default)]
    pub public_delay: Option<u32>,
    /// FIDE mode (C.04.A): manual pairing changes need the arbiter's confirmation and are
    /// kept as integrity notes (`on`/`off` or a JSON boolean); absent: kept.
    #[serde(default, deserialize_with = "optional_flag")]
    pub fide_mode: Option<bool>,
}

/// A checkbox (`on`, absent) or a JSON boolean.
pub(crate) fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Text(String),
    }
    Ok(match Flag::deserialize(d)? {
        Flag::Bool(b) => b,
        Flag::Text(t) => matches!(t.as_str(), "on" | "true" | "1" | "yes"),
    })
}

/// [`flag`] where the field may be absent (`None`), with `off`, `false`, `0` or `no` for no.
pub(crate) fn optional_flag<'de, D: Deserializer<'de>>(d: D) -> Result<Option<bool>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Flag {
        Bool(bool),
        Text(String),
    }
    match Option::<Flag>::deserialize(d)? {
        None => Ok(None),
        Some(Flag::Bool(b)) => Ok(Some(b)),
        Some(Flag::Text(t)) => match t.as_str() {
            "on" | "true" | "1" | "yes" => Ok(Some(true)),
            "off" | "false" | "0" | "no" => Ok(Some(false)),
            other => Err(serde::de::Error::custom(format!(
                "fide_mode `{other}`: expected on or off"
            ))),
        },
    }
}

fn bad(message: String) -> ServiceError {
    ServiceError::BadRequest(message)
}

/// Applies event settings to the domain event.
pub fn apply_event(ev: &mut event::Event, s: &EventSettings) -> Result<(), ServiceError> {
    let name = s.name.trim();
    let start: Date = s
        .start_date
        .parse()
        .map_err(|e| bad(format!("start date: {e}")))?;
    let end: Date = match s.end_date.trim() {
        "" => start,
        text => text.parse().map_err(|e| bad(format!("end date: {e}")))?,
    };
    if end < start {
        return Err(bad(format!(
            "the end date {end} lies before the start {start}"
        )));
    }
    ev.name = name.to_owned();
    ev.venue = s.place.trim().to_owned();
    ev.start = start;
    ev.end = end;
    ev.age_convention = convention(&s.cut_off, &s.cut_off_year)?;
    ev.public_birth = match s.public_birth.trim() {
        "" => PublicBirth::default(),
        code => PublicBirth::from_code(code)
            .ok_or_else(|| bad(format!("public birth: `{code}` (year or none)")))?,
    };
    if let Some(text) = &s.admission {
        ev.admission = admission_list(text)?;
    }
    if let Some(name) = &s.time_zone {
        ev.zone = name.parse().map_err(|e| bad(format!("time zone: {e}")))?;
    }
    if let Some(region) = &s.title_region {
        ev.title_region = region.trim().to_owned();
    }
    if let Some(day) = &s.entry_deadline {
        ev.entry_deadline = match day.trim() {
            "" => None,
            day => Some(day.parse().map_err(|_| {
                bad(format!(
                    "entry deadline: `{day}`, expected a day (YYYY-MM-DD or dd.mm.yyyy)"
                ))
            })?),
        };
    }
    Ok(validate::event(ev)?)
}

/// The age-class cut-off from `MM-DD` and `previous`/`season`.
fn convention(cut_off: &str, year: &str) -> Result<AgeConvention, ServiceError> {
    let previous_year = match year.trim() {
        "" | "previous" => true,
        "season" => false,
        other => {
            return Err(bad(format!(
                "cut-off year `{other}`: expected `previous` or `season`"
            )));
        }
    };
    let text = match cut_off.trim() {
        "" => "12-31",
        t => t,
    };
    let wrong = || bad(format!("cut-off day `{text}`: expected MM-DD, e.g. 12-31"));
    let (month, day) = text.split_once('-').ok_or_else(wrong)?;
    let (month, day) = (
        month.parse().map_err(|_| wrong())?,
        day.parse().map_err(|_| wrong())?,
    );
    AgeConvention::new(month, day, previous_year).ok_or_else(wrong)
}

/// Applies section settings to the domain section; what would contradict rounds already
/// paired or players already entered is refused with the reason.
pub fn apply_section(s: &mut event::Section, f: &SectionSettings) -> Result<(), ServiceError> {
    let classes = classes(&f.classes)?;
    if let Some(e) = s.entries.iter().find(|e| !classes.contains(&e.class)) {
        return Err(bad(format!(
            "{} is entered in class {}, which the section would no longer have",
            e.player.name(),
            e.class
        )));
    }
    let system = system(&f.system)?;
    let paired = u32::try_from(s.played.len()).unwrap_or(u32::MAX);
    let same_kind = matches!(
        (s.system, system),
        (System::Swiss { .. }, System::Swiss { .. })
            | (System::RoundRobin { .. }, System::RoundRobin { .. })
    );
    if paired > 0 && !same_kind {
        return Err(ServiceError::rule_in(
            format!("the system cannot change after {paired} round(s) have been paired"),
            format!("das System kann nach {paired} gepaarten Runde(n) nicht mehr geändert werden"),
        ));
    }
    if f.rounds == 0 || f.rounds < paired {
        return Err(bad(format!(
            "rounds: at least 1 and at least the {paired} already paired"
        )));
    }
    // The profile the form shows is the section's; sent back unchanged with other classes,
    // it follows the classes when the classes picked it (SJRP §4.2, §4.5).
    let profile = f.profile.trim();
    if profile == s.profile {
        s.change_classes(classes);
    } else {
        s.classes = classes;
        s.profile = profile.to_owned();
    }
    s.system = system;
    s.rounds = f.rounds;
    s.time_control = f.time_control.trim().to_owned();
    s.default_time_minutes = f.default_time;
    s.scoring = scoring(&f.scoring)?;
    s.tiebreaks = f.tiebreaks.trim().to_owned();
    s.rating.dwz = f.dwz;
    s.rating.elo = f.elo;
    s.initial_colour_white = match f.initial_colour.trim() {
        "" | "white" => true,
        "black" => false,
        other => {
            return Err(bad(format!(
                "initial colour `{other}`: expected `white` or `black`"
            )));
        }
    };
    s.schedule = schedule(&f.schedule)?;
    seeding(s, &f.seeding)?;
    if f.check_in != s.check_in && paired > 0 {
        return Err(event::checkin::CheckInError::Closed.into());
    }
    s.check_in = f.check_in;
    if let Some(text) = &f.dem_quota {
        s.dem_quota = dem_quota(text, &s.classes)?;
    }
    if let Some(code) = &f.kind {
        s.kind = kind(code)?;
    }
    s.supervised = f.supervised;
    if let Some(minutes) = f.public_delay {
        if minutes > event::section::MAX_PUBLIC_DELAY_MINUTES {
            return Err(bad(format!(
                "public_delay: 0 to {} minutes expected",
                event::section::MAX_PUBLIC_DELAY_MINUTES
            )));
        }
        s.public_delay_minutes = minutes;
    }
    if let Some(on) = f.fide_mode {
        s.fide_mode = on;
    }
    validate::section(s)?;
    s.check_settings().map_err(|e| bad(e.to_string()))?;
    let rounds = s.rounds_to_play();
    if s.schedule.len() > rounds as usize {
        return Err(bad(format!(
            "schedule: {} lines for {rounds} rounds",
            s.schedule.len()
        )));
    }
    Ok(())
}

/// A section kind from its code (`championship`, `side_event`).
pub fn kind(code: &str) -> Result<SectionKind, ServiceError> {
    SectionKind::from_code(code).ok_or_else(|| {
        bad(format!(
            "section kind `{}`: expected championship or side_event",
            code.trim()
        ))
    })
}

/// Sets the seeding rule from `code` (empty keeps it); refused once round 1 is paired.
fn seeding(s: &mut event::Section, code: &str) -> Result<(), ServiceError> {
    if code.trim().is_empty() {
        return Ok(());
    }
    let rule: Seeding = code
        .parse()
        .map_err(|e: ParseSeedingError| bad(e.to_string()))?;
    if rule != s.seeding && !s.played.is_empty() {
        let fixed = event::RoundError::NumbersFixed;
        return Err(ServiceError::rule_at(
            rule.article(),
            format!("seeding: {fixed}"),
            "Setzliste: die Startnummern stehen nach der ersten Runde fest",
        ));
    }
    s.seeding = rule;
    Ok(())
}

/// Most DEM places one class can have (SJRP §6.4 quotas are a handful).
pub const MAX_DEM_PLACES: u32 = 20;

/// DEM places per class from `U14:3, U14w:2` (SJRP §6.4); every class must be one of the
/// section's, each at most once, 1 to [`MAX_DEM_PLACES`] places.
fn dem_quota(text: &str, classes: &[Class]) -> Result<Vec<(Class, u32)>, ServiceError> {
    let mut quota: Vec<(Class, u32)> = Vec::new();
    for item in text
        .split([',', '\n'])
        .map(str::trim)
        .filter(|i| !i.is_empty())
    {
        let wrong = || {
            ServiceError::rule_at(
                event::honours::DEM_QUALIFICATION,
                format!("DEM places `{item}`: expected class:places, e.g. U14:3"),
                format!("DEM-Plätze „{item}“: erwartet Klasse:Plätze, z. B. U14:3"),
            )
        };
        let (class, places) = item.split_once(':').ok_or_else(wrong)?;
        let class: Class = class.trim().parse().map_err(|_| wrong())?;
        let places: u32 = places.trim().parse().map_err(|_| wrong())?;
        if !classes.contains(&class) || quota.iter().any(|(c, _)| *c == class) {
            return Err(ServiceError::rule_at(
                event::honours::DEM_QUALIFICATION,
                format!("DEM places: {class} is not a class of the section or is given twice"),
                format!("DEM-Plätze: {class} ist keine Klasse der Gruppe oder doppelt angegeben"),
            ));
        }
        if !(1..=MAX_DEM_PLACES).contains(&places) {
            return Err(ServiceError::rule_at(
                event::honours::DEM_QUALIFICATION,
                format!("DEM places of {class}: 1 to {MAX_DEM_PLACES}"),
                format!("DEM-Plätze für {class}: 1 bis {MAX_DEM_PLACES}"),
            ));
        }
        quota.push((class, places));
    }
    Ok(quota)
}

/// The DEM places as the settings form shows them (`U14:3, U14w:2`).
fn dem_quota_text(quota: &[(Class, u32)]) -> String {
    quota
        .iter()
        .map(|(c, n)| format!("{c}:{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn classes(text: &str) -> Result<Vec<Class>, ServiceError> {
    let classes = text
        .split(',')
        .filter(|c| !c.trim().is_empty())
        .map(|c| c.parse::<Class>().map_err(|e| bad(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(if classes.is_empty() {
        vec![Class::open(AgeClass::Open)]
    } else {
        classes
    })
}

fn system(code: &str) -> Result<System, ServiceError> {
    Ok(match code.trim() {
        "swiss" => System::Swiss { edition: None },
        "swiss_2017" => System::Swiss {
            edition: Some(DutchRules::Rules2017),
        },
        "swiss_2026" => System::Swiss {
            edition: Some(DutchRules::Rules2026),
        },
        "round_robin" => System::RoundRobin { double: false },
        "double_round_robin" => System::RoundRobin { double: true },
        other => return Err(bad(format!("unknown system `{other}`"))),
    })
}

fn system_code(system: System) -> &'static str {
    match system {
        System::Swiss { edition: None } => "swiss",
        System::Swiss {
            edition: Some(DutchRules::Rules2017),
        } => "swiss_2017",
        System::Swiss {
            edition: Some(DutchRules::Rules2026),
        } => "swiss_2026",
        System::RoundRobin { double: false } => "round_robin",
        System::RoundRobin { double: true } => "double_round_robin",
    }
}

fn scoring(code: &str) -> Result<Scoring, ServiceError> {
    Ok(match code.trim() {
        "standard" => Scoring::Standard,
        "three_one_zero" => Scoring::ThreeOneZero,
        "rkst" => Scoring::Rkst,
        other => return Err(bad(format!("unknown scoring `{other}`"))),
    })
}

fn scoring_code(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::Standard => "standard",
        Scoring::ThreeOneZero => "three_one_zero",
        Scoring::Rkst => "rkst",
    }
}

/// The round schedule from one line per round; errors name the line.
fn schedule(text: &str) -> Result<Vec<RoundSchedule>, ServiceError> {
    text.lines()
        .map(str::trim)
        .enumerate()
        .filter(|(_, line)| !line.is_empty())
        .map(|(i, line)| {
            let at = |e: String| bad(format!("schedule line {}: {e}", i + 1));
            let (date, time) = match line.split_once(char::is_whitespace) {
                Some((d, t)) => (d, Some(t.trim())),
                None => (line, None),
            };
            Ok(RoundSchedule {
                date: date
                    .parse()
                    .map_err(|e: event::date::ParseDateError| at(e.to_string()))?,
                time: time
                    .map(|t| t.parse::<Time>().map_err(|e| at(e.to_string())))
                    .transpose()?,
            })
        })
        .collect()
}

/// The schedule as the form and the timetable show it, one line per round.
pub fn schedule_lines(schedule: &[RoundSchedule]) -> Vec<String> {
    schedule
        .iter()
        .map(|r| match r.time {
            Some(t) => format!("{} {t}", r.date),
            None => r.date.to_string(),
        })
        .collect()
}

/// The current section settings as the form and `GET /api/sections/{id}/settings` show them,
/// with the system suggested for the players entered.
pub fn section_values(loaded: &crate::Loaded) -> Value {
    let s = loaded.section();
    let suggested = suggest_system(s.entries.len(), s.rounds);
    json!({
        "version": loaded.section_row.version,
        "classes": s.classes.iter().map(ToString::to_string).collect::<Vec<_>>().join(","),
        "system": system_code(s.system),
        "suggested_system": system_code(suggested),
        "players": s.entries.len(),
        "rounds": s.rounds,
        "paired": s.played.len(),
        "time_control": s.time_control,
        "profile": s.profile,
        "default_time": s.default_time_minutes,
        "scoring": scoring_code(s.scoring),
        "tiebreaks": s.tiebreaks,
        "dwz": s.rating.dwz,
        "elo": s.rating.elo,
        "initial_colour": if s.initial_colour_white { "white" } else { "black" },
        "seeding": s.seeding.to_string(),
        "check_in": s.check_in,
        "dem_quota": dem_quota_text(&s.dem_quota),
        "kind": s.kind.code(),
        "supervised": s.supervised,
        "public_delay": s.public_delay_minutes,
        "max_public_delay": event::section::MAX_PUBLIC_DELAY_MINUTES,
        "fide_mode": s.fide_mode,
        "game_type": s.game_type().map(|g| g.to_string()),
        "supervision_article": s.supervision_article().map(|a| a.to_string()),
        "proposed_default_time": s.proposed_default_time(),
        "schedule": schedule_lines(&s.schedule).join("\n"),
    })
}

/// The current event settings as the form and `GET /api/events/{id}/settings` show them.
pub fn event_values(row: &store::EventRow) -> Value {
    let ev = domain_event(row);
    let c = ev.age_convention;
    json!({
        "version": row.version,
        "name": ev.name,
        "place": ev.venue,
        "start_date": ev.start.to_string(),
        "end_date": ev.end.to_string(),
        "cut_off": format!("{:02}-{:02}", c.month, c.day),
        "cut_off_year": if c.previous_year { "previous" } else { "season" },
        "cut_off_day": c.cut_off(ev.season()).to_string(),
        "public_birth": ev.public_birth.code(),
        "time_zone": ev.zone.name(),
        "admission": admission_text(ev.admission.as_ref()),
        "title_region": ev.title_region,
        "entry_deadline": ev.entry_deadline.map(|d| d.to_string()).unwrap_or_default(),
    })
}

/// The audit action of a settings change that switches FIDE mode off (C.04.A).
pub const FIDE_MODE_OFF: &str = "settings: FIDE mode off";
/// The audit action of a settings change that switches FIDE mode on.
pub const FIDE_MODE_ON: &str = "settings: FIDE mode on";

impl Service {
    /// Changes a section's settings (read at `f.version`); returns the new version. A change
    /// of FIDE mode is audited as [`FIDE_MODE_OFF`] or [`FIDE_MODE_ON`].
    pub async fn update_section(
        &self,
        by: Option<i64>,
        id: i64,
        f: &SectionSettings,
    ) -> Result<i64, ServiceError> {
        let loaded = self.section(id).await?;
        let mut s = loaded.section().clone();
        apply_section(&mut s, f)?;
        s.check_rules(loaded.event.end)?;
        let action = match (loaded.section().fide_mode, s.fide_mode) {
            (true, false) => FIDE_MODE_OFF,
            (false, true) => FIDE_MODE_ON,
            _ => "settings",
        };
        Ok(self
            .store
            .update_section_as(by, id, &section_document(&s)?, f.version, action)
            .await?)
    }

    /// Changes an event's settings (read at `f.version`); returns the new version.
    pub async fn update_event(
        &self,
        by: Option<i64>,
        id: i64,
        f: &EventSettings,
    ) -> Result<i64, ServiceError> {
        let row = self.store.event(id).await?;
        let mut ev = domain_event(&row);
        apply_event(&mut ev, f)?;
        ev.sections.clear();
        let change = store::EventChange {
            name: &ev.name,
            place: &ev.venue,
            start_date: &ev.start.to_string(),
            data: &json(&ev)?,
        };
        Ok(self.store.update_event(by, id, &change, f.version).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h14_02_dem_quota_per_class_of_the_section() {
        let mut s = event::Section::new("U12", classes("U12,U12w").unwrap());
        let mut f = input();
        f.dem_quota = Some("U12:3, U12w:2".into());
        apply_section(&mut s, &f).unwrap();
        assert_eq!(s.quota("U12".parse().unwrap()), 3);
        assert_eq!(s.quota("U12w".parse().unwrap()), 2);
        assert_eq!(dem_quota_text(&s.dem_quota), "U12:3, U12w:2");
        for wrong in ["U14:2", "U12:0", "U12:21", "U12:1, U12:2", "U12", "U12:x"] {
            f.dem_quota = Some(wrong.into());
            let e = apply_section(&mut s, &f).unwrap_err();
            assert!(
                matches!(&e, ServiceError::Rule { article: Some(a), .. } if *a == event::honours::DEM_QUALIFICATION),
                "{wrong}: {e:?}"
            );
        }
        // Absent keeps what is set.
        f.dem_quota = None;
        apply_section(&mut s, &f).unwrap();
        assert_eq!(s.quota("U12".parse().unwrap()), 3);
    }

    fn input() -> SectionSettings {
        SectionSettings {
            version: 1,
            classes: "U12,U12w".into(),
            system: "swiss_2026".into(),
            rounds: 7,
            time_control: "5400+30".into(),
            profile: "sjrp".into(),
            default_time: 15,
            scoring: "standard".into(),
            tiebreaks: "sjrp-swiss".into(),
            dwz: true,
            elo: false,
            initial_colour: "black".into(),
            seeding: "pseudo-800".into(),
            schedule: "2026-05-01 10:00\n\n2026-05-01 15:30\n2026-05-02".into(),
            check_in: true,
            dem_quota: None,
            kind: None,
            supervised: false,
            public_delay: None,
            fide_mode: None,
        }
    }

    #[test]
    fn h20_07_the_classes_re_pick_the_profile_they_picked() {
        let mut s = event::Section::new("U12", vec![Class::open(AgeClass::U12)]);
        let mut f = input();
        f.classes = "U12".into();
        f.profile = s.profile.clone();
        apply_section(&mut s, &f).unwrap();
        assert_eq!(s.profile, "sjrp-u8-u12");
        // The form sends the profile it showed with the new classes.
        f.classes = "U16,U16w".into();
        apply_section(&mut s, &f).unwrap();
        assert_eq!(s.profile, "sjrp-u14-u18");
        // A profile changed in the same form is taken as chosen.
        f.classes = "U10".into();
        f.profile = "fide-2023".into();
        apply_section(&mut s, &f).unwrap();
        assert_eq!(s.profile, "fide-2023");
    }

    #[test]
    fn h15_07_the_public_delay_is_kept_set_or_refused_naming_the_field() {
        let mut s = event::Section::new("U12", vec![Class::open(AgeClass::U12)]);
        let mut f = input();
        apply_section(&mut s, &f).unwrap();
        assert_eq!(
            s.public_delay_minutes,
            event::section::DEFAULT_PUBLIC_DELAY_MINUTES
        );
        f.public_delay = Some(0);
        apply_section(&mut s, &f).unwrap();
        assert_eq!(s.public_delay_minutes, 0);
        f.public_delay = None;
        apply_section(&mut s, &f).unwrap();
        assert_eq!(s.public_delay_minutes, 0, "absent: kept");
        f.public_delay = Some(event::section::MAX_PUBLIC_DELAY_MINUTES + 1);
        let e = apply_section(&mut s, &f).unwrap_err();
        assert!(e.to_string().contains("public_delay"), "{e}");
        assert_eq!(s.public_delay_minutes, 0);
    }

    #[test]
    fn h14_08_blitz_side_event_settings() {
        let end: Date = "2026-04-11".parse().unwrap();
        let mut s = event::Section::new("Blitz", vec![Class::open(AgeClass::U14)]);
        let mut f = input();
        f.classes = "U14".into();
        f.time_control = "300".into();
        f.dwz = false;
        f.supervised = true;
        apply_section(&mut s, &f).unwrap();
        // A championship section must have a DWZ-ratable time control (§7.7 for U14).
        let e = ServiceError::from(s.check_rules(end).unwrap_err());
        assert!(e.to_string().ends_with("(SJRP §7.7)"), "{e}");
        f.kind = Some("side_event".into());
        apply_section(&mut s, &f).unwrap();
        // 15 minutes of §4.3 are for standard games only.
        let e = ServiceError::from(s.check_rules(end).unwrap_err());
        assert!(e.german().contains("Karenzzeit"), "{}", e.german());
        assert!(e.to_string().ends_with("(SJRP §4.3)"), "{e}");
        f.default_time = 0;
        apply_section(&mut s, &f).unwrap();
        assert_eq!(s.check_rules(end), Ok(()));
        assert!(s.supervised && s.kind == SectionKind::SideEvent);
        f.dwz = true;
        apply_section(&mut s, &f).unwrap();
        let e = s.check_rules(end).unwrap_err();
        assert_eq!(e.article().to_string(), "DSB-Wertungsordnung 2014");
        f.kind = Some("tournament".into());
        assert!(apply_section(&mut s, &f).is_err());
    }

    #[test]
    fn section_settings_are_applied_with_the_schedule() {
        let mut s = event::Section::new("U12", vec![Class::open(AgeClass::U12)]);
        apply_section(&mut s, &input()).unwrap();
        assert_eq!(s.classes.len(), 2);
        assert_eq!(
            s.system,
            System::Swiss {
                edition: Some(DutchRules::Rules2026)
            }
        );
        assert!(!s.initial_colour_white);
        assert_eq!(s.default_time_minutes, 15);
        assert_eq!(s.schedule.len(), 3);
        assert_eq!(s.schedule[1].time, Some(Time::new(15, 30).unwrap()));
        assert_eq!(s.schedule[2].time, None);
        assert_eq!(
            schedule_lines(&s.schedule),
            ["2026-05-01 10:00", "2026-05-01 15:30", "2026-05-02"]
        );
    }

    #[test]
    fn bad_settings_name_what_is_wrong() {
        let mut s = event::Section::new("U12", vec![Class::open(AgeClass::U12)]);
        let mut f = input();
        f.schedule = "2026-05-01 10:00\n2026-13-01".into();
        let e = apply_section(&mut s, &f).unwrap_err().to_string();
        assert!(e.starts_with("schedule line 2:"), "{e}");
        let mut f = input();
        f.time_control = "ninety minutes".into();
        assert!(apply_section(&mut s, &f).is_err());
        let mut f = input();
        f.tiebreaks = "BH/C1,XYZ".into();
        assert!(apply_section(&mut s, &f).is_err());
        let mut f = input();
        f.schedule = "2026-05-01\n".repeat(8);
        let e = apply_section(&mut s, &f).unwrap_err().to_string();
        assert_eq!(e, "schedule: 8 lines for 7 rounds");
    }

    #[test]
    fn event_cut_off_is_configurable() {
        let start: Date = "2026-05-01".parse().unwrap();
        let mut ev = event::Event::new("LEM", "Mainz", start, start);
        let f = EventSettings {
            version: 1,
            name: "LEM 2026".into(),
            place: "Bingen".into(),
            start_date: "2026-05-01".into(),
            end_date: "2026-05-03".into(),
            cut_off: "12-31".into(),
            cut_off_year: "season".into(),
            public_birth: "none".into(),
            time_zone: Some("Europe/Vienna".into()),
            admission: Some("Quast, Ida, 2012, U14w\nMeyer, Lena, 24601234".into()),
            title_region: Some(" Rheinland-Pfalz ".into()),
            entry_deadline: Some("05.02.2026".into()),
        };
        apply_event(&mut ev, &f).unwrap();
        assert_eq!(ev.title_region, "Rheinland-Pfalz");
        assert_eq!(ev.entry_deadline, Some(Date::new(2026, 2, 5).unwrap()));
        let list = ev.admission.clone().unwrap();
        assert_eq!(list.players[0].birth_year, Some(2012));
        assert_eq!(list.players[0].class, Some("U14w".parse().unwrap()));
        assert_eq!(list.players[1].fide_id, Some(24_601_234));
        assert_eq!(
            admission_text(ev.admission.as_ref()),
            "Quast, Ida, 2012, U14w\nMeyer, Lena, 24601234"
        );
        assert!(admission_list("Quast, Ida, Ü14").is_err());
        assert_eq!(ev.age_convention, AgeConvention::CALENDAR_YEAR);
        assert_eq!(ev.public_birth, PublicBirth::Hidden);
        assert_eq!(ev.end.to_string(), "2026-05-03");
        assert_eq!(ev.zone.name(), "Europe/Vienna");
        let kept = EventSettings {
            time_zone: None,
            ..f.clone()
        };
        apply_event(&mut ev, &kept).unwrap();
        assert_eq!(ev.zone.name(), "Europe/Vienna");
        let unknown = EventSettings {
            time_zone: Some("Europe/Atlantis".into()),
            ..f.clone()
        };
        let e = apply_event(&mut ev, &unknown).unwrap_err().to_string();
        assert!(e.contains("Europe/Atlantis"), "{e}");
        let wrong = EventSettings {
            cut_off: "02-30".into(),
            ..f
        };
        assert!(apply_event(&mut ev, &wrong).is_err());
    }
}
