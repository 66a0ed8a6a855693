//! Event archives (#17 item 4): the demo championship (individual sections and the team
//! tournament) moves from SQLite to PostgreSQL (with `ARBITER_TEST_POSTGRES`, required when
//! `CI` is set; otherwise to another SQLite file) with identical standings and audit log, and
//! bad archives store nothing.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use event::date::Date;
use serde_json::Value;
use service::Service;
use store::Store;

/// Every section of the event by name: the individual standings without ids (rank, pairing
/// number, name, points, tie-breaks), or the team standings as CSV.
async fn standings(service: &Service, event: i64) -> Vec<(String, String)> {
    let mut all = Vec::new();
    for s in service.store().sections(event).await.unwrap() {
        let table = if service.store().team_section(s.id).await.unwrap().is_some() {
            let csv = service.team_standings_csv(s.id, true).await.unwrap();
            String::from_utf8(csv.bytes).unwrap()
        } else {
            let loaded = service.section(s.id).await.unwrap();
            let rows = loaded.standings().unwrap().rows.iter().map(|r| {
                format!(
                    "{} {} {} {} {:?}\n",
                    r.rank, r.tpn, r.name, r.points, r.values
                )
            });
            rows.collect()
        };
        all.push((s.name, table));
    }
    all
}

async fn demo() -> (Service, i64) {
    let store = store::testing::sqlite_store("h17_04_source").await.unwrap();
    let event = web::load_demo(&store, Date::new(2026, 11, 28).unwrap())
        .await
        .unwrap();
    (Service::new(store), event)
}

/// PostgreSQL when configured, else a fresh SQLite file.
async fn target() -> Service {
    let store = match store::testing::postgres_store("h17_04").await.unwrap() {
        Some(store) => store,
        None => store::testing::sqlite_store("h17_04_target").await.unwrap(),
    };
    Service::new(store)
}

async fn audit_count(store: &Store, event: i64) -> usize {
    store.event_rows(event).await.unwrap().audit.len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h17_04_archive_round_trip_sqlite_to_postgres_keeps_standings_and_audit() {
    let (source, event) = demo().await;
    let archive = source.export_archive(event).await.unwrap();
    assert!(archive.rows.teams.len() > 1 && archive.rows.games.len() > 100);
    assert!(!archive.rows.audit.is_empty());
    for row in &archive.rows.accounts {
        assert_ne!(row.role, "");
    }
    let text = service::archive::to_json(&archive).unwrap();
    assert!(!text.contains("argon2"), "no password hash in an archive");
    let head: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(head["format"], "arbiter-event-archive");
    assert_eq!(head["version"], 1);

    let target = target().await;
    // Rows already in the target: the imported event gets new keys, not the archived ones.
    let other = target
        .load_event(&event::demo::large_swiss(
            10,
            2,
            Date::new(2026, 11, 28).unwrap(),
        ))
        .await
        .unwrap();
    let gzip = service::archive::encode(&archive, true).unwrap();
    let imported = target.import_archive(None, &gzip).await.unwrap();
    assert_ne!(imported, other);
    let expected = standings(&source, event).await;
    assert_eq!(
        expected.len(),
        source.store().sections(event).await.unwrap().len()
    );
    assert_eq!(standings(&target, imported).await, expected);
    // The archived entries and the import itself.
    assert_eq!(
        audit_count(target.store(), imported).await,
        archive.rows.audit.len() + 1
    );
    let again = target.export_archive(imported).await.unwrap();
    assert_eq!(again.rows.players.len(), archive.rows.players.len());
    assert_eq!(again.rows.lineups.len(), archive.rows.lineups.len());
    assert_eq!(again.rows.matches, {
        let mut m = again.rows.matches.clone();
        m.sort_by_key(|m| m.id);
        m
    });
    let ids: Vec<i64> = again.rows.players.iter().map(|p| p.id).collect();
    let old: Vec<i64> = archive.rows.players.iter().map(|p| p.id).collect();
    assert_ne!(ids, old, "new keys");
}

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {path}: {e}"))
}

/// The standings as one text, section by section.
fn written(standings: &[(String, String)]) -> String {
    standings
        .iter()
        .map(|(name, table)| format!("== {name}\n{}", table.replace("\r\n", "\n")))
        .collect()
}

/// Version 1 archives written by this release (`archive-v1.json`: a small Swiss with a
/// published round; `archive-v1-demo.json.gz`: the demo championship with its team
/// tournament) are read by every later one, with the same standings.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h17_04_version_1_archives_stay_readable() {
    let target = target().await;
    for (file, expected) in [
        ("archive-v1.json", "archive-v1-standings.txt"),
        ("archive-v1-demo.json.gz", "archive-v1-demo-standings.txt"),
    ] {
        let id = target.import_archive(None, &fixture(file)).await.unwrap();
        let got = written(&standings(&target, id).await);
        if std::env::var_os("ARBITER_WRITE_FIXTURES").is_some() {
            let path = format!("{}/tests/data/{expected}", env!("CARGO_MANIFEST_DIR"));
            std::fs::write(path, &got).unwrap();
        }
        let want = String::from_utf8(fixture(expected)).unwrap();
        assert_eq!(got, want, "{file}");
    }
}

/// Bad archives: an error naming the JSON path and what was expected, and nothing stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h17_04_bad_archives_name_the_path_and_store_nothing() {
    let target = target().await;
    let good: Value = serde_json::from_slice(&fixture("archive-v1.json")).unwrap();
    let refused = |edit: &dyn Fn(&mut Value), expected: &str| {
        let mut bad = good.clone();
        edit(&mut bad);
        let bytes = serde_json::to_vec(&bad).unwrap();
        let target = target.clone();
        let expected = expected.to_owned();
        async move {
            let before = target.store().events().await.unwrap().len();
            let e = target.import_archive(None, &bytes).await.unwrap_err();
            assert!(
                e.to_string().contains(&expected),
                "{e} (expected {expected})"
            );
            assert_eq!(target.store().events().await.unwrap().len(), before);
        }
    };
    refused(
        &|a| a["version"] = 2.into(),
        "version: 2 is newer than this release",
    )
    .await;
    refused(
        &|a| a["format"] = "trf".into(),
        "format: expected \"arbiter-event-archive\"",
    )
    .await;
    refused(
        &|a| a["players"][2]["number"] = "three".into(),
        "players[2].number",
    )
    .await;
    refused(
        &|a| a["games"][1]["result"] = "2-0".into(),
        "games[1].result",
    )
    .await;
    refused(
        &|a| a["sections"][0]["data"]["rounds"] = 0.into(),
        "sections[0].data",
    )
    .await;
    refused(
        &|a| a["players"][0]["data"]["player"]["dwz"] = "high".into(),
        "players[0].data.player.dwz",
    )
    .await;
    // Found only while storing, after rows were written: the transaction stores nothing.
    refused(
        &|a| a["games"][3]["white"] = 999_999.into(),
        "games[3].white",
    )
    .await;
    refused(
        &|a| a["audit"][0]["entity"] = "planet".into(),
        "audit[0].entity",
    )
    .await;
}

/// A page request with the session cookie; a multipart body when `body` is given.
fn request(uri: &str, cookie: Option<&str>, body: Option<(String, Vec<u8>)>) -> Request<Body> {
    let mut b = Request::builder().uri(uri);
    if let Some(c) = cookie {
        b = b.header(header::COOKIE, c);
    }
    match body {
        Some((content_type, bytes)) => b
            .method("POST")
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(bytes)),
        None => b.body(Body::empty()),
    }
    .unwrap()
}

/// A multipart form of the CSRF token and one file `archive`.
fn upload(csrf: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "arbiterArchiveBoundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n\
         --{boundary}\r\nContent-Disposition: form-data; name=\"archive\"; filename=\"a.json\"\r\n\
         Content-Type: application/json\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Admins download an event's archive from its page and upload it on the events page; nobody
/// else may do either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h17_04_admins_download_and_upload_archives_on_the_web() {
    let store = store::testing::sqlite_store("h17_04_web").await.unwrap();
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    let event = web::load_demo(&store, Date::new(2026, 11, 28).unwrap())
        .await
        .unwrap();
    let app = web::router(web::AppState::new(store.clone()));
    let uri = format!("/events/{event}/archive");
    let public = common::send(&app, request(&uri, None, None)).await;
    assert_ne!(public.status, StatusCode::OK);
    assert!(!public.text.contains("arbiter-event-archive"));

    let (cookie, csrf) = common::login(&app, "admin", &password).await;
    let page = common::send(
        &app,
        request(&format!("/events/{event}"), Some(&cookie), None),
    )
    .await;
    assert!(
        page.text.contains(&format!("href=\"{uri}\"")),
        "download link"
    );
    let index = common::send(&app, request("/?lang=de", Some(&cookie), None)).await;
    assert!(index.text.contains("Turnierarchiv einlesen"), "upload form");

    let file = common::send(&app, request(&uri, Some(&cookie), None)).await;
    assert_eq!(file.status, StatusCode::OK);
    assert!(
        file.headers[header::CONTENT_DISPOSITION]
            .to_str()
            .unwrap()
            .contains(&format!("event-{event}-archive.json"))
    );
    let stored = common::send(
        &app,
        request(
            "/events/import-archive",
            Some(&cookie),
            Some(upload(&csrf, file.text.as_bytes())),
        ),
    )
    .await;
    assert_eq!(stored.status, StatusCode::SEE_OTHER, "{}", stored.text);
    let new = store.events().await.unwrap()[0].id;
    assert_ne!(new, event);
    assert_eq!(
        stored.headers[header::LOCATION].to_str().unwrap(),
        format!("/events/{new}")
    );
    let service = Service::new(store.clone());
    assert_eq!(
        standings(&service, new).await,
        standings(&service, event).await
    );

    let bad = common::send(
        &app,
        request(
            "/events/import-archive",
            Some(&cookie),
            Some(upload(&csrf, b"{\"format\": 1}")),
        ),
    )
    .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.text.contains("arbiter-event-archive"), "{}", bad.text);
    let forged = common::send(
        &app,
        request(
            "/events/import-archive",
            Some(&cookie),
            Some(upload("forged", file.text.as_bytes())),
        ),
    )
    .await;
    assert_ne!(forged.status, StatusCode::SEE_OTHER);
    assert_eq!(store.events().await.unwrap().len(), 2);
}
