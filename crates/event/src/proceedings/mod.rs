//! What a championship decides off the board (SJRP Spielordnung §5.5-§5.8, §20, §21): the
//! tribunals elected, the protests against the director's decisions with their appeals to
//! the Turniergericht, and the sanctions the director imposes. Kept with the event; every
//! operation takes the moment as a parameter and refuses with the paragraph it rests on.
//!
//! A protest is filed before the next round (§21.1.3) and decided by the director; the decision
//! can be appealed in writing with a fee of 10 € (§21.1.4-§21.1.6) to the tribunal, sitting
//! without anyone involved (§5.8); its decision is final and the next round of the section is
//! not paired before it (§21.1.7); an upheld appeal gets the fee back (§21.1.8).
//!
//! ```
//! use event::date::DateTime;
//! use event::proceedings::{Entitled, NewProtest, Proceedings};
//!
//! let at = DateTime { date: "2026-04-08".parse()?, time: "12:05".parse()? };
//! let mut p = Proceedings::default();
//! let n = p.file_protest(NewProtest {
//!     section: "U14".into(), round: 2, board: Some(3), by: "Kaya, Elif".into(),
//!     role: Entitled::Player, club: "SC Mainz".into(), subject: "Uhr falsch gestellt".into(),
//! }, at, false)?;
//! p.decide(n, false, "Uhr war korrekt", at)?;
//! p.appeal(n, true, true, vec!["A".into(), "B".into(), "C".into()], at)?;
//! assert_eq!(p.blocking("U14", 3).map(|b| b.number), Some(n));  // round 3 waits (§21.1.7)
//! p.decide_appeal(n, true, "Uhr war falsch gestellt", at)?;
//! assert!(p.blocking("U14", 3).is_none());
//! assert!(p.protest(n).unwrap().appeal.as_ref().unwrap().refund());  // §21.1.8
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use laws::Article;
use laws::penalties::Penalty;
use serde::{Deserialize, Serialize};

use crate::date::DateTime;
use crate::person::PlayerId;
use crate::tribunal::Tribunal;

mod federation;

/// §20.1: the sanctions the director may impose.
pub const SANCTIONS: Article = Article::new("SJRP §20.1");
/// §21.1.1: who may protest (players, parents, Betreuer; captains in team championships).
pub const ENTITLED: Article = Article::new("SJRP §21.1.1");
/// §21.1.3: a protest is filed before the next round.
pub const BEFORE_NEXT_ROUND: Article = Article::new("SJRP §21.1.3");
/// §21.1.4: the appeal against the director's decision goes to the tribunal.
pub const APPEAL: Article = Article::new("SJRP §21.1.4");
/// §21.1.5: the appeal is in writing.
pub const IN_WRITING: Article = Article::new("SJRP §21.1.5");
/// §21.1.6: the appeal fee.
pub const APPEAL_FEE: Article = Article::new("SJRP §21.1.6");
/// §21.1.7: the tribunal's decision is final; the next round begins only after it.
pub const FINAL: Article = Article::new("SJRP §21.1.7");
/// §21.1.8: an upheld appeal gets its fee back.
pub const REFUND: Article = Article::new("SJRP §21.1.8");

/// §21.2.1-§21.2.3: in a team championship without a local tribunal the captains protest,
/// free of charge, before the next round.
pub const WITHOUT_TRIBUNAL: Article = Article::new("SJRP §21.2");
/// §21.2.4: after the director's decision the tournament is finished first.
pub const TOURNAMENT_FIRST: Article = Article::new("SJRP §21.2.4");
/// §21.2.5: the appeal comes after the end of the tournament, at the latest after 5 days.
pub const AFTER_THE_END: Article = Article::new("SJRP §21.2.5");
/// §21.2.8: its fee of 10 € is paid within 5 days.
pub const FEE_WITHIN_FIVE_DAYS: Article = Article::new("SJRP §21.2.8");
/// §21.2.9: an appeal that misses §21.2.5 or §21.2.8 is rejected as inadmissible.
pub const INADMISSIBLE: Article = Article::new("SJRP §21.2.9");
/// §21.2.10: the Spielleiter für Mannschaftsturniere decides the appeal.
pub const SPIELLEITER: Article = Article::new("SJRP §21.2.10");
/// §21.2.11: a further appeal within 5 days of the Spielleiter's written reasons.
pub const FURTHER_APPEAL: Article = Article::new("SJRP §21.2.11");
/// §21.2.13: the further appeal's fee of 50 €, paid within 5 days.
pub const FURTHER_FEE: Article = Article::new("SJRP §21.2.13");
/// §21.2.15: the Schiedsgericht of the SBRP decides as the last instance.
pub const SCHIEDSGERICHT: Article = Article::new("SJRP §21.2.15");
/// §21.3.1: when the Spielleiter für Mannschaftsturniere directed the tournament, the appeal
/// goes straight to the Schiedsgericht of the SBRP.
pub const DIRECTED_BY_SPIELLEITER: Article = Article::new("SJRP §21.3.1");

/// The appeal fee of §21.1.6 and §21.2.8 in cents.
pub const APPEAL_FEE_CENTS: u32 = 1000;
/// The fee of the further appeal of §21.2.13 in cents.
pub const FURTHER_FEE_CENTS: u32 = 5000;
/// The days of §21.2.5, §21.2.8, §21.2.11 and §21.2.13.
pub const DAYS_TO_APPEAL: u32 = 5;
/// The most protests and sanctions an event keeps (a bound on stored input).
pub const MAX_CASES: usize = 500;
/// The longest text of a subject, reason or decision.
pub const MAX_TEXT: usize = 2000;

/// Who files a protest (§21.1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Entitled {
    /// The player.
    Player,
    /// A parent of the player.
    Parent,
    /// The player's Betreuer.
    Betreuer,
    /// The team captain (team championships).
    Captain,
}

impl Entitled {
    /// Every role, in the order of a form.
    pub const ALL: [Entitled; 4] = [
        Entitled::Player,
        Entitled::Parent,
        Entitled::Betreuer,
        Entitled::Captain,
    ];

    /// The role in German.
    pub fn german(self) -> &'static str {
        match self {
            Entitled::Player => "Spieler/in",
            Entitled::Parent => "Elternteil",
            Entitled::Betreuer => "Betreuer/in",
            Entitled::Captain => "Mannschaftsführer/in",
        }
    }

    /// The form value (`player`, `parent`, `betreuer`, `captain`).
    pub fn key(self) -> &'static str {
        match self {
            Entitled::Player => "player",
            Entitled::Parent => "parent",
            Entitled::Betreuer => "betreuer",
            Entitled::Captain => "captain",
        }
    }

    /// The role of a form value.
    pub fn parse(key: &str) -> Option<Entitled> {
        Entitled::ALL.into_iter().find(|e| e.key() == key)
    }

    /// Whether the role may protest: the captain in a team championship, the player, a parent
    /// or the Betreuer in an individual one (§21.1.1).
    pub fn may_protest(self, team: bool) -> bool {
        (self == Entitled::Captain) == team
    }
}

impl fmt::Display for Entitled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Entitled::Player => "player",
            Entitled::Parent => "parent",
            Entitled::Betreuer => "Betreuer (coach)",
            Entitled::Captain => "team captain",
        })
    }
}

/// A decision of the director or of the tribunal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// When it was taken.
    pub at: DateTime,
    /// Whether the protest or appeal is upheld.
    pub upheld: bool,
    /// The decision and its reasons, as written.
    pub text: String,
}

/// The procedure a protest follows (§21.1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Procedure {
    /// §21.1: a local tribunal decides the appeal before the next round is paired.
    #[default]
    Tribunal,
    /// §21.2: a team championship without a local tribunal: the tournament is finished first,
    /// the appeal goes to the federation within 5 days after its end.
    Federation,
}

impl Procedure {
    fn is_tribunal(&self) -> bool {
        *self == Procedure::Tribunal
    }
}

/// Who decides an appeal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Instance {
    /// The local Turniergericht (§21.1.4), its decision final (§21.1.7).
    #[default]
    Tribunal,
    /// The Spielleiter für Mannschaftsturniere (§21.2.10).
    Spielleiter,
    /// The Schiedsgericht of the SBRP, the last instance (§21.2.15, §21.3.1).
    Schiedsgericht,
}

impl Instance {
    fn is_tribunal(&self) -> bool {
        *self == Instance::Tribunal
    }

    /// The provision that makes it decide.
    pub fn article(self) -> Article {
        match self {
            Instance::Tribunal => APPEAL,
            Instance::Spielleiter => SPIELLEITER,
            Instance::Schiedsgericht => SCHIEDSGERICHT,
        }
    }

    /// Its name in German.
    pub fn german(self) -> &'static str {
        match self {
            Instance::Tribunal => "Turniergericht",
            Instance::Spielleiter => "Spielleiter für Mannschaftsturniere",
            Instance::Schiedsgericht => "Schiedsgericht des SBRP",
        }
    }
}

impl fmt::Display for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Instance::Tribunal => "tribunal",
            Instance::Spielleiter => {
                "Spielleiter für Mannschaftsturniere (team competitions officer)"
            }
            Instance::Schiedsgericht => "Schiedsgericht of the SBRP (federation court)",
        })
    }
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

/// The written appeal against the director's decision: to the tribunal (§21.1.4-§21.1.8) or,
/// without one, to the federation (§21.2.5-§21.2.16).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appeal {
    /// When it was lodged.
    pub filed: DateTime,
    /// The fee, in cents (§21.1.6, §21.2.8, §21.2.13).
    pub fee_cents: u32,
    /// Whether the fee is paid (at once under §21.1.6, within 5 days under §21.2.8).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub fee_paid: bool,
    /// Who decides it.
    #[serde(default, skip_serializing_if = "Instance::is_tribunal")]
    pub instance: Instance,
    /// The three who decide it (§5.8); empty when no tribunal decides.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bench: Vec<String>,
    /// The tribunal's final decision (§21.1.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
}

impl Appeal {
    /// Whether the fee is paid back: the appeal was upheld (§21.1.8, §21.2.16).
    pub fn refund(&self) -> bool {
        self.fee_paid && self.decision.as_ref().is_some_and(|d| d.upheld)
    }

    /// The last day to pay the fee of an appeal to the federation (§21.2.8, §21.2.13).
    pub fn fee_due(&self) -> crate::date::Date {
        self.filed.date.add_days(DAYS_TO_APPEAL)
    }

    fn open(&self) -> bool {
        self.decision.is_none()
    }
}

/// What a protest needs when it is filed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewProtest {
    /// The section's name.
    pub section: String,
    /// The round it concerns.
    pub round: u32,
    /// The board, if it concerns a game.
    pub board: Option<u32>,
    /// Who protests, `Last, First`.
    pub by: String,
    /// In which role (§21.1.1).
    pub role: Entitled,
    /// The club of the person protesting (to seat the tribunal, §5.8).
    pub club: String,
    /// What the protest is against.
    pub subject: String,
}

/// A protest against a decision of the director (§20.3, §21.1; Art. 11.10).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Protest {
    /// Its number in the event, from 1.
    pub number: u32,
    /// The section's name.
    pub section: String,
    /// The round it concerns.
    pub round: u32,
    /// The board, if it concerns a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// Who protests.
    pub by: String,
    /// In which role.
    pub role: Entitled,
    /// The club of the person protesting.
    #[serde(default)]
    pub club: String,
    /// What it is against.
    pub subject: String,
    /// When it was filed.
    pub filed: DateTime,
    /// The director's decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
    /// The appeal against that decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub appeal: Option<Appeal>,
    /// The procedure (§21.1 with a local tribunal, §21.2 without).
    #[serde(default, skip_serializing_if = "Procedure::is_tribunal")]
    pub procedure: Procedure,
    /// The further appeal against the Spielleiter's decision (§21.2.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub further: Option<Appeal>,
}

impl Protest {
    /// Whether an appeal waits for its decision.
    pub fn appeal_open(&self) -> bool {
        self.pending().is_some()
    }

    /// The appeal waiting for its decision, if one.
    pub fn pending(&self) -> Option<&Appeal> {
        self.further
            .as_ref()
            .or(self.appeal.as_ref())
            .filter(|a| a.open())
    }

    /// The provision under which `appeal` (its first or further appeal) is decided:
    /// §21.3.1 for a first appeal sent straight to the Schiedsgericht.
    pub fn instance_article(&self, appeal: &Appeal) -> Article {
        let first = self.appeal.as_ref() == Some(appeal);
        match appeal.instance {
            Instance::Schiedsgericht if first => DIRECTED_BY_SPIELLEITER,
            i => i.article(),
        }
    }

    fn pending_mut(&mut self) -> Option<&mut Appeal> {
        match &mut self.further {
            Some(a) => Some(a),
            None => self.appeal.as_mut(),
        }
        .filter(|a| a.open())
    }
}

/// Whom a sanction is against (§20.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Party {
    /// A player of a section.
    Player {
        /// The player.
        player: PlayerId,
        /// `Last, First`.
        name: String,
    },
    /// A Betreuer.
    Betreuer {
        /// `Last, First`.
        name: String,
    },
    /// A team.
    Team {
        /// The team's name.
        name: String,
    },
    /// A club.
    Club {
        /// The club's name.
        name: String,
    },
}

impl Party {
    /// The name of the person, team or club.
    pub fn name(&self) -> &str {
        match self {
            Party::Player { name, .. }
            | Party::Betreuer { name }
            | Party::Team { name }
            | Party::Club { name } => name,
        }
    }
}

/// A measure of §20.1: a penalty of Art. 12.9 (warning, time penalty, loss of the game,
/// exclusion) or the order to leave the playing hall, which only the Spielordnung names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "measure", rename_all = "snake_case")]
pub enum Measure {
    /// A penalty of Art. 12.9.
    Penalty {
        /// The penalty.
        penalty: Penalty,
    },
    /// "Anordnung den Spielsaal zu verlassen" (§20.1).
    LeaveHall,
}

impl Measure {
    /// The provision: the Art. 12.9 item, or §20.1 for leaving the hall.
    pub fn article(self) -> Article {
        match self {
            Measure::Penalty { penalty } => penalty.article(),
            Measure::LeaveHall => SANCTIONS,
        }
    }

    /// The measure in German.
    pub fn german(self) -> String {
        match self {
            Measure::Penalty { penalty } => penalty.german(),
            Measure::LeaveHall => "Anordnung, den Spielsaal zu verlassen".to_owned(),
        }
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Measure::Penalty { penalty } => penalty.fmt(f),
            Measure::LeaveHall => f.write_str("ordered to leave the playing hall"),
        }
    }
}

/// A sanction the director imposed (§20.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sanction {
    /// Its number in the event, from 1.
    pub number: u32,
    /// The section's name.
    pub section: String,
    /// The round in which it was imposed.
    pub round: u32,
    /// Against whom.
    pub against: Party,
    /// What.
    pub measure: Measure,
    /// Why, as written.
    pub reason: String,
    /// When.
    pub at: DateTime,
}

/// The off-board record of an event: tribunals, protests, sanctions.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Proceedings {
    /// The tribunals elected (§5.5), each for some sections.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tribunals: Vec<Tribunal>,
    /// Protests, in the order filed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub protests: Vec<Protest>,
    /// Sanctions, in the order imposed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sanctions: Vec<Sanction>,
}

/// Why a protest, appeal or sanction cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CaseError {
    /// The role may not protest in this kind of championship (§21.1.1).
    NotEntitled(Entitled),
    /// The next round has begun (§21.1.3).
    TooLate {
        /// The round protested.
        round: u32,
    },
    /// No protest with this number.
    NoSuchProtest(u32),
    /// The director has decided already.
    Decided(u32),
    /// The director has not decided yet: nothing to appeal.
    Undecided(u32),
    /// The appeal is not in writing (§21.1.5).
    NotInWriting,
    /// The fee is not paid (§21.1.6).
    FeeUnpaid,
    /// An appeal was lodged already; the tribunal's decision is final (§21.1.7).
    AppealedAlready(u32),
    /// No open appeal to decide.
    NoAppeal(u32),
    /// A text is empty or longer than [`MAX_TEXT`].
    Text(&'static str),
    /// More than [`MAX_CASES`] cases.
    TooMany,
    /// The operation belongs to the other procedure of §21.1.2.
    WrongProcedure(u32, Procedure),
    /// The tournament is not finished yet (§21.2.4).
    NotEnded,
    /// The days to appeal are over (§21.2.5, §21.2.11).
    AppealLate {
        /// The last day it could be lodged.
        last_day: crate::date::Date,
        /// Whether it was the further appeal of §21.2.11.
        further: bool,
    },
    /// The fee is not paid and its days are not over: nothing to decide yet (§21.2.8).
    FeeDue {
        /// The last day to pay it.
        last_day: crate::date::Date,
    },
    /// The fee was not paid in time: the appeal can only be rejected as inadmissible (§21.2.9).
    Inadmissible(u32),
    /// The decision was final: no further appeal (§21.1.7, §21.2.15).
    Final(u32, Instance),
}

impl CaseError {
    /// The provision the refusal rests on, if one.
    pub fn article(&self) -> Option<Article> {
        Some(match self {
            CaseError::NotEntitled(_) => ENTITLED,
            CaseError::TooLate { .. } => BEFORE_NEXT_ROUND,
            CaseError::Undecided(_) => APPEAL,
            CaseError::NotInWriting => IN_WRITING,
            CaseError::FeeUnpaid => APPEAL_FEE,
            CaseError::AppealedAlready(_) => FINAL,
            CaseError::WrongProcedure(_, Procedure::Tribunal) => APPEAL,
            CaseError::WrongProcedure(_, Procedure::Federation) => WITHOUT_TRIBUNAL,
            CaseError::NotEnded => TOURNAMENT_FIRST,
            CaseError::AppealLate { further: false, .. } => AFTER_THE_END,
            CaseError::AppealLate { further: true, .. } => FURTHER_APPEAL,
            CaseError::FeeDue { .. } => FEE_WITHIN_FIVE_DAYS,
            CaseError::Inadmissible(_) => INADMISSIBLE,
            CaseError::Final(_, Instance::Schiedsgericht) => SCHIEDSGERICHT,
            CaseError::Final(..) => FINAL,
            _ => return None,
        })
    }

    /// The refusal in German (the English text is [`fmt::Display`]).
    pub fn german(&self) -> String {
        let text = match self {
            CaseError::NotEntitled(e) => {
                format!("{} ist hier nicht protestberechtigt", e.german())
            }
            CaseError::TooLate { round } => format!(
                "die nächste Runde nach Runde {round} hat begonnen: der Protest kommt zu spät"
            ),
            CaseError::NoSuchProtest(n) => format!("kein Protest Nr. {n}"),
            CaseError::Decided(n) => format!("über Protest Nr. {n} ist schon entschieden"),
            CaseError::Undecided(n) => {
                format!("über Protest Nr. {n} hat die Turnierleitung noch nicht entschieden")
            }
            CaseError::NotInWriting => "der Widerspruch muss schriftlich erfolgen".to_owned(),
            CaseError::FeeUnpaid => format!(
                "die Widerspruchsgebühr von {} € ist nicht bezahlt",
                APPEAL_FEE_CENTS / 100
            ),
            CaseError::AppealedAlready(n) => {
                format!("gegen Protest Nr. {n} ist schon Widerspruch eingelegt")
            }
            CaseError::NoAppeal(n) => format!("zu Protest Nr. {n} ist kein Widerspruch offen"),
            CaseError::Text(field) => {
                format!("{field}: Text fehlt oder ist länger als {MAX_TEXT} Zeichen")
            }
            CaseError::TooMany => format!("mehr als {MAX_CASES} Fälle"),
            CaseError::WrongProcedure(n, Procedure::Tribunal) => {
                format!("Protest Nr. {n} geht an das örtliche Turniergericht")
            }
            CaseError::WrongProcedure(n, Procedure::Federation) => format!(
                "Protest Nr. {n}: ohne örtliches Turniergericht geht der Widerspruch nach Turnierende an den 1. Vorsitzenden"
            ),
            CaseError::NotEnded => {
                "das Turnier wird zunächst beendet, erst danach ist Widerspruch möglich".to_owned()
            }
            CaseError::AppealLate { last_day, .. } => format!(
                "die Frist für den Widerspruch endete am {}",
                last_day.german()
            ),
            CaseError::FeeDue { last_day } => format!(
                "die Widerspruchsgebühr ist noch nicht bezahlt; sie ist bis {} fällig",
                last_day.german()
            ),
            CaseError::Inadmissible(n) => format!(
                "die Gebühr zu Protest Nr. {n} wurde nicht fristgerecht bezahlt: der Widerspruch kann nur als unzulässig zurückgewiesen werden"
            ),
            CaseError::Final(n, i) => format!(
                "die Entscheidung ({}) zu Protest Nr. {n} ist endgültig",
                i.german()
            ),
        };
        match self.article() {
            Some(a) => format!("{text} ({a})"),
            None => text,
        }
    }
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::NotEntitled(e) => write!(f, "a {e} may not protest here"),
            CaseError::TooLate { round } => write!(
                f,
                "the round after round {round} has begun: the protest is too late"
            ),
            CaseError::NoSuchProtest(n) => write!(f, "no protest no. {n}"),
            CaseError::Decided(n) => write!(f, "protest no. {n} is decided already"),
            CaseError::Undecided(n) => {
                write!(f, "the director has not decided protest no. {n} yet")
            }
            CaseError::NotInWriting => f.write_str("the appeal must be in writing"),
            CaseError::FeeUnpaid => write!(
                f,
                "the appeal fee of {} € is not paid",
                APPEAL_FEE_CENTS / 100
            ),
            CaseError::AppealedAlready(n) => {
                write!(f, "protest no. {n} has been appealed already")
            }
            CaseError::NoAppeal(n) => write!(f, "protest no. {n} has no open appeal"),
            CaseError::Text(field) => {
                write!(f, "{field}: empty or longer than {MAX_TEXT} characters")
            }
            CaseError::TooMany => write!(f, "more than {MAX_CASES} cases"),
            CaseError::WrongProcedure(n, Procedure::Tribunal) => {
                write!(f, "protest no. {n} goes to the local tribunal")
            }
            CaseError::WrongProcedure(n, Procedure::Federation) => write!(
                f,
                "protest no. {n}: without a local tribunal the appeal goes to the chair after the tournament"
            ),
            CaseError::NotEnded => f.write_str(
                "the tournament is finished first; only then can the decision be appealed",
            ),
            CaseError::AppealLate { last_day, .. } => {
                write!(f, "the time to appeal ended on {last_day}")
            }
            CaseError::FeeDue { last_day } => {
                write!(f, "the appeal fee is not paid yet; it is due by {last_day}")
            }
            CaseError::Inadmissible(n) => write!(
                f,
                "the fee of protest no. {n} was not paid in time: the appeal can only be rejected as inadmissible"
            ),
            CaseError::Final(n, i) => write!(f, "the decision ({i}) on protest no. {n} is final"),
        }?;
        match self.article() {
            Some(a) => write!(f, " ({a})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for CaseError {}

/// A required text of at most [`MAX_TEXT`] characters, trimmed.
fn text(field: &'static str, value: &str) -> Result<String, CaseError> {
    let t = value.trim();
    if t.is_empty() || t.chars().count() > MAX_TEXT {
        return Err(CaseError::Text(field));
    }
    Ok(t.to_owned())
}

impl Proceedings {
    /// The tribunal serving the section named `section`.
    pub fn tribunal_for(&self, section: &str) -> Option<&Tribunal> {
        self.tribunals
            .iter()
            .find(|t| t.sections.iter().any(|s| s == section))
    }

    /// Protest number `n`.
    pub fn protest(&self, n: u32) -> Option<&Protest> {
        self.protests.iter().find(|p| p.number == n)
    }

    fn protest_mut(&mut self, n: u32) -> Result<&mut Protest, CaseError> {
        self.protests
            .iter_mut()
            .find(|p| p.number == n)
            .ok_or(CaseError::NoSuchProtest(n))
    }

    /// Files a protest at `now`; `next_round_begun` says whether the round after the one
    /// protested has begun (§21.1.3). Returns its number.
    pub fn file_protest(
        &mut self,
        p: NewProtest,
        now: DateTime,
        next_round_begun: bool,
    ) -> Result<u32, CaseError> {
        self.file(p, now, next_round_begun, false)
    }

    /// As [`Proceedings::file_protest`] for a team championship (captains only, §21.1.1).
    pub fn file_team_protest(
        &mut self,
        p: NewProtest,
        now: DateTime,
        next_round_begun: bool,
    ) -> Result<u32, CaseError> {
        self.file(p, now, next_round_begun, true)
    }

    fn file(
        &mut self,
        p: NewProtest,
        now: DateTime,
        next_round_begun: bool,
        team: bool,
    ) -> Result<u32, CaseError> {
        if !p.role.may_protest(team) {
            return Err(CaseError::NotEntitled(p.role));
        }
        if next_round_begun {
            return Err(CaseError::TooLate { round: p.round });
        }
        if self.protests.len() + self.sanctions.len() >= MAX_CASES {
            return Err(CaseError::TooMany);
        }
        let procedure = if team && self.tribunal_for(&p.section).is_none() {
            Procedure::Federation
        } else {
            Procedure::Tribunal
        };
        let number = self.protests.iter().map(|p| p.number).max().unwrap_or(0) + 1;
        self.protests.push(Protest {
            number,
            section: p.section,
            round: p.round,
            board: p.board,
            by: text("by", &p.by)?,
            role: p.role,
            club: p.club.trim().to_owned(),
            subject: text("subject", &p.subject)?,
            filed: now,
            decision: None,
            appeal: None,
            procedure,
            further: None,
        });
        Ok(number)
    }

    /// Records the director's decision on protest `n`.
    pub fn decide(
        &mut self,
        n: u32,
        upheld: bool,
        decision: &str,
        now: DateTime,
    ) -> Result<(), CaseError> {
        let text = text("decision", decision)?;
        let p = self.protest_mut(n)?;
        if p.decision.is_some() {
            return Err(CaseError::Decided(n));
        }
        p.decision = Some(Decision {
            at: now,
            upheld,
            text,
        });
        Ok(())
    }

    /// Lodges the appeal against the director's decision on protest `n` (§21.1.4): in writing
    /// (§21.1.5), the fee paid (§21.1.6), decided by `bench` (the tribunal seated by §5.8).
    pub fn appeal(
        &mut self,
        n: u32,
        in_writing: bool,
        fee_paid: bool,
        bench: Vec<String>,
        now: DateTime,
    ) -> Result<(), CaseError> {
        let p = self.appealable(n, Procedure::Tribunal)?;
        if !in_writing {
            return Err(CaseError::NotInWriting);
        }
        if !fee_paid {
            return Err(CaseError::FeeUnpaid);
        }
        p.appeal = Some(Appeal {
            filed: now,
            fee_cents: APPEAL_FEE_CENTS,
            fee_paid: true,
            instance: Instance::Tribunal,
            bench,
            decision: None,
        });
        Ok(())
    }

    /// Protest `n`, decided by the director and not appealed yet, following `procedure`.
    fn appealable(&mut self, n: u32, procedure: Procedure) -> Result<&mut Protest, CaseError> {
        let p = self.protest_mut(n)?;
        if p.procedure != procedure {
            return Err(CaseError::WrongProcedure(n, p.procedure));
        }
        if p.decision.is_none() {
            return Err(CaseError::Undecided(n));
        }
        if p.appeal.is_some() {
            return Err(CaseError::AppealedAlready(n));
        }
        Ok(p)
    }

    /// Records the decision on the open appeal of protest `n`: the tribunal's, final
    /// (§21.1.7), or the federation's instance's (§21.2.10, §21.2.15). An appeal to the
    /// federation whose fee is unpaid waits for its 5 days (§21.2.8) and can then only be
    /// rejected as inadmissible (§21.2.9, §21.2.14).
    pub fn decide_appeal(
        &mut self,
        n: u32,
        upheld: bool,
        decision: &str,
        now: DateTime,
    ) -> Result<(), CaseError> {
        let text = text("decision", decision)?;
        let p = self.protest_mut(n)?;
        let a = p.pending_mut().ok_or(CaseError::NoAppeal(n))?;
        if !a.fee_paid {
            if now.date <= a.fee_due() {
                return Err(CaseError::FeeDue {
                    last_day: a.fee_due(),
                });
            }
            if upheld {
                return Err(CaseError::Inadmissible(n));
            }
        }
        a.decision = Some(Decision {
            at: now,
            upheld,
            text,
        });
        Ok(())
    }

    /// The open appeal that keeps round `round` of `section` from being paired: one on an
    /// earlier round of the section before its local tribunal (§21.1.7); without a tribunal
    /// the tournament is finished first (§21.2.4).
    pub fn blocking(&self, section: &str, round: u32) -> Option<&Protest> {
        self.protests.iter().find(|p| {
            p.section == section
                && p.round < round
                && p.procedure == Procedure::Tribunal
                && p.appeal_open()
        })
    }

    /// Records a sanction (§20.1); returns its number.
    pub fn sanction(
        &mut self,
        section: &str,
        round: u32,
        against: Party,
        measure: Measure,
        reason: &str,
        now: DateTime,
    ) -> Result<u32, CaseError> {
        if self.protests.len() + self.sanctions.len() >= MAX_CASES {
            return Err(CaseError::TooMany);
        }
        let number = self.sanctions.iter().map(|s| s.number).max().unwrap_or(0) + 1;
        self.sanctions.push(Sanction {
            number,
            section: section.to_owned(),
            round,
            against,
            measure,
            reason: text("reason", reason)?,
            at: now,
        });
        Ok(number)
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.tribunals.is_empty() && self.protests.is_empty() && self.sanctions.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at() -> DateTime {
        DateTime {
            date: "2026-04-08".parse().unwrap(),
            time: "12:05".parse().unwrap(),
        }
    }

    fn protest(role: Entitled) -> NewProtest {
        NewProtest {
            section: "U14".into(),
            round: 2,
            board: Some(3),
            by: "Kaya, Elif".into(),
            role,
            club: "SC Mainz".into(),
            subject: "Reklamation nach Art. 9.6".into(),
        }
    }

    #[test]
    fn h18_03_protest_before_the_next_round_by_the_entitled() {
        let mut p = Proceedings::default();
        assert_eq!(
            p.file_protest(protest(Entitled::Captain), at(), false),
            Err(CaseError::NotEntitled(Entitled::Captain))
        );
        assert_eq!(
            p.file_team_protest(protest(Entitled::Parent), at(), false),
            Err(CaseError::NotEntitled(Entitled::Parent))
        );
        let late = p
            .file_protest(protest(Entitled::Parent), at(), true)
            .unwrap_err();
        assert_eq!(late, CaseError::TooLate { round: 2 });
        assert!(
            late.german().ends_with("(SJRP §21.1.3)"),
            "{}",
            late.german()
        );
        assert_eq!(
            p.file_protest(protest(Entitled::Betreuer), at(), false),
            Ok(1)
        );
        assert_eq!(
            p.file_protest(protest(Entitled::Player), at(), false),
            Ok(2)
        );
    }

    #[test]
    fn h18_03_appeal_in_writing_with_fee_blocks_the_next_round_until_decided() {
        let mut p = Proceedings::default();
        let n = p
            .file_protest(protest(Entitled::Player), at(), false)
            .unwrap();
        let bench = || vec!["A".to_owned(), "B".to_owned(), "C".to_owned()];
        assert_eq!(
            p.appeal(n, true, true, bench(), at()),
            Err(CaseError::Undecided(n))
        );
        p.decide(n, false, "abgelehnt", at()).unwrap();
        assert_eq!(p.decide(n, true, "doch", at()), Err(CaseError::Decided(n)));
        assert_eq!(
            p.appeal(n, false, true, bench(), at()),
            Err(CaseError::NotInWriting)
        );
        assert_eq!(
            p.appeal(n, true, false, bench(), at()),
            Err(CaseError::FeeUnpaid)
        );
        assert!(p.blocking("U14", 3).is_none());
        p.appeal(n, true, true, bench(), at()).unwrap();
        assert_eq!(
            p.appeal(n, true, true, bench(), at()),
            Err(CaseError::AppealedAlready(n))
        );
        assert_eq!(p.blocking("U14", 3).map(|b| b.number), Some(n));
        assert!(
            p.blocking("U14", 2).is_none(),
            "the round protested itself is not held"
        );
        assert!(p.blocking("U16", 3).is_none());
        p.decide_appeal(n, false, "zurückgewiesen", at()).unwrap();
        assert!(p.blocking("U14", 3).is_none());
        assert!(!p.protest(n).unwrap().appeal.as_ref().unwrap().refund());
        assert_eq!(
            p.decide_appeal(n, true, "x", at()),
            Err(CaseError::NoAppeal(n))
        );
    }

    #[test]
    fn h18_04_sanctions_name_their_article_and_survive_a_round_trip() {
        let mut p = Proceedings::default();
        let expel = Measure::Penalty {
            penalty: Penalty::Expulsion,
        };
        let party = Party::Player {
            player: PlayerId(7),
            name: "Roth, Ben".into(),
        };
        assert_eq!(
            p.sanction("U14", 3, party, expel, "  ", at()),
            Err(CaseError::Text("reason"))
        );
        let party = Party::Betreuer {
            name: "Roth, Udo".into(),
        };
        p.sanction("U14", 3, party, Measure::LeaveHall, "Störung", at())
            .unwrap();
        assert_eq!(expel.article().as_str(), "Art. 12.9.9");
        assert_eq!(Measure::LeaveHall.article(), SANCTIONS);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Proceedings>(&json).unwrap(), p);
    }
}
