//! Errors of the service and their HTTP answers.

use std::fmt;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use event::validate::Invalid;
use service::ServiceError;
use store::StoreError;

use crate::i18n::Lang;

/// Why a request failed.
#[derive(Debug)]
pub enum AppError {
    /// Not logged in, or the role does not allow it.
    Forbidden,
    /// Logged in, but the page is for admins only (a page answers 403 instead of the login
    /// form).
    AdminOnly,
    /// The form or request lacks the session's CSRF token.
    Csrf,
    /// No such page or object.
    NotFound,
    /// Someone else changed the object meanwhile (optimistic locking).
    Conflict(String),
    /// Bad input: the message names what and where.
    BadRequest(String),
    /// A value the domain refuses ([`event::validate`]), named in English and German.
    Invalid(Invalid),
    /// A rule of the tournament or of the regulations refuses it (422): the message with the
    /// article or paragraph it rests on, in English and, where the rule gives one, German
    /// ([`ServiceError::Rule`]).
    Rule {
        /// The refusal in English, naming its article or paragraph.
        english: String,
        /// The refusal in German, where the rule gives one.
        german: Option<String>,
    },
    /// Too many failed logins: the seconds until the next attempt is allowed.
    TooManyRequests(i64),
    /// The request body is over its size limit: the message names the limit.
    TooLarge(String),
    /// Anything else (database down, ...).
    Internal(String),
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Forbidden => f.write_str("not allowed: log in as arbiter or admin"),
            AppError::AdminOnly => f.write_str("not allowed: for admins only"),
            AppError::Csrf => f.write_str(
                "the form is stale or forged (CSRF token missing or wrong); reload the page",
            ),
            AppError::NotFound => f.write_str("not found"),
            AppError::Conflict(m)
            | AppError::BadRequest(m)
            | AppError::TooLarge(m)
            | AppError::Rule { english: m, .. } => f.write_str(m),
            AppError::TooManyRequests(s) => write!(
                f,
                "too many failed logins from this account or address: try again in {s} seconds"
            ),
            AppError::Invalid(e) => write!(f, "{e}"),
            AppError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl std::error::Error for AppError {}

impl AppError {
    /// The HTTP status of the error.
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::Forbidden | AppError::AdminOnly | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::BadRequest(_) | AppError::Invalid(_) => StatusCode::BAD_REQUEST,
            AppError::Rule { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Logs an internal error with its cause (inside the request's span, which names method
    /// and path); refusals of input are the user's business and not logged.
    pub(crate) fn log(&self) {
        if let AppError::Internal(cause) = self {
            tracing::error!(cause = %cause, "internal error");
        }
    }

    /// Adds the headers the status calls for: `Retry-After` to a 429.
    pub(crate) fn add_headers(&self, response: &mut Response) {
        if let AppError::TooManyRequests(seconds) = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(*seconds));
        }
    }

    /// The error with a refused value's or rule's message in `lang`.
    pub fn localised(self, lang: Lang) -> AppError {
        match self {
            AppError::Invalid(e) if lang == Lang::De => AppError::BadRequest(e.german()),
            AppError::Rule {
                german: Some(g), ..
            } if lang == Lang::De => AppError::Rule {
                english: g.clone(),
                german: Some(g),
            },
            other => other,
        }
    }

    /// The message in German where there is one (refused values and rules), else `None`.
    pub fn german(&self) -> Option<String> {
        match self {
            AppError::Invalid(e) => Some(e.german()),
            AppError::Rule { german, .. } => german.clone(),
            AppError::Forbidden => {
                Some("nicht erlaubt: als Schiedsrichter oder Admin anmelden".into())
            }
            AppError::AdminOnly => Some("nicht erlaubt: nur für Admins".into()),
            AppError::Csrf => Some(
                "das Formular ist veraltet (CSRF-Token fehlt oder falsch); Seite neu laden".into(),
            ),
            AppError::NotFound => {
                Some("Diese Seite oder diesen Eintrag gibt es nicht (mehr).".into())
            }
            AppError::TooManyRequests(s) => Some(format!(
                "zu viele fehlgeschlagene Anmeldungen von diesem Konto oder dieser Adresse: \
                 in {s} Sekunden erneut versuchen"
            )),
            _ => None,
        }
    }

    /// The message in `lang` (English where there is no German).
    pub fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::De => self.german().unwrap_or_else(|| self.to_string()),
            Lang::En => self.to_string(),
        }
    }
}

impl AppError {
    /// A refusal by a rule that has no German text (an engine's message).
    pub fn rule(english: impl Into<String>) -> AppError {
        AppError::Rule {
            english: english.into(),
            german: None,
        }
    }

    /// A refusal of the service with its message in `lang` (English, or German where the
    /// service gives one), for the HTML pages.
    pub fn refused(e: ServiceError, lang: Lang) -> AppError {
        AppError::from(e).localised(lang)
    }
}

/// The message of a refused page request, in English and (where there is one) German; set by the
/// page error (`views::PageError`) on its answer and rendered by `error_page`.
#[derive(Clone)]
pub(crate) struct Refusal {
    pub english: String,
    pub german: Option<String>,
}

impl Refusal {
    pub(crate) fn of(e: &AppError) -> Refusal {
        Refusal {
            english: e.to_string(),
            german: e.german(),
        }
    }

    pub(crate) fn text(&self, lang: Lang) -> &str {
        match (lang, &self.german) {
            (Lang::De, Some(g)) => g,
            _ => &self.english,
        }
    }
}

impl From<Invalid> for AppError {
    fn from(e: Invalid) -> AppError {
        AppError::Invalid(e)
    }
}

impl From<ServiceError> for AppError {
    fn from(e: ServiceError) -> AppError {
        match e {
            ServiceError::NotFound => AppError::NotFound,
            ServiceError::Conflict(m) => AppError::Conflict(m),
            ServiceError::BadRequest(m) => AppError::BadRequest(m),
            ServiceError::Invalid(v) => AppError::Invalid(v),
            e @ (ServiceError::Rule { .. } | ServiceError::ConfirmationNeeded(_)) => {
                AppError::Rule {
                    english: e.to_string(),
                    german: e.has_german().then(|| e.german()),
                }
            }
            ServiceError::Internal(m) => AppError::Internal(m),
        }
    }
}

impl From<StoreError> for AppError {
    /// The same answer as the service gives for it ([`ServiceError`]'s mapping).
    fn from(e: StoreError) -> AppError {
        ServiceError::from(e).into()
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        self.log();
        let mut body =
            serde_json::json!({ "error": self.to_string(), "status": self.status().as_u16() });
        if let Some(german) = self.german() {
            body["error_de"] = german.into();
        }
        let mut response = (self.status(), axum::Json(body)).into_response();
        self.add_headers(&mut response);
        response
    }
}
