//! A simulated school championship: WK III, 8 teams, round robin (SJRP §18.11), from the
//! registration to the final standings (§10.6 order: match points, board points, SB, wins,
//! direct encounter).

use event::date::Date;
use event::person::PlayerId;
use event::player::Player;
use event::team::lineup::{
    Lineup, LineupViolation, MatchPoints, Side, apply_lineup_rules, check_lineup, encounters,
    forfeited_match,
};
use event::team::school::{Format, Group, Pupil, SchoolType};
use event::team::squad::{Member, Profile, Squad, check_squads};
use roundrobin::{Board, Schedule};
use standings::Outcome;
use standings::team::{Team, parse_criteria, rank};

/// The strength of team `t` (1-8): all four regulars share it, the substitute is 100 lower.
fn strength(t: u32) -> u16 {
    [1500, 1400, 1400, 1300, 1200, 1100, 1100, 1000][t as usize - 1]
}

fn squad(t: u32) -> Squad {
    let members = (1..=5)
        .map(|k| {
            let mut player = Player::new(PlayerId(t * 10 + k), "Pupil", &format!("{t}.{k}"));
            player.dwz = Some(if k == 5 {
                strength(t) - 100
            } else {
                strength(t)
            });
            player.birth = Date::new(2012, 2, 2).map(event::date::Birth::Date);
            Member {
                player,
                pupil: Some(Pupil {
                    school: format!("Schule {t}"),
                    kind: SchoolType::Secondary,
                    grade: 8,
                    leaver: false,
                }),
            }
        })
        .collect();
    Squad {
        name: format!("Schule {t}"),
        club: String::new(),
        members,
        admitted_over: None,
        withdrawn: None,
    }
}

fn seats(ids: &[u32]) -> Lineup {
    Lineup(
        ids.iter()
            .map(|&id| (id > 0).then_some(PlayerId(id)))
            .collect(),
    )
}

fn regular(t: u32) -> Lineup {
    seats(&[t * 10 + 1, t * 10 + 2, t * 10 + 3, t * 10 + 4])
}

/// The played result from the first player's side: the higher DWZ wins, equal DWZ draws.
fn play(squads: &[Squad], a: Option<PlayerId>, b: Option<PlayerId>) -> Outcome {
    let dwz = |id: Option<PlayerId>| {
        id.and_then(|id| {
            squads
                .iter()
                .flat_map(|s| &s.members)
                .find(|m| m.player.id == id)
        })
        .and_then(|m| m.player.dwz)
    };
    match dwz(a).cmp(&dwz(b)) {
        std::cmp::Ordering::Greater => Outcome::Win,
        std::cmp::Ordering::Equal => Outcome::Draw,
        std::cmp::Ordering::Less => Outcome::Loss,
    }
}

#[test]
fn wk_iii_round_robin_of_eight_schools() {
    let profile = Profile::school(Group::III);
    assert!(profile.check_settings(Format::RoundRobin, 30).is_empty());
    let squads: Vec<Squad> = (1..=8).map(squad).collect();
    assert!(check_squads(&profile, &squads, 2026).is_empty());

    let schedule = Schedule::single(8).unwrap();
    let mut teams: Vec<Team> = (1..=8)
        .map(|t| Team {
            number: t,
            name: format!("Schule {t}"),
            encounters: Vec::new(),
        })
        .collect();
    let mut reported = Vec::new();
    for (r, boards) in schedule.rounds().iter().enumerate() {
        let round = r + 1;
        for board in boards {
            let Board::Game { white, black } = *board else {
                panic!("8 teams have no bye");
            };
            let (h, a) = (u32::from(white), u32::from(black));
            let (hi, ai) = (usize::from(white) - 1, usize::from(black) - 1);
            // Round 6: Schule 7 does not turn up (forfeited match).
            if round == 6 && a == 7 {
                assert_eq!(h, 8);
                let (present, absent) = forfeited_match(round, 8, 7, 4, MatchPoints::SJRP);
                teams[hi].encounters.push(present);
                teams[ai].encounters.push(absent);
                continue;
            }
            let lineup = |t: u32| match (round, t) {
                // Round 2: Schule 3 swaps its boards 2 and 3.
                (2, 3) => seats(&[31, 33, 32, 34]),
                // Round 3: Schule 5 leaves board 3 empty.
                (3, 5) => seats(&[51, 52, 0, 54]),
                // Round 4: 22 is missing; 23 and 24 move up, substitute 25 joins on board 4.
                (4, 2) => seats(&[21, 23, 24, 25]),
                _ => regular(t),
            };
            let (lh, la) = (lineup(h), lineup(a));
            for (t, l) in [(h, &lh), (a, &la)] {
                let found = check_lineup(&profile, &squads[t as usize - 1], l);
                reported.extend(found.into_iter().map(|v| (round, t, v)));
            }
            let home = Side {
                squad: &squads[hi],
                lineup: &lh,
            };
            let away = Side {
                squad: &squads[ai],
                lineup: &la,
            };
            let played: Vec<Outcome> =
                lh.0.iter()
                    .zip(&la.0)
                    .map(|(x, y)| play(&squads, *x, *y))
                    .collect();
            let scored = apply_lineup_rules(home, away, &played);
            let (eh, ea) = encounters(
                round,
                (white.into(), black.into()),
                (home, away),
                &scored,
                MatchPoints::SJRP,
                |id| u16::try_from(id.0).unwrap_or(0),
            );
            teams[hi].encounters.push(eh);
            teams[ai].encounters.push(ea);
        }
    }
    // The arbiter saw both broken lineups before their rounds, with their paragraphs.
    let shown: Vec<(usize, u32, String)> = reported
        .iter()
        .map(|(r, t, v)| (*r, *t, v.article().to_string()))
        .collect();
    assert_eq!(
        shown,
        [
            (2, 3, "SJRP §18.10".to_string()),
            (3, 5, "SJRP §10.10".to_string())
        ]
    );
    assert!(matches!(
        reported[0].2,
        LineupViolation::WrongOrder { board: 2, .. }
    ));

    // Hand calculation. Berger table for 8 (C.05 Annex 1), the matches that matter:
    //   R2 7-3, R3 5-6, R4 2-3, R6 8-7.
    // Every other match: the stronger team wins 4:0, equal teams (2 and 3, 6 and 7) draw 2:2.
    // Without the incidents:      MP  BP
    //   1 beats all              14  28
    //   2, 3: lose to 1, draw     11  22
    //   4                          8  16
    //   5                          6  12
    //   6, 7: draw with each other 3   6
    //   8                          0   0
    // R2 7-3: Schule 3 (1400) wins board 1; boards 2-4 lost by §10.9: 3 gets 1, 7 gets 3.
    //   3: 11-2 = 9 MP, 22-3 = 19 BP;  7: 3+2 = 5 MP, 6+3 = 9 BP.
    // R3 5-6: Schule 5 wins boards 1-2; boards 3-4 lost by §10.10: 2:2, a draw.
    //   5: 6-1 = 5 MP, 12-2 = 10 BP;  6: 3+1 = 4 MP, 6+2 = 8 BP.
    // R4 2-3: boards 1-3 draw (1400-1400), substitute 25 (1300) loses board 4 to 1400:
    //   1½:2½.  2: 11-1 = 10 MP, 22-½ = 21½ BP;  3: 9+1 = 10 MP, 19+½ = 19½ BP.
    // R6 8-7: Schule 7 absent: 8 wins 4:0 instead of losing 0:4.
    //   8: 2 MP, 4 BP;  7: 5-2 = 3 MP, 9-4 = 5 BP.
    // Totals: 1: 14/28, 2: 10/21½, 3: 10/19½, 4: 8/16, 5: 5/10, 6: 4/8, 7: 3/5, 8: 2/4
    // (56 MP = 28 matches × 2, 112 BP = 28 × 4). 2 is ahead of 3 on board points (§10.6 Nr. 1).
    // SB of 1 (all won, 2 MP each): 2 × (10+10+8+5+4+3+2) = 84.
    // SB of 2: wins over 4, 5, 6, 7, 8: 2 × (8+5+4+3+2) = 44.
    // SB of 3: wins over 2, 4, 5, 6, 8: 2 × (10+8+5+4+2) = 58.
    assert!(schedule.rounds()[1].contains(&Board::Game { white: 7, black: 3 }));
    assert!(schedule.rounds()[2].contains(&Board::Game { white: 5, black: 6 }));
    assert!(schedule.rounds()[3].contains(&Board::Game { white: 2, black: 3 }));
    assert!(schedule.rounds()[5].contains(&Board::Game { white: 8, black: 7 }));

    let criteria = parse_criteria("MP,BP,SB,SW,DE").unwrap();
    let table = rank(&teams, &criteria);
    let got: Vec<(u16, String, String)> = table
        .iter()
        .map(|row| {
            (
                row.number,
                row.values[0].to_string(),
                row.values[1].to_string(),
            )
        })
        .collect();
    let want = [
        (1, "14.00", "28.00"),
        (2, "10.00", "21.50"),
        (3, "10.00", "19.50"),
        (4, "8.00", "16.00"),
        (5, "5.00", "10.00"),
        (6, "4.00", "8.00"),
        (7, "3.00", "5.00"),
        (8, "2.00", "4.00"),
    ];
    let want: Vec<(u16, String, String)> = want
        .iter()
        .map(|&(n, mp, bp)| (n, mp.to_string(), bp.to_string()))
        .collect();
    assert_eq!(got, want);
    let sb = |n: u16| {
        table
            .iter()
            .find(|row| row.number == n)
            .map(|row| row.values[2].to_string())
    };
    assert_eq!(sb(1).as_deref(), Some("84.00"));
    assert_eq!(sb(2).as_deref(), Some("44.00"));
    assert_eq!(sb(3).as_deref(), Some("58.00"));
    assert!(table.iter().all(|row| !row.tied));
}
