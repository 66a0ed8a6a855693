//! Issue #20: game logs written from the text of the Laws (2023, with the 2018 arbiter
//! commentary), one file per case in `tests/data/logs/`. Each log is an `arbiter replay` log
//! whose comment lines (`#`) cite the sentence that decides it and state what the Laws
//! require:
//!
//! - `#= KIND ARTICLE | KIND ARTICLE ...` after an event line: the rulings of that event, in
//!   order (several `#=` lines add up); an event line without `#=` must give no ruling;
//! - `#final {...}`: fields of the final state (`laws::replay::Final`: `fen`, `white_ms`,
//!   `black_ms`, `illegal_moves`, `result`, `result_article`, ...) that must match.
//!
//! KIND is the ruling's variant with the detail that decides the case: `GameEnded(1-0)`,
//! `MustMove(c3d4,e2e4)` (the allowed moves, sorted UCI; `MustMove(any)` when every legal move is), `Clock.TimeExceeded`,
//! `ClaimRejected.Incorrect`, `DecisionRequired.LateArrival(loss,play_on)` (the question and the
//! options), `Decided(loss)`, `WrittenMoveBinding(g1f3)`; every other ruling by its variant.
//! `tests/data/logs/README.md` lists the logs by article; this test checks that every log is
//! listed there and that every area has at least eight.
#![cfg(feature = "replay")]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use laws::arbiter::{Choice, Cited, Ruling};
use laws::position::lawful_moves;
use laws::replay::{LineError, LogLine, Report};
use shakmaty::{CastlingMode, Position};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/logs")
}

fn logs() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    v.sort();
    v
}

fn first_word(debug: &str) -> &str {
    let end = debug
        .find(|c: char| !c.is_alphanumeric() && c != '_')
        .unwrap_or(debug.len());
    &debug[..end]
}

fn choice_name(c: &Choice) -> &'static str {
    Choice::NAMED
        .iter()
        .find(|(_, n)| n == c)
        .map_or("?", |(name, _)| name)
}

/// The kind of a ruling as the logs write it; moves in UCI of the game's castling mode
/// (Chess960 castling as king takes rook).
fn kind(r: &Ruling, mode: CastlingMode) -> String {
    let uci = |m: &shakmaty::Move| m.to_uci(mode).to_string();
    match r {
        Ruling::Clock(c) => format!("Clock.{}", first_word(&format!("{c:?}"))),
        Ruling::GameEnded(s) => format!("GameEnded({s})"),
        Ruling::MustMove { allowed, .. } => {
            let mut v: Vec<String> = allowed.iter().map(uci).collect();
            v.sort();
            format!("MustMove({})", v.join(","))
        }
        Ruling::ClaimRejected { failure, .. } => format!("ClaimRejected.{failure:?}"),
        Ruling::DecisionRequired { question, options } => format!(
            "DecisionRequired.{}({})",
            first_word(&format!("{question:?}")),
            options
                .iter()
                .map(choice_name)
                .collect::<Vec<_>>()
                .join(",")
        ),
        Ruling::Decided(c) => format!("Decided({})", choice_name(c)),
        Ruling::WrittenMoveBinding { mv, .. } => format!("WrittenMoveBinding({})", uci(mv)),
        other => first_word(&format!("{other:?}")).to_owned(),
    }
}

fn cited(c: &Cited, mode: CastlingMode) -> String {
    format!("{} {}", kind(&c.ruling, mode), c.article.as_str())
}

fn mode(report: &Report) -> CastlingMode {
    report.arbiter.game().position().castles().mode()
}

/// Replays a log event by event: the report and each event line's rulings as the logs write
/// them. A `MustMove` that allows every legal move of the position is written `MustMove(any)`.
fn run(text: &str) -> Result<(Report, BTreeMap<usize, Vec<String>>), LineError> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| LogLine::new(i + 1, l))
        .filter(|l| !l.is_blank_or_comment());
    let first = lines.next().ok_or_else(|| LineError {
        line: 1,
        column: 1,
        message: "empty log".into(),
        refused: None,
    })?;
    let mut report = Report::start(first, None)?;
    let mut got = BTreeMap::new();
    for line in lines {
        let (number, rulings) = match report.step(line) {
            Ok(step) => (step.line, step.rulings.clone()),
            Err(e) => {
                report.refused = Some(e);
                break;
            }
        };
        let mode = mode(&report);
        let mut legal: Vec<String> = lawful_moves(report.arbiter.board_position())
            .iter()
            .map(|m| m.to_uci(mode).to_string())
            .collect();
        legal.sort();
        let texts = rulings
            .iter()
            .map(|c| {
                let text = cited(c, mode);
                match &c.ruling {
                    Ruling::MustMove { allowed, .. } if !allowed.is_empty() => {
                        let mut v: Vec<String> =
                            allowed.iter().map(|m| m.to_uci(mode).to_string()).collect();
                        v.sort();
                        if v == legal {
                            format!("MustMove(any) {}", c.article.as_str())
                        } else {
                            text
                        }
                    }
                    _ => text,
                }
            })
            .collect();
        got.insert(number, texts);
    }
    Ok((report, got))
}

/// What a log expects: rulings by event line, and final fields.
struct Expectation {
    rulings: BTreeMap<usize, Vec<String>>,
    events: Vec<usize>,
    final_fields: serde_json::Map<String, serde_json::Value>,
    quotes: usize,
}

fn expectation(text: &str) -> Result<Expectation, String> {
    let mut e = Expectation {
        rulings: BTreeMap::new(),
        events: Vec::new(),
        final_fields: serde_json::Map::new(),
        quotes: 0,
    };
    let mut header_seen = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if let Some(rest) = line.strip_prefix("#=") {
            let last = *e
                .events
                .last()
                .ok_or_else(|| format!("line {}: `#=` before any event", i + 1))?;
            let list = e.rulings.entry(last).or_default();
            list.extend(rest.split(" | ").map(|t| t.trim().to_owned()));
        } else if let Some(rest) = line.strip_prefix("#final") {
            let v: serde_json::Value =
                serde_json::from_str(rest).map_err(|x| format!("line {}: {x}", i + 1))?;
            let serde_json::Value::Object(map) = v else {
                return Err(format!("line {}: #final needs an object", i + 1));
            };
            e.final_fields.extend(map);
        } else if line.starts_with('#') {
            if line.contains('"') || line.contains('„') || line.contains('“') {
                e.quotes += 1;
            }
        } else if !line.is_empty() {
            if header_seen {
                e.events.push(i + 1);
            }
            header_seen = true;
        }
    }
    Ok(e)
}

/// Replays one log; the differences from its expectation, empty when it agrees.
fn check(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut problems = Vec::new();
    let exp = match expectation(&text) {
        Ok(e) => e,
        Err(m) => return vec![m],
    };
    if exp.quotes == 0 {
        problems.push("no comment quotes the Laws".into());
    }
    if exp.final_fields.is_empty() {
        problems.push("no #final expectation".into());
    }
    let (report, got) = match run(&text) {
        Ok(r) => r,
        Err(e) => return vec![format!("header refused: {e}")],
    };
    if let Some(e) = &report.refused {
        problems.push(format!("line refused: {e}"));
    }
    for &line in &exp.events {
        let want = exp.rulings.get(&line).cloned().unwrap_or_default();
        let have = got.get(&line).cloned().unwrap_or_default();
        if want != have {
            problems.push(format!(
                "line {line}: expected [{}]\n           got      [{}]",
                want.join(" | "),
                have.join(" | ")
            ));
        }
    }
    let fin = serde_json::to_value(report.final_state()).unwrap();
    for (k, want) in &exp.final_fields {
        let have = fin.get(k).cloned().unwrap_or(serde_json::Value::Null);
        if &have != want {
            problems.push(format!("final {k}: expected {want}, got {have}"));
        }
    }
    problems
}

/// The rulings and final state of a log in the syntax of the expectations, for writing and
/// reviewing logs: `ARBITER_LOGS_SHOW=NAME cargo test -p laws --features replay --test logs`.
fn show(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = String::new();
    match run(&text) {
        Ok((report, got)) => {
            for (line, rulings) in got.iter().filter(|(_, r)| !r.is_empty()) {
                writeln!(out, "{line:>4} #= {}", rulings.join(" | ")).unwrap();
            }
            if let Some(e) = &report.refused {
                writeln!(out, "refused {e}").unwrap();
            }
            writeln!(
                out,
                "#final {}",
                serde_json::to_string(&report.final_state()).unwrap()
            )
            .unwrap();
        }
        Err(e) => writeln!(out, "header refused {e}").unwrap(),
    }
    out
}

#[test]
fn every_log_replays_as_the_laws_require() {
    let show_name = std::env::var("ARBITER_LOGS_SHOW").ok();
    let all = logs();
    let mut failures = Vec::new();
    for path in &all {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if show_name
            .as_ref()
            .is_some_and(|s| name.contains(s.as_str()))
        {
            eprintln!("== {name}\n{}", show(path));
        }
        let problems = check(path);
        if !problems.is_empty() {
            failures.push(format!("{name}:\n  {}", problems.join("\n  ")));
        }
    }
    assert!(all.len() >= 100, "only {} logs", all.len());
    assert!(
        failures.is_empty(),
        "{} of {} logs disagree:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// The areas issue #20 asks for, by file-name prefix, each with at least eight logs; the
/// README table lists every log.
#[test]
fn every_area_has_eight_logs_and_the_table_lists_them_all() {
    let names: Vec<String> = logs()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for area in [
        "art04",
        "art06",
        "art07",
        "art09",
        "art11",
        "art12",
        "appA",
        "appB",
        "guideI_",
        "guideII_",
        "guideIII_",
    ] {
        let n = names.iter().filter(|n| n.starts_with(area)).count();
        assert!(n >= 8, "{area}: {n} logs");
    }
    let table = std::fs::read_to_string(dir().join("README.md")).unwrap();
    for n in &names {
        let stem = n.trim_end_matches(".jsonl");
        assert!(
            table.contains(stem),
            "{stem} is missing from tests/data/logs/README.md"
        );
    }
}

/// The expectation syntax itself: a log whose `#=` does not match fails, so the test can fail.
#[test]
fn a_wrong_expectation_is_reported() {
    let dir = std::env::temp_dir().join(format!("laws-logs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wrong.jsonl");
    std::fs::write(
        &path,
        r#"# Art. 6.9: "... hat seine Partie verloren" (a wrong expectation on purpose)
{"time_control": "60"}
{"at_ms": 0, "event": "start_clock"}
#= Clock.Started Art. 6.6
{"at_ms": 70000, "event": "observe_flags"}
#final {"result": "1-0"}
"#,
    )
    .unwrap();
    let problems = check(&path);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        problems.iter().any(|p| p.starts_with("line 3:")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.starts_with("line 5:")),
        "{problems:?}"
    );
    assert!(
        problems.iter().any(|p| p.starts_with("final result")),
        "{problems:?}"
    );
}
