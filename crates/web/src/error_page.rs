//! Refusals in the browser (#12 item 7): every error answer of a page (not of `/api/`) is a
//! page of the service — layout and navigation, status and message in the user's language —
//! never a bare status page or raw JSON. htmx requests get the same page; `app.js` shows its
//! message in place, next to the form that was refused, so the input stays as typed.

use axum::body::to_bytes;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::{HeaderMap, StatusCode, Uri, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::error::Refusal;
use crate::views::render;
use crate::{AppState, Viewer, i18n};

/// Largest JSON error body read back for its message.
const MAX_ERROR_BODY: usize = 64 * 1024;

/// Renders the error answers of pages with the layout ([`Refusal`], or the JSON of an
/// [`AppError`] when a browser asked for HTML).
pub(crate) async fn error_pages(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    if req.uri().path().starts_with("/api/") {
        return next.run(req).await;
    }
    let (uri, headers) = (req.uri().clone(), req.headers().clone());
    let mut response = next.run(req).await;
    if response.status().as_u16() < 400 {
        return response;
    }
    let refusal = match response.extensions_mut().remove::<Refusal>() {
        Some(r) => r,
        None if wants_html(&headers) && is_json(response.headers()) => {
            let status = response.status();
            let retry = response.headers().get(header::RETRY_AFTER).cloned();
            let Ok(bytes) = to_bytes(response.into_body(), MAX_ERROR_BODY).await else {
                return status.into_response();
            };
            let body: Value = serde_json::from_slice(&bytes).unwrap_or_default();
            let refusal = Refusal {
                english: body["error"].as_str().unwrap_or_default().to_owned(),
                german: body["error_de"].as_str().map(str::to_owned),
            };
            let mut page = page(&state, uri, headers, status, &refusal).await;
            if let Some(retry) = retry {
                page.headers_mut().insert(header::RETRY_AFTER, retry);
            }
            return page;
        }
        None => return response,
    };
    let status = response.status();
    let mut page = page(&state, uri, headers, status, &refusal).await;
    if let Some(retry) = response.headers().get(header::RETRY_AFTER) {
        page.headers_mut()
            .insert(header::RETRY_AFTER, retry.clone());
    }
    page
}

/// Whether the request came from a browser page (navigation or htmx).
fn wants_html(headers: &HeaderMap) -> bool {
    headers.contains_key("hx-request")
        || headers
            .get(header::ACCEPT)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|a| a.contains("text/html"))
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|c| c.starts_with("application/json"))
}

/// The error page for the viewer of the request (its language, its navigation).
async fn page(
    state: &AppState,
    uri: Uri,
    headers: HeaderMap,
    status: StatusCode,
    refusal: &Refusal,
) -> Response {
    let mut parts = match axum::http::Request::builder().uri(uri).body(()) {
        Ok(r) => r.into_parts().0,
        Err(_) => return status.into_response(),
    };
    parts.headers = headers;
    let Ok(viewer) = Viewer::from_request_parts(&mut parts, state).await else {
        return (status, refusal.english.clone()).into_response();
    };
    let texts = i18n::texts(viewer.lang);
    let title = texts
        .get(format!("error_{}", status.as_u16()).as_str())
        .copied()
        .unwrap_or(status.canonical_reason().unwrap_or("Error"));
    let rendered = render(
        state,
        &viewer,
        "error.html",
        json!({ "status": status.as_u16(), "title": title, "error": refusal.text(viewer.lang) }),
    );
    match rendered {
        Ok(mut page) => {
            *page.status_mut() = status;
            page
        }
        Err(_) => (status, refusal.english.clone()).into_response(),
    }
}
