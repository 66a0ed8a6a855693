//! Issue 18: the board's sanctions across events (SJRP §20.2) through the service — a ban
//! refuses registrations in any event on its days until a protest to the Schiedsgericht
//! (§20.4) lifts it; fines only for teams and clubs.

use serde_json::{Value, json};
use service::board::BoardForm;
use service::players::PlayerForm;
use service::proceedings::{AppealForm, DecisionForm};
use service::registration::{NewEvent, NewSection};
use service::{Service, ServiceError};

fn form<T: serde::de::DeserializeOwned>(v: Value) -> T {
    serde_json::from_value(v).unwrap()
}

fn german<T: std::fmt::Debug>(r: Result<T, ServiceError>) -> String {
    match r {
        Err(e) => e.german(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

async fn version(service: &Service) -> i64 {
    service.board_register().await.unwrap().1
}

#[tokio::test]
async fn h18_06_a_board_ban_refuses_registrations_in_every_event_until_lifted() {
    let store = store::testing::sqlite_store("service_board").await.unwrap();
    let service = Service::new(store.clone());
    let event: NewEvent =
        form(json!({ "name": "RLP-EM", "place": "Pirmasens", "start_date": "2026-04-07" }));
    let event = service.create_event(None, &event).await.unwrap();
    let section: NewSection = form(json!({ "name": "U14", "rounds": 5, "classes": "U14" }));
    let u14 = service.create_section(None, event, &section).await.unwrap();
    let ban = |kind: &str, name: &str, v: i64| -> BoardForm {
        form(
            json!({ "version": v, "kind": kind, "name": name, "birth_year": "2013",
            "measure": "ban", "from": "2026-01-01", "until": "2026-12-31",
            "reason": "wiederholte Beleidigung", "decided": "2025-12-20" }),
        )
    };
    let long: BoardForm = form(
        json!({ "version": version(&service).await, "kind": "player",
        "name": "Roth, Ben", "measure": "ban", "from": "2026-01-01", "until": "2027-01-01",
        "reason": "x", "decided": "2025-12-20" }),
    );
    assert!(german(service.impose_board_sanction(None, &long).await).contains("§20.2"));
    let fine: BoardForm = form(
        json!({ "version": version(&service).await, "kind": "player",
        "name": "Roth, Ben", "measure": "fine", "euros": "50", "reason": "x", "decided": "2025-12-20" }),
    );
    assert!(
        german(service.impose_board_sanction(None, &fine).await)
            .contains("Mannschaften und Vereine")
    );
    service
        .impose_board_sanction(None, &ban("player", "Roth, Ben", version(&service).await))
        .await
        .unwrap();
    service
        .impose_board_sanction(None, &ban("club", "SC Bann", version(&service).await))
        .await
        .unwrap();

    let player = |last: &str, club: &str, over: &str| -> PlayerForm {
        form(
            json!({ "last_name": last, "first_name": "Ben", "club": club, "birth": "2013-03-01",
            "sex": "m", "override": over }),
        )
    };
    let refused = german(
        service
            .add_player(None, u14, &player("Roth", "SK Trier", ""))
            .await,
    );
    assert!(
        refused.contains("gesperrt") && refused.contains("§20.2"),
        "{refused}"
    );
    let member = german(
        service
            .add_player(None, u14, &player("Meier", "SC Bann", ""))
            .await,
    );
    assert!(member.contains("SC Bann"), "{member}");
    assert!(
        service
            .add_player(None, u14, &player("Weber", "SK Trier", ""))
            .await
            .is_ok()
    );
    // A namesake admitted by the arbiter with a reason.
    let namesake = service
        .add_player(
            None,
            u14,
            &player("Roth", "SK Trier", "Namensvetter, anderer Verein"),
        )
        .await;
    assert!(namesake.is_ok(), "{namesake:?}");

    // §20.4: the protest (in writing, 50 €) upheld lifts the club's ban.
    let protest: AppealForm =
        form(json!({ "version": version(&service).await, "in_writing": "on" }));
    assert!(german(service.protest_board_sanction(None, 2, &protest).await).contains("§20.4"));
    let protest: AppealForm =
        form(json!({ "version": version(&service).await, "in_writing": "on", "fee_paid": "on" }));
    service
        .protest_board_sanction(None, 2, &protest)
        .await
        .unwrap();
    let decision: DecisionForm = form(json!({ "version": version(&service).await, "upheld": "on",
        "text": "Verstoß nicht nachgewiesen" }));
    service
        .decide_board_protest(None, 2, &decision)
        .await
        .unwrap();
    assert!(
        service
            .add_player(None, u14, &player("Meier", "SC Bann", ""))
            .await
            .is_ok()
    );
    let (register, _) = service.board_register().await.unwrap();
    assert!(register.sanctions[1].lifted());
    let log = store.audit_log(None, 50).await.unwrap();
    for action in [
        "board sanction imposed",
        "board sanction 2 protested",
        "board sanction 2 protest decided",
    ] {
        assert!(
            log.iter().any(|e| e.action == action),
            "{action} in the audit log"
        );
    }
}
