//! Errors of the service and their HTTP answers.

use std::fmt;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use store::StoreError;

/// Why a request failed.
#[derive(Debug)]
pub enum AppError {
    /// Not logged in, or the role does not allow it.
    Forbidden,
    /// The form or request lacks the session's CSRF token.
    Csrf,
    /// No such page or object.
    NotFound,
    /// Someone else changed the object meanwhile (optimistic locking).
    Conflict(String),
    /// Bad input: the message names what and where.
    BadRequest(String),
    /// A rule of the tournament forbids it (e.g. pairing before the last round is complete).
    Rule(String),
    /// Anything else (database down, ...).
    Internal(String),
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AppError::Forbidden => f.write_str("not allowed: log in as arbiter or admin"),
            AppError::Csrf => f.write_str(
                "the form is stale or forged (CSRF token missing or wrong); reload the page",
            ),
            AppError::NotFound => f.write_str("not found"),
            AppError::Conflict(m) | AppError::BadRequest(m) | AppError::Rule(m) => f.write_str(m),
            AppError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

impl std::error::Error for AppError {}

impl AppError {
    /// The HTTP status of the error.
    pub fn status(&self) -> StatusCode {
        match self {
            AppError::Forbidden | AppError::Csrf => StatusCode::FORBIDDEN,
            AppError::NotFound => StatusCode::NOT_FOUND,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Rule(_) => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<StoreError> for AppError {
    fn from(e: StoreError) -> AppError {
        match e {
            StoreError::NotFound { .. } => AppError::NotFound,
            StoreError::Conflict { .. } | StoreError::Busy(_) => AppError::Conflict(e.to_string()),
            StoreError::Duplicate(_) | StoreError::Invalid(_) => {
                AppError::BadRequest(e.to_string())
            }
            StoreError::Database(_) | StoreError::Url(_) => AppError::Internal(e.to_string()),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let body =
            serde_json::json!({ "error": self.to_string(), "status": self.status().as_u16() });
        (self.status(), axum::Json(body)).into_response()
    }
}
