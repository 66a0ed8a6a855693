//! A simulated club team Swiss: 4er-U16, 12 teams, 5 rounds paired by `pairing::team` from
//! a TRF-2026 file written after every round, ranked by §10.5 (match points, board points,
//! Buchholz with one cut, wins, direct encounter).

use event::person::PlayerId;

use event::player::Player;
use event::team::lineup::{
    Lineup, MatchPoints, Scored, Side, apply_lineup_rules, check_lineup, encounters,
};
use event::team::squad::{Member, Profile, Squad, check_squads};
use standings::Outcome;
use standings::team::{Team, parse_criteria, rank};
use trf::team::MatchKind;

const TEAMS: u16 = 12;
const SQUAD: u16 = 6;

/// The strength of team `t`: its regulars share it, its two substitutes are 100 and 150 lower.
fn strength(t: u16) -> u16 {
    [
        2000, 1900, 1900, 1800, 1700, 1700, 1600, 1500, 1500, 1400, 1300, 1300,
    ][usize::from(t) - 1]
}

/// Player `k` (1-6) of team `t`: pairing number and id `(t-1)·6 + k`.
fn number(t: u16, k: u16) -> u16 {
    (t - 1) * SQUAD + k
}

fn squad(t: u16) -> Squad {
    let members = (1..=SQUAD)
        .map(|k| {
            let n = number(t, k);
            let mut player = Player::new(PlayerId(n.into()), "Player", &n.to_string());
            player.dwz = Some(match k {
                5 => strength(t) - 100,
                6 => strength(t) - 150,
                _ => strength(t),
            });
            player.club = format!("SC {t}");
            Member {
                player,
                pupil: None,
            }
        })
        .collect();
    Squad {
        name: format!("SC {t}"),
        club: format!("SC {t}"),
        members,
        admitted_over: None,
        withdrawn: None,
    }
}

fn seats(t: u16, ks: &[u16]) -> Lineup {
    Lineup(
        ks.iter()
            .map(|&k| (k > 0).then(|| PlayerId(number(t, k).into())))
            .collect(),
    )
}

fn dwz(squads: &[Squad], id: Option<PlayerId>) -> Option<u16> {
    let id = id?;
    squads
        .iter()
        .flat_map(|s| &s.members)
        .find(|m| m.player.id == id)
        .and_then(|m| m.player.dwz)
}

fn code(outcome: Outcome) -> char {
    match outcome {
        Outcome::Win => '1',
        Outcome::Draw => '=',
        Outcome::Loss => '0',
        Outcome::ForfeitWin => '+',
        _ => '-',
    }
}

/// The TRF-2026 file of the rounds so far: one `001` line per player, one `310` per team.
fn trf(entries: &[Vec<String>]) -> String {
    let mut text = String::from("012 Simulated 4er-U16\n142 5\n192 FIDE_TEAM_MP_GP\n");
    for (i, rounds) in entries.iter().enumerate() {
        let n = i + 1;
        text.push_str(&format!(
            "001 {n:>4}      {:<33} {:>4}{:28}{:>4} {n:>4}{}\n",
            format!("Player {n}"),
            1000,
            "",
            "0.0",
            rounds.concat()
        ));
    }
    for t in 1..=TEAMS {
        let players: String = (1..=SQUAD)
            .map(|k| format!(" {:>4}", number(t, k)))
            .collect();
        text.push_str(&format!("310 {t:<3} {:<64}{players}\n", format!("SC {t}")));
    }
    text
}

#[test]
fn club_team_swiss_of_twelve_teams() {
    let profile = Profile::club_u16();
    let squads: Vec<Squad> = (1..=TEAMS).map(squad).collect();
    assert!(check_squads(&profile, &squads, 2026).is_empty());
    let mut teams: Vec<Team> = (1..=TEAMS)
        .map(|t| Team {
            number: t,
            name: format!("SC {t}"),
            encounters: Vec::new(),
        })
        .collect();
    let mut entries: Vec<Vec<String>> = vec![Vec::new(); usize::from(TEAMS * SQUAD)];
    let mut shown = Vec::new();
    let mut pairings = Vec::new();
    for round in 1..=5usize {
        let t: trf::Tournament = trf(&entries).parse().unwrap();
        let pairing = pairing::team::pair_round_of(&t, round as u32).unwrap();
        assert_eq!(pairing.bye, None);
        pairings.push(pairing.matches.clone());
        for entry in &mut entries {
            entry.push(" ".repeat(10));
        }
        for &(h, a) in &pairing.matches {
            let lineup = |team: u16| match (round, team) {
                // Round 2: SC 1 puts player 4 on board 3 ahead of player 3.
                (2, 1) => seats(1, &[1, 2, 4, 3]),
                // Round 3: SC 5 leaves board 2 empty.
                (3, 5) => seats(5, &[1, 0, 3, 4]),
                // Round 3: SC 4 is without player 1; all move up, substitute 5 joins.
                (3, 4) => seats(4, &[2, 3, 4, 5]),
                _ => seats(team, &[1, 2, 3, 4]),
            };
            // Round 4: SC 3 does not turn up.
            let absent = round == 4 && (h == 3 || a == 3);
            let (lh, la) = (lineup(h), lineup(a));
            for (team, l) in [(h, &lh), (a, &la)] {
                let found = check_lineup(&profile, &squads[usize::from(team) - 1], l);
                shown.extend(
                    found
                        .into_iter()
                        .map(|v| (round, team, v.article().to_string())),
                );
            }
            let home = Side {
                squad: &squads[usize::from(h) - 1],
                lineup: &lh,
            };
            let away = Side {
                squad: &squads[usize::from(a) - 1],
                lineup: &la,
            };
            let scored: Vec<Scored> = if absent {
                let home_wins = a == 3;
                vec![
                    Scored {
                        home: if home_wins {
                            Outcome::ForfeitWin
                        } else {
                            Outcome::ForfeitLoss
                        },
                        away: if home_wins {
                            Outcome::ForfeitLoss
                        } else {
                            Outcome::ForfeitWin
                        },
                    };
                    4
                ]
            } else {
                let played: Vec<Outcome> =
                    lh.0.iter()
                        .zip(&la.0)
                        .map(|(x, y)| match dwz(&squads, *x).cmp(&dwz(&squads, *y)) {
                            std::cmp::Ordering::Greater => Outcome::Win,
                            std::cmp::Ordering::Equal => Outcome::Draw,
                            std::cmp::Ordering::Less => Outcome::Loss,
                        })
                        .collect();
                apply_lineup_rules(home, away, &played)
            };
            let (eh, ea) = encounters(
                round,
                (h, a),
                (home, away),
                &scored,
                MatchPoints::SJRP,
                |id| u16::try_from(id.0).unwrap_or(0),
            );
            teams[usize::from(h) - 1].encounters.push(eh);
            teams[usize::from(a) - 1].encounters.push(ea);
            // The TRF entries: home plays White on boards 1 and 3.
            for (board, s) in scored.iter().enumerate() {
                let (hc, ac) = if board % 2 == 0 {
                    ('w', 'b')
                } else {
                    ('b', 'w')
                };
                let hp = lh.0[board].map(|id| id.0);
                let ap = la.0[board].map(|id| id.0);
                for (me, them, colour, outcome) in [(hp, ap, hc, s.home), (ap, hp, ac, s.away)] {
                    if let Some(me) = me {
                        let slot = &mut entries[me as usize - 1][round - 1];
                        *slot = format!("  {:>4} {colour} {}", them.unwrap_or(0), code(outcome));
                    }
                }
            }
        }
    }
    // The pairings `pairing::team` made (no team meets another twice), colours by C.04.6 Art. 4.
    let want_pairings: [[(u16, u16); 6]; 5] = [
        [(1, 7), (8, 2), (3, 9), (10, 4), (5, 11), (12, 6)],
        [(4, 1), (2, 5), (6, 3), (7, 10), (11, 8), (9, 12)],
        [(3, 2), (1, 5), (6, 4), (8, 7), (10, 9), (12, 11)],
        [(3, 1), (2, 4), (7, 9), (5, 6), (12, 8), (11, 10)],
        // 7-3: no colour preferences (`192 FIDE_TEAM_MP_GP`, C.04.6 Art. 1.7); 7 (B W B W, CD 0)
        // gets White before 3 (W B W and the forfeited round 4 without colour, Art. 1.6.1:
        // CD +1) by the lower colour difference (Art. 4.3.5).
        [(2, 1), (7, 3), (4, 8), (9, 5), (6, 11), (10, 12)],
    ];
    assert_eq!(pairings, want_pairings.map(Vec::from));
    let mut met: Vec<(u16, u16)> = pairings
        .iter()
        .flatten()
        .map(|&(h, a)| (h.min(a), h.max(a)))
        .collect();
    met.sort_unstable();
    met.dedup();
    assert_eq!(met.len(), 30);
    // Both broken lineups were shown before their rounds, with their paragraphs.
    assert_eq!(
        shown,
        [
            (2, 1, "SJRP §10.9".to_string()),
            (3, 5, "SJRP §10.10".to_string())
        ]
    );
    // The forfeited match is one in the TRF file too.
    let t: trf::Tournament = trf(&entries).parse().unwrap();
    let kind = |team: u16| t.team_rounds(4)[usize::from(team) - 1].kind;
    assert_eq!(
        (kind(1), kind(3)),
        (MatchKind::ForfeitWon, MatchKind::ForfeitLost)
    );

    // Hand calculation. Strengths: 1: 2000, 2-3: 1900, 4: 1800, 5-6: 1700, 7: 1600,
    // 8-9: 1500, 10: 1400, 11-12: 1300; the stronger team wins every board, equal draw.
    // R1 1-7 4:0, 8-2 0:4, 3-9 4:0, 10-4 0:4, 5-11 4:0, 12-6 0:4.
    // R2 4-1 2:2: SC 1 wins boards 1-2, loses 3-4 by §10.9 (player 4 ahead of player 3);
    //    2-5 4:0, 6-3 0:4, 7-10 4:0, 11-8 0:4, 9-12 4:0.
    // R3 3-2 2:2; 1-5 4:0 (SC 5 wins none: board 1 lost, 2-4 lost by §10.10);
    //    6-4 ½:3½ (SC 4's substitute, 1700, draws board 4); 8-7 0:4, 10-9 0:4, 12-11 2:2.
    // R4 3-1 0:4 forfeited by SC 3; 2-4 4:0, 7-9 4:0, 5-6 2:2, 12-8 0:4, 11-10 0:4.
    // R5 2-1 0:4, 3-7 4:0, 4-8 4:0, 9-5 0:4, 6-11 4:0, 10-12 4:0.
    // Team: MP = match points 2/1/0, BP, BH/C1 = opponents' MP less the lowest, SW.
    //   1: W D W W W    9  18    7(6)+4(7)+5(5)+3(7)+2(7) = 32 - 5 = 27   4
    //   2: W W D W L    7  14    8(4)+5(5)+3(7)+4(7)+1(9) = 32 - 4 = 28   3
    //   3: W W D L W    7  14    9(4)+6(5)+2(7)+1(9)+7(6) = 31 - 4 = 27   3
    //   4: W D W L W    7  13½  10(4)+1(9)+6(5)+2(7)+8(4) = 29 - 4 = 25   3
    //   7: L W W W L    6  12    1(9)+10(4)+8(4)+9(4)+3(7) = 28 - 4 = 24  3
    //   6: W L D D W    5  10½  12(1)+3(7)+4(7)+5(5)+11(1) = 21 - 1 = 20  2
    //   5: W L L D W    5  10   11(1)+2(7)+1(9)+6(5)+9(4) = 26 - 1 = 25   2
    //   9: L W W L L    4   8    3(7)+12(1)+10(4)+7(6)+5(5) = 23 - 1 = 22  2
    //   8: L W L W L    4   8    2(7)+11(1)+7(6)+12(1)+4(7) = 22 - 1 = 21  2
    //  10: L L L W W    4   8    4(7)+7(6)+9(4)+11(1)+12(1) = 19 - 1 = 18  2
    //  11: L L D L L    1   2    5(5)+8(4)+12(1)+10(4)+6(5) = 19 - 1 = 18  0
    //  12: L L D L L    1   2    6(5)+9(4)+11(1)+8(4)+10(4) = 18 - 1 = 17  0
    // 2 and 3 are split by BH/C1 (§10.5 Nr. 2), 6 and 5 by BP (§10.5 Nr. 1), 9, 8, 10 and
    // 11, 12 by BH/C1. The forfeited match counts for SC 1 as won, with SC 3 as opponent.
    let criteria = parse_criteria("MP,BP,BH/C1,SW").unwrap();
    let table = rank(&teams, &criteria);
    let got: Vec<String> = table
        .iter()
        .map(|row| {
            let values: Vec<String> = row.values.iter().map(ToString::to_string).collect();
            format!("{} {} {}", row.rank, row.number, values.join(" "))
        })
        .collect();
    let want = [
        "1 1 9.00 18.00 27.00 4.00",
        "2 2 7.00 14.00 28.00 3.00",
        "3 3 7.00 14.00 27.00 3.00",
        "4 4 7.00 13.50 25.00 3.00",
        "5 7 6.00 12.00 24.00 3.00",
        "6 6 5.00 10.50 20.00 2.00",
        "7 5 5.00 10.00 25.00 2.00",
        "8 9 4.00 8.00 22.00 2.00",
        "9 8 4.00 8.00 21.00 2.00",
        "10 10 4.00 8.00 18.00 2.00",
        "11 11 1.00 2.00 18.00 0.00",
        "12 12 1.00 2.00 17.00 0.00",
    ];
    assert_eq!(got, want);
}
