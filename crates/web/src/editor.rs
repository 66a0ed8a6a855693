//! Who may change events: the one check of role (arbiter or admin) and CSRF token for every
//! change, as extractors. [`Editor`] serves the JSON API (token in the `X-CSRF-Token` header),
//! [`Edit`] the HTML forms (token in the form's `csrf` field).

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::form;
use crate::views::PageError;
use crate::{AppError, AppState, Viewer};

/// The CSRF token a JSON request carries in its `X-CSRF-Token` header.
pub(crate) fn csrf_header(headers: &HeaderMap) -> Option<&str> {
    headers.get("x-csrf-token").and_then(|v| v.to_str().ok())
}

/// The user id of an editor (arbiter or admin) whose request carries the session's CSRF token.
pub(crate) fn editor_id(viewer: &Viewer, csrf: Option<&str>) -> Result<i64, AppError> {
    let id = viewer.editor()?;
    viewer.check_csrf(csrf)?;
    Ok(id)
}

/// An API change by an arbiter or admin: role checked, CSRF token from `X-CSRF-Token`.
pub(crate) struct Editor {
    /// The user id (for the audit log).
    pub by: i64,
    pub viewer: Viewer,
}

impl FromRequestParts<AppState> for Editor {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Editor, AppError> {
        let viewer = Viewer::from_request_parts(parts, state).await?;
        let by = editor_id(&viewer, csrf_header(&parts.headers))?;
        Ok(Editor { by, viewer })
    }
}

/// A form change by an arbiter or admin: the body is read once and deserialized as `F`
/// (strictly, see [`crate::form`]), then role and the form's `csrf` field are checked; a refused check is
/// answered as a page ([`PageError`]: the login page for a visitor).
pub(crate) struct Edit<F> {
    /// The user id (for the audit log).
    pub by: i64,
    pub viewer: Viewer,
    pub form: F,
}

/// The body of a form that sends nothing but its CSRF token.
#[derive(Deserialize)]
pub(crate) struct NoFields {}

impl<F: DeserializeOwned + Send> FromRequest<AppState> for Edit<F> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &AppState) -> Result<Edit<F>, Response> {
        let (mut parts, body) = req.into_parts();
        let viewer = Viewer::from_request_parts(&mut parts, state)
            .await
            .map_err(IntoResponse::into_response)?;
        let read = async {
            let (parts, bytes) = form::body(Request::from_parts(parts, body), state).await?;
            let csrf = form::field(&bytes, "csrf");
            let form: F = form::parse(&parts, bytes, state).await?;
            Ok::<_, AppError>((csrf, form))
        };
        let (csrf, form) = read.await.map_err(IntoResponse::into_response)?;
        let by = editor_id(&viewer, csrf.as_deref()).map_err(|e| PageError(e).into_response())?;
        Ok(Edit { by, viewer, form })
    }
}
