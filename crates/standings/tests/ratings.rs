//! Rating evaluations checked against published evaluations and hand calculations.
//!
//! The FIDE and DWZ samples are real evaluations collected with the `elochess` package
//! (github.com/Moritz72/elochess, `tests/data/elo_samples.json`, `dwz_samples.json`), see
//! `shared/docs/tiebreaks-ratings.md` §7. They give only the total score; FIDE and DWZ
//! changes depend on the total alone, so the score is spread over the first games.

use standings::Points;
use standings::rating::dwz::{self, Edition, Factors, NoFirstRating, Player};
use standings::rating::elo::{self, KBasis, Kind, NoInitialRating};
use standings::rating::{self, Game};

/// Games against `opponents` scoring `half_points` in total, wins first.
fn games(opponents: &[u16], half_points: u32) -> Vec<Game> {
    let mut left = half_points;
    opponents
        .iter()
        .map(|&opponent| {
            let h = left.min(2);
            left -= h;
            Game {
                opponent,
                score: Points::from_half_points(h),
            }
        })
        .collect()
}

fn parse(list: &[&str]) -> Vec<Game> {
    list.iter().map(|g| g.parse().unwrap()).collect()
}

struct EloSample {
    rating: u16,
    opponents: &'static [u16],
    half_points: u32,
    birth_year: u16,
    year: u16,
    games_before: u32,
    reached_2400: bool,
    expected_k: u8,
    new_rating: i32,
}

const ELO_SAMPLES: [EloSample; 7] = [
    EloSample {
        rating: 1794,
        opponents: &[2073, 1938, 1847, 1986, 2115, 1902, 1831],
        half_points: 5,
        birth_year: 1999,
        year: 2019,
        games_before: 11,
        reached_2400: false,
        expected_k: 40,
        new_rating: 1811,
    },
    EloSample {
        rating: 2717,
        opponents: &[2468, 2535, 2369, 2457],
        half_points: 7,
        birth_year: 1994,
        year: 2026,
        games_before: 500,
        reached_2400: true,
        expected_k: 10,
        new_rating: 2719,
    },
    EloSample {
        rating: 1611,
        opponents: &[1773, 1976, 1818, 1882, 1886, 1968],
        half_points: 9,
        birth_year: 2006,
        year: 2023,
        games_before: 22,
        reached_2400: false,
        expected_k: 40,
        new_rating: 1748,
    },
    EloSample {
        rating: 2047,
        opponents: &[1780, 1819, 2171, 1858, 1936, 2153, 1878, 1760, 1864],
        half_points: 9,
        birth_year: 2006,
        year: 2026,
        games_before: 100,
        reached_2400: false,
        expected_k: 20,
        new_rating: 2017,
    },
    EloSample {
        rating: 2374,
        opponents: &[1902, 2090, 2134, 2457, 2061, 2275, 2171, 2348, 2459],
        half_points: 13,
        birth_year: 1995,
        year: 2026,
        games_before: 300,
        reached_2400: false,
        expected_k: 20,
        new_rating: 2381,
    },
    EloSample {
        rating: 2813,
        opponents: &[1787, 2025, 2310, 2400, 2505],
        half_points: 9,
        birth_year: 1987,
        year: 2025,
        games_before: 800,
        reached_2400: true,
        expected_k: 10,
        new_rating: 2810,
    },
    EloSample {
        rating: 1787,
        opponents: &[2813, 1626, 1675, 1579, 1742],
        half_points: 4,
        birth_year: 2015,
        year: 2025,
        games_before: 80,
        reached_2400: false,
        expected_k: 40,
        new_rating: 1756,
    },
];

#[test]
fn elo_published_evaluations() {
    for s in &ELO_SAMPLES {
        let k = elo::k_factor(KBasis {
            rating: s.rating,
            games_before: s.games_before,
            age_this_year: Some(s.year - s.birth_year),
            reached_2400: s.reached_2400,
        });
        assert_eq!(k.k, s.expected_k, "K for {}", s.rating);
        let e = elo::evaluate(
            s.rating,
            k.k,
            Kind::Standard,
            &games(s.opponents, s.half_points),
        )
        .unwrap();
        assert_eq!(e.new_rating, s.new_rating, "rating {}", s.rating);
    }
}

#[test]
fn elo_400_point_rule_below_2650_only() {
    // Sample 7: 1787 v 2813 counts as a 400-point difference (PD .08); uncapped it would be .00.
    let e = elo::evaluate(
        1787,
        40,
        Kind::Standard,
        &games(ELO_SAMPLES[6].opponents, 4),
    )
    .unwrap();
    assert_eq!(e.games[0].difference, -400);
    assert_eq!(e.games[0].expected.to_string(), "0.08");
    assert_eq!(e.expected.to_string(), "2.77");
    // Sample 6: 2813 is above 2650, so 1026 points stay 1026 (PD 1.00, not .92).
    let e = elo::evaluate(
        2813,
        10,
        Kind::Standard,
        &games(ELO_SAMPLES[5].opponents, 9),
    )
    .unwrap();
    assert_eq!(e.games[0].difference, 1026);
    assert_eq!(e.games[0].expected.to_string(), "1.00");
    assert_eq!(e.change, -3, "-2.5 rounds away from zero");
    // In rapid the rule applies to everybody, and 600+ points below a 2600+ player is unrated.
    let e = elo::evaluate(2813, 20, Kind::Rapid, &games(&[2500, 2000], 3)).unwrap();
    assert_eq!(e.games[0].difference, 313);
    assert!(!e.games[1].rated);
    assert_eq!(e.rated_games, 1);
}

#[test]
fn elo_k_factor_rules() {
    let basis = KBasis {
        rating: 2250,
        games_before: 200,
        age_this_year: Some(18),
        reached_2400: false,
    };
    assert_eq!(
        elo::k_factor(basis).k,
        40,
        "junior in the year of the 18th birthday"
    );
    assert_eq!(
        elo::k_factor(KBasis {
            age_this_year: Some(19),
            ..basis
        })
        .k,
        20
    );
    assert_eq!(
        elo::k_factor(KBasis {
            rating: 2300,
            ..basis
        })
        .k,
        20,
        "junior rule ends at 2300"
    );
    assert_eq!(
        elo::k_factor(KBasis {
            reached_2400: true,
            rating: 2380,
            ..basis
        })
        .k,
        10
    );
    assert_eq!(
        elo::k_factor(KBasis {
            age_this_year: None,
            games_before: 29,
            ..basis
        })
        .k,
        40
    );
    // K·n ≤ 700: with 20 games K 40 becomes 35.
    let many = games(&[1500; 20], 20);
    let e = elo::evaluate(1500, 40, Kind::Standard, &many).unwrap();
    assert_eq!((e.k_given, e.k), (40, 35));
    assert_eq!(e.change, 0);
}

#[test]
fn elo_initial_rating() {
    // B.02 8.2 example: 5 games, 3 points, opponents' sum 9507 → Ra 1872.43, p 4/7 = .57 → 1922.
    let g = games(&[1900, 1900, 1900, 1900, 1907], 6);
    let r = elo::initial_rating(&g).unwrap();
    assert_eq!(r.average.to_string(), "1872.43");
    assert_eq!(r.p.to_string(), "0.57");
    assert_eq!((r.dp, r.rating), (50, 1922));
    assert_eq!(r.article().as_str(), "FIDE B.02 8.2");
    // Under 1400 the player stays unrated: (7000 + 3600)/7 = 1514.29, p = 1.5/7 → .21 → −230.
    assert_eq!(
        elo::initial_rating(&games(&[1400; 5], 1)),
        Err(NoInitialRating::BelowFloor(1284))
    );
    // At most 2200.
    assert_eq!(
        elo::initial_rating(&games(&[2300; 5], 10)).unwrap().rating,
        2200
    );
    assert_eq!(
        elo::initial_rating(&games(&[1800; 4], 4)),
        Err(NoInitialRating::TooFewGames(4))
    );
    assert_eq!(
        elo::initial_rating(&games(&[1800; 6], 0)),
        Err(NoInitialRating::ZeroScore)
    );
}

/// A whole event: games against the unrated player do not count for the rated players; the
/// unrated player's games against rated players give the B.02 8.2 example rating.
#[test]
fn elo_tournament_evaluation() {
    use elo::{Entrant, TournamentOutcome};
    let ratings = [1900, 1900, 1900, 1900, 1907];
    let mut entrants: Vec<Entrant> = ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| Entrant {
            rated: Some((r, 20)),
            games: vec![(5, if i < 3 { Points::ZERO } else { Points::ONE })],
        })
        .collect();
    entrants[0].games.push((1, Points::ONE));
    entrants[1].games.push((0, Points::ZERO));
    entrants.push(Entrant {
        rated: None,
        games: (0..5)
            .map(|i| (i, if i < 3 { Points::ONE } else { Points::ZERO }))
            .collect(),
    });
    let out = elo::evaluate_tournament(Kind::Standard, &entrants).unwrap();
    assert!(matches!(out[5], TournamentOutcome::Initial(r) if r.rating == 1922));
    let TournamentOutcome::Rated(e) = &out[0] else {
        panic!("{:?}", out[0])
    };
    assert_eq!((e.rated_games, e.change), (1, 10), "20·(1 − 0.50)");
    assert_eq!(out[2], TournamentOutcome::Unchanged(1900));
}

#[test]
fn elo_rejects_bad_input() {
    assert_eq!(
        elo::evaluate(1800, 40, Kind::Standard, &[]),
        Err(elo::EloError::NoGames)
    );
    assert_eq!(
        elo::evaluate(1800, 0, Kind::Standard, &games(&[1800], 1)),
        Err(elo::EloError::BadK(0))
    );
    assert_eq!(
        elo::evaluate(1200, 40, Kind::Standard, &games(&[1800], 1)),
        Err(elo::EloError::BelowFloor(1200))
    );
}

#[test]
fn tables_are_symmetric_and_monotone() {
    for d in -1000..=1000 {
        assert_eq!(elo::expected_score(d).0 + elo::expected_score(-d).0, 100);
        assert!(elo::expected_score(d) <= elo::expected_score(d + 1));
        let p = dwz::expected_score(d).0 + dwz::expected_score(-d).0;
        assert!(
            (999..=1001).contains(&p),
            "DWZ P symmetric within rounding at {d}"
        );
    }
    assert_eq!(elo::expected_score(735).to_string(), "0.99");
    assert_eq!(elo::expected_score(736).to_string(), "1.00");
    assert_eq!(
        elo::rating_difference(elo::fractional_score(Points::from_half_points(1), 4)),
        -322
    );
}

/// TPR and PTP of the TEC Swiss exercise (tiebreaks-ratings.md §3.1, rule-independent values).
#[test]
fn tec_exercise_tpr_and_ptp() {
    let cases: [(&[&str], u16, i32, i32); 5] = [
        (
            &["1800=1", "1600=0.5", "2150=0.5", "1500=1", "2050=0.5"],
            1820,
            1969,
            2029,
        ),
        (
            &["1750=1", "1900=1", "2200=0.5", "1450=1", "2100=0.5"],
            1880,
            2120,
            2216,
        ),
        (
            &["1850=0.5", "1700=1", "1900=1", "2150=0", "1500=1"],
            1820,
            1969,
            2013,
        ),
        (
            &["1600=0", "1500=0", "1700=1", "1900=0.5", "1750=1"],
            1690,
            1690,
            1689,
        ),
        (&["2200=0", "1750=0"], 1975, 1175, 950),
    ];
    for (list, aro, tpr, ptp) in cases {
        let g = parse(list);
        assert_eq!(rating::average_rating(&g), Some(aro), "{list:?}");
        assert_eq!(rating::performance_rating(&g), Some(tpr), "{list:?}");
        assert_eq!(rating::perfect_performance(&g), Some(ptp), "{list:?}");
    }
    assert_eq!(rating::perfect_performance(&parse(&["2050=0"])), Some(1250));
    assert_eq!(rating::performance_rating(&[]), None);
}

struct DwzSample {
    dwz: u16,
    opponents: &'static [u16],
    half_points: u32,
    age: u16,
    index: u16,
    new_dwz: u16,
}

const DWZ_SAMPLES: [DwzSample; 6] = [
    DwzSample {
        dwz: 1896,
        opponents: &[1432, 1806, 1808, 1877, 1772],
        half_points: 6,
        age: 26,
        index: 21,
        new_dwz: 1886,
    },
    DwzSample {
        dwz: 1975,
        opponents: &[1573, 1061, 1762, 1371, 1802, 1678, 1847],
        half_points: 7,
        age: 18,
        index: 43,
        new_dwz: 1903,
    },
    DwzSample {
        dwz: 1033,
        opponents: &[1421, 1285, 1042],
        half_points: 1,
        age: 16,
        index: 6,
        new_dwz: 1018,
    },
    DwzSample {
        dwz: 958,
        opponents: &[1108, 1431],
        half_points: 2,
        age: 16,
        index: 5,
        new_dwz: 1033,
    },
    DwzSample {
        dwz: 1854,
        opponents: &[1532, 2031, 2115, 2017],
        half_points: 6,
        age: 16,
        index: 38,
        new_dwz: 1910,
    },
    DwzSample {
        dwz: 1808,
        opponents: &[1833, 1966, 1761, 1676, 1476],
        half_points: 7,
        age: 24,
        index: 12,
        new_dwz: 1827,
    },
];

fn sample_eval(s: &DwzSample, edition: Edition) -> dwz::Evaluation {
    let player = Player {
        dwz: s.dwz,
        index: s.index,
        age: s.age,
    };
    dwz::evaluate(edition, player, &games(s.opponents, s.half_points)).unwrap()
}

#[test]
fn dwz_2014_published_evaluations() {
    for s in &DWZ_SAMPLES {
        let e = sample_eval(s, Edition::Wo2014);
        assert_eq!(e.new_dwz, s.new_dwz, "DWZ {}", s.dwz);
        assert_eq!(e.new_index, s.index + 1);
    }
}

#[test]
fn dwz_2014_acceleration_and_braking() {
    // 958, age 16, scored above expectation: fB = 958/2000 → 0.5; E = round(5.84·0.5) = 3 → 5.
    let e = sample_eval(&DWZ_SAMPLES[3], Edition::Wo2014);
    let Factors::Wo2014(f) = e.factors else {
        panic!("WO 2014 factors")
    };
    assert_eq!(f.acceleration, Some(0.5));
    assert_eq!(f.braking, None);
    assert_eq!((f.e_rounded, f.e), (3, 5));
    assert_eq!(e.expected.to_string(), "0.345");
    // 1033 below expectation: braking e^(267/150) − 1 = 4.93; E = round(6.14 + 4.93) = 11.
    let e = sample_eval(&DWZ_SAMPLES[2], Edition::Wo2014);
    let Factors::Wo2014(f) = e.factors else {
        panic!("WO 2014 factors")
    };
    assert_eq!(f.acceleration, None);
    assert!((f.braking.unwrap() - 4.93).abs() < 0.01);
    assert_eq!(f.e, 11);
    // Adult: J = 15, no acceleration: E0 = 1.896⁴ + 15 = 27.92 → 28.
    let e = sample_eval(&DWZ_SAMPLES[0], Edition::Wo2014);
    let Factors::Wo2014(f) = e.factors else {
        panic!("WO 2014 factors")
    };
    assert_eq!((f.j, f.e), (15, 28));
    assert_eq!(e.expected.to_string(), "3.393");
}

#[test]
fn dwz_2014_index_limits() {
    // E0 = 2⁴ + 15 = 31: capped at 30, and at 5·index while the index is at most 5.
    let g = games(&[2000], 2);
    let at = |index| {
        let e = dwz::evaluate(
            Edition::Wo2014,
            Player {
                dwz: 2000,
                index,
                age: 40,
            },
            &g,
        )
        .unwrap();
        (
            e.new_dwz,
            match e.factors {
                Factors::Wo2014(f) => f.e,
                Factors::Wo2026(_) => unreachable!(),
            },
        )
    };
    assert_eq!(at(1), (2067, 5), "800·0.5/6 = 66.7");
    assert_eq!(at(3), (2025, 15), "800·0.5/16 = 25");
    assert_eq!(at(21), (2013, 30), "800·0.5/31 = 12.9");
}

#[test]
fn dwz_2026_hand_calculations() {
    // Adult 1896, index 21: K0 = 28 (age ≥ 26, below 2000), no corrections; 28·(3 − 3.393).
    let e = sample_eval(&DWZ_SAMPLES[0], Edition::Wo2026);
    let Factors::Wo2026(f) = e.factors else {
        panic!("WO 2026 factors")
    };
    assert_eq!((f.k0, f.k_tenths), (28, 280));
    assert_eq!(e.new_dwz, 1885);
    // Junior 1854 above expectation: K = 32 + (2000 − 1854)/30 = 36.87 → 36.9; 36.9·1.401.
    let e = sample_eval(&DWZ_SAMPLES[4], Edition::Wo2026);
    let Factors::Wo2026(f) = e.factors else {
        panic!("WO 2026 factors")
    };
    assert_eq!((f.k0, f.k_tenths), (32, 369));
    assert_eq!(e.expected.to_string(), "1.599");
    assert_eq!(e.new_dwz, 1906);
    // 1033 below expectation: b = 1833/2400, K = 42·b = 32.08 → 32.1; the floor 1100 applies.
    let e = sample_eval(&DWZ_SAMPLES[2], Edition::Wo2026);
    let Factors::Wo2026(f) = e.factors else {
        panic!("WO 2026 factors")
    };
    assert_eq!((f.k0, f.k_tenths), (42, 321));
    assert_eq!(e.new_dwz, dwz::WO2026_FLOOR);
    // Adult 1400, index 3: K0 = 44; losing twice to equals, b = 2200/2400 → K = 40.3.
    let p = Player {
        dwz: 1400,
        index: 3,
        age: 30,
    };
    let e = dwz::evaluate(Edition::Wo2026, p, &games(&[1400, 1400], 0)).unwrap();
    assert_eq!(e.new_dwz, 1360);
    // Winning twice: a = 4 → K = 48.
    let e = dwz::evaluate(Edition::Wo2026, p, &games(&[1400, 1400], 4)).unwrap();
    assert_eq!(e.new_dwz, 1448);
}

#[test]
fn dwz_edition_by_end_date() {
    assert_eq!(
        Edition::for_end_date("2026-06-07".parse().unwrap()),
        Edition::Wo2014
    );
    assert_eq!(
        Edition::for_end_date("2026-06-08".parse().unwrap()),
        Edition::Wo2026
    );
    assert_eq!(
        Edition::for_end_date("2025-05-01".parse().unwrap()),
        Edition::Wo2014
    );
}

#[test]
fn dwz_first_rating() {
    // Even score against 1500: Rh = 1500; WO 2026 adds 8 % of the distance to 2000.
    let even = games(&[1500; 5], 5);
    let first = dwz::first_rating(Edition::Wo2014, &even).unwrap();
    assert_eq!(first.dwz, 1500);
    assert_eq!(first.article().as_str(), "DSB-Wertungsordnung 2014");
    assert_eq!(dwz::first_rating(Edition::Wo2026, &even).unwrap().dwz, 1540);
    // 20 % against 700: D = 282.84·Φ⁻¹(0.2) = −238 → Rh 462.
    let low = games(&[700; 5], 2);
    let r = dwz::first_rating(Edition::Wo2014, &low).unwrap();
    assert_eq!(r.performance, 462);
    assert_eq!(r.dwz, 758, "700 + 462/8");
    assert_eq!(
        dwz::first_rating(Edition::Wo2026, &low).unwrap().dwz,
        1130,
        "1100 + 0.72·462/11"
    );
    // 100 %: none under the WO 2014; a fictitious draw under the WO 2026 (5.5/6 → +391 → 1891).
    let full = games(&[1500; 5], 10);
    assert_eq!(
        dwz::first_rating(Edition::Wo2014, &full),
        Err(NoFirstRating::FullScore)
    );
    let r = dwz::first_rating(Edition::Wo2026, &full).unwrap();
    assert_eq!((r.performance, r.dwz), (1891, 1900));
    assert_eq!(
        dwz::first_rating(Edition::Wo2014, &games(&[1500; 5], 0)),
        Err(NoFirstRating::ZeroScore)
    );
    assert_eq!(
        dwz::first_rating(Edition::Wo2014, &games(&[1500; 4], 4)),
        Err(NoFirstRating::TooFewGames(4))
    );
}

/// With opponents of different strength the performance is the rating whose expected score
/// equals the score (the fixed point of the WO iteration), not simply Rc + D(P).
#[test]
fn dwz_first_rating_performance_solves_the_expectation() {
    let opponents = [1000, 1500, 1500, 1600, 2200];
    for half_points in 1..10 {
        let g = games(&opponents, half_points);
        let r = dwz::first_rating(Edition::Wo2014, &g).unwrap();
        let we = |rating: i64| -> i64 {
            opponents
                .iter()
                .map(|&o| dwz::expected_score((rating - i64::from(o)) as i32).0)
                .sum()
        };
        let w = i64::from(half_points) * 500;
        assert!(
            we(r.performance - 1) <= w + 5,
            "{half_points}: Rh {} too high",
            r.performance
        );
        assert!(
            we(r.performance + 1) >= w - 5,
            "{half_points}: Rh {} too low",
            r.performance
        );
    }
}

/// Newcomers who played each other are iterated together: two newcomers with the same results
/// against rated players end symmetric around the result of their game.
#[test]
fn dwz_newcomers_iterate_together() {
    use dwz::{NewcomerGame, Opponent};
    let rated = |score| NewcomerGame {
        opponent: Opponent::Rated(1500),
        score,
    };
    let mut a: Vec<NewcomerGame> = (0..5)
        .map(|i| {
            rated(Points::from_half_points(if i < 2 {
                2
            } else if i == 2 {
                1
            } else {
                0
            }))
        })
        .collect();
    let mut b = a.clone();
    a.push(NewcomerGame {
        opponent: Opponent::Newcomer(1),
        score: Points::ONE,
    });
    b.push(NewcomerGame {
        opponent: Opponent::Newcomer(0),
        score: Points::ZERO,
    });
    let r = dwz::first_ratings(Edition::Wo2014, &[a, b]);
    let (ra, rb) = (r[0].unwrap(), r[1].unwrap());
    assert_eq!((ra.games, rb.games), (6, 6));
    assert!(ra.performance > 1500 && rb.performance < 1500);
    assert!((ra.performance - 1500 - (1500 - rb.performance)).abs() <= 1);
    // Stage 2: four rated opponents plus a stage-1 newcomer make five games; a game between
    // two stage-2 newcomers would not count, and three rated games plus one against a stage-2
    // newcomer are too few.
    let game = |opponent, score| NewcomerGame { opponent, score };
    let full: Vec<NewcomerGame> = (0..5)
        .map(|_| rated(Points::HALF))
        .chain([game(Opponent::Newcomer(1), Points::ONE)])
        .collect();
    let short: Vec<NewcomerGame> = (0..4)
        .map(|_| rated(Points::HALF))
        .chain([
            game(Opponent::Newcomer(0), Points::ZERO),
            game(Opponent::Newcomer(2), Points::ONE),
        ])
        .collect();
    let tiny: Vec<NewcomerGame> = (0..3)
        .map(|_| rated(Points::HALF))
        .chain([game(Opponent::Newcomer(1), Points::ZERO)])
        .collect();
    let r = dwz::first_ratings(Edition::Wo2014, &[full, short, tiny]);
    assert_eq!(r[0].unwrap().games, 6);
    assert!(r[0].unwrap().dwz > 1500);
    let short = r[1].unwrap();
    assert_eq!((short.games, short.score), (5, Points::from_whole(2)));
    assert!(short.dwz < 1500);
    assert_eq!(r[2], Err(NoFirstRating::TooFewGames(3)));
}

/// A whole tournament: a newcomer's first DWZ counts for the rated players who met them.
#[test]
fn dwz_tournament_evaluation() {
    use dwz::{Entrant, TournamentOutcome};
    let rated = Player {
        dwz: 1500,
        index: 10,
        age: 30,
    };
    let mut entrants: Vec<Entrant> = (0..6)
        .map(|i| Entrant {
            player: Some(rated),
            games: vec![(6, if i < 3 { Points::ZERO } else { Points::ONE })],
        })
        .collect();
    // 6: the newcomer, 3/6 against the rated players and a win against newcomer 7.
    entrants.push(Entrant {
        player: None,
        games: (0..6)
            .map(|i| (i, if i < 3 { Points::ONE } else { Points::ZERO }))
            .chain([(7, Points::ONE)])
            .collect(),
    });
    entrants.push(Entrant {
        player: None,
        games: vec![(6, Points::ZERO)],
    });
    entrants.push(Entrant {
        player: Some(rated),
        games: vec![(42, Points::ONE)],
    });
    let out = dwz::evaluate_tournament(Edition::Wo2014, &entrants).unwrap();
    let TournamentOutcome::First(first) = out[6] else {
        panic!("{:?}", out[6])
    };
    assert_eq!((first.dwz, first.games, first.stage), (1500, 6, 1));
    assert_eq!(
        out[7],
        TournamentOutcome::NoFirst(NoFirstRating::TooFewGames(1))
    );
    assert_eq!(out[8], TournamentOutcome::Unchanged(rated));
    // E = 1.5⁴ + 15 = 20.06 → 20; 1500 ± 800·0.5/21 = ±19.05.
    let dwz_of = |o: &TournamentOutcome| match o {
        TournamentOutcome::Rated(e) => e.new_dwz,
        other => panic!("{other:?}"),
    };
    assert_eq!(dwz_of(&out[0]), 1481);
    assert_eq!(dwz_of(&out[5]), 1519);
}

#[test]
fn dwz_rejects_bad_input() {
    let g = games(&[1500], 1);
    assert_eq!(
        dwz::evaluate(
            Edition::Wo2014,
            Player {
                dwz: 0,
                index: 0,
                age: 30
            },
            &g
        ),
        Err(dwz::DwzError::NoRating)
    );
    assert_eq!(
        dwz::evaluate(
            Edition::Wo2014,
            Player {
                dwz: 1500,
                index: 0,
                age: 30
            },
            &g
        ),
        Err(dwz::DwzError::ZeroIndex)
    );
    assert_eq!(
        dwz::evaluate(
            Edition::Wo2026,
            Player {
                dwz: 1500,
                index: 3,
                age: 30
            },
            &[]
        ),
        Err(dwz::DwzError::NoGames)
    );
}

/// PTP (C.07 Art. 10.3) of a perfect score follows the definition: the lowest rating whose
/// expected scores by table 8.1.2 are all 1.00, the highest opponent + 736 (1.00 above 735).
#[test]
fn perfect_score_ptp_is_the_lowest_rating_expecting_every_point() {
    let g = parse(&["1800=1", "2000=1", "1900=1"]);
    assert_eq!(rating::perfect_performance(&g), Some(2736));
    assert_eq!(elo::expected_score(735).to_string(), "0.99");
    assert_eq!(elo::expected_score(736).to_string(), "1.00");
}
