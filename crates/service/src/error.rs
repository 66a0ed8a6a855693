//! Why an operation was refused, in words for the user (English, and German where the domain
//! gives it).

use std::fmt;

use event::validate::Invalid;
use laws::{Article, Lang};
use store::StoreError;

/// Why an operation of the [`crate::Service`] failed.
#[derive(Debug)]
pub enum ServiceError {
    /// No such event, section, player, round or game.
    NotFound,
    /// Someone else changed the object meanwhile (optimistic locking).
    Conflict(String),
    /// Bad input: the message names what and where.
    BadRequest(String),
    /// A value the domain refuses ([`event::validate`]): its field, what was expected and
    /// what was found, in English and German.
    Invalid(Invalid),
    /// A rule of the tournament or of the regulations refuses it (pairing before the last
    /// round is complete, an ineligible entry, a paired player deleted), with the article or
    /// paragraph it rests on when there is one, in English and, where the rule gives one,
    /// German.
    Rule {
        /// The article or paragraph the refusal rests on, if it names one.
        article: Option<Article>,
        /// The refusal in English.
        english: String,
        /// The refusal in German, where the rule gives one.
        german: Option<String>,
    },
    /// FIDE mode (C.04.A): a manual pairing change waits for the arbiter's confirmation;
    /// nothing was stored. It names what the change would break, for the arbiter to confirm.
    ConfirmationNeeded(Box<Unconfirmed>),
    /// Anything else (database down, ...).
    Internal(String),
}

/// A manual pairing change refused for want of the arbiter's confirmation (FIDE mode,
/// C.04.A): what it would change and break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unconfirmed {
    /// The change in words (as the audit log writes it).
    pub change: String,
    /// The change in German.
    pub change_de: String,
    /// The criteria of C.04.3 the changed round would break against the engine's pairing
    /// ([`event::Section::broken_criteria`]): `None` until every player of the round is
    /// paired (or outside a Swiss).
    pub criteria: Option<Vec<String>>,
    /// The warnings of the change (rematch, colours, prohibited pair, ...).
    pub warnings: Vec<event::round::Warning>,
}

/// A criterion of C.04.3 by its code with what it asks: `C1 (no two players meet twice)`;
/// a code that names no criterion stays as it is.
pub fn criterion_words(code: &str, lang: Lang) -> String {
    match code.parse::<pairing::dutch::Criterion>() {
        Ok(c) => format!("{code} ({})", c.summary(lang)),
        Err(_) => code.to_owned(),
    }
}

/// Criteria of C.04.3 by their codes, each with what it asks, separated by commas.
pub fn criteria_words(codes: &[String], lang: Lang) -> String {
    codes
        .iter()
        .map(|c| criterion_words(c, lang))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Unconfirmed {
    /// The criteria in words: `breaks C1, C12`, `breaks no criterion`, or not evaluated.
    pub fn criteria_text(&self, lang: Lang) -> String {
        match &self.criteria {
            None => lang
                .pick(
                    "the criteria are evaluated once every player of the round is paired",
                    "die Kriterien werden geprüft, sobald alle Spieler der Runde gepaart sind",
                )
                .to_owned(),
            Some(c) if c.is_empty() => lang
                .pick(
                    "the changed round breaks no criterion C1-C21",
                    "die geänderte Runde verletzt kein Kriterium C1-C21",
                )
                .to_owned(),
            Some(c) => format!(
                "{} {}",
                lang.pick("the changed round breaks", "die geänderte Runde verletzt"),
                criteria_words(c, lang)
            ),
        }
    }

    /// The refusal in `lang`, with the change and the criteria.
    pub fn message(&self, lang: Lang) -> String {
        format!(
            "{} ({}); {}",
            event::RoundError::ConfirmationNeeded.message(lang),
            lang.pick(&self.change, &self.change_de),
            self.criteria_text(lang)
        )
    }
}

impl ServiceError {
    /// A refusal by a rule that the message itself names (or that has no article), in
    /// English only (an engine's message without a German text).
    pub fn rule(english: impl Into<String>) -> ServiceError {
        ServiceError::Rule {
            article: None,
            english: english.into(),
            german: None,
        }
    }

    /// A refusal by a rule, in English and German.
    pub fn rule_in(english: impl Into<String>, german: impl Into<String>) -> ServiceError {
        ServiceError::Rule {
            article: None,
            english: english.into(),
            german: Some(german.into()),
        }
    }

    /// A refusal by the rule `article`, in English and German.
    pub fn rule_at(
        article: Article,
        english: impl Into<String>,
        german: impl Into<String>,
    ) -> ServiceError {
        ServiceError::Rule {
            article: Some(article),
            english: english.into(),
            german: Some(german.into()),
        }
    }

    /// The message in German where the domain has one (refused values, rules with a German
    /// text), else in English; a rule's article is named in either.
    pub fn german(&self) -> String {
        match self {
            ServiceError::Invalid(e) => e.german(),
            ServiceError::ConfirmationNeeded(u) => {
                with_article(&u.message(Lang::De), Some(event::section::FIDE_MODE))
            }
            ServiceError::Rule {
                article,
                german: Some(g),
                ..
            } => with_article(g, *article),
            other => other.to_string(),
        }
    }

    /// Whether the message has a German text ([`ServiceError::german`] is not the English).
    pub fn has_german(&self) -> bool {
        matches!(
            self,
            ServiceError::Invalid(_)
                | ServiceError::ConfirmationNeeded(_)
                | ServiceError::Rule {
                    german: Some(_),
                    ..
                }
        )
    }
}

/// A rule's message with its article in brackets.
fn with_article(message: &str, article: Option<Article>) -> String {
    match article {
        Some(a) => format!("{message} ({})", a.as_str()),
        None => message.to_owned(),
    }
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::NotFound => f.write_str("not found"),
            ServiceError::Conflict(m) | ServiceError::BadRequest(m) => f.write_str(m),
            ServiceError::Invalid(e) => write!(f, "{e}"),
            ServiceError::Rule {
                article, english, ..
            } => f.write_str(&with_article(english, *article)),
            ServiceError::ConfirmationNeeded(u) => f.write_str(&with_article(
                &u.message(Lang::En),
                Some(event::section::FIDE_MODE),
            )),
            ServiceError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl std::error::Error for ServiceError {}

impl From<Invalid> for ServiceError {
    fn from(e: Invalid) -> ServiceError {
        ServiceError::Invalid(e)
    }
}

/// A pairing the section refuses, in both languages with its provision.
impl From<event::PairError> for ServiceError {
    fn from(e: event::PairError) -> ServiceError {
        ServiceError::Rule {
            article: Some(e.article()),
            english: e.message(Lang::En),
            german: Some(e.message(Lang::De)),
        }
    }
}

/// An edit of rounds or results the section refuses, in both languages.
impl From<event::RoundError> for ServiceError {
    fn from(e: event::RoundError) -> ServiceError {
        ServiceError::Rule {
            article: e.article(),
            english: e.message(Lang::En),
            german: Some(e.message(Lang::De)),
        }
    }
}

/// A setting the rules of the section's games refuse (SJRP §4.3, §8.5, the Wertungsordnung).
impl From<event::game_rules::RulesError> for ServiceError {
    fn from(e: event::game_rules::RulesError) -> ServiceError {
        ServiceError::Rule {
            article: Some(e.article()),
            english: e.message(Lang::En),
            german: Some(e.message(Lang::De)),
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(e: StoreError) -> ServiceError {
        match e {
            StoreError::NotFound { .. } => ServiceError::NotFound,
            StoreError::Conflict { .. } | StoreError::Busy(_) => {
                ServiceError::Conflict(e.to_string())
            }
            StoreError::Duplicate(_) | StoreError::Invalid(_) => {
                ServiceError::BadRequest(e.to_string())
            }
            StoreError::Database(_) | StoreError::Url(_) => ServiceError::Internal(e.to_string()),
        }
    }
}
