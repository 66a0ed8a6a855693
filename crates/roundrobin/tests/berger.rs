//! Berger and Varma tables against the FIDE Handbook (C.05 Annexes 1 and 2).

use std::collections::HashMap;

use roundrobin::{Board, Schedule, Varma};

/// The Berger tables as printed in C.05 Annex 1 (4 to 14 players), one line per round.
const PUBLISHED: [(usize, &str); 6] = [
    (
        4,
        "1-4 2-3
4-3 1-2
2-4 3-1",
    ),
    (
        6,
        "1-6 2-5 3-4
6-4 5-3 1-2
2-6 3-1 4-5
6-5 1-4 2-3
3-6 4-2 5-1",
    ),
    (
        8,
        "1-8 2-7 3-6 4-5
8-5 6-4 7-3 1-2
2-8 3-1 4-7 5-6
8-6 7-5 1-4 2-3
3-8 4-2 5-1 6-7
8-7 1-6 2-5 3-4
4-8 5-3 6-2 7-1",
    ),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6
10-6 7-5 8-4 9-3 1-2
2-10 3-1 4-9 5-8 6-7
10-7 8-6 9-5 1-4 2-3
3-10 4-2 5-1 6-9 7-8
10-8 9-7 1-6 2-5 3-4
4-10 5-3 6-2 7-1 8-9
10-9 1-8 2-7 3-6 4-5
5-10 6-4 7-3 8-2 9-1",
    ),
    (
        12,
        "1-12 2-11 3-10 4-9 5-8 6-7
12-7 8-6 9-5 10-4 11-3 1-2
2-12 3-1 4-11 5-10 6-9 7-8
12-8 9-7 10-6 11-5 1-4 2-3
3-12 4-2 5-1 6-11 7-10 8-9
12-9 10-8 11-7 1-6 2-5 3-4
4-12 5-3 6-2 7-1 8-11 9-10
12-10 11-9 1-8 2-7 3-6 4-5
5-12 6-4 7-3 8-2 9-1 10-11
12-11 1-10 2-9 3-8 4-7 5-6
6-12 7-5 8-4 9-3 10-2 11-1",
    ),
    (
        14,
        "1-14 2-13 3-12 4-11 5-10 6-9 7-8
14-8 9-7 10-6 11-5 12-4 13-3 1-2
2-14 3-1 4-13 5-12 6-11 7-10 8-9
14-9 10-8 11-7 12-6 13-5 1-4 2-3
3-14 4-2 5-1 6-13 7-12 8-11 9-10
14-10 11-9 12-8 13-7 1-6 2-5 3-4
4-14 5-3 6-2 7-1 8-13 9-12 10-11
14-11 12-10 13-9 1-8 2-7 3-6 4-5
5-14 6-4 7-3 8-2 9-1 10-13 11-12
14-12 13-11 1-10 2-9 3-8 4-7 5-6
6-14 7-5 8-4 9-3 10-2 11-1 12-13
14-13 1-12 2-11 3-10 4-9 5-8 6-7
7-14 8-6 9-5 10-4 11-3 12-2 13-1",
    ),
];

fn lines(s: &Schedule) -> Vec<String> {
    s.rounds()
        .iter()
        .map(|r| r.iter().map(Board::to_string).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn equals_the_published_tables() {
    for (n, table) in PUBLISHED {
        let expected: Vec<&str> = table.lines().collect();
        assert_eq!(
            lines(&Schedule::single(n).unwrap()),
            expected,
            "{n} players"
        );
        // An odd field plays the same table with the highest number as the bye.
        let odd = lines(&Schedule::single(n - 1).unwrap());
        let with_bye: Vec<String> = expected
            .iter()
            .map(|l| {
                l.split(' ')
                    .map(|b| {
                        let (w, bl) = b.split_once('-').unwrap();
                        let top = n.to_string();
                        if w == top {
                            format!("{bl}-bye")
                        } else if bl == top {
                            format!("{w}-bye")
                        } else {
                            b.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(odd, with_bye, "{} players", n - 1);
    }
}

/// For 16 players the rule gives the table's printed rows (round 1 and round 2) and the
/// alternation of player 16 between Black in odd and White in even rounds.
#[test]
fn sixteen_players_follow_the_rule() {
    let s = Schedule::single(16).unwrap();
    let l = lines(&s);
    assert_eq!(l[0], "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9");
    assert_eq!(l[1], "16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2");
    assert_eq!(l[14], "8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1");
}

/// (white games, black games, longest run of one colour) per player.
fn colour_stats(s: &Schedule) -> HashMap<u8, (usize, usize, usize)> {
    let mut seq: HashMap<u8, Vec<bool>> = HashMap::new();
    for round in s.rounds() {
        for board in round {
            if let Board::Game { white, black } = *board {
                seq.entry(white).or_default().push(true);
                seq.entry(black).or_default().push(false);
            }
        }
    }
    seq.into_iter()
        .map(|(p, colours)| {
            let whites = colours.iter().filter(|&&c| c).count();
            let longest = colours
                .chunk_by(|a, b| a == b)
                .map(<[bool]>::len)
                .max()
                .unwrap_or(0);
            (p, (whites, colours.len() - whites, longest))
        })
        .collect()
}

#[test]
fn every_pair_meets_once_and_colours_balance() {
    for n in 3..=30 {
        let s = Schedule::single(n).unwrap();
        let mut met: HashMap<(u8, u8), usize> = HashMap::new();
        for round in s.rounds() {
            let mut seen = vec![0usize; n + 1];
            for board in round {
                match *board {
                    Board::Game { white, black } => {
                        *met.entry((white.min(black), white.max(black))).or_default() += 1;
                        seen[usize::from(white)] += 1;
                        seen[usize::from(black)] += 1;
                    }
                    Board::Bye(p) => seen[usize::from(p)] += 1,
                }
            }
            assert!(
                seen[1..].iter().all(|&c| c == 1),
                "{n}: everyone once per round"
            );
        }
        assert_eq!(met.len(), n * (n - 1) / 2, "{n}: every pair meets");
        assert!(met.values().all(|&c| c == 1), "{n}: no pair twice");
        assert_eq!(s.rounds().len(), n - 1 + n % 2);
        for (p, (w, b, _)) in colour_stats(&s) {
            assert!(
                w.abs_diff(b) <= 1,
                "{n}: player {p} has {w} whites, {b} blacks"
            );
        }
    }
}

#[test]
fn double_round_robin_reverses_colours_without_three_in_a_row() {
    for n in 3..=30 {
        let s = Schedule::double(n).unwrap();
        let single = Schedule::single(n).unwrap();
        let half = single.rounds().len();
        assert_eq!(s.rounds().len(), 2 * half);
        assert_eq!(
            s.rounds()[half - 1],
            single.rounds()[half - 2],
            "last two rounds swapped"
        );
        for (r, round) in single.rounds().iter().enumerate() {
            for (a, b) in round.iter().zip(&s.rounds()[half + r]) {
                match (*a, *b) {
                    (
                        Board::Game { white, black },
                        Board::Game {
                            white: w2,
                            black: b2,
                        },
                    ) => {
                        assert_eq!((white, black), (b2, w2));
                    }
                    (x, y) => assert_eq!(x, y),
                }
            }
        }
        for (p, (w, b, longest)) in colour_stats(&s) {
            assert_eq!(w, b, "{n}: player {p}");
            assert!(
                longest <= 2,
                "{n}: player {p} has {longest} games in a row with one colour"
            );
        }
    }
}

#[test]
fn bad_sizes_are_errors() {
    for n in [0, 1, 2, 31, 255, 256, 1000] {
        assert!(Schedule::single(n).is_err(), "{n}");
        assert!(Schedule::double(n).is_err(), "{n}");
    }
    assert_eq!(
        Schedule::single(2).unwrap_err().to_string(),
        "2 participants: a round robin has 3 to 30"
    );
}

/// C.05 Annex 2: players of one group do not meet in the last three rounds, and the groups
/// split the table's numbers. The one exception is in the printed table itself: for 12
/// players group C is (6, 8, 12), and 6-12 is a last-round game (with 11 players 12 is the
/// bye, so the table works for 11). The property also holds for every row from 21 to 24, whose
/// numbers could not be read in full from the handbook text at hand.
#[test]
fn varma_groups_avoid_the_last_three_rounds() {
    for n in 9..=24 {
        let v = Varma::new(n).unwrap();
        let size = n + n % 2;
        let mut all: Vec<u8> = v.groups().concat();
        all.sort_unstable();
        assert_eq!(all, (1..=size as u8).collect::<Vec<_>>(), "{n}");
        let s = Schedule::single(n).unwrap();
        let last3 = &s.rounds()[s.rounds().len() - 3..];
        for group in v.groups() {
            for round in last3 {
                for board in round {
                    if let Board::Game { white, black } = *board {
                        if (n, white, black) == (12, 6, 12) {
                            continue;
                        }
                        assert!(
                            !(group.contains(&white) && group.contains(&black)),
                            "{n}: {white}-{black} in group {group:?}"
                        );
                    }
                }
            }
        }
    }
    assert_eq!(
        Varma::new(10).unwrap().to_string(),
        "A: 3, 4, 8; B: 5, 7, 9; C: 1, 6; D: 2, 10"
    );
    assert!(Varma::new(8).is_err());
    assert!(Varma::new(25).is_err());
}
