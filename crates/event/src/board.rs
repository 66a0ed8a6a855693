//! The sanctions of the federation's board (SJRP Spielordnung §20.2, §20.4), kept across
//! events: an oral or written warning, a ban from every SJRP event for at most a year (when a
//! breach is repeated or serious), and fines of up to 100 € for teams and clubs. Against a
//! board decision a written protest goes to the Schiedsgericht of the SBRP with a fee of 50 €,
//! refunded when it is upheld (§20.4); an upheld protest lifts the sanction.
//!
//! A ban keeps a player, team or club out of registrations on the days it covers
//! ([`Register::ban_on`]); players are matched by name (`Last, First`, ignoring case and
//! spacing) and, where the board recorded it, birth year.
//!
//! ```
//! use event::board::{Measure, Register, Subject};
//! use event::date::Date;
//!
//! let day = |s: &str| s.parse::<Date>().unwrap();
//! let mut register = Register::default();
//! let ban = Measure::Ban { from: day("2026-05-01"), until: day("2027-04-30") };
//! let who = Subject::Player { name: "Roth, Ben".into(), birth_year: Some(2011) };
//! register.impose(who, ban, "wiederholte Beleidigung", day("2026-04-20"))?;
//! assert!(register.ban_on("roth,  ben", Some(2011), "", day("2026-09-12"), day("2026-09-13")).is_some());
//! assert!(register.ban_on("Roth, Ben", Some(2011), "", day("2027-05-01"), day("2027-05-02")).is_none());
//! # Ok::<(), event::board::BoardError>(())
//! ```

use std::fmt;

use laws::Article;
use serde::{Deserialize, Serialize};

use crate::date::{Date, DateTime};
use crate::proceedings::Decision;

/// §20.2: the sanctions of the board.
pub const BOARD_SANCTIONS: Article = Article::new("SJRP §20.2");
/// §20.4: the protest against them to the Schiedsgericht of the SBRP, fee 50 €.
pub const BOARD_PROTEST: Article = Article::new("SJRP §20.4");

/// The largest fine in cents (§20.2: "bis 100 €").
pub const MAX_FINE_CENTS: u32 = 10_000;
/// The protest fee of §20.4 in cents.
pub const PROTEST_FEE_CENTS: u32 = 5_000;
/// The most sanctions the register keeps (a bound on stored input).
pub const MAX_SANCTIONS: usize = 5_000;
/// The longest name or text.
pub const MAX_TEXT: usize = 2_000;

/// Whom the board sanctions (§20.2: players, teams, Betreuer, clubs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Subject {
    /// A player, `Last, First`, with the birth year when known (to tell namesakes apart).
    Player {
        /// `Last, First`.
        name: String,
        /// The year of birth.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        birth_year: Option<u16>,
    },
    /// A team, by name.
    Team {
        /// The team's name.
        name: String,
    },
    /// A Betreuer, `Last, First`.
    Betreuer {
        /// `Last, First`.
        name: String,
    },
    /// A club, by name.
    Club {
        /// The club's name.
        name: String,
    },
}

impl Subject {
    /// The name of the person, team or club.
    pub fn name(&self) -> &str {
        match self {
            Subject::Player { name, .. }
            | Subject::Team { name }
            | Subject::Betreuer { name }
            | Subject::Club { name } => name,
        }
    }

    fn fined_allowed(&self) -> bool {
        matches!(self, Subject::Team { .. } | Subject::Club { .. })
    }
}

/// What the board decides (§20.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "measure", rename_all = "snake_case")]
pub enum Measure {
    /// An oral or written warning.
    Warning {
        /// In writing.
        written: bool,
    },
    /// A ban from every SJRP event from `from` to `until`, both included.
    Ban {
        /// The first day.
        from: Date,
        /// The last day.
        until: Date,
    },
    /// A fine for a team or club, in cents.
    Fine {
        /// The amount in cents.
        cents: u32,
    },
}

impl Measure {
    /// The measure in German.
    pub fn german(self) -> String {
        match self {
            Measure::Warning { written: true } => "schriftliche Verwarnung".to_owned(),
            Measure::Warning { written: false } => "mündliche Verwarnung".to_owned(),
            Measure::Ban { from, until } => format!(
                "Sperre für sämtliche Veranstaltungen der SJRP vom {} bis {}",
                from.german(),
                until.german()
            ),
            Measure::Fine { cents } => format!("Geldbuße {},{:02} €", cents / 100, cents % 100),
        }
    }
}

impl fmt::Display for Measure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Measure::Warning { written: true } => f.write_str("written warning"),
            Measure::Warning { written: false } => f.write_str("oral warning"),
            Measure::Ban { from, until } => {
                write!(f, "ban from every SJRP event from {from} to {until}")
            }
            Measure::Fine { cents } => write!(f, "fine of {}.{:02} €", cents / 100, cents % 100),
        }
    }
}

/// The protest against a board sanction (§20.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Protest {
    /// When it was lodged.
    pub filed: DateTime,
    /// The fee in cents (§20.4: 50 €).
    pub fee_cents: u32,
    /// The Schiedsgericht's decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
}

/// A sanction of the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sanction {
    /// Its number in the register, from 1.
    pub number: u32,
    /// Against whom.
    pub against: Subject,
    /// What.
    pub measure: Measure,
    /// Why, as written.
    pub reason: String,
    /// The day of the board's decision.
    pub decided: Date,
    /// The protest to the Schiedsgericht (§20.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protest: Option<Protest>,
}

impl Sanction {
    /// Whether an upheld protest lifted it (§20.4).
    pub fn lifted(&self) -> bool {
        self.protest
            .as_ref()
            .and_then(|p| p.decision.as_ref())
            .is_some_and(|d| d.upheld)
    }

    /// Whether it is a ban covering some day from `first` to `last`, not lifted.
    pub fn bans_during(&self, first: Date, last: Date) -> bool {
        match self.measure {
            Measure::Ban { from, until } => !self.lifted() && from <= last && first <= until,
            _ => false,
        }
    }
}

/// The board's register of sanctions.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Register {
    /// The sanctions in the order imposed.
    #[serde(default)]
    pub sanctions: Vec<Sanction>,
}

/// Why a board sanction or protest cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// A ban longer than a year or ending before it begins (§20.2).
    BanTooLong,
    /// A fine for a player or Betreuer, or above 100 € (§20.2).
    Fine,
    /// A name or text is empty or too long.
    Text(&'static str),
    /// No sanction with this number.
    NoSuchSanction(u32),
    /// The protest is not in writing or its fee is not paid (§20.4).
    ProtestForm,
    /// A protest was lodged already.
    Protested(u32),
    /// No open protest to decide.
    NoProtest(u32),
    /// More than [`MAX_SANCTIONS`].
    TooMany,
}

impl BoardError {
    /// The provision the refusal rests on, if one.
    pub fn article(&self) -> Option<Article> {
        match self {
            BoardError::BanTooLong | BoardError::Fine => Some(BOARD_SANCTIONS),
            BoardError::ProtestForm | BoardError::Protested(_) => Some(BOARD_PROTEST),
            _ => None,
        }
    }

    /// The refusal in German (the English text is [`fmt::Display`]).
    pub fn german(&self) -> String {
        let text = match self {
            BoardError::BanTooLong => {
                "eine Sperre dauert höchstens 1 Jahr und endet nicht vor ihrem Beginn".to_owned()
            }
            BoardError::Fine => "Geldbußen nur für Mannschaften und Vereine, bis 100 €".to_owned(),
            BoardError::Text(field) => {
                format!("{field}: Text fehlt oder ist länger als {MAX_TEXT} Zeichen")
            }
            BoardError::NoSuchSanction(n) => format!("keine Strafe Nr. {n}"),
            BoardError::ProtestForm => {
                "der Protest ist schriftlich mit 50 € Gebühr einzulegen".to_owned()
            }
            BoardError::Protested(n) => format!("gegen Strafe Nr. {n} ist schon Protest eingelegt"),
            BoardError::NoProtest(n) => format!("zu Strafe Nr. {n} ist kein Protest offen"),
            BoardError::TooMany => format!("mehr als {MAX_SANCTIONS} Strafen"),
        };
        match self.article() {
            Some(a) => format!("{text} ({a})"),
            None => text,
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BanTooLong => {
                f.write_str("a ban lasts at most one year and cannot end before it begins")
            }
            BoardError::Fine => f.write_str("fines only for teams and clubs, up to 100 €"),
            BoardError::Text(field) => {
                write!(f, "{field}: empty or longer than {MAX_TEXT} characters")
            }
            BoardError::NoSuchSanction(n) => write!(f, "no sanction no. {n}"),
            BoardError::ProtestForm => {
                f.write_str("the protest is lodged in writing with the fee of 50 €")
            }
            BoardError::Protested(n) => write!(f, "sanction no. {n} has been protested already"),
            BoardError::NoProtest(n) => write!(f, "sanction no. {n} has no open protest"),
            BoardError::TooMany => write!(f, "more than {MAX_SANCTIONS} sanctions"),
        }?;
        match self.article() {
            Some(a) => write!(f, " ({a})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for BoardError {}

fn text(field: &'static str, value: &str) -> Result<String, BoardError> {
    let t = value.trim();
    if t.is_empty() || t.chars().count() > MAX_TEXT {
        return Err(BoardError::Text(field));
    }
    Ok(t.to_owned())
}

/// The last day of a year that begins on `from` (§20.2: "Höchstdauer von 1 Jahr"): the day
/// before the same date a year later (1 March for 29 February).
fn last_day_of_year_from(from: Date) -> Date {
    let next = from.year() + 1;
    Date::new(next, from.month(), from.day())
        .or_else(|| Date::new(next, 3, 1))
        .map_or(from, |d| d.sub_days(1))
}

/// A name compared ignoring case and spacing.
fn same_name(a: &str, b: &str) -> bool {
    let norm = |s: &str| {
        s.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
    };
    norm(a) == norm(b)
}

impl Register {
    /// Records a sanction decided on `decided`; returns its number.
    pub fn impose(
        &mut self,
        against: Subject,
        measure: Measure,
        reason: &str,
        decided: Date,
    ) -> Result<u32, BoardError> {
        if self.sanctions.len() >= MAX_SANCTIONS {
            return Err(BoardError::TooMany);
        }
        text("name", against.name())?;
        match measure {
            Measure::Ban { from, until } if until < from || until > last_day_of_year_from(from) => {
                return Err(BoardError::BanTooLong);
            }
            Measure::Fine { cents }
                if !against.fined_allowed() || cents == 0 || cents > MAX_FINE_CENTS =>
            {
                return Err(BoardError::Fine);
            }
            _ => {}
        }
        let number = self.sanctions.iter().map(|s| s.number).max().unwrap_or(0) + 1;
        self.sanctions.push(Sanction {
            number,
            against,
            measure,
            reason: text("reason", reason)?,
            decided,
            protest: None,
        });
        Ok(number)
    }

    fn sanction_mut(&mut self, n: u32) -> Result<&mut Sanction, BoardError> {
        self.sanctions
            .iter_mut()
            .find(|s| s.number == n)
            .ok_or(BoardError::NoSuchSanction(n))
    }

    /// Lodges the protest against sanction `n` (§20.4): in writing, the fee of 50 € paid.
    pub fn protest(
        &mut self,
        n: u32,
        written: bool,
        fee_paid: bool,
        now: DateTime,
    ) -> Result<(), BoardError> {
        let s = self.sanction_mut(n)?;
        if s.protest.is_some() {
            return Err(BoardError::Protested(n));
        }
        if !written || !fee_paid {
            return Err(BoardError::ProtestForm);
        }
        s.protest = Some(Protest {
            filed: now,
            fee_cents: PROTEST_FEE_CENTS,
            decision: None,
        });
        Ok(())
    }

    /// Records the Schiedsgericht's decision on the protest against sanction `n`; upheld, it
    /// lifts the sanction and the fee is refunded (§20.4).
    pub fn decide(
        &mut self,
        n: u32,
        upheld: bool,
        decision: &str,
        now: DateTime,
    ) -> Result<(), BoardError> {
        let text = text("decision", decision)?;
        let s = self.sanction_mut(n)?;
        match &mut s.protest {
            Some(p) if p.decision.is_none() => {
                p.decision = Some(Decision {
                    at: now,
                    upheld,
                    text,
                });
                Ok(())
            }
            _ => Err(BoardError::NoProtest(n)),
        }
    }

    /// The ban that keeps a registration out of an event from `first` to `last`: of the
    /// player `name` (birth year `birth_year` when both are known), of the player's club
    /// `club`, or of a team or club so named.
    pub fn ban_on(
        &self,
        name: &str,
        birth_year: Option<u16>,
        club: &str,
        first: Date,
        last: Date,
    ) -> Option<&Sanction> {
        self.sanctions.iter().find(|s| {
            s.bans_during(first, last)
                && match &s.against {
                    Subject::Player {
                        name: banned,
                        birth_year: year,
                    } => {
                        same_name(banned, name)
                            && (year.is_none() || birth_year.is_none() || *year == birth_year)
                    }
                    Subject::Club { name: banned } => {
                        !club.trim().is_empty() && same_name(banned, club)
                    }
                    Subject::Team { name: banned } => same_name(banned, name),
                    Subject::Betreuer { .. } => false,
                }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> Date {
        s.parse().unwrap()
    }

    fn at(s: &str) -> DateTime {
        DateTime {
            date: day(s),
            time: "10:00".parse().unwrap(),
        }
    }

    #[test]
    fn h18_06_bans_last_at_most_a_year_and_fines_are_for_teams_and_clubs() {
        let mut r = Register::default();
        let player = Subject::Player {
            name: "Roth, Ben".into(),
            birth_year: None,
        };
        let long = Measure::Ban {
            from: day("2026-05-01"),
            until: day("2027-05-01"),
        };
        let refused = r.impose(player.clone(), long, "x", day("2026-04-20"));
        assert_eq!(refused, Err(BoardError::BanTooLong));
        assert!(refused.unwrap_err().german().ends_with("(SJRP §20.2)"));
        let year = Measure::Ban {
            from: day("2026-05-01"),
            until: day("2027-04-30"),
        };
        assert_eq!(
            r.impose(player.clone(), year, "x", day("2026-04-20")),
            Ok(1)
        );
        let fine = Measure::Fine { cents: 5_000 };
        assert_eq!(
            r.impose(player, fine, "x", day("2026-04-20")),
            Err(BoardError::Fine)
        );
        let club = Subject::Club {
            name: "SC Bann".into(),
        };
        let too_much = Measure::Fine { cents: 10_001 };
        assert_eq!(
            r.impose(club.clone(), too_much, "x", day("2026-04-20")),
            Err(BoardError::Fine)
        );
        assert_eq!(
            r.impose(club, fine, "Nichtantreten", day("2026-04-20")),
            Ok(2)
        );
    }

    #[test]
    fn h18_06_a_ban_keeps_players_and_club_members_out_until_a_protest_lifts_it() {
        let mut r = Register::default();
        let ban = Measure::Ban {
            from: day("2026-05-01"),
            until: day("2026-10-31"),
        };
        let ben = Subject::Player {
            name: "Roth, Ben".into(),
            birth_year: Some(2011),
        };
        r.impose(ben, ban, "Beleidigung", day("2026-04-20"))
            .unwrap();
        let club = Subject::Club {
            name: "SC Bann".into(),
        };
        let n = r
            .impose(club, ban, "Nichtantreten", day("2026-04-20"))
            .unwrap();
        let (june, june2) = (day("2026-06-01"), day("2026-06-03"));
        assert!(r.ban_on("ROTH, Ben", None, "", june, june2).is_some());
        assert!(
            r.ban_on("Roth, Ben", Some(2012), "", june, june2).is_none(),
            "a namesake"
        );
        assert!(
            r.ban_on(
                "Roth, Ben",
                Some(2011),
                "",
                day("2026-11-01"),
                day("2026-11-02")
            )
            .is_none()
        );
        assert!(
            r.ban_on("Meier, Ida", None, "SC  Bann", june, june2)
                .is_some(),
            "club member"
        );
        assert!(
            r.ban_on("SC Bann 2", None, "SC Bann", june, june2)
                .is_some(),
            "the club's team"
        );
        assert_eq!(
            r.protest(n, true, false, at("2026-04-25")),
            Err(BoardError::ProtestForm)
        );
        r.protest(n, true, true, at("2026-04-25")).unwrap();
        assert_eq!(
            r.protest(n, true, true, at("2026-04-26")),
            Err(BoardError::Protested(n))
        );
        r.decide(n, true, "Nichtantreten war entschuldigt", at("2026-05-10"))
            .unwrap();
        assert!(
            r.ban_on("Meier, Ida", None, "SC Bann", june, june2)
                .is_none(),
            "lifted"
        );
        let json = serde_json::to_string(&r).unwrap();
        assert_eq!(serde_json::from_str::<Register>(&json).unwrap(), r);
    }
}
