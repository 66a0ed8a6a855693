//! The team Swiss fixtures of Sharly's bbpPairings fork (`*team*.input` with
//! `.output.expected`, made by an independent C.04.6 implementation), paired by
//! `pairing::team`. The README ("Team events") explains every fixture that differs.

use pairing::team::pair_next_round;
use trf::Tournament;

/// Fixtures whose expected pairing is reproduced exactly, colours included.
const EXACT: &[&str] = &[
    "test_tests_team_162_absence",
    "test_tests_team_240_bye",
    "test_tests_team_250_accel",
    "test_tests_team_260_restriction",
    "test_tests_team_299_all",
    "test_tests_team_299_forfeit",
    "test_tests_team_299_target",
    "test_tests_team_330_forfeit",
    "test_tests_team_42_secondary",
    "test_tests_team_agg_gamepoints",
    "test_tests_team_board_forfeit_win",
    "test_tests_team_bye",
    "test_tests_team_bye_lowscore",
    "test_tests_team_c2_doublebye",
    "test_tests_team_c2_forfeit",
    "test_tests_team_col_firstpref",
    "test_tests_team_col_initialB",
    "test_tests_team_col_lasttwo",
    "test_tests_team_col_lowercd",
    "test_tests_team_col_onepref",
    "test_tests_team_col_oppositepref",
    "test_tests_team_col_typeB_strong",
    "test_tests_team_informative_score",
    "test_tests_team_round1",
    "test_tests_team_round2",
    "test_tests_team_split6",
    "test_tests_team_utf8_names",
];

fn expected(text: &str) -> (Vec<(u16, u16)>, Option<u16>) {
    let mut matches = Vec::new();
    let mut bye = None;
    for line in text.lines().skip(1) {
        let mut it = line.split_whitespace().map(|n| n.parse::<u16>().unwrap());
        let (a, b) = (it.next().unwrap(), it.next().unwrap());
        if b == 0 {
            bye = Some(a);
        } else {
            matches.push((a, b));
        }
    }
    (matches, bye)
}

fn unordered(m: &[(u16, u16)]) -> Vec<(u16, u16)> {
    let mut v: Vec<_> = m.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort_unstable();
    v
}

#[test]
fn sharly_team_fixtures_floor() {
    let dir = testkit::shared_data("trf/sharly-bbpPairings-tests");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("_team_") && n.ends_with(".output.expected"))
        .collect();
    names.sort();
    assert!(names.len() >= 30, "{} fixtures", names.len());
    let (mut exact, mut same) = (Vec::new(), Vec::new());
    for name in &names {
        let stem = name.trim_end_matches(".output.expected");
        let input = std::fs::read_to_string(dir.join(format!("{stem}.input"))).unwrap();
        let want = expected(&std::fs::read_to_string(dir.join(name)).unwrap());
        let t: Tournament = input.parse().unwrap();
        let got = pair_next_round(&t).map(|p| (p.matches, p.bye));
        let Ok(got) = got else {
            eprintln!("{stem}: {:?}", got.err());
            continue;
        };
        let mut sorted = got.0.clone();
        sorted.sort_unstable();
        let mut want_sorted = want.0.clone();
        want_sorted.sort_unstable();
        if sorted == want_sorted && got.1 == want.1 {
            exact.push(stem.to_owned());
        } else if unordered(&got.0) == unordered(&want.0) && got.1 == want.1 {
            same.push(stem.to_owned());
            eprintln!("{stem}: colours: got {:?}, expected {:?}", got.0, want.0);
        } else {
            eprintln!("{stem}: got {got:?}, expected {want:?}");
        }
    }
    eprintln!("exact {exact:?}\nsame matches {same:?}");
    for f in EXACT {
        assert!(
            exact.iter().any(|e| e == f),
            "{f} no longer reproduced exactly"
        );
    }
}
