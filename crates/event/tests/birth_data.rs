//! Birth data from the lists (issue 12 item 6): a DSB birth year is kept as a year and reaches
//! the DWZ evaluation, the DSB XML and SWI reports and the TRF; the public sees the year only.

use event::date::{Birth, Date, DateTime};
use event::demo::championship;
use event::person::PlayerId;
use event::player::Player;
use event::rating::AGE_UNKNOWN;
use event::{Event, Section};
use ratinglist::ImportedPlayer;
use ratinglist::dsb;
use standings::rating::dwz::TournamentOutcome;

fn event() -> Event {
    championship(Date::new(2026, 4, 11).unwrap())
}

fn u12(event: &Event) -> Section {
    event.section("U12").unwrap().clone()
}

/// The U12 with its first player (pairing number 1) born in `birth`.
fn with_birth(event: &Event, birth: Option<Birth>) -> (Section, PlayerId) {
    let mut s = u12(event);
    let id = s.ranking()[0].id();
    s.entries
        .iter_mut()
        .find(|e| e.id() == id)
        .unwrap()
        .player
        .birth = birth;
    (s, id)
}

#[test]
fn h12_06_a_dsb_birth_year_is_kept_on_the_player() {
    let listed = ImportedPlayer {
        last_name: "Quast".into(),
        first_name: "Ida".into(),
        birth: Some(Birth::Year(2014)),
        ..ImportedPlayer::default()
    };
    let p = Player::from_imported(PlayerId(1), &listed);
    assert_eq!(p.birth, Some(Birth::Year(2014)));
    let json = serde_json::to_string(&p).unwrap();
    assert!(json.contains(r#""birth":"2014""#), "{json}");
    let back: Player = serde_json::from_str(&json).unwrap();
    assert_eq!(back.birth, Some(Birth::Year(2014)));
    let stored_before: Player =
        serde_json::from_str(&json.replace(r#""2014""#, r#""2014-05-03""#)).unwrap();
    assert_eq!(stored_before.birth, Date::new(2014, 5, 3).map(Birth::Date));
}

#[test]
fn h12_06_the_dwz_evaluation_counts_a_youth_player_by_the_birth_year() {
    let event = event();
    let age = |birth| {
        let (s, id) = with_birth(&event, birth);
        let outcomes = s.dwz_evaluation(event.end).unwrap();
        match &outcomes.iter().find(|(p, _)| *p == id).unwrap().1 {
            TournamentOutcome::Rated(e) => e.player.age,
            other => panic!("not rated: {other:?}"),
        }
    };
    assert_eq!(age(Some(Birth::Year(2014))), 12);
    assert_eq!(age(Date::new(2014, 12, 31).map(Birth::Date)), 12);
    assert_eq!(age(None), AGE_UNKNOWN);
}

#[test]
fn h12_06_dsb_xml_and_swi_carry_the_birth_year() {
    let event = event();
    let (s, _) = with_birth(&event, Some(Birth::Year(2014)));
    let created = DateTime {
        date: event.end,
        time: "19:00".parse().unwrap(),
    };
    let report = s.dsb_report(&event, created, "t", "f").unwrap();
    assert_eq!(report.players[0].birth, Some(Birth::Year(2014)));
    let xml = report.to_dsb_xml().unwrap();
    let first = &xml[xml.find("<player>").unwrap()..xml.find("</player>").unwrap()];
    assert!(first.contains("<dobYear>2014</dobYear>"), "{first}");
    assert!(!first.contains("dobDate"), "no date is invented: {first}");
    let back = dsb::read_xml(xml.as_bytes(), "u12.xml").unwrap();
    assert_eq!(back.players[0].birth, Some(Birth::Year(2014)));
    assert!(
        back.players.iter().all(|p| p.birth.is_some()),
        "every player has a birth in the DSB XML"
    );
    let swi = report.to_swi().unwrap();
    let back = dsb::read_swi(&swi, "u12.swi").unwrap();
    assert_eq!(back.players[0].birth, Some(Birth::Year(2014)));
}

#[test]
fn h12_06_the_trf_writes_a_birth_year_as_yyyy_00_00_and_reads_it_back() {
    let event = event();
    let (s, _) = with_birth(&event, Some(Birth::Year(2014)));
    let t = s.to_trf(&event).unwrap();
    let first = t.players().find(|p| p.number() == 1).unwrap();
    assert_eq!(first.person.birth_date, "2014/00/00");
    let text = t.write().unwrap();
    let read = trf::Tournament::parse(&text).unwrap();
    let at = DateTime {
        date: event.end,
        time: "19:00".parse().unwrap(),
    };
    let back = Section::from_trf(&read, at).unwrap();
    let p = &back.entries.iter().find(|e| e.id().0 == 1).unwrap().player;
    assert_eq!(p.birth, Some(Birth::Year(2014)));
    let dated = back.entries.iter().find(|e| e.id().0 == 2).unwrap();
    assert!(matches!(dated.player.birth, Some(Birth::Date(_))));
}

#[test]
fn h12_06_the_public_sees_the_birth_year_only() {
    let event = event();
    let (s, id) = with_birth(&event, Date::new(2014, 5, 31).map(Birth::Date));
    let arbiter = s.to_trf(&event).unwrap();
    let public = s.to_public_trf(&event).unwrap();
    let number = |t: &trf::Tournament| {
        t.players()
            .find(|p| p.number() == 1)
            .unwrap()
            .person
            .birth_date
            .clone()
    };
    assert_eq!(number(&arbiter), "2014/05/31");
    assert_eq!(number(&public), "2014/00/00");
    assert!(
        s.public_view()
            .entries
            .iter()
            .all(|e| e.player.birth.is_none())
    );
    let birth = s.entry(id).unwrap().player.birth;
    assert_eq!(event.public_birth.shown(birth), "2014");
}
