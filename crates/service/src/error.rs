//! Why an operation was refused, in words for the user (English, and German where the domain
//! gives it).

use std::fmt;

use event::validate::Invalid;
use laws::Article;
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
    /// A rule of the tournament forbids it (e.g. pairing before the last round is complete),
    /// with the article or paragraph it rests on when there is one.
    Rule {
        article: Option<Article>,
        message: String,
        /// The message in German, where the rule gives one.
        german: Option<String>,
    },
    /// Refused by a rule of the regulations (eligibility, a paired player stays): the message
    /// names the paragraph, in English and German.
    Refused { message: String, german: String },
    /// Anything else (database down, ...).
    Internal(String),
}

impl ServiceError {
    /// A refusal by a rule that the message itself names (or that has no article).
    pub fn rule(message: impl Into<String>) -> ServiceError {
        ServiceError::Rule {
            article: None,
            message: message.into(),
            german: None,
        }
    }

    /// A refusal by a rule, in English and German.
    pub fn rule_in(english: impl Into<String>, german: impl Into<String>) -> ServiceError {
        ServiceError::Rule {
            article: None,
            message: english.into(),
            german: Some(german.into()),
        }
    }

    /// A refusal by the rule `article`.
    pub fn rule_at(article: Article, message: impl Into<String>) -> ServiceError {
        ServiceError::Rule {
            article: Some(article),
            message: message.into(),
            german: None,
        }
    }

    /// The message in German where the domain has one (refused values, rules with a German
    /// text), else in English.
    pub fn german(&self) -> String {
        match self {
            ServiceError::Invalid(e) => e.german(),
            ServiceError::Refused { german, .. } => german.clone(),
            ServiceError::Rule {
                article,
                german: Some(g),
                ..
            } => match article {
                Some(a) => format!("{g} ({})", a.as_str()),
                None => g.clone(),
            },
            other => other.to_string(),
        }
    }
}

impl fmt::Display for ServiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ServiceError::NotFound => f.write_str("not found"),
            ServiceError::Conflict(m)
            | ServiceError::BadRequest(m)
            | ServiceError::Refused { message: m, .. } => f.write_str(m),
            ServiceError::Invalid(e) => write!(f, "{e}"),
            ServiceError::Rule {
                article: Some(a),
                message,
                ..
            } => write!(f, "{message} ({})", a.as_str()),
            ServiceError::Rule {
                article: None,
                message,
                ..
            } => f.write_str(message),
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
