//! `arbiter fen` as a user runs it.

use std::process::Command;

fn arbiter(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

#[test]
fn legal_shredder_fen_is_written_back() {
    let (code, out) = arbiter(&[
        "fen",
        "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEge - 0 1\ncastling: Chess960 (Guideline II.3), Shredder-FEN\n"
    );
}

#[test]
fn illegal_position_lists_reasons_in_german() {
    let (code, out) = arbiter(&["fen", "--german", "R6k/8/8/8/8/8/8/r6K w - - 0 1"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "illegal position (Art. 3.10.3)\n- Beide Könige stehen im Schach. (Art. 3.10.3, Art. 3.9)\n"
    );
}

#[test]
fn tolerant_import_warns() {
    let (code, out) = arbiter(&["fen", "--tolerant", "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\ncastling: standard (Art. 3.8.2), X-FEN\nwarning: invalid castling rights dropped (Art. 3.8.2.1)\n"
    );
}

#[test]
fn syntax_error_names_the_column() {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["fen", "8/8/8/8/8/8/8/8 x - - 0 1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .starts_with("arbiter fen: column 17:")
    );
}

#[test]
fn h19_15_unwinnable_agrees_with_fen_on_illegal_positions_and_reads_short_fens() {
    let crowded = "QQQQKQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/7k w - - 0 1";
    let (code, out) = arbiter(&["fen", crowded]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("white has 32 men, more than 16"), "{out}");
    let file =
        std::env::temp_dir().join(format!("arbiter-h19-unwinnable-{}.txt", std::process::id()));
    std::fs::write(
        &file,
        format!("{crowded} white\n8/8/4k3/8/8/3K4/8/8 w both\n"),
    )
    .unwrap();
    let (code, out) = arbiter(&["unwinnable", "--quick", file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("illegal position (Art. 3.10.3): ")
            && lines[0].contains("white has 32 men, more than 16"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("unwinnable both: dead position"),
        "{out}"
    );
}
