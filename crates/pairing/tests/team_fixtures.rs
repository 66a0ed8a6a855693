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

type Pairing = (Vec<(u16, u16)>, Option<u16>);
/// A pairing as the README writes it: matches (white, black) and the bye.
type Documented = (&'static [(u16, u16)], Option<u16>);

/// The fixture names (without `.output.expected`), sorted.
fn fixture_names() -> Vec<String> {
    let dir = testkit::shared_data("trf/sharly-bbpPairings-tests");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| {
            n.strip_suffix(".output.expected")
                .filter(|stem| stem.contains("_team_"))
                .map(str::to_owned)
        })
        .collect();
    names.sort();
    names
}

/// Our pairing of a fixture (or the engine's error) and the expected one.
fn pair_fixture(stem: &str) -> (Result<Pairing, String>, Pairing) {
    let dir = testkit::shared_data("trf/sharly-bbpPairings-tests");
    let input = std::fs::read_to_string(dir.join(format!("{stem}.input"))).unwrap();
    let want =
        expected(&std::fs::read_to_string(dir.join(format!("{stem}.output.expected"))).unwrap());
    let t: Tournament = input.parse().unwrap();
    let got = pair_next_round(&t)
        .map(|p| (p.matches, p.bye))
        .map_err(|e| format!("{e:?}"));
    (got, want)
}

fn sorted(m: &[(u16, u16)]) -> Vec<(u16, u16)> {
    let mut v = m.to_vec();
    v.sort_unstable();
    v
}

#[test]
fn sharly_team_fixtures_floor() {
    let names = fixture_names();
    assert!(names.len() >= 30, "{} fixtures", names.len());
    let (mut exact, mut same) = (Vec::new(), Vec::new());
    for stem in &names {
        let (got, want) = pair_fixture(stem);
        let Ok(got) = got else {
            eprintln!("{stem}: {:?}", got.err());
            continue;
        };
        if sorted(&got.0) == sorted(&want.0) && got.1 == want.1 {
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

/// The fixtures not reproduced exactly, with the expected pairing (white-black, bye) and ours
/// as the README's table ("Team events") documents them.
const DIFFERING: &[(&str, Documented, Documented)] = &[
    (
        "test_tests_team_pab_gamepoints",
        (&[(2, 5), (3, 1)], Some(4)),
        (&[(5, 1), (2, 3)], Some(4)),
    ),
    (
        "test_tests_team_gp_primary",
        (&[(1, 2), (4, 6), (3, 5)], None),
        (&[(1, 2), (3, 6), (4, 5)], None),
    ),
    (
        "test_tests_team_c4_global",
        (&[(4, 1), (6, 3), (2, 5)], None),
        (&[(3, 1), (4, 5), (6, 2)], None),
    ),
    (
        "test_tests_team_299_blank",
        (&[(4, 5), (3, 1)], Some(2)),
        (&[(4, 1), (5, 3)], Some(2)),
    ),
];

/// Every team fixture is pinned: the exact ones above, and the four others to the pairing the
/// README documents for them (so a change of the engine shows there too).
#[test]
fn h19_18_team_fixtures_outside_the_exact_list_give_the_documented_pairings() {
    let mut pinned: Vec<String> = EXACT
        .iter()
        .chain(DIFFERING.iter().map(|(stem, ..)| stem))
        .map(|s| s.to_string())
        .collect();
    pinned.sort();
    assert_eq!(pinned, fixture_names(), "every fixture is pinned once");
    for (stem, expected, ours) in DIFFERING {
        let (got, want) = pair_fixture(stem);
        assert_eq!(
            (sorted(&want.0), want.1),
            (sorted(expected.0), expected.1),
            "{stem}: the expected output"
        );
        let got = got.unwrap_or_else(|e| panic!("{stem}: {e}"));
        assert_eq!(
            (sorted(&got.0), got.1),
            (sorted(ours.0), ours.1),
            "{stem}: our pairing"
        );
    }
}
