//! Scale-out on loopback (#17 item 6): three `arbiter serve` processes on one PostgreSQL
//! database (`CI=true` and `ARBITER_TEST_POSTGRES`; skipped outside CI without it). Results are
//! entered round robin through all three; every public page then has the same body and the
//! same `ETag` on every process, and a tag from one process revalidates on the others.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// A running server, killed when dropped.
struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// Starts `arbiter serve` on `database`; the server and the admin password (first start).
fn start(database: &str) -> (Server, Option<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--database", database, "--bind", "127.0.0.1:0"])
        .env("ARBITER_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start arbiter serve");
    let stdout = child.stdout.take().expect("stdout");
    let (mut addr, mut password) = (None, None);
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        if let Some(rest) = line.split("password ").nth(1) {
            password = Some(rest.trim().to_owned());
        }
        if let Some(a) = line.strip_prefix("listening on http://") {
            addr = Some(a.to_owned());
            break;
        }
    }
    let server = Server {
        child,
        addr: addr.expect("arbiter serve printed no address"),
    };
    (server, password)
}

/// One HTTP/1.1 request; status, headers (lowercase names) and body (chunks decoded).
fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> (u16, HashMap<String, String>, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req += &format!("{k}: {v}\r\n");
    }
    req += "\r\n";
    req += &body;
    s.write_all(req.as_bytes()).unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").expect("header end");
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .expect("status");
    let headers: HashMap<String, String> = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_owned()))
        .collect();
    let body = if headers
        .get("transfer-encoding")
        .is_some_and(|t| t == "chunked")
    {
        common::dechunk(body).expect("chunks")
    } else {
        body.to_owned()
    };
    (status, headers, body)
}

#[test]
fn h17_06_three_processes_on_one_database_agree_on_every_page() {
    let url = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(store::testing::fresh_postgres_schema("scale"))
        .expect("PostgreSQL for the scale-out test");
    let Some(url) = url else { return };
    let (first, password) = start(&url);
    let password = password.expect("the first process creates the admin account");
    let (second, again) = start(&url);
    let (third, _) = start(&url);
    assert!(again.is_none(), "one admin account for all processes");
    let servers = [&first, &second, &third];

    // One login, valid on every process (sessions live in the database).
    let (status, headers, body) = http(
        &first.addr,
        "POST",
        "/api/login",
        &[],
        Some(&json!({"user": "admin", "password": password})),
    );
    assert_eq!(status, 200, "{body}");
    let cookie = headers["set-cookie"].split(';').next().unwrap().to_owned();
    let csrf = serde_json::from_str::<Value>(&body).unwrap()["csrf"]
        .as_str()
        .unwrap()
        .to_owned();
    let turn = std::cell::Cell::new(0);
    let next = || {
        turn.set(turn.get() + 1);
        &servers[turn.get() % 3].addr
    };
    let post = |path: &str, body: Value| {
        let addr = next();
        let auth = [("Cookie", cookie.as_str()), ("X-CSRF-Token", csrf.as_str())];
        let (status, _, text) = http(addr, "POST", path, &auth, Some(&body));
        assert!(status < 300, "{addr} {path}: {status} {text}");
        serde_json::from_str::<Value>(&text).unwrap()
    };
    let event = post(
        "/api/events",
        json!({"name": "Scale Open", "start_date": "2026-05-01"}),
    )["id"]
        .as_i64()
        .unwrap();
    let section = post(
        &format!("/api/events/{event}/sections"),
        json!({"name": "A", "rounds": 5}),
    )["id"]
        .as_i64()
        .unwrap();
    for i in 0..16 {
        post(
            &format!("/api/sections/{section}/players"),
            json!({"last_name": format!("P{i:02}"), "elo": (2300 - 10 * i).to_string()}),
        );
    }
    let results = ["1-0", "1/2-1/2", "0-1"];
    for round in 1..=3 {
        post(&format!("/api/sections/{section}/pair"), json!({}));
        post(
            &format!("/api/sections/{section}/rounds/{round}/publish"),
            json!({}),
        );
        // Read the pairing from another process than the one that published it.
        let (_, _, text) = http(
            next(),
            "GET",
            &format!("/api/sections/{section}/rounds/{round}"),
            &[],
            None,
        );
        let boards: Value = serde_json::from_str(&text).unwrap();
        for (i, b) in boards["boards"].as_array().unwrap().iter().enumerate() {
            if b["black"].is_null() {
                continue;
            }
            post(
                &format!("/api/games/{}/result", b["game"]),
                json!({"result": results[(i + round) % 3], "version": b["version"]}),
            );
        }
        assert_consistent(&servers, section, event, round);
    }
}

/// Every public page is the same on every process: status 200, body and `ETag`; the tag of
/// one process revalidates (304) on the others.
fn assert_consistent(servers: &[&Server; 3], section: i64, event: i64, round: usize) {
    let pages = [
        format!("/sections/{section}"),
        format!("/sections/{section}/standings"),
        format!("/sections/{section}/crosstable"),
        format!("/sections/{section}/rounds/{round}"),
        format!("/sections/{section}/export.trf"),
        format!("/api/sections/{section}/standings"),
        format!("/api/sections/{section}/rounds/{round}"),
        format!("/events/{event}"),
        format!("/api/events/{event}"),
    ];
    let lang = [("Cookie", "lang=en")];
    for page in &pages {
        let answers: Vec<_> = servers
            .iter()
            .map(|s| http(&s.addr, "GET", page, &lang, None))
            .collect();
        let (status, headers, body) = &answers[0];
        assert_eq!(*status, 200, "{page}: {body}");
        let tag = headers
            .get("etag")
            .unwrap_or_else(|| panic!("{page}: no ETag"));
        for (i, (s, h, b)) in answers.iter().enumerate().skip(1) {
            assert_eq!(*s, 200, "{page} on process {i}");
            assert_eq!(h.get("etag"), Some(tag), "{page}: the tag on process {i}");
            assert!(b == body, "{page}: the body on process {i} differs");
        }
        for s in &servers[1..] {
            let revalidate = [("Cookie", "lang=en"), ("If-None-Match", tag.as_str())];
            let (status, _, _) = http(&s.addr, "GET", page, &revalidate, None);
            assert_eq!(status, 304, "{page}: revalidation on {}", s.addr);
        }
    }
}
