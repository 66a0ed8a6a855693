//! `arbiter serve` survives SIGKILL in the middle of result entry and of live play: every
//! result and every live event the server acknowledged is in the database after a restart
//! (SQLite WAL, `synchronous=FULL`; issue #15 item 4).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A running server, killed when dropped (also when a test fails before killing it).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

/// Polls `done` every 5 ms until it holds; an error naming `what` once `deadline` has passed.
fn wait_until(deadline: Instant, what: &str, mut done: impl FnMut() -> bool) -> Result<(), String> {
    while !done() {
        if Instant::now() >= deadline {
            return Err(format!("timed out waiting for {what}"));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    Ok(())
}

#[test]
fn h19_17_wait_until_fails_after_the_deadline() {
    let start = Instant::now();
    let err = wait_until(start + Duration::from_millis(50), "nothing", || false).unwrap_err();
    assert_eq!(err, "timed out waiting for nothing");
    assert!(start.elapsed() >= Duration::from_millis(50));
    assert!(start.elapsed() < Duration::from_secs(5));
    let mut polls = 0;
    wait_until(
        Instant::now() + Duration::from_secs(10),
        "the third poll",
        || {
            polls += 1;
            polls == 3
        },
    )
    .expect("a condition that comes to hold ends the wait");
    assert_eq!(polls, 3);
}

/// Starts the server; returns it, its address and the admin password (first start).
fn start(db: &str) -> (Server, String, Option<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--database", db, "--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start arbiter serve");
    let banner = child.stdout.take().and_then(banner);
    match banner {
        Some((addr, password)) => (Server(child), addr, password),
        None => {
            child.kill().ok();
            child.wait().ok();
            panic!("arbiter serve printed no address");
        }
    }
}

/// The address and the admin password (if printed) from the server's first lines.
fn banner(stdout: std::process::ChildStdout) -> Option<(String, Option<String>)> {
    let mut password = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.ok()?;
        if let Some(rest) = line.split("password ").nth(1) {
            password = Some(rest.trim().to_owned());
        }
        if let Some(addr) = line.strip_prefix("listening on http://") {
            return Some((addr.to_owned(), password));
        }
    }
    None
}

/// One HTTP/1.1 request; status, headers (lowercase names) and body.
fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
) -> std::io::Result<(u16, HashMap<String, String>, String)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(20)))?;
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
    s.write_all(req.as_bytes())?;
    let mut raw = String::new();
    s.read_to_string(&mut raw)?;
    let (head, body) = raw
        .split_once("\r\n\r\n")
        .ok_or_else(|| std::io::Error::other("no header end"))?;
    let mut head_lines = head.lines();
    let status = head_lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    let headers = head_lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_owned()))
        .collect();
    Ok((status, headers, body.to_owned()))
}

/// A SQLite database file of this test process in the temp directory, and its URL.
fn temp_db(stem: &str) -> (std::path::PathBuf, String) {
    let path = std::env::temp_dir().join(format!("{stem}_{}.db", std::process::id()));
    let url = format!("sqlite://{}", path.display());
    (path, url)
}

/// Removes the database of [`temp_db`] with its WAL files.
fn remove_db(path: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
}

/// The admin's session and the first round of a new section, paired and published.
struct Round {
    cookie: String,
    csrf: String,
    section: i64,
    games: Vec<i64>,
}

/// Logs in as admin, makes an event with one section of `players` players, pairs and
/// publishes round 1; its games in board order.
fn published_round(addr: &str, password: &str, name: &str, players: usize) -> Round {
    let (status, headers, body) = http(
        addr,
        "POST",
        "/api/login",
        &[],
        Some(&json!({"user": "admin", "password": password})),
    )
    .unwrap();
    assert_eq!(status, 200, "{body}");
    let cookie = headers["set-cookie"].split(';').next().unwrap().to_owned();
    let csrf = serde_json::from_str::<Value>(&body).unwrap()["csrf"]
        .as_str()
        .unwrap()
        .to_owned();
    let auth = [("Cookie", cookie.as_str()), ("X-CSRF-Token", csrf.as_str())];
    let post = |path: &str, body: Value| {
        let (status, _, text) = http(addr, "POST", path, &auth, Some(&body)).unwrap();
        assert!(status < 300, "{path}: {status} {text}");
        serde_json::from_str::<Value>(&text).unwrap()
    };
    let event = post(
        "/api/events",
        json!({"name": name, "start_date": "2026-05-01"}),
    )["id"]
        .as_i64()
        .unwrap();
    let section = post(
        &format!("/api/events/{event}/sections"),
        json!({"name": "A", "rounds": 5}),
    )["id"]
        .as_i64()
        .unwrap();
    for i in 0..players {
        post(
            &format!("/api/sections/{section}/players"),
            json!({"last_name": format!("P{i:02}"), "elo": (2400 - 10 * i).to_string()}),
        );
    }
    post(&format!("/api/sections/{section}/pair"), json!({}));
    post(
        &format!("/api/sections/{section}/rounds/1/publish"),
        json!({}),
    );
    let (_, _, text) = http(
        addr,
        "GET",
        &format!("/api/sections/{section}/rounds/1"),
        &[],
        None,
    )
    .unwrap();
    let games: Vec<i64> = serde_json::from_str::<Value>(&text).unwrap()["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["game"].as_i64().unwrap())
        .collect();
    assert_eq!(games.len(), players / 2);
    Round {
        cookie,
        csrf,
        section,
        games,
    }
}

/// SIGKILLs the server once `acked` counts 60 acknowledged writes, then stops and joins the
/// writer. Bounded: a writer that panics or stops early fails the test instead of hanging it.
fn kill_after_60(
    server: &mut Server,
    writer: std::thread::JoinHandle<()>,
    stop: &AtomicBool,
    what: &str,
    acked: impl Fn() -> usize,
) {
    let waited = wait_until(
        Instant::now() + Duration::from_secs(120),
        &format!("60 acknowledged {what}"),
        || acked() >= 60 || writer.is_finished(),
    );
    let enough = acked() >= 60;
    server.0.kill().expect("SIGKILL the server");
    server.0.wait().unwrap();
    stop.store(true, Ordering::Relaxed);
    writer.join().expect("the writer thread");
    waited.unwrap();
    assert!(enough, "the writer stopped after {} {what}", acked());
}

#[test]
fn acknowledged_results_survive_sigkill() {
    let (path, db) = temp_db("arbiter_crash");
    let (mut server, addr, password) = start(&db);
    let password = password.expect("first start prints the admin password");
    let Round {
        cookie,
        csrf,
        section,
        games,
    } = published_round(&addr, &password, "Crash Open", 40);

    // Enter results round and round (corrections included) until the server dies.
    let acked: Arc<Mutex<HashMap<i64, (String, i64)>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (acked, stop, addr) = (acked.clone(), stop.clone(), addr.clone());
        let (cookie, csrf) = (cookie.clone(), csrf.clone());
        std::thread::spawn(move || {
            let results = ["1-0", "1/2-1/2", "0-1", "+/-"];
            let mut versions: HashMap<i64, i64> = games.iter().map(|&g| (g, 1)).collect();
            for i in 0.. {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let game = games[i % games.len()];
                let result = results[(i / games.len() + i) % results.len()];
                let body = json!({"result": result, "version": versions[&game]});
                let auth = [("Cookie", cookie.as_str()), ("X-CSRF-Token", csrf.as_str())];
                match http(
                    &addr,
                    "POST",
                    &format!("/api/games/{game}/result"),
                    &auth,
                    Some(&body),
                ) {
                    Ok((200, _, text)) => {
                        let v = serde_json::from_str::<Value>(&text).unwrap()["version"]
                            .as_i64()
                            .unwrap();
                        versions.insert(game, v);
                        acked.lock().unwrap().insert(game, (result.to_owned(), v));
                    }
                    Ok((status, _, text)) => panic!("unexpected answer {status}: {text}"),
                    Err(_) => break,
                }
            }
        })
    };
    let corrections = || {
        acked
            .lock()
            .unwrap()
            .values()
            .map(|(_, v)| v - 1)
            .sum::<i64>()
    };
    kill_after_60(&mut server, writer, &stop, "corrections", || {
        usize::try_from(corrections()).unwrap_or(0)
    });
    let acked = acked.lock().unwrap().clone();
    assert!(acked.len() >= 20);

    let (server, addr, password) = start(&db);
    assert!(password.is_none(), "the admin account exists already");
    let (status, _, text) = http(
        &addr,
        "GET",
        &format!("/api/sections/{section}/rounds/1"),
        &[],
        None,
    )
    .unwrap();
    assert_eq!(status, 200);
    let boards: Value = serde_json::from_str(&text).unwrap();
    for b in boards["boards"].as_array().unwrap() {
        let game = b["game"].as_i64().unwrap();
        let (result, version) = &acked[&game];
        let stored = b["version"].as_i64().unwrap();
        // The request in flight at the kill may have been committed without an answer.
        assert!(
            stored == *version || stored == version + 1,
            "game {game}: {stored} vs {version}"
        );
        if stored == *version {
            assert_eq!(b["result"].as_str().unwrap(), result, "game {game}");
        }
    }
    drop(server);
    remove_db(&path);
}

/// The opening both sides play on every live board: a move and the clock press after it.
const LIVE_MOVES: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
];

/// The events of a live board in order: the clock started, then each move and its press.
fn live_events() -> Vec<Value> {
    let mut v = vec![json!({"event": "start_clock"})];
    for (i, mv) in LIVE_MOVES.iter().enumerate() {
        let by = if i % 2 == 0 { "white" } else { "black" };
        v.push(json!({"event": "move", "by": by, "move": mv}));
        v.push(json!({"event": "press", "by": by}));
    }
    v
}

#[test]
fn acknowledged_live_events_survive_sigkill() {
    let (path, db) = temp_db("arbiter_live_crash");
    let (mut server, addr, password) = start(&db);
    let password = password.expect("first start prints the admin password");
    let Round {
        cookie,
        csrf,
        games,
        ..
    } = published_round(&addr, &password, "Live Crash Open", 16);
    let auth = [("Cookie", cookie.as_str()), ("X-CSRF-Token", csrf.as_str())];
    for g in &games {
        let open = format!("/api/games/{g}/live");
        let (status, _, text) = http(&addr, "POST", &open, &auth, Some(&json!({}))).unwrap();
        assert_eq!(status, 200, "{open}: {text}");
    }

    // Play the boards in turn, one event each, until the server dies; count what was acknowledged.
    let events = live_events();
    let acked: Arc<Mutex<HashMap<i64, usize>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (acked, stop, addr, games) = (acked.clone(), stop.clone(), addr.clone(), games.clone());
        let (cookie, csrf) = (cookie.clone(), csrf.clone());
        std::thread::spawn(move || {
            for i in 0..events.len() * games.len() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let (game, n) = (games[i % games.len()], i / games.len());
                let auth = [("Cookie", cookie.as_str()), ("X-CSRF-Token", csrf.as_str())];
                let uri = format!("/api/games/{game}/events?device=crash&seq={n}");
                match http(&addr, "POST", &uri, &auth, Some(&events[n])) {
                    Ok((200, _, _)) => {
                        acked.lock().unwrap().insert(game, n + 1);
                    }
                    Ok((status, _, text)) => panic!("unexpected answer {status}: {text}"),
                    Err(_) => break,
                }
            }
        })
    };
    let total = || -> usize { acked.lock().unwrap().values().sum() };
    kill_after_60(&mut server, writer, &stop, "live events", total);
    let acked = acked.lock().unwrap().clone();

    let (_server, addr, password) = start(&db);
    assert!(password.is_none(), "the admin account exists already");
    // The session is stored too: the arbiter reads on after the restart.
    let auth = [("Cookie", cookie.as_str())];
    for g in &games {
        let (status, _, text) =
            http(&addr, "GET", &format!("/api/games/{g}/live"), &auth, None).unwrap();
        assert_eq!(status, 200, "game {g}: {text}");
        let live: Value = serde_json::from_str(&text).unwrap();
        let moves: Vec<&str> = live["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        // Events 1, 3, 5, ... are the moves; the event in flight at the kill may be stored too.
        let sent = acked.get(g).copied().unwrap_or(0);
        let at_least = sent / 2;
        let at_most = sent.div_ceil(2);
        assert!(
            (at_least..=at_most).contains(&moves.len()),
            "game {g}: {} moves stored, {sent} events acknowledged",
            moves.len()
        );
        assert_eq!(moves, LIVE_MOVES[..moves.len()], "game {g}");
    }
    remove_db(&path);
}
