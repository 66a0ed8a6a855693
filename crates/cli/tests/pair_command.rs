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

/// The command against the library on a bbpPairings file: a consistency check, not
/// verification. The rounds in which the editions differ are verified against the documented
/// counts in `crates/pairing/tests/corpus.rs`.
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
    let rules_2026 =
        pairing::trf_input::check_rounds(&t, pairing::dutch::DutchEdition::Rules2026, false)
            .expect("rounds");
    let rules_2017 =
        pairing::trf_input::check_rounds(&t, pairing::dutch::DutchEdition::Rules2017, false)
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

/// Verification against an outside source: `-c` on every bbpPairings-generated tournament of
/// the byes-heavy corpora (v6 under the 2026 rules, v5 with `--edition 2017`) reproduces every
/// recorded round.
#[test]
fn h19_19_checker_reproduces_bbp_generated_tournaments() {
    for (folder, edition) in [
        ("generated/bbp-v6-byes-heavy", "2026"),
        ("generated/bbp-v5-byes-heavy", "2017"),
    ] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(corpus(folder))
            .expect("corpus folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "trf"))
            .collect();
        files.sort();
        let mut rounds = 0;
        for file in &files {
            let (code, stdout, stderr) = run(&[
                "pair",
                "--dutch",
                file.to_str().unwrap(),
                "-c",
                "--edition",
                edition,
            ]);
            assert_eq!(code, 0, "{}: {stderr}", file.display());
            let last = stdout.lines().last().unwrap_or_default();
            let checked = last
                .strip_prefix("checked ")
                .and_then(|l| l.strip_suffix(" rounds, 0 discrepancies"))
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or_else(|| panic!("{}: {stdout}", file.display()));
            rounds += checked;
        }
        assert_eq!(rounds, 135, "{folder}");
    }
}

fn run(args: &[&str]) -> (i32, String, String) {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
    arbiter(&args)
}

/// Consistency check, not verification: `-g` pairs with this engine and `-c` re-pairs its own
/// pairings. The verification against bbpPairings is
/// `h19_19_checker_reproduces_bbp_generated_tournaments` and `pair_prints_the_bbp_fixture_pairing`.
#[test]
fn generated_tournaments_pass_trf_check_and_re_pair_without_discrepancies() {
    let config = temp_file(
        "gen.cfg",
        "# small event with byes\nPlayersNumber=19\nRoundsNumber=6\nHalfPointByeRate=5\nForfeitRate=5\nRetiredRate=2\n",
    );
    for seed in ["1", "2", "3"] {
        let out = config.with_file_name(format!("gen-{seed}.trf"));
        let cfg = config.to_str().unwrap();
        let (code, _, stderr) = run(&[
            "pair",
            "--dutch",
            "-g",
            cfg,
            "-o",
            out.to_str().unwrap(),
            "-s",
            seed,
        ]);
        assert_eq!(code, 0, "{stderr}");
        let (code, stdout, stderr) = run(&["trf", "check", out.to_str().unwrap()]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.contains("19 players"), "{stdout}");
        assert!(stdout.contains("0 errors, 0 warnings"), "{stdout}");
        let (code, stdout, stderr) = run(&["pair", "--dutch", out.to_str().unwrap(), "-c"]);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stdout.ends_with("checked 6 rounds, 0 discrepancies\n"),
            "{stdout}"
        );
    }
    // Without a configuration: a random one drawn from the seed, the same for the same seed.
    let a = config.with_file_name("random-a.trf");
    let b = config.with_file_name("random-b.trf");
    for out in [&a, &b] {
        let (code, _, stderr) = run(&[
            "pair",
            "--dutch",
            "-g",
            "-o",
            out.to_str().unwrap(),
            "-s",
            "17",
        ]);
        assert_eq!(code, 0, "{stderr}");
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let bad = temp_file("bad.cfg", "PlayersNumber=19\nColours=3\n");
    let (code, _, stderr) = run(&[
        "pair",
        "--dutch",
        "-g",
        bad.to_str().unwrap(),
        "-o",
        a.to_str().unwrap(),
        "-s",
        "1",
    ]);
    assert_eq!(code, 3);
    assert!(stderr.contains("line 2: unknown key `Colours`"), "{stderr}");
}

#[test]
fn explain_prints_brackets_floats_colour_rules_and_the_bye() {
    let input = corpus("bbpPairings-tests/test_tests_dutch_2025_C5.input");
    let file = input.to_str().unwrap();
    let (code, en, stderr) = run(&["pair", "--dutch", file, "--explain"]);
    assert_eq!(code, 0, "{stderr}");
    // The same pairs as -p, with reasons.
    let (_, pairs, _) = run(&["pair", "--dutch", file, "-p"]);
    for line in pairs.lines().skip(1).filter(|l| !l.ends_with(" 0")) {
        let (w, b) = line.split_once(' ').unwrap();
        assert!(
            en.contains(&format!(": {w} - {b}  (bracket")),
            "{line}\n{en}"
        );
    }
    for needle in [
        "C.04.3 5.2.",
        "floats down",
        "moved-down player (MDP)",
        "Downfloaters:",
        "Pairing-allocated bye: 6",
        "C.04.3 C5",
    ] {
        assert!(en.contains(needle), "{needle}\n{en}");
    }
    let (code, de, _) = run(&["pair", "--dutch", file, "--explain", "--lang", "de"]);
    assert_eq!(code, 0);
    assert!(de.contains("Spielfrei durch Auslosung (PAB): 6"), "{de}");
    assert!(de.contains("floatet ab"), "{de}");
    let (code, json, _) = run(&["pair", "--dutch", file, "--explain", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v["bye"]["player"], 6);
    assert_eq!(v["upfloaters"].as_array().map(Vec::len), Some(2));
    assert!(en.contains("Upfloaters:"), "{en}");
    assert_eq!(
        v["boards"].as_array().map(Vec::len),
        Some(pairs.lines().count() - 2)
    );
    assert!(
        v["boards"][0]["colour_rule"]
            .as_str()
            .unwrap()
            .starts_with("C.04.3 5.2.")
    );
    let (code, _, _) = run(&["pair", "--dutch", file, "--explain", "--lang", "fr"]);
    assert_eq!(code, 2);
    let (code, _, stderr) = run(&["pair", "--dutch", file, "-p", "--json"]);
    assert_eq!(code, 2, "{stderr}");
}

#[test]
fn baku_acceleration_pairs_group_a_inside_itself_in_round_one() {
    let mut text = String::from("XXR 9\nXXC white1\n");
    for id in 1..=12 {
        text.push_str(&format!(
            "001 {id:>4}      Player {id:<27}{:>4}\n",
            2400 - id
        ));
    }
    let file = temp_file("baku.trf", &text);
    let pairs = |extra: &[&str]| -> Vec<String> {
        let mut args = vec!["pair", "--dutch", file.to_str().unwrap(), "-p"];
        args.extend(extra);
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, 0, "{stderr}");
        stdout.lines().skip(1).map(str::to_owned).collect()
    };
    assert_eq!(pairs(&[]), ["1 7", "8 2", "3 9", "10 4", "5 11", "12 6"]);
    assert_eq!(
        pairs(&["--baku"]),
        ["1 4", "5 2", "3 6", "7 10", "11 8", "9 12"]
    );
}

/// A `001` record: pairing number, name, points and `(opponent, colour, result)` round blocks.
fn player(number: u16, name: &str, points: &str, rounds: &[(u16, char, char)]) -> String {
    let blocks: Vec<String> = rounds
        .iter()
        .map(|(o, c, r)| format!("{o:>4} {c} {r}"))
        .collect();
    format!(
        "001 {number:>4}      {name:<33}{:33}{points:>4} {number:>4}  {}",
        "",
        blocks.join("  ")
    )
}

fn pair_p(file: &std::path::Path, extra: &str) -> (i32, String, String) {
    arbiter(&[
        "pair".as_ref(),
        "--dutch".as_ref(),
        file.as_os_str(),
        extra.as_ref(),
    ])
}

#[test]
fn h19_11_random_binary_is_refused_with_line_and_column() {
    let bad = temp_file("binary.trf", "");
    std::fs::write(&bad, b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe binary").expect("write");
    let (code, stdout, stderr) = pair_p(&bad, "-p");
    assert_eq!(code, 3, "{stdout}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("line 1, column 1: expected UTF-8 text"),
        "{stderr}"
    );
    let (code, _, stderr) = arbiter(&[
        "pair".as_ref(),
        "--team".as_ref(),
        bad.as_os_str(),
        "-p".as_ref(),
    ]);
    assert_eq!(code, 3, "{stderr}");
}

#[test]
fn h19_11_files_that_fail_trf_check_are_not_paired() {
    let wrong_points = corpus("py4swiss-tests/tests_data_incorrect_points.trf");
    let (code, stdout, stderr) = pair_p(&wrong_points, "-p");
    assert_eq!(code, 3, "{stdout}");
    assert!(
        stderr.contains("line 2, column 81: error: player 2 has 4.0 points"),
        "{stderr}"
    );
    let extra_round = temp_file(
        "extra-round.trf",
        &[
            "012 x".to_string(),
            "XXR 1".to_string(),
            player(1, "A", "2.0", &[(2, 'w', '1'), (2, 'b', '1')]),
            player(2, "B", "0.0", &[(1, 'b', '0'), (1, 'w', '0')]),
        ]
        .join("\n"),
    );
    let (code, stdout, stderr) = pair_p(&extra_round, "-p");
    assert_eq!(code, 3, "{stdout}");
    assert!(
        stderr
            .contains("line 3, column 102: error: player 1 has 2 rounds but the tournament has 1"),
        "{stderr}"
    );
}

#[test]
fn h19_11_pair_check_refuses_duplicate_pairing_numbers_at_their_line() {
    let twice = temp_file(
        "twice.trf",
        &[
            "012 x".to_string(),
            "XXR 3".to_string(),
            player(1, "A", "1.0", &[(2, 'w', '1')]),
            player(2, "B", "0.0", &[(1, 'b', '0')]),
            player(2, "C", "0.0", &[]),
        ]
        .join("\n"),
    );
    let (code, stdout, stderr) = pair_p(&twice, "-c");
    assert_eq!(code, 3, "{stdout}");
    assert!(
        stderr.contains("line 5, column 5: error: pairing number 2 is used twice"),
        "{stderr}"
    );
}

#[test]
fn h13_pair_c11_reading_is_an_explicit_option() {
    let input = corpus("bbpPairings-tests/test_tests_dutch_2025_C5.input");
    let run = |reading: &str| {
        arbiter(&[
            "pair".as_ref(),
            "--dutch".as_ref(),
            input.as_os_str(),
            "--c11".as_ref(),
            reading.as_ref(),
            "-p".as_ref(),
        ])
    };
    let (code, text, stderr) = run("text");
    assert_eq!(code, 0, "{stderr}");
    let (code, reference, stderr) = run("reference");
    assert_eq!(code, 0, "{stderr}");
    // A history these rules produce: both readings give the same pairing.
    assert_eq!(text, reference);
    let (_, default, _) = pair_p(&input, "-p");
    assert_eq!(default, text);
    let (code, _, stderr) = run("bbp");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("expected `text` or `reference`"),
        "{stderr}"
    );
}

#[test]
fn h13_check_recomputes_the_declared_standings_and_names_each_difference() {
    // 1.5, 1, 1, ½ points; players 2 and 3 tie on points and Buchholz (2), player 3 has
    // more wins: the standings of `212` put 3 second and 2 third, the file says the opposite.
    let file = temp_file(
        "declared-standings.trf",
        &[
            "012 x".to_string(),
            "XXR 3".to_string(),
            "212 PTS,BH,WIN".to_string(),
            player(1, "A", "1.5", &[(3, 'w', '1'), (2, 'b', '=')]),
            player(2, "B", "1.0", &[(4, 'b', '='), (1, 'w', '=')]),
            player(3, "C", "1.0", &[(1, 'b', '0'), (4, 'w', '1')]),
            player(4, "D", "0.5", &[(2, 'w', '='), (3, 'b', '0')]),
        ]
        .join("\n"),
    );
    let (code, stdout, stderr) = pair_p(&file, "-c");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("line 5: player 2: rank declared 2, computed 3 (1 points; BH="),
        "{stdout}"
    );
    assert!(stdout.contains("WIN=0)"), "{stdout}");
    assert!(
        stdout.contains("line 6: player 3: rank declared 3, computed 2"),
        "{stdout}"
    );
    assert!(!stdout.contains("player 1: rank"), "{stdout}");
    assert!(
        stdout.contains("standings (212 PTS,BH,WIN, C.07 edition"),
        "{stdout}"
    );
    assert!(
        stdout.contains("checked 8 declared values, 2 differences"),
        "{stdout}"
    );
}

/// Issue 13 item 5: a generated tournament with ½-0, 0-0, double forfeits, byes and a
/// tie-break list carries the ranks of its `212` order, which the checker recomputes
/// without a difference; the same seed writes the same file.
#[test]
fn h13_generated_tiebreaks_and_abnormal_results_check_clean() {
    let config = temp_file(
        "h13-generator.cfg",
        "PlayersNumber=30\nRoundsNumber=6\nHalfZeroRate=10\nZeroZeroRate=4\n\
         DoubleForfeitRate=4\nHalfPointByeRate=4\nForfeitRate=3\nTieBreaks=BH/C1,SB,WIN,DE\n",
    );
    let dir = config.parent().expect("dir").to_path_buf();
    let (a, b) = (dir.join("h13-a.trf"), dir.join("h13-b.trf"));
    for out in [&a, &b] {
        let (code, _, stderr) = arbiter(&[
            "pair".as_ref(),
            "--dutch".as_ref(),
            "-g".as_ref(),
            config.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
            "-s".as_ref(),
            "77".as_ref(),
        ]);
        assert_eq!(code, 0, "{stderr}");
    }
    let text = std::fs::read_to_string(&a).expect("generated");
    assert_eq!(text, std::fs::read_to_string(&b).expect("generated"));
    assert!(text.contains("212 PTS,BH/C1,SB,WIN,DE"), "{text}");
    let (code, stdout, stderr) = pair_p(&a, "-c");
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("checked 60 declared values, 0 differences"),
        "{stdout}"
    );
}

/// Issue 13 item 5: a tie-break code the standings do not know is refused with the key and
/// the line of the configuration.
#[test]
fn h13_generator_refuses_an_unknown_tiebreak_with_key_and_line() {
    let config = temp_file(
        "h13-bad-tiebreak.cfg",
        "PlayersNumber=12\nTieBreaks=BH,NOPE\n",
    );
    let out = config.with_file_name("h13-bad.trf");
    let (code, _, stderr) = arbiter(&[
        "pair".as_ref(),
        "--dutch".as_ref(),
        "-g".as_ref(),
        config.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "-s".as_ref(),
        "1".as_ref(),
    ]);
    assert_eq!(code, 3);
    assert!(
        stderr.contains("configuration line 2: TieBreaks: `NOPE`"),
        "{stderr}"
    );
    assert!(!out.exists());
}

/// Issue 13 item 5: a file whose declared standings are wrong in one place (players 2 and 3
/// swapped): the checker names the tie-break of `212` that decides between them, with both
/// values, and nothing else.
#[test]
fn h13_check_names_the_tiebreak_that_decides_a_swapped_pair() {
    let file = temp_file(
        "swapped-pair.trf",
        &[
            "012 x".to_string(),
            "XXR 3".to_string(),
            "212 PTS,BH,WIN".to_string(),
            player(1, "A", "1.5", &[(3, 'w', '1'), (2, 'b', '=')]),
            player(2, "B", "1.0", &[(4, 'b', '='), (1, 'w', '=')]),
            player(3, "C", "1.0", &[(1, 'b', '0'), (4, 'w', '1')]),
            player(4, "D", "0.5", &[(2, 'w', '='), (3, 'b', '0')]),
        ]
        .join("\n"),
    );
    let (code, stdout, stderr) = pair_p(&file, "-c");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains(
            "lines 6/5: players 3 and 2 (1 points): declared ranks 3 and 2, \
             decided by WIN: 3 has 1, 2 has 0"
        ),
        "{stdout}"
    );
    assert_eq!(stdout.matches("lines ").count(), 1, "{stdout}");
}
