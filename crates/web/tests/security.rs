//! Login throttling and HTTP security (issue #19, items 8 and 9) against SQLite and, with
//! `ARBITER_TEST_POSTGRES`, PostgreSQL (required when `CI` is set).

use std::net::SocketAddr;

mod common;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use common::{Answer, send};
use serde_json::json;
use store::Store;
use web::throttle::{ACCOUNT_ATTEMPTS, ADDRESS_ATTEMPTS, WINDOW_SECONDS};
use web::{AppState, Security};

store::on_both!(
    "arbiter_security", "sec";
    h19_08_failed_logins_answer_429_with_retry_after,
    h19_08_failed_logins_are_throttled_by_address,
    h19_08_unknown_users_answer_like_wrong_passwords,
    h19_09_secure_cookies_when_configured,
    h19_09_pages_refuse_frames,
    h19_09_csp_allows_only_own_scripts_and_pages_comply,
    h19_09_oversized_uploads_get_413,
    h19_09_uploads_check_the_login_before_the_body,
    h19_09_invalid_utf8_in_forms_is_refused,
);

/// The `Set-Cookie` headers of an answer.
fn cookies(a: &Answer) -> Vec<&str> {
    a.headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap())
        .collect()
}

/// The service over `store` with the first-start admin; its password.
async fn app(store: Store, security: Security) -> (Router, String) {
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    (
        web::router(AppState::new(store).with_security(security)),
        password,
    )
}

/// `POST /api/login` from the client address `from` (`None`: no address known).
async fn api_login(app: &Router, user: &str, password: &str, from: Option<[u8; 4]>) -> Answer {
    let mut req = Request::post("/api/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"user": user, "password": password}).to_string(),
        ))
        .unwrap();
    if let Some(ip) = from {
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from((ip, 40000))));
    }
    send(app, req).await
}

/// The session cookie (`name=value`) and CSRF token of a successful API login.
async fn session(app: &Router, password: &str) -> (String, String) {
    let ok = api_login(app, "admin", password, None).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    let cookie = cookies(&ok)[0].split(';').next().unwrap().to_owned();
    (cookie, ok.json()["csrf"].as_str().unwrap().to_owned())
}

/// The login form's CSRF cookie and a form login with it.
async fn form_login(app: &Router, user: &str, password: &str) -> (Answer, Answer) {
    let form = send(app, Request::get("/login").body(Body::empty()).unwrap()).await;
    let cookie = cookies(&form)
        .into_iter()
        .find(|c| c.starts_with("arbiter_login_csrf="))
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let token = cookie.split_once('=').unwrap().1.to_owned();
    let req = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, cookie)
        .body(Body::from(format!(
            "user={user}&password={password}&csrf={token}"
        )))
        .unwrap();
    let answer = send(app, req).await;
    (form, answer)
}

fn retry_after(a: &Answer) -> i64 {
    a.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

async fn h19_08_failed_logins_answer_429_with_retry_after(store: Store) {
    let (app, password) = app(store, Security::default()).await;
    for _ in 0..ACCOUNT_ATTEMPTS {
        let a = api_login(&app, "admin", "wrong", Some([192, 0, 2, 1])).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN, "{}", a.text);
    }
    // Locked even with the right password and from another address.
    let locked = api_login(&app, "admin", &password, Some([192, 0, 2, 2])).await;
    assert_eq!(
        locked.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        locked.text
    );
    assert!((1..=WINDOW_SECONDS).contains(&retry_after(&locked)));
    assert!(locked.json()["error"].as_str().unwrap().contains("seconds"));
    let (_, page) = form_login(&app, "admin", &password).await;
    assert_eq!(page.status, StatusCode::TOO_MANY_REQUESTS, "{}", page.text);
    assert!(retry_after(&page) >= 1);
    assert!(
        page.text.contains("too many failed logins"),
        "{}",
        page.text
    );
}

async fn h19_08_failed_logins_are_throttled_by_address(store: Store) {
    let (app, password) = app(store, Security::default()).await;
    for i in 0..ADDRESS_ATTEMPTS {
        let a = api_login(&app, &format!("nobody{i}"), "x", Some([192, 0, 2, 7])).await;
        assert_eq!(a.status, StatusCode::FORBIDDEN);
    }
    let locked = api_login(&app, "admin", &password, Some([192, 0, 2, 7])).await;
    assert_eq!(locked.status, StatusCode::TOO_MANY_REQUESTS);
    let elsewhere = api_login(&app, "admin", &password, Some([192, 0, 2, 8])).await;
    assert_eq!(elsewhere.status, StatusCode::OK, "{}", elsewhere.text);
}

async fn h19_08_unknown_users_answer_like_wrong_passwords(store: Store) {
    let (app, _) = app(store, Security::default()).await;
    let unknown = api_login(&app, "nobody", "x", None).await;
    let wrong = api_login(&app, "admin", "x", None).await;
    assert_eq!(unknown.status, StatusCode::FORBIDDEN);
    assert_eq!((unknown.status, unknown.text), (wrong.status, wrong.text));
}

async fn h19_09_secure_cookies_when_configured(store: Store) {
    let (plain, password) = app(store.clone(), Security::default()).await;
    let (form, login) = form_login(&plain, "admin", &password).await;
    assert_eq!(login.status, StatusCode::SEE_OTHER, "{}", login.text);
    for c in cookies(&form).into_iter().chain(cookies(&login)) {
        assert!(!c.contains("Secure"), "plain HTTP: {c}");
    }
    let secure = web::router(AppState::new(store).with_security(Security {
        secure_cookies: true,
        trust_proxy: false,
    }));
    let (form, login) = form_login(&secure, "admin", &password).await;
    assert_eq!(login.status, StatusCode::SEE_OTHER, "{}", login.text);
    let all: Vec<&str> = cookies(&form).into_iter().chain(cookies(&login)).collect();
    assert!(all.len() >= 3, "{all:?}");
    for c in all {
        assert!(c.ends_with("; Secure"), "{c}");
    }
    assert!(
        cookies(&login)
            .iter()
            .any(|c| c.starts_with("arbiter_session=") && c.contains("HttpOnly"))
    );
}

async fn h19_09_pages_refuse_frames(store: Store) {
    let (app, _) = app(store, Security::default()).await;
    for uri in ["/", "/login", "/api/events", "/no-such-page"] {
        let a = send(&app, Request::get(uri).body(Body::empty()).unwrap()).await;
        assert_eq!(a.headers[header::X_FRAME_OPTIONS], "DENY", "{uri}");
        let csp = a.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{uri}: {csp}");
        assert_eq!(a.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    }
}

async fn h19_09_csp_allows_only_own_scripts_and_pages_comply(store: Store) {
    let today = event::date::Zone::default().local(store::unix_now()).date;
    let event = web::load_event(&store, &event::demo::championship(today))
        .await
        .unwrap();
    let section = store.sections(event).await.unwrap()[0].id;
    let (app, password) = app(store, Security::default()).await;
    let (cookie, _) = session(&app, &password).await;
    let csp = web::CONTENT_SECURITY_POLICY;
    for directive in ["script-src 'self'", "style-src 'self'", "object-src 'none'"] {
        assert!(csp.contains(directive), "{csp}");
    }
    assert!(!csp.contains("unsafe"), "{csp}");
    let pages = [
        "/".to_owned(),
        "/login".to_owned(),
        "/audit".to_owned(),
        "/users".to_owned(),
        format!("/events/{event}"),
        format!("/events/{event}/settings"),
        format!("/sections/{section}"),
        format!("/sections/{section}/settings"),
        format!("/sections/{section}/standings"),
        format!("/sections/{section}/crosstable"),
        format!("/sections/{section}/rounds/1"),
        format!("/sections/{section}/rounds/1/alphabetical"),
        format!("/sections/{section}/rounds/1/slips"),
        "/sections/999999".to_owned(),
    ];
    for uri in &pages {
        let req = Request::get(uri.as_str())
            .header(header::COOKIE, &cookie)
            .body(Body::empty())
            .unwrap();
        let a = send(&app, req).await;
        assert!(
            a.headers[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("text/html"),
            "{uri}"
        );
        assert_eq!(a.headers[header::CONTENT_SECURITY_POLICY], csp, "{uri}");
        let html = a.text.to_lowercase();
        for forbidden in [
            "javascript:",
            " style=",
            "<style",
            " onclick=",
            " onload=",
            " hx-on",
        ] {
            assert!(!html.contains(forbidden), "{uri} has `{forbidden}`");
        }
        for script in html.split("<script").skip(1) {
            assert!(
                script.trim_start().starts_with("src=\"/static/"),
                "{uri}: inline script"
            );
        }
    }
    let js = send(
        &app,
        Request::get("/static/app.js").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(js.text.contains("data-action"));
}

/// A multipart body with one text field `csrf` (when given) and one file `list`.
fn multipart(csrf: Option<&str>, file: &[u8]) -> (String, Vec<u8>) {
    let boundary = "arbiterSecurityBoundary";
    let mut body = Vec::new();
    if let Some(token) = csrf {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{token}\r\n"
            )
            .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"list\"; filename=\"l.csv\"\r\n\r\n")
            .as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// An upload to `uri` with the session `cookie` (if any), the CSRF token as header (API) or
/// field (page).
async fn upload(
    app: &Router,
    uri: &str,
    session: Option<&(String, String)>,
    file: &[u8],
) -> Answer {
    let api = uri.starts_with("/api/");
    let field = session.filter(|_| !api).map(|s| s.1.as_str());
    let (content_type, body) = multipart(field, file);
    let mut req = Request::post(uri).header(header::CONTENT_TYPE, content_type);
    if let Some((cookie, csrf)) = session {
        req = req.header(header::COOKIE, cookie);
        if api {
            req = req.header("x-csrf-token", csrf);
        }
    }
    send(app, req.body(Body::from(body)).unwrap()).await
}

/// An event with one section, made by the first-start admin; the section id.
async fn section(store: &Store) -> i64 {
    let event = store
        .create_event(None, "Open", "Mainz", "2026-03-01", "{}")
        .await
        .unwrap();
    let today = event::date::Zone::default().local(store::unix_now()).date;
    let demo = event::demo::championship(today);
    service::rows::store_section(store, None, event, &demo.sections[0])
        .await
        .unwrap()
}

async fn h19_09_oversized_uploads_get_413(store: Store) {
    let section = section(&store).await;
    let (app, password) = app(store, Security::default()).await;
    let s = session(&app, &password).await;
    let big = vec![b'x'; web::upload::MAX_UPLOAD + 1];
    for uri in [
        format!("/api/sections/{section}/players/preview"),
        format!("/sections/{section}/players/upload"),
    ] {
        let a = upload(&app, &uri, Some(&s), &big).await;
        assert_eq!(a.status, StatusCode::PAYLOAD_TOO_LARGE, "{uri}: {}", a.text);
        assert!(a.text.contains("larger than 16 MiB"), "{uri}: {}", a.text);
    }
}

async fn h19_09_uploads_check_the_login_before_the_body(store: Store) {
    let section = section(&store).await;
    let (app, _) = app(store, Security::default()).await;
    // Too large to read: any answer but 413 shows that the body was not read.
    let big = vec![b'x'; web::upload::MAX_UPLOAD + 1];
    let api = upload(
        &app,
        &format!("/api/sections/{section}/players/preview"),
        None,
        &big,
    )
    .await;
    assert_eq!(api.status, StatusCode::FORBIDDEN, "{}", api.text);
    for uri in [
        format!("/sections/{section}/players/upload"),
        "/events/1/import-file".to_owned(),
    ] {
        let page = upload(&app, &uri, None, &big).await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{uri}: {}", page.text);
        assert_eq!(page.headers[header::LOCATION], "/login");
    }
}

async fn h19_09_invalid_utf8_in_forms_is_refused(store: Store) {
    let (app, password) = app(store.clone(), Security::default()).await;
    let (cookie, csrf) = session(&app, &password).await;
    let req = Request::post("/events")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, &cookie)
        .body(Body::from(format!(
            "csrf={csrf}&name=M%FCller+Open&place=Mainz&start_date=2026-03-01"
        )))
        .unwrap();
    let a = send(&app, req).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
    assert!(
        a.text.contains("`name`") && a.text.contains("UTF-8"),
        "{}",
        a.text
    );
    assert!(store.events().await.unwrap().is_empty(), "nothing stored");
    // A multipart text field: the list format, in Latin-1.
    let section = section(&store).await;
    let boundary = "b0undary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"format\"\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(b"d\xfcsb\r\n");
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    let req = Request::post(format!("/sections/{section}/players/upload"))
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header(header::COOKIE, &cookie)
        .body(Body::from(body))
        .unwrap();
    let a = send(&app, req).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
    assert!(a.text.contains("`format`"), "{}", a.text);
}
