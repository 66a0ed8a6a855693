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
}
