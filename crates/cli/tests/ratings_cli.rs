//! `arbiter berger` and `arbiter rating`: first line, JSON and errors.

use std::process::{Command, Output};

fn arbiter(args: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args.split_whitespace())
        .output()
        .expect("arbiter runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn rating_elo_prints_the_new_rating_first() {
    let o = arbiter(
        "rating elo --rating 1794 --k 40 2073=1 1938=0.5 1847=0 1986=0 2115=0 1902=0.5 1831=0.5",
    );
    assert!(o.status.success());
    let out = stdout(&o);
    assert_eq!(out.lines().next(), Some("1811"));
    assert!(out.contains("expected 2.08"), "{out}");
    let o = arbiter(
        "rating elo --rating 1611 --games 22 --age 17 --json 1773=1 1976=1 1818=1 1882=1 1886=0.5 1968=0",
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["new_rating"], 1748);
    assert_eq!(v["k"], 40);
}

#[test]
fn rating_elo_newcomer() {
    let o = arbiter("rating elo --rating 0 1900=1 1900=1 1900=1 1900=0 1907=0");
    assert_eq!(stdout(&o).lines().next(), Some("1922"));
    let o = arbiter("rating elo --rating 0 1800=1 1800=0");
    assert_eq!(stdout(&o).lines().next(), Some("unrated"));
}

#[test]
fn rating_dwz_chooses_the_edition_by_end_date() {
    let games = "1432=1 1806=0 1808=1 1877=0.5 1772=0.5";
    let old = arbiter(&format!(
        "rating dwz --dwz 1896 --index 21 --age 26 --end-date 2025-05-01 {games}"
    ));
    assert_eq!(stdout(&old).lines().next(), Some("1886"));
    let new = arbiter(&format!(
        "rating dwz --dwz 1896 --index 21 --age 26 --end-date 2026-06-08 --json {games}"
    ));
    let v: serde_json::Value = serde_json::from_str(&stdout(&new)).unwrap();
    assert_eq!(v["edition"], "2026");
    assert_eq!(v["new_dwz"], 1885);
    assert_eq!(v["factors"]["k"], 28.0);
    let first = arbiter("rating dwz --dwz 0 --edition 2014 1500=1 1500=0 1500=1 1500=0 1500=0.5");
    assert_eq!(stdout(&first).lines().next(), Some("1500"));
}

#[test]
fn berger_prints_the_table() {
    let o = arbiter("berger 6");
    assert_eq!(stdout(&o).lines().nth(2), Some("Round 3: 2-6 3-1 4-5"));
    let o = arbiter("berger 3 --double --json");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["rounds"].as_array().unwrap().len(), 6);
    assert_eq!(v["cycles"], 2);
}

#[test]
fn bad_arguments_are_errors_not_panics() {
    for args in [
        "berger 2",
        "berger 40",
        "berger 8 --varma",
        "rating elo --rating 1794 2073=1",
        "rating elo --rating 1794 --k 40 2073=1.5",
        "rating elo --rating 1794 --k 0 2073=1",
        "rating elo --rating 1794 --k 40 2073",
        "rating dwz --dwz 1500 --index 3 --age 30 1500=1",
        "rating dwz --dwz 1500 --age 30 --end-date 2025-01-01 1500=1",
        "rating dwz --dwz 1500 --index 3 --age 30 --end-date 2025-13-01 1500=1",
    ] {
        let o = arbiter(args);
        assert!(!o.status.success(), "{args}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("panicked"), "{args}: {err}");
        assert!(!err.is_empty(), "{args}");
    }
}
