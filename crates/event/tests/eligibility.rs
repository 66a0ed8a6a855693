//! Admission of registrations (issue 12 item 4): age class with the cut-off day (SJRP §5.3),
//! girls' classes (§1.7-1.11), the admission list (§7.2, §8.1), duplicates, and the arbiter's
//! override with a reason.

use event::age::{AgeConvention, Class, Ineligible};
use event::date::{Birth, Date};
use event::eligibility::{admit, issues, preselect};
use event::entries::{Basis, EntryError, Status};
use event::person::{DsbId, PlayerId, Sex};
use event::player::{Entry, Player};
use event::validate::{self, Field};
use event::{AdmissionList, Admitted, DuplicateBy, EntryIssue, Event, Section};

fn class(name: &str) -> Class {
    name.parse().unwrap()
}

/// The SJRP championship 2026 with the sections U14 (with U14w) and U12 (with U12w).
fn event() -> Event {
    let day = Date::new(2026, 4, 7).unwrap();
    let mut ev = Event::new("SJRP-EM", "Pirmasens", day, day);
    ev.sections
        .push(Section::new("U14", vec![class("U14"), class("U14w")]));
    ev.sections
        .push(Section::new("U12", vec![class("U12"), class("U12w")]));
    ev
}

fn player(id: u32, last: &str, birth: Birth, sex: Sex) -> Player {
    let mut p = Player::new(PlayerId(id), last, "Kim");
    p.birth = Some(birth);
    p.sex = Some(sex);
    p
}

fn entry(id: u32, last: &str, birth: &str, class_name: &str) -> Entry {
    Entry::new(
        player(id, last, birth.parse().unwrap(), Sex::Female),
        class(class_name),
    )
}

fn articles(issues: &[EntryIssue]) -> Vec<&'static str> {
    issues
        .iter()
        .filter_map(|i| i.article().map(|a| a.as_str()))
        .collect()
}

#[test]
fn h12_04_a_player_born_2009_is_refused_in_u14_with_5_3_unless_overridden() {
    let ev = event();
    let u14 = &ev.sections[0];
    let old = entry(1, "Alt", "2009", "U14");
    let refused = admit(&ev, u14, old.clone(), None).unwrap_err();
    assert_eq!(articles(&refused.issues), ["SJRP §5.3"]);
    assert!(matches!(
        refused.issues[0],
        EntryIssue::Ineligible(Ineligible::TooOld {
            age: 16,
            limit: 14,
            ..
        })
    ));
    assert!(refused.to_string().contains("under 14"), "{refused}");
    assert!(refused.german().contains("U14"), "{}", refused.german());
    assert!(
        refused.german().contains("31.12.2025"),
        "{}",
        refused.german()
    );
    assert!(refused.overridable());
    let admitted = admit(&ev, u14, old, Some("  Freiplatz des Vorstands (§7.3) ")).unwrap();
    let over = admitted.admitted_over.as_ref().unwrap();
    assert_eq!(over.reason, "Freiplatz des Vorstands (§7.3)");
    assert_eq!(over.issues, refused.issues);
    assert_eq!(validate::entry(&admitted), Ok(()));
    let stored: Entry = serde_json::from_str(&serde_json::to_string(&admitted).unwrap()).unwrap();
    assert_eq!(stored, admitted);
    let young = entry(2, "Jung", "2013-02-03", "U14");
    assert_eq!(
        admit(&ev, u14, young, None).unwrap().admitted_over,
        None,
        "an eligible entry needs no override"
    );
}

#[test]
fn h12_04_an_override_needs_a_reason_and_cannot_move_a_class_into_a_section() {
    let ev = event();
    let u14 = &ev.sections[0];
    let old = entry(1, "Alt", "2009", "U14");
    for blank in ["", "   "] {
        let refused = admit(&ev, u14, old.clone(), Some(blank)).unwrap_err();
        assert_eq!(refused.reason.unwrap().field, Field::OverrideReason);
    }
    let long = "x".repeat(validate::MAX_TEXT + 1);
    assert!(
        admit(&ev, u14, old, Some(&long))
            .unwrap_err()
            .reason
            .is_some()
    );
    let wrong_section = entry(2, "Klein", "2015", "U12");
    let refused = admit(&ev, u14, wrong_section, Some("Wunsch der Eltern")).unwrap_err();
    assert_eq!(articles(&refused.issues), ["SJRP §6.3"]);
    assert!(!refused.overridable());
    assert_eq!(refused.reason, None);
}

#[test]
fn h12_04_a_birth_year_alone_decides_on_a_31_december_cut_off_and_is_undecided_otherwise() {
    let mut ev = event();
    let u14 = ev.sections[0].clone();
    // §5.3 read as 31 December before the season: U14 in 2026 = born 2012 or later.
    assert!(issues(&ev, &u14, &entry(1, "A", "2012", "U14")).is_empty());
    assert_eq!(
        articles(&issues(&ev, &u14, &entry(1, "A", "2011", "U14"))),
        ["SJRP §5.3"]
    );
    // The literal reading, 31 December of the season: born 2013 or later.
    ev.age_convention = AgeConvention::CALENDAR_YEAR;
    assert!(issues(&ev, &u14, &entry(1, "A", "2013", "U14")).is_empty());
    assert!(!issues(&ev, &u14, &entry(1, "A", "2012", "U14")).is_empty());
    // Another cut-off day: the year alone does not decide for the year that turns 14 then.
    ev.age_convention = AgeConvention::new(7, 1, false).unwrap();
    let found = issues(&ev, &u14, &entry(1, "A", "2012", "U14"));
    assert!(matches!(
        found[..],
        [EntryIssue::Ineligible(Ineligible::AgeUndecided {
            year: 2012,
            limit: 14,
            ..
        })]
    ));
    assert_eq!(articles(&found), ["SJRP §5.3"]);
    assert!(found[0].german().contains("Geburtsdatum"));
    // ... but it decides for the years before and after, and a full date always decides.
    assert!(issues(&ev, &u14, &entry(1, "A", "2013", "U14")).is_empty());
    assert!(!issues(&ev, &u14, &entry(1, "A", "2011", "U14")).is_empty());
    assert!(issues(&ev, &u14, &entry(1, "A", "2012-07-02", "U14")).is_empty());
    let refused = admit(&ev, &u14, entry(1, "A", "2012", "U14"), None).unwrap_err();
    assert!(refused.overridable());
}

#[test]
fn h12_04_girls_classes_refuse_boys_with_1_7_to_1_11() {
    let ev = event();
    let u14 = &ev.sections[0];
    let boy = Entry::new(
        player(1, "Berg", Birth::Year(2013), Sex::Male),
        class("U14w"),
    );
    let refused = admit(&ev, u14, boy, None).unwrap_err();
    assert_eq!(articles(&refused.issues), ["SJRP §1.7-1.11"]);
    assert!(refused.german().contains("Mädchenklasse"));
    let girl = entry(2, "Berg", "2013", "U14w");
    assert!(admit(&ev, u14, girl, None).is_ok());
}

#[test]
fn h12_04_the_admission_list_admits_qualified_players_only() {
    let mut ev = event();
    let listed = |last: &str, year, dsb: Option<DsbId>, class_name: Option<&str>| Admitted {
        birth_year: year,
        dsb,
        class: class_name.map(class),
        ..Admitted::new(last, "Kim")
    };
    let membership = DsbId {
        zps: "C0327".into(),
        member: 12,
    };
    ev.admission = Some(AdmissionList {
        players: vec![
            listed("Sieger", Some(2012), None, Some("U14")),
            listed("Nominiert", None, Some(membership.clone()), None),
        ],
    });
    let u14 = ev.sections[0].clone();
    let u12 = ev.sections[1].clone();
    assert!(issues(&ev, &u14, &entry(1, "Sieger", "2012-03-04", "U14")).is_empty());
    let wrong_year = issues(&ev, &u14, &entry(1, "Sieger", "2013", "U14"));
    assert_eq!(wrong_year, [EntryIssue::NotOnAdmissionList(class("U14"))]);
    assert_eq!(articles(&wrong_year), ["SJRP §7.2"]);
    assert!(wrong_year[0].to_string().contains("admission list"));
    assert!(wrong_year[0].german().contains("Teilnahmeberechtigten"));
    // The place names U14: not a place in U14w.
    assert!(!issues(&ev, &u14, &entry(1, "Sieger", "2012", "U14w")).is_empty());
    // A DSB membership identifies the player whatever the name's spelling.
    let mut by_dsb = entry(2, "Nominiert-Schmidt", "2015", "U12");
    by_dsb.player.dsb = Some(membership);
    assert!(issues(&ev, &u12, &by_dsb).is_empty());
    let not_listed = issues(&ev, &u12, &entry(3, "Fremd", "2015", "U12"));
    assert_eq!(articles(&not_listed), ["SJRP §8.1"]);
    let admitted = admit(
        &ev,
        &u12,
        entry(3, "Fremd", "2015", "U12"),
        Some("Nachrücker §8.3"),
    );
    assert!(admitted.unwrap().admitted_over.is_some());
}

#[test]
fn h12_04_duplicates_by_dsb_id_fide_id_or_name_and_birth_year_are_refused() {
    let mut ev = event();
    let mut first = entry(1, "Quast", "2012-05-03", "U14");
    first.player.dsb = Some(DsbId {
        zps: "C0327".into(),
        member: 12,
    });
    first.player.fide_id = Some(99_000_123);
    ev.sections[0].entries.push(first.clone());
    let u14 = ev.sections[0].clone();
    let u12 = ev.sections[1].clone();
    let by = |e: &Entry, s: &Section| -> Vec<DuplicateBy> {
        issues(&ev, s, e)
            .into_iter()
            .filter_map(|i| match i {
                EntryIssue::Duplicate { by, .. } => Some(by),
                _ => None,
            })
            .collect()
    };
    // The DSB list gives the year only: the same name and birth year is the same person.
    assert_eq!(
        by(&entry(2, "QUAST", "2012", "U14"), &u14),
        [DuplicateBy::NameAndBirth]
    );
    let mut dsb = entry(3, "Andere", "2014", "U12");
    dsb.player.dsb = first.player.dsb.clone();
    assert_eq!(by(&dsb, &u12), [DuplicateBy::DsbId]);
    let mut fide = entry(4, "Andere", "2014", "U12");
    fide.player.fide_id = Some(99_000_123);
    assert_eq!(by(&fide, &u12), [DuplicateBy::FideId]);
    assert!(by(&entry(5, "Quast", "2013", "U14"), &u14).is_empty());
    let refused = admit(&ev, &u14, entry(2, "Quast", "2012", "U14"), None).unwrap_err();
    assert!(
        refused.german().contains("Geburtsjahr"),
        "{}",
        refused.german()
    );
    assert!(refused.overridable());
    // An edit of a registration is not compared with itself ...
    assert_eq!(admit(&ev, &u14, first.clone(), None), Ok(first.clone()));
    // ... but with everyone else.
    ev.sections[1]
        .entries
        .push(entry(9, "Quast", "2012", "U12"));
    let refused = admit(&ev, &u14, first, None).unwrap_err();
    assert!(matches!(
        refused.issues[..],
        [EntryIssue::Duplicate {
            by: DuplicateBy::NameAndBirth,
            ..
        }]
    ));
}

#[test]
fn h12_04_an_edit_keeps_its_override_while_no_new_issue_appears() {
    let mut ev = event();
    let u14 = ev.sections[0].clone();
    let admitted = admit(
        &ev,
        &u14,
        entry(1, "Alt", "2009", "U14"),
        Some("Freiplatz §7.3"),
    )
    .unwrap();
    ev.sections[0].entries.push(admitted.clone());
    let mut renamed = admitted.clone();
    renamed.player.club = "SK Pirmasens".into();
    let kept = admit(&ev, &u14, renamed, None).unwrap();
    assert_eq!(kept.admitted_over, admitted.admitted_over);
    let mut boy = admitted;
    boy.class = class("U14w");
    boy.player.sex = Some(Sex::Male);
    let refused = admit(&ev, &u14, boy, None).unwrap_err();
    assert_eq!(articles(&refused.issues), ["SJRP §1.7-1.11"]);
}

#[test]
fn h12_04_the_upload_preview_preselects_eligible_rows_and_the_first_copy_only() {
    let ev = event();
    let u14 = &ev.sections[0];
    let rows = [
        entry(0, "Gut", "2013", "U14"),
        entry(0, "Alt", "2009", "U14"),
        entry(0, "Doppelt", "2012", "U14"),
        entry(0, "Doppelt", "2012", "U14"),
        entry(0, "Auch", "2012-08-01", "U14w"),
    ];
    assert_eq!(preselect(&ev, u14, &rows), [true, false, true, false, true]);
}

/// The list of the SJRP 2026 entries: a nominated U14 player, two U14 substitutes, a U12
/// free place with an unpaid fee; the deadline 05.02.2026.
fn entries_event() -> Event {
    let mut ev = event();
    let on = |d: u8| Some(Date::new(2026, 2, d).unwrap());
    let place = |last: &str, class_name: &str, basis: Basis| Admitted {
        class: Some(class(class_name)),
        basis,
        entered: on(1),
        ..Admitted::new(last, "Kim")
    };
    ev.entry_deadline = on(5);
    ev.admission = Some(AdmissionList {
        players: vec![
            place("Nominiert", "U14", Basis::Nominated),
            place("Zweite", "U14", Basis::Substitute { rank: 2 }),
            place("Erste", "U14", Basis::Substitute { rank: 1 }),
            Admitted {
                fee_euros: Some(240),
                ..place("Frei", "U12", Basis::FreePlace)
            },
        ],
    });
    ev
}

#[test]
fn h18_01_a_substitute_moves_up_only_into_a_place_given_back() {
    let mut ev = entries_event();
    let u14 = ev.sections[0].clone();
    let first = entry(1, "Erste", "2012", "U14");
    let waiting = issues(&ev, &u14, &first);
    assert_eq!(waiting, [EntryIssue::SubstituteWaiting(class("U14"))]);
    assert_eq!(articles(&waiting), ["SJRP §7.6"]);
    assert!(waiting[0].german().contains("Nachrücker"));
    let list = ev.admission.as_mut().unwrap();
    let march = |d| Date::new(2026, 3, d).unwrap();
    let refused = list.call_up(2, march(1)).unwrap_err();
    assert_eq!(refused, EntryError::NoFreePlace(2));
    assert_eq!(refused.article().unwrap().as_str(), "SJRP §7.6");
    // The nominated player withdraws: the first substitute by rank is proposed, not the one
    // listed first.
    assert_eq!(list.withdraw(0, march(2)), Ok(Some(2)));
    assert_eq!(
        list.withdraw(0, march(2)),
        Err(EntryError::WithdrawnAlready(0))
    );
    assert_eq!(list.call_up(3, march(3)), Err(EntryError::NoFreePlace(3)));
    list.call_up(2, march(3)).unwrap();
    assert_eq!(list.players[2].status(), Status::CalledUp(march(3)));
    assert_eq!(list.free_places(Some(class("U14"))), 0);
    assert_eq!(list.call_up(1, march(3)), Err(EntryError::NoFreePlace(1)));
    assert!(issues(&ev, &u14, &first).is_empty());
    let gone = issues(&ev, &u14, &entry(2, "Nominiert", "2012", "U14"));
    assert_eq!(gone, [EntryIssue::Withdrawn(class("U14"))]);
    let second = issues(&ev, &u14, &entry(3, "Zweite", "2012", "U14"));
    assert_eq!(second, [EntryIssue::SubstituteWaiting(class("U14"))]);
}

#[test]
fn h18_01_late_and_unpaid_entries_are_refused_until_admitted_or_paid() {
    let mut ev = entries_event();
    let u12 = ev.sections[1].clone();
    let free = entry(4, "Frei", "2015", "U12");
    let unpaid = issues(&ev, &u12, &free);
    assert_eq!(unpaid, [EntryIssue::FeeUnpaid(class("U12"))]);
    assert_eq!(articles(&unpaid), ["Ausschreibung, Anmeldung"]);
    assert!(unpaid[0].german().contains("nicht bezahlt"));
    let list = ev.admission.as_mut().unwrap();
    list.pay(3, Date::new(2026, 2, 3).unwrap()).unwrap();
    assert_eq!(
        list.pay(3, Date::new(2026, 2, 4).unwrap()),
        Err(EntryError::PaidAlready(3))
    );
    assert_eq!(
        list.players[3]
            .basis
            .article(list.players[3].class)
            .as_str(),
        "SJRP §8.2"
    );
    list.players[3].entered = Some(Date::new(2026, 2, 6).unwrap());
    let late = issues(&ev, &u12, &free);
    assert_eq!(
        late,
        [EntryIssue::AfterDeadline(Date::new(2026, 2, 5).unwrap())]
    );
    assert!(
        late[0].german().contains("Anmeldeschluss 05.02.2026"),
        "{}",
        late[0].german()
    );
    let admitted = admit(&ev, &u12, free, Some("Nachmeldung genehmigt")).unwrap();
    assert_eq!(admitted.admitted_over.unwrap().issues, late);
}
