//! Checks of registrations: eligibility, class of the section, duplicates.

use event::age::{AgeClass, Class, Ineligible};
use event::date::Date;
use event::demo::championship;
use event::person::PlayerId;
use event::player::Entry;
use event::{DuplicateBy, EntryIssue};

#[test]
fn the_demo_registrations_have_no_issue() {
    let event = championship(Date::new(2026, 4, 11).unwrap());
    assert_eq!(event.check_entries(), []);
}

#[test]
fn an_ineligible_player_a_foreign_class_and_a_duplicate_are_found() {
    let mut event = championship(Date::new(2026, 4, 11).unwrap());
    let u12 = event.section("U12").unwrap();
    let mut copy = u12.entries[0].clone();
    copy.player.id = PlayerId(99_999);
    let original = u12.entries[0].player.id;
    // Registered again in U14 (a player may enter one section only).
    let u14 = event.section("U14").unwrap();
    let issues = event.check_entry(u14, &copy);
    assert!(issues.contains(&EntryIssue::ClassNotInSection(copy.class)));
    let dup = issues
        .iter()
        .find(|i| matches!(i, EntryIssue::Duplicate { .. }))
        .unwrap();
    assert_eq!(
        dup,
        &EntryIssue::Duplicate {
            other: original,
            section: "U12".into(),
            by: if copy.player.fide_id.is_some() {
                DuplicateBy::FideId
            } else {
                DuplicateBy::DsbId
            },
        }
    );
    // Too old for U10: born 2015 is 10 on 31 December 2025.
    let mut old = Entry::new(copy.player.clone(), Class::open(AgeClass::U10));
    old.player.id = PlayerId(99_998);
    old.player.birth = Date::new(2015, 6, 1).map(event::date::Birth::Date);
    old.player.fide_id = None;
    old.player.dsb = None;
    old.player.last_name = "Neu".into();
    let u10 = event.section("U10").unwrap();
    assert_eq!(
        event.check_entry(u10, &old),
        [EntryIssue::Ineligible(Ineligible::TooOld {
            age: 10,
            limit: 10,
            cut_off: Date::new(2025, 12, 31).unwrap()
        })]
    );
    // In the event, the duplicate is reported on both registrations.
    event.section_mut("U14").unwrap().entries.push(copy);
    let all = event.check_entries();
    let dsb: Vec<(String, PlayerId)> = all
        .iter()
        .filter(|(_, _, i)| {
            matches!(
                i,
                EntryIssue::Duplicate {
                    by: DuplicateBy::DsbId,
                    ..
                }
            )
        })
        .map(|(s, p, _)| (s.clone(), *p))
        .collect();
    assert_eq!(
        dsb,
        [
            ("U12".to_string(), original),
            ("U14".to_string(), PlayerId(99_999))
        ]
    );
    assert!(all.iter().any(|(s, p, i)| s == "U14"
        && *p == PlayerId(99_999)
        && *i
            == EntryIssue::Duplicate {
                other: original,
                section: "U12".into(),
                by: DuplicateBy::NameAndBirth
            }));
    assert!(
        all.iter()
            .any(|(_, _, i)| matches!(i, EntryIssue::ClassNotInSection(_)))
    );
}
