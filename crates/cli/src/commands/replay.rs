//! `arbiter replay EVENTS.jsonl [--profile P] [--json]`: follow a game event by
//! event with the rules engine (`laws::arbiter`) and print every ruling with
//! its article, then the final state and result.
//!
//! The log is JSON lines, read by `laws::replay` (its documentation describes the format):
//! a header line, e.g. `{"start": "startpos", "time_control": "5400+30", "profile": "fide-2023"}`,
//! then one event per line with its time in milliseconds, e.g.
//! `{"at_ms": 5000, "event": "move", "by": "white", "move": "e4"}`; the
//! laws crate README ("Board actions and rulings") lists all actions.

use std::process::ExitCode;

use laws::edition::Profile;
use laws::replay::{Report, decode, replay_partial};
#[cfg(test)]
use laws::replay::{replay, replay_bytes};
use shakmaty::Color;
#[cfg(test)]
use shakmaty::Square;

#[derive(clap::Args)]
pub struct Args {
    /// The event log, one JSON object per line.
    events: std::path::PathBuf,
    /// Rules profile, overriding the log's: fide-2023, fide-2018, sjrp-u8-u12, sjrp-u14-u18,
    /// sjrp-u20 (legacy `sjrp` = sjrp-u8-u12).
    #[arg(long)]
    profile: Option<String>,
    /// Print JSON lines instead of text.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> ExitCode {
    let name = args.events.display().to_string();
    let bytes = match std::fs::read(&args.events) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("arbiter replay: {name}: {e}");
            return ExitCode::from(2);
        }
    };
    let profile = match args
        .profile
        .as_deref()
        .map(str::parse::<Profile>)
        .transpose()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("arbiter replay: {e}");
            return ExitCode::from(2);
        }
    };
    match decode(&bytes).and_then(|text| replay_partial(text, profile)) {
        Ok(report) => {
            if let Some(e) = &report.refused {
                // Every ruling up to the refused line, then the refusal.
                print_rulings(&report, args.json);
                eprintln!("arbiter replay: {name}:{e}");
                return ExitCode::from(2);
            }
            if args.json {
                print_json(&report);
            } else {
                print_text(&report);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter replay: {name}:{e}");
            ExitCode::from(2)
        }
    }
}

fn clock_text(ms: u64) -> String {
    laws::clock::Seconds(ms).to_string()
}

fn print_text(report: &Report) {
    println!(
        "profile {} ({}), {} game",
        report.profile,
        report.profile.edition,
        report.arbiter.game_type()
    );
    print_rulings(report, false);
    let a = &report.arbiter;
    println!("final position: {}", a.game().fen());
    for color in Color::ALL {
        println!(
            "{color}: clock {}, illegal moves {}",
            clock_text(a.clock().remaining(color, report.last_ms)),
            a.illegal_moves(color)
        );
    }
    for (against, penalty) in a.penalties() {
        println!(
            "penalty against {against}: {penalty} ({})",
            penalty.article()
        );
    }
    match a.result() {
        Some((result, article)) => println!("result: {result} ({article})"),
        None if a.annulled() => println!("result: annulled, new game"),
        None => println!("result: game in progress"),
    }
}

/// One line per ruling, as text or JSON.
fn print_rulings(report: &Report, json: bool) {
    for step in &report.steps {
        for c in &step.rulings {
            if json {
                let mut value = serde_json::json!({ "line": step.line, "at_ms": step.at_ms });
                if let (Some(line), serde_json::Value::Object(ruling)) =
                    (value.as_object_mut(), serde_json::json!(c))
                {
                    line.extend(ruling);
                }
                println!("{value}");
            } else {
                let at = clock_text(step.at_ms);
                println!("line {:>3} at {at:>9}: {c}", step.line);
            }
        }
    }
}

fn print_json(report: &Report) {
    print_rulings(report, true);
    let value = serde_json::json!({ "final": report.final_state() });
    println!("{value}");
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = include_str!("../../../../examples/replay-blitz.jsonl");

    #[test]
    fn sample_log_replays_to_a_flag_fall() {
        let report = replay(SAMPLE, None).unwrap();
        let a = &report.arbiter;
        assert_eq!(a.illegal_moves(Color::White), 1);
        let (result, article) = a.result().unwrap();
        assert_eq!(result.to_string(), "1-0");
        assert_eq!(article.as_str(), "Appendix A.5.3");
        let articles: Vec<&str> = report
            .steps
            .iter()
            .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
            .collect();
        assert!(articles.contains(&"Art. 7.5.1"));
        assert!(articles.contains(&"Appendix A.3"));
        assert!(articles.contains(&"Art. 9.5.2"));
    }

    #[test]
    fn profile_override_changes_the_rules() {
        let report = replay(SAMPLE, Some(Profile::FIDE_2018)).unwrap();
        assert_eq!(
            report.arbiter.profile().edition,
            laws::edition::Edition::Fide2018
        );
    }

    #[test]
    fn quickplay_finish_applies_only_when_announced() {
        let claim = r#"{"at_ms": 0, "event": "start_clock"}
{"at_ms": 5340000, "event": "quickplay_claim", "by": "white"}"#;
        for (announced, asked) in [("", true), (r#", "quickplay_finish": false"#, false)] {
            let log = format!("{{\"time_control\": \"5400\"{announced}}}\n{claim}");
            let report = replay(&log, None).unwrap();
            assert_eq!(report.arbiter.question().is_some(), asked, "{announced}");
        }
    }

    #[test]
    fn touch_move_claim_takes_the_move_back() {
        let log = r#"{"time_control": "5400+30"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "by": "white", "move": "d4"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "claim_touch_move", "by": "black", "square": "g1"}"#;
        let report = replay(log, None).unwrap();
        assert_eq!(report.arbiter.game().ply(), 0);
        assert!(
            report
                .arbiter
                .allowed_moves()
                .iter()
                .all(|m| m.from() == Some(Square::G1))
        );
    }

    #[test]
    fn bad_logs_name_the_line() {
        let header = r#"{"time_control": "300+2"}"#;
        for (log, line) in [
            ("", 1),
            ("{", 1),
            (r#"{"time_control": "5x"}"#, 1),
            (r#"{"time_control": "300", "profile": "uscf"}"#, 1),
            (
                &format!("{header}\n{{\"at_ms\": 0, \"event\": \"dance\"}}"),
                2,
            ),
            (
                &format!("{header}\n\n{{\"at_ms\": 0, \"event\": \"move\", \"move\": \"Zz9\"}}"),
                3,
            ),
            (
                &format!(
                    "{header}\n{{\"at_ms\": 5, \"event\": \"start_clock\"}}\n{{\"at_ms\": 1, \"event\": \"press\", \"by\": \"white\"}}"
                ),
                3,
            ),
        ] {
            let e = replay(log, None)
                .err()
                .unwrap_or_else(|| panic!("accepted {log:?}"));
            assert_eq!(e.line, line, "{log:?}: {e}");
        }
    }

    /// The articles of all rulings of a report, in order.
    fn articles(report: &Report) -> Vec<&'static str> {
        report
            .steps
            .iter()
            .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
            .collect()
    }

    #[test]
    fn h20_06_answering_an_offer_that_is_not_open_has_no_effect() {
        // Art. 9.1.2.1: Black's touch closed White's offer; the late acceptance is no agreement.
        let log = r#"{"time_control": "5400+30"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "move": "e4"}
{"at_ms": 1000, "event": "offer_draw", "by": "white"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "touch", "by": "black", "square": "e7"}
{"at_ms": 3000, "event": "accept_draw", "by": "black"}
{"at_ms": 3000, "event": "decline_draw", "by": "white"}
{"at_ms": 4000, "event": "move", "move": "e5"}"#;
        let report = replay(log, None).unwrap();
        assert!(report.arbiter.result().is_none());
        assert_eq!(report.arbiter.game().ply(), 2);
        let last: Vec<String> = report.steps[5..7]
            .iter()
            .flat_map(|s| s.rulings.iter().map(|c| format!("{c}")))
            .collect();
        assert_eq!(
            last,
            [
                "no draw offer open for black to answer; no effect — Art. 9.1.2.1 (FIDE 2023)",
                "no draw offer open for white to answer; no effect — Art. 9.1.2.1 (FIDE 2023)"
            ]
        );
    }

    #[test]
    fn h20_06_a_refused_line_keeps_every_ruling_before_it() {
        let log = r#"{"time_control": "180+2"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "move": "e1e3"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "claim_illegal_move", "by": "black"}
{"at_ms": 1500, "event": "move", "move": "e4"}
{"at_ms": 3000, "event": "move", "move": "e4"}"#;
        let report = laws::replay::replay_partial(log, None).unwrap();
        let refused = report.refused.as_ref().expect("line 6 goes back in time");
        assert_eq!(refused.line, 6);
        assert_eq!(report.steps.len(), 4);
        assert!(articles(&report).contains(&"Appendix A.3"));
        // `replay` keeps refusing the whole log.
        assert_eq!(replay(log, None).err().map(|e| e.line), Some(6));
    }

    #[test]
    fn h20_06_header_default_time_for_every_profile() {
        // Art. 6.7.1: "Das Turnierreglement legt im Voraus die Wartezeit fest."
        for (profile, control) in [
            ("fide-2023", "900+10"),
            ("fide-2018", "180+2"),
            ("sjrp", "5400"),
        ] {
            let log = |arrive: u64| {
                format!(
                    r#"{{"time_control": "{control}", "profile": "{profile}", "default_time_ms": 600000}}
{{"at_ms": 0, "event": "start_clock"}}
{{"at_ms": 0, "event": "arrive", "by": "white"}}
{{"at_ms": {arrive}, "event": "arrive", "by": "black"}}"#
                )
            };
            let on_time = replay(&log(600_000), None).unwrap();
            assert!(!articles(&on_time).contains(&"Art. 6.7.1"), "{profile}");
            let late = replay(&log(600_001), None).unwrap();
            assert!(articles(&late).contains(&"Art. 6.7.1"), "{profile}");
        }
        let e = replay(
            r#"{"time_control": "900", "default_time_ms": 99999999}"#,
            None,
        )
        .expect_err("more than 6 hours");
        assert_eq!(e.line, 1);
        assert!(e.message.contains("default_time_ms"), "{e}");
    }

    #[test]
    fn h20_06_both_flags_down_order_unknown() {
        // Guideline III.3.1.2: both flags down, order unknown, in the last period: draw;
        // III.3.1.1: in an earlier period, play on. With the order recorded, White lost first (6.9).
        let events = r#"
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 61000, "event": "move", "move": "e4"}
{"at_ms": 61000, "event": "press", "by": "white"}
{"at_ms": 200000, "event": "observe_flags"}"#;
        for (header, article) in [
            (
                r#"{"time_control": "60", "flag_order": "unknown"}"#,
                "Guideline III.3.1.2",
            ),
            (
                r#"{"time_control": "1/60:60", "flag_order": "unknown"}"#,
                "Guideline III.3.1.1",
            ),
            (
                r#"{"time_control": "60", "flag_order": "recorded"}"#,
                "Art. 6.9",
            ),
        ] {
            let report = replay(&format!("{header}{events}"), None).unwrap();
            assert!(
                articles(&report).contains(&article),
                "{header}: {:?}",
                articles(&report)
            );
        }
    }

    #[test]
    fn unnoticed_illegal_move_found_later_and_increment_granted() {
        let log = r#"{"start": "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", "time_control": "40/5400:900"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "unnoticed_move", "move": "h1h2"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "move", "by": "black", "move": "Kd8"}
{"at_ms": 2000, "event": "press", "by": "black"}
{"at_ms": 3000, "event": "move", "by": "white", "move": "Kxe2"}
{"at_ms": 3000, "event": "press", "by": "white"}
{"at_ms": 4000, "event": "illegal_move_discovered", "ply": 0}
{"at_ms": 4000, "event": "decision", "choice": "keep_clocks"}
{"at_ms": 5000, "event": "release", "by": "white", "from": "e1", "to": "d1"}
{"at_ms": 5000, "event": "misconduct", "by": "black", "conduct": "left_venue"}"#;
        let report = replay(log, None).unwrap();
        let a = &report.arbiter;
        assert_eq!(a.game().fen(), "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1");
        assert_eq!(a.illegal_moves(Color::White), 1);
        assert_eq!(a.allowed_moves().len(), 1);
        let articles: Vec<&str> = report
            .steps
            .iter()
            .flat_map(|s| s.rulings.iter().map(|c| c.article.as_str()))
            .collect();
        for article in [
            "Art. 7.5.1",
            "Art. 7.1",
            "Art. 7.5.5",
            "Art. 4.7",
            "Art. 11.2.3.1",
        ] {
            assert!(articles.contains(&article), "{article}: {articles:?}");
        }
        let log = r#"{"time_control": "900"}
{"at_ms": 0, "event": "start_clock"}
{"at_ms": 1000, "event": "move", "move": "e4"}
{"at_ms": 1000, "event": "press", "by": "white"}
{"at_ms": 2000, "event": "move", "move": "e5"}
{"at_ms": 2000, "event": "press", "by": "black"}
{"at_ms": 841000, "event": "increment_request", "by": "white"}
{"at_ms": 841000, "event": "decline_draw", "by": "black"}
{"at_ms": 841000, "event": "decision", "choice": "grant"}
{"at_ms": 842000, "event": "move", "move": "Nf3"}
{"at_ms": 842000, "event": "press", "by": "white"}"#;
        let report = replay(log, None).unwrap();
        assert_eq!(
            report.arbiter.clock().remaining(Color::White, 842_000),
            64_000
        );
        assert_eq!(
            report.arbiter.clock().remaining(Color::Black, 842_000),
            1_019_000
        );
    }

    #[test]
    fn bad_new_events_name_the_line() {
        let header = r#"{"time_control": "300+2"}"#;
        for event in [
            r#"{"at_ms": 0, "event": "illegal_move_discovered", "ply": 3}"#,
            r#"{"at_ms": 0, "event": "displace", "from": "e9", "to": "e4"}"#,
            r#"{"at_ms": 0, "event": "release", "by": "white", "from": "e2", "to": "e4", "promotion": "k"}"#,
            r#"{"at_ms": 0, "event": "misconduct", "by": "white", "conduct": "yawning"}"#,
            r#"{"at_ms": 0, "event": "decision", "choice": "grant"}"#,
        ] {
            let log = format!("{header}\n{{\"at_ms\": 0, \"event\": \"start_clock\"}}\n{event}");
            let e = replay(&log, None)
                .err()
                .unwrap_or_else(|| panic!("accepted {event}"));
            assert_eq!(e.line, 3, "{event}: {e}");
        }
    }

    /// Issue #19 acceptance: byte-level mutations of the sample (NUL, control characters, huge
    /// numbers, invalid UTF-8, duplicated lines) never panic, and every refusal names a line
    /// and a column inside the log.
    #[test]
    fn h19_fuzz_replay_jsonl_refusals_name_line_and_column() {
        let mut rng = testkit::Rng::new(0x9e37_79b9_7f4a_7c15);
        let (mut ok, mut refused) = (0, 0);
        for _ in 0..3000 {
            let mut log = SAMPLE.as_bytes().to_vec();
            testkit::mutate(&mut rng, &mut log, b"{}[]\":,0123456789-abcdefghwkqrnpx ");
            match replay_bytes(&log, None) {
                Ok(_) => ok += 1,
                Err(e) => {
                    refused += 1;
                    let line = log.split(|&b| b == b'\n').nth(e.line - 1);
                    let width = line.map_or(0, |l| String::from_utf8_lossy(l).chars().count());
                    assert!(
                        e.line >= 1 && (1..=width + 1).contains(&e.column) && !e.message.is_empty(),
                        "{e} (line has {width} characters)"
                    );
                }
            }
        }
        assert!(ok > 0 && refused > 0, "ok {ok}, refused {refused}");
    }

    #[test]
    fn h19_15_invalid_utf8_is_refused_at_its_line_and_column() {
        let log = b"{\"time_control\": \"300+2\"}\n{\"at_ms\": 0, \"event\": \"st\xffart_clock\"}";
        let e = replay_bytes(log, None).expect_err("not UTF-8");
        assert_eq!((e.line, e.column), (2, 26), "{e}");
        assert_eq!(e.message, "expected UTF-8 text");
        let e = replay_bytes(b"  {\"time_control\": 300}", None).expect_err("not a string");
        assert_eq!((e.line, e.column), (1, 22), "{e}");
    }
}
