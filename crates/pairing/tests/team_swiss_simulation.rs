//! A simulated club team Swiss: 4-board teams, 5 rounds, random board results, a forfeited
//! match in round 3. Every round is paired by `pairing::team` from the TRF-2026 file written so
//! far, and the rules C.04.6 takes over from C.04.1 are checked: everybody paired once, no
//! played match repeated (b), one bye at most and none after a forfeit win (c, d).

use std::collections::HashSet;

use pairing::team::pair_next_round;
use trf::Tournament;
use trf::team::MatchKind;

const BOARDS: u16 = 4;

/// One player's round: opponent, colour letter, result letter.
type Cell = (u16, char, char);

fn trf_text(teams: u16, cells: &[Vec<Cell>]) -> String {
    let mut text = String::from(
        "012 Simulated team Swiss\n142 5\n152 W\n192 FIDE_TEAM_TYPEA_MP_GP\n362 TW  2.0   TD  1.0   TL  0.0\n",
    );
    for (i, rounds) in cells.iter().enumerate() {
        let n = i + 1;
        let tenths: u32 = rounds
            .iter()
            .map(|c| match c.2 {
                '1' | '+' | 'U' => 10,
                '=' => 5,
                _ => 0,
            })
            .sum();
        let points = format!("{}.{}", tenths / 10, tenths % 10);
        let rating = 2400 - n;
        text += &format!(
            "001 {n:>4}      {:<33} {rating:>4}{:28}{points:>4} {n:>4}",
            format!("P{n}"),
            ""
        );
        for &(opp, colour, result) in rounds {
            text += &format!("  {opp:>4} {colour} {result}");
        }
        text.push('\n');
    }
    for team in 1..=teams {
        let players: Vec<String> = (1..=BOARDS)
            .map(|b| format!("{:>4}", (team - 1) * BOARDS + b))
            .collect();
        text += &format!(
            "310 {team:>3} {:<32} {:<5} {:>6} {:>6} {:>6} {:>3}  {}\n",
            format!("Team {team}"),
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

fn simulate(teams: u16, seed: u64) {
    let mut rng = testkit::Rng::new(seed);
    let players = usize::from(teams * BOARDS);
    let mut cells: Vec<Vec<Cell>> = vec![Vec::new(); players];
    let mut met: HashSet<(u16, u16)> = HashSet::new();
    let mut byes: HashSet<u16> = HashSet::new();
    let mut forfeit_winners: HashSet<u16> = HashSet::new();
    let player = |team: u16, board: u16| (team - 1) * BOARDS + board;
    for round in 1..=5 {
        let t: Tournament = trf_text(teams, &cells).parse().unwrap();
        let report = t.validate();
        assert!(
            report.is_valid(),
            "round {round}: {:?}",
            report.errors().collect::<Vec<_>>()
        );
        let pairing = pair_next_round(&t).unwrap_or_else(|e| panic!("round {round}: {e}"));
        let mut seen: Vec<u16> = pairing.matches.iter().flat_map(|&(w, b)| [w, b]).collect();
        seen.extend(pairing.bye);
        seen.sort_unstable();
        assert_eq!(seen, (1..=teams).collect::<Vec<_>>(), "round {round}");
        if let Some(bye) = pairing.bye {
            assert!(byes.insert(bye), "round {round}: second bye for {bye}");
            assert!(
                !forfeit_winners.contains(&bye),
                "round {round}: bye after a forfeit win"
            );
            for b in 1..=BOARDS {
                cells[usize::from(player(bye, b)) - 1].push((0, '-', 'U'));
            }
        }
        for (k, &(white, black)) in pairing.matches.iter().enumerate() {
            let pair = (white.min(black), white.max(black));
            assert!(!met.contains(&pair), "round {round}: {white}-{black} again");
            let forfeit = round == 3 && k == 0;
            if forfeit {
                forfeit_winners.insert(white);
            } else {
                met.insert(pair);
            }
            for b in 1..=BOARDS {
                let (pw, pb) = (player(white, b), player(black, b));
                let (cw, cb) = if b % 2 == 1 { ('w', 'b') } else { ('b', 'w') };
                let (rw, rb, cw, cb) = if forfeit {
                    ('+', '-', '-', '-')
                } else {
                    match rng.below(3) {
                        0 => ('1', '0', cw, cb),
                        1 => ('=', '=', cw, cb),
                        _ => ('0', '1', cw, cb),
                    }
                };
                cells[usize::from(pw) - 1].push((pb, cw, rw));
                cells[usize::from(pb) - 1].push((pw, cb, rb));
            }
        }
    }
    // Match points: 2 per match (won 2-0 or drawn 1-1, forfeits too) and 2 per team bye.
    let t: Tournament = trf_text(teams, &cells).parse().unwrap();
    assert!(t.validate().is_valid());
    let mut total = 0;
    let mut forfeits = 0;
    for r in 1..=5 {
        for m in t.team_rounds(r) {
            total += m.match_points.tenths();
            forfeits += usize::from(m.kind == MatchKind::ForfeitWon);
            assert_ne!(m.kind, MatchKind::NotPaired, "round {r}");
        }
    }
    let matches_per_round = i32::from(teams / 2);
    let byes_per_round = i32::from(teams % 2);
    assert_eq!(total, 5 * (matches_per_round + byes_per_round) * 20);
    assert_eq!(forfeits, 1);
}

#[test]
fn twelve_teams_five_rounds() {
    for seed in 1..=5 {
        simulate(12, seed);
    }
}

#[test]
fn thirteen_teams_five_rounds_with_byes() {
    for seed in 1..=5 {
        simulate(13, seed);
    }
}
