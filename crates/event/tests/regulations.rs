//! Requirements of the SJRP Spielordnung and the 2026 announcement (laws-cases-B, R-NNN) that
//! the tournament domain carries.

use event::age::{AgeClass, Class};
use event::date::{Date, DateTime, Time};
use event::demo::championship;
use event::person::{PlayerId, Sex};
use event::player::{Entry, Player};
use event::round::{GameResult, WarningKind};
use event::section::{SJRP_ROUND_ROBIN_TIEBREAKS, System};
use event::{Section, suggest_system};

fn today() -> Date {
    Date::new(2026, 4, 11).unwrap()
}

#[test]
fn r_017_tie_break_orders_of_6_1() {
    let mut s = Section::new("U14", vec![Class::open(AgeClass::U14)]);
    let codes = |s: &Section| -> Vec<String> {
        s.tiebreak_order()
            .unwrap()
            .tiebreaks
            .iter()
            .map(|t| t.to_string())
            .collect()
    };
    assert_eq!(codes(&s), ["BH/C1", "SB", "SW/U", "DE"]);
    s.system = System::RoundRobin { double: false };
    s.tiebreaks = SJRP_ROUND_ROBIN_TIEBREAKS.into();
    assert_eq!(codes(&s), ["SB", "SW/U", "DE"]);
}

#[test]
fn r_084_time_control_and_default_time_of_the_announcement() {
    let s = Section::new("U18", vec![Class::open(AgeClass::U18)]);
    let tc: laws::time_control::TimeControl = s.time_control.parse().unwrap();
    let white = tc.schedule(shakmaty::Color::White);
    assert_eq!(white.periods()[0].moves(), Some(40));
    assert_eq!(white.periods()[0].time_ms(), 90 * 60_000);
    assert_eq!(white.periods()[1].time_ms(), 30 * 60_000);
    assert_eq!(white.periods()[1].increment_ms(), 30_000);
    // §4.3 / R-006: 15 minutes, as the sjrp profile of the laws crate says.
    let profile: laws::edition::Profile = s.profile.parse().unwrap();
    assert_eq!(
        u64::from(s.default_time_minutes) * 60_000,
        profile.default_time_ms(laws::game_type::GameType::Standard)
    );
}

#[test]
fn r_019_manual_pairings_published_at_least_30_minutes_before_and_marked() {
    let mut event = championship(today());
    let s = event.section_mut("U14").unwrap();
    let last = s.unpair(7).unwrap_err();
    assert!(matches!(last, event::RoundError::HasResults(7)));
    // Round 7 again, with board 1 set by hand.
    s.played.pop();
    let draft = s.pair_round(7).unwrap();
    s.add_round(draft).unwrap();
    let (w, b) = {
        let r = s.round(7).unwrap();
        (r.boards[0].black, r.boards[0].white)
    };
    s.set_pair(7, 1, w, b).unwrap();
    let list = s.pairing_list(7, false).unwrap();
    assert!(list[0].manual && !list[1].manual);
    let start = s.schedule_of(7).unwrap();
    assert_eq!(start.time, Time::new(9, 30).unwrap());
    let at = |h, m| DateTime {
        date: start.date,
        time: Time::new(h, m).unwrap(),
    };
    let mut late = s.clone();
    let warnings = late.publish(7, at(9, 1)).unwrap();
    assert_eq!(warnings.len(), 1);
    assert_eq!(
        warnings[0].kind,
        WarningKind::LatePublication { minutes_before: 29 }
    );
    assert_eq!(warnings[0].article.as_str(), "SJRP §6.2");
    assert!(s.publish(7, at(9, 0)).unwrap().is_empty());
}

#[test]
fn r_020_merged_classes_are_ranked_per_class_with_the_values_of_the_whole_group() {
    let event = championship(today());
    let s = event.section("U16/U18").unwrap();
    let all = s.standings().unwrap();
    for class in &s.classes {
        let table = s.class_standings(*class).unwrap();
        assert!(!table.rows.is_empty(), "{class}");
        let mut last_place = 0;
        for row in &table.rows {
            let whole = all.rows.iter().find(|r| r.player == row.player).unwrap();
            assert_eq!((&row.points, &row.values), (&whole.points, &whole.values));
            assert!(whole.rank >= last_place, "same order as the group");
            last_place = whole.rank;
        }
    }
}

#[test]
fn r_036_u8_girls_ranking_inside_the_same_tournament() {
    let mut s = Section::new(
        "U8",
        vec![Class::open(AgeClass::U8), Class::girls(AgeClass::U8)],
    );
    for i in 0..6u32 {
        let mut p = Player::new(PlayerId(800 + i), &format!("Kind{i}"), "K");
        p.sex = Some(if i % 2 == 0 { Sex::Female } else { Sex::Male });
        p.birth = Date::new(2019, 3, 1 + i as u8).map(event::date::Birth::Date);
        p.dwz = Some(900 - 20 * i as u16);
        let class = if i == 4 {
            Class::girls(AgeClass::U8)
        } else {
            Class::open(AgeClass::U8)
        };
        s.entries.push(Entry::new(p, class));
    }
    s.system = suggest_system(s.entries.len(), s.rounds);
    assert_eq!(s.system, System::RoundRobin { double: false });
    s.tiebreaks = SJRP_ROUND_ROBIN_TIEBREAKS.into();
    for round in 1..=s.total_rounds() {
        let draft = s.pair_round(round).unwrap();
        s.add_round(draft).unwrap();
        s.publish(
            round,
            DateTime {
                date: today(),
                time: Time::new(8, 0).unwrap(),
            },
        )
        .unwrap();
        for b in 1..=s.round(round).unwrap().boards.len() {
            s.enter_result(round, b, GameResult::WhiteWins).unwrap();
        }
    }
    let girls = s.class_standings(Class::girls(AgeClass::U8)).unwrap();
    let ids: Vec<u32> = girls.rows.iter().map(|r| r.player.0).collect();
    let mut sorted = ids.clone();
    sorted.sort();
    assert_eq!(sorted, [800, 802, 804]);
    assert_eq!(girls.rows[0].rank, 1);
    let open = s.class_standings(Class::open(AgeClass::U8)).unwrap();
    assert_eq!(open.rows.len(), 5, "everyone entered in U8, girls included");
}

#[test]
fn r_087_schedule_of_the_announcement() {
    let event = championship(today());
    let s = event.section("U12").unwrap();
    let starts: Vec<String> = (1..=7)
        .map(|r| {
            let t = s.schedule_of(r).unwrap();
            format!("{} {}", t.date.german(), t.time)
        })
        .collect();
    assert_eq!(
        starts,
        [
            "07.04.2026 14:00",
            "08.04.2026 09:00",
            "08.04.2026 14:00",
            "09.04.2026 09:00",
            "10.04.2026 09:00",
            "10.04.2026 14:00",
            "11.04.2026 09:30"
        ]
    );
    assert_eq!(event.start, Date::new(2026, 4, 7).unwrap());
    assert_eq!(event.end, today());
}
