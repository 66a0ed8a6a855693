//! The demo championship behind `arbiter serve --demo`, and the scale limits of the domain.

use event::age::{AgeClass, AgeConvention, Class};
use event::date::Date;
use event::demo::championship;
use event::person::PlayerId;
use event::player::{Entry, Player};
use event::round::{ByeKind, GameResult};
use event::trf_io::ExportError;
use event::{Event, Section, System};

fn today() -> Date {
    Date::new(2026, 4, 11).unwrap()
}

#[test]
fn the_demo_is_complete_deterministic_and_valid() {
    let event = championship(today());
    assert_eq!(event, championship(today()));
    assert_eq!(event.start, Date::new(2026, 4, 7).unwrap());
    let names: Vec<&str> = event.sections.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["U10", "U12", "U14", "U16/U18"]);
    assert_eq!(
        event.sections[0].system,
        System::RoundRobin { double: false }
    );
    for s in &event.sections {
        assert_eq!(s.played.len(), 7, "{}", s.name);
        assert_eq!(s.rounds_complete(), 7, "{}", s.name);
        assert!(s.played.iter().all(|r| r.is_published()));
        assert_eq!(s.schedule.len(), 7);
        let t = s.to_trf(&event).unwrap();
        assert!(
            t.validate().is_valid(),
            "{}: {:?}",
            s.name,
            t.validate().issues
        );
        let table = s.standings().unwrap();
        assert_eq!(table.rows.len(), s.entries.len());
        // Every player is eligible for the class entered, in the season of the event.
        for e in &s.entries {
            assert!(s.classes.contains(&e.class));
            let ok = e.class.admits(
                e.player.birth,
                e.player.sex,
                event.season(),
                event.age_convention,
            );
            assert_eq!(ok, Ok(()), "{} in {}", e.player.name(), e.class);
        }
        // Results are not all the same.
        let decisive = s
            .played
            .iter()
            .flat_map(|r| &r.boards)
            .filter(|b| b.result != GameResult::Draw)
            .count();
        assert!(decisive > 0);
    }
}

#[test]
fn the_merged_group_has_a_late_entry_a_withdrawal_a_half_point_bye_and_a_forfeit() {
    let event = championship(today());
    let s = event.section("U16/U18").unwrap();
    let late = s.entries.iter().find(|e| e.first_round == 2).unwrap();
    assert_eq!(s.round(1).unwrap().bye_of(late.id()), Some(ByeKind::Zero));
    let gone = s
        .entries
        .iter()
        .find(|e| e.withdrawn_after == Some(5))
        .unwrap();
    assert_eq!(s.round(6).unwrap().bye_of(gone.id()), Some(ByeKind::Zero));
    assert!(
        s.round(4)
            .unwrap()
            .byes
            .iter()
            .any(|b| b.kind == ByeKind::Half)
    );
    assert!(
        s.round(3)
            .unwrap()
            .boards
            .iter()
            .any(|b| b.result == GameResult::WhiteWinsByForfeit)
    );
    // The classes' rankings split the group (§6.3) and the girls' rankings hold only girls.
    let u16 = s.class_standings(Class::open(AgeClass::U16)).unwrap();
    let u18 = s.class_standings(Class::open(AgeClass::U18)).unwrap();
    let u16w = s.class_standings(Class::girls(AgeClass::U16)).unwrap();
    let u18w = s.class_standings(Class::girls(AgeClass::U18)).unwrap();
    let open_entries = s.entries.iter().filter(|e| !e.class.girls).count();
    assert_eq!(u16.rows.len() + u18.rows.len(), open_entries);
    assert!(!u16w.rows.is_empty() && !u18w.rows.is_empty());
    for row in u16w.rows.iter().chain(&u18w.rows) {
        assert_eq!(
            s.entry(row.player).unwrap().player.sex,
            Some(event::person::Sex::Female)
        );
    }
    assert_eq!(u18.rows[0].rank, 1);
}

#[test]
fn events_survive_a_json_round_trip() {
    let event = championship(today());
    let json = serde_json::to_string(&event).unwrap();
    let back: Event = serde_json::from_str(&json).unwrap();
    assert_eq!(back, event);
    assert!(json.contains("\"2026-04-07\""));
    assert_eq!(back.age_convention, AgeConvention::PREVIOUS_YEAR_END);
}

#[test]
fn ids_beyond_9999_are_fine_but_a_trf_of_more_than_9999_players_is_refused() {
    let mut s = Section::new("Mass", vec![Class::open(AgeClass::Open)]);
    for i in 0..10_000u32 {
        let mut p = Player::new(PlayerId(1_000_000 + i), "Open", &format!("N{i}"));
        p.elo = Some(1000 + (i % 1500) as u16);
        s.entries.push(Entry::new(p, Class::open(AgeClass::Open)));
    }
    let event = Event::new("Mass", "Online", today(), today());
    assert_eq!(
        s.to_trf(&event).unwrap_err(),
        ExportError::TooManyPlayers(10_000)
    );
    assert!(
        ExportError::TooManyPlayers(10_000)
            .to_string()
            .contains("1-9999")
    );
    s.entries.truncate(9_999);
    let t = s.to_trf(&event).unwrap();
    assert_eq!(t.players().count(), 9_999);
    assert_eq!(s.pairing_number(PlayerId(1_000_000 + 1499)), Some(1));
}

#[test]
fn the_dwz_evaluation_counts_the_games_played_over_the_board() {
    use standings::rating::dwz::TournamentOutcome;
    let event = championship(today());
    let s = event.section("U16/U18").unwrap();
    let outcomes = s.dwz_evaluation(event.end).unwrap();
    assert_eq!(outcomes.len(), s.entries.len());
    let forfeit = s
        .round(3)
        .unwrap()
        .boards
        .iter()
        .find(|b| b.result == GameResult::WhiteWinsByForfeit)
        .unwrap();
    for (player, outcome) in &outcomes {
        let played: Vec<(usize, GameResult, bool)> = s
            .played
            .iter()
            .flat_map(|r| r.boards.iter().enumerate())
            .filter(|(_, b)| b.result.is_played() && (b.white == *player || b.black == *player))
            .map(|(i, b)| (i, b.result, b.white == *player))
            .collect();
        let half_points: u32 = played
            .iter()
            .map(|&(_, r, white)| match (r, white) {
                (GameResult::Draw, _) => 1,
                (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => 2,
                _ => 0,
            })
            .sum();
        let TournamentOutcome::Rated(ev) = outcome else {
            panic!("every demo player has a DWZ: {outcome:?}");
        };
        assert_eq!(ev.games.len(), played.len(), "player {player}");
        assert_eq!(ev.score.half_points(), half_points, "player {player}");
        assert_eq!(ev.player.dwz, s.entry(*player).unwrap().player.dwz.unwrap());
    }
    let winner = outcomes.iter().find(|(p, _)| *p == forfeit.white).unwrap();
    let TournamentOutcome::Rated(ev) = &winner.1 else {
        unreachable!()
    };
    assert!(ev.games.len() < 7, "the forfeit is not rated");
}

#[test]
fn before_the_first_complete_round_everyone_shares_rank_one() {
    let mut s = Section::new("Open", vec![Class::open(AgeClass::Open)]);
    for i in 0..5_000u32 {
        let p = Player::new(PlayerId(i + 1), "P", &format!("{i}"));
        s.entries.push(Entry::new(p, Class::open(AgeClass::Open)));
    }
    let table = s.standings().unwrap();
    assert_eq!(table.rows.len(), 5_000);
    assert!(table.rows.iter().all(|r| r.rank == 1 && r.half_points == 0));
    assert!(
        table
            .rows
            .iter()
            .all(|r| r.values.iter().all(Option::is_none))
    );
    assert_eq!(table.rows[0].tpn, 1);
}
