//! `arbiter pair`: engine output, TRF errors with line and column, `260` forbidden pairs.

use std::path::PathBuf;

fn corpus(relative: &str) -> PathBuf {
    testkit::shared_data(&format!("trf/{relative}"))
}

fn arbiter(args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-pair-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path
}

#[test]
fn pair_prints_the_bbp_fixture_pairing() {
    let input = corpus("bbpPairings-tests/test_tests_dutch_2025_C5.input");
    let expected = std::fs::read_to_string(corpus(
        "bbpPairings-tests/test_tests_dutch_2025_C5.output.expected",
    ))
    .expect("expected output");
    let (code, stdout, stderr) = arbiter(&[
        "pair".as_ref(),
        "--dutch".as_ref(),
        input.as_os_str(),
        "-p".as_ref(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let lines = |s: &str| -> Vec<String> {
        s.split(['\r', '\n'])
            .filter(|l| !l.is_empty())
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(lines(&stdout), lines(&expected));
}

#[test]
fn a_trf_syntax_error_exits_3_with_line_and_column() {
    let bad = temp_file(
        "bad.trf",
        "012 x\r001    1      A                                                                  1.0    1     2 q 1\r",
    );
    let (code, _, stderr) = arbiter(&[
        "pair".as_ref(),
        "--dutch".as_ref(),
        bad.as_os_str(),
        "-p".as_ref(),
    ]);
    assert_eq!(code, 3);
    assert!(
        stderr.contains("line 2, column 97: expected colour w, b or -"),
        "{stderr}"
    );
}

#[test]
fn a_260_record_keeps_two_players_apart() {
    let players = "XXR 3\n\
001    1      A                                 2000                             1.0    1     2 w 1\n\
001    2      B                                 1900                             0.0    2     1 b 0\n\
001    3      C                                 1800                             1.0    3     4 w 1\n\
001    4      D                                 1700                             0.0    4     3 b 0\n";
    let pairs = |name: &str, text: &str| -> Vec<String> {
        let file = temp_file(name, text);
        let (code, stdout, stderr) = arbiter(&[
            "pair".as_ref(),
            "--dutch".as_ref(),
            file.as_os_str(),
            "-p".as_ref(),
        ]);
        assert_eq!(code, 0, "{stderr}");
        let mut pairs: Vec<String> = stdout
            .lines()
            .skip(1)
            .map(|l| {
                let mut ids: Vec<&str> = l.split(' ').collect();
                ids.sort_unstable();
                ids.join(" ")
            })
            .collect();
        pairs.sort_unstable();
        pairs
    };
    assert_eq!(pairs("free.trf", players), ["1 3", "2 4"]);
    assert_eq!(
        pairs("apart.trf", &format!("{players}260   2   3    1    3\n")),
        ["1 4", "2 3"]
    );
}

#[test]
fn pair_berger_prints_the_berger_schedule() {
    let via_pair = arbiter(&[
        "pair".as_ref(),
        "--berger".as_ref(),
        "6".as_ref(),
        "--double".as_ref(),
    ]);
    let via_berger = arbiter(&["berger".as_ref(), "6".as_ref(), "--double".as_ref()]);
    assert_eq!(via_pair.0, 0, "{}", via_pair.2);
    assert_eq!(via_pair, via_berger);
    assert_eq!(
        via_pair.1.lines().count(),
        10,
        "6 players, two cycles of 5 rounds"
    );
    let refused = arbiter(&[
        "pair".as_ref(),
        "--berger".as_ref(),
        "6".as_ref(),
        "-c".as_ref(),
    ]);
    assert_eq!(refused.0, 2, "--berger takes no -c");
}

#[test]
fn checker_with_the_2017_edition_reports_the_rounds_where_the_editions_differ() {
    let file = corpus("generated/bbp-v6-byes-heavy/h6_10409992.trf");
    let (code, stdout, stderr) = arbiter(&[
        "pair".as_ref(),
        "--dutch".as_ref(),
        file.as_os_str(),
        "-c".as_ref(),
        "--edition".as_ref(),
        "2017".as_ref(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let reported: Vec<u32> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("round ")?.split(':').next()?.parse().ok())
        .collect();
    let t: trf::Tournament = std::fs::read_to_string(&file)
        .expect("corpus file")
        .parse()
        .expect("valid TRF");
    let rules_2026 = pairing::trf_input::check_rounds(&t, pairing::dutch::DutchEdition::Rules2026)
        .expect("rounds");
    let rules_2017 = pairing::trf_input::check_rounds(&t, pairing::dutch::DutchEdition::Rules2017)
        .expect("rounds");
    assert!(
        rules_2026.iter().all(|c| c.agrees()),
        "2026 rules reproduce the file"
    );
    let differing: Vec<u32> = rules_2026
        .iter()
        .zip(&rules_2017)
        .filter(|(a, b)| a.computed != b.computed)
        .map(|(a, _)| a.round)
        .collect();
    assert!(!differing.is_empty());
    assert_eq!(reported, differing);
    assert_eq!(
        stdout.lines().last(),
        Some(
            format!(
                "checked {} rounds, {} discrepancies",
                rules_2026.len(),
                differing.len()
            )
            .as_str()
        )
    );
}
