//! Issue #14 item 8: the side events of a championship through the HTML forms, in process
//! (tower `oneshot`) against SQLite and, with `ARBITER_TEST_POSTGRES`, PostgreSQL: a blitz side
//! event from the new-section form's preset (Appendix B, no DWZ, rounds every 20 minutes) and a
//! tandem (bughouse) team section, each with round 1 paired, played and its results in; the
//! refusals of the settings form (SJRP §4.3 default time, §7.7 championship time control).

mod common;

use serde_json::{Value, json};
use store::Store;

store::on_both!(
    "arbiter_side", "sd";
    h14_08_blitz_side_event_through_the_forms,
    h14_08_tandem_through_the_forms,
);

use common::{FormClient as Client, id_in};

/// An admin session and an event (9-11 April 2026).
async fn setup(store: Store) -> (Client, i64) {
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
    (c, event)
}

async fn h14_08_blitz_side_event_through_the_forms(store: Store) {
    let (c, event) = setup(store).await;
    let section = id_in(
        &c.redirected(
            &format!("/events/{event}/sections"),
            &[
                ("name", "U14&U12-Blitzturnier"),
                ("rounds", "7"),
                ("system", "swiss"),
                ("classes", "U14"),
                ("preset", "blitz"),
                ("start", "2026-04-09 14:00"),
            ],
        )
        .await,
    );
    let s = c.json(&format!("/api/sections/{section}/settings")).await;
    assert_eq!(s["time_control"], "300");
    assert_eq!(s["game_type"], "blitz");
    assert_eq!(s["kind"], "side_event");
    assert_eq!(s["default_time"], 0);
    assert_eq!(s["dwz"], false);
    assert_eq!(s["supervision_article"], "Appendix B.4");
    let schedule = s["schedule"].as_str().unwrap();
    assert!(schedule.ends_with("2026-04-09 16:00"), "{schedule}");
    let page = c.get(&format!("/sections/{section}?lang=de")).await.text;
    assert!(page.contains("Blitz (Anhang B)"), "{page}");
    assert!(page.contains("nicht überwacht (Anhang B.4)"));
    assert!(page.contains("Nebenturnier"));
    let settings = c
        .get(&format!("/sections/{section}/settings?lang=de"))
        .await
        .text;
    assert!(settings.contains("(Anhang B.4)"), "{settings}");
    // The settings form: B.4 supervised is stored; §4.3's 15 minutes and a DWZ evaluation are
    // refused for blitz, as is a championship with a blitz time control (§7.7).
    let version = s["version"].to_string();
    let mut form = vec![
        ("version", version.as_str()),
        ("classes", "U14"),
        ("system", "swiss"),
        ("rounds", "7"),
        ("time_control", "300"),
        ("profile", "sjrp"),
        ("default_time", "15"),
        ("scoring", "standard"),
        ("tiebreaks", "sjrp-swiss"),
        ("kind", "side_event"),
        ("supervised", "on"),
        ("schedule", schedule),
    ];
    let refused = c
        .form(&format!("/sections/{section}/settings?lang=de"), &form)
        .await;
    assert!(refused.text.contains("SJRP §4.3"), "{}", refused.text);
    form[6] = ("default_time", "0");
    form[9] = ("kind", "championship");
    let refused = c
        .form(&format!("/sections/{section}/settings"), &form)
        .await;
    assert!(refused.text.contains("SJRP §7.7"), "{}", refused.text);
    form[9] = ("kind", "side_event");
    c.redirected(&format!("/sections/{section}/settings"), &form)
        .await;
    let s = c.json(&format!("/api/sections/{section}/settings")).await;
    assert_eq!(s["supervised"], true);
    assert!(
        c.get(&format!("/sections/{section}?lang=de"))
            .await
            .text
            .contains("überwacht (Anhang B.4)")
    );
    for (last, dwz) in [
        ("Abel", "1700"),
        ("Bauer", "1600"),
        ("Cordes", "1500"),
        ("Dahl", "1400"),
    ] {
        c.redirected(
            &format!("/sections/{section}/players"),
            &[
                ("last_name", last),
                ("first_name", "Kim"),
                ("dwz", dwz),
                ("birth", "2013-05-01"),
            ],
        )
        .await;
    }
    c.redirected(&format!("/sections/{section}/pair"), &[])
        .await;
    c.redirected(&format!("/sections/{section}/rounds/1/publish"), &[])
        .await;
    let round = c.json(&format!("/api/sections/{section}/rounds/1")).await;
    let boards = round["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    for b in boards {
        let game = b["game"].to_string();
        let version = b["version"].to_string();
        c.redirected(
            &format!("/games/{game}/result"),
            &[("result", "1-0"), ("version", &version)],
        )
        .await;
    }
    let table = c.json(&format!("/api/sections/{section}/standings")).await;
    assert_eq!(table["rounds_complete"], 1);
    let rows = table["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.iter().filter(|r| r["points"] == "1").count(), 2);
    // The final documents list the winner as "1. Platz", without a title or DEM place.
    let docs = c.get(&format!("/events/{event}/final?lang=de")).await.text;
    assert!(docs.contains("1. Platz U14&amp;U12-Blitzturnier"), "{docs}");
    assert!(!docs.contains("Meister U14"));
}

async fn h14_08_tandem_through_the_forms(store: Store) {
    let (c, event) = setup(store).await;
    let section = id_in(
        &c.redirected(
            &format!("/events/{event}/team-sections"),
            &[
                ("name", "Tandemturnier"),
                ("rounds", "3"),
                ("competition", "tandem"),
                ("system", "round_robin"),
            ],
        )
        .await,
    );
    for (name, players) in [
        ("Abel/Bauer", "Abel, Kim\nBauer, Ida"),
        ("Cordes/Dahl", "Cordes, Max\nDahl, Lea"),
        ("Engel/Fuchs", "Engel, Tom\nFuchs, Mia"),
        ("Graf/Hahn", "Graf, Ben\nHahn, Ela"),
    ] {
        c.redirected(
            &format!("/sections/{section}/teams"),
            &[("name", name), ("players", players)],
        )
        .await;
    }
    c.redirected(&format!("/sections/{section}/teams/pair"), &[])
        .await;
    let round = c
        .json(&format!("/api/sections/{section}/teams/rounds/1"))
        .await;
    assert_eq!(round["boards"], 2);
    let page = c
        .get(&format!("/sections/{section}/teams/rounds/1?lang=de"))
        .await
        .text;
    assert!(page.contains("ein Tandemkampf endet an beiden Brettern zugleich"));
    let matches = round["matches"].as_array().unwrap();
    let colours: Vec<&Value> = matches[0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| &b["home_colour"])
        .collect();
    assert_eq!(
        colours,
        [&json!("W"), &json!("B")],
        "partners play opposite colours"
    );
    // A split result is refused; one result per match is entered for both boards.
    let first = &matches[0];
    let split = c
        .form(
            &format!("/team-matches/{}/result", first["id"]),
            &[
                ("version", &first["version"].to_string()),
                ("board1", "1-0"),
                ("board2", "0-1"),
            ],
        )
        .await;
    assert!(
        split.text.contains("Ausschreibung, Tandemturnier"),
        "{}",
        split.text
    );
    for (m, result) in matches.iter().zip(["1-0", "½-½"]) {
        c.redirected(
            &format!("/team-matches/{}/result", m["id"]),
            &[("version", &m["version"].to_string()), ("board1", result)],
        )
        .await;
    }
    let round = c
        .json(&format!("/api/sections/{section}/teams/rounds/1"))
        .await;
    assert_eq!(round["complete"], true);
    let won = &round["matches"][0];
    assert_eq!(won["boards"][0]["result"], "1-0");
    assert_eq!(won["boards"][1]["result"], "1-0");
    assert_eq!(won["home_points"], "2");
    assert_eq!(won["home_match_points"], "2");
    let drawn = &round["matches"][1];
    assert_eq!(drawn["boards"][1]["result"], "½-½");
    assert_eq!(drawn["home_match_points"], "1");
}
