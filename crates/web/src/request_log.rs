//! The request log (#17 item 1): one `tracing` event per request with method, path, status,
//! duration in milliseconds and the logged-in user. The path is logged without its query
//! string (a query may carry anything), except the language (`?lang=de`). Health probes
//! (`/healthz`, `/readyz`) are logged at debug level only, as supervisors ask every few seconds.

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use axum::extract::Request;
use axum::http::Uri;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

use crate::health;

/// The name of the logged-in user of a request, filled in by the [`Viewer`](crate::Viewer)
/// extractor once it has read the session.
#[derive(Clone, Default)]
pub(crate) struct LoggedUser(Arc<OnceLock<String>>);

impl LoggedUser {
    /// Records the user of the request (the first call wins).
    pub(crate) fn set(&self, name: &str) {
        let _ = self.0.set(name.to_owned());
    }
}

/// Logs the request after its answer; errors logged while answering it carry the span
/// `request` with method and path.
pub(crate) async fn request_log(mut req: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = req.method().clone();
    let path = logged_path(req.uri());
    let probe = health::is_probe(req.uri().path());
    let user = LoggedUser::default();
    req.extensions_mut().insert(user.clone());
    let span = tracing::info_span!("request", %method, %path);
    let response = next.run(req).instrument(span).await;
    let duration_ms = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    let status = response.status().as_u16();
    let user = user.0.get().map_or("-", String::as_str);
    if probe {
        tracing::debug!(%method, %path, status, duration_ms, user, "request");
    } else if status >= 500 {
        tracing::error!(%method, %path, status, duration_ms, user, "request");
    } else {
        tracing::info!(%method, %path, status, duration_ms, user, "request");
    }
    response
}

/// The path of `uri` for the log: without the query, except a `lang=` parameter.
fn logged_path(uri: &Uri) -> String {
    let lang = uri
        .query()
        .and_then(|q| q.split('&').find(|kv| kv.starts_with("lang=")))
        .filter(|kv| kv.len() <= 10 && kv.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'='));
    match lang {
        Some(lang) => format!("{}?{lang}", uri.path()),
        None => uri.path().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h17_01_logged_path_drops_the_query_but_the_language() {
        let path = |s: &str| logged_path(&s.parse::<Uri>().unwrap());
        assert_eq!(path("/sections/3/standings"), "/sections/3/standings");
        assert_eq!(path("/login?next=/x&token=secret"), "/login");
        assert_eq!(path("/sections/3?token=s&lang=de"), "/sections/3?lang=de");
        assert_eq!(path("/x?lang=%3Cscript%3E"), "/x");
    }
}
