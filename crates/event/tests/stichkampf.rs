//! Issue #18 item 5: a Stichkampf (SJRP §6.1) of three players tied for first place decides
//! the champion and the places of the group in the final documents.

use event::age::{AgeClass, Class};
use event::date::Date;
use event::honours::Honours;
use event::person::PlayerId;
use event::player::{Entry, Player};
use event::stichkampf::Playoff;
use event::{Event, Section};
use laws::GameResult::{BlackWins, Draw, WhiteWins};

#[test]
fn h18_05_a_three_way_tie_for_first_is_decided_by_the_stichkampf() {
    let day = Date::new(2026, 4, 11).unwrap();
    let mut event = Event::new("RLP-EM", "Pirmasens", day, day);
    let u14 = Class::open(AgeClass::U14);
    let mut s = Section::new("U14", vec![u14]);
    for (i, last) in ["Abel", "Bauer", "Cordes"].into_iter().enumerate() {
        let p = Player::new(PlayerId(i as u32 + 1), last, "Kim");
        s.entries.push(Entry::new(p, u14));
    }
    // Nobody has played: all three share first place, no champion.
    let open = Honours::of(&event, &s).unwrap().classes[0].clone();
    assert!(open.champion.is_none());
    assert_eq!(open.open_tie.len(), 3);

    let group: Vec<PlayerId> = open.open_tie.iter().map(|p| p.player).collect();
    let mut playoff = Playoff::new(u14, &group, PlayerId(2)).unwrap();
    assert_eq!(
        playoff.players[0],
        PlayerId(2),
        "the lot's white player opens"
    );
    // Rapid double round robin: Cordes (3) loses every game, Abel and Bauer draw theirs.
    for _ in 0..6 {
        let next = playoff.next_game().unwrap();
        assert_eq!(next.game.minutes, 20);
        let r = match (next.white, next.black) {
            (PlayerId(3), _) => BlackWins,
            (_, PlayerId(3)) => WhiteWins,
            _ => Draw,
        };
        playoff.record(r).unwrap();
    }
    s.playoffs.push(playoff.clone());
    let undecided = Honours::of(&event, &s).unwrap().classes[0].clone();
    assert!(undecided.champion.is_none(), "Abel and Bauer still level");
    // Blitz between the level pair until a two-point lead: Abel wins twice.
    for _ in 0..2 {
        let next = playoff.next_game().unwrap();
        assert_eq!(next.game.minutes, 5);
        let r = if next.white == PlayerId(1) {
            WhiteWins
        } else {
            BlackWins
        };
        playoff.record(r).unwrap();
    }
    assert!(playoff.next_game().is_none());
    assert!(playoff.record(Draw).is_err(), "decided: no further game");
    s.playoffs = vec![playoff];
    event.title_region = "Rheinland-Pfalz".into();
    let decided = Honours::of(&event, &s).unwrap().classes[0].clone();
    let champion = decided.champion.unwrap();
    assert_eq!(champion.name, "Abel, Kim");
    assert!(decided.open_tie.is_empty());
    let places: Vec<(usize, &str, bool)> = decided
        .ranking
        .iter()
        .map(|p| (p.place, p.name.as_str(), p.tied))
        .collect();
    assert_eq!(
        places,
        [
            (1, "Abel, Kim", false),
            (2, "Bauer, Kim", false),
            (3, "Cordes, Kim", false)
        ]
    );
}
