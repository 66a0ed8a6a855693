//! `arbiter pair --team` and `arbiter standings --preset sjrp-teams-*` on the team fixtures.

fn arbiter(args: &[&str]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

fn fixture(name: &str) -> String {
    testkit::shared_data(&format!("trf/sharly-bbpPairings-tests/{name}"))
        .to_string_lossy()
        .into_owned()
}

#[test]
fn pair_team_swiss_reproduces_the_fixture() {
    let file = fixture("test_tests_team_round2.input");
    let (code, out, err) = arbiter(&["pair", "--team", &file, "-p"]);
    assert_eq!(code, 0, "{err}");
    let expected =
        std::fs::read_to_string(fixture("test_tests_team_round2.output.expected")).unwrap();
    assert_eq!(out, expected);
}

#[test]
fn pair_team_round_robin_and_bye() {
    let file = fixture("test_tests_team_bye.input");
    // Seven teams: C.05 Annex 1, round 1: 1-bye 2-7 3-6 4-5.
    let (code, out, _) = arbiter(&["pair", "--team", &file, "-p", "--team-rr", "1"]);
    assert_eq!(code, 0);
    assert_eq!(out, "4\n2 7\n3 6\n4 5\n1 0\n");
    let (code, _, err) = arbiter(&["pair", "--team", &file, "-p", "--team-rr", "8"]);
    assert_eq!(code, 3);
    assert!(err.contains("C.05 Annex 1"), "{err}");
}

#[test]
fn team_standings_by_sjrp_preset() {
    let file = fixture("test_tests_team_round2.input");
    let (code, out, err) = arbiter(&["standings", &file, "--preset", "sjrp-teams-swiss"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "rank\tteam\tname\tMP\tBP\tBH/C1\tSW\tDE");
    // Alpha beat Bravo 2:0; Charlie and Delta drew 1:1 and stay tied after DE (1 each).
    assert_eq!(lines[1], "1\t1\tAlpha\t2.00\t2.00\t0.00\t1.00\t0.00");
    assert_eq!(lines[2], "2=\t3\tCharlie\t1.00\t1.00\t0.00\t0.00\t1.00");
    assert_eq!(lines[4], "4\t2\tBravo\t0.00\t0.00\t0.00\t0.00\t0.00");
    assert!(err.contains("Blitzentscheid"), "{err}");
    let (code, out, _) = arbiter(&[
        "standings",
        &file,
        "--team",
        "--tiebreaks",
        "MP,BW",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains(r#""BW":3.0"#), "{out}");
}

#[test]
fn team_preset_on_individual_file_is_refused() {
    let dir = testkit::shared_data("trf/sharly-bbpPairings-tests");
    let individual = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            p.extension().is_some_and(|x| x == "input")
                && !text.contains("\n310 ")
                && !text.contains("\n013 ")
                && text.contains("\n001 ")
        })
        .unwrap();
    let (code, _, err) = arbiter(&[
        "standings",
        &individual.to_string_lossy(),
        "--preset",
        "sjrp-teams-rr",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no team records"), "{err}");
}

#[test]
fn every_team_fixture_passes_trf_check() {
    let dir = testkit::shared_data("trf/sharly-bbpPairings-tests");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.contains("_team_") && name.ends_with(".input")) {
            continue;
        }
        let (code, out, err) = arbiter(&["trf", "check", &path.to_string_lossy()]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        n += 1;
    }
    assert!(n >= 30, "{n} team fixtures");
}

#[test]
fn team_crosstable_text_and_html() {
    let file = fixture("test_tests_team_round2.input");
    // Round 1: Alpha-Bravo 2:0, Charlie-Delta 1:1; rows in the MP,BP order of the ranking.
    let (code, out, err) = arbiter(&["standings", &file, "--team", "--crosstable", "rr"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "No  Team       1    2    3    4  MP  BP");
    assert_eq!(lines[1], " 1  Alpha      *            2:0   2   2");
    assert_eq!(lines[4], " 4  Bravo    0:2              *   0   0");
    let (code, out, _) = arbiter(&["standings", &file, "--team", "--crosstable", "swiss"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().nth(2), Some(" 2  Charlie  3 1:1   1   1"));
    let (code, out, _) = arbiter(&["standings", &file, "--team", "--crosstable", "--html"]);
    assert_eq!(code, 0);
    assert!(out.contains("<td class=\"win\">2:0</td>"), "{out}");
    let (code, _, err) = arbiter(&["standings", &file, "--team", "--html"]);
    assert_eq!(code, 2);
    assert!(err.contains("--crosstable"), "{err}");
}

#[test]
fn trf_check_counts_teams_and_lineups() {
    let text = std::fs::read_to_string(fixture("test_tests_team_round2.input")).unwrap();
    let dir = std::env::temp_dir().join(format!("arbiter-lineup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("lineup.trf");
    // Alpha played 2 on board 1 and 1 on board 2 in round 1.
    std::fs::write(&file, format!("{text}300   1   1   2 0002 0001\n")).unwrap();
    let path = file.to_string_lossy().into_owned();
    let (code, out, err) = arbiter(&["trf", "check", &path]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("8 players, 4 teams, 1 line-ups (300), 1 of 3 rounds played"),
        "{out}"
    );
    // The board leaders follow the line-up: player 2 won on board 1.
    let (code, out, _) = arbiter(&["standings", &path, "--team"]);
    assert_eq!(code, 0);
    assert!(out.contains("\n1\t2\tP2\t1\t1\t1\n"), "{out}");
    std::fs::write(&file, format!("{text}300   1   1   2 0002 0005\n")).unwrap();
    let (code, out, _) = arbiter(&["trf", "check", &path]);
    assert_eq!(code, 3);
    assert!(
        out.contains("player 5 is not a member of team 1 (TRF-2026 300)"),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dsb_export_of_a_team_file() {
    let file = fixture("test_tests_team_round2.input");
    let (code, out, err) = arbiter(&[
        "export",
        "dsb",
        &file,
        "--format",
        "xml",
        "--created",
        "2026-01-01",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("<tournamentType>TW</tournamentType>"), "{out}");
    // Round 1 of the fixture: four board games (1-3, 2-4, 5-7, 6-8), rated one by one.
    assert_eq!(out.matches("<game>").count(), 4, "{out}");
    assert!(out.contains("<tournamentPlayerNumberWhite>1</tournamentPlayerNumberWhite>"));
    let (code, out, _) = arbiter(&[
        "export",
        "dsb",
        &file,
        "--format",
        "swi",
        "--created",
        "2026-01-01",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.lines().nth(2).is_some_and(|l| l.starts_with("MS")),
        "{out}"
    );
}
