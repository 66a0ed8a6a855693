//! `arbiter backup`, `arbiter restore` and `arbiter archive` as a director runs them: a backup
//! of a running server's database, restored beside it, serves at once (`arbiter serve
//! --database sqlite://COPY`); an existing file is replaced only with `--force`; an event
//! moves between databases as an archive.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};

/// A running server, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        self.0.kill().ok();
        self.0.wait().ok();
    }
}

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("run arbiter")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Starts `arbiter serve --demo` on `db`; the server and its address.
fn serve(db: &str) -> (Server, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--demo", "--database", db, "--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start arbiter serve");
    let out = child.stdout.take().unwrap();
    let server = Server(child);
    let addr = BufReader::new(out)
        .lines()
        .map_while(Result::ok)
        .find_map(|l| l.strip_prefix("listening on http://").map(str::to_owned))
        .expect("arbiter serve prints its address");
    (server, addr)
}

/// `GET path`: status line and body.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn h17_03_backup_of_a_running_server_restores_and_serves() {
    let dir = std::env::temp_dir().join(format!("arbiter_h17_03_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let live = format!("sqlite://{}", dir.join("live.db").display());
    let out = dir.join("backup.db");
    let out_s = out.to_str().unwrap();
    let (server, addr) = serve(&live);
    assert!(get(&addr, "/").contains("Rheinland-Pfalz"));
    let made = arbiter(&["backup", "--database", &live, out_s]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let again = arbiter(&["backup", "--database", &live, out_s]);
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("--force"),
        "{}",
        text(&again.stderr)
    );
    let forced = arbiter(&["backup", "--database", &live, "--force", out_s]);
    assert!(forced.status.success(), "{}", text(&forced.stderr));
    drop(server);

    let copy = format!("sqlite://{}", dir.join("copy.db").display());
    let restored = arbiter(&["restore", out_s, "--database", &copy]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let refused = arbiter(&["restore", out_s, "--database", &copy]);
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("--force"));
    assert!(
        arbiter(&["restore", out_s, "--database", &copy, "--force"])
            .status
            .success()
    );
    // Plain start on the copy (`--demo` loads nothing into a database with events).
    let (_server, addr) = serve(&format!("sqlite://{out_s}"));
    let page = get(&addr, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("Rheinland-Pfalz"));

    let archive = dir.join("event.json.gz");
    let archive_s = archive.to_str().unwrap();
    let export = arbiter(&[
        "archive",
        "export",
        "--database",
        &copy,
        "--event",
        "1",
        archive_s,
    ]);
    assert!(export.status.success(), "{}", text(&export.stderr));
    let other = format!("sqlite://{}", dir.join("other.db").display());
    let import = arbiter(&["archive", "import", "--database", &other, archive_s]);
    assert!(import.status.success(), "{}", text(&import.stderr));
    assert_eq!(text(&import.stdout).trim(), "1");
    let import = arbiter(&["archive", "import", "--database", &other, archive_s]);
    assert_eq!(
        text(&import.stdout).trim(),
        "2",
        "a second import is a new event"
    );
    std::fs::remove_dir_all(&dir).ok();
}
