//! Health probes for supervisors and load balancers (#17 item 2), unauthenticated and cheap:
//! `GET /healthz` answers 200 `ok` while the process serves requests; `GET /readyz` answers 200
//! `ready` when the database answers a query within [`READY_TIMEOUT`] and its schema is the
//! one this binary migrates to ([`store::SCHEMA_VERSION`]), else 503 with the reason. Neither
//! reads the session nor sets a cookie; both are logged at debug level only.

use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::AppState;

/// Path of the liveness probe.
pub const HEALTHZ: &str = "/healthz";
/// Path of the readiness probe.
pub const READYZ: &str = "/readyz";
/// How long `/readyz` waits for the database before answering 503.
pub const READY_TIMEOUT: Duration = Duration::from_secs(2);

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route(HEALTHZ, get(healthz))
        .route(READYZ, get(readyz))
}

/// Whether `path` is one of the probes (logged at debug level).
pub(crate) fn is_probe(path: &str) -> bool {
    path == HEALTHZ || path == READYZ
}

async fn healthz() -> Response {
    answer(StatusCode::OK, "ok".into())
}

async fn readyz(State(state): State<AppState>) -> Response {
    match readiness(&state).await {
        Ok(()) => answer(StatusCode::OK, "ready".into()),
        Err(reason) => answer(StatusCode::SERVICE_UNAVAILABLE, reason),
    }
}

/// `Ok` when the database answers and its schema is current, else why not.
async fn readiness(state: &AppState) -> Result<(), String> {
    let applied = tokio::time::timeout(READY_TIMEOUT, state.store().schema_version())
        .await
        .map_err(|_| format!("database: no answer within {} s", READY_TIMEOUT.as_secs()))?
        .map_err(|e| format!("database: {e}"))?;
    schema_current(applied, store::SCHEMA_VERSION)
}

/// Whether the applied schema version is the binary's.
fn schema_current(applied: i64, expected: i64) -> Result<(), String> {
    match applied.cmp(&expected) {
        std::cmp::Ordering::Equal => Ok(()),
        std::cmp::Ordering::Less => Err(format!(
            "database schema {applied}, this binary needs {expected}: migrations pending"
        )),
        std::cmp::Ordering::Greater => Err(format!(
            "database schema {applied} is newer than this binary's {expected}: upgrade the binary"
        )),
    }
}

fn answer(status: StatusCode, text: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        text,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h17_02_schema_versions_other_than_the_binarys_are_not_ready() {
        assert_eq!(schema_current(5, 5), Ok(()));
        assert!(schema_current(4, 5).unwrap_err().contains("pending"));
        assert!(schema_current(6, 5).unwrap_err().contains("newer"));
    }
}
