//! Results through the service: every result passes `event::Section::enter_result` or
//! `correct_result` (Art. 8.7), and a correction that later rounds rest on is stored with its
//! effect in the audit log.

use serde_json::json;
use service::players::PlayerForm;
use service::registration::{NewEvent, NewSection};
use service::{Service, ServiceError};

/// A Swiss section of four players with round 1 paired and published; the section id.
async fn section(service: &Service) -> i64 {
    let event: NewEvent = serde_json::from_value(
        json!({ "name": "Open", "place": "Mainz", "start_date": "2026-05-01" }),
    )
    .unwrap();
    let event = service.create_event(None, &event).await.unwrap();
    let new: NewSection = serde_json::from_value(json!({ "name": "A", "rounds": 3 })).unwrap();
    let s = service.create_section(None, event, &new).await.unwrap();
    for (i, elo) in [2100, 2000, 1900, 1800].into_iter().enumerate() {
        let p: PlayerForm =
            serde_json::from_value(json!({ "last_name": format!("P{i}"), "elo": elo })).unwrap();
        service.add_player(None, s, &p).await.unwrap();
    }
    let round = service.pair_next(None, s).await.unwrap();
    service.publish(None, s, round).await.unwrap();
    s
}

/// The games of round `n`: (id, version).
async fn games(service: &Service, section: i64, n: i64) -> Vec<(i64, i64)> {
    let loaded = service.section(section).await.unwrap();
    let (_, games) = loaded.round(n).unwrap();
    games.iter().map(|g| (g.id, g.version)).collect()
}

#[tokio::test]
async fn h12_01_results_pass_the_domain_and_corrections_keep_their_effect() {
    let store = store::testing::sqlite_store("service_results")
        .await
        .unwrap();
    let service = Service::new(store.clone());
    let s = section(&service).await;
    let round1 = games(&service, s, 1).await;
    for &(id, version) in &round1 {
        let entered = service
            .enter_result(None, id, "1-0", version)
            .await
            .unwrap();
        assert_eq!(entered.version, version + 1);
        assert_eq!(
            entered.effect, None,
            "a first result has no effect to report"
        );
    }
    let bad = service.enter_result(None, round1[0].0, "2-0", 2).await;
    assert!(matches!(bad, Err(ServiceError::BadRequest(_))), "{bad:?}");
    let stale = service.enter_result(None, round1[0].0, "0-1", 1).await;
    assert!(matches!(stale, Err(ServiceError::Conflict(_))), "{stale:?}");

    let round2 = service.pair_next(None, s).await.unwrap();
    let (id2, v2) = games(&service, s, round2).await[0];
    let early = service
        .enter_result(None, id2, "1-0", v2)
        .await
        .unwrap_err();
    assert!(early.to_string().contains("not published"), "{early}");

    // Art. 8.7: a correction of round 1 after round 2 was paired names round 2 and the
    // scores it changes, and the audit log keeps it with the result.
    let (id1, _) = round1[0];
    let version = games(&service, s, 1).await[0].1;
    let corrected = service
        .enter_result(None, id1, "0-1", version)
        .await
        .unwrap();
    let effect = corrected.effect.expect("the correction's effect");
    assert_eq!(effect.round, 1);
    assert_eq!(effect.later_rounds, vec![2]);
    assert_eq!(effect.scores.len(), 2, "{effect:?}");
    let log = store.audit_log(None, 10).await.unwrap();
    assert!(
        log.iter()
            .any(|e| e.action == "correction effect (Art. 8.7)" && e.entity == "round"),
        "{log:?}"
    );
}
