//! Registrations are checked against the whole event: a player plays in one section of the
//! event only, and a new entry's provisional id never collides with a player of another section.

use serde_json::json;
use service::players::PlayerForm;
use service::registration::{NewEvent, NewSection};
use service::{Service, ServiceError};

fn player(v: serde_json::Value) -> PlayerForm {
    serde_json::from_value(v).unwrap()
}

#[tokio::test]
async fn h12_04_duplicates_are_found_in_every_section_of_the_event() {
    let store = store::testing::sqlite_store("service_eligibility")
        .await
        .unwrap();
    let service = Service::new(store);
    let event: NewEvent = serde_json::from_value(
        json!({ "name": "SJRP", "place": "Pirmasens", "start_date": "2026-04-07" }),
    )
    .unwrap();
    let event = service.create_event(None, &event).await.unwrap();
    let mut sections = Vec::new();
    for class in ["U16", "U14"] {
        let new: NewSection =
            serde_json::from_value(json!({ "name": class, "rounds": 5, "classes": class }))
                .unwrap();
        sections.push(service.create_section(None, event, &new).await.unwrap());
    }
    let (u16, u14) = (sections[0], sections[1]);
    let roth = json!({ "last_name": "Roth", "first_name": "Rafael", "birth_date": "2012" });
    service
        .add_player(None, u16, &player(roth.clone()))
        .await
        .unwrap();
    // The first U14 entry gets no provisional id of the U16 player (no "same number").
    let hahn = json!({ "last_name": "Hahn", "first_name": "Hannes", "birth_date": "2012" });
    service.add_player(None, u14, &player(hahn)).await.unwrap();
    let refused = service
        .add_player(None, u14, &player(roth.clone()))
        .await
        .unwrap_err();
    let ServiceError::Rule {
        english,
        german: Some(german),
        ..
    } = &refused
    else {
        panic!("{refused:?}");
    };
    assert!(english.contains("U16"), "{english}");
    assert!(german.contains("U16"), "{german}");
    // An override with a reason admits a look-alike (two people of one name and year).
    let mut twin = roth;
    twin["override"] = json!("zwei verschiedene Spieler (Vereinsauskunft)");
    service.add_player(None, u14, &player(twin)).await.unwrap();
    assert_eq!(service.section(u14).await.unwrap().players.len(), 2);
}
