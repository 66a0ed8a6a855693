//! `arbiter trf`: summaries, exit codes, conversion output.

use std::path::PathBuf;

fn corpus(relative: &str) -> PathBuf {
    testkit::shared_data(&format!("trf/{relative}"))
}

fn arbiter(args: &[&std::ffi::OsStr]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

#[test]
fn check_valid_file_prints_summary_and_exits_0() {
    let file = corpus("py4swiss-tests/tests_data_javafo_example.trf");
    let (code, stdout, _) = arbiter(&["trf".as_ref(), "check".as_ref(), file.as_os_str()]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("TRF16, 52 players, 4 of 9 rounds played, points checked for 52 players, 0 errors, 0 warnings"),
        "{stdout}"
    );
}

#[test]
fn check_wrong_points_exits_3_with_line_and_column() {
    let file = corpus("py4swiss-tests/tests_data_incorrect_points.trf");
    let (code, stdout, _) = arbiter(&["trf".as_ref(), "check".as_ref(), file.as_os_str()]);
    assert_eq!(code, 3, "{stdout}");
    assert!(
        stdout
            .contains("line 2, column 81: error: player 2 has 4.0 points but the results give 3.0"),
        "{stdout}"
    );
}

#[test]
fn check_syntax_error_exits_3_and_missing_file_exits_5() {
    let dir = std::env::temp_dir().join(format!("arbiter-trf-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.trf");
    std::fs::write(&bad, "012 x\r001    1      A                                                                  1.0    1     2 q 1\r")
        .expect("write temp file");
    let (code, _, stderr) = arbiter(&["trf".as_ref(), "check".as_ref(), bad.as_os_str()]);
    assert_eq!(code, 3);
    assert!(
        stderr.contains("line 2, column 97: expected colour w, b or -"),
        "{stderr}"
    );
    let missing = dir.join("missing.trf");
    let (code, _, _) = arbiter(&["trf".as_ref(), "check".as_ref(), missing.as_os_str()]);
    assert_eq!(code, 5);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn convert_to_trf26_writes_142_and_152() {
    let file = corpus("gnutterts-chesspairing/trf_testdata_basic.trf");
    let (code, stdout, stderr) = arbiter(&[
        "trf".as_ref(),
        "convert".as_ref(),
        file.as_os_str(),
        "--to".as_ref(),
        "trf26".as_ref(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("\n142 3\n152 W\nXXR 3\nXXC white1\n"),
        "{stdout}"
    );
    assert!(stderr.contains("1 x XXR -> 142 (XXR kept)"), "{stderr}");
}

#[test]
fn convert_to_trf16_drops_trf26_records() {
    let file = corpus("markdechamps/kd-4-javafo-half-point-byes.trf");
    let (code, stdout, stderr) = arbiter(&[
        "trf".as_ref(),
        "convert".as_ref(),
        file.as_os_str(),
        "--to".as_ref(),
        "trf16".as_ref(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        !stdout.contains("\n192 ") && !stdout.contains("\n142 "),
        "{stdout}"
    );
    assert!(stdout.contains("\nXXR 7\n"), "{stdout}");
    assert!(
        stderr.contains("1 x 192 dropped (no TRF16 equivalent)"),
        "{stderr}"
    );
}

#[test]
fn convert_writes_output_file_that_checks_clean() {
    let file = corpus("py4swiss-tests/tests_data_javafo_example.trf");
    let out = std::env::temp_dir().join(format!("arbiter-trf-convert-{}.trf", std::process::id()));
    let (code, _, stderr) = arbiter(&[
        "trf".as_ref(),
        "convert".as_ref(),
        file.as_os_str(),
        "--to".as_ref(),
        "trf26".as_ref(),
        "-o".as_ref(),
        out.as_os_str(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (code, stdout, _) = arbiter(&["trf".as_ref(), "check".as_ref(), out.as_os_str()]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        // Its 013 record became a 310: a team file, so the teams are counted.
        stdout.contains("TRF26, 52 players, 1 teams, 0 line-ups (300), 4 of 9 rounds played"),
        "{stdout}"
    );
    std::fs::remove_file(&out).expect("clean up");
}

#[test]
fn h19_12_empty_bom_only_nul_and_html_files_are_not_trf() {
    let dir = std::env::temp_dir().join(format!("arbiter-trf-h19-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let cases: [(&str, &[u8]); 4] = [
        ("empty.trf", b""),
        ("bom.trf", b"\xef\xbb\xbf"),
        ("nul.trf", &[0; 32]),
        (
            "page.trf",
            b"<!DOCTYPE html>\n<html><body>404</body></html>\n",
        ),
    ];
    for (name, bytes) in cases {
        let file = dir.join(name);
        std::fs::write(&file, bytes).expect("write temp file");
        for command in [&["check"][..], &["convert", "--to", "trf26"]] {
            let mut args = vec!["trf".as_ref(), command[0].as_ref(), file.as_os_str()];
            args.extend(command[1..].iter().map(std::ffi::OsStr::new));
            let (code, stdout, stderr) = arbiter(&args);
            assert_eq!(code, 3, "{name} {command:?}: {stdout}");
            assert!(stdout.is_empty(), "{name}: {stdout}");
            assert!(
                stderr.contains("line 1, column 1: expected"),
                "{name}: {stderr}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}
