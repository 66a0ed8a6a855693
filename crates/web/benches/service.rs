//! Server time of the standings and crosstable pages of a large Swiss, and result-entry
//! throughput with 50 concurrent clients on loopback; SQLite always, PostgreSQL when
//! `ARBITER_TEST_POSTGRES` is set.
//! `cargo bench -p web --bench service [-- PLAYERS ROUNDS]` (default 2000 11).

use std::time::{Duration, Instant};

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode};
use event::date::Date;
use serde_json::{Value, json};
use store::Store;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

const CLIENTS: usize = 50;
const SECONDS: u64 = 5;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(2000) as usize;
    let rounds = args.get(1).copied().unwrap_or(11);
    let t = Instant::now();
    let ev = event::demo::large_swiss(players, rounds, Date::new(2026, 11, 22).expect("date"));
    println!(
        "{players} players, {rounds} rounds: generated in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let sqlite = std::env::temp_dir().join(format!("arbiter_bench_{}.db", std::process::id()));
    let mut targets = vec![("SQLite", format!("sqlite://{}", sqlite.display()))];
    if std::env::var_os("ARBITER_TEST_POSTGRES").is_some() {
        let url = store::testing::fresh_postgres_schema("bench")
            .await
            .expect("PostgreSQL for the bench")
            .expect("ARBITER_TEST_POSTGRES is set");
        targets.push(("PostgreSQL", url));
    }
    for (name, url) in targets {
        let store = Store::open(&url).await.expect("open store");
        run(name, store, &ev, rounds).await;
    }
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", sqlite.display())).ok();
    }
}

async fn run(name: &str, store: Store, ev: &event::Event, rounds: u32) {
    let password = web::first_start(&store)
        .await
        .expect("first start")
        .map(|(_, p)| p);
    let t = Instant::now();
    let event = web::load_event(&store, ev).await.expect("load event");
    println!("[{name}] stored in {:.1} s", t.elapsed().as_secs_f64());
    let section = store.sections(event).await.expect("sections")[0].id;
    let app = web::router(web::AppState::new(store.clone()));
    for page in ["standings", "crosstable", &format!("rounds/{rounds}")] {
        let uri = format!("/sections/{section}/{page}");
        let mut times = Vec::new();
        for _ in 0..5 {
            let t = Instant::now();
            let res = app
                .clone()
                .oneshot(Request::get(&uri).body(Body::empty()).expect("request"))
                .await
                .expect("answer");
            assert_eq!(res.status(), StatusCode::OK, "{uri}");
            to_bytes(res.into_body(), usize::MAX).await.expect("body");
            times.push(t.elapsed());
        }
        let first = times[0];
        times.sort();
        println!(
            "[{name}] GET {uri}: first (section read into the cache) {:.1} ms, median {:.1} ms",
            first.as_secs_f64() * 1e3,
            times[2].as_secs_f64() * 1e3
        );
    }
    let Some(password) = password else {
        println!("[{name}] database had accounts already; throughput skipped");
        return;
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address").to_string();
    tokio::spawn(async move { axum::serve(listener, app).await });
    let mut conn = TcpStream::connect(&addr).await.expect("connect");
    let login = json!({"user": "admin", "password": password});
    let (_, headers, body) = request(&mut conn, &addr, "POST", "/api/login", "", &login).await;
    let cookie = headers
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .and_then(|c| c.split(';').next())
        .expect("session cookie")
        .to_owned();
    let csrf = serde_json::from_str::<Value>(&body).expect("json")["csrf"]
        .as_str()
        .expect("csrf")
        .to_owned();
    let auth = format!("Cookie: {cookie}\r\nX-CSRF-Token: {csrf}\r\n");
    let (_, _, body) = request(
        &mut conn,
        &addr,
        "GET",
        &format!("/api/sections/{section}/rounds/{rounds}"),
        "",
        &Value::Null,
    )
    .await;
    let games: Vec<(i64, i64)> = serde_json::from_str::<Value>(&body).expect("json")["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .filter(|b| !b["black"].is_null())
        .map(|b| {
            (
                b["game"].as_i64().unwrap_or(0),
                b["version"].as_i64().unwrap_or(1),
            )
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(SECONDS);
    let start = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..CLIENTS {
        let mine: Vec<(i64, i64)> = games.iter().copied().skip(c).step_by(CLIENTS).collect();
        let (addr, auth) = (addr.clone(), auth.clone());
        tasks.push(tokio::spawn(async move {
            let mut conn = TcpStream::connect(&addr).await.expect("connect");
            let mut versions = mine;
            let mut done = 0u64;
            let results = ["1-0", "1/2-1/2", "0-1"];
            let mut i = 0;
            while Instant::now() < deadline && !versions.is_empty() {
                let k = i % versions.len();
                let (game, version) = versions[k];
                let body = json!({"result": results[i % 3], "version": version});
                let (status, _, text) = request(
                    &mut conn,
                    &addr,
                    "POST",
                    &format!("/api/games/{game}/result"),
                    &auth,
                    &body,
                )
                .await;
                assert_eq!(status, 200, "{text}");
                versions[k].1 = serde_json::from_str::<Value>(&text).expect("json")["version"]
                    .as_i64()
                    .unwrap_or(version + 1);
                done += 1;
                i += 1;
            }
            done
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.expect("client");
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "[{name}] result entry, {CLIENTS} clients on loopback: {total} in {secs:.1} s = {:.0} requests/s",
        total as f64 / secs
    );
}

/// One request on a keep-alive connection: status, raw header text, body.
async fn request(
    conn: &mut TcpStream,
    addr: &str,
    method: &str,
    path: &str,
    extra: &str,
    body: &Value,
) -> (u16, String, String) {
    let body = if body.is_null() {
        String::new()
    } else {
        body.to_string()
    };
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{extra}\r\n{body}",
        body.len()
    );
    conn.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break p + 4;
        }
        let n = conn.read(&mut chunk).await.expect("read");
        assert!(n > 0, "connection closed");
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let length: usize = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = conn.read(&mut chunk).await.expect("read");
        assert!(n > 0, "connection closed");
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = String::from_utf8_lossy(&buf[head_end..head_end + length]).into_owned();
    (status, head, body)
}
