//! A simulated school championship: 8 teams of 4 boards, a single round robin paired by
//! `arbiter pair --team --team-rr`, results written to a TRF-2026 file and ranked by
//! `arbiter standings --preset sjrp-teams-rr` (SJRP §10.6), checked against a hand calculation.

const TEAMS: u16 = 8;
const BOARDS: u16 = 4;

fn arbiter(args: &[&str]) -> (i32, String, String) {
    testkit::run(env!("CARGO_BIN_EXE_arbiter"), args)
}

/// One player's round: opponent, colour letter, result letter.
type Cell = (u16, char, char);

fn trf_text(cells: &[Vec<Cell>]) -> String {
    let mut text = String::from(
        "012 Schulschach WK III\n142 7\n152 W\n192 FIDE_TEAM_MP_GP\n362 TW  2.0   TD  1.0   TL  0.0\n",
    );
    for (i, rounds) in cells.iter().enumerate() {
        let n = i + 1;
        let tenths: u32 = rounds
            .iter()
            .map(|c| match c.2 {
                '1' => 10,
                '=' => 5,
                _ => 0,
            })
            .sum();
        let points = format!("{}.{}", tenths / 10, tenths % 10);
        text += &format!(
            "001 {n:>4}      {:<33} {:>4}{:28}{points:>4} {n:>4}",
            format!("P{n}"),
            1500,
            ""
        );
        for &(opp, colour, result) in rounds {
            text += &format!("  {opp:>4} {colour} {result}");
        }
        text.push('\n');
    }
    for team in 1..=TEAMS {
        let players: Vec<String> = (1..=BOARDS)
            .map(|b| format!("{:>4}", (team - 1) * BOARDS + b))
            .collect();
        text += &format!(
            "310 {team:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {}\n",
            format!("School {team}"),
            "",
            "",
            "",
            "",
            "",
            players.join(" ")
        );
    }
    text
}

/// Board results from the lower-numbered team's side: it wins 2.5:1.5 (W, W, D, L), except
/// that teams 2 and 3 draw 2:2 (W, L, D, D).
fn boards(low: u16, high: u16) -> [char; 4] {
    if (low, high) == (2, 3) {
        ['1', '0', '=', '=']
    } else {
        ['1', '1', '=', '0']
    }
}

fn mirror(r: char) -> char {
    match r {
        '1' => '0',
        '0' => '1',
        x => x,
    }
}

#[test]
fn school_round_robin_by_hand() {
    let dir = std::env::temp_dir().join(format!("arbiter-team-rr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("wk3.trf");
    let mut cells: Vec<Vec<Cell>> = vec![Vec::new(); usize::from(TEAMS * BOARDS)];
    for round in 1..=7 {
        std::fs::write(&file, trf_text(&cells)).unwrap();
        let r = round.to_string();
        let (code, out, err) = arbiter(&[
            "pair",
            "--team",
            file.to_str().unwrap(),
            "-p",
            "--team-rr",
            &r,
        ]);
        assert_eq!(code, 0, "{err}");
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some("4"));
        for line in lines {
            let (w, b) = line.split_once(' ').unwrap();
            let (white, black): (u16, u16) = (w.parse().unwrap(), b.parse().unwrap());
            let results = boards(white.min(black), white.max(black));
            for (i, &r) in results.iter().enumerate() {
                let board = u16::try_from(i).unwrap() + 1;
                let pw = (white - 1) * BOARDS + board;
                let pb = (black - 1) * BOARDS + board;
                let (cw, cb) = if board % 2 == 1 {
                    ('w', 'b')
                } else {
                    ('b', 'w')
                };
                let rw = if white < black { r } else { mirror(r) };
                cells[usize::from(pw) - 1].push((pb, cw, rw));
                cells[usize::from(pb) - 1].push((pw, cb, mirror(rw)));
            }
        }
    }
    std::fs::write(&file, trf_text(&cells)).unwrap();
    let (code, _, err) = arbiter(&["trf", "check", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = arbiter(&[
        "standings",
        file.to_str().unwrap(),
        "--preset",
        "sjrp-teams-rr",
    ]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    // Hand calculation. Team k beats every higher number 2.5:1.5 and loses to every lower one,
    // except 2-3 (2:2): MP 1 = 14, 2 = 3 = 11, k ≥ 4: 2·(8 − k). BP k = 2.5·wins + 1.5·losses
    // (2 and 3: 2 for their draw). SB = Σ opponent MP × own MP: team 1: 2·(11+11+8+6+4+2+0) = 84;
    // teams 2 and 3: 2·(8+6+4+2+0) + 1·11 = 51. Teams 2 and 3 stay tied through DE (1:1).
    let expected = "\
rank\tteam\tname\tMP\tBP\tSB\tSW\tDE
1\t1\tSchool 1\t14.00\t17.50\t84.00\t7.00\t0.00
2=\t2\tSchool 2\t11.00\t16.00\t51.00\t5.00\t1.00
2=\t3\tSchool 3\t11.00\t16.00\t51.00\t5.00\t1.00
4\t4\tSchool 4\t8.00\t14.50\t24.00\t4.00\t0.00
5\t5\tSchool 5\t6.00\t13.50\t12.00\t3.00\t0.00
6\t6\tSchool 6\t4.00\t12.50\t4.00\t2.00\t0.00
7\t7\tSchool 7\t2.00\t11.50\t0.00\t1.00\t0.00
8\t8\tSchool 8\t0.00\t10.50\t0.00\t0.00\t0.00
";
    assert!(out.starts_with(expected), "{out}");
    assert!(err.contains("still tied (=): 2, 3"), "{err}");
    assert!(err.contains("§10.6"), "{err}");
    // Best per board: boards 1 and 2 team 1 (7 of 7); board 3 all 3.5, the lowest number (3);
    // board 4 team 8's player 32 (7 of 7).
    let leaders: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("board"))
        .skip(1)
        .collect();
    assert_eq!(
        leaders,
        [
            "1\t1\tP1\t1\t7\t7",
            "2\t2\tP2\t1\t7\t7",
            "3\t3\tP3\t1\t3.5\t7",
            "4\t32\tP32\t8\t7\t7"
        ]
    );
}
