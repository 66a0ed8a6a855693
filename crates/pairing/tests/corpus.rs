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
    report("trf/generated/bbp-v5-default", DutchEdition::Rules2017, 196);
}

#[test]
fn bbp_v5_byes_heavy_rules_2017() {
    report(
        "trf/generated/bbp-v5-byes-heavy",
        DutchEdition::Rules2017,
        134,
    );
}

/// The checker run with the other edition flags exactly the rounds in which the two editions
/// pair differently: on every round the 2026 rules reproduce, a 2017 discrepancy is reported
/// if and only if the 2017 pairing differs from the 2026 one.
#[test]
fn checker_with_the_other_edition_reports_the_rounds_the_editions_differ() {
    let (mut compared, mut differing) = (0, 0);
    for (name, t) in tournaments("trf/generated/bbp-v6-byes-heavy") {
        let rules_2026 = checks(&t, DutchEdition::Rules2026);
        let rules_2017 = checks(&t, DutchEdition::Rules2017);
        assert_eq!(rules_2026.len(), rules_2017.len());
        for (c26, c17) in rules_2026.iter().zip(&rules_2017) {
            if !c26.agrees() {
                continue;
            }
            compared += 1;
            let editions_differ = c17.computed != c26.computed;
            differing += usize::from(editions_differ);
            assert_eq!(
                !c17.agrees(),
                editions_differ,
                "{name} round {}: 2017 reported {}, editions differ {editions_differ}",
                c17.round,
                !c17.agrees()
            );
        }
    }
    eprintln!("{differing} of {compared} rounds pair differently under the 2017 rules");
    assert!(compared > 100, "only {compared} rounds reproduced");
    assert!(differing > 0, "the editions never differed");
}
