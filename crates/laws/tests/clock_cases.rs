//! Art. 6 items of the laws-cases catalogue (`/work/shared/docs/laws-cases-A.md`,
//! `laws-cases-B.md`) that are clock arithmetic, one test per item.

use laws::clock::{Adjustment, Clock, ClockError, FlagOrder, Ruling};
use laws::game_type::GameType;
use laws::time_control::TimeControl;
use shakmaty::Color::{self, Black, White};

const SEC: u64 = 1_000;
const MIN: u64 = 60 * SEC;
const HOUR: u64 = 60 * MIN;

fn control(s: &str) -> TimeControl {
    s.parse().unwrap()
}

fn clock(s: &str) -> Clock {
    Clock::new(control(s))
}

/// Both players complete `n` moves, White taking `white` and Black `black`
/// per move; `t` is the running time. White's clock must be running.
fn play(c: &mut Clock, t: &mut u64, n: u32, white: u64, black: u64) {
    for _ in 0..n {
        *t += white;
        c.press(White, *t).unwrap();
        *t += black;
        c.press(Black, *t).unwrap();
    }
}

fn time_exceeded(r: Option<Ruling>) -> (Color, u32, Option<u32>) {
    match r {
        Some(Ruling::TimeExceeded(f)) => (f.color, f.moves_completed, f.moves_required),
        other => panic!("expected a time forfeit, got {other:?}"),
    }
}

#[test]
fn a_036_default_time_late_arrival_and_both_absent() {
    let round = 14 * HOUR;
    // (a) Regulations silent: default time 0; Black arrives 14:01 and loses.
    let mut c = clock("5400");
    c.arrive(White, round - MIN).unwrap();
    c.start(round).unwrap();
    assert_eq!(
        c.arrive(Black, round + MIN),
        Ok(Some(Ruling::DefaultTimeExceeded(Black)))
    );
    assert_eq!(
        Ruling::DefaultTimeExceeded(Black).article().as_str(),
        "Art. 6.7.1"
    );

    // (b) Default time 30 min: 14:29:59 plays (his clock has run since White moved), 14:30:01 loses.
    let mut c = clock("5400").with_default_time(30 * MIN);
    c.arrive(White, round).unwrap();
    c.start(round).unwrap();
    c.press(White, round + 10 * SEC).unwrap();
    let late = round + 29 * MIN + 59 * SEC;
    assert_eq!(c.arrive(Black, late), Ok(None));
    assert_eq!(
        c.remaining(Black, late),
        90 * MIN - (late - round - 10 * SEC)
    );
    let mut c = clock("5400").with_default_time(30 * MIN);
    c.start(round).unwrap();
    assert_eq!(
        c.arrive(Black, round + 30 * MIN + SEC),
        Ok(Some(Ruling::DefaultTimeExceeded(Black)))
    );

    // (c) Both absent after the default time: both lose.
    let mut c = clock("5400").with_default_time(30 * MIN);
    c.start(round).unwrap();
    assert_eq!(c.absent_after_default_time(round + 30 * MIN), vec![]);
    assert_eq!(
        c.absent_after_default_time(round + 30 * MIN + 1),
        vec![
            Ruling::DefaultTimeExceeded(White),
            Ruling::DefaultTimeExceeded(Black)
        ]
    );
}

#[test]
fn a_037_both_absent_whites_clock_runs() {
    let ten = 10 * HOUR;
    let fresh = || {
        let mut c = clock("40/7200:1800").with_default_time(60 * MIN);
        c.start(ten).unwrap();
        c
    };
    // (a) Black arrives 10:20, White 10:30: White loses 30 minutes, Black none.
    let mut c = fresh();
    assert_eq!(c.arrive(Black, ten + 20 * MIN), Ok(None));
    assert_eq!(c.arrive(White, ten + 30 * MIN), Ok(None));
    assert_eq!(c.remaining(White, ten + 30 * MIN), 90 * MIN);
    assert_eq!(c.remaining(Black, ten + 30 * MIN), 120 * MIN);
    // (b) White arrives 10:20, plays at 10:21; Black has used 24 minutes when he arrives at 10:45.
    let mut c = fresh();
    c.arrive(White, ten + 20 * MIN).unwrap();
    c.press(White, ten + 21 * MIN).unwrap();
    assert_eq!(c.arrive(Black, ten + 45 * MIN), Ok(None));
    assert_eq!(c.remaining(Black, ten + 45 * MIN), 96 * MIN);
    assert_eq!(c.remaining(White, ten + 45 * MIN), 99 * MIN);
    // (c) Black 10:10, White 11:00:30: White exceeded the default time.
    let mut c = fresh();
    c.arrive(Black, ten + 10 * MIN).unwrap();
    assert_eq!(
        c.arrive(White, ten + HOUR + 30 * SEC),
        Ok(Some(Ruling::DefaultTimeExceeded(White)))
    );
}

#[test]
fn a_038_press_while_opponents_clock_runs_is_void() {
    let mut c = clock("40/7200:1800");
    c.start(0).unwrap();
    let mut t = SEC;
    c.press(White, t).unwrap();
    t += 2 * HOUR - 5 * SEC;
    c.press(Black, t).unwrap();
    play(&mut c, &mut t, 38, SEC, 0);
    assert_eq!(c.moves_completed(Black), 39);
    assert_eq!(c.remaining(Black, t), 5 * SEC);
    // White executes his 40th move and reaches slowly for the clock; Black replies at once.
    c.execute_move(White, t + SEC).unwrap();
    c.execute_move(Black, t + 2 * SEC).unwrap();
    assert_eq!(
        c.press(Black, t + 3 * SEC),
        Ok(vec![Ruling::PressWithoutEffect(Black)])
    );
    assert_eq!(
        Ruling::PressWithoutEffect(Black).article().as_str(),
        "Art. 6.2.1"
    );
    assert_eq!(c.moves_completed(Black), 39);
    c.press(White, t + 10 * SEC).unwrap();
    assert_eq!(c.moves_completed(White), 40);
    assert_eq!(c.flag_fall_at(), Some((Black, t + 15 * SEC)));
    let r = c.press(Black, t + 16 * SEC).unwrap();
    assert!(matches!(r[0], Ruling::FlagFell(f) if f.color == Black && f.moves_completed == 39));
    assert_eq!(
        time_exceeded(c.observe_flags(t + 17 * SEC).unwrap()),
        (Black, 39, Some(40))
    );
}

#[test]
fn a_039_move_completion_for_time_control_counting() {
    let setup = || {
        let mut c = clock("40/7200:1800");
        c.start(0).unwrap();
        let mut t = 0;
        play(&mut c, &mut t, 38, 3 * MIN, MIN);
        (c, t)
    };
    // (a) White forgets to press after his 39th; executing the 40th completes it (6.2.1.2).
    let (mut c, t) = setup();
    c.execute_move(White, t + MIN).unwrap();
    c.execute_move(Black, t + 2 * MIN).unwrap();
    assert_eq!(c.execute_move(White, t + 3 * MIN), Ok(vec![]));
    assert_eq!(c.moves_completed(White), 39);
    let r = c.press(White, t + 4 * MIN).unwrap();
    assert_eq!(
        r,
        vec![Ruling::PeriodCompleted {
            color: White,
            period_index: 0,
            added_ms: 30 * MIN
        }]
    );
    assert_eq!(c.remaining(White, t + 4 * MIN), 2 * MIN + 30 * MIN);
    // Black's 39th, executed while his clock was stopped, is completed by his press now.
    c.press(Black, t + 5 * MIN).unwrap();
    assert_eq!(c.moves_completed(Black), 39);

    // (b) White's 40th ends the game (mate): completed without pressing (6.2.1.1).
    let (mut c, t) = setup();
    c.press(White, t + MIN).unwrap();
    c.press(Black, t + MIN).unwrap();
    let r = c.end(t + 5 * MIN, Some(White)).unwrap();
    assert_eq!(
        r,
        vec![Ruling::PeriodCompleted {
            color: White,
            period_index: 0,
            added_ms: 30 * MIN
        }]
    );
    assert_eq!(c.observe_flags(t + 7 * MIN), Err(ClockError::Ended));

    // (c) White executes his 40th but his flag falls before he presses: not completed.
    let (mut c, t) = setup();
    c.press(White, t + MIN).unwrap();
    c.press(Black, t + MIN).unwrap();
    c.execute_move(White, t + 5 * MIN).unwrap();
    let r = c.press(White, t + 7 * MIN).unwrap();
    assert!(
        matches!(r[0], Ruling::FlagFell(f) if f.at_ms == t + 6 * MIN && f.moves_completed == 39)
    );
    assert_eq!(
        time_exceeded(c.observe_flags(t + 8 * MIN).unwrap()),
        (White, 39, Some(40))
    );
}

#[test]
fn a_041_clock_plausibility_with_fischer_increment() {
    let tc = control("40/5400+30:1800+30");
    let expected = |moves: u32, elapsed: u64| 2 * tc.schedule(White).allotted_ms(moves) - elapsed;
    // The commentary's three boards at 11:00 (one hour played).
    assert_eq!(expected(10, HOUR), (75 + 55) * MIN);
    assert_eq!(expected(16, HOUR), (63 + 73) * MIN);
    assert_eq!(expected(12, HOUR) - (70 + 50) * MIN, 12 * MIN);
    // A clock driven move by move satisfies the invariant exactly.
    let mut c = Clock::new(tc.clone());
    c.start(0).unwrap();
    let mut t = 0;
    play(&mut c, &mut t, 10, 4 * MIN, 2 * MIN);
    assert_eq!(t, HOUR);
    assert_eq!(
        c.remaining(White, t) + c.remaining(Black, t),
        expected(10, t)
    );
    assert_eq!(c.remaining(White, t), 55 * MIN);
}

#[test]
fn a_042_correcting_a_clock_that_ran_wrongly() {
    let tc = control("40/7200:1800");
    let elapsed = 90 * MIN;
    let shown = [95 * MIN, 75 * MIN];
    let should = 2 * tc.schedule(White).allotted_ms(20) - elapsed;
    let excess = shown[0] + shown[1] - should;
    assert_eq!(excess, 20 * MIN);
    // (c) cause unknown: the excess is split; the arbiter sets a stopped clock.
    let mut c = Clock::new(tc);
    c.start(0).unwrap();
    c.stop(elapsed).unwrap();
    let r = c
        .set(White, shown[0] - excess / 2, 20, Adjustment::Correction)
        .unwrap();
    assert_eq!(r.article().as_str(), "Art. 6.10.2");
    c.set(Black, shown[1] - excess / 2, 20, Adjustment::Correction)
        .unwrap();
    assert_eq!(c.remaining(White, elapsed), 85 * MIN);
    assert_eq!(c.remaining(Black, elapsed), 65 * MIN);
    assert_eq!(c.moves_completed(Black), 20);
    c.restart(elapsed + MIN).unwrap();
    assert_eq!(c.remaining(White, elapsed + 2 * MIN), 84 * MIN);
}

#[test]
fn a_044_stopping_the_clock_to_summon_the_arbiter() {
    let mut c = clock("5400+30");
    c.start(0).unwrap();
    c.press(White, 10 * SEC).unwrap();
    // (a) Black stops the clock to get a second queen: valid, time used so far kept.
    let r = c.stop(70 * SEC).unwrap();
    assert_eq!(r, vec![Ruling::Stopped]);
    assert_eq!(r[0].article().as_str(), "Art. 6.11.1");
    assert_eq!(c.remaining(Black, 5 * MIN), 89 * MIN);
    assert_eq!(
        c.restart(5 * MIN).unwrap().article().as_str(),
        "Art. 6.11.3"
    );
    c.press(Black, 5 * MIN + 20 * SEC).unwrap();
    assert_eq!(c.remaining(Black, 6 * MIN), 89 * MIN + 10 * SEC);
    // (b) No valid reason: penalised under 12.9, here with two minutes for the opponent.
    c.stop(6 * MIN).unwrap();
    let r = c
        .adjust(Black, 2 * MIN as i64, Adjustment::Penalty)
        .unwrap();
    assert_eq!(r.article().as_str(), "Art. 12.9");
    assert_eq!(c.remaining(Black, 6 * MIN), 91 * MIN + 10 * SEC);
}

#[test]
fn a_046_electronic_clock_end_of_period() {
    let setup = || {
        let mut c = clock("40/7200:1800");
        c.start(0).unwrap();
        let mut t = 0;
        play(&mut c, &mut t, 39, 3 * MIN, MIN);
        (c, t)
    };
    // 40 moves completed with one second left: 30 minutes added, play on.
    let (mut c, t) = setup();
    let r = c.press(White, t + 3 * MIN - SEC).unwrap();
    assert_eq!(
        r,
        vec![Ruling::PeriodCompleted {
            color: White,
            period_index: 0,
            added_ms: 30 * MIN
        }]
    );
    assert_eq!(c.remaining(White, t + 3 * MIN), 30 * MIN + SEC);
    assert_eq!(c.observe_flags(t + 3 * MIN), Ok(None));
    // The display reached 0:00 before the 40th move was completed: lost on time.
    let (mut c, t) = setup();
    assert_eq!(c.flag_fall_at(), Some((White, t + 3 * MIN)));
    let r = c.press(White, t + 3 * MIN).unwrap();
    assert!(matches!(r[0], Ruling::FlagFell(f) if f.at_ms == t + 3 * MIN));
    assert_eq!(
        time_exceeded(c.observe_flags(t + 4 * MIN).unwrap()),
        (White, 39, Some(40))
    );
}

/// Runs White's and then Black's clock down to zero after `n` moves each
/// (White using all his time on move `n + 1`), then observes.
fn both_flags(tc: &str, order: FlagOrder, n: u32) -> (Clock, Option<Ruling>, u64) {
    let mut c = clock(tc).with_flag_order(order);
    c.start(0).unwrap();
    let mut t = 0;
    play(&mut c, &mut t, n, MIN, MIN);
    let (_, white_falls) = c.flag_fall_at().unwrap();
    c.press(White, white_falls + SEC).unwrap();
    let (_, black_falls) = c.flag_fall_at().unwrap();
    let seen = black_falls + SEC;
    let r = c.observe_flags(seen).unwrap();
    (c, r, seen)
}

#[test]
fn a_047_flag_fall_in_an_intermediate_period_and_both_flags() {
    // (a) All 40 moves completed: no flag, play continues in period 2.
    let mut c = clock("40/7200:1800");
    c.start(0).unwrap();
    let mut t = 0;
    play(&mut c, &mut t, 40, 2 * MIN, MIN);
    assert_eq!(c.period_index(White), 1);
    assert_eq!(c.observe_flags(t), Ok(None));
    // (b) Only 39 completed when the flag fell: loss.
    let mut c = clock("40/7200:1800");
    c.start(0).unwrap();
    let mut t = 0;
    play(&mut c, &mut t, 39, 3 * MIN, MIN);
    assert_eq!(
        time_exceeded(c.observe_flags(t + 4 * MIN).unwrap()),
        (White, 39, Some(40))
    );
    // (c) Both down, the electronic clock shows White's fell first.
    let (_, r, _) = both_flags("40/7200:1800", FlagOrder::Recorded, 30);
    assert_eq!(time_exceeded(r), (White, 30, Some(40)));
    // (d) Both down, order unknown, intermediate period: the game continues.
    let (mut c, r, t) = both_flags("40/7200:1800", FlagOrder::Unknown, 30);
    assert_eq!(r, Some(Ruling::BothFlagsGameContinues));
    assert_eq!(r.unwrap().article().as_str(), "Guideline III.3.1.1");
    let mut t = t;
    c.press(Black, t).unwrap();
    play(&mut c, &mut t, 9, 0, 0);
    assert_eq!(c.remaining(White, t), 30 * MIN);
    assert_eq!(c.remaining(Black, t), 30 * MIN);
    assert_eq!(c.observe_flags(t), Ok(None));
    // (e) Same in the last period: draw.
    let (_, r, _) = both_flags("40/7200:1800", FlagOrder::Unknown, 50);
    assert_eq!(r, Some(Ruling::BothFlagsDraw));
    assert_eq!(r.unwrap().article().as_str(), "Guideline III.3.1.2");
}

#[test]
fn a_051_rapid_time_claim_both_flags_down() {
    // Black claims White's flag and stops the clock while his own display shows 0:00 too.
    let mut c = clock("900");
    c.start(0).unwrap();
    c.press(White, 14 * MIN).unwrap();
    c.press(Black, 15 * MIN).unwrap();
    c.press(White, 17 * MIN).unwrap();
    c.stop(32 * MIN).unwrap();
    assert_eq!(c.remaining(Black, 32 * MIN), 0);
    assert_eq!(c.remaining(White, 32 * MIN), 0);
    let flag = |color| c.flags().iter().find(|f| f.color == color).map(|f| f.at_ms);
    assert_eq!((flag(White), flag(Black)), (Some(16 * MIN), Some(31 * MIN)));
    assert_eq!(
        time_exceeded(c.observe_flags(32 * MIN).unwrap()),
        (White, 1, None)
    );
    assert_eq!(GameType::of(c.control()), GameType::Rapid);
}

#[test]
fn a_066_unsupervised_rapid_blitz_settings_fixed_after_ten_moves() {
    // Set to 5+3 instead of 3+2; discovered after both completed 10 moves.
    for (tc, fixed_after_ten) in [("300+3", true), ("900+10", true), ("5400+30", false)] {
        let mut c = clock(tc);
        c.start(0).unwrap();
        let mut t = 0;
        play(&mut c, &mut t, 9, SEC, SEC);
        c.press(White, t + SEC).unwrap();
        assert!(!c.settings_fixed(), "{tc}: Black has completed only 9");
        c.press(Black, t + 2 * SEC).unwrap();
        assert_eq!(c.settings_fixed(), fixed_after_ten, "{tc}");
    }
}

#[test]
fn a_063_delay_mode_arithmetic() {
    let mut c = clock("300d5");
    c.start(0).unwrap();
    c.press(White, 3 * SEC).unwrap();
    assert_eq!(c.remaining(White, 3 * SEC), 5 * MIN);
    c.press(Black, 3 * SEC).unwrap();
    c.press(White, 11 * SEC).unwrap();
    assert_eq!(c.remaining(White, 11 * SEC), 5 * MIN - 3 * SEC);
    let mut c = clock("300d5");
    c.start(0).unwrap();
    let mut t = 0;
    play(&mut c, &mut t, 12, 4 * SEC, 4 * SEC);
    assert_eq!(c.remaining(White, t), 5 * MIN);
    assert_eq!(c.remaining(Black, t), 5 * MIN);
    // The unused delay is never added, and main time is carried to the next period.
    let mut c = clock("2/60d5:60d5");
    c.start(0).unwrap();
    let mut t = 0;
    play(&mut c, &mut t, 2, 15 * SEC, SEC);
    assert_eq!(c.remaining(White, t), 40 * SEC + 60 * SEC);
    assert_eq!(c.remaining(Black, t), 120 * SEC);
}

#[test]
fn a_064_increment_and_time_carried_forward() {
    // (a) 90 min/40 + 30 min, 30 s per move from move 1; the first move takes 20 s.
    let mut c = clock("40/5400+30:1800+30");
    c.start(0).unwrap();
    c.press(White, 20 * SEC).unwrap();
    assert_eq!(c.remaining(White, 20 * SEC), 90 * MIN + 10 * SEC);
    // (b) 2 h/40 + 1 h/20 + 30 min: move 40 with 0:08 left starts period 2 at 1:08.
    let mut c = clock("40/7200:20/3600:1800");
    c.start(0).unwrap();
    let mut t = 0;
    play(&mut c, &mut t, 39, 3 * MIN, MIN);
    t += 3 * MIN - 8 * SEC;
    c.press(White, t).unwrap();
    assert_eq!(c.remaining(White, t), HOUR + 8 * SEC);
    c.press(Black, t).unwrap();
    play(&mut c, &mut t, 20, 3 * MIN, MIN);
    assert_eq!(c.remaining(White, t), 8 * SEC + 30 * MIN);
    assert_eq!(c.period_index(White), 2);
    // (c) Increment only after the first control.
    let mut c = clock("40/7200:20/3600+30:1800+30");
    c.start(0).unwrap();
    let mut t = 0;
    play(&mut c, &mut t, 40, MIN, MIN);
    assert_eq!(c.remaining(White, t), 80 * MIN + HOUR);
    play(&mut c, &mut t, 1, MIN, MIN);
    assert_eq!(c.remaining(White, t), 80 * MIN + HOUR - 30 * SEC);
    // Totals for 60 moves: "Fischer kurz" 150, "Fischer lang" 210, Bundesliga 180 minutes.
    let sixty = |s: &str| control(s).schedule(White).budget_ms(60);
    assert_eq!(sixty("40/5400+30:1800+30"), 150 * MIN);
    assert_eq!(sixty("40/6000+30:20/3000+30:1800+30"), 210 * MIN);
    assert_eq!(sixty("40/6000+30:3000+30"), 180 * MIN);
}

#[test]
fn b_035_both_flags_order_unknown() {
    let (_, r, _) = both_flags("40/7200:1800", FlagOrder::Unknown, 20);
    assert_eq!(r, Some(Ruling::BothFlagsGameContinues));
    let (_, r, _) = both_flags("40/7200:1800", FlagOrder::Unknown, 45);
    assert_eq!(r, Some(Ruling::BothFlagsDraw));
}

#[test]
fn b_062_both_flags_test_vectors() {
    // (a) 2 h/40 + 30 min, flags at move 35: play continues, next period's time is added.
    let (mut c, r, mut t) = both_flags("40/7200:1800", FlagOrder::Unknown, 34);
    assert_eq!(r, Some(Ruling::BothFlagsGameContinues));
    c.press(Black, t).unwrap();
    play(&mut c, &mut t, 5, SEC, SEC);
    assert_eq!(c.period_index(White), 1);
    assert_eq!(c.remaining(White, t), 30 * MIN);
    // (b) Flags in the final 30-minute period: draw.
    let (_, r, _) = both_flags("40/7200:1800", FlagOrder::Unknown, 41);
    assert_eq!(r, Some(Ruling::BothFlagsDraw));
    // (c) Rapid 25 minutes, single period = last period: draw.
    let (_, r, _) = both_flags("1500", FlagOrder::Unknown, 10);
    assert_eq!(r, Some(Ruling::BothFlagsDraw));
    // (d) With increment the digital clock shows who fell first: 6.9 for that player.
    assert!(control("40/5400+30:1800+30").has_bonus());
    let (_, r, _) = both_flags("40/5400+30:1800+30", FlagOrder::Recorded, 10);
    assert_eq!(time_exceeded(r), (White, 10, Some(40)));
}
