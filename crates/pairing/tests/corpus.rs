//! Re-pairs every round of bbpPairings-generated tournaments from their recorded history and
//! compares pairs, colours and the bye with what the reference engine recorded (bbp v6 for the
//! 2026 rules, v5 for the 2017 rules). The floors are the rates reached today; the goal is 100 %.

use std::fs;

use pairing::dutch::{DutchEdition, pair_round};
use pairing::trf_input;
use trf::Tournament;

/// (rounds, identical rounds, discrepancies as "file round").
fn replay(folder: &str, edition: DutchEdition) -> (usize, usize, Vec<String>) {
    let dir = testkit::shared_data(folder);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let (mut rounds, mut identical, mut discrepancies) = (0, 0, Vec::new());
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
    {
        let text = fs::read_to_string(path).unwrap();
        let t: Tournament = text.parse().unwrap();
        let played = trf_input::round_to_pair(&t) - 1;
        for round in 1..=played {
            rounds += 1;
            let input = trf_input::input_for_round(&t, round).unwrap();
            let expected = trf_input::recorded_pairing(&t, round);
            let got = pair_round(&input, edition).map(|p| {
                let mut pairs: Vec<(u32, u32)> =
                    p.boards.iter().map(|b| (b.white, b.black)).collect();
                pairs.sort_unstable();
                (pairs, p.bye)
            });
            if got.as_ref() == Ok(&expected) {
                identical += 1;
            } else {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                discrepancies.push(format!("{name} round {round}"));
            }
        }
    }
    (rounds, identical, discrepancies)
}

fn report(folder: &str, edition: DutchEdition, floor_percent: usize) {
    let (rounds, identical, discrepancies) = replay(folder, edition);
    eprintln!(
        "{folder}: {identical}/{rounds} rounds identical ({:.1} %)",
        identical as f64 * 100.0 / rounds as f64
    );
    for d in &discrepancies {
        eprintln!("  differs: {d}");
    }
    assert!(rounds > 0, "no rounds in {folder}");
    assert!(
        identical * 100 >= floor_percent * rounds,
        "{folder}: {identical}/{rounds} identical, below the floor of {floor_percent} %"
    );
}

#[test]
fn bbp_v6_default_rules_2026() {
    report("trf/generated/bbp-v6-default", DutchEdition::Rules2026, 96);
}

#[test]
fn bbp_v6_byes_heavy_rules_2026() {
    report(
        "trf/generated/bbp-v6-byes-heavy",
        DutchEdition::Rules2026,
        0,
    );
}

#[test]
fn bbp_v5_default_rules_2017() {
    report("trf/generated/bbp-v5-default", DutchEdition::Rules2017, 95);
}

#[test]
fn bbp_v5_byes_heavy_rules_2017() {
    report(
        "trf/generated/bbp-v5-byes-heavy",
        DutchEdition::Rules2017,
        0,
    );
}
