//! FIDE mode (issue 13 item 5; C.04.A): manual pairing changes need a confirmation and are
//! kept as integrity notes, written to the TRF as `###` comments.

use event::Event;
use event::RoundError;
use event::age::{AgeClass, Class};
use event::date::{Date, DateTime, Time};
use event::fide_mode::{Confirmation, ManualEdit};
use event::person::PlayerId;
use event::player::{Entry, Player};
use event::round::GameResult;
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

/// Round 1 paired and won by White everywhere, round 2 paired by the engine.
fn two_rounds() -> Section {
    let mut s = section();
    let draft = s.pair_round(1).unwrap();
    s.add_round(draft).unwrap();
    let at = DateTime {
        date: Date::new(2026, 4, 7).unwrap(),
        time: Time::new(12, 0).unwrap(),
    };
    s.publish(1, at).unwrap();
    for b in 1..=4 {
        s.enter_result(1, b, GameResult::WhiteWins).unwrap();
    }
    let draft = s.pair_round(2).unwrap();
    s.add_round(draft).unwrap();
    s
}

fn confirmation() -> Confirmation {
    Confirmation {
        by: "arbiter@example.org".into(),
        at: DateTime {
            date: Date::new(2026, 4, 8).unwrap(),
            time: Time::new(13, 5).unwrap(),
        },
    }
}

#[test]
fn h13_fide_mode_is_on_by_default_and_refuses_an_unconfirmed_change() {
    let mut s = two_rounds();
    assert!(s.fide_mode);
    let before = s.clone();
    let b = s.round(2).unwrap().boards[0].clone();
    let swap = ManualEdit::Pair {
        board: 1,
        white: b.black,
        black: b.white,
    };
    let e = s.manual_edit(2, &swap, None).unwrap_err();
    assert_eq!(e, RoundError::ConfirmationNeeded);
    assert_eq!(e.article().map(|a| a.as_str()), Some("C.04.A"));
    assert!(e.message(event::Lang::De).contains("bestätigen"));
    assert_eq!(s, before, "nothing changes without the confirmation");
    // An older document without the field is in FIDE mode too.
    let mut json = serde_json::to_value(&s).unwrap();
    json.as_object_mut().unwrap().remove("fide_mode");
    let old: Section = serde_json::from_value(json).unwrap();
    assert!(old.fide_mode);
}

#[test]
fn h13_a_confirmed_change_records_who_when_what_and_the_criteria_it_breaks() {
    let mut s = two_rounds();
    let b = s.round(2).unwrap().boards[0].clone();
    let swap = ManualEdit::Pair {
        board: 1,
        white: b.black,
        black: b.white,
    };
    s.manual_edit(2, &swap, Some(&confirmation())).unwrap();
    assert_eq!(s.integrity.len(), 1);
    let note = &s.integrity[0];
    assert_eq!((note.round, note.by.as_str()), (2, "arbiter@example.org"));
    assert_eq!(note.at, confirmation().at);
    assert!(note.change.starts_with("board 1: "), "{}", note.change);
    // Both players of board 1 won with White in round 1 and want Black: one gets White
    // either way, so swapping the colours breaks no criterion C1-C21 (it departs only from
    // the colour allocation of Art. 5.2).
    assert_eq!(note.criteria, Some(Vec::new()));
    let comment = note.trf_comment();
    assert!(
        comment.contains("manual pairing, round 2, by arbiter@example.org, 2026-04-08 13:05")
            && comment.ends_with("breaks no criterion"),
        "{comment}"
    );
}

#[test]
fn h13_a_rematch_by_hand_breaks_c1_and_reaches_the_trf_as_a_comment() {
    let mut s = two_rounds();
    let r1 = s.round(1).unwrap().boards[0].clone();
    let r2 = s.round(2).unwrap().boards.clone();
    // Put the round-1 opponents of board 1 together again, then pair their partners.
    let partners: Vec<PlayerId> = r2
        .iter()
        .filter(|b| {
            [r1.white, r1.black]
                .iter()
                .any(|p| *p == b.white || *p == b.black)
        })
        .flat_map(|b| [b.white, b.black])
        .filter(|p| *p != r1.white && *p != r1.black)
        .collect();
    assert_eq!(partners.len(), 2);
    let c = confirmation();
    s.manual_edit(
        2,
        &ManualEdit::Pair {
            board: 1,
            white: r1.black,
            black: r1.white,
        },
        Some(&c),
    )
    .unwrap();
    assert_eq!(
        s.integrity[0].criteria, None,
        "round incomplete: not evaluated"
    );
    let boards = s.round(2).unwrap().boards.len();
    s.manual_edit(
        2,
        &ManualEdit::Pair {
            board: boards + 1,
            white: partners[0],
            black: partners[1],
        },
        Some(&c),
    )
    .unwrap();
    let criteria = s.integrity[1].criteria.clone().expect("complete round");
    assert!(criteria.contains(&"C1".to_string()), "{criteria:?}");
    let day = Date::new(2026, 4, 7).unwrap();
    let mut event = Event::new("Open 2026", "Berlin", day, day.add_days(6));
    event.sections.push(s.clone());
    let text = s.to_trf(&event).unwrap().write().unwrap();
    let comments: Vec<&str> = text
        .split(['\r', '\n'])
        .filter(|l| l.starts_with("### manual pairing"))
        .collect();
    assert_eq!(comments.len(), 2, "{text}");
    assert!(comments[1].contains("breaks C1"), "{text}");
    // An import of the file keeps both notes as they were (TRF round trip).
    let read = trf::Tournament::parse(&text).unwrap();
    let back = Section::from_trf(&read, c.at).unwrap();
    assert_eq!(back.integrity, s.integrity);
}

#[test]
fn h13_only_manual_pairing_comments_become_integrity_notes() {
    use event::section::IntegrityNote;
    let note = IntegrityNote::from_trf_comment(
        " manual pairing, round 3, by Meier, Anna, 2026-04-09 10:15: board 2: 5 - 9; breaks C1, C12",
    )
    .unwrap();
    assert_eq!((note.round, note.by.as_str()), (3, "Meier, Anna"));
    assert_eq!(note.at.to_string(), "2026-04-09 10:15");
    assert_eq!(note.change, "board 2: 5 - 9");
    assert_eq!(note.criteria, Some(vec!["C1".to_owned(), "C12".to_owned()]));
    assert_eq!(
        IntegrityNote::from_trf_comment(&note.trf_comment()),
        Some(note)
    );
    for other in [
        " pairing by hand after a protest",
        " manual pairing, round x, by A, 2026-04-09 10:15: board 1: 1 - 2; breaks no criterion",
        " manual pairing, round 3, by A, 2026-13-09 10:15: board 1: 1 - 2; breaks no criterion",
        " manual pairing, round 3, by A, 2026-04-09 10:15 board 1: 1 - 2",
    ] {
        assert_eq!(IntegrityNote::from_trf_comment(other), None, "{other}");
    }
}

#[test]
fn h13_outside_fide_mode_no_confirmation_is_needed() {
    let mut s = two_rounds();
    s.fide_mode = false;
    s.manual_edit(2, &ManualEdit::Unpair { board: 1 }, None)
        .unwrap();
    assert!(s.integrity.is_empty());
    assert_eq!(s.round(2).unwrap().boards.len(), 3);
}

#[test]
fn h13_an_exchange_of_two_players_is_a_manual_edit_with_its_warnings() {
    let mut s = two_rounds();
    let r1 = s.round(1).unwrap().boards[0].clone();
    let r2 = s.round(2).unwrap().boards.clone();
    let partner = r2
        .iter()
        .find_map(|b| {
            if b.white == r1.white {
                Some(b.black)
            } else if b.black == r1.white {
                Some(b.white)
            } else {
                None
            }
        })
        .unwrap();
    let exchange = ManualEdit::Exchange {
        a: partner,
        b: r1.black,
    };
    assert_eq!(
        s.manual_edit(2, &exchange, None),
        Err(RoundError::ConfirmationNeeded)
    );
    let warnings = s.manual_edit(2, &exchange, Some(&confirmation())).unwrap();
    assert!(
        warnings
            .iter()
            .any(|w| matches!(w.kind, event::round::WarningKind::Rematch { .. })),
        "{warnings:?}"
    );
    let round = s.round(2).unwrap();
    assert_eq!(round.boards.len(), 4, "the round stays complete");
    assert!(round.boards.iter().any(|b| {
        [b.white, b.black].contains(&r1.white) && [b.white, b.black].contains(&r1.black) && b.manual
    }));
    let note = &s.integrity[0];
    assert!(note.change.ends_with(" exchanged"), "{}", note.change);
    assert!(
        note.criteria.as_ref().unwrap().contains(&"C1".to_string()),
        "{note:?}"
    );
    // Two players neither of whom is on a board cannot be exchanged.
    let mut s = two_rounds();
    s.fide_mode = false;
    s.manual_edit(2, &ManualEdit::Unpair { board: 1 }, None)
        .unwrap();
    let waiting: Vec<PlayerId> = s.round(2).unwrap().byes.iter().map(|y| y.player).collect();
    assert_eq!(waiting.len(), 2);
    assert_eq!(
        s.exchange_players(2, waiting[0], waiting[1]),
        Err(RoundError::NeitherOnBoard {
            a: waiting[0],
            b: waiting[1]
        })
    );
    let on_board = s.round(2).unwrap().boards[0].white;
    assert!(s.exchange_players(2, on_board, on_board).is_err());
}
