//! Property tests: random time controls and random event sequences.
//!
//! A small deterministic generator (SplitMix64) drives thousands of games;
//! every seed is reported on failure so a case can be replayed.

use laws::clock::{Adjustment, Clock, ClockError, Ruling};
use laws::time_control::{Bonus, TimeControl};
use shakmaty::Color::{self, Black, White};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn color(&mut self) -> Color {
        if self.below(2) == 0 { White } else { Black }
    }
}

/// A random control with short periods so that games cross them often.
fn random_control(rng: &mut Rng) -> TimeControl {
    let periods = 1 + rng.below(3);
    let mut text = String::new();
    for i in 0..periods {
        if i > 0 {
            text.push(':');
        }
        let last = i + 1 == periods;
        if !last || rng.below(4) == 0 {
            text += &format!("{}/", 1 + rng.below(5));
        }
        text += &format!("{}", 1 + rng.below(120));
        match rng.below(4) {
            0 => {}
            1 => text += &format!("+{}", rng.below(10)),
            2 => text += &format!("d{}", rng.below(10)),
            _ => text += &format!("b{}", rng.below(10)),
        }
    }
    let control: TimeControl = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(control.to_string(), text);
    control
}

/// Time credited when `color` completes the current move after `elapsed` ms.
fn credit(clock: &Clock, color: Color, elapsed: u64) -> u64 {
    let period = clock
        .control()
        .schedule(color)
        .period(clock.period_index(color));
    match period.bonus() {
        Some(Bonus::Increment(ms)) => ms,
        Some(Bonus::Bronstein(ms)) => ms.min(elapsed),
        Some(Bonus::Delay(_)) | None => 0,
    }
}

fn added(rulings: &[Ruling], color: Color) -> u64 {
    rulings
        .iter()
        .map(|r| match r {
            Ruling::PeriodCompleted {
                color: c, added_ms, ..
            } if *c == color => *added_ms,
            _ => 0,
        })
        .sum()
}

/// No clock shows zero unless its flag fall is recorded or due (reported by
/// the next event), and flags are in order.
fn check_flags(clock: &Clock, t: u64, seed: u64) {
    for c in Color::ALL {
        if clock.remaining(c, t) == 0 {
            let recorded = clock.flags().iter().any(|f| f.color == c && f.at_ms <= t);
            let due = clock
                .flag_fall_at()
                .is_some_and(|(d, at)| d == c && at <= t);
            assert!(
                recorded || due,
                "seed {seed}: {c} shows 0:00 at {t} without a flag fall"
            );
        }
    }
    let times: Vec<u64> = clock.flags().iter().map(|f| f.at_ms).collect();
    assert!(
        times.windows(2).all(|w| w[0] <= w[1]),
        "seed {seed}: {times:?}"
    );
    assert!(times.iter().all(|&f| f <= t), "seed {seed}: flag after {t}");
}

/// A predicted flag fall at or before `t` is reported at its exact instant.
fn check_prediction(predicted: Option<(Color, u64)>, t: u64, rulings: &[Ruling], seed: u64) {
    if let Some((color, at)) = predicted.filter(|&(_, at)| at <= t) {
        assert!(
            rulings
                .iter()
                .any(|r| matches!(r, Ruling::FlagFell(f) if f.color == color && f.at_ms == at)),
            "seed {seed}: flag of {color} due at {at} not reported by {t}: {rulings:?}"
        );
    }
}

#[test]
fn no_clock_reaches_zero_without_a_flag_and_saved_time_is_never_lost() {
    let mut seen = [0u32; 4];
    for seed in 0..3_000u64 {
        let mut rng = Rng(seed);
        let mut clock = Clock::new(random_control(&mut rng));
        let mut t = rng.below(1_000);
        clock.start(t).unwrap();
        for _ in 0..200 {
            t += match rng.below(10) {
                0 => rng.below(200_000),
                1 | 2 => 0,
                _ => rng.below(15_000),
            };
            let predicted = clock.flag_fall_at();
            let mut settled = false;
            let rulings = match rng.below(20) {
                0..=11 => {
                    let by = if rng.below(8) == 0 {
                        rng.color()
                    } else {
                        clock.running().unwrap_or(White)
                    };
                    let running = clock.running() == Some(by);
                    let before = clock.remaining(by, t);
                    let bonus = credit(&clock, by, clock.elapsed_in_move(by, t));
                    let result = clock.press(by, t);
                    settled = result.is_ok();
                    match result {
                        Ok(r) if running => {
                            let expected = before + bonus + added(&r, by);
                            assert_eq!(
                                clock.remaining(by, t),
                                expected,
                                "seed {seed}: press at {t}: {r:?}"
                            );
                            r
                        }
                        Ok(r) => {
                            assert!(r.contains(&Ruling::PressWithoutEffect(by)), "seed {seed}");
                            r
                        }
                        Err(e) => {
                            assert_eq!(e, ClockError::Stopped, "seed {seed}");
                            vec![]
                        }
                    }
                }
                12 | 13 => {
                    let result = clock.execute_move(rng.color(), t);
                    settled = result.is_ok();
                    result.unwrap_or_default()
                }
                14 => {
                    let result = clock.stop(t);
                    settled = result.is_ok();
                    result.unwrap_or_default()
                }
                15 => clock.restart(t).map(|r| vec![r]).unwrap_or_default(),
                16 => {
                    settled = true;
                    let mut r = Vec::new();
                    if let Some((c, at)) = predicted.filter(|&(_, at)| at <= t) {
                        let ruling = clock.observe_flags(t).unwrap();
                        assert!(
                            ruling.is_some(),
                            "seed {seed}: {c}'s flag at {at} not observed"
                        );
                        r.push(Ruling::FlagFell(*clock.flags().last().unwrap()));
                    } else {
                        r.extend(clock.observe_flags(t).unwrap());
                    }
                    r
                }
                17 => {
                    let c = rng.color();
                    let before = clock.remaining(c, t);
                    let delta = rng.below(120_000) as i64 - 60_000;
                    match clock.adjust(c, delta, Adjustment::Penalty) {
                        Ok(r) => {
                            assert_eq!(
                                clock.remaining(c, t) as i64,
                                before as i64 + delta,
                                "seed {seed}"
                            );
                            vec![r]
                        }
                        Err(ClockError::Running) => vec![],
                        Err(e) => {
                            assert_eq!(e, ClockError::TimeOutOfRange, "seed {seed}");
                            assert!(before as i64 + delta <= 0, "seed {seed}");
                            vec![]
                        }
                    }
                }
                18 => {
                    let latest = clock.latest_ms();
                    let back = latest.saturating_sub(1 + rng.below(1_000));
                    if back < latest {
                        assert!(matches!(
                            clock.press(White, back),
                            Err(ClockError::TimeWentBackwards { .. })
                        ));
                    }
                    vec![]
                }
                _ => clock.absent_after_default_time(t),
            };
            if settled {
                check_prediction(predicted, t, &rulings, seed);
            }
            check_flags(&clock, t, seed);
            for r in &rulings {
                match r {
                    Ruling::FlagFell(_) => seen[0] += 1,
                    Ruling::PeriodCompleted { .. } => seen[1] += 1,
                    Ruling::TimeAdjusted { .. } => seen[2] += 1,
                    Ruling::TimeExceeded(_) => seen[3] += 1,
                    _ => {}
                }
            }
        }
    }
    // The sequences reach every kind of event this test is about.
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

/// With presses, stops and restarts only, the two clocks together show the
/// allotted time minus the time that ran (commentary check, A-041), until a
/// flag falls.
#[test]
fn time_is_conserved_in_a_clean_game() {
    let mut checked = [0u32; 2];
    for seed in 0..2_000u64 {
        let mut rng = Rng(seed ^ 0x5555);
        let control = random_control(&mut rng);
        let delays = Color::ALL.iter().any(|&c| {
            control
                .schedule(c)
                .periods()
                .iter()
                .any(|p| matches!(p.bonus(), Some(Bonus::Delay(_) | Bonus::Bronstein(_))))
        });
        if delays {
            continue;
        }
        let mut clock = Clock::new(control.clone());
        let mut t = 0;
        let mut ran = 0;
        clock.start(0).unwrap();
        for _ in 0..300 {
            let step = rng.below(5_000);
            if clock.running().is_some() {
                ran += step;
            }
            t += step;
            match rng.below(10) {
                0 => {
                    let _ = clock.stop(t);
                }
                1 => {
                    let _ = clock.restart(t);
                }
                _ => {
                    if let Some(c) = clock.running() {
                        clock.press(c, t).unwrap();
                    }
                }
            }
            let due = clock.flag_fall_at().is_some_and(|(_, at)| at <= t);
            if due || !clock.flags().is_empty() {
                break;
            }
            let allotted: u64 = Color::ALL
                .iter()
                .map(|&c| control.schedule(c).allotted_ms(clock.moves_completed(c)))
                .sum();
            let shown = clock.remaining(White, t) + clock.remaining(Black, t);
            assert_eq!(shown + ran, allotted, "seed {seed} at {t}: {control}");
            checked[0] += 1;
            checked[1] += u32::from(clock.period_index(White) > 0);
        }
    }
    assert!(checked[0] > 20_000 && checked[1] > 2_000, "{checked:?}");
}
