//! Squads: a team's players and substitutes in fixed order by strength (SJRP §10.8, §18.6),
//! checked against the rules of its competition, a [`Profile`].
//!
//! ```
//! use event::person::PlayerId;
//! use event::player::Player;
//! use event::team::squad::{Member, Profile, Squad, check_squads};
//!
//! let member = |id, dwz| {
//!     let mut p = Player::new(PlayerId(id), "P", &id.to_string());
//!     p.dwz = dwz;
//!     p.club = "SC Mainz".into();
//!     Member { player: p, pupil: None }
//! };
//! let squad = Squad {
//!     name: "SC Mainz".into(),
//!     club: "SC Mainz".into(),
//!     members: vec![member(1, Some(1500)), member(2, Some(1701)), member(3, None), member(4, None)],
//!     admitted_over: None,
//!     withdrawn: None,
//! };
//! let found = check_squads(&Profile::club_u16(), &[squad], 2026);
//! // 1500 stands ahead of 1701: more than 200 below (§10.8).
//! assert_eq!(found.len(), 1);
//! assert_eq!(found[0].article().to_string(), "SJRP §10.8");
//! ```

use std::collections::BTreeMap;
use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::admission::DuplicateBy;
use crate::age::{AgeClass, AgeConvention, Class, Ineligible};
use crate::event::same_person;
use crate::person::PlayerId;

use crate::player::Player;
use crate::team::school::{Format, Group, NotAdmitted, Pupil, SettingsViolation};
use crate::team::withdrawal::{Withdrawal, WithdrawalError};

/// One registered player of a squad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// The player (DWZ, club, birth date, sex).
    pub player: Player,
    /// The school record, for school teams.
    pub pupil: Option<Pupil>,
}

/// A team's registration: its players in fixed order, the first [`Profile::boards`] the
/// regular team, the rest its substitutes in order (§10.8, §18.9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squad {
    /// Team name.
    pub name: String,
    /// The club the team plays for (club competitions).
    pub club: String,
    /// Players in registered order.
    pub members: Vec<Member>,
    /// The arbiter's decision to register the squad over its refused issues.
    #[serde(default)]
    pub admitted_over: Option<SquadOverride>,
    /// The team's departure from the competition, once it withdrew or was expelled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn: Option<Withdrawal>,
}

/// The arbiter's decision to register a squad that eligibility refused: the squad's
/// counterpart of [`crate::admission::Override`], kept on the squad and in the audit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquadOverride {
    /// Why the squad was registered (one line, at most [`crate::validate::MAX_TEXT`]).
    pub reason: String,
    /// What it overrode, each issue in English with its paragraph.
    pub issues: Vec<String>,
}

impl Squad {
    /// Whether the team is paired in `round`: always, unless it left before.
    pub fn plays(&self, round: u32) -> bool {
        self.withdrawn.as_ref().is_none_or(|w| w.plays(round))
    }

    /// Records the team's departure after `after_round`: not before the last round `played`
    /// with a result of the team, not beyond the `paired` rounds.
    pub fn withdraw(
        &mut self,
        withdrawal: Withdrawal,
        played: u32,
        paired: u32,
    ) -> Result<(), WithdrawalError> {
        if let Some(w) = &self.withdrawn {
            return Err(WithdrawalError::Already(w.cause));
        }
        if withdrawal.after_round < played {
            return Err(WithdrawalError::Played {
                after_round: withdrawal.after_round,
                played,
            });
        }
        if withdrawal.after_round > paired {
            return Err(WithdrawalError::NotPaired {
                after_round: withdrawal.after_round,
                paired,
            });
        }
        self.withdrawn = Some(withdrawal);
        Ok(())
    }

    /// The registered position (0 first) of a player.
    pub fn position(&self, id: PlayerId) -> Option<usize> {
        self.members.iter().position(|m| m.player.id == id)
    }
}

/// The DSJ pseudo ratings for players without DWZ, by age group.
const DSJ_PSEUDO_RATINGS: [(&str, u16); 8] = [
    ("U20", 1800),
    ("U16", 1600),
    ("U20w", 1400),
    ("U16w", 1400),
    ("U14", 1400),
    ("U12", 1200),
    ("U12w", 1000),
    ("U10", 1000),
];

/// The squad rules of one competition: data, one value per paragraph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// Competition name, e.g. `4er-U16` or `WK III`.
    pub name: String,
    /// Boards of a team, and the paragraph that fixes them.
    pub boards: (usize, Article),
    /// At most this many substitutes; `None` where the rules set no limit.
    pub substitutes: Option<(usize, Article)>,
    /// The age class of the players (girls only for a girls' class) and the paragraph that
    /// sets it (§11.1-§17.1); `None` where no class applies.
    pub class: Option<(Class, Article)>,
    /// The DWZ band (200) and its paragraph.
    pub band: (u16, Article),
    /// The rating counted for players without DWZ; `None` leaves them out of the band check.
    pub pseudo_rating: Option<u16>,
    /// Players from another club allowed (club competitions); `None` where clubs do not
    /// matter.
    pub guests: Option<(usize, Article)>,
    /// All players from one school (§18.5).
    pub same_school: Option<Article>,
    /// The school group whose admission rules apply (§18.2).
    pub group: Option<Group>,
    /// The paragraph that allows a player in one team only.
    pub one_team: Article,
    /// The fixed board order and its paragraph (§10.9, §18.10).
    pub order: Article,
    /// Minimum thinking time in minutes per player and game, and its paragraph.
    pub min_minutes: (u32, Article),
    /// Most Swiss rounds allowed, and the paragraph.
    pub max_swiss_rounds: Option<(u32, Article)>,
}

/// Tandem (bughouse) is not covered by the FIDE Laws; its rules are the event's own, from the
/// announcement of the championship ("Tandemturnier").
pub const TANDEM_RULES: Article = Article::new("Ausschreibung, Tandemturnier");

/// The competition code of a tandem (bughouse) section.
pub const TANDEM: &str = "tandem";

impl Profile {
    /// A tandem (bughouse) team: two partners on two boards, optionally one substitute, no
    /// board-order band, no club or age limits unless the director sets classes, and blitz
    /// time (at least 1 minute). Every paragraph is the event's own ([`TANDEM_RULES`]).
    pub fn tandem() -> Profile {
        Profile {
            name: "Tandem".into(),
            boards: (2, TANDEM_RULES),
            substitutes: Some((1, TANDEM_RULES)),
            class: None,
            band: (u16::MAX, TANDEM_RULES),
            pseudo_rating: None,
            guests: None,
            same_school: None,
            group: None,
            one_team: TANDEM_RULES,
            order: TANDEM_RULES,
            min_minutes: (1, TANDEM_RULES),
            max_swiss_rounds: None,
        }
    }

    fn club(
        name: &str,
        boards: usize,
        class: Class,
        composition: &'static str,
        guests: usize,
    ) -> Profile {
        let composition = Article::new(composition);
        Profile {
            name: name.into(),
            boards: (boards, composition),
            substitutes: None,
            class: Some((class, composition)),
            band: (200, Article::new("SJRP §10.8")),
            pseudo_rating: None,
            guests: Some((guests, composition)),
            same_school: None,
            group: None,
            one_team: Article::new("SJRP §10.1"),
            order: Article::new("SJRP §10.9"),
            min_minutes: (25, Article::new("SJRP §10.11")),
            max_swiss_rounds: None,
        }
    }

    /// 6er-U20 club teams (§11.1). §10 sets no limit on substitutes.
    pub fn club_u20() -> Profile {
        Profile::club("6er-U20", 6, Class::open(AgeClass::U20), "SJRP §11.1", 0)
    }

    /// 4er-U16 club teams (§12.1).
    pub fn club_u16() -> Profile {
        Profile::club("4er-U16", 4, Class::open(AgeClass::U16), "SJRP §12.1", 0)
    }

    /// 4er-U14 club teams (§13.1).
    pub fn club_u14() -> Profile {
        Profile::club("4er-U14", 4, Class::open(AgeClass::U14), "SJRP §13.1", 0)
    }

    /// 4er-U12 club teams (§14.1).
    pub fn club_u12() -> Profile {
        Profile::club("4er-U12", 4, Class::open(AgeClass::U12), "SJRP §14.1", 0)
    }

    /// 4er-U10 club teams (§15.1).
    pub fn club_u10() -> Profile {
        Profile::club("4er-U10", 4, Class::open(AgeClass::U10), "SJRP §15.1", 0)
    }

    /// 4er-U16w girls' teams: one player may belong to another club (§16.1).
    pub fn club_u16w() -> Profile {
        Profile::club("4er-U16w", 4, Class::girls(AgeClass::U16), "SJRP §16.1", 1)
    }

    /// 4er-U12w girls' teams: one player may belong to another club (§17.1).
    pub fn club_u12w() -> Profile {
        Profile::club("4er-U12w", 4, Class::girls(AgeClass::U12), "SJRP §17.1", 1)
    }

    /// A school group (§18): 4 or 6 boards of one school (§18.5), the band with pseudo
    /// rating 800, 600 in WK G and WK G M (§18.7), up to two substitutes (§18.9), Swiss up to
    /// 7 rounds (§18.11), at least 15 minutes (§18.12).
    pub fn school(group: Group) -> Profile {
        Profile {
            name: group.to_string(),
            boards: (group.boards(), Article::new("SJRP §18.5")),
            substitutes: Some((2, Article::new("SJRP §18.9"))),
            class: None,
            band: (200, Article::new("SJRP §18.7")),
            pseudo_rating: Some(group.pseudo_rating()),
            guests: None,
            same_school: Some(Article::new("SJRP §18.5")),
            group: Some(group),
            one_team: Article::new("SJRP §18.8"),
            order: Article::new("SJRP §18.10"),
            min_minutes: (15, Article::new("SJRP §18.12")),
            max_swiss_rounds: Some((7, Article::new("SJRP §18.11"))),
        }
    }

    /// The same club competition with the DSJ pseudo ratings for players without DWZ, by age
    /// group (tiebreaks-ratings.md, DSJ youth rules: U20 1800, U16 1600, U20w, U16w and U14
    /// 1400, U12 1200, U12w and U10 1000); `None` for a competition outside the table (the
    /// school groups keep §18.7).
    pub fn with_dsj_pseudo_ratings(&self) -> Option<Profile> {
        let group = self.name.rsplit('-').next()?;
        let (_, rating) = DSJ_PSEUDO_RATINGS.iter().find(|(g, _)| *g == group)?;
        Some(Profile {
            name: format!("{} (DSJ)", self.name),
            pseudo_rating: Some(*rating),
            ..self.clone()
        })
    }

    /// The rating a member counts with in the band check.
    pub fn rating(&self, player: &Player) -> Option<u16> {
        player.dwz.or(self.pseudo_rating)
    }

    /// Checks the format and the thinking time against the profile (§18.11, §18.12, §10.11).
    pub fn check_settings(&self, format: Format, minutes: u32) -> Vec<SettingsViolation> {
        let mut out = Vec::new();
        if let (Format::Swiss(rounds), Some((max, article))) = (format, self.max_swiss_rounds)
            && rounds > max
        {
            out.push(SettingsViolation::TooManyRounds {
                rounds,
                max,
                article,
            });
        }
        let (min, article) = self.min_minutes;
        if minutes < min {
            out.push(SettingsViolation::TooLittleTime {
                minutes,
                min,
                article,
            });
        }
        out
    }
}

/// A broken squad rule, naming the team and the paragraph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SquadViolation {
    /// Fewer players than boards.
    TooFewPlayers {
        /// Team.
        team: String,
        /// Players registered.
        players: usize,
        /// Boards.
        boards: usize,
        /// Paragraph.
        article: Article,
    },
    /// More substitutes than allowed.
    TooManySubstitutes {
        /// Team.
        team: String,
        /// Substitutes registered.
        substitutes: usize,
        /// The limit.
        max: usize,
        /// Paragraph.
        article: Article,
    },
    /// `ahead` stands before `behind`, whose rating is more than the band higher.
    Band {
        /// Team.
        team: String,
        /// The player listed first.
        ahead: PlayerId,
        /// The player listed later.
        behind: PlayerId,
        /// Rating difference.
        gap: u16,
        /// Paragraph.
        article: Article,
    },
    /// A player outside the competition's age class or, in a girls' competition, not
    /// recorded as female (§11.1-§17.1 with the cut-off day of §5.3).
    Ineligible {
        /// Team.
        team: String,
        /// The player.
        player: PlayerId,
        /// The competition's class.
        class: Class,
        /// Why, with the cut-off day or girls' class paragraph.
        reason: Ineligible,
        /// The paragraph that sets the class.
        article: Article,
    },
    /// The same person registered in more than one team ([`same_person`]: DSB membership,
    /// FIDE id, or name and birth year).
    TwoTeams {
        /// The player, as registered first.
        player: PlayerId,
        /// What the registrations share.
        by: DuplicateBy,
        /// The teams, in order.
        teams: Vec<String>,
        /// Paragraph.
        article: Article,
    },
    /// More players from other clubs than allowed.
    Guests {
        /// Team.
        team: String,
        /// Players from another club.
        guests: Vec<PlayerId>,
        /// The limit.
        max: usize,
        /// Paragraph.
        article: Article,
    },
    /// A school team's player from another school, or without a school record.
    OtherSchool {
        /// Team.
        team: String,
        /// The player.
        player: PlayerId,
        /// Paragraph.
        article: Article,
    },
    /// A pupil the group does not admit.
    NotAdmitted {
        /// Team.
        team: String,
        /// The player.
        player: PlayerId,
        /// Why.
        reason: NotAdmitted,
    },
}

impl SquadViolation {
    /// The paragraph broken.
    pub fn article(&self) -> Article {
        match self {
            SquadViolation::TooFewPlayers { article, .. }
            | SquadViolation::TooManySubstitutes { article, .. }
            | SquadViolation::Band { article, .. }
            | SquadViolation::TwoTeams { article, .. }
            | SquadViolation::Ineligible { article, .. }
            | SquadViolation::Guests { article, .. }
            | SquadViolation::OtherSchool { article, .. } => *article,
            SquadViolation::NotAdmitted { reason, .. } => reason.article(),
        }
    }

    /// Whether the issue refuses a registration (the arbiter may override it with a reason):
    /// a player outside the class or group, too many guests, the same player in two teams.
    /// A missing birth date, the band and the number of players are shown as warnings.
    pub fn refuses_entry(&self) -> bool {
        match self {
            SquadViolation::Ineligible { .. } => true,
            SquadViolation::NotAdmitted { reason, .. } => *reason != NotAdmitted::NoBirthDate,
            SquadViolation::Guests { .. } | SquadViolation::TwoTeams { .. } => true,
            SquadViolation::TooFewPlayers { .. }
            | SquadViolation::TooManySubstitutes { .. }
            | SquadViolation::Band { .. }
            | SquadViolation::OtherSchool { .. } => false,
        }
    }
}

impl fmt::Display for SquadViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquadViolation::TooFewPlayers {
                team,
                players,
                boards,
                ..
            } => write!(f, "{team}: {players} players for {boards} boards"),
            SquadViolation::TooManySubstitutes {
                team,
                substitutes,
                max,
                ..
            } => write!(f, "{team}: {substitutes} substitutes, at most {max}"),
            SquadViolation::Band {
                team,
                ahead,
                behind,
                gap,
                ..
            } => write!(
                f,
                "{team}: player {ahead} stands ahead of player {behind}, rated {gap} higher"
            ),
            SquadViolation::TwoTeams { player, teams, .. } => {
                write!(f, "player {player} registered for {}", teams.join(", "))
            }
            SquadViolation::Ineligible {
                team,
                player,
                class,
                reason,
                article,
            } => {
                return write!(
                    f,
                    "{team}: player {player} may not play in the {class} team ({article}): {reason}"
                );
            }
            SquadViolation::Guests {
                team, guests, max, ..
            } => write!(
                f,
                "{team}: {} players from another club, at most {max}",
                guests.len()
            ),
            SquadViolation::OtherSchool { team, player, .. } => {
                write!(f, "{team}: player {player} is not from the team's school")
            }
            SquadViolation::NotAdmitted {
                team,
                player,
                reason,
            } => return write!(f, "{team}: player {player}: {reason}"),
        }?;
        write!(f, " ({})", self.article())
    }
}

impl std::error::Error for SquadViolation {}

/// Checks every squad of a competition held in `year` against `profile`.
pub fn check_squads(profile: &Profile, squads: &[Squad], year: u16) -> Vec<SquadViolation> {
    let mut out = Vec::new();
    for squad in squads {
        check_squad(profile, squad, year, &mut out);
    }
    two_teams(profile, squads, &mut out);
    out
}

/// The same person in more than one squad (§18.8, §10.1), reported once per person with the
/// teams in registration order.
fn two_teams(profile: &Profile, squads: &[Squad], out: &mut Vec<SquadViolation>) {
    let mut found: BTreeMap<PlayerId, (DuplicateBy, Vec<String>)> = BTreeMap::new();
    let mut counted: Vec<PlayerId> = Vec::new();
    for (i, squad) in squads.iter().enumerate() {
        for m in &squad.members {
            if counted.contains(&m.player.id) {
                continue;
            }
            for later in &squads[i + 1..] {
                for other in &later.members {
                    let Some(by) = same_person(&m.player, &other.player) else {
                        continue;
                    };
                    counted.push(other.player.id);
                    let (_, teams) = found
                        .entry(m.player.id)
                        .or_insert_with(|| (by, vec![squad.name.clone()]));
                    if !teams.contains(&later.name) {
                        teams.push(later.name.clone());
                    }
                }
            }
        }
    }
    for (player, (by, teams)) in found {
        out.push(SquadViolation::TwoTeams {
            player,
            by,
            teams,
            article: profile.one_team,
        });
    }
}

/// The issues that refuse `squad` ([`SquadViolation::refuses_entry`]) if it joined `others`
/// in a competition held in `year`: those the squads had not before.
pub fn entry_issues(
    profile: &Profile,
    others: &[Squad],
    squad: &Squad,
    year: u16,
) -> Vec<SquadViolation> {
    let before = check_squads(profile, others, year);
    let mut all = others.to_vec();
    all.push(squad.clone());
    check_squads(profile, &all, year)
        .into_iter()
        .filter(|v| v.refuses_entry() && !before.contains(v))
        .collect()
}

fn check_squad(profile: &Profile, squad: &Squad, year: u16, out: &mut Vec<SquadViolation>) {
    let team = || squad.name.clone();
    let (boards, article) = profile.boards;
    let players = squad.members.len();
    if players < boards {
        out.push(SquadViolation::TooFewPlayers {
            team: team(),
            players,
            boards,
            article,
        });
    }
    if let Some((max, article)) = profile.substitutes
        && players.saturating_sub(boards) > max
    {
        out.push(SquadViolation::TooManySubstitutes {
            team: team(),
            substitutes: players - boards,
            max,
            article,
        });
    }
    let (band, article) = profile.band;
    for (i, ahead) in squad.members.iter().enumerate() {
        for behind in &squad.members[i + 1..] {
            let (Some(a), Some(b)) = (
                profile.rating(&ahead.player),
                profile.rating(&behind.player),
            ) else {
                continue;
            };
            if b > a && b - a > band {
                out.push(SquadViolation::Band {
                    team: team(),
                    ahead: ahead.player.id,
                    behind: behind.player.id,
                    gap: b - a,
                    article,
                });
            }
        }
    }
    if let Some((class, article)) = profile.class {
        for m in &squad.members {
            let p = &m.player;
            // The DSJ cut-off, 31 December before the season (§5.3). §10.8 asks for no birth
            // date: a player without one is not checked.
            if let Err(reason) = class.admits(p.birth, p.sex, year, AgeConvention::default())
                && reason != Ineligible::NoBirthDate
            {
                out.push(SquadViolation::Ineligible {
                    team: team(),
                    player: p.id,
                    class,
                    reason,
                    article,
                });
            }
        }
    }
    if let Some((max, article)) = profile.guests {
        let guests: Vec<PlayerId> = squad
            .members
            .iter()
            .filter(|m| m.player.club != squad.club)
            .map(|m| m.player.id)
            .collect();
        if guests.len() > max {
            out.push(SquadViolation::Guests {
                team: team(),
                guests,
                max,
                article,
            });
        }
    }
    if let Some(article) = profile.same_school {
        let school = squad
            .members
            .first()
            .and_then(|m| m.pupil.as_ref())
            .map(|p| p.school.as_str());
        for m in &squad.members {
            let own = m.pupil.as_ref().map(|p| p.school.as_str());
            if own.is_none() || own != school {
                out.push(SquadViolation::OtherSchool {
                    team: team(),
                    player: m.player.id,
                    article,
                });
            }
        }
    }
    if let Some(group) = profile.group {
        for m in &squad.members {
            let reason = match &m.pupil {
                Some(pupil) => group.admits(m.player.birth, m.player.sex, pupil, year),
                None => Ok(()),
            };
            if let Err(reason) = reason {
                out.push(SquadViolation::NotAdmitted {
                    team: team(),
                    player: m.player.id,
                    reason,
                });
            }
        }
    }
}
