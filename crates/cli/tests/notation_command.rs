//! `arbiter notation` end to end: the Appendix C sample game translated and announced.

use std::{
    io::Write,
    process::{Command, Output, Stdio},
};

fn arbiter(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("notation")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

const SAMPLE: &str = "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6
8.De3 + Le7 9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)
";

#[test]
fn translates_the_sample_game() {
    let out = arbiter(&["--from", "de", "--to", "en"], SAMPLE);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "1.e4 e5 2.Nf3 Nf6 3.d4 exd4 4.e5 Ne4 5.Qxd4 d5 6.exd6 e.p. Nxd6 7.Bg5 Nc6 8.Qe3+ Be7 \
         9.Nbd2 0-0 10.0-0-0 Re8 11.Kb1 (=)\n"
    );
    let long = arbiter(&["--to", "de", "--form", "long"], SAMPLE);
    let long = String::from_utf8(long.stdout).unwrap();
    assert!(
        long.starts_with("1.e2e4 e7e5 2.Sg1f3 Sg8f6 3.d2d4 e5xd4"),
        "{long}"
    );
}

#[test]
fn announces_the_sample_game() {
    let out = arbiter(&["--announce", "de"], SAMPLE);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[2], "2. Springer Gustav eins Felix drei");
    assert_eq!(
        lines[10],
        "6. Bauer Eva fünf schlägt David sechs en passant"
    );
    assert_eq!(lines[17], "9... Kurze Rochade");
    assert_eq!(lines[18], "10. Lange Rochade");
}

#[test]
fn reports_where_a_record_goes_wrong() {
    let out = arbiter(&[], "1.e4 e5\n2.Sf3 Sf9\n");
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("-:2:9: half-move 4: expected square"), "{err}");
}
