//! Issue #18: championship administration through the HTML forms, in process against SQLite
//! and, with `ARBITER_TEST_POSTGRES`, PostgreSQL.
//! - Entries: places added with their basis, fee and day of entry, the entry deadline from the
//!   event settings, a substitute refused until a nominated player withdraws and the director
//!   calls the substitute up (SJRP §7.6), a late entry refused (announcement), and the page
//!   showing each place's state.
//! - Stichkampf (§6.1): a tie for first after the last round set up with the lot's white
//!   player, its games entered, the champion named in the final documents.

mod common;

use axum::http::{StatusCode, header};
use store::Store;

store::on_both!(
    "arbiter_championship", "ch";
    h18_01_substitute_moves_up_after_a_withdrawal_through_the_forms,
    h18_05_stichkampf_decides_a_tie_for_the_title_through_the_forms,
    h18_05_a_team_protest_goes_to_the_federation_after_the_end_through_the_forms,
    h18_02_the_tribunal_is_on_the_public_event_page_without_birth_years,
    h18_06_a_board_ban_refuses_the_registration_through_the_forms,
);

use common::{FormClient as Client, id_in};

/// The entries page's steps.
trait Entries {
    async fn version(&self, event: i64) -> String;
    async fn place(&self, event: i64, action: &str, n: &str) -> common::Answer;
    async fn register(&self, section: i64, last: &str) -> common::Answer;
}

impl Entries for Client {
    /// The event's version as the entries API reports it.
    async fn version(&self, event: i64) -> String {
        self.json(&format!("/api/events/{event}/entries")).await["version"].to_string()
    }

    /// A change of place `n` on the entries page.
    async fn place(&self, event: i64, action: &str, n: &str) -> common::Answer {
        let version = self.version(event).await;
        let uri = format!("/events/{event}/entries/{action}?lang=de");
        self.form(&uri, &[("version", &version), ("place", n)])
            .await
    }

    /// Registers `last` (born 2012) in the U14 section; the answer.
    async fn register(&self, section: i64, last: &str) -> common::Answer {
        let uri = format!("/sections/{section}/players?lang=de");
        let fields = [
            ("last_name", last),
            ("first_name", "Kim"),
            ("birth", "2012-05-01"),
            ("class", "U14"),
        ];
        self.form(&uri, &fields).await
    }
}

/// An admin session and the event RLP-EM 2026 with a 7-round U14 section.
async fn setup(store: Store) -> (Client, i64, i64) {
    setup_rounds(store, "7").await
}

async fn setup_rounds(store: Store, rounds: &str) -> (Client, i64, i64) {
    let c = Client::admin(store).await;
    let event = id_in(
        &c.redirected(
            "/events",
            &[
                ("name", "RLP-EM 2026"),
                ("place", "Pirmasens"),
                ("start_date", "2026-04-07"),
            ],
        )
        .await,
    );
    let section = id_in(
        &c.redirected(
            &format!("/events/{event}/sections"),
            &[
                ("name", "U14"),
                ("rounds", rounds),
                ("system", "swiss"),
                ("classes", "U14"),
            ],
        )
        .await,
    );
    (c, event, section)
}

async fn h18_01_substitute_moves_up_after_a_withdrawal_through_the_forms(store: Store) {
    let (c, event, section) = setup(store).await;
    let version = c.version(event).await;
    let lines = "Nominiert, Kim, 2012, U14, 240 €, angemeldet 01.02.2026, bezahlt 02.02.2026\n\
                 Erste, Kim, 2012, U14, Nachrücker 1, angemeldet 03.02.2026\n\
                 Spät, Kim, 2012, U14, angemeldet 10.02.2026";
    c.redirected(
        &format!("/events/{event}/entries"),
        &[("version", &version), ("lines", lines)],
    )
    .await;
    let version = c.version(event).await;
    c.redirected(
        &format!("/events/{event}/settings"),
        &[
            ("version", &version),
            ("name", "RLP-EM 2026"),
            ("place", "Pirmasens"),
            ("start_date", "2026-04-07"),
            ("end_date", "2026-04-11"),
            ("entry_deadline", "2026-02-05"),
        ],
    )
    .await;
    let api = c.json(&format!("/api/events/{event}/entries")).await;
    assert_eq!(api["entry_deadline"], "2026-02-05");
    assert_eq!(api["places"][1]["basis"]["substitute"]["rank"], 1);

    // The substitute waits: refused with §7.6, and cannot be called up before a withdrawal.
    let refused = c.register(section, "Erste").await;
    assert_ne!(refused.status, StatusCode::SEE_OTHER);
    assert!(refused.text.contains("SJRP §7.6"), "{}", refused.text);
    let refused = c.place(event, "call-up", "2").await;
    assert!(refused.text.contains("kein Platz frei"), "{}", refused.text);
    assert!(refused.text.contains("SJRP §7.6"));

    // The nominated player withdraws; the list points at the substitute; the director calls
    // her up and she is registered.
    let withdrawn = c.place(event, "withdraw", "1").await;
    assert_eq!(
        withdrawn.status,
        StatusCode::SEE_OTHER,
        "{}",
        withdrawn.text
    );
    let location = withdrawn.headers[header::LOCATION].to_str().unwrap();
    assert!(location.ends_with("#place-2"), "{location}");
    let page = c
        .get(&format!("/events/{event}/entries?lang=de"))
        .await
        .text;
    assert!(page.contains("als Nächster abzurufen"), "{page}");
    let called = c.place(event, "call-up", "2").await;
    assert_eq!(called.status, StatusCode::SEE_OTHER, "{}", called.text);
    assert_eq!(
        c.register(section, "Erste").await.status,
        StatusCode::SEE_OTHER
    );
    let gone = c.register(section, "Nominiert").await;
    assert!(gone.text.contains("abgesagt"), "{}", gone.text);

    // Entered after the deadline: refused with the announcement's deadline.
    let late = c.register(section, "Spät").await;
    assert!(
        late.text.contains("Anmeldeschluss 05.02.2026"),
        "{}",
        late.text
    );

    let page = c
        .get(&format!("/events/{event}/entries?lang=de"))
        .await
        .text;
    for shown in [
        "Anmeldeschluss: <strong id=\"entries-deadline\">05.02.2026",
        "abgerufen",
        "abgesagt",
        "verspätet",
        "gemeldet in U14",
        "240 €",
    ] {
        assert!(page.contains(shown), "{shown} missing");
    }
    let again = c.place(event, "withdraw", "1").await;
    assert!(again.text.contains("schon abgesagt"), "{}", again.text);
    let audit = c.get("/audit?lang=de").await.text;
    assert!(
        audit.contains("Anmeldung"),
        "the audit names the entry changes"
    );
}

async fn h18_05_stichkampf_decides_a_tie_for_the_title_through_the_forms(store: Store) {
    let (c, event, section) = setup_rounds(store, "1").await;
    for last in ["Abel", "Bauer"] {
        assert_eq!(
            c.register(section, last).await.status,
            StatusCode::SEE_OTHER
        );
    }
    let final_uri = format!("/events/{event}/final?lang=de");
    c.redirected(&format!("/sections/{section}/pair"), &[])
        .await;
    let version = c.json(&format!("/api/sections/{section}/settings")).await["version"].to_string();
    let refused = c
        .form(
            &format!("/sections/{section}/stichkampf?lang=de"),
            &[
                ("version", &version),
                ("class", "U14"),
                ("white_first", "1"),
            ],
        )
        .await;
    assert!(
        refused.text.contains("nach der letzten Runde"),
        "{}",
        refused.text
    );
    c.redirected(&format!("/sections/{section}/rounds/1/publish"), &[])
        .await;
    let round = c.json(&format!("/api/sections/{section}/rounds/1")).await;
    let board = &round["boards"][0];
    c.redirected(
        &format!("/games/{}/result", board["game"]),
        &[
            ("result", "1/2-1/2"),
            ("version", &board["version"].to_string()),
        ],
    )
    .await;
    // A draw in the only round: the two share first place after every tie-break.
    let page = c.get(&final_uri).await.text;
    assert!(page.contains("Stichkampf offen"), "{page}");
    assert!(page.contains("Stichkampf ansetzen"));
    let api = c.json(&format!("/api/events/{event}/final")).await;
    let tie = &api["sections"][0]["honours"]["classes"][0]["open_tie"];
    let bauer = tie
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Bauer, Kim")
        .unwrap()["player"]
        .to_string();
    let version = api["sections"][0]["version"].to_string();
    c.redirected(
        &format!("/sections/{section}/stichkampf"),
        &[
            ("version", &version),
            ("class", "U14"),
            ("white_first", &bauer),
        ],
    )
    .await;
    let page = c.get(&final_uri).await.text;
    assert!(
        page.contains("Partie 1 (20 Min.): <strong>Bauer, Kim – Abel, Kim</strong>"),
        "{page}"
    );
    // Game 1: Bauer wins with white; game 2 (colours reversed): Bauer wins with black.
    for result in ["1-0", "0-1"] {
        let api = c.json(&format!("/api/events/{event}/final")).await;
        let version = api["sections"][0]["version"].to_string();
        c.redirected(
            &format!("/sections/{section}/stichkampf/result"),
            &[("version", &version), ("playoff", "1"), ("result", result)],
        )
        .await;
    }
    let api = c.json(&format!("/api/events/{event}/final")).await;
    let u14 = &api["sections"][0]["honours"]["classes"][0];
    assert_eq!(u14["champion"]["name"], "Bauer, Kim");
    assert_eq!(u14["ranking"][1]["place"], 2);
    let page = c.get(&final_uri).await.text;
    assert!(
        page.contains("Entschieden: Bauer, Kim · Abel, Kim"),
        "{page}"
    );
    assert!(!page.contains("Stichkampf offen"));
    let version = api["sections"][0]["version"].to_string();
    let decided = c
        .form(
            &format!("/sections/{section}/stichkampf/result?lang=de"),
            &[("version", &version), ("playoff", "1"), ("result", "1-0")],
        )
        .await;
    assert!(decided.text.contains("§6.1"), "{}", decided.text);
    // The report the federation receives: the champion with the title, the paragraph, no
    // "provisional" note once every round is in, a line for the signature.
    let report = c.get(&format!("/events/{event}/dem?lang=de")).await;
    assert_eq!(report.status, StatusCode::OK);
    let row = report
        .text
        .split("class=\"dem-U14\"")
        .nth(1)
        .unwrap_or_default();
    assert!(
        row.contains("Bauer, Kim") && row.contains("Meister"),
        "{}",
        report.text
    );
    assert!(report.text.contains("SJRP §6.4"));
    assert!(!report.text.contains("id=\"dem-incomplete\""));
    assert!(report.text.contains("Turnierleitung"));
}

/// A one-round team Swiss of two teams played today through the service; the event and
/// the section.
async fn team_championship(c: &Client, store: &Store) -> (i64, i64) {
    let today = event::date::Zone::default().local(store::unix_now()).date;
    let event = id_in(
        &c.redirected(
            "/events",
            &[
                ("name", "RLP-MM U16"),
                ("place", "Alzey"),
                ("start_date", &today.to_string()),
            ],
        )
        .await,
    );
    let service = service::Service::new(store.clone());
    let new = serde_json::from_value(serde_json::json!({
        "name": "U16 Mannschaft", "rounds": 1, "competition": "club_u16", "system": "swiss"
    }))
    .unwrap();
    let s = service
        .create_team_section(None, event, &new)
        .await
        .unwrap();
    for name in ["Alpha", "Bravo"] {
        let players: Vec<String> = (0..4)
            .map(|i| format!("{name}{i}, P; {}", 1600 - 50 * i))
            .collect();
        let team = serde_json::from_value(
            serde_json::json!({ "name": name, "players": players.join("\n") }),
        )
        .unwrap();
        service.register_team(None, s, &team).await.unwrap();
    }
    service.pair_team_round(None, s).await.unwrap();
    service.publish_team_round(None, s, 1).await.unwrap();
    let ts = service.team_section(s).await.unwrap();
    let (m, _) = &ts.matches[0];
    let doc = service::teams::MatchDoc {
        boards: vec![service::teams::BoardResult::Draw; 4],
        forfeit: None,
    };
    service
        .enter_match_result(None, true, m.id, &doc, m.version)
        .await
        .unwrap();
    (event, s)
}

async fn h18_05_a_team_protest_goes_to_the_federation_after_the_end_through_the_forms(
    store: Store,
) {
    let c = Client::admin(store.clone()).await;
    let (event, section) = team_championship(&c, &store).await;
    let version = |v: serde_json::Value| v["version"].to_string();
    let api = format!("/api/events/{event}/entries");
    let v = version(c.json(&api).await);
    let s = section.to_string();
    c.redirected(
        &format!("/events/{event}/protests"),
        &[
            ("version", &v),
            ("section", &s),
            ("round", "1"),
            ("board", "1"),
            ("by", "Kaya, Elif"),
            ("role", "captain"),
            ("club", "SC Alpha"),
            ("subject", "Uhr falsch gestellt"),
        ],
    )
    .await;
    let v = version(c.json(&api).await);
    c.redirected(
        &format!("/events/{event}/protests/1/decision"),
        &[("version", &v), ("text", "Uhr war korrekt gestellt")],
    )
    .await;
    let page = c
        .get(&format!("/events/{event}/proceedings?lang=de"))
        .await
        .text;
    assert!(page.contains("ohne örtliches Turniergericht"), "{page}");
    assert!(page.contains("id=\"directed-1\""), "§21.3.1 choice offered");
    let v = version(c.json(&api).await);
    c.redirected(
        &format!("/events/{event}/protests/1/appeal"),
        &[("version", &v), ("in_writing", "on")],
    )
    .await;
    let page = c
        .get(&format!("/events/{event}/proceedings?lang=de"))
        .await
        .text;
    assert!(
        page.contains("Spielleiter für Mannschaftsturniere"),
        "{page}"
    );
    assert!(page.contains("SJRP §21.2.10"));
    assert!(page.contains("Gebühr noch nicht bezahlt, fällig bis"));
    let v = version(c.json(&api).await);
    let early = c
        .form(
            &format!("/events/{event}/protests/1/appeal/decision?lang=de"),
            &[("version", &v), ("text", "x")],
        )
        .await;
    assert!(early.text.contains("SJRP §21.2.8"), "{}", early.text);
    c.redirected(
        &format!("/events/{event}/protests/1/appeal/fee"),
        &[("version", &v)],
    )
    .await;
    let v = version(c.json(&api).await);
    c.redirected(
        &format!("/events/{event}/protests/1/appeal/decision"),
        &[("version", &v), ("text", "Widerspruch zurückgewiesen")],
    )
    .await;
    let page = c
        .get(&format!("/events/{event}/proceedings?lang=de"))
        .await
        .text;
    assert!(
        page.contains("id=\"further-1\""),
        "further appeal offered: {page}"
    );
    let record = c.json(&format!("/api/events/{event}/proceedings")).await;
    let appeal = &record["protests"][0]["appeal"];
    assert_eq!(appeal["instance"], "spielleiter");
    assert_eq!(record["protests"][0]["procedure"], "federation");
    let en = c
        .get(&format!("/events/{event}/proceedings?lang=en"))
        .await
        .text;
    assert!(en.contains("Further appeal to the Schiedsgericht"), "{en}");
}

async fn h18_02_the_tribunal_is_on_the_public_event_page_without_birth_years(store: Store) {
    let (c, event, section) = setup(store.clone()).await;
    let api = format!("/api/events/{event}/entries");
    let v = c.json(&api).await["version"].to_string();
    c.redirected(
        &format!("/events/{event}/tribunals"),
        &[
            ("version", &v),
            ("sections", "U14"),
            (
                "members",
                "Arndt, Ida, SC Mainz, 2009\nBode, Jan, SV Worms\nCord, Uwe, SK Landau",
            ),
            ("substitutes", "Dorn, Eva, SC Speyer\nEck, Tom, SF Bingen"),
        ],
    )
    .await;
    let _ = section;
    let public = common::send(
        &c.app,
        common::json_request("GET", &format!("/events/{event}?lang=de"), None, None),
    )
    .await;
    assert_eq!(public.status, StatusCode::OK);
    assert!(
        public.text.contains("Arndt, Ida (SC Mainz)"),
        "{}",
        public.text
    );
    assert!(public.text.contains("Eck, Tom (SF Bingen)"));
    assert!(
        !public.text.contains("2009"),
        "no birth year of a youth member in public"
    );
    assert!(
        !public.text.contains("link-proceedings"),
        "the proceedings stay with the directors"
    );
}

async fn h18_06_a_board_ban_refuses_the_registration_through_the_forms(store: Store) {
    let (c, _event, section) = setup(store).await;
    let version = c.json("/api/board").await;
    assert_eq!(version["sanctions"], serde_json::json!([]));
    let page = c.get("/board?lang=de").await.text;
    let v = page
        .split("name=\"version\" value=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap()
        .to_owned();
    c.redirected(
        "/board",
        &[
            ("version", &v),
            ("kind", "player"),
            ("name", "Gesperrt, Kim"),
            ("birth_year", "2012"),
            ("measure", "ban"),
            ("from", "2026-01-01"),
            ("until", "2026-12-31"),
            ("decided", "2025-12-15"),
            ("reason", "wiederholte Beleidigung"),
        ],
    )
    .await;
    let page = c.get("/board?lang=de").await.text;
    assert!(
        page.contains(
            "Sperre für sämtliche Veranstaltungen der SJRP vom 01.01.2026 bis 31.12.2026"
        ),
        "{page}"
    );
    let refused = c.register(section, "Gesperrt").await;
    assert_ne!(refused.status, StatusCode::SEE_OTHER);
    assert!(refused.text.contains("SJRP §20.2"), "{}", refused.text);
    assert_eq!(
        c.register(section, "Frei").await.status,
        StatusCode::SEE_OTHER
    );
    let api = c.json("/api/board").await;
    assert_eq!(api["sanctions"][0]["measure"]["measure"], "ban");
}
