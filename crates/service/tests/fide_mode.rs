//! FIDE mode through the service (issue 13 item 5; C.04.A): a manual pairing change in a
//! section in FIDE mode is refused without the arbiter's confirmation, naming the criteria it
//! would break, and nothing is stored; a confirmed change is stored with its integrity note and
//! audited in one transaction; outside FIDE mode no confirmation is needed and no note is kept.

use serde_json::json;
use service::players::PlayerForm;
use service::registration::{NewEvent, NewSection};
use service::rounds::{CONFIRMED, Edit};
use service::settings::{FIDE_MODE_OFF, SectionSettings, section_values};
use service::{Service, ServiceError};
use store::{Confirmed, Role, RoundNote, StoreError};

/// A Swiss section of six players: round 1 played (White wins everywhere), round 2 paired as
/// a preview. The section id and the arbiter's user id.
async fn section(service: &Service) -> (i64, i64) {
    let arbiter = service
        .store()
        .create_user(None, "schiri", "x", Role::Arbiter)
        .await
        .unwrap();
    let event: NewEvent = serde_json::from_value(
        json!({ "name": "Open", "place": "Worms", "start_date": "2026-06-01" }),
    )
    .unwrap();
    let event = service.create_event(None, &event).await.unwrap();
    let new: NewSection = serde_json::from_value(json!({ "name": "A", "rounds": 5 })).unwrap();
    let s = service.create_section(None, event, &new).await.unwrap();
    for i in 0..6 {
        let p: PlayerForm =
            serde_json::from_value(json!({ "last_name": format!("P{i}"), "elo": 2200 - 50 * i }))
                .unwrap();
        service.add_player(None, s, &p).await.unwrap();
    }
    let round = service.pair_next(None, s).await.unwrap();
    service.publish(None, s, round).await.unwrap();
    let loaded = service.section(s).await.unwrap();
    let games: Vec<(i64, i64)> = loaded
        .round(1)
        .unwrap()
        .1
        .iter()
        .filter(|g| g.black.is_some())
        .map(|g| (g.id, g.version))
        .collect();
    for (id, version) in games {
        service
            .enter_result(None, id, "1-0", version)
            .await
            .unwrap();
    }
    service.pair_next(None, s).await.unwrap();
    (s, arbiter)
}

/// Round 2 as (board, white, black) and the round's version.
async fn round2(service: &Service, s: i64) -> (Vec<(i64, i64, Option<i64>)>, i64) {
    let loaded = service.section(s).await.unwrap();
    let (row, games) = loaded.round(2).unwrap();
    (
        games.iter().map(|g| (g.board, g.white, g.black)).collect(),
        row.version,
    )
}

/// The exchange that makes the round-1 opponents of board 1 meet again.
async fn rematch(service: &Service, s: i64) -> Edit {
    let loaded = service.section(s).await.unwrap();
    let first = &loaded.round(1).unwrap().1[0];
    let (a, b) = (first.white, first.black.unwrap());
    let partner = loaded
        .round(2)
        .unwrap()
        .1
        .iter()
        .find_map(|g| match (g.white, g.black) {
            (w, Some(p)) if w == a => Some(p),
            (p, Some(w)) if w == a => Some(p),
            _ => None,
        })
        .unwrap();
    Edit::Exchange { a: partner, b }
}

async fn confirmations(service: &Service) -> Vec<store::AuditEntry> {
    service
        .store()
        .audit_log(None, 100)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action == CONFIRMED)
        .collect()
}

#[tokio::test]
async fn h13_unconfirmed_change_is_refused_with_its_criteria_and_nothing_is_stored() {
    let store = store::testing::sqlite_store("service_fide_unconfirmed")
        .await
        .unwrap();
    let service = Service::new(store.clone());
    let (s, arbiter) = section(&service).await;
    assert!(service.section(s).await.unwrap().section().fide_mode);
    let before = round2(&service, s).await;
    let audit_before = store.audit_log(None, 100).await.unwrap().len();
    let edit = rematch(&service, s).await;
    let refused = service
        .apply_edit(Some(arbiter), s, 2, &edit, None, false)
        .await;
    let Err(ServiceError::ConfirmationNeeded(u)) = refused else {
        panic!("expected a confirmation request, got {refused:?}");
    };
    let criteria = u.criteria.clone().expect("a complete round is evaluated");
    assert!(criteria.contains(&"C1".to_string()), "{criteria:?}");
    assert!(
        u.warnings
            .iter()
            .any(|w| matches!(w.kind, event::round::WarningKind::Rematch { .. })),
        "{:?}",
        u.warnings
    );
    let error = ServiceError::ConfirmationNeeded(u);
    assert!(
        error.to_string().contains("breaks C1") && error.to_string().ends_with("(C.04.A)"),
        "{error}"
    );
    assert!(error.german().contains("verletzt C1"), "{}", error.german());
    assert_eq!(round2(&service, s).await, before, "the games are unchanged");
    assert_eq!(
        store.audit_log(None, 100).await.unwrap().len(),
        audit_before,
        "nothing audited"
    );
    assert!(
        service
            .section(s)
            .await
            .unwrap()
            .section()
            .integrity
            .is_empty()
    );
    // A change that leaves players unpaired is not evaluated yet, and says so.
    let refused = service
        .apply_edit(Some(arbiter), s, 2, &Edit::Unpair { board: 1 }, None, false)
        .await;
    let Err(ServiceError::ConfirmationNeeded(u)) = refused else {
        panic!("expected a confirmation request, got {refused:?}");
    };
    assert_eq!(u.criteria, None);
    assert!(
        u.criteria_text(event::Lang::En)
            .contains("once every player of the round is paired")
    );
    // An edit the domain refuses is refused as such, not asked to be confirmed.
    let refused = service
        .apply_edit(Some(arbiter), s, 2, &Edit::Unpair { board: 9 }, None, false)
        .await;
    assert!(
        matches!(refused, Err(ServiceError::Rule { .. })),
        "{refused:?}"
    );
}

#[tokio::test]
async fn h13_confirmed_change_is_stored_with_its_note_audit_and_trf_line() {
    let store = store::testing::sqlite_store("service_fide_confirmed")
        .await
        .unwrap();
    let service = Service::new(store.clone());
    let (s, arbiter) = section(&service).await;
    let before = round2(&service, s).await;
    let edit = rematch(&service, s).await;
    let warnings = service
        .apply_edit(Some(arbiter), s, 2, &edit, None, true)
        .await
        .unwrap();
    assert!(!warnings.is_empty(), "the rematch is warned");
    let (games, version) = round2(&service, s).await;
    assert_ne!(games, before.0);
    assert_eq!(version, before.1 + 1);
    let loaded = service.section(s).await.unwrap();
    let notes = &loaded.section().integrity;
    assert_eq!(notes.len(), 1);
    assert_eq!((notes[0].round, notes[0].by.as_str()), (2, "schiri"));
    assert!(
        notes[0].criteria.as_ref().unwrap().contains(&"C1".into()),
        "{:?}",
        notes[0]
    );
    let log = confirmations(&service).await;
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].user, "schiri");
    let new = log[0].new_value.as_deref().unwrap();
    assert!(
        new.starts_with("manual pairing, round 2, by schiri, ") && new.contains("breaks C1"),
        "{new}"
    );
    assert!(log[0].old_value.as_deref().unwrap().contains("exchanged"));
    let trf = loaded.trf_text().unwrap();
    let lines: Vec<&str> = trf
        .split(['\r', '\n'])
        .filter(|l| l.starts_with("###"))
        .collect();
    assert_eq!(lines, vec![format!("### {new}")], "{trf}");
    // One transaction: a section changed meanwhile stores neither games nor note.
    let (row, games) = loaded.round(2).unwrap();
    let unchanged: Vec<store::NewGame> = games
        .iter()
        .map(|g| store::NewGame {
            board: g.board,
            white: g.white,
            black: g.black,
            result: g.result,
            manual: g.manual,
        })
        .collect();
    let mut swapped = unchanged.clone();
    let b = swapped[0].black.unwrap();
    swapped[0].black = Some(swapped[0].white);
    swapped[0].white = b;
    let note = RoundNote {
        action: CONFIRMED.into(),
        old: "swap".into(),
        new: "manual pairing, round 2, by schiri".into(),
    };
    let stale = Confirmed {
        section_version: loaded.section_row.version - 1,
        settings: "{}",
        note: &note,
    };
    let refused = store
        .replace_games_noted(
            Some(arbiter),
            row.id,
            row.version,
            &swapped,
            "swap",
            Some(&stale),
        )
        .await;
    assert!(
        matches!(
            refused,
            Err(StoreError::Conflict {
                entity: "section",
                ..
            })
        ),
        "{refused:?}"
    );
    assert_eq!(round2(&service, s).await.0, games_of(&unchanged));
    assert_eq!(confirmations(&service).await.len(), 1);
    assert_eq!(
        service.section(s).await.unwrap().section().integrity.len(),
        1
    );
}

fn games_of(games: &[store::NewGame]) -> Vec<(i64, i64, Option<i64>)> {
    games.iter().map(|g| (g.board, g.white, g.black)).collect()
}

#[tokio::test]
async fn h13_fide_mode_off_needs_no_confirmation_and_keeps_no_note() {
    let store = store::testing::sqlite_store("service_fide_off")
        .await
        .unwrap();
    let service = Service::new(store.clone());
    let (s, arbiter) = section(&service).await;
    let loaded = service.section(s).await.unwrap();
    let mut values = section_values(&loaded);
    values["fide_mode"] = json!("off");
    let settings: SectionSettings = serde_json::from_value(values).unwrap();
    service
        .update_section(Some(arbiter), s, &settings)
        .await
        .unwrap();
    let loaded = service.section(s).await.unwrap();
    assert!(!loaded.section().fide_mode);
    let switched = store.audit_log(Some(("section", s)), 10).await.unwrap();
    assert_eq!(switched[0].action, FIDE_MODE_OFF, "{switched:?}");
    assert_eq!(switched[0].user, "schiri");
    // Settings without the field keep the mode.
    let mut values = section_values(&loaded);
    values.as_object_mut().unwrap().remove("fide_mode");
    let settings: SectionSettings = serde_json::from_value(values).unwrap();
    service.update_section(None, s, &settings).await.unwrap();
    assert!(!service.section(s).await.unwrap().section().fide_mode);
    let before = round2(&service, s).await;
    let edit = rematch(&service, s).await;
    service
        .apply_edit(Some(arbiter), s, 2, &edit, None, false)
        .await
        .unwrap();
    assert_ne!(round2(&service, s).await.0, before.0);
    let loaded = service.section(s).await.unwrap();
    assert!(loaded.section().integrity.is_empty());
    assert!(confirmations(&service).await.is_empty());
    assert!(!loaded.trf_text().unwrap().contains("###"));
}
