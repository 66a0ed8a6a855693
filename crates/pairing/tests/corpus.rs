//! Re-pairs every round of bbpPairings-generated tournaments from their recorded history and
//! compares pairs, colours and the bye with what the reference engine recorded (bbp v6 for the
//! 2026 rules, v5 for the 2017 rules). Every round of every corpus is reproduced; the counts are pinned.

use std::fs;
use std::path::PathBuf;

use pairing::dutch::{DutchEdition, Limits, PairingError};
use pairing::trf_input::{self, RoundCheck};
use trf::Tournament;

fn tournaments(folder: &str) -> Vec<(String, Tournament)> {
    let dir = testkit::shared_data(folder);
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no tournaments in {folder}");
    files
        .iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(path).unwrap().parse().unwrap())
        })
        .collect()
}

fn checks(t: &Tournament, edition: DutchEdition) -> Vec<RoundCheck> {
    trf_input::check_rounds(t, edition, false).unwrap()
}

/// Whether the engine could not prove the round's pairing within its limits.
fn unproven(c: &RoundCheck) -> bool {
    matches!(c.computed, Err(PairingError::SearchLimit { .. }))
}

/// Re-pairs every round of the corpus: each is either identical to the reference's or ends in
/// [`PairingError::SearchLimit`] (a search that could not prove its result), never different.
fn report(folder: &str, edition: DutchEdition, expected: (usize, usize)) {
    let (mut rounds, mut identical, mut unproven_rounds) = (0, 0, 0);
    for (name, t) in tournaments(folder) {
        for c in checks(&t, edition) {
            rounds += 1;
            if c.agrees() {
                identical += 1;
            } else if unproven(&c) {
                unproven_rounds += 1;
                eprintln!("  unproven: {name} round {}: {:?}", c.round, c.computed);
            } else {
                panic!(
                    "{folder}: {name} round {} differs: {:?}",
                    c.round, c.computed
                );
            }
        }
    }
    eprintln!("{folder}: {identical}/{rounds} rounds identical, {unproven_rounds} unproven");
    assert_eq!(
        (identical, unproven_rounds),
        expected,
        "{folder}: identical and unproven rounds, of {rounds}"
    );
}

#[test]
fn bbp_v6_default_rules_2026() {
    report(
        "trf/generated/bbp-v6-default",
        DutchEdition::Rules2026,
        (401, 0),
    );
}

#[test]
fn bbp_v6_byes_heavy_rules_2026() {
    report(
        "trf/generated/bbp-v6-byes-heavy",
        DutchEdition::Rules2026,
        (135, 0),
    );
}

#[test]
fn bbp_v5_default_rules_2017() {
    report(
        "trf/generated/bbp-v5-default",
        DutchEdition::Rules2017,
        (201, 0),
    );
}

#[test]
fn bbp_v5_byes_heavy_rules_2017() {
    report(
        "trf/generated/bbp-v5-byes-heavy",
        DutchEdition::Rules2017,
        (135, 0),
    );
}

/// The checker run with the other edition flags exactly the rounds in which the two editions
/// pair differently. Every round its own edition proves is reproduced (v6 by the 2026 rules, v5
/// by the 2017 rules), so a discrepancy under the other edition is by construction a round where
/// the editions differ; what can fail is the number of such rounds among those both editions
/// prove, pinned to the counts the README documents: 63 of 401, 40 of 201, 26 of 135 and 26 of
/// 135 (every round of the four corpora is proven).
#[test]
fn h19_16_the_editions_differ_in_the_documented_rounds() {
    let corpora = [
        (
            "trf/generated/bbp-v6-default",
            DutchEdition::Rules2026,
            DutchEdition::Rules2017,
            (63, 401),
        ),
        (
            "trf/generated/bbp-v5-default",
            DutchEdition::Rules2017,
            DutchEdition::Rules2026,
            (40, 201),
        ),
        (
            "trf/generated/bbp-v6-byes-heavy",
            DutchEdition::Rules2026,
            DutchEdition::Rules2017,
            (26, 135),
        ),
        (
            "trf/generated/bbp-v5-byes-heavy",
            DutchEdition::Rules2017,
            DutchEdition::Rules2026,
            (26, 135),
        ),
    ];
    let mut found = Vec::new();
    for (folder, own, other, _) in corpora {
        let (mut compared, mut differing) = (0, 0);
        for (name, t) in tournaments(folder) {
            let own_checks = checks(&t, own);
            let other_checks = checks(&t, other);
            assert_eq!(own_checks.len(), other_checks.len());
            for (mine, theirs) in own_checks.iter().zip(&other_checks) {
                if [mine, theirs].iter().any(|c| unproven(c)) {
                    continue;
                }
                assert!(
                    mine.agrees(),
                    "{name} round {}: not reproduced by {own}",
                    mine.round
                );
                compared += 1;
                differing += usize::from(!theirs.agrees());
            }
        }
        eprintln!("{folder}: {differing} of {compared} rounds pair differently under {other}");
        found.push((differing, compared));
    }
    let documented: Vec<(usize, usize)> = corpora.iter().map(|c| c.3).collect();
    assert_eq!(
        found, documented,
        "rounds that pair differently under the other edition, of the rounds both prove"
    );
}

/// Each limit alone at its smallest value, then all of them at once.
fn smallest_limits() -> Vec<(&'static str, Limits)> {
    let d = Limits::DEFAULT;
    vec![
        ("candidates", Limits { candidates: 0, ..d }),
        ("nodes", Limits { nodes: 0, ..d }),
        (
            "next_floater_sets",
            Limits {
                next_floater_sets: 0,
                ..d
            },
        ),
        (
            "next_bracket_mdps",
            Limits {
                next_bracket_mdps: 0,
                ..d
            },
        ),
        (
            "perfect_nodes",
            Limits {
                perfect_nodes: 0,
                ..d
            },
        ),
        (
            "perfect_check_players",
            Limits {
                perfect_check_players: 0,
                ..d
            },
        ),
        (
            "exact_prefix_sets",
            Limits {
                exact_prefix_sets: 0,
                ..d
            },
        ),
        (
            "exact_check_players",
            Limits {
                exact_check_players: 0,
                ..d
            },
        ),
        (
            "rest_check_players",
            Limits {
                rest_check_players: 0,
                ..d
            },
        ),
        (
            "level_check_players",
            Limits {
                level_check_players: 0,
                ..d
            },
        ),
        ("all", Limits::SMALLEST),
    ]
}

/// With every limit at its smallest value, alone and all together, every round of the corpus
/// either ends in [`PairingError::SearchLimit`] or pairs exactly as with the default limits.
fn no_limit_changes_a_pairing(folder: &str, edition: DutchEdition, which: &[&str]) {
    let corpus = tournaments(folder);
    let defaults: Vec<Vec<RoundCheck>> = corpus.iter().map(|(_, t)| checks(t, edition)).collect();
    for (limit, limits) in smallest_limits() {
        if !which.contains(&limit) {
            continue;
        }
        let (mut identical, mut ended) = (0, 0);
        for ((name, t), default) in corpus.iter().zip(&defaults) {
            let bounded = trf_input::check_rounds_within(t, edition, false, limits).unwrap();
            for (b, d) in bounded.iter().zip(default) {
                if unproven(b) {
                    ended += 1;
                } else {
                    assert_eq!(
                        b.computed, d.computed,
                        "{folder} {name} round {}: {limit} at its smallest",
                        b.round
                    );
                    identical += 1;
                }
            }
        }
        eprintln!("{folder}, {limit} smallest: {identical} identical, {ended} ended by a limit");
    }
}

/// Issue 13: no limit of the engine can change a pairing. Every limit at its smallest value,
/// alone and all at once, on every round of the byes-heavy corpora, and all at once and each
/// limit that ends a search on the default corpora (a speed switch alone sends their hardest
/// rounds through the full search to its node limit, seconds each): the engine pairs as with
/// the default limits or ends in [`PairingError::SearchLimit`].
#[test]
fn h13_limits_never_change_a_pairing() {
    let every: Vec<&str> = smallest_limits().iter().map(|(name, _)| *name).collect();
    let ending = [
        "candidates",
        "nodes",
        "next_floater_sets",
        "next_bracket_mdps",
        "all",
    ];
    for (folder, edition, which) in [
        (
            "trf/generated/bbp-v6-byes-heavy",
            DutchEdition::Rules2026,
            &every[..],
        ),
        (
            "trf/generated/bbp-v5-byes-heavy",
            DutchEdition::Rules2017,
            &every[..],
        ),
        (
            "trf/generated/bbp-v6-default",
            DutchEdition::Rules2026,
            &ending[..],
        ),
        (
            "trf/generated/bbp-v5-default",
            DutchEdition::Rules2017,
            &ending[..],
        ),
    ] {
        no_limit_changes_a_pairing(folder, edition, which);
    }
}
