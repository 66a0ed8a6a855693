//! `arbiter players import`: formats guessed or given, clubs, JSON, errors and exit codes.

fn fixture(name: &str) -> String {
    format!(
        "{}/../ratinglist/tests/data/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn arbiter(args: &[&str]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

#[test]
fn dsb_list_with_clubs() {
    let (code, out, err) = arbiter(&[
        "players",
        "import",
        &fixture("spieler_v2.csv"),
        "--clubs",
        &fixture("vereine.csv"),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("    2  Brückner, Jörg  FM  GER  M  born 1975  FIDE 99000020  Elo 2288  DWZ 2215-88  ZPS C0327-3  SK Nordheim 1921\n"), "{out}");
    assert!(out.ends_with("spieler_v2.csv: DSB spieler.csv v2, UTF-8 with BOM, 6 players, 0 errors, 0 possible duplicates\n"), "{out}");
}

#[test]
fn fide_lists_by_content_and_by_flag() {
    let (code, out, _) = arbiter(&["players", "import", &fixture("players_list_foa.txt")]);
    assert_eq!(code, 0);
    assert!(
        out.contains("FIDE rating list (TXT), Windows-1252, 6 players, 0 errors"),
        "{out}"
    );
    let (code, out, _) = arbiter(&[
        "players",
        "import",
        &fixture("players_list_xml_foa.xml"),
        "--format",
        "fide-xml",
        "--json",
    ]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["count"], 6);
    assert_eq!(json["players"][5]["last_name"], "Żelazny");
    assert_eq!(
        json["players"][0]["titles"],
        serde_json::json!(["IM", "WGM"])
    );
}

#[test]
fn csv_duplicates_and_row_errors() {
    let (code, out, _) = arbiter(&[
        "players",
        "import",
        &fixture("anmeldung.csv"),
        "--format",
        "csv",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("duplicate? Brückner, Jörg (line 3) and Brueckner, Joerg (line 5): same name `brueckner joerg` and birth year 1975"), "{out}");
    let dir = std::env::temp_dir().join(format!("arbiter-players-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.csv");
    std::fs::write(&bad, "Name;Elo\n\"Ok, Anna\";1500\n\"Bad, Bert\";15x0\n").unwrap();
    let (code, out, _) = arbiter(&["players", "import", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error: ")
            && out
                .contains("bad.csv: line 3, column 13: Elo: expected an Elo rating, found `15x0`"),
        "{out}"
    );
    let (code, _, err) = arbiter(&[
        "players",
        "import",
        bad.to_str().unwrap(),
        "--format",
        "dsb",
    ]);
    assert_eq!(code, 3);
    assert!(
        err.contains("bad.csv: line 1, column 1: unknown header"),
        "{err}"
    );
    let (code, _, err) = arbiter(&[
        "players",
        "import",
        dir.join("missing.csv").to_str().unwrap(),
    ]);
    assert_eq!(code, 5, "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
