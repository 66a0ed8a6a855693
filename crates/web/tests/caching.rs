//! HTTP caching of public outputs (#17 item 5) on SQLite and, with `ARBITER_TEST_POSTGRES`,
//! PostgreSQL (required when `CI` is set): `ETag` from the stored revisions, 304 on
//! revalidation, a new tag after a result, no caching for logged-in viewers.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{Answer, json_request, login, send};
use serde_json::{Value, json};
use store::Store;
use web::AppState;
use web::caching::{NO_STORE, PRIVATE, PUBLIC};

store::on_both!(
    "arbiter_caching", "cache";
    h17_05_public_pages_revalidate_with_304,
    h17_05_a_result_changes_the_tags_of_section_and_event,
    h17_05_logged_in_viewers_get_no_store,
);

/// An event with one section of six players, round 1 paired and published; the app, the
/// session, the section id, the event id and the games of round 1 (id, version).
async fn tournament(store: Store) -> (Router, (String, String), i64, i64, Vec<(i64, i64)>) {
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    let app = web::router(AppState::new(store));
    let session = login(&app, "admin", &password).await;
    let ok = |uri: String, body: Value| {
        let (app, session) = (app.clone(), session.clone());
        async move {
            let a = send(
                &app,
                json_request("POST", &uri, Some(&session), Some(&body)),
            )
            .await;
            assert!(a.status.is_success(), "{uri}: {} {}", a.status, a.text);
            a.json()
        }
    };
    let event = ok(
        "/api/events".into(),
        json!({"name": "Cache Open", "start_date": "2026-05-01"}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    let section = ok(
        format!("/api/events/{event}/sections"),
        json!({"name": "A", "rounds": 5}),
    )
    .await["id"]
        .as_i64()
        .unwrap();
    for i in 0..6 {
        ok(
            format!("/api/sections/{section}/players"),
            json!({"last_name": format!("P{i}"), "elo": (2200 - 10 * i).to_string()}),
        )
        .await;
    }
    ok(format!("/api/sections/{section}/pair"), json!({})).await;
    ok(
        format!("/api/sections/{section}/rounds/1/publish"),
        json!({}),
    )
    .await;
    let round = anonymous(&app, &format!("/api/sections/{section}/rounds/1"), &[]).await;
    let games = round.json()["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| !b["black"].is_null())
        .map(|b| (b["game"].as_i64().unwrap(), b["version"].as_i64().unwrap()))
        .collect();
    (app, session, section, event, games)
}

/// An anonymous GET with extra headers.
async fn anonymous(app: &Router, uri: &str, headers: &[(header::HeaderName, &str)]) -> Answer {
    let mut req = Request::get(uri);
    for (name, value) in headers {
        req = req.header(name, *value);
    }
    send(app, req.body(Body::empty()).unwrap()).await
}

fn tag(a: &Answer) -> String {
    a.headers
        .get(header::ETAG)
        .unwrap_or_else(|| panic!("no ETag: {:?}", a.headers))
        .to_str()
        .unwrap()
        .to_owned()
}

async fn h17_05_public_pages_revalidate_with_304(store: Store) {
    let (app, _, section, event, _) = tournament(store).await;
    for uri in [
        format!("/sections/{section}/standings"),
        format!("/api/sections/{section}/standings"),
        format!("/sections/{section}/rounds/1"),
        format!("/sections/{section}/export.trf"),
        format!("/events/{event}"),
    ] {
        let first = anonymous(&app, &uri, &[(header::COOKIE, "lang=en")]).await;
        assert_eq!(first.status, StatusCode::OK, "{uri}: {}", first.text);
        assert_eq!(first.headers[header::CACHE_CONTROL], PUBLIC, "{uri}");
        assert!(first.headers.get(header::SET_COOKIE).is_none(), "{uri}");
        let etag = tag(&first);
        let again = anonymous(
            &app,
            &uri,
            &[(header::COOKIE, "lang=en"), (header::IF_NONE_MATCH, &etag)],
        )
        .await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED, "{uri}");
        assert!(again.text.is_empty());
        assert_eq!(tag(&again), etag);
        let german = anonymous(
            &app,
            &uri,
            &[(header::COOKIE, "lang=de"), (header::IF_NONE_MATCH, &etag)],
        )
        .await;
        assert_eq!(
            german.status,
            StatusCode::OK,
            "{uri}: another language, another tag"
        );
        assert_ne!(tag(&german), etag);
    }
    // A first visit sets the language cookie: only the browser keeps that answer.
    let first = anonymous(&app, &format!("/sections/{section}/standings"), &[]).await;
    assert_eq!(first.headers[header::CACHE_CONTROL], PRIVATE);
    assert!(first.headers.get(header::SET_COOKIE).is_some());
    // htmx asks for a fragment of the same address: the page's tag does not answer it.
    let page_tag = tag(&first);
    let fragment = anonymous(
        &app,
        &format!("/sections/{section}/standings"),
        &[
            (header::HeaderName::from_static("hx-request"), "true"),
            (header::IF_NONE_MATCH, &page_tag),
        ],
    )
    .await;
    assert_eq!(fragment.status, StatusCode::OK);
    assert_ne!(tag(&fragment), page_tag);
    assert!(
        fragment.headers[header::VARY]
            .to_str()
            .unwrap()
            .contains("HX-Request")
    );
}

async fn h17_05_a_result_changes_the_tags_of_section_and_event(store: Store) {
    let (app, session, section, event, games) = tournament(store).await;
    let standings = format!("/sections/{section}/standings");
    let event_page = format!("/events/{event}");
    let before = tag(&anonymous(&app, &standings, &[]).await);
    let event_before = tag(&anonymous(&app, &event_page, &[]).await);
    let (game, version) = games[0];
    let body = json!({"result": "1-0", "version": version});
    let uri = format!("/api/games/{game}/result");
    let a = send(
        &app,
        json_request("POST", &uri, Some(&session), Some(&body)),
    )
    .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let after = anonymous(&app, &standings, &[(header::IF_NONE_MATCH, &before)]).await;
    assert_eq!(after.status, StatusCode::OK, "the old tag is stale");
    assert_ne!(tag(&after), before);
    assert!(after.text.contains("P0") || after.text.contains("P1"));
    let event_after = anonymous(&app, &event_page, &[(header::IF_NONE_MATCH, &event_before)]).await;
    assert_eq!(event_after.status, StatusCode::OK);
    assert_ne!(tag(&event_after), event_before);
    // A new section changes what the event page lists.
    let now = tag(&event_after);
    let b = send(
        &app,
        json_request(
            "POST",
            &format!("/api/events/{event}/sections"),
            Some(&session),
            Some(&json!({"name": "B", "rounds": 5})),
        ),
    )
    .await;
    assert!(b.status.is_success(), "{}", b.text);
    let listed = anonymous(&app, &event_page, &[(header::IF_NONE_MATCH, &now)]).await;
    assert_eq!(listed.status, StatusCode::OK);
    // No tag for what does not exist.
    let missing = anonymous(&app, "/sections/999999/standings", &[]).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.headers.get(header::ETAG).is_none());
}

async fn h17_05_logged_in_viewers_get_no_store(store: Store) {
    let (app, session, section, _, _) = tournament(store).await;
    let uri = format!("/sections/{section}/standings");
    let public = tag(&anonymous(&app, &uri, &[]).await);
    let req = Request::get(&uri)
        .header(header::COOKIE, &session.0)
        .header(header::IF_NONE_MATCH, &public)
        .body(Body::empty())
        .unwrap();
    let a = send(&app, req).await;
    assert_eq!(
        a.status,
        StatusCode::OK,
        "a director never gets the public 304"
    );
    assert_eq!(a.headers[header::CACHE_CONTROL], NO_STORE);
    assert!(a.headers.get(header::ETAG).is_none());
}
