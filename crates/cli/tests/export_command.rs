//! `arbiter export dsb`: a TRF through the CLI into DSB XML and SWI, read back with
//! `ratinglist::dsb`; UUIDs, dates, errors and exit codes.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use event::date::Date;
use ratinglist::dsb::{self, Pairing};

fn arbiter<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-export-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The demo championship's U16/U18 (a forfeit, byes, a late entry, a withdrawal) written as
/// TRF-2026.
fn demo_trf(dir: &Path) -> (PathBuf, event::Section) {
    let event = event::demo::championship(Date::new(2026, 4, 11).unwrap());
    let section = event.section("U16/U18").unwrap().clone();
    let text = section.to_trf(&event).unwrap().write().unwrap();
    let path = dir.join("u12.trf");
    std::fs::write(&path, text).unwrap();
    (path, section)
}

fn javafo() -> PathBuf {
    testkit::shared_data("trf/py4swiss-tests/tests_data_javafo_example.trf")
}

/// Unordered games with their points and the byes of a report.
fn games(report: &dsb::Report) -> Vec<HashSet<(u16, u16, bool)>> {
    report
        .rounds
        .iter()
        .map(|r| {
            r.pairings
                .iter()
                .map(|p| match *p {
                    Pairing::Game { white, black, .. } => {
                        (white.min(black), white.max(black), true)
                    }
                    Pairing::Bye { player, .. } => (player, 0, false),
                })
                .collect()
        })
        .collect()
}

#[test]
fn a_trf_exports_to_xml_and_swi_with_the_sections_pairings() {
    let dir = temp_dir("demo");
    let (trf, section) = demo_trf(&dir);
    let xml_path = dir.join("u12.xml");
    let (code, out, err) = arbiter(&[
        "export".as_ref(),
        "dsb".as_ref(),
        trf.as_os_str(),
        "--format".as_ref(),
        "xml".as_ref(),
        "-o".as_ref(),
        xml_path.as_os_str(),
        "--sender".as_ref(),
        "Turnierleitung".as_ref(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let xml = dsb::read_xml(&std::fs::read(&xml_path).unwrap(), "u12.xml").unwrap();
    let (code, swi_bytes, err) = {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(["export", "dsb", "--format", "swi"])
            .arg(&trf)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            out.stdout,
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    assert_eq!(code, 0, "{err}");
    let swi = dsb::read_swi(&swi_bytes, "u12.swi").unwrap();
    let expected = section
        .dsb_report(
            &event::demo::championship(Date::new(2026, 4, 11).unwrap()),
            event::date::DateTime {
                date: Date::new(2026, 4, 11).unwrap(),
                time: "00:00".parse().unwrap(),
            },
            "u",
            "f",
        )
        .unwrap();
    for back in [&xml, &swi] {
        assert_eq!(back.players.len(), section.entries.len());
        assert_eq!(back.rounds.len(), 7);
        assert_eq!(games(back), games(&expected));
        for (p, q) in back.players.iter().zip(&expected.players) {
            assert_eq!(
                (p.number, &p.last_name, &p.first_name, p.elo),
                (q.number, &q.last_name, &q.first_name, q.elo)
            );
        }
    }
    for (got, want) in xml.rounds.iter().zip(&expected.rounds) {
        assert_eq!(got.date, want.date);
        let set = |r: &dsb::Round| {
            format!("{:?}", {
                let mut p: Vec<String> = r.pairings.iter().map(|p| format!("{p:?}")).collect();
                p.sort();
                p
            })
        };
        assert_eq!(set(got), set(want), "XML keeps colours and results");
    }
    assert_eq!(xml.tournament.sender, "Turnierleitung");
    assert_eq!(
        xml.tournament.created.to_string(),
        "2026-04-11",
        "the TRF end date"
    );
    assert_eq!(xml.tournament.time_control, section.time_control);
    let forfeits = swi
        .rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter(|p| {
            matches!(
                p,
                Pairing::Game { result, .. } if result.is_forfeit()
            )
        })
        .count();
    assert!(forfeits > 0, "forfeits are reported as forfeits");
    let byes = swi
        .rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter(|p| matches!(p, Pairing::Bye { .. }))
        .count();
    assert!(byes > 0, "byes and absences are reported");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn uuids_are_derived_from_the_file_or_given() {
    let file = javafo();
    let run = |extra: &[&str]| {
        let mut args: Vec<std::ffi::OsString> =
            vec!["export".into(), "dsb".into(), file.clone().into()];
        args.extend(["--format".into(), "xml".into()]);
        args.extend(extra.iter().map(Into::into));
        let (code, out, err) = arbiter(&args);
        assert_eq!(code, 0, "{err}");
        dsb::read_xml(out.as_bytes(), "out.xml").unwrap()
    };
    let a = run(&[]);
    let b = run(&[]);
    assert_eq!(a.tournament.uuid, b.tournament.uuid);
    assert_eq!(a.tournament.file_uuid, b.tournament.file_uuid);
    assert_ne!(a.tournament.uuid, a.tournament.file_uuid);
    assert_eq!(a.tournament.uuid.len(), 36);
    assert_eq!(&a.tournament.uuid[14..15], "8", "UUID version 8");
    let c = run(&[
        "--uuid",
        "3f1c2b9e-0000-4000-8000-000000000001",
        "--created",
        "05.10.2010",
    ]);
    assert_eq!(c.tournament.uuid, "3f1c2b9e-0000-4000-8000-000000000001");
    assert_eq!(c.tournament.created.to_string(), "2010-10-05");
    assert_eq!(a.tournament.created.to_string(), "2010-10-02");
    assert_eq!(a.players.len(), 52);
    assert_eq!(a.rounds.len(), 4);
    assert_eq!(a.tournament.rounds, 9);
    assert!(
        a.players.iter().all(|p| p.fide_id != Some(0)),
        "a FIDE id of 0 is no id"
    );
}

#[test]
fn errors_and_exit_codes() {
    let dir = temp_dir("errors");
    let (code, _, err) = arbiter(&[
        "export".as_ref(),
        "dsb".as_ref(),
        javafo().as_os_str(),
        "--format".as_ref(),
        "pdf".as_ref(),
    ]);
    assert_eq!(code, 2, "unknown format is a usage error");
    assert!(err.contains("invalid value 'pdf'"), "{err}");

    let text = std::fs::read_to_string(javafo()).unwrap();
    let broken: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if l.starts_with("001") && i > 0 && !text.lines().take(i).any(|p| p.starts_with("001"))
            {
                format!("001 xyz{}\n", &l[7..])
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let first_player = text.lines().position(|l| l.starts_with("001")).unwrap() + 1;
    let bad = dir.join("bad.trf");
    std::fs::write(&bad, broken).unwrap();
    let (code, out, err) = arbiter(&[
        "export".as_ref(),
        "dsb".as_ref(),
        bad.as_os_str(),
        "--format".as_ref(),
        "swi".as_ref(),
    ]);
    assert_eq!(code, 3, "{out}{err}");
    assert!(out.is_empty());
    assert!(err.contains(&format!("line {first_player}")), "{err}");

    let (code, _, err) = arbiter(&[
        "export".as_ref(),
        "dsb".as_ref(),
        dir.join("missing.trf").as_os_str(),
        "--format".as_ref(),
        "xml".as_ref(),
    ]);
    assert_eq!(code, 5, "{err}");
    assert!(err.contains("cannot read"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
