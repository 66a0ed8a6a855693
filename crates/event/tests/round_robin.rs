//! Round-robin sections (Berger tables, C.05 Annex 1) and the system suggestion.

use std::collections::HashMap;

use event::age::{AgeClass, Class};
use event::date::{Date, DateTime, Time};
use event::person::PlayerId;
use event::player::{Entry, Player};
use event::round::GameResult;
use event::section::{SJRP_ROUND_ROBIN_TIEBREAKS, System, suggest_system};
use event::{Event, Section};

fn section(n: u32, double: bool) -> Section {
    let mut s = Section::new("U10", vec![Class::open(AgeClass::U10)]);
    s.system = System::RoundRobin { double };
    s.tiebreaks = SJRP_ROUND_ROBIN_TIEBREAKS.to_string();
    for i in 1..=n {
        let mut p = Player::new(PlayerId(500 + i), &format!("Kind{i}"), "A");
        p.dwz = Some(1500 - 50 * i as u16);
        s.entries.push(Entry::new(p, Class::open(AgeClass::U10)));
    }
    s
}

fn at() -> DateTime {
    DateTime {
        date: Date::new(2026, 4, 7).unwrap(),
        time: Time::new(13, 0).unwrap(),
    }
}

/// Plays every round: the lower pairing number wins, except that board 1 is drawn.
fn play(s: &mut Section) {
    for round in 1..=s.total_rounds() {
        let draft = s.pair_round(round).unwrap();
        s.add_round(draft).unwrap();
        s.publish(round, at()).unwrap();
        let boards = s.round(round).unwrap().boards.clone();
        for (i, b) in boards.iter().enumerate() {
            let r = if i == 0 {
                GameResult::Draw
            } else if s.pairing_number(b.white) < s.pairing_number(b.black) {
                GameResult::WhiteWins
            } else {
                GameResult::BlackWins
            };
            s.enter_result(round, i + 1, r).unwrap();
        }
    }
}

#[test]
fn six_players_meet_each_other_once_in_five_rounds() {
    let mut s = section(6, false);
    assert_eq!(s.total_rounds(), 5);
    play(&mut s);
    assert!(s.pair_round(6).is_err());
    let mut met: HashMap<(PlayerId, PlayerId), u32> = HashMap::new();
    for r in &s.played {
        assert_eq!(r.boards.len(), 3);
        assert!(r.byes.is_empty());
        for b in &r.boards {
            *met.entry((b.white.min(b.black), b.white.max(b.black)))
                .or_default() += 1;
        }
    }
    assert_eq!(met.len(), 15);
    assert!(met.values().all(|&n| n == 1));
    // Round 1 of the Berger table for 6: 1-6 2-5 3-4.
    let tpn = |id| s.pairing_number(id).unwrap();
    let r1: Vec<(u32, u32)> = s.played[0]
        .boards
        .iter()
        .map(|b| (tpn(b.white), tpn(b.black)))
        .collect();
    assert_eq!(r1, [(1, 6), (2, 5), (3, 4)]);
    let table = s.standings().unwrap();
    assert_eq!(table.tiebreaks, ["SB", "SW/U", "DE"]);
    let total: u32 = table.rows.iter().map(|r| r.half_points).sum();
    assert_eq!(total, 15 * 2);
    let t = s
        .to_trf(&Event::new("RR", "Mainz", at().date, at().date))
        .unwrap();
    assert!(t.validate().is_valid());
    assert_eq!(t.pairing_system(), Some("FIDE_ROUNDROBIN"));
}

#[test]
fn an_odd_field_sits_out_once_and_a_double_round_robin_reverses_colours() {
    let mut s = section(5, false);
    assert_eq!(s.total_rounds(), 5);
    play(&mut s);
    let mut sat_out: Vec<PlayerId> = s
        .played
        .iter()
        .flat_map(|r| r.byes.iter().map(|b| b.player))
        .collect();
    sat_out.sort();
    sat_out.dedup();
    assert_eq!(sat_out.len(), 5);

    let mut d = section(4, true);
    assert_eq!(d.total_rounds(), 6);
    play(&mut d);
    let mut colours: HashMap<(PlayerId, PlayerId), u32> = HashMap::new();
    for r in &d.played {
        for b in &r.boards {
            *colours.entry((b.white, b.black)).or_default() += 1;
        }
    }
    assert_eq!(colours.len(), 12, "every pair once with each colour");
}

#[test]
fn the_field_of_a_round_robin_cannot_change_and_buchholz_is_refused() {
    let mut s = section(6, false);
    let draft = s.pair_round(1).unwrap();
    s.add_round(draft).unwrap();
    s.publish(1, at()).unwrap();
    for b in 1..=3 {
        s.enter_result(1, b, GameResult::Draw).unwrap();
    }
    s.entries.push(Entry::new(
        Player::new(PlayerId(999), "Spät", "B"),
        Class::open(AgeClass::U10),
    ));
    assert!(matches!(
        s.pair_round(2),
        Err(event::PairError::RoundRobinFieldChanged)
    ));
    s.entries.pop();
    s.tiebreaks = "BH,SB".to_string();
    assert!(matches!(
        s.standings(),
        Err(event::table::StandingsError::NotAllowed(_))
    ));
}

#[test]
fn r_083_round_robin_when_few_players_else_swiss() {
    assert_eq!(suggest_system(8, 7), System::RoundRobin { double: false });
    assert_eq!(suggest_system(3, 7), System::RoundRobin { double: false });
    assert_eq!(suggest_system(9, 7), System::Swiss { edition: None });
    assert_eq!(suggest_system(2, 7), System::Swiss { edition: None });
    assert_eq!(suggest_system(10, 9), System::RoundRobin { double: false });
    assert_eq!(event::section::ROUND_ROBIN_UP_TO, 8);
}

#[test]
fn numbers_drawn_by_lot_decide_the_berger_table() {
    let mut s = section(4, false);
    let drawn = vec![PlayerId(503), PlayerId(501), PlayerId(504), PlayerId(502)];
    assert!(
        s.set_order(drawn[..3].to_vec()).is_err(),
        "everyone needs a number"
    );
    assert!(
        s.set_order(vec![
            PlayerId(503),
            PlayerId(503),
            PlayerId(501),
            PlayerId(502)
        ])
        .is_err()
    );
    s.set_order(drawn.clone()).unwrap();
    assert_eq!(s.pairing_number(PlayerId(503)), Some(1));
    let draft = s.pair_round(1).unwrap();
    // Round 1 for 4: 1-4 2-3.
    let pairs: Vec<(PlayerId, PlayerId)> =
        draft.boards.iter().map(|b| (b.white, b.black)).collect();
    assert_eq!(pairs, [(drawn[0], drawn[3]), (drawn[1], drawn[2])]);
    s.add_round(draft).unwrap();
    assert_eq!(s.set_order(drawn), Err(event::RoundError::NumbersFixed));
}

#[test]
fn h14_02_a_place_still_shared_after_the_last_criterion_is_marked_for_a_stichkampf() {
    // Four players, every game drawn: equal on points, SB, SW and DE.
    let mut s = section(4, false);
    for round in 1..=s.total_rounds() {
        let draft = s.pair_round(round).unwrap();
        s.add_round(draft).unwrap();
        s.publish(round, at()).unwrap();
        for board in 1..=s.round(round).unwrap().boards.len() {
            s.enter_result(round, board, GameResult::Draw).unwrap();
        }
    }
    let table = s.standings().unwrap();
    assert!(
        table.rows.iter().all(|r| r.rank == 1 && r.tied),
        "{table:?}"
    );
    assert_eq!(table.open_ties(), [1]);
    assert_eq!(
        event::table::playoff_article().to_string(),
        "SJRP Spielordnung §6.1"
    );
    // Scores with decimals, counts and places whole (as `arbiter standings` prints them).
    assert_eq!(table.tiebreaks, ["SB", "SW/U", "DE"]);
    assert_eq!(table.rows[0].values[0].as_deref(), Some("2.25"));
    assert_eq!(table.rows[0].values[1].as_deref(), Some("0"));
    assert_eq!(table.rating, "DWZ");
    assert_eq!(table.rows[0].rating, Some(1450));
    let legend = table.legend(event::Lang::De);
    assert_eq!(legend[1].1, "Siegwertung (spielfrei zählt als Sieg)");
    assert_eq!(legend[2].1, "Direkter Vergleich");
    assert_eq!(
        table.legend(event::Lang::En)[1].1,
        "Wins including forfeits (a pairing-allocated bye counts as a win)"
    );
}
