//! Byes given by hand, boards taken apart, and requested byes in the pairing (C.04.1).

use event::RoundError;
use event::age::{AgeClass, Class};
use event::date::{Date, DateTime, Time};
use event::person::PlayerId;
use event::player::{Entry, Player};
use event::round::{ByeKind, GameResult, WarningKind};
use event::section::Section;

fn section(n: u32) -> Section {
    let mut s = Section::new("Open", vec![Class::open(AgeClass::Open)]);
    for i in 1..=n {
        let mut p = Player::new(PlayerId(i), &format!("P{i}"), "X");
        p.elo = Some(2200 - 20 * i as u16);
        s.entries.push(Entry::new(p, Class::open(AgeClass::Open)));
    }
    s
}

fn at() -> DateTime {
    DateTime {
        date: Date::new(2026, 4, 7).unwrap(),
        time: Time::new(9, 0).unwrap(),
    }
}

fn play(s: &mut Section, round: u32) {
    let draft = s.pair_round(round).unwrap();
    s.add_round(draft).unwrap();
    s.publish(round, at()).unwrap();
    for b in 1..=s.round(round).unwrap().boards.len() {
        s.enter_result(round, b, GameResult::Draw).unwrap();
    }
}

#[test]
fn a_second_pairing_allocated_bye_is_warned() {
    let mut s = section(5);
    play(&mut s, 1);
    let first = s.round(1).unwrap().byes[0];
    assert_eq!(first.kind, ByeKind::PairingAllocated);
    let draft = s.pair_round(2).unwrap();
    s.add_round(draft).unwrap();
    let w = s
        .move_to_bye(2, first.player, ByeKind::PairingAllocated)
        .unwrap();
    assert_eq!(
        w.iter().map(|w| &w.kind).collect::<Vec<_>>(),
        vec![&WarningKind::RepeatedPairingBye {
            player: first.player,
            round: 1
        }]
    );
    assert_eq!(w[0].article.as_str(), "C.04.1 d");
    let r = s.round(2).unwrap();
    assert_eq!(r.bye_of(first.player), Some(ByeKind::PairingAllocated));
    assert_eq!(r.board_of(first.player), None);
    assert_eq!(r.boards.len(), 1, "the player's board is removed");
    let zero: Vec<_> = r.byes.iter().filter(|b| b.kind == ByeKind::Zero).collect();
    assert_eq!(
        zero.len(),
        1,
        "the former opponent waits to be paired by hand"
    );
    assert_eq!(r.byes.len(), 3, "the engine's bye stays until edited");
}

#[test]
fn a_half_point_bye_by_hand_gives_no_warning_and_frees_the_opponent() {
    let mut s = section(4);
    let draft = s.pair_round(1).unwrap();
    s.add_round(draft).unwrap();
    let b = s.round(1).unwrap().boards[1].clone();
    let w = s.move_to_bye(1, b.white, ByeKind::Half).unwrap();
    assert!(w.is_empty());
    let r = s.round(1).unwrap();
    assert_eq!(r.boards.len(), 1);
    assert_eq!(r.bye_of(b.white), Some(ByeKind::Half));
    assert_eq!(r.bye_of(b.black), Some(ByeKind::Zero));
}

#[test]
fn unpair_board_and_pair_again_by_hand() {
    let mut s = section(4);
    let draft = s.pair_round(1).unwrap();
    s.add_round(draft).unwrap();
    let r = s.round(1).unwrap().clone();
    s.unpair_board(1, 1).unwrap();
    assert_eq!(s.round(1).unwrap().boards.len(), 1);
    assert!(matches!(
        s.unpair_board(1, 2),
        Err(RoundError::NoBoard { round: 1, board: 2 })
    ));
    let (w, b) = (r.boards[0].white, r.boards[0].black);
    s.set_pair(1, 2, b, w).unwrap();
    let after = s.round(1).unwrap();
    assert_eq!(after.boards.len(), 2);
    assert!(after.boards[1].manual);
    assert_eq!((after.boards[1].white, after.boards[1].black), (b, w));
    assert!(after.byes.is_empty());
}

#[test]
fn a_board_with_a_result_is_not_taken_apart() {
    let mut s = section(4);
    play(&mut s, 1);
    let b = s.round(1).unwrap().boards[0].clone();
    assert!(matches!(
        s.unpair_board(1, 1),
        Err(RoundError::AlreadyEntered { round: 1, board: 1 })
    ));
    assert!(matches!(
        s.move_to_bye(1, b.white, ByeKind::Half),
        Err(RoundError::AlreadyEntered { .. })
    ));
}

#[test]
fn requested_byes_are_left_out_of_the_pairing_and_exported() {
    let mut s = section(6);
    let p = PlayerId(2);
    let byes = &mut s.entry_mut(p).unwrap().requested_byes;
    byes.insert(2, ByeKind::Half);
    byes.insert(3, ByeKind::Zero);
    play(&mut s, 1);
    let draft = s.pair_round(2).unwrap();
    assert_eq!(draft.board_of(p), None);
    assert_eq!(draft.bye_of(p), Some(ByeKind::Half));
    assert_eq!(draft.boards.len(), 2);
    s.add_round(draft).unwrap();
    let mut ev = event::Event::new("E", "X", at().date, at().date);
    ev.sections.push(s);
    let trf = ev.sections[0].to_trf(&ev).unwrap();
    let tpn = ev.sections[0].pairing_number(p).unwrap() as u16;
    let byes: Vec<&trf::Bye> = trf
        .lines()
        .iter()
        .filter_map(|l| match &l.record {
            trf::Record::Bye(b) => Some(b),
            _ => None,
        })
        .collect();
    assert_eq!(byes.len(), 1, "only the round still to come: {byes:?}");
    assert_eq!(
        (byes[0].kind, byes[0].round, byes[0].players.clone()),
        (laws::ByeKind::Zero, 3, vec![tpn])
    );
}

/// Round `n` with the given boards (White wins each), published and played.
fn fixed_round(s: &mut Section, n: u32, boards: &[(u32, u32)]) {
    let round = event::round::Round {
        number: n,
        boards: boards
            .iter()
            .map(|&(w, b)| event::round::Board {
                white: PlayerId(w),
                black: PlayerId(b),
                result: GameResult::Pending,
                manual: false,
            })
            .collect(),
        byes: Vec::new(),
        published: None,
    };
    s.add_round(round).unwrap();
    s.publish(n, at()).unwrap();
    for b in 1..=boards.len() {
        s.enter_result(n, b, GameResult::WhiteWins).unwrap();
    }
}

#[test]
fn colour_warnings_spare_topscorers_in_the_final_round() {
    let colour_warnings = |rounds: u32| {
        let mut s = section(4);
        s.rounds = rounds;
        fixed_round(&mut s, 1, &[(1, 2), (3, 4)]);
        fixed_round(&mut s, 2, &[(1, 3), (2, 4)]);
        s.check_pair(3, PlayerId(1), PlayerId(4))
            .into_iter()
            .filter(|w| {
                matches!(
                    w.kind,
                    WarningKind::SameColourThreeTimes { .. } | WarningKind::ColourDifference { .. }
                )
            })
            .collect::<Vec<_>>()
    };
    let middle = colour_warnings(4);
    assert!(
        middle.contains(&event::round::Warning {
            kind: WarningKind::SameColourThreeTimes {
                player: PlayerId(1)
            },
            article: laws::Article::new("C.04.1 g"),
        }),
        "{middle:?}"
    );
    assert!(
        colour_warnings(3).iter().all(|w| !matches!(
            w.kind,
            WarningKind::SameColourThreeTimes { player } | WarningKind::ColourDifference { player, .. }
                if player == PlayerId(1)
        )),
        "player 1 (2/2) is a topscorer in the final round 3 (C.04.3 A.7)"
    );
}
