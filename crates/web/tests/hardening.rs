//! Issue #19 (hardening) of what the public sees and of concurrent writes: the router on a real
//! store (SQLite file and PostgreSQL), many clients as tokio tasks, every run bounded by a
//! deadline.

mod common;

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use store::Store;
use tokio::time::{Instant, timeout};

store::on_both!(
    "arbiter_h19", "h19";
    h19_03_public_outputs_never_show_the_preview_round,
    h19_07_public_sees_birth_years_only,
    h19_04_parallel_registrations_all_succeed,
    h19_04_parallel_team_registrations_all_succeed,
    h19_05_registration_during_pairing_is_never_left_out,
    h19_04_concurrent_clients_get_no_500_and_lose_nothing,
);

/// Every scenario ends within this time or fails.
const LIMIT: Duration = Duration::from_secs(120);

/// A client: the router, and the session cookie and CSRF token once logged in.
#[derive(Clone)]
struct Client {
    app: Router,
    session: Option<(String, String)>,
}

impl Client {
    /// Sends a request; JSON bodies as JSON. Returns status and body text.
    async fn call(&self, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, String) {
        let req = common::json_request(method, uri, self.session.as_ref(), body.as_ref());
        let a = common::send(&self.app, req).await;
        (a.status, a.text)
    }

    /// A call that must succeed; its JSON answer.
    async fn ok(&self, method: &str, uri: &str, body: Option<Value>) -> Value {
        let (status, text) = self.call(method, uri, body).await;
        assert!(status.is_success(), "{method} {uri}: {status} {text}");
        serde_json::from_str(&text).unwrap_or(Value::Null)
    }

    /// The public (no session) view of the same service.
    fn public(&self) -> Client {
        Client {
            app: self.app.clone(),
            session: None,
        }
    }
}

/// The admin logged in on a fresh service.
async fn admin(store: Store) -> Client {
    let (_, password) = web::first_start(&store).await.unwrap().unwrap();
    let app = web::router(web::AppState::new(store));
    let (cookie, csrf) = common::login(&app, "admin", &password).await;
    Client {
        app,
        session: Some((cookie, csrf)),
    }
}

/// An event with a Swiss section of `rounds` rounds; returns the event and section ids.
async fn section(c: &Client, rounds: u32) -> (i64, i64) {
    let event = c
        .ok(
            "POST",
            "/api/events",
            Some(json!({"name": "Open", "place": "Mainz", "start_date": "2026-03-01"})),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    let section = c
        .ok(
            "POST",
            &format!("/api/events/{event}/sections"),
            Some(json!({"name": "A", "rounds": rounds, "system": "swiss"})),
        )
        .await["id"]
        .as_i64()
        .unwrap();
    (event, section)
}

/// Registers player `i` (rating falling with `i`); the answer's status and text.
async fn register(c: &Client, section: i64, i: usize, birth: &str) -> (StatusCode, String) {
    c.call(
        "POST",
        &format!("/api/sections/{section}/players"),
        Some(json!({"last_name": format!("Player{i}"), "first_name": "T",
                    "elo": (2400 - 10 * i).to_string(), "birth": birth})),
    )
    .await
}

/// Pairs and publishes the next round; returns its number.
async fn pair_and_publish(c: &Client, section: i64) -> i64 {
    let n = c
        .ok("POST", &format!("/api/sections/{section}/pair"), None)
        .await["round"]
        .as_i64()
        .unwrap();
    c.ok(
        "POST",
        &format!("/api/sections/{section}/rounds/{n}/publish"),
        None,
    )
    .await;
    n
}

/// Enters `1-0` on every pending board of round `n`.
async fn finish_round(c: &Client, section: i64, n: i64) {
    let round = c
        .ok("GET", &format!("/api/sections/{section}/rounds/{n}"), None)
        .await;
    for b in round["boards"].as_array().unwrap() {
        if b["black"].is_null() || b["result"] != "*" {
            continue;
        }
        c.ok(
            "POST",
            &format!("/api/games/{}/result", b["game"]),
            Some(json!({"result": "1-0", "version": b["version"]})),
        )
        .await;
    }
}

async fn h19_03_public_outputs_never_show_the_preview_round(store: Store) {
    timeout(LIMIT, async {
        let c = admin(store).await;
        let (_, section) = section(&c, 3).await;
        for i in 0..5 {
            register(&c, section, i, "").await;
        }
        let one = pair_and_publish(&c, section).await;
        finish_round(&c, section, one).await;
        let players: Vec<i64> =
            c.ok("GET", &format!("/api/sections/{section}"), None).await["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["id"].as_i64().unwrap())
                .collect();
        let mut urls: Vec<String> = [
            "",
            "/standings",
            "/crosstable",
            "/export.trf",
            "/standings.csv",
            "/export.pgn",
            "/rounds/2",
        ]
        .iter()
        .map(|u| format!("/sections/{section}{u}"))
        .collect();
        for u in [
            "",
            "/standings",
            "/export/trf",
            "/export/csv",
            "/pgn",
            "/rounds/2",
        ] {
            urls.push(format!("/api/sections/{section}{u}"));
        }
        for p in &players {
            urls.push(format!("/sections/{section}/players/{p}"));
            urls.push(format!("/api/sections/{section}/players/{p}"));
        }
        let public = c.public();
        let mut before = Vec::new();
        for u in &urls {
            before.push(public.call("GET", u, None).await);
        }
        // Round 2 paired but not published: five players, so one has a pairing-allocated bye
        // that would count a point.
        c.ok("POST", &format!("/api/sections/{section}/pair"), None)
            .await;
        for (u, was) in urls.iter().zip(&before) {
            assert_eq!(
                &public.call("GET", u, None).await,
                was,
                "{u} shows the unpublished round"
            );
        }
        let preview = format!("/api/sections/{section}/rounds/2");
        let arbiter = c.call("GET", &preview, None).await;
        assert_eq!(arbiter.0, StatusCode::OK, "arbiters see the preview");
        let (_, trf) = c
            .call("GET", &format!("/sections/{section}/export.trf"), None)
            .await;
        assert_ne!(trf, before[3].1, "the arbiters' TRF has the preview");
    })
    .await
    .expect("within the time limit");
}

async fn h19_07_public_sees_birth_years_only(store: Store) {
    timeout(LIMIT, async {
        let c = admin(store).await;
        let (event, section) = section(&c, 3).await;
        register(&c, section, 0, "2014-05-31").await;
        register(&c, section, 1, "2013-01-02").await;
        let public = c.public();
        let pages = [
            format!("/api/sections/{section}"),
            format!("/sections/{section}"),
            format!("/sections/{section}/export.trf"),
            format!("/api/sections/{section}/export/trf"),
        ];
        for u in &pages {
            let (status, text) = public.call("GET", u, None).await;
            assert_eq!(status, StatusCode::OK, "{u}");
            for full in [
                "2014-05-31",
                "2014/05/31",
                "31.05.2014",
                "2013-01-02",
                "2013/01/02",
            ] {
                assert!(!text.contains(full), "{u} shows the birth date {full}");
            }
            assert!(text.contains("2014"), "{u} shows the birth year");
        }
        let (_, trf) = public.call("GET", &pages[2], None).await;
        assert!(trf.contains("2014/00/00"), "{trf}");
        let (_, full) = c.call("GET", &pages[2], None).await;
        assert!(
            full.contains("2014/05/31"),
            "arbiters get the full date: {full}"
        );
        let api = c.ok("GET", &format!("/api/sections/{section}"), None).await;
        assert_eq!(api["players"][0]["birth_date"], "2014-05-31");
        let settings = c
            .ok("GET", &format!("/api/events/{event}/settings"), None)
            .await;
        assert_eq!(settings["public_birth"], "year");
        let mut change = settings.clone();
        change["public_birth"] = json!("none");
        c.ok(
            "PUT",
            &format!("/api/events/{event}/settings"),
            Some(change),
        )
        .await;
        for u in &pages {
            let (_, text) = public.call("GET", u, None).await;
            assert!(
                !text.contains("2014"),
                "{u} shows no birth year when set to none"
            );
        }
    })
    .await
    .expect("within the time limit");
}

async fn h19_04_parallel_registrations_all_succeed(store: Store) {
    timeout(LIMIT, async {
        let c = admin(store).await;
        let (_, section) = section(&c, 5).await;
        let tasks: Vec<_> = (0..20)
            .map(|i| {
                let c = c.clone();
                tokio::spawn(async move { register(&c, section, i, "").await })
            })
            .collect();
        for t in tasks {
            let (status, text) = t.await.unwrap();
            assert_eq!(status, StatusCode::CREATED, "{text}");
        }
        let s = c.ok("GET", &format!("/api/sections/{section}"), None).await;
        let mut numbers: Vec<i64> = s["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["number"].as_i64().unwrap())
            .collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=20).collect::<Vec<_>>());
    })
    .await
    .expect("within the time limit");
}

async fn h19_04_parallel_team_registrations_all_succeed(store: Store) {
    timeout(LIMIT, async {
        let c = admin(store).await;
        let (event, _) = section(&c, 3).await;
        let teams = c
            .ok(
                "POST",
                &format!("/api/events/{event}/team-sections"),
                Some(
                    json!({"name": "4er", "rounds": 9, "competition": "club_u16",
                            "system": "round_robin"}),
                ),
            )
            .await["id"]
            .as_i64()
            .unwrap();
        let tasks: Vec<_> = (0..10)
            .map(|t| {
                let c = c.clone();
                let players: Vec<String> = (0..4)
                    .map(|i| format!("Team{t}Player{i}, P; 1500"))
                    .collect();
                tokio::spawn(async move {
                    c.call(
                        "POST",
                        &format!("/api/sections/{teams}/teams"),
                        Some(json!({"name": format!("Team {t}"), "players": players.join("\n")})),
                    )
                    .await
                })
            })
            .collect();
        for t in tasks {
            let (status, text) = t.await.unwrap();
            assert_eq!(status, StatusCode::CREATED, "{text}");
        }
        let view = c
            .ok("GET", &format!("/api/sections/{teams}/teams"), None)
            .await;
        let mut numbers: Vec<i64> = view["teams"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["number"].as_i64().unwrap())
            .collect();
        numbers.sort_unstable();
        assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
    })
    .await
    .expect("within the time limit");
}

/// Every registered player has a board or a bye in every stored round from the first round
/// the registration was acknowledged with.
async fn assert_nobody_left_out(c: &Client, section: i64) {
    let s = c.ok("GET", &format!("/api/sections/{section}"), None).await;
    for r in s["rounds"].as_array().unwrap() {
        let n = r["number"].as_i64().unwrap();
        let round = c
            .ok("GET", &format!("/api/sections/{section}/rounds/{n}"), None)
            .await;
        let seated: Vec<i64> = round["boards"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|b| [b["white"].as_i64(), b["black"].as_i64()])
            .flatten()
            .collect();
        for p in s["players"].as_array().unwrap() {
            if p["first_round"].as_i64().unwrap() <= n && p["withdrawn_after"].is_null() {
                assert!(
                    seated.contains(&p["id"].as_i64().unwrap()),
                    "{} (from round {}) is not in round {n}",
                    p["name"],
                    p["first_round"]
                );
            }
        }
    }
}

async fn h19_05_registration_during_pairing_is_never_left_out(store: Store) {
    timeout(LIMIT, async {
        let c = admin(store).await;
        for trial in 0..12 {
            let (_, section) = section(&c, 3).await;
            for i in 0..4 {
                register(&c, section, i, "").await;
            }
            let one = pair_and_publish(&c, section).await;
            finish_round(&c, section, one).await;
            let (pairer, registrar) = (c.clone(), c.clone());
            let pairing = tokio::spawn(async move {
                pairer
                    .call("POST", &format!("/api/sections/{section}/pair"), None)
                    .await
            });
            let entry = tokio::spawn(async move { register(&registrar, section, 9, "").await });
            let (paired, registered) = (pairing.await.unwrap(), entry.await.unwrap());
            assert!(paired.0.is_success(), "trial {trial}: {paired:?}");
            assert_eq!(registered.0, StatusCode::CREATED, "trial {trial}");
            assert_nobody_left_out(&c, section).await;
        }
    })
    .await
    .expect("within the time limit");
}

/// What the clients of the concurrency test were told: acknowledged players and results.
#[derive(Default)]
struct Acknowledged {
    players: Vec<i64>,
    /// Game id to (version, result) of the latest acknowledged entry.
    results: HashMap<i64, (i64, String)>,
    statuses: BTreeMap<u16, usize>,
}

/// One client's loop until `deadline`: register, pair, publish or enter a result, by turns.
async fn client_loop(c: Client, section: i64, me: usize, deadline: Instant) -> Acknowledged {
    let mut ack = Acknowledged::default();
    let mut step = me;
    while Instant::now() < deadline {
        step += 1;
        let (status, text) = match step % 8 {
            0 => {
                let answer = register(&c, section, 100 + step, "").await;
                if answer.0 == StatusCode::CREATED {
                    let v: Value = serde_json::from_str(&answer.1).unwrap();
                    ack.players.push(v["id"].as_i64().unwrap());
                }
                answer
            }
            1 | 5 => {
                c.call("POST", &format!("/api/sections/{section}/pair"), None)
                    .await
            }
            2 | 6 => {
                let s = c.ok("GET", &format!("/api/sections/{section}"), None).await;
                let last = s["rounds"].as_array().unwrap().last().cloned();
                match last.filter(|r| r["published"] == json!(false)) {
                    Some(r) => {
                        let uri = format!("/api/sections/{section}/rounds/{}/publish", r["number"]);
                        c.call("POST", &uri, None).await
                    }
                    None => continue,
                }
            }
            _ => {
                let s = c.ok("GET", &format!("/api/sections/{section}"), None).await;
                let Some(n) = s["rounds"]
                    .as_array()
                    .unwrap()
                    .last()
                    .map(|r| r["number"].clone())
                else {
                    continue;
                };
                let round = c
                    .ok("GET", &format!("/api/sections/{section}/rounds/{n}"), None)
                    .await;
                let pending = round["boards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|b| !b["black"].is_null() && b["result"] == "*")
                    .cloned();
                let Some(b) = pending.filter(|_| round["published"] == json!(true)) else {
                    continue;
                };
                let result = ["1-0", "0-1", "1/2-1/2"][step % 3];
                let game = b["game"].as_i64().unwrap();
                let answer = c
                    .call(
                        "POST",
                        &format!("/api/games/{game}/result"),
                        Some(json!({"result": result, "version": b["version"]})),
                    )
                    .await;
                if answer.0 == StatusCode::OK {
                    let v: Value = serde_json::from_str(&answer.1).unwrap();
                    let version = v["version"].as_i64().unwrap();
                    let e = ack.results.entry(game).or_insert((version, result.into()));
                    if e.0 <= version {
                        *e = (version, result.into());
                    }
                }
                answer
            }
        };
        assert!(status.as_u16() < 500, "{status}: {text}");
        *ack.statuses.entry(status.as_u16()).or_default() += 1;
    }
    ack
}

/// Points in half-points of a result for white and black.
fn halves(result: &str) -> (u32, u32) {
    match result {
        "1-0" | "+-" => (2, 0),
        "0-1" | "-+" => (0, 2),
        "1/2-1/2" => (1, 1),
        _ => (0, 0),
    }
}

async fn h19_04_concurrent_clients_get_no_500_and_lose_nothing(store: Store) {
    timeout(LIMIT, async {
        let c = admin(store).await;
        let (_, section) = section(&c, 30).await;
        for i in 0..6 {
            register(&c, section, i, "").await;
        }
        let deadline = Instant::now() + Duration::from_secs(4);
        let tasks: Vec<_> = (0..20)
            .map(|me| tokio::spawn(client_loop(c.clone(), section, me, deadline)))
            .collect();
        let mut all = Acknowledged::default();
        for t in tasks {
            let ack = t.await.unwrap();
            all.players.extend(ack.players);
            for (game, (version, result)) in ack.results {
                let e = all.results.entry(game).or_insert((version, result.clone()));
                if e.0 <= version {
                    *e = (version, result);
                }
            }
            for (status, n) in ack.statuses {
                *all.statuses.entry(status).or_default() += n;
            }
        }
        assert!(all.statuses.keys().all(|&s| s < 500), "{:?}", all.statuses);
        assert!(all.statuses.contains_key(&201), "{:?}", all.statuses);
        assert!(
            !all.results.is_empty(),
            "no result was entered: {:?}",
            all.statuses
        );
        eprintln!("answers by status: {:?}", all.statuses);
        let s = c.ok("GET", &format!("/api/sections/{section}"), None).await;
        let stored: Vec<i64> = s["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_i64().unwrap())
            .collect();
        for p in &all.players {
            assert!(stored.contains(p), "acknowledged player {p} is lost");
        }
        assert_nobody_left_out(&c, section).await;
        // Every acknowledged result stands, and the standings add up the results.
        let mut points: HashMap<i64, u32> = HashMap::new();
        let rounds = s["rounds"].as_array().unwrap();
        eprintln!("rounds paired: {}", rounds.len());
        // The standings count the complete rounds only (`Section::rounds_complete`): the
        // published rounds up to the first with a game still pending; how far the clients got
        // depends on timing.
        for r in rounds.iter().filter(|r| r["published"] == json!(true)) {
            let round = c
                .ok(
                    "GET",
                    &format!("/api/sections/{section}/rounds/{}", r["number"]),
                    None,
                )
                .await;
            let boards = round["boards"].as_array().unwrap();
            if boards
                .iter()
                .any(|b| !b["black"].is_null() && b["result"] == json!("*"))
            {
                for b in boards {
                    let game = b["game"].as_i64().unwrap();
                    if let Some((_, acked)) = all.results.get(&game) {
                        assert_eq!(
                            b["result"].as_str().unwrap(),
                            acked,
                            "game {game}: acknowledged result lost"
                        );
                    }
                }
                break;
            }
            for b in boards {
                let game = b["game"].as_i64().unwrap();
                let result = b["result"].as_str().unwrap();
                if let Some((_, acked)) = all.results.get(&game) {
                    assert_eq!(result, acked, "game {game}: acknowledged result lost");
                }
                let white = b["white"].as_i64().unwrap();
                match b["black"].as_i64() {
                    Some(black) => {
                        let (w, bl) = halves(result);
                        *points.entry(white).or_default() += w;
                        *points.entry(black).or_default() += bl;
                    }
                    None => {
                        let bye = match result {
                            "bye" | "bye-1" => 2,
                            "bye-1/2" => 1,
                            _ => 0,
                        };
                        *points.entry(white).or_default() += bye;
                    }
                }
            }
        }
        let table = c
            .ok("GET", &format!("/api/sections/{section}/standings"), None)
            .await;
        for row in table["standings"]["rows"].as_array().unwrap() {
            let player = row["player"].as_i64().unwrap();
            assert_eq!(
                row["half_points"].as_u64().unwrap(),
                u64::from(points.get(&player).copied().unwrap_or(0)),
                "standings of {player} differ from the results"
            );
        }
    })
    .await
    .expect("within the time limit");
}
