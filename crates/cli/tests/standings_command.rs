//! `arbiter standings`: the TEC exercise (C.07 2024/2026) through the command line.

const HELD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../standings/tests/data/held_swiss_5.trf"
);

fn arbiter(args: &[&str]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

fn json(edition: &str, tiebreaks: &str) -> Vec<serde_json::Value> {
    let (code, stdout, stderr) = arbiter(&[
        "standings",
        HELD,
        "--tiebreaks",
        tiebreaks,
        "--edition",
        edition,
        "--json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str::<serde_json::Value>(&stdout)
        .expect("JSON")
        .as_array()
        .expect("array")
        .clone()
}

fn row(rows: &[serde_json::Value], tpn: u64) -> &serde_json::Value {
    rows.iter().find(|r| r["tpn"] == tpn).expect("player")
}

#[test]
fn json_in_rank_order_with_codes_as_given() {
    let rows = json("2024", "BH/C1,SB,WIN,DE");
    assert_eq!(rows.len(), 16);
    assert_eq!(rows[0]["tpn"], 2);
    assert_eq!(rows[0]["rank"], 1);
    assert_eq!(rows[0]["points"], 4.0);
    let david = row(&rows, 4);
    assert_eq!(david["tiebreaks"]["BH/C1"], 11.5);
    assert_eq!(david["tiebreaks"]["SB"], 9.75);
    assert_eq!(david["tiebreaks"]["WIN"], 2);
    let ranks: Vec<u64> = rows.iter().map(|r| r["rank"].as_u64().unwrap()).collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn edition_switch_changes_dummy_values() {
    let v1 = json("2024", "bh-c1,SB");
    let v2 = json("2026", "bh-c1,SB");
    assert_eq!(row(&v1, 6)["tiebreaks"]["bh-c1"], 11.0);
    assert_eq!(row(&v2, 6)["tiebreaks"]["bh-c1"], 10.5);
    assert_eq!(row(&v2, 4)["tiebreaks"]["SB"], 9.25);
}

#[test]
fn default_edition_follows_start_date() {
    // 042 = 2024-08-01: the 2024 rules; Franck's BH is 12.0 (11.5 under 2026).
    let (code, stdout, stderr) = arbiter(&["standings", HELD, "--tiebreaks", "BH", "--csv"]);
    assert_eq!(code, 0, "{stderr}");
    let franck = stdout
        .lines()
        .find(|l| l.split(',').nth(1) == Some("6"))
        .unwrap();
    assert!(franck.ends_with(",3,12.00"), "{franck}");
}

#[test]
fn bad_code_is_reported_with_column() {
    let (code, _, stderr) = arbiter(&["standings", HELD, "--tiebreaks", "BH/C1,KX,DE"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("`KX` (column 7)"), "{stderr}");
}

#[test]
fn missing_file_exits_5() {
    let (code, _, _) = arbiter(&["standings", "/nonexistent.trf"]);
    assert_eq!(code, 5);
}

#[test]
fn explain_shows_dummy_and_cut_per_round() {
    let (code, stdout, stderr) = arbiter(&[
        "standings",
        HELD,
        "--tiebreaks",
        "BH/C1,SB/C1",
        "--edition",
        "2026",
        "--explain",
        "4",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("BH/C1 (C.07 Art. 8.1): 11.50"), "{stdout}");
    assert!(stdout.contains("SB/C1 (C.07 Art. 9.1): 7.75"), "{stdout}");
    let hpb = stdout
        .lines()
        .find(|l| l.contains("R2 opponent -") && l.contains("C.07 Art. 16.5"))
        .expect("the HPB is cut from BH under 16.5");
    assert!(hpb.contains("dummy opponent 2.5"), "{hpb}");
    let opal = stdout
        .lines()
        .filter(|l| l.contains("R3 opponent 13"))
        .nth(1)
        .expect("SB line for Opal");
    assert!(opal.contains("cut (least significant value"), "{opal}");
    let (code, _, _) = arbiter(&["standings", HELD, "--explain", "99"]);
    assert_eq!(code, 2);
}

#[test]
fn inconsistent_pairings_are_refused() {
    let text = std::fs::read_to_string(HELD).unwrap();
    // Bruno's round-1 opponent changed from 10 to 11: the pairing is no longer symmetric.
    let broken = text.replacen("4.0    2    10 b 1", "4.0    2    11 b 1", 1);
    assert_ne!(broken, text);
    let path = std::env::temp_dir().join(format!("arbiter-standings-{}.trf", std::process::id()));
    std::fs::write(&path, broken).unwrap();
    let (code, stdout, stderr) =
        arbiter(&["standings", path.to_str().unwrap(), "--tiebreaks", "BH"]);
    std::fs::remove_file(&path).ok();
    assert_eq!(code, 3, "{stdout}");
    assert!(stderr.contains("error"), "{stderr}");
    assert!(stdout.is_empty());
}
