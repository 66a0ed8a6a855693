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

/// The appeal fee of §21.1.6 in cents.
pub const APPEAL_FEE_CENTS: u32 = 1000;
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

/// The written appeal to the tribunal against the director's decision (§21.1.4-§21.1.8).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appeal {
    /// When it was lodged.
    pub filed: DateTime,
    /// The fee paid, in cents (§21.1.6).
    pub fee_cents: u32,
    /// The three who decide it (§5.8).
    pub bench: Vec<String>,
    /// The tribunal's final decision (§21.1.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
}

impl Appeal {
    /// Whether the fee is paid back: the appeal was upheld (§21.1.8).
    pub fn refund(&self) -> bool {
        self.decision.as_ref().is_some_and(|d| d.upheld)
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
}

impl Protest {
    /// Whether an appeal waits for the tribunal.
    pub fn appeal_open(&self) -> bool {
        self.appeal.as_ref().is_some_and(|a| a.decision.is_none())
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
        let p = self.protest_mut(n)?;
        if p.decision.is_none() {
            return Err(CaseError::Undecided(n));
        }
        if p.appeal.is_some() {
            return Err(CaseError::AppealedAlready(n));
        }
        if !in_writing {
            return Err(CaseError::NotInWriting);
        }
        if !fee_paid {
            return Err(CaseError::FeeUnpaid);
        }
        p.appeal = Some(Appeal {
            filed: now,
            fee_cents: APPEAL_FEE_CENTS,
            bench,
            decision: None,
        });
        Ok(())
    }

    /// Records the tribunal's final decision on the appeal of protest `n` (§21.1.7).
    pub fn decide_appeal(
        &mut self,
        n: u32,
        upheld: bool,
        decision: &str,
        now: DateTime,
    ) -> Result<(), CaseError> {
        let text = text("decision", decision)?;
        let p = self.protest_mut(n)?;
        match &mut p.appeal {
            Some(a) if a.decision.is_none() => {
                a.decision = Some(Decision {
                    at: now,
                    upheld,
                    text,
                });
                Ok(())
            }
            _ => Err(CaseError::NoAppeal(n)),
        }
    }

    /// The open appeal that keeps round `round` of `section` from being paired: one on an
    /// earlier round of the section (§21.1.7).
    pub fn blocking(&self, section: &str, round: u32) -> Option<&Protest> {
        self.protests
            .iter()
            .find(|p| p.section == section && p.round < round && p.appeal_open())
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
