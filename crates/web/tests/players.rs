//! Players as a director edits them through the JSON API and the player card (#12 items 2-4):
//! every field with optimistic locking, delete and merge before pairing, the pairing number as
//! the one number, and eligibility on every registration path with the arbiter's override;
//! against SQLite and, with `ARBITER_TEST_POSTGRES`, PostgreSQL (required when `CI` is set).

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{Answer, json_request, login, send};
use serde_json::{Value, json};
use store::Store;

store::on_both!(
    "arbiter_players", "pl";
    h12_02_edit_every_field_and_refuse_a_stale_version,
    h12_02_delete_before_pairing_and_refuse_once_paired,
    h12_02_merge_a_duplicate_into_the_entry_kept,
    h12_02_player_card_edits_through_forms,
    h12_03_players_in_starting_rank_order_with_pairing_numbers,
    h12_04_ineligible_entry_refused_with_paragraph_unless_overridden,
    h12_04_edit_refused_when_it_makes_the_entry_ineligible,
    h12_04_admission_list_set_in_event_settings_refuses_others,
    h12_04_upload_preselects_eligible_rows_and_refuses_the_others,
    h12_02_ratings_keep_the_list_they_came_from,
    h12_07_typos_in_event_and_section_forms_in_german,
);

struct Director {
    app: Router,
    session: (String, String),
}

impl Director {
    async fn new(store: Store) -> Director {
        let (_, password) = web::first_start(&store).await.unwrap().unwrap();
        let app = web::router(web::AppState::new(store));
        let session = login(&app, "admin", &password).await;
        Director { app, session }
    }

    async fn call(&self, method: &str, uri: &str, body: Option<Value>) -> Answer {
        send(
            &self.app,
            json_request(method, uri, Some(&self.session), body.as_ref()),
        )
        .await
    }

    /// A JSON request in German (`Accept-Language: de`).
    async fn call_de(&self, method: &str, uri: &str, body: Value) -> Answer {
        let mut req = json_request(method, uri, Some(&self.session), Some(&body));
        req.headers_mut()
            .insert(header::ACCEPT_LANGUAGE, "de-DE,de;q=0.9".parse().unwrap());
        send(&self.app, req).await
    }

    async fn form(&self, uri: &str, fields: &[(&str, &str)]) -> Answer {
        let mut body = format!("csrf={}", self.session.1);
        for (k, v) in fields {
            body.push_str(&format!("&{k}={}", v.replace(' ', "+")));
        }
        let req = Request::builder()
            .method("POST")
            .uri(uri)
            .header(header::COOKIE, &self.session.0)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        send(&self.app, req).await
    }

    async fn page(&self, uri: &str) -> Answer {
        let req = Request::builder()
            .uri(uri)
            .header(header::COOKIE, &self.session.0)
            .body(Body::empty())
            .unwrap();
        send(&self.app, req).await
    }

    /// An event starting 2026-04-07 with one section of `classes`; the section id.
    async fn section(&self, classes: &str) -> i64 {
        let ev = self
            .call(
                "POST",
                "/api/events",
                Some(
                    json!({"name": "SJRP 2026", "place": "Pirmasens", "start_date": "2026-04-07"}),
                ),
            )
            .await;
        assert_eq!(ev.status, StatusCode::CREATED, "{}", ev.text);
        let ev = ev.json()["id"].as_i64().unwrap();
        let s = self
            .call(
                "POST",
                &format!("/api/events/{ev}/sections"),
                Some(json!({"name": "Gruppe", "rounds": 5, "classes": classes})),
            )
            .await;
        assert_eq!(s.status, StatusCode::CREATED, "{}", s.text);
        s.json()["id"].as_i64().unwrap()
    }

    async fn add(&self, section: i64, body: Value) -> i64 {
        let a = self
            .call(
                "POST",
                &format!("/api/sections/{section}/players"),
                Some(body),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
        a.json()["id"].as_i64().unwrap()
    }

    async fn players(&self, section: i64) -> Vec<Value> {
        let a = self
            .call("GET", &format!("/api/sections/{section}/players"), None)
            .await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
        a.json().as_array().unwrap().clone()
    }

    async fn player(&self, section: i64, id: i64) -> Value {
        self.players(section)
            .await
            .into_iter()
            .find(|p| p["id"] == id)
            .unwrap_or_else(|| panic!("player {id} not listed"))
    }
}

async fn h12_02_edit_every_field_and_refuse_a_stale_version(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("").await;
    let id = d
        .add(
            s,
            json!({"last_name": "Meyr", "first_name": "Lena", "dwz": 1500}),
        )
        .await;
    let before = d.player(s, id).await;
    let version = before["version"].as_i64().unwrap();
    let edit = json!({
        "version": version, "last_name": "Meyer", "first_name": "Lena", "dwz": 1888,
        "elo": 1701, "birth_date": "2012-03-04", "sex": "f", "club": "SK Pirmasens",
        "fide_id": 24_601_234, "title": "wfm", "federation": "ger",
    });
    let a = d
        .call(
            "PUT",
            &format!("/api/sections/{s}/players/{id}"),
            Some(edit.clone()),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(a.json()["version"], version + 1);
    let p = d.player(s, id).await;
    assert_eq!(p["last_name"], "Meyer");
    assert_eq!(p["first_name"], "Lena");
    assert_eq!(
        (p["dwz"].clone(), p["elo"].clone()),
        (json!(1888), json!(1701))
    );
    assert_eq!(p["birth_date"], "2012-03-04");
    assert_eq!(p["sex"], "f");
    assert_eq!(p["club"], "SK Pirmasens");
    assert_eq!(p["fide_id"], "24601234");
    assert_eq!(p["title"], "WFM");
    assert_eq!(p["federation"], "GER");
    assert_eq!(p["version"], version + 1);
    // The same edit again with the version read before: someone else saved meanwhile.
    let stale = d
        .call(
            "PUT",
            &format!("/api/sections/{s}/players/{id}"),
            Some(edit),
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.text);
    assert_eq!(d.player(s, id).await["version"], version + 1);
    // A year only is a birth date too; "Rating" alone is not a field.
    let year = json!({"version": version + 1, "last_name": "Meyer", "first_name": "Lena",
        "dwz": 1888, "birth_date": "2012"});
    let a = d
        .call(
            "PUT",
            &format!("/api/sections/{s}/players/{id}"),
            Some(year),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(d.player(s, id).await["birth_date"], "2012");
    let rating = json!({"version": version + 2, "last_name": "Meyer", "rating": 1900});
    let a = d
        .call(
            "PUT",
            &format!("/api/sections/{s}/players/{id}"),
            Some(rating),
        )
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
    assert!(a.text.contains("dwz"), "{}", a.text);
    // A typo in a field is named with what was expected, in the director's language.
    for (field, value, german) in [
        (
            "dwz",
            "15OO",
            "DWZ: erwartet eine ganze Zahl von 0 bis 3500, gefunden `15OO`",
        ),
        (
            "sex",
            "x",
            "Geschlecht: erwartet m, w oder nichts, gefunden `x`",
        ),
        (
            "birth_date",
            "31.02.2012",
            "Geburtsdatum: erwartet ein Datum",
        ),
    ] {
        let mut body = json!({"version": version + 2, "last_name": "Meyer"});
        body[field] = json!(value);
        let a = d
            .call_de("PUT", &format!("/api/sections/{s}/players/{id}"), body)
            .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
        let error = a.json()["error"].as_str().unwrap().to_owned();
        assert!(error.starts_with(german), "{field}: {error}");
    }
}

async fn h12_02_delete_before_pairing_and_refuse_once_paired(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("").await;
    let mut ids = Vec::new();
    for (name, dwz) in [
        ("A", 1900),
        ("B", 1800),
        ("C", 1700),
        ("Wrong", 1000),
        ("D", 1600),
    ] {
        ids.push(d.add(s, json!({"last_name": name, "dwz": dwz})).await);
    }
    let wrong = d.player(s, ids[3]).await;
    let stale = d
        .call(
            "DELETE",
            &format!("/api/sections/{s}/players/{}", ids[3]),
            Some(json!({"version": wrong["version"].as_i64().unwrap() + 5})),
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.text);
    let a = d
        .call(
            "DELETE",
            &format!("/api/sections/{s}/players/{}", ids[3]),
            Some(json!({"version": wrong["version"]})),
        )
        .await;
    assert_eq!(a.status, StatusCode::NO_CONTENT, "{}", a.text);
    let left: Vec<i64> = d
        .players(s)
        .await
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    assert_eq!(left, vec![ids[0], ids[1], ids[2], ids[4]]);
    let numbers: Vec<i64> = d
        .players(s)
        .await
        .iter()
        .map(|p| p["number"].as_i64().unwrap())
        .collect();
    assert_eq!(numbers, vec![1, 2, 3, 4]);
    let pair = d
        .call("POST", &format!("/api/sections/{s}/pair"), None)
        .await;
    assert_eq!(pair.status, StatusCode::CREATED, "{}", pair.text);
    let paired = d.player(s, ids[0]).await;
    let a = d
        .call(
            "DELETE",
            &format!("/api/sections/{s}/players/{}", ids[0]),
            Some(json!({"version": paired["version"]})),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert!(
        a.json()["error"].as_str().unwrap().contains("C.04.2"),
        "{}",
        a.text
    );
    assert!(
        a.json()["error"].as_str().unwrap().contains("withdrawn"),
        "{}",
        a.text
    );
    let de = d
        .call_de(
            "DELETE",
            &format!("/api/sections/{s}/players/{}", ids[0]),
            json!({"version": paired["version"]}),
        )
        .await;
    assert_eq!(de.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", de.text);
    assert!(
        de.json()["error"]
            .as_str()
            .unwrap()
            .contains("zurückgezogen"),
        "{}",
        de.text
    );
    assert_eq!(d.players(s).await.len(), 4);
}

async fn h12_02_merge_a_duplicate_into_the_entry_kept(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("").await;
    let keep = d
        .add(
            s,
            json!({"last_name": "Meyer", "first_name": "Lena", "dwz": 1888}),
        )
        .await;
    let dup = d
        .add(s, json!({"last_name": "Meyer", "first_name": "L.", "elo": 1701, "club": "SK Pirmasens", "override": "Dublette, wird zusammengeführt"}))
        .await;
    let v = d.player(s, dup).await["version"].clone();
    let itself = d
        .call(
            "POST",
            &format!("/api/sections/{s}/players/{dup}/merge"),
            Some(json!({"into": dup, "version": v})),
        )
        .await;
    assert_eq!(
        itself.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        itself.text
    );
    let a = d
        .call(
            "POST",
            &format!("/api/sections/{s}/players/{dup}/merge"),
            Some(json!({"into": keep, "version": v})),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let players = d.players(s).await;
    assert_eq!(players.len(), 1);
    let p = &players[0];
    assert_eq!(p["id"], keep);
    assert_eq!(p["first_name"], "Lena");
    assert_eq!(
        (p["dwz"].clone(), p["elo"].clone()),
        (json!(1888), json!(1701))
    );
    assert_eq!(p["club"], "SK Pirmasens");
}

async fn h12_02_player_card_edits_through_forms(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("").await;
    let id = d
        .add(
            s,
            json!({"last_name": "Meyr", "first_name": "Lena", "dwz": 1500}),
        )
        .await;
    let other = d
        .add(
            s,
            json!({"last_name": "Becker", "first_name": "Tom", "elo": 1400}),
        )
        .await;
    let card = d.page(&format!("/sections/{s}/players/{id}?lang=de")).await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.text);
    for text in [
        "player-edit",
        "name=\"dwz\"",
        "name=\"elo\"",
        "name=\"birth_date\"",
        "Dublette zusammenführen",
        "player-delete",
        "Begründung für Ausnahme",
    ] {
        assert!(card.text.contains(text), "card lacks {text}");
    }
    let version = d.player(s, id).await["version"]
        .as_i64()
        .unwrap()
        .to_string();
    let a = d
        .form(
            &format!("/sections/{s}/players/{id}/edit"),
            &[
                ("version", &version),
                ("last_name", "Meyer"),
                ("first_name", "Lena"),
                ("dwz", "1888"),
                ("elo", ""),
                ("sex", "f"),
            ],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
    let to = a.headers[header::LOCATION].to_str().unwrap().to_owned();
    let saved = d.page(&format!("{to}&lang=de")).await;
    assert!(saved.text.contains("gespeichert"), "{}", saved.text);
    assert_eq!(d.player(s, id).await["dwz"], 1888);
    let v = d.player(s, other).await["version"]
        .as_i64()
        .unwrap()
        .to_string();
    let a = d
        .form(
            &format!("/sections/{s}/players/{other}/delete"),
            &[("version", &v)],
        )
        .await;
    assert_eq!(a.status, StatusCode::SEE_OTHER, "{}", a.text);
    assert_eq!(d.players(s).await.len(), 1);
}

async fn h12_03_players_in_starting_rank_order_with_pairing_numbers(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("").await;
    // Registered weakest first; DWZ before Elo (section default `dwz-elo`).
    let c = d.add(s, json!({"last_name": "Weak", "dwz": 1100})).await;
    let b = d.add(s, json!({"last_name": "EloOnly", "elo": 1800})).await;
    let a = d
        .add(s, json!({"last_name": "Strong", "dwz": 1888, "elo": 1278}))
        .await;
    let order: Vec<(i64, i64)> = d
        .players(s)
        .await
        .iter()
        .map(|p| (p["id"].as_i64().unwrap(), p["number"].as_i64().unwrap()))
        .collect();
    assert_eq!(order, vec![(a, 1), (b, 2), (c, 3)]);
    // The seeding setting through the API: Elo first.
    let settings = d
        .call("GET", &format!("/api/sections/{s}/settings"), None)
        .await;
    assert_eq!(settings.status, StatusCode::OK, "{}", settings.text);
    let mut body = settings.json();
    assert_eq!(body["seeding"], "dwz-elo");
    body["seeding"] = json!("elo-dwz");
    let put = d
        .call("PUT", &format!("/api/sections/{s}/settings"), Some(body))
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    let ids: Vec<i64> = d
        .players(s)
        .await
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, vec![b, a, c]);
    // The same number on the card and in the TRF.
    let card = d
        .call("GET", &format!("/api/sections/{s}/players/{a}"), None)
        .await;
    assert_eq!(card.json()["number"], 2);
    let trf = d.page(&format!("/sections/{s}/export.trf")).await;
    assert_eq!(trf.status, StatusCode::OK, "{}", trf.text);
    let line = trf
        .text
        .split(['\r', '\n'])
        .find(|l| l.starts_with("001") && l.contains("Strong"))
        .unwrap_or_else(|| panic!("no TRF line for Strong: {}", trf.text));
    assert_eq!(line[4..8].trim(), "2", "{line}");
    // And on the round's boards and result slips.
    let pair = d
        .call("POST", &format!("/api/sections/{s}/pair"), None)
        .await;
    assert_eq!(pair.status, StatusCode::CREATED, "{}", pair.text);
    let round = d
        .call("GET", &format!("/api/sections/{s}/rounds/1"), None)
        .await
        .json();
    let board = &round["boards"][0];
    let by_id: Vec<(i64, i64)> = d
        .players(s)
        .await
        .iter()
        .map(|p| (p["id"].as_i64().unwrap(), p["number"].as_i64().unwrap()))
        .collect();
    let number_of = |id: &Value| by_id.iter().find(|(i, _)| id == i).map(|(_, n)| *n);
    assert_eq!(board["white_number"].as_i64(), number_of(&board["white"]));
    assert_eq!(board["black_number"].as_i64(), number_of(&board["black"]));
    let slips = d
        .page(&format!("/sections/{s}/rounds/1/slips?lang=de"))
        .await;
    let expected = format!("Nr. {}", board["white_number"]);
    assert!(slips.text.contains(&expected), "slip lacks {expected}");
}

async fn h12_04_ineligible_entry_refused_with_paragraph_unless_overridden(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("U14").await;
    let old = json!({"last_name": "Quast", "first_name": "Ida", "birth_date": "2009", "sex": "f"});
    let a = d
        .call(
            "POST",
            &format!("/api/sections/{s}/players"),
            Some(old.clone()),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert!(
        a.json()["error"].as_str().unwrap().contains("§5.3"),
        "{}",
        a.text
    );
    let de = d
        .call_de("POST", &format!("/api/sections/{s}/players"), old.clone())
        .await;
    assert_eq!(de.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", de.text);
    let german = de.json()["error"].as_str().unwrap().to_owned();
    assert!(
        german.contains("§5.3") && german.contains("spielberechtigt"),
        "{german}"
    );
    assert!(d.players(s).await.is_empty());
    let mut over = old.clone();
    over["override"] = json!("Freiplatz §7.3");
    let id = d.add(s, over).await;
    assert_eq!(d.players(s).await.len(), 1);
    // The reason is audited and shown on the player card.
    let audit = d.page("/audit").await;
    assert!(
        audit.text.contains("Freiplatz §7.3"),
        "audit lacks the reason"
    );
    let card = d.page(&format!("/sections/{s}/players/{id}")).await;
    assert!(
        card.text.contains("Freiplatz §7.3"),
        "card lacks the reason"
    );
    // The hand-entry form is refused alike, with the paragraph.
    let form = d
        .form(
            &format!("/sections/{s}/players"),
            &[
                ("last_name", "Alt"),
                ("first_name", "Otto"),
                ("birth", "2008"),
            ],
        )
        .await;
    assert_eq!(
        form.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        form.text
    );
    assert!(form.text.contains("§5.3"), "{}", form.text);
    assert_eq!(d.players(s).await.len(), 1);
}

async fn h12_04_edit_refused_when_it_makes_the_entry_ineligible(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("U14").await;
    let id = d
        .add(
            s,
            json!({"last_name": "Quast", "first_name": "Ida", "birth_date": "2013"}),
        )
        .await;
    let v = d.player(s, id).await["version"].clone();
    let edit = json!({"version": v, "last_name": "Quast", "first_name": "Ida", "birth_date": "2009-05-01"});
    let a = d
        .call(
            "PUT",
            &format!("/api/sections/{s}/players/{id}"),
            Some(edit.clone()),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert!(a.text.contains("§5.3"), "{}", a.text);
    assert_eq!(d.player(s, id).await["birth_date"], "2013");
    let mut over = edit;
    over["override"] = json!("Sondergenehmigung des Landesjugendwarts");
    let a = d
        .call(
            "PUT",
            &format!("/api/sections/{s}/players/{id}"),
            Some(over),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(d.player(s, id).await["birth_date"], "2009-05-01");
}

async fn h12_04_admission_list_set_in_event_settings_refuses_others(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("U14,U14w").await;
    let section = d
        .call("GET", &format!("/api/sections/{s}"), None)
        .await
        .json();
    let ev = section["section"]["event"].as_i64().unwrap();
    let uri = format!("/api/events/{ev}/settings");
    let mut settings = d.call("GET", &uri, None).await.json();
    assert_eq!(settings["admission"], "");
    settings["admission"] = json!("Quast, Ida, 2012, U14w\nMeyer, Lena");
    let put = d.call("PUT", &uri, Some(settings)).await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.text);
    let read = d.call("GET", &uri, None).await.json();
    assert_eq!(read["admission"], "Quast, Ida, 2012, U14w\nMeyer, Lena");
    let listed = json!({"last_name": "Quast", "first_name": "Ida", "birth_date": "2012", "sex": "f", "class": "U14w"});
    d.add(s, listed).await;
    let other =
        json!({"last_name": "Becker", "first_name": "Tom", "birth_date": "2013", "sex": "m"});
    let a = d
        .call(
            "POST",
            &format!("/api/sections/{s}/players"),
            Some(other.clone()),
        )
        .await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.text);
    assert!(a.text.contains("§7.2"), "{}", a.text);
    let mut over = other;
    over["override"] = json!("nachnominiert §7.6");
    d.add(s, over).await;
    assert_eq!(d.players(s).await.len(), 2);
}

/// A multipart body with one file `list` and text fields.
fn multipart(text: &[(&str, &str)], name: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "arbiterPlayersBoundary42";
    let mut body = Vec::new();
    for (k, v) in text {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n")
                .as_bytes(),
        );
    }
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"list\"; filename=\"{name}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

impl Director {
    async fn upload(&self, uri: &str, text: &[(&str, &str)], list: &[u8]) -> Answer {
        let (content_type, body) = multipart(text, "players_list_foa.txt", list);
        let req = Request::builder()
            .method("POST")
            .uri(uri)
            .header(header::COOKIE, &self.session.0)
            .header("x-csrf-token", &self.session.1)
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap();
        send(&self.app, req).await
    }
}

async fn h12_04_upload_preselects_eligible_rows_and_refuses_the_others(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("U14").await;
    // The FIDE excerpt (Engel 2011: too old for U14 in 2026, §5.3; Fuchs 2012; Graf 2013) and
    // Graf's line once more: a duplicate inside the list.
    let path = format!("{}/tests/data/fide_excerpt.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let graf = text
        .lines()
        .find(|l| l.contains("Graf, Gustav"))
        .unwrap()
        .to_owned();
    let list = format!("{}\n{graf}\n", text.trim_end());
    let preview = d
        .upload(
            &format!("/api/sections/{s}/players/preview"),
            &[],
            list.as_bytes(),
        )
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text);
    let rows = preview.json()["players"].as_array().unwrap().clone();
    let selected: Vec<bool> = rows
        .iter()
        .map(|r| r["selected"].as_bool().unwrap())
        .collect();
    assert_eq!(selected, [false, true, true, false]);
    let page = {
        let (content_type, body) = multipart(
            &[("csrf", &d.session.1)],
            "players_list_foa.txt",
            list.as_bytes(),
        );
        let req = Request::builder()
            .method("POST")
            .uri(format!("/sections/{s}/players/upload"))
            .header(header::COOKIE, &d.session.0)
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .unwrap();
        send(&d.app, req).await
    };
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    let ticked = page.text.matches(" checked").count();
    assert_eq!(
        ticked, 2,
        "only the eligible, non-duplicate rows are ticked"
    );
    // Ticking the too-old player without a reason: refused on the preview itself, the ticks
    // and the rows as they were, nothing stored (#12 item 7).
    let mut fields = vec![("csrf".to_owned(), d.session.1.clone())];
    for name in ["entries", "shown"] {
        fields.push((name.to_owned(), hidden(&page.text, name)));
    }
    fields.extend([("pick", "0"), ("pick", "1")].map(|(k, v)| (k.to_owned(), v.to_owned())));
    let req = Request::builder()
        .method("POST")
        .uri(format!("/sections/{s}/players/register"))
        .header(header::COOKIE, &d.session.0)
        .header(header::ACCEPT_LANGUAGE, "de")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(serde_urlencoded::to_string(&fields).unwrap()))
        .unwrap();
    let refused = send(&d.app, req).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.text
    );
    assert!(
        refused.text.contains(r#"id="error""#)
            && refused.text.contains("nicht spielberechtigt")
            && refused.text.contains("§5.3"),
        "the refusal on the preview: {}",
        refused.text
    );
    for (row, ticked) in [(0, true), (1, true), (2, false), (3, false)] {
        let tag = format!(r#"id="pick-{row}""#);
        let at = refused.text.find(&tag).expect("the preview rows again");
        let rest = &refused.text[at..];
        let input = &rest[..rest.find('>').unwrap()];
        assert_eq!(input.contains("checked"), ticked, "row {row}: {input}");
    }
    assert!(refused.text.contains("Engel"), "{}", refused.text);
    assert!(d.players(s).await.is_empty(), "nothing stored");
    let import = format!("/api/sections/{s}/players/import");
    let old = d.upload(&import, &[("select", "0")], list.as_bytes()).await;
    assert_eq!(old.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", old.text);
    assert!(
        old.text.contains("Engel") && old.text.contains("§5.3"),
        "{}",
        old.text
    );
    let twice = d
        .upload(&import, &[("select", "2,3")], list.as_bytes())
        .await;
    assert_eq!(
        twice.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        twice.text
    );
    assert!(
        d.players(s).await.is_empty(),
        "a refused list stores nothing"
    );
    // Without a selection: the pre-selected rows.
    let a = d.upload(&import, &[], list.as_bytes()).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    assert_eq!(d.players(s).await.len(), 2);
    let over = d
        .upload(
            &import,
            &[("select", "0"), ("override", "Freiplatz §7.3")],
            list.as_bytes(),
        )
        .await;
    assert_eq!(over.status, StatusCode::CREATED, "{}", over.text);
    assert_eq!(d.players(s).await.len(), 3);
}

async fn h12_02_ratings_keep_the_list_they_came_from(store: Store) {
    let d = Director::new(store).await;
    let s = d.section("U14").await;
    let path = format!("{}/tests/data/fide_excerpt.txt", env!("CARGO_MANIFEST_DIR"));
    let list = std::fs::read(path).unwrap();
    let import = format!("/api/sections/{s}/players/import");
    let a = d.upload(&import, &[], &list).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    let players = d.players(s).await;
    let fuchs = players.iter().find(|p| p["last_name"] == "Fuchs").unwrap();
    let graf = players.iter().find(|p| p["last_name"] == "Graf").unwrap();
    assert_eq!(fuchs["elo"], 1602);
    assert_eq!(
        fuchs["elo_list"], "FIDE rating list (TXT): players_list_foa.txt",
        "an uploaded rating names its list"
    );
    assert_eq!(fuchs["dwz_list"], Value::Null, "no DWZ, no DWZ list");
    assert_eq!(graf["elo_list"], Value::Null, "no Elo, no Elo list");
    let id = fuchs["id"].as_i64().unwrap();
    let put = |version: i64, fields: Value| {
        let mut body = json!({"version": version, "last_name": "Fuchs", "first_name": "Frieda",
            "birth_date": "2012", "sex": "f", "federation": "AUT"});
        body.as_object_mut()
            .unwrap()
            .extend(fields.as_object().unwrap().clone());
        body
    };
    let uri = format!("/api/sections/{s}/players/{id}");
    // The same Elo, another field edited: the list stays.
    let v = fuchs["version"].as_i64().unwrap();
    let a = d
        .call("PUT", &uri, Some(put(v, json!({"elo": 1602, "dwz": 1540}))))
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let p = d.player(s, id).await;
    assert_eq!(
        p["elo_list"],
        "FIDE rating list (TXT): players_list_foa.txt"
    );
    assert_eq!(
        p["dwz_list"],
        Value::Null,
        "a DWZ typed by hand names no list"
    );
    // The Elo typed by hand: the old list no longer says where it comes from.
    let a = d
        .call(
            "PUT",
            &uri,
            Some(put(v + 1, json!({"elo": 1610, "dwz": 1540}))),
        )
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(d.player(s, id).await["elo_list"], Value::Null);
    // Named by the director.
    let named = json!({"elo": 1610, "elo_list": "FIDE 12/2026", "dwz": 1540,
        "dwz_list": "DSB 27.11.2026"});
    let a = d.call("PUT", &uri, Some(put(v + 2, named))).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let p = d.player(s, id).await;
    assert_eq!(
        (p["elo_list"].clone(), p["dwz_list"].clone()),
        (json!("FIDE 12/2026"), json!("DSB 27.11.2026"))
    );
    let card = d.page(&format!("/sections/{s}/players/{id}")).await;
    assert!(
        card.text
            .contains(r#"name="dwz_list" id="edit-dwz-list" value="DSB 27.11.2026""#),
        "the card's edit form shows the list: {}",
        card.text
    );
    // A list name is one line of at most 100 characters.
    let long = json!({"elo": 1610, "elo_list": "x".repeat(101)});
    let a = d.call("PUT", &uri, Some(put(v + 3, long))).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
    assert!(a.text.contains("Elo list"), "{}", a.text);
    assert_eq!(d.player(s, id).await["version"], v + 3, "nothing stored");
}

/// The value of the hidden input `name` of a page, unescaped.
fn hidden(page: &str, name: &str) -> String {
    let tag = format!(r#"name="{name}" value=""#);
    let at = page
        .find(&tag)
        .unwrap_or_else(|| panic!("no hidden {name}"))
        + tag.len();
    let value = &page[at..at + page[at..].find('"').unwrap()];
    value
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#x2f;", "/")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

async fn h12_07_typos_in_event_and_section_forms_in_german(store: Store) {
    let d = Director::new(store).await;
    let event = json!({"name": "SJRP 2026", "place": "Pirmasens", "start_date": "7.4.26x"});
    let a = d.call_de("POST", "/api/events", event).await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
    let error = a.json()["error"].as_str().unwrap().to_owned();
    assert!(error.starts_with("Beginn: erwartet ein Datum"), "{error}");
    let s = d.section("U14").await;
    let ev = d
        .call("GET", &format!("/api/sections/{s}"), None)
        .await
        .json()["section"]["event"]
        .clone();
    let section = json!({"name": "U16", "rounds": 5, "classes": "U16, U16x"});
    let a = d
        .call_de("POST", &format!("/api/events/{ev}/sections"), section)
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
    let error = a.json()["error"].as_str().unwrap().to_owned();
    assert!(
        error.starts_with("Altersklassen: erwartet Altersklassen U8 bis U20")
            && error.ends_with("gefunden `U16x`"),
        "{error}"
    );
    let player = json!({"last_name": "Meyer", "class": "U41"});
    let a = d
        .call_de("POST", &format!("/api/sections/{s}/players"), player)
        .await;
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
    assert!(a.text.contains("gefunden `U41`"), "{}", a.text);
}
