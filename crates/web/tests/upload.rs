//! Uploads of player lists and TRF files through the JSON API and the HTML forms, good and bad,
//! against SQLite and, with `ARBITER_TEST_POSTGRES`, PostgreSQL (required when `CI` is set).
//! Fixtures: `tests/data` (invented players in the DSB and FIDE layouts).

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::Answer;
use serde_json::{Value, json};
use store::Store;

store::on_both!(
    "arbiter_upload", "u";
    dsb_list_in_windows_1252_with_clubs_imports_and_flags_registered,
    fide_excerpt_preview_warns_about_age_class_and_flags,
    bad_list_uploads_name_file_and_line_and_store_nothing,
    trf_file_uploads_continue_an_event_or_name_the_line,
    html_upload_previews_and_registers_the_selected,
    h19_02_list_uploads_refuse_control_characters,
    h12_04_trf_import_refuses_a_player_of_another_section_unless_overridden,
);

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("fixture {path}: {e}"))
}

struct Client {
    app: Router,
    cookie: String,
    csrf: String,
}

/// A multipart body: text fields, then files (field, file name, bytes).
fn multipart(text: &[(&str, &str)], files: &[(&str, &str, Vec<u8>)]) -> (String, Vec<u8>) {
    let boundary = "arbiterTestBoundary7MA4YWxk";
    let mut body = Vec::new();
    for (name, value) in text {
        body.extend_from_slice(
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    for (name, file, bytes) in files {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{file}\"\r\nContent-Type: application/octet-stream\r\n\r\n")
                .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

impl Client {
    /// Logs in as the first-start admin.
    async fn new(store: Store) -> Client {
        let (_, password) = web::first_start(&store).await.unwrap().unwrap();
        let app = web::router(web::AppState::new(store));
        let mut c = Client {
            app,
            cookie: String::new(),
            csrf: String::new(),
        };
        let ok = c
            .send(
                "POST",
                "/api/login",
                None,
                "application/json",
                json!({"user": "admin", "password": password})
                    .to_string()
                    .into_bytes(),
            )
            .await;
        assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
        let set = ok.headers[header::SET_COOKIE].to_str().unwrap();
        c.cookie = set.split(';').next().unwrap().to_owned();
        c.csrf = ok.json()["csrf"].as_str().unwrap().to_owned();
        c
    }

    async fn send(
        &self,
        method: &str,
        uri: &str,
        csrf: Option<&str>,
        content_type: &str,
        body: Vec<u8>,
    ) -> Answer {
        let mut req = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::CONTENT_TYPE, content_type);
        if !self.cookie.is_empty() {
            req = req.header(header::COOKIE, &self.cookie);
        }
        if let Some(t) = csrf {
            req = req.header("x-csrf-token", t);
        }
        common::send(&self.app, req.body(Body::from(body)).unwrap()).await
    }

    async fn get(&self, uri: &str) -> Value {
        let a = self.send("GET", uri, None, "text/plain", Vec::new()).await;
        assert_eq!(a.status, StatusCode::OK, "GET {uri}: {}", a.text);
        a.json()
    }

    async fn post_json(&self, uri: &str, body: Value) -> Value {
        let csrf = self.csrf.clone();
        let a = self
            .send(
                "POST",
                uri,
                Some(&csrf),
                "application/json",
                body.to_string().into_bytes(),
            )
            .await;
        assert_eq!(a.status, StatusCode::CREATED, "POST {uri}: {}", a.text);
        a.json()
    }

    /// A multipart POST with the CSRF header (API) or none (forms carry it as a field).
    async fn upload(
        &self,
        uri: &str,
        api: bool,
        text: &[(&str, &str)],
        files: &[(&str, &str, Vec<u8>)],
    ) -> Answer {
        let (content_type, body) = multipart(text, files);
        let csrf = self.csrf.clone();
        self.send(
            "POST",
            uri,
            api.then_some(csrf.as_str()),
            &content_type,
            body,
        )
        .await
    }

    /// An event starting 2026-03-01 with one section of `classes`; returns (event, section).
    async fn section(&self, classes: &str) -> (i64, i64) {
        let event = self
            .post_json(
                "/api/events",
                json!({"name": "Upload Open", "place": "Mainz", "start_date": "2026-03-01"}),
            )
            .await["id"]
            .as_i64()
            .unwrap();
        let section = self
            .post_json(
                &format!("/api/events/{event}/sections"),
                json!({"name": "A", "rounds": 5, "classes": classes}),
            )
            .await["id"]
            .as_i64()
            .unwrap();
        (event, section)
    }

    /// Posts the register form of a preview: its `entries` and the row picked.
    async fn register(&self, uri: &str, entries: &str, pick: &str) -> Answer {
        let body = [
            ("csrf", self.csrf.as_str()),
            ("entries", entries),
            ("pick", pick),
        ]
        .iter()
        .map(|(k, v)| {
            format!(
                "{k}={}",
                v.bytes().map(|b| format!("%{b:02X}")).collect::<String>()
            )
        })
        .collect::<Vec<_>>()
        .join("&");
        self.send(
            "POST",
            uri,
            None,
            "application/x-www-form-urlencoded",
            body.into_bytes(),
        )
        .await
    }

    async fn players(&self, section: i64) -> Vec<Value> {
        self.get(&format!("/api/sections/{section}")).await["players"]
            .as_array()
            .unwrap()
            .clone()
    }
}

fn names(players: &[Value]) -> Vec<&str> {
    players.iter().filter_map(|p| p["name"].as_str()).collect()
}

async fn dsb_list_in_windows_1252_with_clubs_imports_and_flags_registered(store: Store) {
    let c = Client::new(store).await;
    let (_, section) = c.section("").await;
    let files = || {
        vec![
            ("list", "spieler.csv", fixture("spieler_cp1252.csv")),
            ("clubs", "vereine.csv", fixture("vereine.csv")),
        ]
    };
    let uri = format!("/api/sections/{section}/players/preview");
    let preview = c.upload(&uri, true, &[], &files()).await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text);
    let p = preview.json();
    assert_eq!(p["format"], "DSB spieler.csv v1");
    assert_eq!(p["encoding"], "Windows-1252");
    let rows = p["players"].as_array().unwrap();
    assert_eq!(
        rows.iter()
            .map(|r| r["name"].as_str().unwrap())
            .collect::<Vec<_>>(),
        ["Bäcker, Ben", "Cramer, Clara", "Dietz, Jürgen"]
    );
    assert_eq!(rows[0]["club"], "SK Musterstadt Süd", "vereine.csv applied");
    assert_eq!(rows[2]["club"], "Schachfreunde Überlingen");
    assert_eq!(rows[0]["dwz"], 1870);
    assert_eq!(rows[0]["line"], 2);
    assert!(
        rows[2]["warnings"][0].as_str().unwrap().contains("passive"),
        "{}",
        rows[2]
    );
    assert!(
        rows[0]["warnings"].as_array().unwrap().is_empty(),
        "{}",
        rows[0]
    );
    assert!(!rows[0]["registered"].as_bool().unwrap());

    let import = c
        .upload(
            &format!("/api/sections/{section}/players/import"),
            true,
            &[("select", "0,1")],
            &files(),
        )
        .await;
    assert_eq!(import.status, StatusCode::CREATED, "{}", import.text);
    assert_eq!(import.json()["ids"].as_array().unwrap().len(), 2);
    let players = c.players(section).await;
    assert_eq!(names(&players), ["Bäcker, Ben", "Cramer, Clara"]);
    assert_eq!(
        (&players[0]["dwz"], &players[0]["elo"]),
        (&json!(1870), &json!(null)),
        "the DWZ is the DWZ, not a rating standing in for an Elo"
    );
    assert_eq!(players[1]["club"], "SK Musterstadt Süd");

    let again = c.upload(&uri, true, &[], &files()).await.json();
    let rows = again["players"].as_array().unwrap();
    assert_eq!(
        rows.iter()
            .map(|r| r["registered"].as_bool().unwrap())
            .collect::<Vec<_>>(),
        [true, true, false],
        "same DSB membership as a registered player"
    );
    assert!(
        rows[0]["warnings"][0]
            .as_str()
            .unwrap()
            .starts_with("already registered?"),
        "{}",
        rows[0]
    );
    assert!(
        rows[0]["warnings_de"][0]
            .as_str()
            .unwrap()
            .contains("dieselbe DSB-Mitgliedschaft"),
        "{}",
        rows[0]
    );
}

async fn fide_excerpt_preview_warns_about_age_class_and_flags(store: Store) {
    let c = Client::new(store).await;
    // Season 2026, cut-off 31 December 2025: U14 = born 2012 or later.
    let (_, section) = c.section("U14").await;
    let preview = c
        .upload(
            &format!("/api/sections/{section}/players/preview"),
            true,
            &[("format", "auto")],
            &[("list", "players_list_foa.txt", fixture("fide_excerpt.txt"))],
        )
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text);
    let p = preview.json();
    assert_eq!(p["format"], "FIDE rating list (TXT)");
    let rows = p["players"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["elo"], 1688);
    assert_eq!(rows[0]["fide_id"], 99_100_011);
    let warnings =
        |i: usize| -> Vec<String> { serde_json::from_value(rows[i]["warnings"].clone()).unwrap() };
    let engel = warnings(0);
    assert!(
        engel
            .iter()
            .any(|w| w.contains("14 years old") && w.contains("SJRP §5.3")),
        "born 2011: too old for U14 in 2026: {engel:?}"
    );
    assert!(
        rows[0]["warnings_de"][0]
            .as_str()
            .unwrap()
            .contains("nicht spielberechtigt"),
        "{}",
        rows[0]
    );
    assert!(
        warnings(1).is_empty(),
        "born 2012, female: {:?}",
        warnings(1)
    );
    assert_eq!(
        warnings(2),
        ["inactive on the FIDE list"],
        "born 2013, flag i"
    );

    let import = c
        .upload(
            &format!("/api/sections/{section}/players/import"),
            true,
            &[],
            &[("list", "players_list_foa.txt", fixture("fide_excerpt.txt"))],
        )
        .await;
    assert_eq!(import.status, StatusCode::CREATED, "{}", import.text);
    let players = c.players(section).await;
    assert_eq!(
        names(&players),
        ["Fuchs, Frieda", "Graf, Gustav"],
        "without a selection the pre-selected rows: Engel is too old for U14 (§5.3)"
    );
    assert_eq!(players[0]["federation"], "AUT");
    assert_eq!(players[0]["fide_id"], "99100020");
}

async fn bad_list_uploads_name_file_and_line_and_store_nothing(store: Store) {
    let c = Client::new(store).await;
    let (_, section) = c.section("").await;
    let import = format!("/api/sections/{section}/players/import");
    let first = c
        .upload(
            &import,
            true,
            &[],
            &[("list", "spieler.csv", fixture("spieler_cp1252.csv"))],
        )
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.text);
    let before = c.players(section).await;
    assert_eq!(before.len(), 3);

    // Wrong encoding: UTF-16 (NUL bytes).
    let utf16 = c
        .upload(
            &import,
            true,
            &[("format", "dsb")],
            &[("list", "spieler16.csv", fixture("spieler_utf16.csv"))],
        )
        .await;
    assert_eq!(utf16.status, StatusCode::BAD_REQUEST, "{}", utf16.text);
    let e = utf16.json();
    assert_eq!(e["errors"][0]["file"], "spieler16.csv");
    assert!(e["errors"][0]["line"].as_u64().unwrap() >= 1, "{e}");
    let en = e["error"].as_str().unwrap();
    assert!(
        en.starts_with("spieler16.csv: line 1") && en.contains("expected UTF-8"),
        "{en}"
    );
    let de = e["error_de"].as_str().unwrap();
    assert!(
        de.starts_with("spieler16.csv: Zeile 1") && de.contains("erwartet UTF-8"),
        "{de}"
    );

    // Wrong columns: a CSV without a name column, and a DSB list read as a FIDE list.
    let columns = c
        .upload(
            &import,
            true,
            &[],
            &[("list", "anmeldung.csv", fixture("wrong_columns.csv"))],
        )
        .await;
    assert_eq!(columns.status, StatusCode::BAD_REQUEST, "{}", columns.text);
    let e = columns.json();
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("anmeldung.csv: line 1"),
        "{e}"
    );
    assert!(e["error"].as_str().unwrap().contains("Name"), "{e}");
    assert!(e["error_de"].as_str().unwrap().contains("Spalte"), "{e}");
    let as_fide = c
        .upload(
            &import,
            true,
            &[("format", "fide-txt")],
            &[("list", "spieler.csv", fixture("spieler_cp1252.csv"))],
        )
        .await;
    assert_eq!(as_fide.status, StatusCode::BAD_REQUEST, "{}", as_fide.text);
    assert!(
        as_fide.json()["error"]
            .as_str()
            .unwrap()
            .contains("ID Number"),
        "{}",
        as_fide.text
    );

    // A bad field in line 3: the row is named, and the API imports nothing of the file.
    let bad_row = c
        .upload(
            &import,
            true,
            &[],
            &[("list", "spieler.csv", fixture("spieler_bad_dwz.csv"))],
        )
        .await;
    assert_eq!(bad_row.status, StatusCode::BAD_REQUEST, "{}", bad_row.text);
    let e = bad_row.json();
    assert_eq!(e["errors"][0]["line"], 3, "{e}");
    assert!(e["errors"][0]["column"].as_u64().unwrap() > 0, "{e}");
    assert!(e["error"].as_str().unwrap().contains("DWZ"), "{e}");
    let preview = c
        .upload(
            &format!("/api/sections/{section}/players/preview"),
            true,
            &[],
            &[("list", "spieler.csv", fixture("spieler_bad_dwz.csv"))],
        )
        .await
        .json();
    assert_eq!(
        preview["count"], 2,
        "the preview keeps the good rows: {preview}"
    );
    assert_eq!(preview["errors"][0]["line"], 3);

    // No file, an unknown format, no CSRF token.
    let none = c.upload(&import, true, &[("format", "dsb")], &[]).await;
    assert_eq!(none.status, StatusCode::BAD_REQUEST, "{}", none.text);
    let unknown = c
        .upload(
            &import,
            true,
            &[("format", "xls")],
            &[("list", "spieler.csv", fixture("spieler_cp1252.csv"))],
        )
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.text.contains("xls"), "{}", unknown.text);
    let forged = c
        .upload(
            &import,
            false,
            &[],
            &[("list", "spieler.csv", fixture("spieler_cp1252.csv"))],
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);

    assert_eq!(c.players(section).await, before, "nothing stored or lost");
}

async fn trf_file_uploads_continue_an_event_or_name_the_line(store: Store) {
    let c = Client::new(store).await;
    let (event, _) = c.section("").await;
    let uri = format!("/api/events/{event}/import");
    let broken = c
        .upload(
            &uri,
            true,
            &[],
            &[("trf", "broken.trf", fixture("broken.trf"))],
        )
        .await;
    assert_eq!(broken.status, StatusCode::BAD_REQUEST, "{}", broken.text);
    let e = broken.json();
    assert_eq!(e["errors"][0]["line"], 2, "{e}");
    assert!(
        e["error"]
            .as_str()
            .unwrap()
            .starts_with("broken.trf: line 2, column"),
        "{e}"
    );
    assert!(
        e["error_de"]
            .as_str()
            .unwrap()
            .starts_with("broken.trf: Zeile 2, Spalte"),
        "{e}"
    );
    let latin1 = c
        .upload(
            &uri,
            true,
            &[],
            &[(
                "trf",
                "latin1.trf",
                b"012 Open\n001    1      M\xfcller, Max".to_vec(),
            )],
        )
        .await;
    assert_eq!(latin1.status, StatusCode::BAD_REQUEST, "{}", latin1.text);
    assert!(
        latin1.json()["error"].as_str().unwrap().contains("UTF-8"),
        "{}",
        latin1.text
    );
    let sections = c.get(&format!("/api/events/{event}")).await["sections"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(sections, 1, "nothing stored");

    let good = "012 Imported\nXXR 3\n\
001    1      Alpha, Anna                       2100                             1.0    1     2 w 1\n\
001    2      Beta, Bert                        2000                             0.0    2     1 b 0\n";
    let ok = c
        .upload(
            &uri,
            true,
            &[],
            &[("trf", "good.trf", good.as_bytes().to_vec())],
        )
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.text);
    let section = ok.json()["id"].as_i64().unwrap();
    let standings = c.get(&format!("/api/sections/{section}/standings")).await;
    assert_eq!(standings["rounds_complete"], 1, "{standings}");

    // The HTML form: the same message in German, then the redirect to the new section.
    let form = c
        .upload(
            &format!("/events/{event}/import-file?lang=de"),
            false,
            &[("csrf", &c.csrf)],
            &[("trf", "broken.trf", fixture("broken.trf"))],
        )
        .await;
    assert_eq!(form.status, StatusCode::BAD_REQUEST);
    assert!(
        form.text.contains("broken.trf: Zeile 2, Spalte"),
        "{}",
        form.text
    );
    let form = c
        .upload(
            &format!("/events/{event}/import-file"),
            false,
            &[("csrf", &c.csrf)],
            &[("trf", "good.trf", good.as_bytes().to_vec())],
        )
        .await;
    assert_eq!(form.status, StatusCode::SEE_OTHER, "{}", form.text);
    assert!(
        form.headers[header::LOCATION]
            .to_str()
            .unwrap()
            .starts_with("/sections/")
    );
}

async fn html_upload_previews_and_registers_the_selected(store: Store) {
    let c = Client::new(store).await;
    let (_, section) = c.section("").await;
    let csrf = c.csrf.clone();
    let bad = c
        .upload(
            &format!("/sections/{section}/players/upload?lang=de"),
            false,
            &[("csrf", &csrf), ("format", "auto")],
            &[("list", "spieler16.csv", fixture("spieler_utf16.csv"))],
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.text.contains("spieler16.csv: Zeile 1"), "{}", bad.text);
    assert!(
        bad.text.contains("Nichts wurde gespeichert"),
        "{}",
        bad.text
    );

    let page = c
        .upload(
            &format!("/sections/{section}/players/upload?lang=en"),
            false,
            &[("csrf", &csrf), ("format", "auto")],
            &[
                ("list", "spieler.csv", fixture("spieler_bad_dwz.csv")),
                ("clubs", "vereine.csv", fixture("vereine.csv")),
            ],
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.text);
    assert!(
        page.text.contains("spieler.csv: line 3, column"),
        "{}",
        page.text
    );
    assert!(page.text.contains("id=\"pick-1\""), "{}", page.text);
    assert!(!page.text.contains("id=\"pick-2\""), "two good rows");
    assert!(
        page.text.contains("passive DSB member (status P)"),
        "{}",
        page.text
    );
    let german = c
        .upload(
            &format!("/sections/{section}/players/upload?lang=de"),
            false,
            &[("csrf", &csrf)],
            &[("list", "spieler.csv", fixture("spieler_bad_dwz.csv"))],
        )
        .await;
    assert!(
        german.text.contains("spieler.csv: Zeile 3, Spalte"),
        "{}",
        german.text
    );
    assert!(
        german.text.contains("passives DSB-Mitglied (Status P)"),
        "{}",
        german.text
    );
    let entries = page
        .text
        .split("name=\"entries\" value=\"")
        .nth(1)
        .and_then(|t| t.split('"').next())
        .expect("hidden entries field")
        .replace("&quot;", "\"")
        .replace("&#x2f;", "/")
        .replace("&amp;", "&");
    let registered = c
        .register(
            &format!("/sections/{section}/players/register"),
            &entries,
            "1",
        )
        .await;
    assert_eq!(
        registered.status,
        StatusCode::SEE_OTHER,
        "{}",
        registered.text
    );
    let players = c.players(section).await;
    assert_eq!(names(&players), ["Dietz, Jürgen"]);
    assert_eq!(players[0]["club"], "Schachfreunde Überlingen");
}

async fn h19_02_list_uploads_refuse_control_characters(store: Store) {
    let c = Client::new(store).await;
    let (_, section) = c.section("").await;
    let list = "Nachname;Vorname;Verein\n\"Eve\n001    9      Forged\";Anna;SK\nGood;Gus;SK\n";
    let file = [("list", "anmeldung.csv", list.as_bytes().to_vec())];
    let preview = c
        .upload(
            &format!("/api/sections/{section}/players/preview"),
            true,
            &[],
            &file,
        )
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text);
    let p = preview.json();
    assert_eq!(p["count"], 1, "{p}");
    let error = p["errors"][0]["message"].as_str().unwrap();
    assert!(
        error.starts_with("anmeldung.csv: line 2: last name: expected"),
        "{error}"
    );
    let de = p["errors"][0]["message_de"].as_str().unwrap();
    assert!(
        de.starts_with("anmeldung.csv: Zeile 2: Nachname: erwartet"),
        "{de}"
    );
    let import = c
        .upload(
            &format!("/api/sections/{section}/players/import"),
            true,
            &[],
            &file,
        )
        .await;
    assert_eq!(import.status, StatusCode::BAD_REQUEST, "{}", import.text);
    // A forged preview (the hidden entries field) is checked again.
    let entries = json!([{"player": {"id": 0, "last_name": "Eve\n001 forged", "first_name": "",
        "sex": null, "birth": null, "club": "", "federation": "", "fide_id": null, "dsb": null,
        "elo": null, "dwz": null, "dwz_index": null, "title": null},
        "class": "Open", "first_round": 1, "withdrawn_after": null, "requested_byes": {}}]);
    let forged = c
        .register(
            &format!("/sections/{section}/players/register?lang=de"),
            &entries.to_string(),
            "0",
        )
        .await;
    assert_eq!(forged.status, StatusCode::BAD_REQUEST, "{}", forged.text);
    assert!(
        forged.text.contains("Nachname: erwartet"),
        "{}",
        forged.text
    );
    assert!(c.players(section).await.is_empty(), "nothing stored");
}

/// A TRF `001` line: start number, name, FIDE id, birth date and one round.
fn trf_player(no: u32, name: &str, fide: &str, birth: &str, points: &str, round: &str) -> String {
    format!(
        "001 {no:>4}      {name:<33} 2100 GER {fide:>11} {birth:>10} {points:>4} {no:>4}  {round}"
    )
}

async fn h12_04_trf_import_refuses_a_player_of_another_section_unless_overridden(store: Store) {
    let c = Client::new(store).await;
    let (event, section) = c.section("").await;
    c.post_json(
        &format!("/api/sections/{section}/players"),
        json!({"last_name": "Alpha", "first_name": "Anna", "fide_id": 12_345_678}),
    )
    .await;
    let trf = format!(
        "012 Imported\nXXR 3\n{}\n{}\n",
        trf_player(
            1,
            "Alpha, Anna",
            "12345678",
            "2010/05/01",
            "1.0",
            "   2 w 1"
        ),
        trf_player(2, "Beta, Bert", "12345679", "2011/06/02", "0.0", "   1 b 0"),
    );
    let file = || vec![("trf", "other.trf", trf.clone().into_bytes())];
    let sections = || async {
        c.get(&format!("/api/events/{event}")).await["sections"]
            .as_array()
            .unwrap()
            .len()
    };
    // Anna plays in section A already: the file is refused, nothing stored (#12 item 4).
    let uri = format!("/api/events/{event}/import");
    let refused = c.upload(&uri, true, &[], &file()).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.text
    );
    let message = refused.json()["error"].as_str().unwrap().to_owned();
    assert!(message.contains("Alpha, Anna"), "{message}");
    assert_eq!(sections().await, 1, "nothing stored");
    // The text form: the refusal on the event page, in German, the TRF as pasted.
    let body =
        serde_urlencoded::to_string([("csrf", c.csrf.as_str()), ("trf", trf.as_str())]).unwrap();
    let page = c
        .send(
            "POST",
            &format!("/events/{event}/import?lang=de"),
            None,
            "application/x-www-form-urlencoded",
            body.into_bytes(),
        )
        .await;
    assert_eq!(
        page.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        page.text
    );
    assert!(
        page.text.contains(r#"id="error""#) && page.text.contains("Alpha, Anna: "),
        "{}",
        page.text
    );
    assert!(page.text.contains("Beta, Bert"), "the TRF kept as pasted");
    assert_eq!(sections().await, 1, "nothing stored");
    // Admitted with the arbiter's reason, which the player's card shows.
    let ok = c
        .upload(
            &uri,
            true,
            &[("override", "Doppelstart genehmigt")],
            &file(),
        )
        .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.text);
    let imported = ok.json()["id"].as_i64().unwrap();
    let players = c.get(&format!("/api/sections/{imported}/players")).await;
    let anna = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["last_name"] == "Alpha")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let card = c
        .send(
            "GET",
            &format!("/sections/{imported}/players/{anna}"),
            None,
            "text/plain",
            vec![],
        )
        .await;
    assert!(card.text.contains("Doppelstart genehmigt"), "{}", card.text);
}
