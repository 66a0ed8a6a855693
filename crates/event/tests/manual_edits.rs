//! Manual pairings and their warnings (C.04.1, SJRP §6.2), unpairing and result entry rules.

use event::RoundError;
use event::age::{AgeClass, Class};
use event::date::{Date, DateTime, Time};
use event::person::PlayerId;
use event::player::{Entry, Player};
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
    round_of(s, draft);
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
    let missing = s.pair_round(2).unwrap_err();
    assert!(matches!(
        missing,
        event::PairError::ResultsMissing { round: 1, .. }
    ));
    // Refusals speak the director's language (#12 item 7), with their provision.
    let others: Vec<String> = (1..=s.played[0].boards.len())
        .filter(|&b| b != 2)
        .map(|b| b.to_string())
        .collect();
    let (last, rest) = others.split_last().unwrap();
    let boards = if rest.is_empty() {
        format!("Brett {last}")
    } else {
        format!("Brett {} und {last}", rest.join(", "))
    };
    assert_eq!(
        missing.message(event::Lang::De),
        format!("in Runde 1 fehlt das Ergebnis an {boards}")
    );
    assert_eq!(missing.article().as_str(), "C.04.2");
    let entered = s.enter_result(1, 2, GameResult::BlackWins).unwrap_err();
    assert_eq!(
        entered.message(event::Lang::De),
        "Runde 1, Brett 2 hat schon ein Ergebnis; bitte korrigieren"
    );
    assert_eq!(
        entered.to_string(),
        "round 1, board 2 has a result; correct it instead (Art. 8.7)"
    );
    assert!(matches!(
        s.set_pair(1, 2, PlayerId(1), PlayerId(2)),
        Err(RoundError::AlreadyEntered { .. })
    ));
    assert!(matches!(
        s.set_pair(1, 1, PlayerId(1), PlayerId(99)),
        Err(RoundError::UnknownPlayer(PlayerId(99)))
    ));
}

#[test]
fn moving_players_between_boards_leaves_their_partners_to_be_paired_by_hand() {
    let mut s = section();
    let draft = s.pair_round(1).unwrap();
    s.add_round(draft).unwrap();
    let before = s.round(1).unwrap().boards.clone();
    let (a, b) = (before[0].white, before[0].black);
    let (c, d) = (before[1].white, before[1].black);
    s.set_pair(1, 1, a, c).unwrap();
    let r = s.round(1).unwrap();
    assert_eq!(r.boards.len(), 3);
    assert_eq!((r.boards[0].white, r.boards[0].black), (a, c));
    assert_eq!(r.boards[1], before[2], "later boards move up");
    assert_eq!(r.bye_of(b), Some(ByeKind::Zero));
    assert_eq!(r.bye_of(d), Some(ByeKind::Zero));
    s.set_pair(1, 4, b, d).unwrap();
    let r = s.round(1).unwrap();
    assert_eq!(r.boards.len(), 4);
    assert!(r.byes.is_empty());
    assert!(r.boards[3].manual && !r.boards[1].manual);
    assert!(matches!(
        s.set_pair(1, 9, b, d),
        Err(RoundError::NoBoard { round: 1, board: 9 })
    ));
}

#[test]
fn settings_given_as_text_are_checked() {
    let mut s = section();
    assert_eq!(s.check_settings(), Ok(()));
    s.time_control = "40/5400+x".into();
    assert!(matches!(
        s.check_settings(),
        Err(RoundError::TimeControl(_))
    ));
    s.time_control = "5400+30".into();
    s.profile = "uscf".into();
    assert!(matches!(s.check_settings(), Err(RoundError::Profile(_))));
    s.profile = "fide-2023".into();
    s.tiebreaks = "BH/C1,XYZ".into();
    assert!(matches!(s.check_settings(), Err(RoundError::TieBreaks(_))));
    s.tiebreaks = "dsj-swiss".into();
    assert_eq!(s.check_settings(), Ok(()));
    assert_eq!(s.tiebreak_order().unwrap().tiebreaks.len(), 5);
}

#[test]
fn the_preview_explains_every_board() {
    let mut s = section();
    let (draft, why) = s.pair_round_explained(1).unwrap();
    assert_eq!(draft, s.pair_round(1).unwrap());
    assert_eq!(why.len(), draft.boards.len());
    for (i, e) in why.iter().enumerate() {
        assert_eq!(e.board, i + 1);
        assert_eq!(e.bracket.as_deref(), Some("0.0"));
        assert!(e.colour_rule.starts_with("C.04.3"), "{}", e.colour_rule);
        assert_eq!((e.white_float, e.black_float), (None, None));
    }
    round_of(&mut s, draft);
    let (_, why) = s.pair_round_explained(2).unwrap();
    // After 1-0 everywhere the winners' bracket is 1.0 and the losers' 0.0.
    let brackets: Vec<&str> = why.iter().filter_map(|e| e.bracket.as_deref()).collect();
    assert_eq!(brackets, ["1.0", "1.0", "0.0", "0.0"]);
    s.system = event::System::RoundRobin { double: false };
    s.played.clear();
    s.fixed_order.clear();
    let (_, why) = s.pair_round_explained(1).unwrap();
    assert!(
        why.iter()
            .all(|e| e.bracket.is_none() && e.colour_rule.contains("C.05"))
    );
}

/// Stores, publishes and completes a draft with White winning everywhere.
fn round_of(s: &mut Section, draft: event::round::RoundDraft) {
    let n = draft.number;
    s.add_round(draft).unwrap();
    s.publish(n, before(s, n, 50)).unwrap();
    for b in 1..=s.round(n).unwrap().boards.len() {
        s.enter_result(n, b, GameResult::WhiteWins).unwrap();
    }
}
