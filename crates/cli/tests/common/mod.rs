//! The WebDriver and HTTP helpers of the browser tests (`browser.rs`, `browser_team.rs`): a
//! running `arbiter serve`, a chromedriver session with headless Chromium, and plain HTTP.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The database a browser scenario runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// A fresh SQLite file in the run's directory.
    Sqlite,
    /// A fresh schema on `ARBITER_TEST_POSTGRES` (skipped outside CI when unset).
    Postgres,
}

/// Runs `scenario` against a fresh `arbiter serve` on `backend` in the temporary directory
/// `arbiter_<name>_<backend>_<pid>`; on failure keeps the directory with a screenshot and
/// prints its path. Skipped when no browser (or no PostgreSQL) is available outside CI.
pub fn run_scenario(name: &str, backend: Backend, scenario: impl FnOnce(&Browser, &Server, &Path)) {
    let label = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let postgres = match backend {
        Backend::Sqlite => None,
        Backend::Postgres => {
            let url = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap()
                .block_on(store::testing::fresh_postgres_schema(name))
                .expect("PostgreSQL for the browser test");
            let Some(url) = url else { return };
            Some(url)
        }
    };
    let dir = std::env::temp_dir().join(format!("arbiter_{name}_{label}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let Some(browser) = Browser::start(&dir) else {
        return;
    };
    let database =
        postgres.unwrap_or_else(|| format!("sqlite://{}", dir.join("arbiter.db").display()));
    let server = Server::start(&database);
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        scenario(&browser, &server, &dir)
    }));
    if let Err(panic) = outcome {
        let shot = dir.join("failure.png");
        match browser.screenshot(&shot) {
            Ok(()) => eprintln!("{label}: screenshot of the failure: {}", shot.display()),
            Err(e) => eprintln!("{label}: no screenshot: {e}"),
        }
        std::panic::resume_unwind(panic);
    }
    drop(browser);
    drop(server);
    std::fs::remove_dir_all(&dir).ok();
}

/// One HTTP/1.1 request with a JSON body; status and body (chunked answers decoded).
pub fn http(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, String), String> {
    let mut s = TcpStream::connect(addr).map_err(|e| format!("connect {addr}: {e}"))?;
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).map_err(|e| e.to_string())?;
    // chromedriver keeps the connection open: read by Content-Length (or chunks) instead.
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        let n = s
            .read(&mut buf)
            .map_err(|e| format!("{method} {path}: {e}"))?;
        raw.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&raw);
        if let Some((head, rest)) = text.split_once("\r\n\r\n") {
            let head = head.to_ascii_lowercase();
            let length = head
                .lines()
                .find_map(|l| l.strip_prefix("content-length:"))
                .and_then(|v| v.trim().parse::<usize>().ok());
            let done = match length {
                Some(length) => rest.len() >= length,
                None if head.contains("transfer-encoding: chunked") => rest.ends_with("0\r\n\r\n"),
                None => n == 0,
            };
            if done || n == 0 {
                break;
            }
        } else if n == 0 {
            break;
        }
    }
    let raw = String::from_utf8_lossy(&raw);
    let (head, rest) = raw.split_once("\r\n\r\n").ok_or("no header end")?;
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or("no status")?;
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    Ok((
        status,
        if chunked {
            dechunk(rest)?
        } else {
            rest.to_owned()
        },
    ))
}

pub fn dechunk(mut rest: &str) -> Result<String, String> {
    let mut out = String::new();
    loop {
        let (size, tail) = rest.split_once("\r\n").ok_or("bad chunk")?;
        let size = usize::from_str_radix(size.trim(), 16).map_err(|e| e.to_string())?;
        if size == 0 {
            return Ok(out);
        }
        out += tail.get(..size).ok_or("short chunk")?;
        rest = tail.get(size + 2..).ok_or("short chunk")?;
    }
}

pub fn get_json(addr: &str, path: &str) -> Value {
    let (status, body) = http(addr, "GET", path, None).unwrap();
    assert_eq!(status, 200, "GET {path}: {body}");
    serde_json::from_str(&body).unwrap()
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

/// A running `arbiter serve`, killed on drop.
pub struct Server {
    child: Child,
    pub addr: String,
    pub password: String,
}

impl Server {
    pub fn start(database: &str) -> Server {
        Server::start_with(database, &[])
    }

    /// `arbiter serve` with the demo championship loaded.
    pub fn demo(database: &str) -> Server {
        Server::start_with(database, &["--demo"])
    }

    /// `arbiter serve` with more arguments, e.g. `--demo`.
    pub fn start_with(database: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--database", database, "--bind", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start arbiter serve");
        let mut password = None;
        let mut addr = None;
        let stdout = child.stdout.take().expect("stdout");
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(rest) = line.split("password ").nth(1) {
                password = Some(rest.trim().to_owned());
            }
            if let Some(a) = line.strip_prefix("listening on http://") {
                addr = Some(a.to_owned());
                break;
            }
        }
        match (addr, password) {
            (Some(addr), Some(password)) => Server {
                child,
                addr,
                password,
            },
            _ => {
                child.kill().ok();
                child.wait().ok();
                panic!("arbiter serve printed no address or no admin password");
            }
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A chromedriver process with one headless Chromium session.
pub struct Browser {
    driver: Child,
    addr: String,
    session: String,
}

impl Browser {
    pub fn start(dir: &Path) -> Option<Browser> {
        let chromium = std::env::var("ARBITER_CHROMIUM").unwrap_or("/usr/bin/chromium".into());
        let chromedriver =
            std::env::var("ARBITER_CHROMEDRIVER").unwrap_or("/usr/bin/chromedriver".into());
        if !Path::new(&chromium).exists() || !Path::new(&chromedriver).exists() {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI is set but {chromium} or {chromedriver} is missing: the browser test must run in CI"
            );
            eprintln!("browser test skipped: {chromium} or {chromedriver} missing");
            return None;
        }
        let port = free_port();
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let addr = format!("127.0.0.1:{port}");
        let mut browser = Browser {
            driver,
            addr,
            session: String::new(),
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while !http(&browser.addr, "GET", "/status", None)
            .is_ok_and(|(_, b)| b.contains("\"ready\":true"))
        {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = dir.join("profile");
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1280,1024",
                    format!("--user-data-dir={}", profile.display())],
            },
        }}});
        let (status, body) = http(&browser.addr, "POST", "/session", Some(&caps)).unwrap();
        let v: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
        browser.session = v["value"]["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("new session: {status} {body}"))
            .to_owned();
        browser
            .cmd(
                "POST",
                "timeouts",
                json!({"implicit": 15000, "script": 20000, "pageLoad": 30000}),
            )
            .unwrap();
        Some(browser)
    }

    /// A WebDriver command on the session; the `value` of the answer or the error.
    pub fn cmd(&self, method: &str, path: &str, body: Value) -> Result<Value, String> {
        let body = (method == "POST").then_some(body);
        let (status, text) = http(
            &self.addr,
            method,
            &format!("/session/{}/{path}", self.session),
            body.as_ref(),
        )?;
        let v: Value = serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))?;
        if status == 200 {
            Ok(v["value"].clone())
        } else {
            Err(format!("{method} {path}: {status} {}", v["value"]))
        }
    }

    pub fn go(&self, url: &str) {
        self.cmd("POST", "url", json!({ "url": url })).unwrap();
    }

    pub fn find(&self, css: &str) -> String {
        let v = self
            .cmd(
                "POST",
                "element",
                json!({"using": "css selector", "value": css}),
            )
            .unwrap_or_else(|e| panic!("find {css}: {e}"));
        v.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("find {css}: {v}"))
            .to_owned()
    }

    pub fn click(&self, css: &str) {
        let e = self.find(css);
        self.cmd("POST", &format!("element/{e}/click"), json!({}))
            .unwrap_or_else(|err| panic!("click {css}: {err}"));
    }

    /// Clicks a button that submits a form and waits until the answer is a new, loaded page:
    /// a wait for an element the old page also has would otherwise pass before the
    /// submission lands, and a later `go` would race with it.
    pub fn submit(&self, css: &str) {
        self.js("window.arbiterOldPage = true; return true;", json!([]));
        self.click(css);
        self.wait_js(
            "return !window.arbiterOldPage && document.readyState === 'complete';",
            &format!("the page after {css}"),
        );
    }

    /// Chooses a file in an `<input type="file">`.
    pub fn choose_file(&self, css: &str, path: &str) {
        let e = self.find(css);
        self.cmd(
            "POST",
            &format!("element/{e}/value"),
            json!({ "text": path }),
        )
        .unwrap_or_else(|err| panic!("choose {path} in {css}: {err}"));
    }

    pub fn fill(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.cmd("POST", &format!("element/{e}/clear"), json!({}))
            .unwrap_or_else(|err| panic!("clear {css}: {err}"));
        self.cmd(
            "POST",
            &format!("element/{e}/value"),
            json!({ "text": text }),
        )
        .unwrap_or_else(|err| panic!("type into {css}: {err}"));
    }

    pub fn text(&self, css: &str) -> String {
        let e = self.find(css);
        self.cmd("GET", &format!("element/{e}/text"), Value::Null)
            .unwrap_or_else(|err| panic!("text of {css}: {err}"))
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    pub fn js(&self, script: &str, args: Value) -> Value {
        self.cmd(
            "POST",
            "execute/sync",
            json!({"script": script, "args": args}),
        )
        .unwrap_or_else(|e| panic!("script {script}: {e}"))
    }

    pub fn url(&self) -> String {
        self.cmd("GET", "url", Value::Null)
            .unwrap()
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Waits until the address ends with `suffix`.
    pub fn wait_url(&self, suffix: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self.url().ends_with(suffix) {
            assert!(
                Instant::now() < deadline,
                "still at {} instead of …{suffix}",
                self.url()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until `script` returns `true` in the page.
    pub fn wait_js(&self, script: &str, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.js(script, json!([])) != json!(true) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Fetches a same-origin address from inside the page (with the page's cookies).
    pub fn fetch(&self, path: &str) -> String {
        let script = "const done = arguments[arguments.length - 1];
            fetch(arguments[0]).then(r => r.text()).then(done, e => done('ERROR ' + e));";
        self.cmd(
            "POST",
            "execute/async",
            json!({"script": script, "args": [path]}),
        )
        .unwrap_or_else(|e| panic!("fetch {path}: {e}"))
        .as_str()
        .unwrap_or_default()
        .to_owned()
    }

    /// The current page printed by Chromium (WebDriver "Print Page") on A4, as PDF bytes.
    pub fn print_pdf(&self) -> Vec<u8> {
        let data = self
            .cmd(
                "POST",
                "print",
                json!({"page": {"width": 21.0, "height": 29.7}, "orientation": "portrait"}),
            )
            .unwrap_or_else(|e| panic!("print: {e}"));
        base64_decode(data.as_str().unwrap_or_default()).expect("PDF in base64")
    }

    /// Emulates a viewport `width` × `height` CSS pixels wide (a phone at 360), through the
    /// Chrome DevTools protocol: a window cannot be made that narrow.
    pub fn viewport(&self, width: u32, height: u32) -> Result<(), String> {
        let mobile = width < 600;
        self.cmd(
            "POST",
            "goog/cdp/execute",
            json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": {
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}}),
        )
        .map(|_| ())
    }

    /// A screenshot of the whole page, beyond the viewport.
    pub fn full_screenshot(&self, to: &Path) -> Result<(), String> {
        let v = self.cmd(
            "POST",
            "goog/cdp/execute",
            json!({"cmd": "Page.captureScreenshot", "params": {
                "format": "png", "captureBeyondViewport": true}}),
        )?;
        let png = base64_decode(v["data"].as_str().ok_or("no screenshot data")?)?;
        std::fs::write(to, png).map_err(|e| e.to_string())
    }

    pub fn screenshot(&self, to: &Path) -> Result<(), String> {
        let data = self.cmd("GET", "screenshot", Value::Null)?;
        let png = base64_decode(data.as_str().ok_or("no screenshot data")?)?;
        std::fs::write(to, png).map_err(|e| e.to_string())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            http(
                &self.addr,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            )
            .ok();
        }
        self.driver.kill().ok();
        self.driver.wait().ok();
    }
}

pub fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
    {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("bad base64 byte {c}")),
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}
