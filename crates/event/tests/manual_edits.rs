//! Manual pairings and their warnings (C.04.1, SJRP §6.2), unpairing and result entry rules.

use event::RoundError;
use event::age::{AgeClass, Class};
use event::date::{Date, DateTime, Time};
use event::player::{Entry, Player, PlayerId};
use event::round::{ByeKind, GameResult, WarningKind};
use event::section::{RoundSchedule, Section};

fn section() -> Section {
    let mut s = Section::new("Open", vec![Class::open(AgeClass::Open)]);
    s.schedule = (0..7)
        .map(|d| RoundSchedule {
            date: Date::new(2026, 4, 7).unwrap().add_days(d),
            time: Time::new(14, 0),
        })
        .collect();
    for i in 1..=8u32 {
        let mut p = Player::new(PlayerId(i), &format!("P{i}"), "X");
        p.elo = Some(2200 - 20 * i as u16);
        s.entries.push(Entry::new(p, Class::open(AgeClass::Open)));
    }
    s
}

fn before(s: &Section, round: u32, minutes: u8) -> DateTime {
    let start = s.schedule_of(round).unwrap();
    DateTime {
        date: start.date,
        time: Time::new(start.time.hour() - 1, 60 - minutes).unwrap(),
    }
}

/// Pairs, publishes and completes `round` with White winning everywhere.
fn round(s: &mut Section, round: u32) {
    let draft = s.pair_round(round).unwrap();
    s.add_round(draft).unwrap();
    s.publish(round, before(s, round, 50)).unwrap();
    for b in 1..=s.round(round).unwrap().boards.len() {
        s.enter_result(round, b, GameResult::WhiteWins).unwrap();
    }
}

#[test]
fn a_rematch_and_a_prohibited_pair_are_warned_with_their_article() {
    let mut s = section();
    round(&mut s, 1);
    let b = s.round(1).unwrap().boards[0].clone();
    s.prohibited.push((b.white, b.black));
    let draft = s.pair_round(2).unwrap();
    assert!(
        draft
            .boards
            .iter()
            .all(|x| x.white != b.white || x.black != b.black)
    );
    s.add_round(draft).unwrap();
    let w = s.set_pair(2, 1, b.black, b.white).unwrap();
    let kinds: Vec<&WarningKind> = w.iter().map(|w| &w.kind).collect();
    assert!(kinds.contains(&&WarningKind::Rematch {
        a: b.black,
        b: b.white,
        round: 1
    }));
    assert!(kinds.contains(&&WarningKind::ProhibitedPair {
        a: b.black,
        b: b.white
    }));
    let rematch = w
        .iter()
        .find(|w| matches!(w.kind, WarningKind::Rematch { .. }))
        .unwrap();
    assert_eq!(rematch.article.as_str(), "C.04.1 b");
    assert!(rematch.to_string().contains("already met in round 1"));
    // The edit happened: board 1 is manual, everyone is still exactly once in the round.
    let r = s.round(2).unwrap();
    assert!(r.boards[0].manual && r.boards[0].white == b.black);
    let mut all: Vec<PlayerId> = r
        .boards
        .iter()
        .flat_map(|x| [x.white, x.black])
        .chain(r.byes.iter().map(|x| x.player))
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 8);
}

#[test]
fn colour_rules_broken_by_hand_are_warned() {
    let mut s = section();
    round(&mut s, 1);
    round(&mut s, 2);
    let draft = s.pair_round(3).unwrap();
    s.add_round(draft).unwrap();
    // Someone who had White twice gets White again against someone who had Black twice.
    let whites_twice: Vec<PlayerId> = s
        .entries
        .iter()
        .map(|e| e.id())
        .filter(|&p| (1..=2).all(|r| s.round(r).unwrap().boards.iter().any(|b| b.white == p)))
        .collect();
    let blacks_twice: Vec<PlayerId> = s
        .entries
        .iter()
        .map(|e| e.id())
        .filter(|&p| (1..=2).all(|r| s.round(r).unwrap().boards.iter().any(|b| b.black == p)))
        .collect();
    let (w, b) = (whites_twice[0], blacks_twice[0]);
    let warnings = s.check_pair(3, w, b);
    assert!(warnings.iter().any(
        |x| x.kind == WarningKind::SameColourThreeTimes { player: w }
            && x.article.as_str() == "C.04.1 g"
    ));
    assert!(warnings.iter().any(|x| x.kind
        == WarningKind::ColourDifference {
            player: w,
            difference: 3
        }
        && x.article.as_str() == "C.04.1 f"));
    assert!(warnings.iter().any(|x| x.kind
        == WarningKind::ColourDifference {
            player: b,
            difference: -3
        }));
    // With the colours the other way round nothing about colours is wrong.
    assert!(
        s.check_pair(3, b, w)
            .iter()
            .all(|x| matches!(x.kind, WarningKind::Rematch { .. }))
    );
}

#[test]
fn an_unavailable_player_and_a_late_manual_publication_are_warned() {
    let mut s = section();
    s.entry_mut(PlayerId(8))
        .unwrap()
        .requested_byes
        .insert(1, ByeKind::Half);
    let draft = s.pair_round(1).unwrap();
    assert_eq!(draft.bye_of(PlayerId(8)), Some(ByeKind::Half));
    s.add_round(draft).unwrap();
    let w = s.set_pair(1, 4, PlayerId(7), PlayerId(8)).unwrap();
    assert!(w.iter().any(|x| x.kind
        == WarningKind::Unavailable {
            player: PlayerId(8)
        }));
    // Published 20 minutes before the round: SJRP §6.2 wants 30.
    let late = s.publish(1, before(&s, 1, 20)).unwrap();
    assert_eq!(late.len(), 1);
    assert_eq!(
        late[0].kind,
        WarningKind::LatePublication { minutes_before: 20 }
    );
    assert_eq!(late[0].article.as_str(), "SJRP §6.2");
    assert!(matches!(
        s.publish(1, before(&s, 1, 50)),
        Err(RoundError::AlreadyPublished(1))
    ));
}

#[test]
fn engine_pairings_published_early_have_no_warning_and_unpair_needs_no_results() {
    let mut s = section();
    let draft = s.pair_round(1).unwrap();
    assert!(s.pair_round(2).is_err());
    s.add_round(draft.clone()).unwrap();
    assert!(matches!(
        s.enter_result(1, 1, GameResult::Draw),
        Err(RoundError::NotPublished(1))
    ));
    assert_eq!(s.unpair(1).unwrap(), draft);
    assert!(s.fixed_order.is_empty());
    s.add_round(draft).unwrap();
    assert!(
        s.publish(1, before(&s, 1, 20)).unwrap().is_empty(),
        "no manual boards"
    );
    s.enter_result(1, 2, GameResult::Draw).unwrap();
    assert!(matches!(s.unpair(1), Err(RoundError::HasResults(1))));
    assert!(matches!(
        s.enter_result(1, 2, GameResult::BlackWins),
        Err(RoundError::AlreadyEntered { round: 1, board: 2 })
    ));
    assert!(matches!(
        s.enter_result(1, 9, GameResult::Draw),
        Err(RoundError::NoBoard { round: 1, board: 9 })
    ));
    assert!(matches!(
        s.pair_round(2),
        Err(event::PairError::ResultsMissing { round: 1, .. })
    ));
    assert!(matches!(
        s.set_pair(1, 2, PlayerId(1), PlayerId(2)),
        Err(RoundError::AlreadyEntered { .. })
    ));
    assert!(matches!(
        s.set_pair(1, 1, PlayerId(1), PlayerId(99)),
        Err(RoundError::UnknownPlayer(PlayerId(99)))
    ));
}
