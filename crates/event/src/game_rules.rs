//! The rules a section's games are played under, as its time control and regulations make
//! them: the game type (Appendix A.1, B.1), rapid and blitz supervision (A.6, B.4), the
//! default time (Art. 6.7.1; SJRP §4.3 for standard games only) and whether the time control
//! allows a DWZ evaluation (DSB Wertungsordnung: 90 minutes, 60 for U12 and younger; SJRP
//! §7.7, §8.5, §9.2 for championship sections).
//!
//! Decisions (documented in `crates/event/README.md`):
//! - A default time that contradicts the profile for a rapid or blitz section is **refused**,
//!   not corrected: under the SJRP profile the 15 minutes of §4.3 do not apply to rapid and
//!   blitz, so Art. 6.7.1's 0 applies; the section form proposes that value.
//! - Elo evaluation stays allowed for rapid and blitz (FIDE has rapid and blitz lists); pages
//!   label it "Schnellschach-Elo" or "Blitz-Elo".
//!
//! ```
//! use event::age::{AgeClass, Class};
//! use event::section::{Section, SectionKind};
//! use laws::game_type::GameType;
//!
//! let mut blitz = Section::new("Blitz", vec![Class::open(AgeClass::U14)]);
//! blitz.time_control = "300".into();
//! blitz.kind = SectionKind::SideEvent;
//! blitz.rating.dwz = false;
//! assert_eq!(blitz.game_type(), Some(GameType::Blitz));
//! assert_eq!(blitz.proposed_default_time(), Some(0));
//! let end = event::date::Date::new(2026, 4, 11).unwrap();
//! // 15 minutes of §4.3 are refused for blitz.
//! assert_eq!(blitz.check_rules(end).unwrap_err().article().to_string(), "SJRP §4.3");
//! blitz.default_time_minutes = 0;
//! assert!(blitz.check_rules(end).is_ok());
//! ```

use std::fmt;

use laws::edition::{Profile, Regulations, Supervision};
use laws::game_type::GameType;
use laws::time_control::TimeControl;
use laws::{Article, Lang};
use standings::rating::dwz;

use crate::date::Date;
use crate::section::{Section, SectionKind};

/// Art. 6.7.1: the regulations specify the default time; if not, it is 0.
pub const DEFAULT_TIME: Article = Article::new("Art. 6.7.1");
/// SJRP §4.3: 15 minutes default time, except for rapid and blitz championships.
pub const SJRP_DEFAULT_TIME: Article = Article::new("SJRP §4.3");
/// 2023 Appendix A.6: the regulations decide whether A.4 (supervised) or A.5 applies to the
/// whole rapid event.
pub const RAPID_SUPERVISION: Article = Article::new("Appendix A.6");
/// 2023 Appendix B.4: the regulations decide whether B.2 (supervised) or B.3 applies to the
/// whole blitz event.
pub const BLITZ_SUPERVISION: Article = Article::new("Appendix B.4");
/// SJRP §7.7: the time control of the U14-U18 championships (90/40 + 30, 30 s increment).
pub const TIME_CONTROL_U14_U18: Article = Article::new("SJRP §7.7");
/// SJRP §8.5: the U10/U12 time control "muss eine DWZ-Auswertung zulassen".
pub const TIME_CONTROL_U10_U12: Article = Article::new("SJRP §8.5");
/// SJRP §9.2: U8 plays the DSJ's DWZ-ratable time control (55 min + 5 s).
pub const TIME_CONTROL_U8: Article = Article::new("SJRP §9.2");
/// Minutes per player for 60 moves the DWZ needs (DSB Wertungsordnung, "Rated games").
pub const DWZ_MIN_MINUTES: u64 = 90;
/// Minutes for 60 moves the DWZ needs when every player is U12 or younger.
pub const DWZ_MIN_MINUTES_U12: u64 = 60;

/// A setting that contradicts the rules of the section's games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// The time control text is not valid, or the profile is unknown.
    Settings(String),
    /// The default time is not the one the profile gives a rapid or blitz game.
    DefaultTime {
        /// Rapid or blitz.
        game_type: String,
        /// Minutes set.
        minutes: u32,
        /// Minutes the profile gives.
        expected: u32,
    },
    /// A championship section whose time control does not allow a DWZ evaluation.
    ChampionshipTime {
        /// Minutes per player for 60 moves.
        minutes: u64,
        /// Minutes the DWZ needs.
        min: u64,
        /// SJRP §7.7, §8.5 or §9.2.
        article: Article,
    },
    /// DWZ evaluation ticked for a time control the Wertungsordnung does not rate.
    DwzTime {
        /// Minutes per player for 60 moves.
        minutes: u64,
        /// Minutes the DWZ needs.
        min: u64,
        /// The Wertungsordnung in force at the end date.
        article: Article,
    },
}

impl RulesError {
    /// The provision behind the refusal.
    pub fn article(&self) -> Article {
        match self {
            RulesError::Settings(_) => DEFAULT_TIME,
            RulesError::DefaultTime { .. } => SJRP_DEFAULT_TIME,
            RulesError::ChampionshipTime { article, .. } | RulesError::DwzTime { article, .. } => {
                *article
            }
        }
    }

    /// The refusal in `lang`, without its provision.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            RulesError::Settings(e) => e.clone(),
            RulesError::DefaultTime {
                game_type,
                minutes,
                expected,
            } => lang.pick(
                format!(
                    "default time: {minutes} minutes apply to standard games only; a {game_type} \
                     section has {expected} (Art. 6.7.1)"
                ),
                format!(
                    "Karenzzeit: {minutes} Minuten gelten nur für Turnierpartien; eine Gruppe mit \
                     {} hat {expected} (Art. 6.7.1)",
                    game_type_de(game_type)
                ),
            ),
            RulesError::ChampionshipTime { minutes, min, .. } => lang.pick(
                format!(
                    "a championship section needs a time control the DWZ rates: {minutes} minutes \
                     for 60 moves, at least {min} needed; mark the section as a side event or \
                     lengthen the time control"
                ),
                format!(
                    "eine Meisterschaftsgruppe braucht eine DWZ-auswertbare Bedenkzeit: {minutes} \
                     Minuten für 60 Züge, mindestens {min} nötig; Gruppe als Nebenturnier \
                     markieren oder Bedenkzeit verlängern"
                ),
            ),
            RulesError::DwzTime { minutes, min, .. } => lang.pick(
                format!(
                    "DWZ evaluation: {minutes} minutes for 60 moves are not rated, at least {min} \
                     needed"
                ),
                format!(
                    "DWZ-Auswertung: {minutes} Minuten für 60 Züge werden nicht ausgewertet, \
                     mindestens {min} nötig"
                ),
            ),
        }
    }
}

fn game_type_de(game_type: &str) -> &'static str {
    match game_type {
        "blitz" => "Blitzpartien",
        "rapid" => "Schnellschachpartien",
        _ => "Turnierpartien",
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message(Lang::En), self.article())
    }
}

impl std::error::Error for RulesError {}

impl Section {
    /// The time control, parsed.
    pub fn control(&self) -> Option<TimeControl> {
        self.time_control.parse().ok()
    }

    /// Standard, rapid or blitz, by the time control (Appendix A.1, B.1); `None` while the
    /// time control is not valid.
    pub fn game_type(&self) -> Option<GameType> {
        self.control().map(|c| GameType::of(&c))
    }

    /// The SJRP profile for `classes` (Spielordnung §4.2, §4.5): by the youngest class.
    pub fn sjrp_profile_of(classes: &[crate::age::Class]) -> Profile {
        Profile::sjrp_for_age_limits(classes.iter().map(|c| c.age.limit()))
    }

    /// Takes new classes; the profile follows them when it was the SJRP profile the old
    /// classes picked (Spielordnung §4.2, §4.5 differ between U8-U12 and U14-U18), so a U12
    /// section turned into U16 leaves the youth regime. A profile chosen otherwise stays.
    pub fn change_classes(&mut self, classes: Vec<crate::age::Class>) {
        let picked = self.profile == Section::sjrp_profile_of(&self.classes).name;
        self.classes = classes;
        if picked {
            self.profile = Section::sjrp_profile_of(&self.classes).name.to_string();
        }
    }

    /// The regulations profile named in the section, `None` if unknown. The legacy name
    /// `sjrp` (one profile for all classes before) is mapped explicitly to the SJRP profile
    /// of the section's classes, so a U16 section of an old document gets the U14-U18 rules.
    pub fn regulations_profile(&self) -> Option<Profile> {
        if Profile::is_legacy_name(&self.profile) {
            return Some(Section::sjrp_profile_of(&self.classes));
        }
        self.profile.parse().ok()
    }

    /// The name of [`regulations_profile`](Self::regulations_profile), as a game log header
    /// takes it; the setting as written if it is unknown.
    pub fn profile_name(&self) -> &str {
        self.regulations_profile()
            .map_or(self.profile.as_str(), |p| p.name)
    }

    /// The rules profile of the section's games: the regulations profile with the section's
    /// supervision (A.6, B.4), as the laws engine takes it (`arbiter replay`, live games).
    pub fn rules_profile(&self) -> Option<Profile> {
        let mut profile = self.regulations_profile()?;
        profile.supervision = if self.supervised {
            Supervision::Supervised
        } else {
            Supervision::Unsupervised
        };
        Some(profile)
    }

    /// The provision that lets the regulations choose the supervision regime: A.6 for rapid,
    /// B.4 for blitz; `None` for standard games.
    pub fn supervision_article(&self) -> Option<Article> {
        match self.game_type()? {
            GameType::Standard => None,
            GameType::Rapid => Some(RAPID_SUPERVISION),
            GameType::Blitz => Some(BLITZ_SUPERVISION),
        }
    }

    /// The default time in minutes the profile gives the section's games (Art. 6.7.1, SJRP
    /// §4.3), as the section form proposes it.
    pub fn proposed_default_time(&self) -> Option<u32> {
        let profile = self.regulations_profile()?;
        let ms = profile.default_time_ms(self.game_type()?);
        u32::try_from(ms / 60_000).ok()
    }

    /// Minutes per player for 60 moves (the larger side; Appendix A.1, B.1).
    pub fn minutes_for_60_moves(&self) -> Option<u64> {
        Some(laws::game_type::budget_ms(&self.control()?) / 60_000)
    }

    /// The minutes for 60 moves the DWZ needs: 60 when every class is U12 or younger, else 90.
    pub fn dwz_minimum_minutes(&self) -> u64 {
        let young = !self.classes.is_empty()
            && self
                .classes
                .iter()
                .all(|c| c.age.limit().is_some_and(|l| l <= 12));
        if young {
            DWZ_MIN_MINUTES_U12
        } else {
            DWZ_MIN_MINUTES
        }
    }

    /// The SJRP paragraph fixing a championship's time control for the section's classes.
    fn championship_time_article(&self) -> Article {
        let oldest = self.classes.iter().filter_map(|c| c.age.limit()).max();
        match oldest {
            Some(..=8) => TIME_CONTROL_U8,
            Some(..=12) => TIME_CONTROL_U10_U12,
            _ => TIME_CONTROL_U14_U18,
        }
    }

    /// Checks the settings against the rules of the section's games, for an event ending on
    /// `end` (the Wertungsordnung in force), in this order: the time control of a championship
    /// section under the SJRP profile (§7.7, §8.5, §9.2), the default time of a rapid or blitz
    /// section under the SJRP profile (§4.3) and a DWZ evaluation the time control allows.
    pub fn check_rules(&self, end: Date) -> Result<(), RulesError> {
        let game_type = self
            .game_type()
            .ok_or_else(|| RulesError::Settings(format!("time control `{}`", self.time_control)))?;
        let expected = self
            .proposed_default_time()
            .ok_or_else(|| RulesError::Settings(format!("profile `{}`", self.profile)))?;
        let minutes = self.minutes_for_60_moves().unwrap_or(0);
        let min = self.dwz_minimum_minutes();
        let ratable = minutes >= min;
        let sjrp = self
            .regulations_profile()
            .is_some_and(|p| p.regulations == Regulations::Sjrp);
        if !ratable && self.kind == SectionKind::Championship && sjrp {
            return Err(RulesError::ChampionshipTime {
                minutes,
                min,
                article: self.championship_time_article(),
            });
        }
        if sjrp && game_type != GameType::Standard && self.default_time_minutes != expected {
            return Err(RulesError::DefaultTime {
                game_type: game_type.to_string(),
                minutes: self.default_time_minutes,
                expected,
            });
        }
        if ratable {
            return Ok(());
        }
        if self.rating.dwz {
            return Err(RulesError::DwzTime {
                minutes,
                min,
                article: dwz::Edition::for_end_date(end).article(),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::age::{AgeClass, Class};

    fn end() -> Date {
        Date::new(2026, 4, 11).unwrap()
    }

    fn blitz() -> Section {
        let mut s = Section::new("U14&U12-Blitzturnier", vec![Class::open(AgeClass::U14)]);
        s.time_control = "300".into();
        s.default_time_minutes = 0;
        s.kind = SectionKind::SideEvent;
        s.rating.dwz = false;
        s
    }

    #[test]
    fn h14_08_game_type_and_supervision_follow_the_time_control() {
        let mut s = blitz();
        assert_eq!(s.game_type(), Some(GameType::Blitz));
        assert_eq!(s.supervision_article(), Some(BLITZ_SUPERVISION));
        assert_eq!(
            s.rules_profile().unwrap().supervision,
            Supervision::Unsupervised
        );
        s.supervised = true;
        assert_eq!(
            s.rules_profile().unwrap().supervision,
            Supervision::Supervised
        );
        s.time_control = "900+10".into();
        assert_eq!(s.supervision_article(), Some(RAPID_SUPERVISION));
        let standard = Section::new("U18", vec![Class::open(AgeClass::U18)]);
        assert_eq!(standard.game_type(), Some(GameType::Standard));
        assert_eq!(standard.supervision_article(), None);
        assert_eq!(standard.proposed_default_time(), Some(15));
        assert_eq!(standard.check_rules(end()), Ok(()));
    }

    #[test]
    fn h20_07_new_sections_pick_the_sjrp_profile_of_their_classes() {
        // SJRP §4.2, §4.5: the rules differ between U8-U12 and U14-U18.
        let young = Section::new(
            "U12",
            vec![Class::open(AgeClass::U12), Class::girls(AgeClass::U12)],
        );
        assert_eq!(young.profile, "sjrp-u8-u12");
        let old = Section::new("U16", vec![Class::open(AgeClass::U16)]);
        assert_eq!(old.profile, "sjrp-u14-u18");
        assert_eq!(
            old.rules_profile().unwrap().illegal_moves,
            laws::edition::IllegalMoveRegime::Fide
        );
        let teams = Section::new("U20", vec![Class::open(AgeClass::U20)]);
        assert_eq!(teams.profile, "sjrp-u20");
        let merged = Section::new(
            "U12/U14",
            vec![Class::open(AgeClass::U14), Class::open(AgeClass::U12)],
        );
        assert_eq!(merged.profile, "sjrp-u8-u12");
    }

    #[test]
    fn h20_07_changing_the_classes_re_picks_a_picked_profile_only() {
        let mut s = Section::new("U12", vec![Class::open(AgeClass::U12)]);
        assert_eq!(s.profile, "sjrp-u8-u12");
        s.change_classes(vec![Class::open(AgeClass::U16)]);
        assert_eq!(s.profile, "sjrp-u14-u18");
        // A profile the director chose is his: it stays.
        s.profile = "fide-2023".into();
        s.change_classes(vec![Class::open(AgeClass::U10)]);
        assert_eq!(s.profile, "fide-2023");
        // The legacy name resolves by the classes anyway and is kept as written.
        s.profile = "sjrp".into();
        s.change_classes(vec![Class::open(AgeClass::U18)]);
        assert_eq!(s.profile, "sjrp");
        assert_eq!(s.profile_name(), "sjrp-u14-u18");
    }

    #[test]
    fn h20_07_legacy_sjrp_name_is_read_by_the_sections_classes() {
        let mut s = Section::new("U16", vec![Class::open(AgeClass::U16)]);
        s.profile = "sjrp".into();
        assert_eq!(s.regulations_profile(), Some(Profile::SJRP_U14_U18));
        assert_eq!(s.profile_name(), "sjrp-u14-u18");
        assert_eq!(s.proposed_default_time(), Some(15));
        assert!(s.check_settings().is_ok());
        s.classes = vec![Class::open(AgeClass::U10)];
        assert_eq!(s.profile_name(), "sjrp-u8-u12");
        // A legacy-named championship is still checked as an SJRP one (§8.5).
        s.time_control = "1800".into();
        assert_eq!(
            s.check_rules(end()).unwrap_err().article(),
            TIME_CONTROL_U10_U12
        );
        s.profile = "nonsense".into();
        assert_eq!(s.profile_name(), "nonsense");
        assert_eq!(s.rules_profile(), None);
    }

    #[test]
    fn h14_08_sjrp_default_time_is_refused_for_blitz() {
        let mut s = blitz();
        assert_eq!(s.check_rules(end()), Ok(()));
        s.default_time_minutes = 15;
        let e = s.check_rules(end()).unwrap_err();
        assert_eq!(e.article(), SJRP_DEFAULT_TIME);
        assert!(e.message(Lang::De).contains("Blitzpartien hat 0"), "{e}");
        // Under the FIDE profile the event's regulations may set any default time.
        s.profile = "fide-2023".into();
        assert_eq!(s.check_rules(end()), Ok(()));
    }

    #[test]
    fn h14_08_dwz_needs_90_minutes_and_a_championship_needs_dwz() {
        let mut s = blitz();
        s.rating.dwz = true;
        let e = s.check_rules(end()).unwrap_err();
        assert_eq!(e.article().to_string(), "DSB-Wertungsordnung 2014");
        let later = Date::new(2026, 12, 1).unwrap();
        assert_eq!(
            s.check_rules(later).unwrap_err().article().to_string(),
            "DSB-Wertungsordnung 2026"
        );
        s.rating.dwz = false;
        s.kind = SectionKind::Championship;
        let e = s.check_rules(end()).unwrap_err();
        assert_eq!(e.article(), TIME_CONTROL_U14_U18);
        s.classes = vec![Class::open(AgeClass::U12), Class::girls(AgeClass::U10)];
        assert_eq!(
            s.check_rules(end()).unwrap_err().article(),
            TIME_CONTROL_U10_U12
        );
        // 55 min + 5 s (§9.2) make exactly the 60 minutes of U12 and younger.
        s.classes = vec![Class::open(AgeClass::U8)];
        s.time_control = "3300+5".into();
        s.default_time_minutes = 15;
        assert_eq!(s.dwz_minimum_minutes(), 60);
        assert_eq!(s.check_rules(end()), Ok(()));
        s.time_control = "3000+5".into();
        s.default_time_minutes = 0;
        assert_eq!(s.check_rules(end()).unwrap_err().article(), TIME_CONTROL_U8);
    }
}
