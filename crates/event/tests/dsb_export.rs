//! DSB exports of sections (DSB XML 2026, SWI/ELOBASE) read back with `ratinglist::dsb`, and
//! players registered from imported lists.

use std::collections::{HashMap, HashSet};

use event::age::{AgeClass, Class};
use event::date::{Date, DateTime};
use event::demo::championship;
use event::person::{DsbId, PlayerId, Sex};
use event::player::{Entry, Player};
use event::round::{ByeKind, GameResult};
use event::trf_io::ExportError;
use event::{DuplicateBy, EntryIssue, Event, Section};
use ratinglist::dsb::{self, ByePoints, Pairing, Report};
use ratinglist::{Birth, ImportedPlayer};

fn event() -> Event {
    championship(Date::new(2026, 4, 11).unwrap())
}

fn created(event: &Event) -> DateTime {
    DateTime {
        date: event.end,
        time: "19:00".parse().unwrap(),
    }
}

fn report(event: &Event, section: &Section) -> Report {
    section
        .dsb_report(event, created(event), "t-uuid", "f-uuid")
        .unwrap()
}

/// A pairing as an order-free key: the two numbers (lower first) with the points of each, or
/// a bye with its points. Forfeits keep their winner.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Game(u16, u16, &'static str, &'static str),
    Bye(u16, &'static str),
}

fn points(r: GameResult) -> (&'static str, &'static str) {
    match r {
        GameResult::Pending => ("*", "*"),
        GameResult::WhiteWins => ("1", "0"),
        GameResult::Draw => ("½", "½"),
        GameResult::BlackWins => ("0", "1"),
        GameResult::WhiteWinsByForfeit => ("+", "-"),
        GameResult::BlackWinsByForfeit => ("-", "+"),
        GameResult::DoubleForfeit => ("-", "-"),
    }
}

fn key(p: &Pairing) -> Key {
    match *p {
        Pairing::Game {
            white,
            black,
            result,
        } => {
            let (w, b) = points(result);
            if white < black {
                Key::Game(white, black, w, b)
            } else {
                Key::Game(black, white, b, w)
            }
        }
        Pairing::Bye { player, points } => Key::Bye(
            player,
            match points {
                ByePoints::Full => "+",
                ByePoints::Half => "½",
                ByePoints::Zero => "-",
            },
        ),
    }
}

/// What the section itself says about round `r`, computed from its boards, byes and entries.
fn expected(section: &Section, r: usize) -> HashSet<Key> {
    let round = &section.played[r];
    let n = |id: PlayerId| u16::try_from(section.pairing_number(id).unwrap()).unwrap();
    let mut keys = HashSet::new();
    let mut seen = HashSet::new();
    for b in &round.boards {
        assert!(b.result.is_decided(), "demo round without result");
        let (w, bl) = points(b.result);
        let (a, c) = (n(b.white), n(b.black));
        keys.insert(if a < c {
            Key::Game(a, c, w, bl)
        } else {
            Key::Game(c, a, bl, w)
        });
        seen.extend([b.white, b.black]);
    }
    for e in &section.entries {
        if seen.contains(&e.id()) {
            continue;
        }
        let kind = round
            .byes
            .iter()
            .find(|b| b.player == e.id())
            .map_or(e.unpaired_bye(round.number), |b| b.kind);
        let pts = match kind {
            ByeKind::PairingAllocated | ByeKind::Full => "+",
            ByeKind::Half => "½",
            ByeKind::Zero => "-",
        };
        keys.insert(Key::Bye(n(e.id()), pts));
    }
    keys
}

fn check_pairings(section: &Section, back: &Report, format: &str) {
    assert_eq!(back.rounds.len(), section.played.len(), "{format}");
    for (r, round) in back.rounds.iter().enumerate() {
        let got: Vec<Key> = round.pairings.iter().map(key).collect();
        assert_eq!(
            got.len(),
            section.entries.len() - section.played[r].boards.len(),
            "{format} round {}: one pairing per board and per player without board",
            r + 1
        );
        let got: HashSet<Key> = got.into_iter().collect();
        assert_eq!(got, expected(section, r), "{format} round {}", r + 1);
    }
}

#[test]
fn demo_sections_export_to_xml_and_read_back() {
    let event = event();
    let (mut forfeits, mut byes) = (0, 0);
    for section in &event.sections {
        let report = report(&event, section);
        let xml = report.to_dsb_xml().unwrap();
        let back = dsb::read_xml(xml.as_bytes(), "report.xml").unwrap();
        assert_eq!(
            back.players.len(),
            section.entries.len(),
            "{}",
            section.name
        );
        assert_eq!(back.tournament.uuid, "t-uuid");
        assert_eq!(back.tournament.file_uuid, "f-uuid");
        assert_eq!(back.tournament.created.to_string(), event.end.to_string());
        assert_eq!(back.tournament.rounds, 7);
        assert_eq!(back.tournament.place, event.venue);
        assert_eq!(
            back.tournament.name,
            format!("{} - {}", event.name, section.name)
        );
        for (i, e) in section.ranking().iter().enumerate() {
            let p = &back.players[i];
            let q = &e.player;
            assert_eq!(usize::from(p.number), i + 1);
            assert_eq!(
                (p.last_name.as_str(), p.first_name.as_str()),
                (q.last_name.as_str(), q.first_name.as_str())
            );
            assert_eq!(p.club, q.club);
            assert_eq!(p.elo, q.elo);
            assert_eq!(p.fide_id.map(u64::from), q.fide_id);
            assert_eq!(
                p.birth.map(|b| b.to_string()),
                q.birth.map(|d| d.to_string())
            );
            assert_eq!(
                p.sex.map(|s| s.to_string()),
                q.sex.map(|s| match s {
                    Sex::Male => "M".to_string(),
                    Sex::Female => "F".to_string(),
                })
            );
            assert_eq!(
                p.dsb_id
                    .as_ref()
                    .map(|d| (d.zps.to_string(), u32::from(d.member))),
                q.dsb.as_ref().map(|d| (d.zps.clone(), d.member))
            );
        }
        check_pairings(section, &back, "xml");
        for round in &report.rounds {
            for p in &round.pairings {
                match p {
                    Pairing::Game { result, .. } => forfeits += usize::from(result.is_forfeit()),
                    Pairing::Bye { .. } => byes += 1,
                }
            }
        }
        for (r, round) in back.rounds.iter().enumerate() {
            assert_eq!(
                round.date.map(|d| d.to_string()),
                Some(section.schedule[r].date.to_string())
            );
        }
    }
    assert!(forfeits > 0, "the demo has forfeits to report");
    assert!(byes > 0, "the demo has byes to report");
}

#[test]
fn demo_sections_export_to_swi_and_read_back() {
    let event = event();
    for section in &event.sections {
        let report = report(&event, section);
        let swi = report.to_swi().unwrap();
        let back = dsb::read_swi(&swi, "report.swi").unwrap();
        assert_eq!(
            back.players.len(),
            section.entries.len(),
            "{}",
            section.name
        );
        assert_eq!(back.tournament.end.to_string(), event.end.to_string());
        for (i, e) in section.ranking().iter().enumerate() {
            let p = &back.players[i];
            let q = &e.player;
            assert_eq!(usize::from(p.number), i + 1);
            assert_eq!(p.last_name, q.last_name);
            assert_eq!(p.first_name, q.first_name);
            assert_eq!(p.dwz, q.dwz.filter(|&d| d > 0), "{}", q.name());
            assert_eq!(p.elo, q.elo);
            assert_eq!(p.federation, q.federation);
            assert_eq!(
                p.dsb_id
                    .as_ref()
                    .map(|d| (d.zps.to_string(), u32::from(d.member))),
                q.dsb.as_ref().map(|d| (d.zps.clone(), d.member))
            );
            assert_eq!(
                p.birth.map(|b| b.to_string()),
                q.birth.map(|d| d.to_string())
            );
        }
        check_pairings(section, &back, "swi");
    }
}

#[test]
fn a_board_without_result_is_refused() {
    let event = event();
    let mut section = event.sections[1].clone();
    section.played[6].boards[2].result = GameResult::Pending;
    assert_eq!(
        section.dsb_report(&event, created(&event), "u", "f"),
        Err(ExportError::ResultMissing { round: 7, board: 3 })
    );
}

#[test]
fn more_than_999_players_are_refused() {
    let event = event();
    let mut section = Section::new("Open", vec![Class::open(AgeClass::Open)]);
    let entry = |i: u32| {
        Entry::new(
            Player::new(PlayerId(i), &format!("Player{i}"), "A"),
            Class::open(AgeClass::Open),
        )
    };
    section.entries = (1..=999).map(entry).collect();
    let report = section
        .dsb_report(&event, created(&event), "u", "f")
        .unwrap();
    assert_eq!(report.players.last().map(|p| p.number), Some(999));
    section.entries.push(entry(1000));
    assert_eq!(
        section.dsb_report(&event, created(&event), "u", "f"),
        Err(ExportError::TooManyPlayersForDsb(1000))
    );
}

#[test]
fn fields_that_do_not_fit_are_refused() {
    let event = event();
    let mut section = event.sections[0].clone();
    let id = section.ranking()[0].id();
    section.entry_mut(id).unwrap().player.dsb = Some(DsbId {
        zps: "G01".into(),
        member: 7,
    });
    let err = section
        .dsb_report(&event, created(&event), "u", "f")
        .unwrap_err();
    assert_eq!(
        err,
        ExportError::PlayerField {
            player: id,
            field: "DSB membership",
            value: "G01-0007".into()
        }
    );
    assert!(err.to_string().contains("G01-0007"), "{err}");
    let p = &mut section.entry_mut(id).unwrap().player;
    p.dsb = None;
    p.fide_id = Some(u64::from(u32::MAX) + 1);
    assert!(matches!(
        section.dsb_report(&event, created(&event), "u", "f"),
        Err(ExportError::PlayerField {
            field: "FIDE id",
            ..
        })
    ));
}

fn imported() -> ImportedPlayer {
    ImportedPlayer {
        last_name: "Quast".into(),
        first_name: "Ida".into(),
        sex: Some(ratinglist::Sex::Female),
        birth: Some(Birth::Date("2014-05-03".parse().unwrap())),
        federation: Some("GER".into()),
        club: Some("SK Nordheim".into()),
        dsb_id: Some("C0327-12".parse().unwrap()),
        fide_id: Some(99_000_123),
        elo: Some(1510),
        dwz: Some("1432-17".parse().unwrap()),
        titles: vec![
            ratinglist::Title::Other("FA".into()),
            ratinglist::Title::Wcm,
        ],
        ..ImportedPlayer::default()
    }
}

#[test]
fn players_registered_from_imports() {
    let p = Player::from_imported(PlayerId(7), &imported());
    assert_eq!(p.name(), "Quast, Ida");
    assert_eq!(p.sex, Some(Sex::Female));
    assert_eq!(p.birth, Date::new(2014, 5, 3).map(Birth::Date));
    assert_eq!(
        p.dsb.as_ref().map(|d| d.to_string()).as_deref(),
        Some("C0327-0012")
    );
    assert_eq!(
        (p.dwz, p.dwz_index, p.elo),
        (Some(1432), Some(17), Some(1510))
    );
    assert_eq!(p.fide_id, Some(99_000_123));
    assert_eq!(p.title.as_deref(), Some("WCM"));
    assert_eq!(
        (p.club.as_str(), p.federation.as_str()),
        ("SK Nordheim", "GER")
    );
    let year_only = ImportedPlayer {
        birth: Some(Birth::Year(2014)),
        ..imported()
    };
    assert_eq!(
        Player::from_imported(PlayerId(8), &year_only).birth,
        Some(Birth::Year(2014))
    );
}

#[test]
fn imported_players_are_checked_for_duplicates() {
    let mut event = event();
    let u12 = event.section("U12").unwrap().clone();
    let class = Class::girls(AgeClass::U12);
    let (entry, issues) = event.imported_entry(&u12, PlayerId(90_001), &imported(), class);
    assert!(issues.is_empty(), "{issues:?}");
    event.section_mut("U12").unwrap().entries.push(entry);
    let u12 = event.section("U12").unwrap().clone();
    let again = ImportedPlayer {
        dsb_id: None,
        ..imported()
    };
    let (_, issues) = event.imported_entry(&u12, PlayerId(90_002), &again, class);
    let by: HashMap<PlayerId, DuplicateBy> = issues
        .iter()
        .filter_map(|i| match i {
            EntryIssue::Duplicate { other, by, .. } => Some((*other, *by)),
            _ => None,
        })
        .collect();
    assert_eq!(by.get(&PlayerId(90_001)), Some(&DuplicateBy::FideId));
}
