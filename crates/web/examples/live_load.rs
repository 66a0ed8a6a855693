//! Load benchmark of the live games (issue #15 acceptance): the server on loopback, a section of
//! 400 players with a published round of 200 boards and board codes, 400 devices posting a move
//! (and the clock press) every few seconds per side through the device API, and 1000
//! spectators on the live stream of the round (public, delay 0). Prints the latency from a
//! move's POST to a spectator receiving it (p50/p95/p99/max over every spectator and move),
//! events per second and the server's CPU time (its runtime's and SQLite's threads).
//!
//! `cargo run --release -p web --example live_load -- [SECONDS] [SIDE_EVERY_MS] [SPECTATORS]`
//! (default 60 5000 1000); with `ARBITER_TEST_POSTGRES` set on PostgreSQL (PostgreSQL's own
//! processes are not counted in the CPU time), else SQLite in a temporary file.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Request, header};
use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

const PLAYERS: usize = 400;

/// A Ruy Lopez of 60 plies every board plays (legal from the start position).
const LINE: &str = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 \
    Nbd2 Bb7 Bc2 Re8 Nf1 Bf8 Ng3 g6 a4 c5 d5 c4 Bg5 h6 Be3 Nc5 Qd2 h5 Bg5 Be7 \
    Ra3 Nh7 Bxe7 Qxe7 Qe3 Rf8 Nh2 Bc8 f4 exf4 Qxf4 Bd7 Nf3 Kg7 Rf1 Rae8 axb5 axb5 Raa1 Ra8";

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let seconds = args.first().copied().unwrap_or(60);
    let every_ms = args.get(1).copied().unwrap_or(5000);
    let spectators = args.get(2).copied().unwrap_or(1000) as usize;
    let server = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("arb-server")
        .enable_all()
        .build()
        .expect("server runtime");
    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("load-client")
        .enable_all()
        .build()
        .expect("client runtime");
    let (app, addr, database, password) = server.block_on(start_server(&server));
    let setup = clients.block_on(set_up(&app, &password));
    let cpu_before = server_cpu();
    let figures = clients.block_on(run(addr, setup, seconds, every_ms, spectators));
    let cpu = server_cpu() - cpu_before;
    figures.print(&database, seconds, every_ms, spectators, cpu);
    server.shutdown_background();
    clients.shutdown_background();
}

/// The server on a free loopback port; the router for the setup too.
async fn start_server(rt: &tokio::runtime::Runtime) -> (Router, SocketAddr, String, String) {
    let (store, database) = match std::env::var("ARBITER_TEST_POSTGRES") {
        Ok(_) => (
            store::testing::postgres_store("live_load")
                .await
                .expect("PostgreSQL")
                .expect("a PostgreSQL URL"),
            "PostgreSQL".to_owned(),
        ),
        Err(_) => (
            store::testing::sqlite_store("arbiter_live_load")
                .await
                .expect("SQLite"),
            "SQLite".to_owned(),
        ),
    };
    let (_, password) = web::first_start(&store)
        .await
        .expect("first start")
        .expect("a new store");
    let app = web::router(web::AppState::new(store));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let addr = listener.local_addr().expect("address");
    let served = app.clone();
    rt.spawn(async move {
        axum::serve(listener, served).await.expect("serve");
    });
    (app, addr, database, password)
}

/// What the load needs: the stream's address and each board's game and code.
struct Setup {
    stream: String,
    boards: Vec<(i64, String)>,
}

async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    session: &(String, String),
    body: Value,
) -> Value {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::COOKIE, &session.0)
        .header("x-csrf-token", &session.1)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let res = app.clone().oneshot(req).await.expect("answer");
    let status = res.status();
    let bytes = to_bytes(res.into_body(), usize::MAX).await.expect("body");
    let text = String::from_utf8_lossy(&bytes);
    assert!(status.is_success(), "{method} {uri}: {status} {text}");
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

/// The section, its 400 players, round 1 paired and published, the public delay 0, a board
/// code per board.
async fn set_up(app: &Router, password: &str) -> Setup {
    let started = Instant::now();
    let session = login(app, password).await;
    let event = call(
        app,
        "POST",
        "/api/events",
        &session,
        json!({"name": "Load Open", "place": "Loopback", "start_date": "2026-11-29"}),
    )
    .await["id"]
        .as_i64()
        .expect("event");
    let section = call(
        app,
        "POST",
        &format!("/api/events/{event}/sections"),
        &session,
        json!({"name": "A", "rounds": 7, "system": "swiss", "tiebreaks": "BH"}),
    )
    .await["id"]
        .as_i64()
        .expect("section");
    for i in 0..PLAYERS {
        call(
            app,
            "POST",
            &format!("/api/sections/{section}/players"),
            &session,
            json!({"last_name": format!("Spieler{i:03}"), "first_name": "Last",
                   "elo": (2400 - i).to_string(), "federation": "GER", "sex": "m"}),
        )
        .await;
    }
    let mut settings = call(
        app,
        "GET",
        &format!("/api/sections/{section}/settings"),
        &session,
        Value::Null,
    )
    .await;
    settings["time_control"] = json!("5400+30");
    settings["public_delay"] = json!(0);
    call(
        app,
        "PUT",
        &format!("/api/sections/{section}/settings"),
        &session,
        settings,
    )
    .await;
    call(
        app,
        "POST",
        &format!("/api/sections/{section}/pair"),
        &session,
        json!({}),
    )
    .await;
    call(
        app,
        "POST",
        &format!("/api/sections/{section}/rounds/1/publish"),
        &session,
        json!({}),
    )
    .await;
    let round = call(
        app,
        "GET",
        &format!("/api/sections/{section}/rounds/1"),
        &session,
        Value::Null,
    )
    .await;
    let mut boards = Vec::new();
    for b in round["boards"].as_array().expect("boards") {
        if b["black"].is_null() {
            continue;
        }
        let game = b["game"].as_i64().expect("game");
        let code = call(
            app,
            "POST",
            &format!("/api/games/{game}/board-code"),
            &session,
            json!({}),
        )
        .await["code"]
            .as_str()
            .expect("code")
            .to_owned();
        boards.push((game, code));
    }
    eprintln!(
        "set up: {PLAYERS} players, {} boards in {:.1} s",
        boards.len(),
        started.elapsed().as_secs_f64()
    );
    Setup {
        stream: format!("/sections/{section}/rounds/1/live/stream"),
        boards,
    }
}

/// The admin's session cookie and CSRF token.
async fn login(app: &Router, password: &str) -> (String, String) {
    let body = json!({"user": "admin", "password": password});
    let req = Request::post("/api/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let res = app.clone().oneshot(req).await.expect("answer");
    let cookie = res.headers()[header::SET_COOKIE]
        .to_str()
        .expect("cookie")
        .split(';')
        .next()
        .expect("cookie")
        .to_owned();
    let bytes = to_bytes(res.into_body(), usize::MAX).await.expect("body");
    let answer: Value = serde_json::from_slice(&bytes).expect("JSON");
    (cookie, answer["csrf"].as_str().expect("csrf").to_owned())
}

/// Per game, the instant each ply's POST was sent.
type Posted = Arc<Vec<Mutex<Vec<Option<Instant>>>>>;

struct Figures {
    latencies: Vec<u64>,
    events: u64,
    refused: u64,
    moves: u64,
    elapsed: Duration,
    connected: usize,
}

impl Figures {
    fn print(&self, database: &str, seconds: u64, every_ms: u64, spectators: usize, cpu: Duration) {
        let mut l = self.latencies.clone();
        l.sort_unstable();
        let at = |q: usize| {
            l.get((l.len() * q / 1000).min(l.len().saturating_sub(1)))
                .copied()
                .unwrap_or(0)
        };
        let secs = self.elapsed.as_secs_f64();
        println!(
            "{database}: 200 boards, 400 devices (a move and a press every {every_ms} ms per side), {} of {spectators} spectators connected, {seconds} s",
            self.connected
        );
        println!(
            "events stored: {} ({:.0}/s), moves: {}, refused: {}",
            self.events,
            self.events as f64 / secs,
            self.moves,
            self.refused
        );
        println!(
            "latency POST move -> spectator ({} deliveries): p50 {} ms, p95 {} ms, p99 {} ms, max {} ms",
            l.len(),
            at(500) as f64 / 1000.0,
            at(950) as f64 / 1000.0,
            at(990) as f64 / 1000.0,
            l.last().copied().unwrap_or(0) as f64 / 1000.0
        );
        println!(
            "server CPU: {:.1} s in {secs:.0} s ({:.0} % of one core)",
            cpu.as_secs_f64(),
            100.0 * cpu.as_secs_f64() / secs
        );
    }
}

async fn run(
    addr: SocketAddr,
    setup: Setup,
    seconds: u64,
    every_ms: u64,
    spectators: usize,
) -> Figures {
    let line: Arc<Vec<&'static str>> = Arc::new(LINE.split_whitespace().collect());
    let games: Arc<HashMap<i64, usize>> = Arc::new(
        setup
            .boards
            .iter()
            .enumerate()
            .map(|(i, (g, _))| (*g, i))
            .collect(),
    );
    let posted: Posted = Arc::new(
        (0..setup.boards.len())
            .map(|_| Mutex::new(vec![None; line.len() + 1]))
            .collect(),
    );
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let connected = Arc::new(AtomicU64::new(0));
    let stop = Instant::now() + Duration::from_secs(seconds) + Duration::from_secs(5);
    // The spectators first (connecting takes a moment).
    let mut watchers = Vec::new();
    for _ in 0..spectators {
        let (uri, games, posted, latencies, connected) = (
            setup.stream.clone(),
            games.clone(),
            posted.clone(),
            latencies.clone(),
            connected.clone(),
        );
        watchers.push(tokio::spawn(async move {
            spectator(addr, &uri, &games, &posted, &latencies, &connected, stop).await;
        }));
    }
    while connected.load(Ordering::Relaxed) < spectators as u64 && Instant::now() < stop {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!("{} spectators connected", connected.load(Ordering::Relaxed));
    let events = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let moves = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let mut devices = Vec::new();
    for (i, (game, code)) in setup.boards.iter().enumerate() {
        let (game, code) = (*game, code.clone());
        let (line, posted, events, refused, moves) = (
            line.clone(),
            posted.clone(),
            events.clone(),
            refused.clone(),
            moves.clone(),
        );
        devices.push(tokio::spawn(async move {
            board(
                addr, i, game, &code, &line, &posted, every_ms, until, &events, &refused, &moves,
            )
            .await;
        }));
    }
    for d in devices {
        d.await.ok();
    }
    let elapsed = started.elapsed();
    // Let the last pushes arrive.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for w in &watchers {
        w.abort();
    }
    let latencies = latencies.lock().expect("latencies").clone();
    Figures {
        latencies,
        events: events.load(Ordering::Relaxed),
        refused: refused.load(Ordering::Relaxed),
        moves: moves.load(Ordering::Relaxed),
        elapsed,
        connected: connected.load(Ordering::Relaxed) as usize,
    }
}

/// The two devices of a board (one connection each): the clock started by White's device,
/// then each side's move and clock press in turn, a side every `every_ms` on average.
#[allow(clippy::too_many_arguments)]
async fn board(
    addr: SocketAddr,
    index: usize,
    game: i64,
    code: &str,
    line: &[&str],
    posted: &Posted,
    every_ms: u64,
    until: Instant,
    events: &AtomicU64,
    refused: &AtomicU64,
    moves: &AtomicU64,
) {
    let mut white = Http::connect(addr).await;
    let mut black = Http::connect(addr).await;
    // Spread the boards over the first interval.
    let offset = every_ms * index as u64 / 200;
    tokio::time::sleep(Duration::from_millis(offset)).await;
    let uri = |device: &str, seq: usize| {
        format!("/api/games/{game}/events?device={device}-{game}&seq={seq}")
    };
    let ok = white
        .post(&uri("w", 0), code, r#"{"event":"start_clock"}"#)
        .await;
    count(ok, events, refused);
    // A side moves every `every_ms` on average: a ply every half of it.
    let ply_every = Duration::from_millis(every_ms / 2);
    let mut next = Instant::now() + ply_every;
    for (ply, mv) in line.iter().enumerate() {
        tokio::time::sleep_until(next.into()).await;
        if Instant::now() >= until {
            break;
        }
        next += ply_every;
        let (by, device) = if ply % 2 == 0 {
            ("white", &mut white)
        } else {
            ("black", &mut black)
        };
        let name = if ply % 2 == 0 { "w" } else { "b" };
        posted[index].lock().expect("posted")[ply + 1] = Some(Instant::now());
        let ok = device
            .post(
                &uri(name, 2 * ply + 1),
                code,
                &format!(r#"{{"event":"move","by":"{by}","move":"{mv}"}}"#),
            )
            .await;
        count(ok, events, refused);
        if ok {
            moves.fetch_add(1, Ordering::Relaxed);
        }
        let ok = device
            .post(
                &uri(name, 2 * ply + 2),
                code,
                &format!(r#"{{"event":"press","by":"{by}"}}"#),
            )
            .await;
        count(ok, events, refused);
    }
}

fn count(ok: bool, events: &AtomicU64, refused: &AtomicU64) {
    if ok {
        events.fetch_add(1, Ordering::Relaxed);
    } else {
        refused.fetch_add(1, Ordering::Relaxed);
    }
}

#[derive(Deserialize)]
struct News {
    boards: Vec<StreamBoard>,
}

#[derive(Deserialize)]
struct StreamBoard {
    game: i64,
    live: Option<StreamLive>,
}

#[derive(Deserialize)]
struct StreamLive {
    moves: Vec<IgnoredAny>,
}

/// A spectator: reads the stream and notes, for every ply it sees first, the time since its
/// POST.
async fn spectator(
    addr: SocketAddr,
    uri: &str,
    games: &HashMap<i64, usize>,
    posted: &Posted,
    latencies: &Mutex<Vec<u64>>,
    connected: &AtomicU64,
    stop: Instant,
) {
    let Ok(mut tcp) = TcpStream::connect(addr).await else {
        return;
    };
    let request = format!(
        "GET {uri} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\nCookie: lang=en\r\n\r\n"
    );
    if tcp.write_all(request.as_bytes()).await.is_err() {
        return;
    }
    let mut seen = vec![0usize; games.len()];
    let mut raw: Vec<u8> = Vec::with_capacity(1 << 16);
    let mut body: Vec<u8> = Vec::with_capacity(1 << 16);
    let mut headers_done = false;
    let mut mine = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut first = true;
    while Instant::now() < stop {
        let n = match tokio::time::timeout_at(stop.into(), tcp.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => n,
            _ => break,
        };
        raw.extend_from_slice(&buf[..n]);
        if !headers_done {
            let Some(end) = find(&raw, b"\r\n\r\n") else {
                continue;
            };
            raw.drain(..end + 4);
            headers_done = true;
        }
        // Chunked transfer: size line, data, CRLF.
        while let Some(eol) = find(&raw, b"\r\n") {
            let size = std::str::from_utf8(&raw[..eol])
                .ok()
                .and_then(|s| usize::from_str_radix(s.trim(), 16).ok());
            let Some(size) = size else { return };
            if raw.len() < eol + 2 + size + 2 {
                break;
            }
            body.extend_from_slice(&raw[eol + 2..eol + 2 + size]);
            raw.drain(..eol + 2 + size + 2);
        }
        while let Some(end) = find(&body, b"\n\n") {
            let now = Instant::now();
            let block: Vec<u8> = body.drain(..end + 2).collect();
            let text = String::from_utf8_lossy(&block);
            let Some(data) = text.lines().find_map(|l| l.strip_prefix("data:")) else {
                continue;
            };
            let Ok(news) = serde_json::from_str::<News>(data.trim_start()) else {
                continue;
            };
            if first {
                first = false;
                connected.fetch_add(1, Ordering::Relaxed);
            }
            for b in news.boards {
                let (Some(&i), Some(live)) = (games.get(&b.game), b.live) else {
                    continue;
                };
                let shown = live.moves.len();
                if shown > seen[i] {
                    let times = posted[i].lock().expect("posted");
                    for ply in seen[i] + 1..=shown {
                        if let Some(t) = times.get(ply).copied().flatten() {
                            mine.push(
                                u64::try_from(now.duration_since(t).as_micros())
                                    .unwrap_or(u64::MAX),
                            );
                        }
                    }
                    seen[i] = shown;
                }
            }
        }
    }
    latencies.lock().expect("latencies").extend(mine);
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// A keep-alive HTTP/1.1 connection of a device.
struct Http {
    tcp: TcpStream,
    addr: SocketAddr,
    buf: Vec<u8>,
}

impl Http {
    async fn connect(addr: SocketAddr) -> Http {
        let tcp = TcpStream::connect(addr).await.expect("connect");
        tcp.set_nodelay(true).ok();
        Http {
            tcp,
            addr,
            buf: Vec::new(),
        }
    }

    /// Posts `body` with the board's code; whether the answer was 200.
    async fn post(&mut self, uri: &str, code: &str, body: &str) -> bool {
        let request = format!(
            "POST {uri} HTTP/1.1\r\nHost: {}\r\nX-Board-Code: {code}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        if self.tcp.write_all(request.as_bytes()).await.is_err() {
            return false;
        }
        let mut chunk = [0u8; 8192];
        loop {
            if let Some(end) = find(&self.buf, b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&self.buf[..end]).to_ascii_lowercase();
                let length: usize = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(0);
                if self.buf.len() >= end + 4 + length {
                    let ok = head.starts_with("http/1.1 200");
                    if !ok {
                        eprintln!(
                            "{uri}: {}",
                            String::from_utf8_lossy(&self.buf[..end + 4 + length])
                        );
                    }
                    self.buf.drain(..end + 4 + length);
                    return ok;
                }
            }
            match self.tcp.read(&mut chunk).await {
                Ok(n) if n > 0 => self.buf.extend_from_slice(&chunk[..n]),
                _ => return false,
            }
        }
    }
}

/// CPU time (user and system) of the server's threads: its runtime's and SQLite's workers.
fn server_cpu() -> Duration {
    let mut ticks = 0u64;
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Duration::ZERO;
    };
    for task in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(task.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = &stat[open + 1..close];
        if !(name.starts_with("arb-server") || name.starts_with("sqlx-sqlite")) {
            continue;
        }
        let fields: Vec<&str> = stat[close + 2..].split_whitespace().collect();
        // After the name: state is field 3; utime 14 and stime 15 (1-based in stat).
        let utime: u64 = fields.get(11).and_then(|v| v.parse().ok()).unwrap_or(0);
        let stime: u64 = fields.get(12).and_then(|v| v.parse().ok()).unwrap_or(0);
        ticks += utime + stime;
    }
    // Linux reports in clock ticks of 1/100 s.
    Duration::from_millis(ticks * 10)
}
