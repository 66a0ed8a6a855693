//! Re-pairs every round of bbpPairings-generated tournaments from their recorded history and
//! compares pairs, colours and the bye with what the reference engine recorded (bbp v6 for the
//! 2026 rules, v5 for the 2017 rules). The floors are the identical rounds reached today; the
//! goal is every round.

use std::fs;
use std::path::PathBuf;

use pairing::dutch::DutchEdition;
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

fn report(folder: &str, edition: DutchEdition, floor: usize) {
    let (mut rounds, mut identical) = (0, 0);
    for (name, t) in tournaments(folder) {
        for c in checks(&t, edition) {
            rounds += 1;
            if c.agrees() {
                identical += 1;
            } else {
                eprintln!("  differs: {name} round {}", c.round);
            }
        }
    }
    eprintln!("{folder}: {identical}/{rounds} rounds identical");
    assert!(
        identical >= floor,
        "{folder}: {identical}/{rounds} identical, below the floor of {floor}"
    );
}

#[test]
fn bbp_v6_default_rules_2026() {
    report("trf/generated/bbp-v6-default", DutchEdition::Rules2026, 401);
}

#[test]
fn bbp_v6_byes_heavy_rules_2026() {
    report(
        "trf/generated/bbp-v6-byes-heavy",
        DutchEdition::Rules2026,
        135,
    );
}

#[test]
fn bbp_v5_default_rules_2017() {
    report("trf/generated/bbp-v5-default", DutchEdition::Rules2017, 201);
}

#[test]
fn bbp_v5_byes_heavy_rules_2017() {
    report(
        "trf/generated/bbp-v5-byes-heavy",
        DutchEdition::Rules2017,
        135,
    );
}

/// The checker run with the other edition flags exactly the rounds in which the two editions
/// pair differently. Every corpus is reproduced in full by its own edition (v6 by the 2026
/// rules, v5 by the 2017 rules), so every round is compared: a discrepancy is reported under the
/// other edition if and only if the two editions' pairings differ. All four corpora are compared.
#[test]
fn checker_with_the_other_edition_reports_the_rounds_the_editions_differ() {
    let corpora = [
        (
            "trf/generated/bbp-v6-default",
            DutchEdition::Rules2026,
            DutchEdition::Rules2017,
        ),
        (
            "trf/generated/bbp-v5-default",
            DutchEdition::Rules2017,
            DutchEdition::Rules2026,
        ),
        (
            "trf/generated/bbp-v6-byes-heavy",
            DutchEdition::Rules2026,
            DutchEdition::Rules2017,
        ),
        (
            "trf/generated/bbp-v5-byes-heavy",
            DutchEdition::Rules2017,
            DutchEdition::Rules2026,
        ),
    ];
    for (folder, own, other) in corpora {
        let (mut compared, mut differing) = (0, 0);
        for (name, t) in tournaments(folder) {
            let own_checks = checks(&t, own);
            let other_checks = checks(&t, other);
            assert_eq!(own_checks.len(), other_checks.len());
            for (mine, theirs) in own_checks.iter().zip(&other_checks) {
                assert!(
                    mine.agrees(),
                    "{name} round {}: not reproduced by {own}",
                    mine.round
                );
                compared += 1;
                let editions_differ = theirs.computed != mine.computed;
                differing += usize::from(editions_differ);
                assert_eq!(
                    !theirs.agrees(),
                    editions_differ,
                    "{name} round {}: {other} reported {}, editions differ {editions_differ}",
                    theirs.round,
                    !theirs.agrees()
                );
            }
        }
        eprintln!("{folder}: {differing} of {compared} rounds pair differently under {other}");
        assert!(differing > 0, "{folder}: the editions never differed");
    }
}
