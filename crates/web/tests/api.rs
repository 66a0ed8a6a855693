//! In-process tests of the service (tower `oneshot`) against SQLite and, with
//! `ARBITER_TEST_POSTGRES`, PostgreSQL (required when `CI` is set).

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use store::Store;

use common::Answer;
use store::testing::unique_name as unique;

async fn sqlite() -> Store {
    store::testing::sqlite_store("arbiter_web")
        .await
        .expect("open SQLite store")
}

store::on_both!(
    "arbiter_web", "w";
    api_runs_a_swiss_section,
    forms_refuse_missing_csrf,
    htmx_result_entry_reports_conflicts,
    broken_trf_upload_names_the_line,
    cached_pages_follow_changes_of_another_process,
    exports_dsb_xml_swi_and_standings_csv,
    admins_create_arbiter_accounts,
    settings_change_events_and_sections,
    h19_01_rounds_and_numbers_are_bounded_at_input,
    h19_02_control_characters_are_refused_at_input,
    h19_06_values_wider_than_the_trf_columns_are_refused,
    h19_09_csv_formula_injection_is_neutralised_in_standings_csv,
    h19_10_trf_import_of_a_web_page_or_empty_file_is_refused,
    h12_03_seeding_rule_reseed_and_moves_before_round_one,
    h12_03_one_pairing_number_in_list_standings_and_trf,
    h16_05_publication_times_are_shown_in_the_events_time_zone,
);

/// A client holding the session cookie and CSRF token.
struct Client {
    app: Router,
    cookie: Option<String>,
    csrf: Option<String>,
}

impl Client {
    async fn new(store: Store) -> (Client, String) {
        let (_, password) = web::first_start(&store)
            .await
            .unwrap()
            .expect("first start creates the admin");
        assert!(web::first_start(&store).await.unwrap().is_none());
        let app = web::router(web::AppState::new(store));
        (
            Client {
                app,
                cookie: None,
                csrf: None,
            },
            password,
        )
    }

    async fn send(&self, req: Request<Body>) -> Answer {
        common::send(&self.app, req).await
    }

    fn request(&self, method: &str, uri: &str, csrf: bool) -> axum::http::request::Builder {
        let mut b = Request::builder().method(method).uri(uri);
        if let Some(c) = &self.cookie {
            b = b.header(header::COOKIE, c);
        }
        if let Some(t) = self.csrf.as_ref().filter(|_| csrf) {
            b = b.header("x-csrf-token", t);
        }
        b
    }

    async fn get(&self, uri: &str) -> Answer {
        self.send(self.request("GET", uri, false).body(Body::empty()).unwrap())
            .await
    }

    async fn post_json(&self, uri: &str, body: Value, csrf: bool) -> Answer {
        let req = self
            .request("POST", uri, csrf)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        self.send(req).await
    }

    async fn put_json(&self, uri: &str, body: Value) -> Answer {
        let req = self
            .request("PUT", uri, true)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        self.send(req).await
    }

    async fn post_form(&self, uri: &str, form: &[(&str, &str)], htmx: bool) -> Answer {
        let body: Vec<String> = form
            .iter()
            .map(|(k, v)| format!("{k}={}", urlencode(v)))
            .collect();
        let mut req = self
            .request("POST", uri, false)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
        if htmx {
            req = req.header("hx-request", "true");
        }
        self.send(req.body(Body::from(body.join("&"))).unwrap())
            .await
    }

    async fn login(&mut self, password: &str) {
        let bad = self
            .post_json(
                "/api/login",
                json!({"user": "admin", "password": "wrong"}),
                false,
            )
            .await;
        assert_eq!(bad.status, StatusCode::FORBIDDEN);
        let ok = self
            .post_json(
                "/api/login",
                json!({"user": "admin", "password": password}),
                false,
            )
            .await;
        assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
        let set = ok.headers[header::SET_COOKIE].to_str().unwrap();
        self.cookie = Some(set.split(';').next().unwrap().to_owned());
        self.csrf = Some(ok.json()["csrf"].as_str().unwrap().to_owned());
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Logs in, creates an event and a section of `n` players; returns client and section id.
async fn section_with_players(store: Store, n: usize) -> (Client, i64) {
    let (mut c, password) = Client::new(store).await;
    c.login(&password).await;
    let ev = c
        .post_json(
            "/api/events",
            json!({"name": "Club Open", "place": "Mainz", "start_date": "2026-03-01"}),
            true,
        )
        .await;
    assert_eq!(ev.status, StatusCode::CREATED, "{}", ev.text);
    let event = ev.json()["id"].as_i64().unwrap();
    let sec = c
        .post_json(
            &format!("/api/events/{event}/sections"),
            json!({"name": "A", "rounds": 3, "system": "swiss", "tiebreaks": "BH,SB"}),
            true,
        )
        .await;
    assert_eq!(sec.status, StatusCode::CREATED, "{}", sec.text);
    let section = sec.json()["id"].as_i64().unwrap();
    for i in 0..n {
        let p = c
            .post_json(
                &format!("/api/sections/{section}/players"),
                json!({"last_name": format!("Player{i}"), "first_name": "Test",
                       "elo": (2200 - 50 * i).to_string(), "federation": "GER", "sex": "m"}),
                true,
            )
            .await;
        assert_eq!(p.status, StatusCode::CREATED, "{}", p.text);
    }
    (c, section)
}

async fn api_runs_a_swiss_section(store: Store) {
    let (c, section) = section_with_players(store, 5).await;
    let no_csrf = c
        .post_json(&format!("/api/sections/{section}/pair"), json!({}), false)
        .await;
    assert_eq!(no_csrf.status, StatusCode::FORBIDDEN, "CSRF refusal");
    let paired = c
        .post_json(&format!("/api/sections/{section}/pair"), json!({}), true)
        .await;
    assert_eq!(paired.status, StatusCode::CREATED, "{}", paired.text);
    assert_eq!(paired.json()["round"], 1);
    let public = Client {
        app: c.app.clone(),
        cookie: None,
        csrf: None,
    };
    let hidden = public
        .get(&format!("/api/sections/{section}/rounds/1"))
        .await;
    assert_eq!(
        hidden.status,
        StatusCode::NOT_FOUND,
        "preview is not public"
    );
    let early = c
        .post_json(&format!("/api/sections/{section}/pair"), json!({}), true)
        .await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY);
    let publish = c
        .post_json(
            &format!("/api/sections/{section}/rounds/1/publish"),
            json!({}),
            true,
        )
        .await;
    assert_eq!(publish.status, StatusCode::OK, "{}", publish.text);
    let round = public
        .get(&format!("/api/sections/{section}/rounds/1"))
        .await;
    assert_eq!(round.status, StatusCode::OK);
    let boards = round.json()["boards"].as_array().unwrap().clone();
    assert_eq!(boards.len(), 3, "two games and the pairing-allocated bye");
    assert_eq!(boards[2]["black"], Value::Null);
    assert_eq!(boards[2]["result"], "bye");
    // Dutch: top half against bottom half, the lowest-rated player gets the bye.
    assert_eq!(boards[2]["white_name"], "Player4, Test");
    let g1 = boards[0]["game"].as_i64().unwrap();
    let g2 = boards[1]["game"].as_i64().unwrap();
    let r1 = c
        .post_json(
            &format!("/api/games/{g1}/result"),
            json!({"result": "1-0", "version": 1}),
            true,
        )
        .await;
    assert_eq!(
        (r1.status, r1.json()["version"].clone()),
        (StatusCode::OK, json!(2))
    );
    let stale = c
        .post_json(
            &format!("/api/games/{g1}/result"),
            json!({"result": "0-1", "version": 1}),
            true,
        )
        .await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "optimistic lock");
    let bad = c
        .post_json(
            &format!("/api/games/{g2}/result"),
            json!({"result": "2-0", "version": 1}),
            true,
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let forfeit = c
        .post_json(
            &format!("/api/games/{g2}/result"),
            json!({"result": "-/+", "version": 1}),
            true,
        )
        .await;
    assert_eq!(forfeit.status, StatusCode::OK, "{}", forfeit.text);
    let after = public
        .get(&format!("/api/sections/{section}/rounds/1"))
        .await
        .json();
    assert_eq!(after["boards"][0]["result"], "1-0");
    assert_eq!(after["boards"][1]["result"], "-/+");

    let standings = public
        .get(&format!("/api/sections/{section}/standings"))
        .await;
    assert_eq!(standings.status, StatusCode::OK);
    let s = standings.json();
    assert_eq!(s["rounds_complete"], 1);
    let rows = s["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    let winners: Vec<&str> = rows
        .iter()
        .filter(|r| r["points"] == "1")
        .map(|r| r["name"].as_str().unwrap())
        .collect();
    let black2 = boards[1]["black_name"].as_str().unwrap();
    let white1 = boards[0]["white_name"].as_str().unwrap();
    assert_eq!(winners.len(), 3, "two winners and the bye: {rows:?}");
    assert!(
        winners.contains(&white1)
            && winners.contains(&black2)
            && winners.contains(&"Player4, Test")
    );
    assert_eq!(s["standings"]["tiebreaks"], json!(["BH", "SB"]));

    let trf = public.get(&format!("/sections/{section}/export.trf")).await;
    assert_eq!(trf.status, StatusCode::OK);
    let t: trf::Tournament = trf.text.parse().expect("the export parses as TRF");
    assert_eq!(t.players().count(), 5);
    assert_eq!(t.rounds_played(), 1);
    assert_eq!(t.name(), Some("Club Open - A"));

    let next = c
        .post_json(&format!("/api/sections/{section}/pair"), json!({}), true)
        .await;
    assert_eq!(next.json()["round"], 2, "{}", next.text);
}

async fn forms_refuse_missing_csrf(store: Store) {
    let (mut c, password) = Client::new(store).await;
    let page = c.get("/login").await;
    let cookie = page.headers[header::SET_COOKIE].to_str().unwrap();
    let token = cookie
        .split(';')
        .next()
        .unwrap()
        .split('=')
        .nth(1)
        .unwrap()
        .to_owned();
    assert!(
        page.text.contains(&token),
        "the form carries the cookie's token"
    );
    let forged = c
        .post_form(
            "/login",
            &[("user", "admin"), ("password", &password), ("csrf", "x")],
            false,
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    c.cookie = Some(format!("{}={token}", web::LOGIN_CSRF_COOKIE));
    let ok = c
        .post_form(
            "/login",
            &[("user", "admin"), ("password", &password), ("csrf", &token)],
            false,
        )
        .await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER, "{}", ok.text);
    let session = ok.headers[header::SET_COOKIE].to_str().unwrap();
    c.cookie = Some(session.split(';').next().unwrap().to_owned());
    let home = c.get("/?lang=de").await;
    assert!(home.text.contains("Neues Turnier"), "German UI");
    let csrf = home
        .text
        .split("name=\"csrf\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .to_owned();
    let form = [
        ("name", "Blitz"),
        ("place", "Worms"),
        ("start_date", "2026-06-01"),
    ];
    let refused = c.post_form("/events", &form, false).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert!(refused.text.contains("CSRF"));
    let mut with = form.to_vec();
    with.push(("csrf", &csrf));
    let created = c.post_form("/events", &with, false).await;
    assert_eq!(created.status, StatusCode::SEE_OTHER);
    let list = c.get("/api/events").await.json();
    assert_eq!(list[0]["name"], "Blitz");
    let english = c
        .send(
            c.request("GET", "/", false)
                .header(header::ACCEPT_LANGUAGE, "en-GB,en;q=0.9")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
    assert!(english.text.contains("New event"));
}

async fn htmx_result_entry_reports_conflicts(store: Store) {
    let (c, section) = section_with_players(store, 4).await;
    c.post_json(&format!("/api/sections/{section}/pair"), json!({}), true)
        .await;
    c.post_json(
        &format!("/api/sections/{section}/rounds/1/publish"),
        json!({}),
        true,
    )
    .await;
    let boards = c
        .get(&format!("/api/sections/{section}/rounds/1"))
        .await
        .json();
    let game = boards["boards"][0]["game"].as_i64().unwrap();
    let csrf = c.csrf.clone().unwrap();
    let uri = format!("/games/{game}/result");
    let first = c
        .post_form(
            &uri,
            &[("result", "1/2-1/2"), ("version", "1"), ("csrf", &csrf)],
            true,
        )
        .await;
    assert_eq!(first.status, StatusCode::OK);
    assert!(
        first.text.starts_with(&format!("<tr id=\"game-{game}\"")),
        "{}",
        first.text
    );
    assert!(first.text.contains("class=\"ok\""));
    assert!(first.text.contains("name=\"version\" value=\"2\""));
    let second = c
        .post_form(
            &uri,
            &[("result", "0-1"), ("version", "1"), ("csrf", &csrf)],
            true,
        )
        .await;
    assert_eq!(second.headers["x-arbiter-status"], "409");
    assert!(
        second.text.contains("class=\"conflict\""),
        "{}",
        second.text
    );
    // minijinja escapes `/` in attributes as `&#x2f;`.
    assert!(
        second
            .text
            .contains("<option value=\"1&#x2f;2-1&#x2f;2\" selected>"),
        "the other arbiter's result stays: {}",
        second.text
    );
    let page = c.get(&format!("/sections/{section}/rounds/1")).await;
    assert!(page.text.contains("hx-post"));
    let log = c.get("/audit").await;
    assert!(
        log.text.contains("— → ½-½") && log.text.contains("Round 1, board 1: "),
        "audit: old and new value in words, the board and its players: {}",
        log.text
    );
}

async fn broken_trf_upload_names_the_line(store: Store) {
    let (c, section) = section_with_players(store, 2).await;
    let event = c.get(&format!("/api/sections/{section}")).await.json()["section"]["event"]
        .as_i64()
        .unwrap();
    let csrf = c.csrf.clone().unwrap();
    let broken = "012 Test\n001    1      Alpha, Anna                       2100                             x.0    1\n";
    let answer = c
        .post_form(
            &format!("/events/{event}/import"),
            &[("trf", broken), ("csrf", &csrf)],
            false,
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(answer.text.contains("line 2"), "{}", answer.text);
    let sections = c.get(&format!("/api/events/{event}")).await.json();
    assert_eq!(
        sections["sections"].as_array().unwrap().len(),
        1,
        "nothing stored"
    );
    let good = "012 Imported\nXXR 3\n\
001    1      Alpha, Anna                       2100                             1.0    1     2 w 1\n\
001    2      Beta, Bert                        2000                             0.0    2     1 b 0\n";
    let ok = c
        .post_form(
            &format!("/events/{event}/import"),
            &[("trf", good), ("csrf", &csrf)],
            false,
        )
        .await;
    assert_eq!(ok.status, StatusCode::SEE_OTHER, "{}", ok.text);
    let to = ok.headers[header::LOCATION].to_str().unwrap().to_owned();
    let imported: i64 = to.trim_start_matches("/sections/").parse().unwrap();
    let standings = c
        .get(&format!("/api/sections/{imported}/standings"))
        .await
        .json();
    assert_eq!(standings["standings"]["rows"][0]["name"], "Alpha, Anna");
    assert_eq!(standings["standings"]["rows"][0]["points"], "1");
}

#[tokio::test]
async fn openapi_describes_only_existing_routes() {
    let (c, _) = Client::new(sqlite().await).await;
    let doc = c.get("/api/openapi.json").await.json();
    assert_eq!(doc["openapi"], "3.0.3");
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.len() >= 12);
    for (path, ops) in paths {
        for method in ops.as_object().unwrap().keys() {
            let uri = path.replace("{id}", "999").replace("{n}", "1");
            let req = c
                .request(&method.to_uppercase(), &uri, false)
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from("{}"))
                .unwrap();
            let a = c.send(req).await;
            assert_ne!(a.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
            assert!(
                !(a.status == StatusCode::NOT_FOUND && a.text.is_empty()),
                "{method} {path} is not routed"
            );
        }
    }
}

/// Two service processes on one database: each keeps sections in memory, and a change made
/// through one is on the other's pages at the next request (revision counter in the database).
async fn cached_pages_follow_changes_of_another_process(store: Store) {
    let other = Client {
        app: web::router(web::AppState::new(store.clone())),
        cookie: None,
        csrf: None,
    };
    let (c, section) = section_with_players(store, 4).await;
    let other = Client {
        cookie: c.cookie.clone(),
        csrf: c.csrf.clone(),
        ..other
    };
    for step in ["pair", "rounds/1/publish"] {
        let done = c
            .post_json(&format!("/api/sections/{section}/{step}"), json!({}), true)
            .await;
        assert!(done.status.is_success(), "{step}: {}", done.text);
    }
    let points = |a: &Answer| -> Vec<String> {
        let s = a.json();
        s["standings"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["points"].as_str().unwrap().to_owned())
            .collect()
    };
    let uri = format!("/api/sections/{section}/standings");
    let before = c.get(&uri).await;
    assert_eq!(points(&before), ["0", "0", "0", "0"]);
    assert_eq!(points(&c.get(&uri).await), ["0", "0", "0", "0"], "cached");
    let round = other
        .get(&format!("/api/sections/{section}/rounds/1"))
        .await
        .json();
    let white = round["boards"][0]["white_name"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(crosstable_points(&c, section, &white).await, "0");
    let mut winners = Vec::new();
    for board in round["boards"].as_array().unwrap() {
        let game = board["game"].as_i64().unwrap();
        let entered = other
            .post_json(
                &format!("/api/games/{game}/result"),
                json!({"result": "1-0", "version": 1}),
                true,
            )
            .await;
        assert_eq!(entered.status, StatusCode::OK, "{}", entered.text);
        winners.push(board["white_name"].as_str().unwrap().to_owned());
    }
    let after = c.get(&uri).await.json();
    let mut leaders: Vec<String> = after["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["points"] == "1")
        .map(|r| r["name"].as_str().unwrap().to_owned())
        .collect();
    leaders.sort();
    winners.sort();
    assert_eq!(leaders, winners);
    assert_eq!(crosstable_points(&c, section, &white).await, "1");
}

/// The points of a player on the crosstable page.
async fn crosstable_points(c: &Client, section: i64, name: &str) -> String {
    let page = c.get(&format!("/sections/{section}/crosstable")).await;
    assert_eq!(page.status, StatusCode::OK);
    let row = page
        .text
        .split("<tr>")
        .find(|r| r.contains(&format!(">{name}</td>")))
        .unwrap_or_else(|| panic!("{name} not in the crosstable: {}", page.text));
    let end = row.rfind("</td></tr>").expect("row end");
    let cell = row[..end].rfind("<td").expect("last cell");
    let start = cell + row[cell..].find('>').expect("cell tag end") + 1;
    row[start..end].to_owned()
}

/// Section of 4 players with round 1 published and every result in (boards 1-0, 0-1).
async fn played_round(store: Store) -> (Client, i64) {
    let (c, section) = section_with_players(store, 4).await;
    for step in ["pair", "rounds/1/publish"] {
        let done = c
            .post_json(&format!("/api/sections/{section}/{step}"), json!({}), true)
            .await;
        assert!(done.status.is_success(), "{step}: {}", done.text);
    }
    let round = c
        .get(&format!("/api/sections/{section}/rounds/1"))
        .await
        .json();
    for (board, result) in round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .zip(["1-0", "0-1"])
    {
        let game = board["game"].as_i64().unwrap();
        let done = c
            .post_json(
                &format!("/api/games/{game}/result"),
                json!({"result": result, "version": 1}),
                true,
            )
            .await;
        assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    }
    (c, section)
}

async fn exports_dsb_xml_swi_and_standings_csv(store: Store) {
    let (c, section) = played_round(store).await;
    let public = Client {
        app: c.app.clone(),
        cookie: None,
        csrf: None,
    };
    for uri in [
        format!("/sections/{section}/export.xml"),
        format!("/api/sections/{section}/export/swi"),
    ] {
        assert_eq!(
            public.get(&uri).await.status,
            StatusCode::FORBIDDEN,
            "{uri}"
        );
    }
    let xml = c
        .get(&format!("/api/sections/{section}/export/dsb-xml"))
        .await;
    assert_eq!(xml.status, StatusCode::OK, "{}", xml.text);
    let report =
        ratinglist::dsb::read_xml(xml.text.as_bytes(), "export.xml").expect("DSB XML reads back");
    assert_eq!((report.players.len(), report.rounds.len()), (4, 1));
    let again = c.get(&format!("/sections/{section}/export.xml")).await;
    let same = ratinglist::dsb::read_xml(again.text.as_bytes(), "again.xml").unwrap();
    assert_eq!(
        same.tournament.uuid, report.tournament.uuid,
        "tournament UUID is stable"
    );

    let swi = c.get(&format!("/sections/{section}/export.swi")).await;
    assert_eq!(swi.status, StatusCode::OK, "{}", swi.text);
    let back =
        ratinglist::dsb::read_swi(swi.text.as_bytes(), "export.swi").expect("SWI reads back");
    assert_eq!(back.players.len(), 4);

    let csv = public
        .get(&format!("/sections/{section}/standings.csv"))
        .await;
    assert_eq!(csv.status, StatusCode::OK);
    assert!(
        csv.headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let file_name = |a: &Answer| {
        let value = a.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
        value.to_string()
    };
    assert_eq!(
        file_name(&csv),
        "attachment; filename=\"Club-Open_A_R1.csv\""
    );
    let trf = public.get(&format!("/sections/{section}/export.trf")).await;
    assert_eq!(
        file_name(&trf),
        "attachment; filename=\"Club-Open_A_R1.trf\""
    );
    let lines = trf.text.split_inclusive('\n').collect::<Vec<_>>();
    assert!(lines.len() > 5, "{}", trf.text);
    assert!(
        lines
            .iter()
            .all(|l| l.ends_with("\r\n") && !l[..l.len() - 2].contains('\r')),
        "TRF lines end with CR LF: {:?}",
        trf.text
    );
    let pgn = public.get(&format!("/sections/{section}/export.pgn")).await;
    assert_eq!(
        file_name(&pgn),
        "attachment; filename=\"Club-Open_A_R1.pgn\""
    );
    let lines: Vec<&str> = csv.text.lines().collect();
    assert_eq!(lines[0], "Rank,No,Name,Points,BH,SB");
    assert_eq!(lines.len(), 5, "{}", csv.text);
    let standings = c
        .get(&format!("/api/sections/{section}/standings"))
        .await
        .json();
    for (line, row) in lines[1..]
        .iter()
        .zip(standings["standings"]["rows"].as_array().unwrap())
    {
        let name = row["name"].as_str().unwrap();
        let expected = format!(
            "{},{},\"{name}\",{}",
            row["rank"],
            row["tpn"],
            row["points"].as_str().unwrap()
        );
        assert!(line.starts_with(&expected), "{line} vs {expected}");
    }
    let api_csv = c.get(&format!("/api/sections/{section}/export/csv")).await;
    assert_eq!(api_csv.text, csv.text);
    let unknown = c.get(&format!("/api/sections/{section}/export/pdf")).await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
}

async fn admins_create_arbiter_accounts(store: Store) {
    let (admin, _) = section_with_players(store, 0).await;
    let name = unique("arbiter");
    let weak = admin
        .post_json(
            "/api/users",
            json!({"name": name, "password": "short"}),
            true,
        )
        .await;
    assert_eq!(weak.status, StatusCode::BAD_REQUEST, "{}", weak.text);
    let no_csrf = admin
        .post_json(
            "/api/users",
            json!({"name": name, "password": "long enough 1"}),
            false,
        )
        .await;
    assert_eq!(no_csrf.status, StatusCode::FORBIDDEN);
    let made = admin
        .post_json(
            "/api/users",
            json!({"name": name, "password": "long enough 1", "role": "arbiter"}),
            true,
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.text);
    let again = admin
        .post_json(
            "/api/users",
            json!({"name": name, "password": "long enough 2"}),
            true,
        )
        .await;
    assert!(
        again.status.is_client_error(),
        "duplicate name: {}",
        again.status
    );
    let list = admin.get("/api/users").await;
    assert!(!list.text.contains("argon2"), "no hashes: {}", list.text);
    let roles: Vec<(String, String)> = list
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["name"].as_str().unwrap().to_owned(),
                u["role"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert!(
        roles.contains(&(name.clone(), "arbiter".to_owned())),
        "{roles:?}"
    );
    assert!(admin.get("/users").await.text.contains(&name));

    let mut arbiter = Client {
        app: admin.app.clone(),
        cookie: None,
        csrf: None,
    };
    let ok = arbiter
        .post_json(
            "/api/login",
            json!({"user": name, "password": "long enough 1"}),
            false,
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    arbiter.cookie = Some(
        ok.headers[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_owned(),
    );
    arbiter.csrf = Some(ok.json()["csrf"].as_str().unwrap().to_owned());
    let ev = arbiter
        .post_json(
            "/api/events",
            json!({"name": "Club Cup", "start_date": "2026-04-01"}),
            true,
        )
        .await;
    assert_eq!(
        ev.status,
        StatusCode::CREATED,
        "arbiters run events: {}",
        ev.text
    );
    assert_eq!(
        arbiter.get("/api/users").await.status,
        StatusCode::FORBIDDEN
    );
    let page = arbiter.get("/users").await;
    assert_eq!(
        page.status,
        StatusCode::FORBIDDEN,
        "a logged-in non-admin gets a 403 page, not the login form: {}",
        page.text
    );
    let denied = arbiter
        .post_json(
            "/api/users",
            json!({"name": unique("x"), "password": "long enough 3"}),
            true,
        )
        .await;
    assert_eq!(
        denied.status,
        StatusCode::FORBIDDEN,
        "only admins manage accounts"
    );

    // Admins set a new password (the way to open an account an event archive brought in
    // locked); the old password no longer logs in and the account's sessions end.
    let users = admin.get("/api/users").await.json();
    let id = users
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == name.as_str())
        .unwrap()["id"]
        .to_string();
    let uri = format!("/users/{id}/password");
    let csrf = admin.csrf.clone().unwrap();
    let by_arbiter = arbiter
        .post_form(
            &uri,
            &[
                ("csrf", arbiter.csrf.as_deref().unwrap()),
                ("password", "long enough 9"),
            ],
            false,
        )
        .await;
    assert_eq!(by_arbiter.status, StatusCode::FORBIDDEN);
    let short = admin
        .post_form(&uri, &[("csrf", &csrf), ("password", "short")], false)
        .await;
    assert_eq!(short.status, StatusCode::BAD_REQUEST, "{}", short.text);
    let set = admin
        .post_form(
            &uri,
            &[("csrf", &csrf), ("password", "long enough 9")],
            false,
        )
        .await;
    assert_eq!(set.status, StatusCode::SEE_OTHER, "{}", set.text);
    assert_eq!(
        arbiter.get("/api/events").await.status,
        StatusCode::OK,
        "public list still readable"
    );
    let old_session = arbiter
        .post_json(
            "/api/events",
            json!({"name": "X", "start_date": "2026-04-01"}),
            true,
        )
        .await;
    assert!(
        old_session.status.is_client_error(),
        "the session ended: {}",
        old_session.status
    );
    let login = |password: &'static str| json!({"user": name, "password": password});
    let fresh = Client {
        app: admin.app.clone(),
        cookie: None,
        csrf: None,
    };
    let old = fresh
        .post_json("/api/login", login("long enough 1"), false)
        .await;
    assert_ne!(old.status, StatusCode::OK, "{}", old.text);
    let new = fresh
        .post_json("/api/login", login("long enough 9"), false)
        .await;
    assert_eq!(new.status, StatusCode::OK, "{}", new.text);
    let audit = admin.get("/audit").await.text;
    assert!(!audit.contains("argon2"), "no hash in the audit log");
}

/// Event and section settings through the API: optimistic locking, errors naming the setting,
/// the schedule on the section page and in the TRF export (`132`), class rankings.
async fn settings_change_events_and_sections(store: Store) {
    let (c, section) = section_with_players(store, 3).await;
    let girl = c
        .post_json(
            &format!("/api/sections/{section}/players"),
            json!({"last_name": "Zeta", "first_name": "Zoe", "elo": "1500", "sex": "w"}),
            true,
        )
        .await;
    assert_eq!(girl.status, StatusCode::CREATED, "{}", girl.text);
    let read = c
        .get(&format!("/api/sections/{section}/settings"))
        .await
        .json();
    assert_eq!(read["system"], "swiss");
    assert_eq!(
        read["suggested_system"], "round_robin",
        "4 players, 3 rounds"
    );
    let version = read["version"].as_i64().unwrap();
    let mut body = json!({
        "version": version, "classes": "Open,Women", "system": "swiss_2026", "rounds": 3,
        "time_control": "5400+30", "profile": "sjrp", "default_time": 15,
        "scoring": "standard", "tiebreaks": "sjrp-swiss", "dwz": true, "elo": false,
        "initial_colour": "black", "schedule": "2026-03-01 10:00\n2026-03-01 15:00\n2026-03-02",
    });
    let uri = format!("/api/sections/{section}/settings");
    body["schedule"] = json!("2026-03-01 10:00\n2026-02-30");
    let bad = c.put_json(&uri, body.clone()).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert!(
        bad.json()["error"]
            .as_str()
            .unwrap()
            .starts_with("schedule line 2:"),
        "{}",
        bad.text
    );
    body["schedule"] = json!("2026-03-01 10:00\n2026-03-01 15:00\n2026-03-02");
    body["classes"] = json!("U12");
    let dropped = c.put_json(&uri, body.clone()).await;
    assert_eq!(dropped.status, StatusCode::BAD_REQUEST);
    assert!(
        dropped.text.contains("entered in class Open"),
        "{}",
        dropped.text
    );
    body["classes"] = json!("Open,Women");
    let ok = c.put_json(&uri, body.clone()).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(ok.json()["version"], version + 1);
    let stale = c.put_json(&uri, body.clone()).await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.text);
    let now = c.get(&uri).await.json();
    assert_eq!(now["system"], "swiss_2026");
    assert_eq!(now["initial_colour"], "black");
    assert_eq!(now["default_time"], 15);
    assert_eq!(
        now["schedule"],
        "2026-03-01 10:00\n2026-03-01 15:00\n2026-03-02"
    );
    let page = c.get(&format!("/sections/{section}")).await;
    assert!(
        page.text.contains("2026-03-01 15:00"),
        "timetable on the section page"
    );
    let trf = c.get(&format!("/sections/{section}/export.trf")).await;
    let line = trf
        .text
        .split(['\r', '\n'])
        .find(|l| l.starts_with("132"))
        .unwrap_or_else(|| panic!("no 132 line: {}", trf.text));
    assert!(
        line.contains("26/03/01") && line.contains("26/03/02"),
        "{line}"
    );
    assert!(trf.text.contains("122 5400+30"), "{}", trf.text);
    let girls = c
        .get(&format!("/api/sections/{section}/standings?class=Women"))
        .await
        .json();
    let rows = girls["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["name"], "Zeta, Zoe");
    assert_eq!(rows[0]["rank"], 1);
    let missing = c
        .get(&format!("/api/sections/{section}/standings?class=U14"))
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);

    let event = c.get(&format!("/api/sections/{section}")).await.json()["section"]["event"]
        .as_i64()
        .unwrap();
    let ev_uri = format!("/api/events/{event}/settings");
    let ev = c.get(&ev_uri).await.json();
    assert_eq!(ev["cut_off_year"], "previous");
    assert_eq!(ev["cut_off_day"], "2025-12-31");
    let change = json!({
        "version": ev["version"], "name": "Club Open 2026", "place": "Mainz",
        "start_date": "2026-03-01", "end_date": "2026-03-02",
        "cut_off": "12-31", "cut_off_year": "season",
    });
    let done = c.put_json(&ev_uri, change.clone()).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    assert_eq!(
        c.put_json(&ev_uri, change).await.status,
        StatusCode::CONFLICT
    );
    let ev = c.get(&ev_uri).await.json();
    assert_eq!(ev["cut_off_day"], "2026-12-31");
    assert_eq!(ev["end_date"], "2026-03-02");
    let log = c.get("/audit").await;
    assert!(
        log.text.contains("settings"),
        "audit log lists the settings changes"
    );
}

/// The event id of a section.
async fn event_of(c: &Client, section: i64) -> i64 {
    c.get(&format!("/api/sections/{section}")).await.json()["section"]["event"]
        .as_i64()
        .unwrap()
}

/// The number of players registered in a section.
async fn player_count(c: &Client, section: i64) -> usize {
    c.get(&format!("/api/sections/{section}")).await.json()["players"]
        .as_array()
        .unwrap()
        .len()
}

/// Registers a player through the API.
async fn add_player(c: &Client, section: i64, body: Value) -> Answer {
    c.post_json(&format!("/api/sections/{section}/players"), body, true)
        .await
}

/// Asserts a 400 answer whose English and German messages start as given.
fn refused(a: &Answer, en: &str, de: &str) {
    assert_eq!(a.status, StatusCode::BAD_REQUEST, "{}", a.text);
    let e = a.json();
    let (got_en, got_de) = (
        e["error"].as_str().unwrap(),
        e["error_de"].as_str().unwrap(),
    );
    assert!(got_en.starts_with(en), "{got_en}");
    assert!(got_de.starts_with(de), "{got_de}");
}

async fn h19_01_rounds_and_numbers_are_bounded_at_input(store: Store) {
    let (c, section) = section_with_players(store, 2).await;
    let event = event_of(&c, section).await;
    let huge = c
        .post_json(
            &format!("/api/events/{event}/sections"),
            json!({"name": "B", "rounds": 4_294_967_295_u32}),
            true,
        )
        .await;
    refused(
        &huge,
        "rounds: expected a whole number from 1 to 99, found `4294967295`",
        "Runden: erwartet eine ganze Zahl von 1 bis 99",
    );
    let csrf = c.csrf.clone().unwrap();
    let form = c
        .post_form(
            &format!("/events/{event}/sections?lang=de"),
            &[("name", "B"), ("rounds", "100"), ("csrf", &csrf)],
            false,
        )
        .await;
    assert_eq!(form.status, StatusCode::BAD_REQUEST);
    assert!(
        form.text
            .contains("Runden: erwartet eine ganze Zahl von 1 bis 99, gefunden `100`"),
        "{}",
        form.text
    );
    let uri = format!("/api/sections/{section}/settings");
    let version = c.get(&uri).await.json()["version"].clone();
    let mut body = json!({
        "version": version, "classes": "", "system": "swiss", "rounds": 4_294_967_295_u32,
        "time_control": "5400+30", "profile": "sjrp", "default_time": 15,
        "scoring": "standard", "tiebreaks": "BH,SB",
    });
    refused(
        &c.put_json(&uri, body.clone()).await,
        "rounds: expected",
        "Runden:",
    );
    body["rounds"] = json!(5);
    body["default_time"] = json!(4_294_967_295_u32);
    refused(
        &c.put_json(&uri, body.clone()).await,
        "default time:",
        "Karenzzeit:",
    );
    for (body, en, de) in [
        (
            json!({"last_name": "Late", "first_round": "4294967295"}),
            "first round: expected a whole number from 1 to 99",
            "erste Runde:",
        ),
        (
            json!({"last_name": "Strong", "elo": "3501"}),
            "Elo: expected a whole number from 0 to 3500",
            "Elo:",
        ),
    ] {
        refused(&add_player(&c, section, body).await, en, de);
    }
    let public = Client {
        app: c.app.clone(),
        cookie: None,
        csrf: None,
    };
    let player = c.get(&format!("/api/sections/{section}")).await.json()["players"][0]["id"]
        .as_i64()
        .unwrap();
    let card = public
        .get(&format!("/sections/{section}/players/{player}"))
        .await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.text);
    assert_eq!(c.get(&uri).await.json()["rounds"], 3, "nothing stored");
}

async fn h19_02_control_characters_are_refused_at_input(store: Store) {
    let (c, section) = section_with_players(store, 2).await;
    let forged = "Eve\n001    9      Forged, Record";
    let api = add_player(&c, section, json!({"last_name": forged})).await;
    refused(
        &api,
        "last name: expected at most 33 characters on one line",
        "Nachname: erwartet höchstens 33 Zeichen in einer Zeile",
    );
    let csrf = c.csrf.clone().unwrap();
    let form = c
        .post_form(
            &format!("/sections/{section}/players"),
            &[
                ("last_name", "Eve"),
                ("first_name", "A\rB"),
                ("csrf", &csrf),
            ],
            false,
        )
        .await;
    assert_eq!(form.status, StatusCode::BAD_REQUEST);
    assert!(form.text.contains("first name: expected"), "{}", form.text);
    let club = add_player(&c, section, json!({"last_name": "Eve", "club": "SK\t1"})).await;
    refused(&club, "club: expected", "Verein: erwartet");
    let ev = c
        .post_json(
            "/api/events",
            json!({"name": "Open\n012 forged", "start_date": "2026-03-01"}),
            true,
        )
        .await;
    refused(&ev, "event name: expected", "Turniername: erwartet");
    let event = event_of(&c, section).await;
    let sec = c
        .post_json(
            &format!("/api/events/{event}/sections"),
            json!({"name": "B\u{7}", "rounds": 5}),
            true,
        )
        .await;
    refused(&sec, "section name: expected", "Gruppenname: erwartet");
    assert_eq!(player_count(&c, section).await, 2, "nothing stored");
    let trf = c.get(&format!("/sections/{section}/export.trf")).await;
    assert_eq!(trf.status, StatusCode::OK, "{}", trf.text);
    let records = trf
        .text
        .split(['\r', '\n'])
        .filter(|l| l.starts_with("001"))
        .count();
    assert_eq!(records, 2, "{}", trf.text);
}

async fn h19_06_values_wider_than_the_trf_columns_are_refused(store: Store) {
    let (c, section) = section_with_players(store, 2).await;
    let long = "N".repeat(200);
    for (field, value, en, de) in [
        ("title", "ABCD", "title: expected a FIDE title", "Titel:"),
        (
            "federation",
            "GERMANY",
            "federation: expected three capital letters",
            "Föderation:",
        ),
        (
            "elo",
            "65535",
            "Elo: expected a whole number from 0 to 3500",
            "Elo:",
        ),
        (
            "fide_id",
            "18446744073709551615",
            "FIDE id: expected a whole number from 0 to 4294967295",
            "FIDE-ID:",
        ),
        (
            "last_name",
            long.as_str(),
            "last name: expected at most 33 characters",
            "Nachname:",
        ),
        (
            "birth",
            "1066-10-14",
            "birth date: expected a date in the years 1900-2099",
            "Geburtsdatum:",
        ),
    ] {
        let mut body = json!({"last_name": "Wide"});
        body[field] = json!(value);
        let a = add_player(&c, section, body).await;
        refused(&a, en, de);
    }
    let ok = add_player(
        &c,
        section,
        json!({"last_name": "Narrow", "title": "wfm", "federation": "ger", "elo": "2100"}),
    )
    .await;
    assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.text);
    let trf = c.get(&format!("/sections/{section}/export.trf")).await;
    assert_eq!(trf.status, StatusCode::OK, "{}", trf.text);
    assert!(trf.text.contains("WFM Narrow"), "{}", trf.text);
    assert!(trf.text.contains("2100 GER"), "{}", trf.text);
}

async fn h19_09_csv_formula_injection_is_neutralised_in_standings_csv(store: Store) {
    let (c, section) = section_with_players(store, 2).await;
    let evil = add_player(
        &c,
        section,
        json!({"last_name": "=HYPERLINK(\"http://x\")", "first_name": "@Eve"}),
    )
    .await;
    assert_eq!(evil.status, StatusCode::CREATED, "{}", evil.text);
    let csv = c.get(&format!("/sections/{section}/standings.csv")).await;
    assert_eq!(csv.status, StatusCode::OK, "{}", csv.text);
    let line = csv
        .text
        .lines()
        .find(|l| l.contains("HYPERLINK"))
        .unwrap_or_else(|| panic!("{}", csv.text));
    assert!(
        line.contains(",\"'=HYPERLINK(\"\"http://x\"\"), @Eve\","),
        "{line}"
    );
    assert!(
        csv.text
            .lines()
            .all(|l| !l.contains(",=") && !l.contains(",\"="))
    );
}

async fn h19_10_trf_import_of_a_web_page_or_empty_file_is_refused(store: Store) {
    let (c, section) = section_with_players(store, 1).await;
    let event = event_of(&c, section).await;
    let csrf = c.csrf.clone().unwrap();
    let long_name = format!(
        "012 {}\nXXR 3\n001    1      Alpha, Anna                       2100\n001    2      Beta, Bert                        2000\n",
        "S".repeat(200)
    );
    for (file, expected) in [
        (
            "<!doctype html>\n<html><body><h1>Login</h1></body></html>\n",
            "this is not a TRF file",
        ),
        ("012 A tournament without players\n", "no player records"),
        ("", "TRF"),
        (
            long_name.as_str(),
            "section name: expected at most 100 characters",
        ),
    ] {
        let a = c
            .post_form(
                &format!("/events/{event}/import"),
                &[("trf", file), ("csrf", &csrf)],
                false,
            )
            .await;
        assert_eq!(a.status, StatusCode::BAD_REQUEST, "{file}: {}", a.text);
        assert!(a.text.contains(expected), "{}", a.text);
    }
    let name = "S".repeat(1000);
    let sec = c
        .post_json(
            &format!("/api/events/{event}/sections"),
            json!({"name": name, "rounds": 5}),
            true,
        )
        .await;
    refused(
        &sec,
        "section name: expected at most 100 characters",
        "Gruppenname:",
    );
    let sections = c.get(&format!("/api/events/{event}")).await.json();
    assert_eq!(
        sections["sections"].as_array().unwrap().len(),
        1,
        "nothing stored"
    );
}

/// The names of the starting-rank list (`GET /api/sections/{id}/players`), checking that
/// `number` counts 1, 2, ... in list order.
async fn starting_ranks(c: &Client, section: i64) -> Vec<String> {
    let list = c.get(&format!("/api/sections/{section}/players")).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.text);
    list.json()
        .as_array()
        .unwrap()
        .iter()
        .zip(1..)
        .map(|(p, n)| {
            assert_eq!(p["number"], n, "{p}");
            p["name"].as_str().unwrap().to_owned()
        })
        .collect()
}

/// The U14 of issue #12: Elo 1278 without DWZ, DWZ 1888 without Elo, one with both, one weak.
async fn u14(store: Store) -> (Client, i64) {
    let (c, section) = section_with_players(store, 0).await;
    for body in [
        json!({"last_name": "Elo", "elo": 1278}),
        json!({"last_name": "Strong", "dwz": "1888"}),
        json!({"last_name": "Both", "dwz": 1500, "elo": 1900}),
        json!({"last_name": "Weak", "dwz": 1000}),
    ] {
        let a = add_player(&c, section, body).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    }
    (c, section)
}

/// Sends a seeding change; returns the answer.
async fn seed(c: &Client, section: i64, body: Value) -> Answer {
    c.post_json(&format!("/api/sections/{section}/seeding"), body, true)
        .await
}

async fn section_version(c: &Client, section: i64) -> i64 {
    c.get(&format!("/api/sections/{section}/settings"))
        .await
        .json()["version"]
        .as_i64()
        .unwrap()
}

async fn h12_03_seeding_rule_reseed_and_moves_before_round_one(store: Store) {
    let (c, section) = u14(store).await;
    assert_eq!(
        starting_ranks(&c, section).await,
        ["Strong", "Both", "Elo", "Weak"],
        "DWZ before Elo by default"
    );
    let list = c
        .get(&format!("/api/sections/{section}/players"))
        .await
        .json();
    assert_eq!(
        (list[0]["dwz"].clone(), list[0]["elo"].clone()),
        (json!(1888), Value::Null)
    );
    let rating = add_player(&c, section, json!({"last_name": "Old", "rating": "1500"})).await;
    assert_eq!(rating.status, StatusCode::BAD_REQUEST, "{}", rating.text);
    assert!(
        rating.text.contains("rating: not a field"),
        "{}",
        rating.text
    );

    let uri = format!("/api/sections/{section}/settings");
    let mut body = c.get(&uri).await.json();
    assert_eq!(body["seeding"], "dwz-elo");
    body["seeding"] = json!("rating");
    let bad = c.put_json(&uri, body.clone()).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.text);
    assert!(bad.text.contains("seeding: `rating`"), "{}", bad.text);
    body["seeding"] = json!("elo-dwz");
    let ok = c.put_json(&uri, body.clone()).await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(
        starting_ranks(&c, section).await,
        ["Both", "Strong", "Elo", "Weak"]
    );

    let list = c
        .get(&format!("/api/sections/{section}/players"))
        .await
        .json();
    let weak = list[3]["id"].as_i64().unwrap();
    let version = section_version(&c, section).await;
    let beyond = seed(
        &c,
        section,
        json!({"version": version, "player": weak, "number": 5}),
    )
    .await;
    assert_eq!(
        beyond.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        beyond.text
    );
    assert!(beyond.text.contains("from 1 to 4"), "{}", beyond.text);
    assert!(
        beyond.text.contains("Startrang von 1 bis 4"),
        "{}",
        beyond.text
    );
    let moved = seed(
        &c,
        section,
        json!({"version": version, "player": weak, "number": 1}),
    )
    .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text);
    assert_eq!(
        starting_ranks(&c, section).await,
        ["Weak", "Both", "Strong", "Elo"]
    );
    let stale = seed(&c, section, json!({"version": version})).await;
    assert_eq!(stale.status, StatusCode::CONFLICT, "{}", stale.text);
    let version = section_version(&c, section).await;
    let reseeded = seed(&c, section, json!({"version": version})).await;
    assert_eq!(reseeded.status, StatusCode::OK, "{}", reseeded.text);
    assert_eq!(
        starting_ranks(&c, section).await,
        ["Both", "Strong", "Elo", "Weak"]
    );
    let audit = c.get("/audit").await.text;
    assert!(
        audit.matches("settings").count() >= 3,
        "move and re-seed are audited"
    );

    let page = c
        .get(&format!("/sections/{section}/starting-ranks?lang=de"))
        .await
        .text;
    assert!(
        page.contains("Setzliste") && page.contains(">Nr.</th>"),
        "{page}"
    );
    // The rule in words, not its code.
    let rule = &page[page.find("seeding-rule").unwrap()..];
    assert!(rule.contains("<strong>Elo, sonst DWZ</strong>"), "{page}");
    assert!(page.find("Both").unwrap() < page.find("Strong").unwrap());
    let link = c.get(&format!("/sections/{section}")).await.text;
    assert!(link.contains(&format!("/sections/{section}/starting-ranks")));

    let paired = c
        .post_json(&format!("/api/sections/{section}/pair"), json!({}), true)
        .await;
    assert_eq!(paired.status, StatusCode::CREATED, "{}", paired.text);
    let version = section_version(&c, section).await;
    for change in [
        json!({"version": version}),
        json!({"version": version, "player": weak, "number": 1}),
    ] {
        let frozen = seed(&c, section, change).await;
        assert_eq!(
            frozen.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            frozen.text
        );
        assert!(
            frozen.text.contains("once round 1 is paired"),
            "{}",
            frozen.text
        );
    }
    let mut body = c.get(&uri).await.json();
    body["seeding"] = json!("dwz-elo");
    let late = c.put_json(&uri, body).await;
    assert_eq!(
        late.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        late.text
    );
    assert_eq!(
        starting_ranks(&c, section).await,
        ["Both", "Strong", "Elo", "Weak"]
    );
}

async fn h12_03_one_pairing_number_in_list_standings_and_trf(store: Store) {
    let (c, section) = u14(store).await;
    // Registration order differs from the starting ranks: Elo registered first is No. 3.
    let names = starting_ranks(&c, section).await;
    let paired = c
        .post_json(&format!("/api/sections/{section}/pair"), json!({}), true)
        .await;
    assert_eq!(paired.status, StatusCode::CREATED, "{}", paired.text);
    let standings = c
        .get(&format!("/api/sections/{section}/standings"))
        .await
        .json();
    let rows = standings["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for r in rows {
        let name = r["name"].as_str().unwrap();
        let number = names.iter().position(|n| n == name).unwrap() + 1;
        assert_eq!(r["tpn"], number, "{name} in the standings");
    }
    let trf = c.get(&format!("/sections/{section}/export.trf")).await.text;
    let lines: Vec<&str> = trf
        .split(['\r', '\n'])
        .filter(|l| l.starts_with("001"))
        .collect();
    assert_eq!(lines.len(), 4, "{trf}");
    for l in lines {
        let number: usize = l[4..8].trim().parse().unwrap();
        assert_eq!(l[14..47].trim(), names[number - 1], "{l}");
    }
    let page = c.get(&format!("/sections/{section}")).await.text;
    assert!(
        page.contains(">No.</th>"),
        "the player list shows the pairing number"
    );
    for (n, name) in names.iter().enumerate() {
        let row = page
            .split("<tr id=\"player-")
            .skip(1)
            .find(|r| r.contains(&format!(">{name}<")))
            .unwrap();
        assert!(
            row.contains(&format!("<td class=\"nr\">{}</td>", n + 1)),
            "{row}"
        );
    }
}

/// The publication time of round 1 as the round page shows it (`TT.MM.JJJJ HH:MM` in German).
async fn published_at(c: &Client, section: i64) -> String {
    let page = c.get(&format!("/sections/{section}/rounds/1")).await.text;
    let at = page
        .split("id=\"published-at\">")
        .nth(1)
        .expect("publication line");
    let at = &at[..at.find("</p>").unwrap()];
    assert!(!at.contains("UTC"), "{at}");
    at.rsplit(' ')
        .take(2)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<Vec<_>>()
        .join(" ")
}

async fn h16_05_publication_times_are_shown_in_the_events_time_zone(store: Store) {
    let (c, section) = section_with_players(store, 4).await;
    let paired = c
        .post_json(&format!("/api/sections/{section}/pair"), json!({}), true)
        .await;
    assert_eq!(paired.status, StatusCode::CREATED, "{}", paired.text);
    let published = c
        .post_json(
            &format!("/api/sections/{section}/rounds/1/publish"),
            json!({}),
            true,
        )
        .await;
    assert_eq!(published.status, StatusCode::OK, "{}", published.text);
    let berlin = published_at(&c, section).await;
    let ev_uri = format!("/api/events/{}/settings", event_of(&c, section).await);
    let ev = c.get(&ev_uri).await.json();
    assert_eq!(ev["time_zone"], "Europe/Berlin");
    let mut change = ev.clone();
    change["time_zone"] = json!("Mars/Olympus");
    let refused = c.put_json(&ev_uri, change.clone()).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.text);
    assert!(refused.text.contains("Mars/Olympus"), "{}", refused.text);
    change["time_zone"] = json!("UTC");
    let done = c.put_json(&ev_uri, change).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.text);
    let utc = published_at(&c, section).await;
    let minutes = |at: &str| {
        let (date, time) = at.split_once(' ').unwrap();
        let date: event::date::Date = date.parse().unwrap();
        let time: event::date::Time = time.parse().unwrap();
        event::date::DateTime { date, time }
    };
    let offset = minutes(&utc).minutes_until(minutes(&berlin));
    assert!(offset == 60 || offset == 120, "Berlin {berlin}, UTC {utc}");
}
