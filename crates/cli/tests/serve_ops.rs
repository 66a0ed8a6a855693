//! Operating `arbiter serve` (#17): the request log on standard error (text or JSON), no
//! secrets in it, settings from environment variables, and a prompt exit on SIGTERM.

mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

/// A running server whose standard error is collected line by line; killed when dropped.
struct Server {
    child: Child,
    addr: String,
    password: Option<String>,
    log: Arc<Mutex<Vec<String>>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

impl Server {
    /// `arbiter serve` on `database` with more arguments and environment variables.
    fn start(database: &str, extra: &[&str], env: &[(&str, &str)]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_arbiter"));
        command.arg("serve");
        if !database.is_empty() {
            command.args(["--database", database]);
        }
        if !env.iter().any(|(k, _)| *k == "ARBITER_BIND") {
            command.args(["--bind", "127.0.0.1:0"]);
        }
        let mut child = command
            .args(extra)
            .envs(env.iter().copied())
            .env_remove("RUST_LOG")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start arbiter serve");
        let log = collect(child.stderr.take().expect("stderr"));
        let stdout = child.stdout.take().expect("stdout");
        let (mut addr, mut password) = (None, None);
        let mut lines = BufReader::new(stdout).lines();
        for line in lines.by_ref().map_while(Result::ok) {
            if let Some(rest) = line.split("password ").nth(1) {
                password = Some(rest.trim().to_owned());
            }
            if let Some(a) = line.strip_prefix("listening on http://") {
                addr = Some(a.to_owned());
                break;
            }
        }
        // Keep reading standard output: a closed pipe would end the server at its next line.
        std::thread::spawn(move || lines.for_each(drop));
        let Some(addr) = addr else {
            child.kill().ok();
            child.wait().ok();
            panic!(
                "arbiter serve printed no address: {:?}",
                log.lock().unwrap()
            );
        };
        Server {
            child,
            addr,
            password,
            log,
        }
    }

    /// The log lines so far, waiting up to 10 s for one that contains `needle`.
    fn log_with(&self, needle: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let lines = self.log.lock().unwrap().clone();
            if lines.iter().any(|l| l.contains(needle)) || Instant::now() > deadline {
                return lines;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Collects the lines of `stream` in a background thread.
fn collect(stream: impl Read + Send + 'static) -> Arc<Mutex<Vec<String>>> {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines().map_while(Result::ok) {
            sink.lock().unwrap().push(line);
        }
    });
    lines
}

/// One HTTP/1.1 GET; status, headers (lowercase names) and body.
fn get(addr: &str, path: &str, headers: &[(&str, &str)]) -> (u16, HashMap<String, String>, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in headers {
        req += &format!("{k}: {v}\r\n");
    }
    req += "\r\n";
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

fn temp_db(name: &str) -> (std::path::PathBuf, String) {
    let path = std::env::temp_dir().join(format!("arbiter_{name}_{}.db", std::process::id()));
    let url = format!("sqlite://{}", path.display());
    (path, url)
}

fn remove_db(path: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        std::fs::remove_file(format!("{}{suffix}", path.display())).ok();
    }
}

#[test]
fn h17_01_json_request_log_line() {
    let (path, db) = temp_db("h17_log");
    let server = Server::start(&db, &["--log-format", "json"], &[]);
    let password = server.password.clone().expect("first start");
    let (status, _, _) = get(&server.addr, "/?lang=de&secret=abc", &[]);
    assert_eq!(status, 200);
    let (status, _, _) = get(&server.addr, "/sections/999999/standings", &[]);
    assert_eq!(status, 404);
    let lines = server.log_with("/sections/999999/standings");
    let events: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let request = |path: &str| {
        events
            .iter()
            .find(|e| e["message"] == "request" && e["path"] == path)
            .unwrap_or_else(|| panic!("no request line for {path}: {lines:#?}"))
    };
    let home = request("/?lang=de");
    assert_eq!(home["method"], "GET");
    assert_eq!(home["status"], 200);
    assert_eq!(home["user"], "-");
    assert_eq!(home["level"], "INFO");
    assert!(home["duration_ms"].is_u64(), "{home}");
    assert!(home["timestamp"].is_string(), "{home}");
    assert_eq!(request("/sections/999999/standings")["status"], 404);
    let start = events
        .iter()
        .find(|e| e["message"] == "starting arbiter serve")
        .expect("a startup line");
    assert_eq!(start["database"], db.as_str());
    assert_eq!(start["secure_cookies"], false);
    let all = lines.join("\n");
    assert!(!all.contains("secret=abc"), "the query is not logged");
    assert!(!all.contains(&password), "the admin password is not logged");
    drop(server);
    remove_db(&path);
}

#[test]
fn h17_01_text_log_names_the_logged_in_user() {
    let (path, db) = temp_db("h17_log_text");
    let server = Server::start(&db, &[], &[]);
    let password = server.password.clone().expect("first start");
    let body = serde_json::json!({"user": "admin", "password": password}).to_string();
    let mut s = TcpStream::connect(&server.addr).unwrap();
    write!(
        s,
        "POST /api/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let cookie = raw
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: "))
        .and_then(|c| c.split(';').next())
        .expect("session cookie")
        .to_owned();
    let (status, _, _) = get(&server.addr, "/users", &[("Cookie", &cookie)]);
    assert_eq!(status, 200);
    let lines = server.log_with("/users");
    let line = lines
        .iter()
        .find(|l| l.contains("path=/users"))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    for part in [
        "INFO",
        "method=GET",
        "status=200",
        "user=\"admin\"",
        "duration_ms=",
    ] {
        assert!(line.contains(part), "{part} in {line}");
    }
    assert!(!lines.join("\n").contains(&password));
    drop(server);
    remove_db(&path);
}

#[test]
fn h17_01_the_database_password_never_appears() {
    // A server that cannot reach its database still logs its settings, then fails.
    let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "serve",
            "--database",
            "postgres://arbiter:TopSecret77@127.0.0.1:1/arbiter",
            "--bind",
            "127.0.0.1:0",
        ])
        .env_remove("RUST_LOG")
        .output()
        .expect("run arbiter serve");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stderr.contains("postgres://arbiter:***@127.0.0.1:1/arbiter"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("TopSecret77") && !stdout.contains("TopSecret77"),
        "{stderr}"
    );
}

#[test]
fn h17_07_settings_from_environment_variables() {
    let (path, db) = temp_db("h17_env");
    let server = Server::start(
        "",
        &[],
        &[
            ("ARBITER_DATABASE", db.as_str()),
            ("ARBITER_BIND", "127.0.0.1:0"),
            ("ARBITER_LOG_FORMAT", "json"),
            ("ARBITER_LOG", "debug"),
            ("ARBITER_PUBLIC_URL", "https://chess.example.org"),
        ],
    );
    assert!(server.password.is_some());
    let (status, headers, body) = get(&server.addr, "/healthz", &[]);
    assert_eq!((status, body.as_str()), (200, "ok"));
    assert!(!headers.contains_key("set-cookie"));
    let lines = server.log_with("/healthz");
    let events: Vec<Value> = lines
        .iter()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let start = events
        .iter()
        .find(|e| e["message"] == "starting arbiter serve")
        .unwrap_or_else(|| panic!("{lines:#?}"));
    assert_eq!(start["database"], db.as_str());
    assert_eq!(start["public_url"], "https://chess.example.org");
    assert_eq!(
        start["secure_cookies"], true,
        "https:// from the environment"
    );
    let probe = events
        .iter()
        .find(|e| e["message"] == "request" && e["path"] == "/healthz")
        .expect("probes are logged at debug level");
    assert_eq!(probe["level"], "DEBUG");
    drop(server);
    remove_db(&path);
}

#[test]
fn h17_02_probes_stay_out_of_the_info_log() {
    let (path, db) = temp_db("h17_probe");
    let server = Server::start(&db, &["--log-format", "json"], &[]);
    assert_eq!(get(&server.addr, "/readyz", &[]).0, 200);
    assert_eq!(get(&server.addr, "/login", &[]).0, 200);
    let lines = server.log_with("\"/login\"");
    assert!(lines.iter().any(|l| l.contains("\"/login\"")), "{lines:#?}");
    assert!(!lines.iter().any(|l| l.contains("/readyz")), "{lines:#?}");
    drop(server);
    remove_db(&path);
}

#[cfg(unix)]
#[test]
fn h17_07_sigterm_finishes_the_request_in_flight_and_exits_0() {
    let (path, db) = temp_db("h17_term");
    let mut server = Server::start(&db, &["--log-format", "json"], &[]);
    // A request in flight: the headers and half of the body are sent.
    let body = r#"{"user": "admin", "password": "not the password"}"#;
    let (first, rest) = body.split_at(10);
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "POST /api/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{first}",
        body.len()
    )
    .unwrap();
    s.flush().unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let pid = server.child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    server.log_with("shutting down");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "the server waits for the request in flight"
    );
    s.write_all(rest.as_bytes()).unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(
        answer.starts_with("HTTP/1.1 403"),
        "a full answer: {answer}"
    );
    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "no exit within 10 s of SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    let lines = server.log_with("stopped");
    assert!(
        lines.iter().any(|l| l.contains("\"stopped\"")),
        "{lines:#?}"
    );
    assert!(
        TcpStream::connect(&server.addr).is_err(),
        "no new connections"
    );
    drop(server);
    remove_db(&path);
}
