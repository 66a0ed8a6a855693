//! End-to-end test of `arbiter serve` in a real headless Chromium, driven over the W3C
//! WebDriver protocol (Debian `chromium` + `chromium-driver`), against SQLite and, when
//! `ARBITER_TEST_POSTGRES` is set, PostgreSQL.
//!
//! The browser logs in, creates an event and a Swiss section, enters a player by hand, uploads
//! a DSB `spieler.csv` in Windows-1252 with its `vereine.csv` and a FIDE rating list excerpt
//! (preview, then "register selected"; a UTF-16 file is refused with a message naming the file
//! and line, and nothing stored is lost), pairs and publishes three rounds, enters results (a
//! forfeit and the pairing-allocated byes among them), checks the standings page against
//! points computed here from the results entered and against the JSON API's tie-break values,
//! downloads the TRF-2026 export and parses it with `trf`, and uploads that file into a second
//! event. Fixtures: `crates/web/tests/data`. On failure a screenshot is written into the run's
//! temporary directory and its path printed.
//!
//! Browser paths: `ARBITER_CHROMIUM` (default `/usr/bin/chromium`) and `ARBITER_CHROMEDRIVER`
//! (default `/usr/bin/chromedriver`). With `CI` set, a missing browser fails the test.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// One HTTP/1.1 request with a JSON body; status and body (chunked answers decoded).
fn http(
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

fn dechunk(mut rest: &str) -> Result<String, String> {
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

fn get_json(addr: &str, path: &str) -> Value {
    let (status, body) = http(addr, "GET", path, None).unwrap();
    assert_eq!(status, 200, "GET {path}: {body}");
    serde_json::from_str(&body).unwrap()
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port")
}

/// A running `arbiter serve`, killed on drop.
struct Server {
    child: Child,
    addr: String,
    password: String,
}

impl Server {
    fn start(database: &str) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["serve", "--database", database, "--bind", "127.0.0.1:0"])
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
struct Browser {
    driver: Child,
    addr: String,
    session: String,
}

impl Browser {
    fn start(dir: &Path) -> Option<Browser> {
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
                json!({"implicit": 5000, "script": 20000, "pageLoad": 30000}),
            )
            .unwrap();
        Some(browser)
    }

    /// A WebDriver command on the session; the `value` of the answer or the error.
    fn cmd(&self, method: &str, path: &str, body: Value) -> Result<Value, String> {
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

    fn go(&self, url: &str) {
        self.cmd("POST", "url", json!({ "url": url })).unwrap();
    }

    fn find(&self, css: &str) -> String {
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

    fn click(&self, css: &str) {
        let e = self.find(css);
        self.cmd("POST", &format!("element/{e}/click"), json!({}))
            .unwrap_or_else(|err| panic!("click {css}: {err}"));
    }

    fn fill(&self, css: &str, text: &str) {
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

    /// Chooses a file in an `<input type="file">`.
    fn choose_file(&self, css: &str, path: &str) {
        let e = self.find(css);
        self.cmd(
            "POST",
            &format!("element/{e}/value"),
            json!({ "text": path }),
        )
        .unwrap_or_else(|err| panic!("choose {path} in {css}: {err}"));
    }

    fn text(&self, css: &str) -> String {
        let e = self.find(css);
        self.cmd("GET", &format!("element/{e}/text"), Value::Null)
            .unwrap_or_else(|err| panic!("text of {css}: {err}"))
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    fn js(&self, script: &str, args: Value) -> Value {
        self.cmd(
            "POST",
            "execute/sync",
            json!({"script": script, "args": args}),
        )
        .unwrap_or_else(|e| panic!("script {script}: {e}"))
    }

    fn url(&self) -> String {
        self.cmd("GET", "url", Value::Null)
            .unwrap()
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// Waits until the address ends with `suffix`.
    fn wait_url(&self, suffix: &str) {
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
    fn wait_js(&self, script: &str, what: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.js(script, json!([])) != json!(true) {
            assert!(Instant::now() < deadline, "timed out waiting for {what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Fetches a same-origin address from inside the page (with the page's cookies).
    fn fetch(&self, path: &str) -> String {
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

    fn screenshot(&self, to: &Path) -> Result<(), String> {
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

fn base64_decode(text: &str) -> Result<Vec<u8>, String> {
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

/// `2.5`, `2,5`, `2` or `2.0` in half-points.
fn half_points(text: &str) -> u32 {
    let text = text.trim().replace(',', ".");
    let (whole, frac) = text.split_once('.').unwrap_or((&text, "0"));
    let whole: u32 = whole.parse().unwrap_or_else(|_| panic!("points {text:?}"));
    match frac.trim_end_matches('0') {
        "" => 2 * whole,
        "5" => 2 * whole + 1,
        _ => panic!("points {text:?}"),
    }
}

/// The players entered by hand: last name, first name, rating, birth date, sex.
const PLAYERS: [(&str, &str, &str, &str, &str); 1] = [("Adler", "Anna", "1912", "2012-03-04", "w")];

/// The uploaded lists (in `crates/web/tests/data`) and the names they hold: three players in a
/// DSB `spieler.csv` (Windows-1252) with clubs from `vereine.csv`, three in a FIDE TXT excerpt.
const DSB_LIST: (&str, [&str; 3]) = (
    "spieler_cp1252.csv",
    ["Bäcker, Ben", "Cramer, Clara", "Dietz, Jürgen"],
);
const FIDE_LIST: (&str, [&str; 3]) = (
    "fide_excerpt.txt",
    ["Engel, Emil", "Fuchs, Frieda", "Graf, Gustav"],
);

/// Everyone in the section.
const TOTAL: usize = PLAYERS.len() + DSB_LIST.1.len() + FIDE_LIST.1.len();

/// A fixture of the web crate's upload tests.
fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../web/tests/data")
        .join(name);
    // chromedriver wants a canonical path for a file input.
    path.canonicalize()
        .unwrap_or_else(|e| panic!("fixture {}: {e}", path.display()))
        .display()
        .to_string()
}

/// Results by round, board by board (the bye row keeps the pairing-allocated bye).
const RESULTS: [[&str; 3]; 3] = [
    ["1-0", "+/-", "1/2-1/2"],
    ["0-1", "1-0", "1/2-1/2"],
    ["1/2-1/2", "-/+", "0-1"],
];

/// Half-points a result gives White and Black (forfeits as wins and losses, Art. 6.9).
fn score(result: &str) -> (u32, u32) {
    match result {
        "1-0" | "+/-" => (2, 0),
        "0-1" | "-/+" => (0, 2),
        "1/2-1/2" => (1, 1),
        other => panic!("unexpected result {other}"),
    }
}

/// The whole scenario on one server; `base` is `http://ADDR`.
fn scenario(b: &Browser, server: &Server, dir: &Path) {
    let base = format!("http://{}", server.addr);

    b.go(&format!("{base}/login?lang=en"));
    b.fill("#login-user", "admin");
    b.fill("#login-password", &server.password);
    b.click("#login-submit");
    assert_eq!(b.text("#current-user"), "admin");

    b.go(&format!("{base}/"));
    b.fill("#event-name", "Browser Open 2026");
    b.fill("#event-place", "Musterstadt");
    b.js(
        "document.getElementById('event-start').value = '2026-06-12';",
        json!([]),
    );
    b.click("#create-event");
    b.wait_js(
        "const t = document.getElementById('event-title'); return !!t && t.textContent === 'Browser Open 2026';",
        "the new event's page",
    );
    let event_url = b.url();

    b.fill("#section-name", "Open A");
    b.fill("#section-rounds", "3");
    b.fill("#section-tiebreaks", "BH/C1,BH,SB");
    b.click("#create-section");
    b.wait_js(
        "const t = document.getElementById('section-title'); return !!t && t.textContent === 'Open A';",
        "the new section's page",
    );
    let section_url = b.url();
    let section: i64 = section_url
        .rsplit('/')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("section address {section_url}"));

    for (i, (last, first, rating, birth, sex)) in PLAYERS.into_iter().enumerate() {
        b.fill("#player-last", last);
        b.fill("#player-first", first);
        b.fill("#player-rating", rating);
        b.fill("#player-fed", "GER");
        b.fill("#player-club", "SK Musterstadt");
        b.fill("#player-birth", birth);
        b.click(&format!("#player-sex option[value='{sex}']"));
        b.click("#add-player-submit");
        b.wait_js(
            &format!(
                "return document.querySelectorAll('#players tbody tr').length === {};",
                i + 1
            ),
            "the new player row",
        );
    }
    let count_rows = || {
        b.js(
            "return document.querySelectorAll('#players tbody tr').length;",
            json!([]),
        )
    };
    assert_eq!(count_rows(), json!(PLAYERS.len()), "players table");

    b.choose_file("#list-file", &fixture("spieler_utf16.csv"));
    b.click("#upload-submit");
    b.wait_js(
        "const f = document.getElementById('upload-fatal'); return !!f && f.textContent.includes('spieler_utf16.csv: line 1') && f.textContent.includes('expected UTF-8');",
        "the message naming the file and line of the UTF-16 list",
    );
    b.go(&section_url);
    assert_eq!(
        count_rows(),
        json!(PLAYERS.len()),
        "nothing stored, nothing lost"
    );

    let mut registered = PLAYERS.len();
    for (list, clubs, names, summary) in [
        (
            DSB_LIST,
            Some("vereine.csv"),
            DSB_LIST.1,
            "DSB spieler.csv v1, Windows-1252",
        ),
        (FIDE_LIST, None, FIDE_LIST.1, "FIDE rating list (TXT)"),
    ] {
        b.choose_file("#list-file", &fixture(list.0));
        if let Some(clubs) = clubs {
            b.choose_file("#clubs-file", &fixture(clubs));
        }
        b.click("#upload-submit");
        b.wait_js(
            "return !!document.getElementById('preview');",
            "the preview of the uploaded list",
        );
        assert!(b.text("#preview-summary").contains(summary), "{}", list.0);
        let preview = b.text("#preview");
        for name in names {
            assert!(preview.contains(name), "{name} in the preview: {preview}");
        }
        if clubs.is_some() {
            assert!(
                preview.contains("SK Musterstadt Süd"),
                "club names from vereine.csv"
            );
            assert!(preview.contains("passive DSB member"), "warning: {preview}");
        }
        b.click("#register-selected");
        registered += names.len();
        b.wait_js(
            &format!(
                "return document.querySelectorAll('#players tbody tr').length === {registered};"
            ),
            "the registered players",
        );
        let table = b.text("#players");
        for name in names {
            assert!(table.contains(name), "{name} registered: {table}");
        }
    }
    assert_eq!(registered, TOTAL);

    let mut expected: HashMap<i64, u32> = HashMap::new();
    let mut byes = 0;
    let mut forfeits = 0;
    for (n, results) in RESULTS.iter().enumerate() {
        let n = n + 1;
        b.go(&section_url);
        b.click("#pair-next");
        b.wait_url(&format!("/sections/{section}/rounds/{n}"));
        assert!(b.text("#preview-note").len() > 1, "round {n} is a preview");
        b.click("#publish");
        b.wait_js(
            "return !document.getElementById('preview-note') && !!document.getElementById('pairings');",
            "the published round",
        );
        let round = get_json(&server.addr, &format!("/api/sections/{section}/rounds/{n}"));
        assert_eq!(round["published"], json!(true), "round {n}: {round}");
        let boards = round["boards"].as_array().expect("boards");
        assert_eq!(boards.len(), 4, "round {n}: three games and a bye");
        let mut games = 0;
        for g in boards {
            let board = g["board"].as_i64().expect("board");
            let white = g["white"].as_i64().expect("white");
            let result = match g["black"].as_i64() {
                Some(black) => {
                    let result = results[games];
                    games += 1;
                    let (w, bl) = score(result);
                    *expected.entry(white).or_default() += w;
                    *expected.entry(black).or_default() += bl;
                    forfeits += usize::from(result.contains('+'));
                    result
                }
                None => {
                    byes += 1;
                    *expected.entry(white).or_default() += 2;
                    "bye"
                }
            };
            b.click(&format!("#result-{board} option[value='{result}']"));
            b.click(&format!("#save-{board}"));
            assert!(
                !b.text(&format!("#status-{board}.ok")).is_empty(),
                "round {n} board {board}: saved"
            );
        }
        let round = get_json(&server.addr, &format!("/api/sections/{section}/rounds/{n}"));
        let entered: Vec<&str> = round["boards"]
            .as_array()
            .expect("boards")
            .iter()
            .filter(|g| !g["black"].is_null())
            .filter_map(|g| g["result"].as_str())
            .collect();
        assert_eq!(entered, results, "round {n}: results stored");
    }
    assert_eq!((byes, forfeits), (3, 2));

    let api = get_json(&server.addr, &format!("/api/sections/{section}/standings"));
    assert_eq!(api["rounds_complete"], json!(3), "{api}");
    let api_rows = api["standings"]["rows"].as_array().expect("rows");
    b.go(&format!("{section_url}/standings"));
    let header = b.js(
        "return [...document.querySelectorAll('#standings thead th')].map(c => c.textContent.trim());",
        json!([]),
    );
    let header: Vec<String> = serde_json::from_value(header).unwrap();
    assert_eq!(&header[4..], ["BH/C1", "BH", "SB"], "tie-break columns");
    assert_eq!(api["standings"]["tiebreaks"], json!(["BH/C1", "BH", "SB"]));
    let cells = b.js(
        "return [...document.querySelectorAll('#standings tbody tr')].map(tr => [...tr.cells].map(c => c.textContent.trim()));",
        json!([]),
    );
    let cells: Vec<Vec<String>> = serde_json::from_value(cells).unwrap();
    assert_eq!(cells.len(), TOTAL, "standings rows");
    assert_eq!(
        expected.values().sum::<u32>(),
        2 * 3 * 4,
        "3 games + 1 bye per round"
    );
    let mut last = u32::MAX;
    for (row, api_row) in cells.iter().zip(api_rows) {
        let player = api_row["player"].as_i64().expect("player id");
        assert_eq!(row[0], api_row["rank"].to_string(), "rank {row:?}");
        assert_eq!(row[1], api_row["tpn"].to_string(), "number {row:?}");
        assert_eq!(row[2], api_row["name"].as_str().unwrap_or_default());
        let points = half_points(&row[3]);
        assert_eq!(points, expected[&player], "points of {}", row[2]);
        assert!(points <= last, "standings ordered by points: {cells:?}");
        last = points;
        let values: Vec<String> = api_row["values"]
            .as_array()
            .expect("values")
            .iter()
            .map(|v| v.as_str().unwrap_or_default().to_owned())
            .collect();
        assert_eq!(row[4..], values, "tie-breaks of {}", row[2]);
        assert!(values.iter().all(|v| !v.is_empty()), "{row:?}");
    }
    let winner = api_rows[0]["player"].as_i64().expect("player id");
    b.go(&format!("{section_url}/standings?player={winner}"));
    assert!(
        b.text("#breakdown")
            .contains(api_rows[0]["name"].as_str().unwrap_or("?"))
    );

    b.go(&format!("{section_url}/crosstable"));
    assert!(b.text("#crosstable").contains("Adler"));

    let trf_text = b.fetch(&format!("/sections/{section}/export.trf"));
    let trf = trf::Tournament::parse(&trf_text)
        .unwrap_or_else(|e| panic!("TRF export does not parse: {e}\n{trf_text}"));
    assert_eq!(trf.rounds_played(), 3, "{trf_text}");
    let tpn: HashMap<u32, i64> = api_rows
        .iter()
        .filter_map(|r| Some((r["tpn"].as_u64()? as u32, r["player"].as_i64()?)))
        .collect();
    assert_eq!(trf.players().count(), TOTAL);
    for p in trf.players() {
        let points = p
            .points
            .unwrap_or_else(|| panic!("no points for {}", p.person.name));
        let player = tpn[&u32::from(p.number())];
        assert_eq!(
            half_points(&points.to_string()),
            expected[&player],
            "TRF points of {}",
            p.person.name
        );
    }

    b.go(&event_url);
    b.js(
        "document.getElementById('trf-text').value = arguments[0];",
        json!(["012 broken\n001 this is not a player line\n"]),
    );
    b.click("#import-submit");
    b.wait_js(
        "return document.body.innerText.includes('TRF: line');",
        "the message naming the line of the broken TRF",
    );

    b.go(&format!("{base}/"));
    b.fill("#event-name", "Continued elsewhere");
    b.js(
        "document.getElementById('event-start').value = '2026-06-13';",
        json!([]),
    );
    b.click("#create-event");
    b.wait_js(
        "const t = document.getElementById('event-title'); return !!t && t.textContent === 'Continued elsewhere';",
        "the second event's page",
    );
    let trf_file = dir.join("exported.trf");
    std::fs::write(&trf_file, &trf_text).unwrap();
    b.choose_file("#trf-file", &trf_file.display().to_string());
    b.click("#import-file-submit");
    b.wait_js(
        "return location.pathname.startsWith('/sections/') && !!document.getElementById('players');",
        "the imported section",
    );
    assert_ne!(b.url(), section_url);
    let rows = b.js(
        "return document.querySelectorAll('#players tbody tr').length;",
        json!([]),
    );
    assert_eq!(rows, json!(TOTAL), "imported players");
    b.click("#link-standings");
    b.wait_js(
        "return !!document.getElementById('standings');",
        "the imported standings",
    );
    let imported_cells = b.js(
        "return [...document.querySelectorAll('#standings tbody tr')].map(tr => [...tr.cells].map(c => c.textContent.trim()));",
        json!([]),
    );
    let imported_cells: Vec<Vec<String>> = serde_json::from_value(imported_cells).unwrap();
    let points = |c: &[Vec<String>]| -> Vec<(String, String)> {
        let mut v: Vec<_> = c.iter().map(|r| (r[2].clone(), r[3].clone())).collect();
        v.sort();
        v
    };
    assert_eq!(
        points(&imported_cells),
        points(&cells),
        "imported standings"
    );
}

/// Runs the scenario on a fresh server; keeps the directory and a screenshot on failure.
fn run(label: &str, database: impl FnOnce(&Path) -> String) {
    let dir = std::env::temp_dir().join(format!("arbiter_browser_{label}_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let Some(browser) = Browser::start(&dir) else {
        return;
    };
    let server = Server::start(&database(&dir));
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

#[test]
fn browser_event_on_sqlite() {
    run("sqlite", |dir| {
        format!("sqlite://{}", dir.join("arbiter.db").display())
    });
}

#[test]
fn browser_event_on_postgres() {
    let url = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(store::testing::fresh_postgres_schema("browser"))
        .expect("PostgreSQL for the browser test");
    let Some(url) = url else { return };
    run("postgres", |_: &Path| url.clone());
}
