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

/// A logged-in session that posts HTML forms with its CSRF token, as the pages do.
#[allow(dead_code)] // not every suite posts forms
pub struct FormClient {
    pub app: Router,
    pub session: (String, String),
}

#[allow(dead_code)]
impl FormClient {
    /// Logs in the first-start admin on `store`.
    pub async fn admin(store: store::Store) -> FormClient {
        let (_, password) = web::first_start(&store).await.unwrap().unwrap();
        let app = web::router(web::AppState::new(store));
        let session = login(&app, "admin", &password).await;
        FormClient { app, session }
    }

    pub async fn get(&self, uri: &str) -> Answer {
        send(
            &self.app,
            json_request("GET", uri, Some(&self.session), None),
        )
        .await
    }

    /// The JSON at `uri`, which must answer 200.
    pub async fn json(&self, uri: &str) -> Value {
        let a = self.get(uri).await;
        assert_eq!(a.status, StatusCode::OK, "{uri}: {}", a.text);
        a.json()
    }

    /// Posts a form with the CSRF token; the answer.
    pub async fn form(&self, uri: &str, fields: &[(&str, &str)]) -> Answer {
        let mut body: Vec<String> = fields
            .iter()
            .map(|(k, v)| format!("{k}={}", urlencode(v)))
            .collect();
        body.push(format!("csrf={}", urlencode(&self.session.1)));
        let req = Request::post(uri)
            .header(axum::http::header::COOKIE, &self.session.0)
            .header(
                axum::http::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(Body::from(body.join("&")))
            .unwrap();
        send(&self.app, req).await
    }

    /// Posts a form that must succeed with a redirect; the `Location`.
    pub async fn redirected(&self, uri: &str, fields: &[(&str, &str)]) -> String {
        let a = self.form(uri, fields).await;
        assert_eq!(a.status, StatusCode::SEE_OTHER, "{uri}: {}", a.text);
        a.headers[axum::http::header::LOCATION]
            .to_str()
            .unwrap()
            .to_owned()
    }
}

/// Percent-encodes a form value.
#[allow(dead_code)]
pub fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The first number in a `Location` such as `/sections/7` or `/sections/7/teams`.
#[allow(dead_code)]
pub fn id_in(location: &str) -> i64 {
    location
        .split('/')
        .filter_map(|p| p.parse().ok())
        .next()
        .unwrap_or_else(|| panic!("no id in {location}"))
}
