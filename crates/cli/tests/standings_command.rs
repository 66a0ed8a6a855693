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

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("arbiter-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn preset_gives_the_order_and_tiebreaks_override_it() {
    let (code, stdout, stderr) = arbiter(&["standings", HELD, "--preset", "sjrp-swiss", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout).unwrap();
    let codes: Vec<&String> = rows[0]["tiebreaks"].as_object().unwrap().keys().collect();
    assert_eq!(codes.len(), 4);
    // SW/U of Franck: two wins and the PAB.
    assert_eq!(row(&rows, 6)["tiebreaks"]["SW/U"], 3);
    let order: Vec<u64> = rows
        .iter()
        .take(5)
        .map(|r| r["tpn"].as_u64().unwrap())
        .collect();
    assert_eq!(order, [2, 3, 4, 1, 16]);
    let (code, stdout, _) = arbiter(&[
        "standings",
        HELD,
        "--preset",
        "sjrp-swiss",
        "--tiebreaks",
        "SB",
        "--json",
    ]);
    assert_eq!(code, 0);
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout).unwrap();
    assert_eq!(rows[0]["tiebreaks"].as_object().unwrap().len(), 1);
}

#[test]
fn list_presets_names_their_paragraphs() {
    let (code, stdout, stderr) = arbiter(&["standings", "--list-presets"]);
    assert_eq!(code, 0, "{stderr}");
    for (name, source) in [
        ("sjrp-swiss", "§6.1"),
        ("sjrp-rr", "§6.1"),
        ("sjrp-teams-swiss", "§10.5"),
        ("sjrp-teams-rr", "§10.6"),
        ("dsj-swiss", "Ziffer 4.2"),
        ("dsj-rr", "Ziffer 4.3"),
    ] {
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{name}\t")))
            .unwrap_or_else(|| panic!("{name} missing: {stdout}"));
        assert!(line.contains(source), "{line}");
    }
}

#[test]
fn preset_from_json_file_and_refusals() {
    let file = temp(
        "preset.json",
        r#"{"name": "club", "source": "Vereinsturnierordnung", "tiebreaks": "BHSUM/C1,SW", "buchholz_sum": "full"}"#,
    );
    let (code, stdout, stderr) = arbiter(&[
        "standings",
        HELD,
        "--edition",
        "2024",
        "--preset",
        file.to_str().unwrap(),
        "--json",
    ]);
    std::fs::remove_file(&file).ok();
    assert_eq!(code, 0, "{stderr}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout).unwrap();
    // Alyx: full BH of 9, 13, 2, 15, 4 = 63.0, the lowest (9.0) cut.
    assert_eq!(row(&rows, 1)["tiebreaks"]["BHSUM/C1"], 54.0);
    // --bhsum overrides the preset's reading: BH/C1 of the opponents, 46.5.
    let file = temp(
        "preset2.json",
        r#"{"name": "club", "tiebreaks": "BHSUM/C1", "buchholz_sum": "full"}"#,
    );
    let (_, stdout, _) = arbiter(&[
        "standings",
        HELD,
        "--edition",
        "2024",
        "--preset",
        file.to_str().unwrap(),
        "--bhsum",
        "cut",
        "--json",
    ]);
    std::fs::remove_file(&file).ok();
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout).unwrap();
    assert_eq!(row(&rows, 1)["tiebreaks"]["BHSUM/C1"], 46.5);
    let (code, _, stderr) = arbiter(&["standings", HELD, "--preset", "sjrp-teams-swiss"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("team"), "{stderr}");
    let (code, _, stderr) = arbiter(&["standings", HELD, "--preset", "nonesuch"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--list-presets"), "{stderr}");
    let bad = temp("bad.json", "{\"name\": \"x\",\n\"tiebreaks\": }");
    let (code, _, stderr) = arbiter(&["standings", HELD, "--preset", bad.to_str().unwrap()]);
    std::fs::remove_file(&bad).ok();
    assert_eq!(code, 2);
    assert!(stderr.contains("line 2"), "{stderr}");
    let (code, _, stderr) = arbiter(&["standings", HELD, "--tiebreaks", "SB,OSB"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("team tie-break"), "{stderr}");
}

#[test]
fn ties_after_the_last_criterion_are_marked() {
    // Under DE alone, 1, 3, 4 and 16 (3.5 points) stay tied (§3.1).
    let (code, stdout, stderr) = arbiter(&[
        "standings",
        HELD,
        "--tiebreaks",
        "DE",
        "--preset",
        "sjrp-swiss",
        "--json",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout).unwrap();
    for tpn in [1, 3, 4, 16, 5, 8, 11] {
        assert_eq!(row(&rows, tpn)["tied"], true, "{tpn}");
    }
    assert_eq!(row(&rows, 2)["tied"], false);
    let (_, stdout, stderr) = arbiter(&[
        "standings",
        HELD,
        "--preset",
        "sjrp-swiss",
        "--tiebreaks",
        "DE",
    ]);
    let alyx = stdout
        .lines()
        .find(|l| l.split('\t').nth(1) == Some("1"))
        .unwrap();
    assert!(alyx.starts_with("2=\t"), "{alyx}");
    assert!(
        stderr.contains("rank 2 (=): 1, 3, 4, 16; Stichkampf"),
        "{stderr}"
    );
    // The full SJRP order separates the top five.
    let (_, stdout, _) = arbiter(&["standings", HELD, "--preset", "sjrp-swiss", "--json"]);
    let rows: Vec<serde_json::Value> = serde_json::from_str(&stdout).unwrap();
    assert!(rows.iter().take(5).all(|r| r["tied"] == false));
}

#[test]
fn html_is_escaped_and_translated() {
    let text = std::fs::read_to_string(HELD).unwrap();
    let renamed = text.replacen("Bruno   ", "Br<u>&'o", 1);
    assert_ne!(renamed, text);
    let path = temp("html.trf", &renamed);
    let file = path.to_str().unwrap();
    let (code, de, stderr) = arbiter(&[
        "standings",
        file,
        "--preset",
        "sjrp-swiss",
        "--html",
        "--lang",
        "de",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (_, en, _) = arbiter(&["standings", file, "--tiebreaks", "SB", "--html"]);
    std::fs::remove_file(&path).ok();
    assert!(de.starts_with("<!DOCTYPE html>"), "{de}");
    assert!(de.contains("Br&lt;u&gt;&amp;&#39;o"), "{de}");
    assert!(!de.contains("Br<u>"));
    assert!(
        de.contains("<th>Platz</th>") && de.contains("<th>Punkte</th>"),
        "{de}"
    );
    assert!(de.contains(r#"title="Siegwertung">SW/U</th>"#), "{de}");
    assert!(de.contains("<html lang=\"de\">"));
    assert!(en.contains("<th>Rank</th>") && en.contains(r#"title="Sonneborn-Berger">SB</th>"#));
    assert_eq!(de.matches("<tr>").count(), 17);
    assert!(de.trim_end().ends_with("</html>"));
    let (_, ties, _) = arbiter(&["standings", HELD, "--tiebreaks", "DE", "--html"]);
    assert!(
        ties.contains(r#"<td class="n">2=</td><td class="n">1</td>"#),
        "{ties}"
    );
    assert!(
        ties.contains("= still tied after the last criterion"),
        "{ties}"
    );
}
