//! `arbiter replay` as a user runs it.

use std::path::PathBuf;
use std::process::Command;

fn example() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/replay-blitz.jsonl")
}

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("replay")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn sample_game_prints_rulings_and_result() {
    let path = example();
    let (code, out, _) = arbiter(&[path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        out.contains("1:00 added to black — Appendix A.3 (FIDE 2023)"),
        "{out}"
    );
    assert!(out.contains("black's claim fails: the claim is incorrect — Art. 9.5.2"));
    assert!(out.ends_with("result: 1-0 (Appendix A.5.3)\n"), "{out}");
}

#[test]
fn profile_2018_gives_blitz_one_minute_under_b_2() {
    let path = example();
    let (code, out, _) = arbiter(&[path.to_str().unwrap(), "--profile", "fide-2018", "--json"]);
    assert_eq!(code, 0);
    assert!(out.contains(r#""article":"Appendix B.2 (2018)""#), "{out}");
    let last = out.lines().last().unwrap();
    assert!(last.contains(r#""result":"1-0""#) && last.contains(r#""profile":"fide-2018""#));
}

#[test]
fn bad_input_is_an_error_with_the_line() {
    let dir = std::env::temp_dir().join(format!("arbiter-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("bad.jsonl");
    std::fs::write(
        &log,
        "{\"time_control\": \"300+2\"}\n{\"at_ms\": 0, \"event\": \"start_clock\"}\n{\"at_ms\": 9, \"event\": \"move\", \"move\": \"e5\"}\n",
    )
    .unwrap();
    let (code, out, err) = arbiter(&[log.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("bad.jsonl:3:1: move \"e5\""), "{err}");
    let (code, _, err) = arbiter(&[log.to_str().unwrap(), "--profile", "uscf"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown profile"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn h20_06_a_refused_event_prints_the_rulings_before_it() {
    let dir = std::env::temp_dir().join(format!("arbiter-replay-h20-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("refused.jsonl");
    std::fs::write(
        &log,
        "{\"time_control\": \"180+2\"}\n{\"at_ms\": 0, \"event\": \"start_clock\"}\n{\"at_ms\": 1000, \"event\": \"move\", \"move\": \"e1e3\"}\n{\"at_ms\": 1000, \"event\": \"press\", \"by\": \"white\"}\n{\"at_ms\": 2000, \"event\": \"claim_illegal_move\", \"by\": \"black\"}\n{\"at_ms\": 3000, \"event\": \"decision\", \"choice\": \"grant\"}\n",
    )
    .unwrap();
    for json in [false, true] {
        let mut args = vec![log.to_str().unwrap()];
        if json {
            args.push("--json");
        }
        let (code, out, err) = arbiter(&args);
        assert_eq!(code, 2);
        assert!(
            err.contains("refused.jsonl:6:1: no arbiter decision is pending"),
            "{err}"
        );
        assert!(out.contains("Appendix A.3"), "{out}");
        assert!(!out.contains("result"), "{out}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
