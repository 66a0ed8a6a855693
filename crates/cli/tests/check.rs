//! `arbiter check` on small PGN files, output compared line by line.

use std::path::PathBuf;
use std::process::Command;

fn arbiter_check(args: &[&str], file: &str) -> (String, String, Option<i32>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/check")
        .join(file);
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("check")
        .args(args)
        .arg(&path)
        .output()
        .expect("arbiter runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

#[test]
fn illegal_move_is_located() {
    let (stdout, stderr, code) = arbiter_check(&[], "illegal.pgn");
    assert_eq!(
        stdout,
        "game 1, line 1: A - B, 9 plies\n  \
         error: line 6, column 51: 5...Qxe4+ is not a legal move (Art. 3)\n  \
         result: 1-0 recorded, cannot be checked\n"
    );
    assert_eq!(
        stderr,
        "1 games, 9 plies: 1 with errors, 0 results contradicting the Laws, 0 with draw claims available\n"
    );
    assert_eq!(code, Some(1));
}

#[test]
fn wrong_result_after_dead_position() {
    let (stdout, _, code) = arbiter_check(&[], "dead.pgn");
    assert_eq!(
        stdout,
        "game 1, line 1: A - B, 2 plies\n  \
         ended: after 54.Kxg2 the position is dead: Art. 5.2.2 (1 half-move(s) recorded after the end)\n  \
         result: 1-0 recorded, but after 54.Kxg2 the position is dead: Art. 5.2.2, the game was drawn\n"
    );
    assert_eq!(code, Some(1));
}

#[test]
fn wrong_result_after_dead_position_in_german() {
    let (stdout, stderr, _) = arbiter_check(&["--lang", "de"], "dead.pgn");
    assert_eq!(
        stdout,
        "Partie 1, Zeile 1: A - B, 2 Halbzüge\n  \
         beendet: nach 54.Kxg2 ist die Stellung tot: Art. 5.2.2 (1 Halbzug/Halbzüge nach dem Ende notiert)\n  \
         Ergebnis: 1-0 eingetragen, aber nach 54.Kxg2 ist die Stellung tot: Art. 5.2.2, die Partie endete remis\n"
    );
    assert!(
        stderr.starts_with("1 Partien, 2 Halbzüge: 0 mit Fehlern, 1 Ergebnisse im Widerspruch")
    );
}

#[test]
fn fivefold_not_noticed() {
    let (stdout, _, code) = arbiter_check(&[], "fivefold.pgn");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "game 1, line 1: A - B, 17 plies",
            "  ended: after 8...Ng8 the position has appeared five times: Art. 9.6.1 (1 half-move(s) recorded after the end)",
            "  result: 1-0 recorded, but after 8...Ng8 the position has appeared five times: Art. 9.6.1, the game was drawn",
            "  claim: threefold repetition claimable by writing 4...Ng8 (Art. 9.2.1), positions at plies 0, 4, 8",
        ]
    );
    assert_eq!(
        lines[4],
        "  claim: threefold repetition claimable after 4...Ng8 (Art. 9.2.2), positions at plies 0, 4, 8"
    );
    assert_eq!(code, Some(1));
}

#[test]
fn latin1_file() {
    let (stdout, _, code) = arbiter_check(&[], "latin1.pgn");
    assert_eq!(
        stdout,
        "game 1, line 1: Müller - Schäfer, 4 plies\n  \
         ended: after 2...Qh4# the king is checkmated: Art. 5.1.1\n  \
         result: 0-1 recorded, agrees with the Laws\n"
    );
    assert_eq!(code, Some(0));
}

#[test]
fn latin1_file_german_moves() {
    let (stdout, _, _) = arbiter_check(&["--lang", "de"], "latin1.pgn");
    assert!(
        stdout.contains("nach 2...Dh4# ist der König matt: Art. 5.1.1"),
        "{stdout}"
    );
}

#[test]
fn chess960_game() {
    let (stdout, _, code) = arbiter_check(&[], "chess960.pgn");
    assert_eq!(
        stdout,
        "game 1, line 1: A - B, 2 plies\n  \
         result: * recorded, not decided by the moves (resignation, agreement, claim or clock)\n"
    );
    assert_eq!(code, Some(0));
}

#[test]
fn json_one_object_per_game() {
    let (stdout, _, _) = arbiter_check(&["--json"], "dead.pgn");
    let value: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(value["result"], "contradicts");
    assert_eq!(value["ending"]["article"], "Art. 5.2.2");
    assert_eq!(value["ending"]["after"]["move"], "54.Kxg2");
    assert_eq!(value["moves_after_end"], 1);
    assert_eq!(value["legal"], true);
}

#[test]
fn unreadable_file_exits_3() {
    let (_, stderr, code) = arbiter_check(&[], "does-not-exist.pgn");
    assert!(stderr.starts_with("arbiter check: "), "{stderr}");
    assert_eq!(code, Some(3));
}

#[test]
fn standard_input_and_json_lines() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["check", "--json", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter runs");
    let pgn = b"[White \"A\"]\n1. e4 e5 1/2-1/2\n[White \"B\"]\n1. e4 e2e4 *";
    child.stdin.take().unwrap().write_all(pgn).unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let games: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["white"], "A");
    assert_eq!(games[0]["result"], "not_decided_by_moves");
    assert_eq!(
        games[1]["error"]["message"],
        "`e2e4` is UCI notation: expected a move in SAN"
    );
    assert_eq!(
        (
            games[1]["error"]["line"].as_u64(),
            games[1]["error"]["column"].as_u64()
        ),
        (Some(4), Some(7))
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn pgn_rewrites_with_german_moves() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/check/chess960.pgn");
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["pgn", "--lang", "de"])
        .arg(&path)
        .output()
        .expect("arbiter runs");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "[Event \"960\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"A\"]\n[Black \"B\"]\n\
         [Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n\
         [FEN \"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1\"]\n\n1. 0-0-0 0-0 *\n"
    );
    assert_eq!(out.status.code(), Some(0));
}
