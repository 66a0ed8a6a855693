//! `arbiter ratings T.trf --system dwz|elo`: the change table of a four-player round robin,
//! computed by hand.
//!
//! Anna 1800 (born 2000, age 25), Bernd 1600 (65), Carla 1500 (15), Dirk 1400 (35); end date
//! 2025-05-01, so DWZ under the Wertungsordnung 2014. Carla beat Dirk by forfeit (not rated).
//! Over the board: Anna beat Dirk, lost to Bernd, drew Carla; Bernd drew Carla, lost to Dirk.

const RR4: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ratings_rr4.trf");

fn arbiter(args: &[&str]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

fn table(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = vec!["ratings", RR4, "--json"];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = arbiter(&all);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("JSON array")
}

fn new_ratings(rows: &[serde_json::Value]) -> Vec<i64> {
    rows.iter()
        .map(|r| r["new_rating"].as_i64().unwrap())
        .collect()
}

/// P(D) to three decimals: Anna 0.921 + 0.760 + 0.856 = 2.537, E = round((1.8)^4 + 10) = 20,
/// 1800 + 800·(1.5 − 2.537)/23 = 1763.93 → 1764. Bernd 0.638 + 0.240 + 0.760 = 1.638,
/// E = round(1.6^4 + 15) = 22, 1600 + 800·(−0.138)/25 = 1595.58 → 1596. Carla (junior, W ≥ We:
/// acceleration 1500/2000 = 0.75): 0.362 + 0.144 = 0.506, E = round(10.0625·0.75) = 8,
/// 1500 + 800·0.494/10 = 1539.52 → 1540. Dirk 0.079 + 0.240 = 0.319, E = round(1.4^4 + 15) = 19,
/// 1400 + 800·0.681/21 = 1425.94 → 1426.
#[test]
fn dwz_change_table_by_hand() {
    let rows = table(&["--system", "dwz"]);
    assert_eq!(new_ratings(&rows), [1764, 1596, 1540, 1426]);
    let carla = &rows[2];
    assert_eq!(carla["games"], 2, "the forfeit is not rated");
    assert_eq!(carla["expected"], 0.506);
    assert_eq!(carla["factor"], 8);
    assert_eq!(carla["change"], 40);
    assert_eq!(rows[0]["expected"], 2.537);
    // --index 1 limits E to 5·index = 5: Anna 1800 + 800·(−1.037)/8 = 1696.3 → 1696.
    let rows = table(&["--system", "dwz", "--index", "1"]);
    assert_eq!(rows[0]["new_rating"], 1696);
    assert_eq!(rows[0]["factor"], 5);
}

/// FIDE table 8.1.2: Anna PD 0.92 + 0.76 + 0.85 = 2.53, K 20: 20·(1.5 − 2.53) = −20.6 → −21.
/// Bernd 0.64 + 0.24 + 0.76 = 1.64: −2.8 → −3. Carla, a junior (K 40): 0.36 + 0.15 = 0.51,
/// 40·0.49 = 19.6 → +20. Dirk 0.08 + 0.24 = 0.32, 20·0.68 = 13.6 → +14.
#[test]
fn elo_change_table_by_hand() {
    let rows = table(&["--system", "elo"]);
    assert_eq!(new_ratings(&rows), [1779, 1597, 1520, 1414]);
    assert_eq!(rows[2]["factor"], 40);
    assert_eq!(rows[0]["factor"], 20);
    assert_eq!(rows[0]["change"], -21);
    // --k for everyone: Carla 10·0.49 = 4.9 → +5.
    let rows = table(&["--system", "elo", "--k", "10"]);
    assert_eq!(rows[2]["change"], 5);
    let (code, stdout, _) = arbiter(&["ratings", RR4, "--system", "elo"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("tpn\tname\trating"), "{stdout}");
    assert!(
        stdout.contains("\n1\tAnna\t1800\t3\t1.5\t2.530\t20\t1779\t-21\t"),
        "{stdout}"
    );
}

/// Dirk as a newcomer: two games are too few for a first rating, and the rated players' games
/// against him drop out. DWZ Anna: 0.760 + 0.856 = 1.616, 1800 + 800·(0.5 − 1.616)/22 =
/// 1759.4 → 1759. Elo Anna: 0.76 + 0.85 = 1.61, 20·(0.5 − 1.61) = −22.2 → 1778.
#[test]
fn newcomer_without_enough_games() {
    let text = std::fs::read_to_string(RR4).unwrap();
    let newcomer = text.replacen(
        "Dirk                              1400",
        "Dirk                                 0",
        1,
    );
    assert_ne!(newcomer, text);
    let path = std::env::temp_dir().join(format!("arbiter-ratings-{}.trf", std::process::id()));
    std::fs::write(&path, newcomer).unwrap();
    let file = path.to_str().unwrap();
    let (code, dwz, stderr) = arbiter(&["ratings", file, "--system", "dwz", "--json"]);
    let (_, elo, _) = arbiter(&["ratings", file, "--system", "elo", "--json"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(code, 0, "{stderr}");
    let dwz: Vec<serde_json::Value> = serde_json::from_str(&dwz).unwrap();
    let elo: Vec<serde_json::Value> = serde_json::from_str(&elo).unwrap();
    assert_eq!(dwz[0]["new_rating"], 1759);
    assert!(dwz[3]["new_rating"].is_null());
    assert!(dwz[3]["rating"].is_null());
    assert!(!dwz[3]["note"].as_str().unwrap().is_empty());
    assert_eq!(elo[0]["new_rating"], 1778);
    assert!(
        elo[3]["note"].as_str().unwrap().contains("at least 5"),
        "{}",
        elo[3]
    );
}

#[test]
fn end_date_chooses_the_wertungsordnung_and_is_required() {
    let old = table(&["--system", "dwz"]);
    let new = table(&["--system", "dwz", "--end-date", "2026-07-01"]);
    assert_ne!(new_ratings(&old), new_ratings(&new));
    let forced = table(&[
        "--system",
        "dwz",
        "--end-date",
        "2026-07-01",
        "--edition",
        "2014",
    ]);
    // WO 2014 forced, but the ages follow the 2026 end date: Anna is 26 (J = 15), E = 25,
    // 1800 + 800·(−1.037)/28 = 1770.4 → 1770; the others keep their age group.
    assert_eq!(new_ratings(&forced), [1770, 1596, 1540, 1426]);
    let text = std::fs::read_to_string(RR4).unwrap();
    let path =
        std::env::temp_dir().join(format!("arbiter-ratings-nodate-{}.trf", std::process::id()));
    std::fs::write(&path, text.replace("052 2025/05/01\n", "")).unwrap();
    let (code, _, stderr) = arbiter(&["ratings", path.to_str().unwrap(), "--system", "dwz"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(code, 3);
    assert!(stderr.contains("--end-date"), "{stderr}");
    let (code, _, _) = arbiter(&["ratings", "/nonexistent.trf", "--system", "elo"]);
    assert_eq!(code, 5);
}
