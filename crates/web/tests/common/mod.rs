//! What the in-process suites share: sending a request to the service and reading the answer.

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{HeaderMap, Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

/// Status, headers and body (as text) of an answer.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Answer {
    /// The body as JSON; panics with the body when it is not.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }
}

/// Sends `req` to `app` (tower `oneshot`) and reads the whole answer.
pub async fn send(app: &Router, req: Request<Body>) -> Answer {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = to_bytes(res.into_body(), usize::MAX).await.unwrap();
    Answer {
        status,
        headers,
        text: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// A request with an optional JSON body and, once logged in, the session cookie and CSRF token.
#[allow(dead_code)] // not every suite sends JSON this way
pub fn json_request(
    method: &str,
    uri: &str,
    session: Option<&(String, String)>,
    body: Option<&Value>,
) -> Request<Body> {
    let mut b = Request::builder().method(method).uri(uri);
    if let Some((cookie, csrf)) = session {
        b = b
            .header(axum::http::header::COOKIE, cookie)
            .header("x-csrf-token", csrf);
    }
    match body {
        Some(v) => b
            .header(axum::http::header::CONTENT_TYPE, "application/json")
            .body(Body::from(v.to_string())),
        None => b.body(Body::empty()),
    }
    .unwrap()
}

/// Logs `user` in through the JSON API; the session cookie and CSRF token.
#[allow(dead_code)] // not every suite logs in this way
pub async fn login(app: &Router, user: &str, password: &str) -> (String, String) {
    let body = serde_json::json!({"user": user, "password": password});
    let a = send(app, json_request("POST", "/api/login", None, Some(&body))).await;
    assert_eq!(a.status, StatusCode::OK, "login {user}: {}", a.text);
    let set = a.headers[axum::http::header::SET_COOKIE].to_str().unwrap();
    let cookie = set.split(';').next().unwrap().to_owned();
    let csrf = a.json()["csrf"].as_str().unwrap().to_owned();
    (cookie, csrf)
}
