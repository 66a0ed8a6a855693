//! Public standings requests per second on a large Swiss (#17 item 5), in process (no TCP):
//! full answers (rendered from the section cache) against revalidations that send the page's
//! `ETag` in `If-None-Match` and get `304 Not Modified` without rendering.
//! `cargo run --release -p web --example standings_cache [-- PLAYERS ROUNDS]` (default 2000 11).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use event::date::Date;
use tower::ServiceExt;

/// Concurrent clients and seconds per measurement.
const CLIENTS: usize = 8;
const SECONDS: u64 = 5;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(2000) as usize;
    let rounds = args.get(1).copied().unwrap_or(11);
    let ev = event::demo::large_swiss(players, rounds, Date::new(2026, 11, 22).expect("date"));
    let path = std::env::temp_dir().join(format!("arbiter_cache_bench_{}.db", std::process::id()));
    let store = store::Store::open(&format!("sqlite://{}", path.display()))
        .await
        .expect("open store");
    let event = web::load_event(&store, &ev).await.expect("load event");
    let section = store.sections(event).await.expect("sections")[0].id;
    let app = web::router(web::AppState::new(store));
    let uri = format!("/sections/{section}/standings");
    let first = get(&app, &uri, None).await;
    assert_eq!(first.0, StatusCode::OK);
    let tag = first.1.expect("an ETag");
    println!("{players} players, {rounds} rounds, SQLite, {CLIENTS} clients, {SECONDS} s each");
    for (name, tag) in [
        ("full answer (200)", None),
        ("revalidation (304)", Some(tag)),
    ] {
        let rate = measure(&app, &uri, tag).await;
        println!("GET {uri} {name}: {rate:.0} requests/s");
    }
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
}

/// Anonymous GET with the language cookie (as a returning spectator sends it); status and tag.
async fn get(app: &Router, uri: &str, tag: Option<&str>) -> (StatusCode, Option<String>) {
    let mut req = Request::get(uri).header(header::COOKIE, "lang=de");
    if let Some(tag) = tag {
        req = req.header(header::IF_NONE_MATCH, tag);
    }
    let res = app
        .clone()
        .oneshot(req.body(Body::empty()).expect("request"))
        .await
        .expect("answer");
    let status = res.status();
    let tag = res
        .headers()
        .get(header::ETAG)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    to_bytes(res.into_body(), usize::MAX).await.expect("body");
    (status, tag)
}

/// Requests per second of `CLIENTS` clients asking for `uri` during `SECONDS`.
async fn measure(app: &Router, uri: &str, tag: Option<String>) -> f64 {
    let done = Arc::new(AtomicU64::new(0));
    let until = Instant::now() + Duration::from_secs(SECONDS);
    let start = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (app, uri, tag, done) = (app.clone(), uri.to_owned(), tag.clone(), done.clone());
            tokio::spawn(async move {
                let expected = if tag.is_some() {
                    StatusCode::NOT_MODIFIED
                } else {
                    StatusCode::OK
                };
                while Instant::now() < until {
                    let (status, _) = get(&app, &uri, tag.as_deref()).await;
                    assert_eq!(status, expected);
                    done.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    for client in clients {
        client.await.expect("client");
    }
    done.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64()
}
