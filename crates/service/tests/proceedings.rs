//! Issue 18: the championship off the board through the service — a Turniergericht elected
//! before round 1 (§5.5, §5.7), a protest decided by the director and appealed to the tribunal
//! seated without those involved (§5.8, §21.1), the next round held until the tribunal decides
//! (§21.1.7), and sanctions carried into the tournament (§20.1, Art. 12.9.6, 12.9.9).

use serde_json::{Value, json};
use service::players::PlayerForm;
use service::proceedings::{AppealForm, DecisionForm, ProtestForm, SanctionForm, TribunalForm};
use service::registration::{NewEvent, NewSection};
use service::{Service, ServiceError};

fn form<T: serde::de::DeserializeOwned>(v: Value) -> T {
    serde_json::from_value(v).unwrap()
}

async fn version(service: &Service, event: i64) -> i64 {
    service.store().event(event).await.unwrap().version
}

/// A rule's refusal in German, with its paragraph.
fn refused<T: std::fmt::Debug>(r: Result<T, ServiceError>) -> String {
    match r {
        Err(e @ ServiceError::Rule { .. }) => e.german(),
        other => panic!("expected a refusal by a rule, got {other:?}"),
    }
}

#[tokio::test]
async fn h18_tribunal_protest_appeal_and_sanctions() {
    let store = store::testing::sqlite_store("service_proceedings")
        .await
        .unwrap();
    let service = Service::new(store.clone());
    let event: NewEvent =
        form(json!({ "name": "RLP-EM", "place": "Pirmasens", "start_date": "2026-04-07" }));
    let event = service.create_event(None, &event).await.unwrap();
    let u14: NewSection = form(json!({ "name": "U14", "rounds": 5, "classes": "U14" }));
    let u14 = service.create_section(None, event, &u14).await.unwrap();
    let u12: NewSection = form(json!({ "name": "U12", "rounds": 5, "classes": "U12" }));
    service.create_section(None, event, &u12).await.unwrap();
    let clubs = [
        "SC Mainz",
        "SK Trier",
        "SV Worms",
        "SC Speyer",
        "SF Bingen",
        "SK Landau",
    ];
    for (i, club) in clubs.iter().enumerate() {
        let p: PlayerForm = form(json!({
            "last_name": format!("Spieler{i}"), "first_name": "Kim", "dwz": (1600 - 50 * i).to_string(),
            "club": club, "birth": "2013-03-01", "sex": "m",
        }));
        service.add_player(None, u14, &p).await.unwrap();
    }
    let members = "Arndt, Ida, SC Mainz\nBode, Jan, SV Worms\nCord, Uwe, SK Landau, 2011";
    let elect = |sections: &str, substitutes: &str, v: i64| -> TribunalForm {
        form(
            json!({ "version": v, "sections": sections, "members": members, "substitutes": substitutes }),
        )
    };
    // §5.5: no two from one club (a substitute of SC Mainz), §5.7: U14 and U12 elect apart.
    let v = version(&service, event).await;
    let same_club = elect("U14", "Dorn, Eva, SC Mainz\nErnst, Max, SF Bingen", v);
    let msg = refused(service.elect_tribunal(None, event, &same_club).await);
    assert!(
        msg.contains("demselben Verein") && msg.ends_with("(SJRP §5.5)"),
        "{msg}"
    );
    let mixed = elect("U14, U12", "Dorn, Eva, SC Speyer\nErnst, Max, SF Bingen", v);
    let msg = refused(service.elect_tribunal(None, event, &mixed).await);
    assert!(msg.ends_with("(SJRP §5.7)"), "{msg}");
    let ok = elect("U14", "Dorn, Eva, SC Speyer\nErnst, Max, SF Bingen", v);
    service.elect_tribunal(None, event, &ok).await.unwrap();

    // Round 1, all results in.
    let r1 = service.pair_next(None, u14).await.unwrap();
    service.publish(None, u14, r1).await.unwrap();
    let loaded = service.section(u14).await.unwrap();
    let (_, games) = loaded.round(1).unwrap();
    for g in games.clone() {
        service
            .enter_result(None, g.id, "1-0", g.version)
            .await
            .unwrap();
    }
    let board1 = games.iter().find(|g| g.board == 1).unwrap().clone();
    let white = loaded
        .players
        .iter()
        .find(|p| p.id == board1.white)
        .unwrap()
        .clone();

    // A protest by the White player of board 1; a captain may not protest here (§21.1.1).
    let protest = |role: &str, v: i64| -> ProtestForm {
        form(
            json!({ "version": v, "section": u14, "round": 1, "board": "1", "by": white.name,
            "role": role, "club": white.club, "subject": "Remisreklamation abgelehnt" }),
        )
    };
    let v = version(&service, event).await;
    let msg = refused(
        service
            .file_protest(None, event, &protest("captain", v))
            .await,
    );
    assert!(msg.ends_with("(SJRP §21.1.1)"), "{msg}");
    let n = service
        .file_protest(None, event, &protest("player", v))
        .await
        .unwrap();
    let decided: DecisionForm = form(
        json!({ "version": version(&service, event).await, "text": "Stellung nicht dreimal" }),
    );
    service
        .decide_protest(None, event, n, &decided)
        .await
        .unwrap();
    let unpaid: AppealForm =
        form(json!({ "version": version(&service, event).await, "in_writing": "on" }));
    let msg = refused(service.appeal(None, event, n, &unpaid).await);
    assert!(msg.ends_with("(SJRP §21.1.6)"), "{msg}");
    let paid: AppealForm = form(
        json!({ "version": version(&service, event).await, "in_writing": "on", "fee_paid": "on" }),
    );
    service.appeal(None, event, n, &paid).await.unwrap();
    let ev = service::rows::domain_event(&service.store().event(event).await.unwrap());
    let bench = &ev
        .proceedings
        .protest(n)
        .unwrap()
        .appeal
        .as_ref()
        .unwrap()
        .bench;
    // Board 1 is Spieler0 (SC Mainz) against Spieler3 (SC Speyer): Arndt (SC Mainz) and the
    // first substitute Dorn (SC Speyer) are involved, Ernst sits for Arndt.
    assert_eq!(bench, &["Ernst, Max", "Bode, Jan", "Cord, Uwe"]);
    assert_eq!(bench.len(), 3);

    // §21.1.7: round 2 waits for the tribunal.
    let msg = refused(service.pair_next(None, u14).await);
    assert!(msg.ends_with("(SJRP §21.1.7)"), "{msg}");
    let final_: DecisionForm = form(
        json!({ "version": version(&service, event).await, "upheld": "on", "text": "Reklamation war korrekt" }),
    );
    service
        .decide_appeal(None, event, n, &final_)
        .await
        .unwrap();
    let ev = service::rows::domain_event(&service.store().event(event).await.unwrap());
    assert!(
        ev.proceedings
            .protest(n)
            .unwrap()
            .appeal
            .as_ref()
            .unwrap()
            .refund(),
        "§21.1.8"
    );
    let r2 = service.pair_next(None, u14).await.unwrap();
    service.publish(None, u14, r2).await.unwrap();

    // Sanctions: a game of round 2 declared lost gets its result; an expelled player is no
    // longer paired.
    let loaded = service.section(u14).await.unwrap();
    let (_, games) = loaded.round(2).unwrap();
    let g = games.iter().find(|g| g.black.is_some()).unwrap().clone();
    let lost: SanctionForm = form(
        json!({ "version": version(&service, event).await, "section": u14,
        "round": 2, "player": g.white.to_string(), "measure": "lost", "reason": "Handy im Spielsaal" }),
    );
    service.impose_sanction(None, event, &lost).await.unwrap();
    let loaded = service.section(u14).await.unwrap();
    let after = loaded
        .round(2)
        .unwrap()
        .1
        .iter()
        .find(|x| x.id == g.id)
        .unwrap()
        .clone();
    assert_eq!(after.result.code(), "0-1");
    for x in loaded.round(2).unwrap().1.clone() {
        if x.id != g.id && x.black.is_some() {
            service
                .enter_result(None, x.id, "½-½", x.version)
                .await
                .unwrap();
        }
    }
    let expelled = g.black.unwrap();
    let out: SanctionForm = form(
        json!({ "version": version(&service, event).await, "section": u14,
        "round": 2, "player": expelled.to_string(), "measure": "expulsion", "reason": "Beleidigung" }),
    );
    service.impose_sanction(None, event, &out).await.unwrap();
    // Art. 12.9.8: the player who lost the game is excluded from one round: left out of
    // round 3 without points.
    let excluded = g.white;
    let rounds: SanctionForm = form(
        json!({ "version": version(&service, event).await, "section": u14, "round": 2,
        "player": excluded.to_string(), "measure": "rounds", "amount": "1", "reason": "Wiederholt Handy" }),
    );
    service.impose_sanction(None, event, &rounds).await.unwrap();
    let r3 = service.pair_next(None, u14).await.unwrap();
    let loaded = service.section(u14).await.unwrap();
    let (_, games) = loaded.round(r3).unwrap();
    let left_out = games
        .iter()
        .find(|x| x.white == excluded || x.black == Some(excluded))
        .unwrap();
    assert!(
        left_out.black.is_none() && left_out.result.code() == "bye-0",
        "excluded from round 3: {left_out:?}"
    );
    let loaded = service.section(u14).await.unwrap();
    let (_, games) = loaded.round(r3).unwrap();
    for x in games
        .iter()
        .filter(|x| x.white == expelled || x.black == Some(expelled))
    {
        assert!(
            x.black.is_none() && x.result.code() == "bye-0",
            "the expelled player is not paired in round 3, only listed without points: {x:?}"
        );
    }
    let ev = service::rows::domain_event(&service.store().event(event).await.unwrap());
    assert_eq!(ev.proceedings.sanctions.len(), 3);
    assert_eq!(
        ev.proceedings.sanctions[2].measure.article().as_str(),
        "Art. 12.9.8"
    );
    assert_eq!(
        ev.proceedings.sanctions[1].measure.article().as_str(),
        "Art. 12.9.9"
    );
    let log = store.audit_log(None, 50).await.unwrap();
    for action in [
        "tribunal elected",
        "protest 1 filed",
        "appeal 1 lodged",
        "appeal 1 decided",
        "sanction 2 imposed",
    ] {
        assert!(
            log.iter().any(|e| e.action == action),
            "{action} in the audit log"
        );
    }
}

/// Plays every match of round `round` of team section `s`: the home team wins 3-1, unless
/// the match has a result already.
async fn play_team_round(service: &Service, s: i64, round: i64) {
    use service::teams::{BoardResult, MatchDoc};
    let ts = service.team_section(s).await.unwrap();
    for (m, doc) in ts.matches.iter().filter(|(m, _)| m.round == round) {
        if m.away.is_none() || doc.forfeit.is_some() || !doc.boards.is_empty() {
            continue;
        }
        let doc = MatchDoc {
            boards: vec![
                BoardResult::HomeWins,
                BoardResult::HomeWins,
                BoardResult::HomeWins,
                BoardResult::AwayWins,
            ],
            forfeit: None,
        };
        service
            .enter_match_result(None, true, m.id, &doc, m.version)
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn h18_05_team_championship_without_tribunal_protest_appeal_after_the_end_and_lost_match() {
    use service::proceedings::VersionForm;
    use service::teams::Absent;
    use service::teams::registration::{NewTeamSection, TeamForm};
    let store = store::testing::sqlite_store("service_team_proceedings")
        .await
        .unwrap();
    let service = Service::new(store.clone());
    // The championship is today: the 5 days of §21.2.5 run from its last day.
    let today = event::date::Zone::default().local(store::unix_now()).date;
    let event: NewEvent =
        form(json!({ "name": "RLP-MM U16", "place": "Alzey", "start_date": today.to_string() }));
    let event = service.create_event(None, &event).await.unwrap();
    let new: NewTeamSection = form(json!({
        "name": "U16 Mannschaft", "rounds": 3, "competition": "club_u16", "system": "round_robin"
    }));
    let s = service
        .create_team_section(None, event, &new)
        .await
        .unwrap();
    for (name, top) in [
        ("Alpha", 1800),
        ("Bravo", 1700),
        ("Charlie", 1600),
        ("Delta", 1500),
    ] {
        let players: Vec<String> = (0..4)
            .map(|i| format!("{name}{i}, P; {}", top - 50 * i))
            .collect();
        let team: TeamForm = form(json!({ "name": name, "players": players.join("\n") }));
        service.register_team(None, s, &team).await.unwrap();
    }
    service.pair_team_round(None, s).await.unwrap();
    service.publish_team_round(None, s, 1).await.unwrap();
    play_team_round(&service, s, 1).await;

    // §21.2.1: only the captain protests in a team championship.
    let protest = |role: &str, v: i64| -> ProtestForm {
        form(
            json!({ "version": v, "section": s, "round": 1, "board": "2", "by": "Kaya, Elif",
            "role": role, "club": "SC Alpha", "subject": "Aufstellung regelwidrig" }),
        )
    };
    let v = version(&service, event).await;
    assert!(
        refused(
            service
                .file_protest(None, event, &protest("player", v))
                .await
        )
        .contains("§21.1.1")
    );
    let n = service
        .file_protest(None, event, &protest("captain", v))
        .await
        .unwrap();
    let decision: DecisionForm = form(
        json!({ "version": version(&service, event).await, "upheld": "", "text": "Aufstellung korrekt" }),
    );
    service
        .decide_protest(None, event, n, &decision)
        .await
        .unwrap();
    // §21.2.4: the tournament is finished first; the next round is paired meanwhile.
    let appeal = |v: i64, paid: bool| -> AppealForm {
        form(json!({ "version": v, "in_writing": "on", "fee_paid": if paid { "on" } else { "" } }))
    };
    let early = service
        .appeal(
            None,
            event,
            n,
            &appeal(version(&service, event).await, true),
        )
        .await;
    assert!(refused(early).contains("§21.2.4"));
    assert_eq!(service.pair_team_round(None, s).await.unwrap(), 2);
    service.publish_team_round(None, s, 2).await.unwrap();

    // §20.1: a match declared lost: the team loses it like a forfeited match.
    let ts = service.team_section(s).await.unwrap();
    let (m, _) = ts
        .matches
        .iter()
        .find(|(m, _)| m.round == 2 && m.away.is_some())
        .unwrap();
    let offender = ts.team(m.away.unwrap()).unwrap().0.name.clone();
    let lost: SanctionForm = form(
        json!({ "version": version(&service, event).await, "section": s,
        "round": 2, "party": "team", "name": offender, "measure": "lost",
        "reason": "nicht spielberechtigter Spieler eingesetzt" }),
    );
    service.impose_sanction(None, event, &lost).await.unwrap();
    let ts = service.team_section(s).await.unwrap();
    let (_, doc) = ts.matches.iter().find(|(x, _)| x.id == m.id).unwrap();
    assert_eq!(doc.forfeit, Some(Absent::Away));
    // A team without a match in the round: refused, nothing stored.
    let none: SanctionForm = form(
        json!({ "version": version(&service, event).await, "section": s,
        "round": 3, "party": "team", "name": offender, "measure": "lost", "reason": "x" }),
    );
    let refused_none = service.impose_sanction(None, event, &none).await;
    assert!(
        matches!(refused_none, Err(ServiceError::BadRequest(_))),
        "{refused_none:?}"
    );

    play_team_round(&service, s, 2).await;
    service.pair_team_round(None, s).await.unwrap();
    service.publish_team_round(None, s, 3).await.unwrap();
    play_team_round(&service, s, 3).await;
    assert!(service.team_section(s).await.unwrap().finished());

    // After the end: appealed in writing, the fee within 5 days (§21.2.5, §21.2.8).
    service
        .appeal(
            None,
            event,
            n,
            &appeal(version(&service, event).await, false),
        )
        .await
        .unwrap();
    let decide = |v: i64, upheld: bool| -> DecisionForm {
        form(
            json!({ "version": v, "upheld": if upheld { "on" } else { "" }, "text": "entschieden" }),
        )
    };
    let unpaid = service
        .decide_appeal(
            None,
            event,
            n,
            &decide(version(&service, event).await, false),
        )
        .await;
    assert!(refused(unpaid).contains("§21.2.8"));
    let paid = VersionForm {
        version: version(&service, event).await,
    };
    service.pay_appeal_fee(None, event, n, &paid).await.unwrap();
    service
        .decide_appeal(
            None,
            event,
            n,
            &decide(version(&service, event).await, false),
        )
        .await
        .unwrap();
    // §21.2.11: on to the Schiedsgericht of the SBRP, 50 €.
    service
        .further_appeal(
            None,
            event,
            n,
            &appeal(version(&service, event).await, true),
        )
        .await
        .unwrap();
    service
        .decide_appeal(
            None,
            event,
            n,
            &decide(version(&service, event).await, true),
        )
        .await
        .unwrap();
    let ev = service::rows::domain_event(&store.event(event).await.unwrap());
    let p = ev.proceedings.protest(n).unwrap();
    assert_eq!(p.further.as_ref().unwrap().fee_cents, 5000);
    assert!(p.further.as_ref().unwrap().refund(), "§21.2.16");
    let last = service
        .further_appeal(
            None,
            event,
            n,
            &appeal(version(&service, event).await, true),
        )
        .await;
    assert!(refused(last).contains("§21.2.15"));
    let log = store.audit_log(None, 50).await.unwrap();
    for action in [
        "appeal 1 lodged",
        "appeal 1 fee paid",
        "appeal 1 lodged further",
        "sanction 1 imposed",
    ] {
        assert!(
            log.iter().any(|e| e.action == action),
            "{action} in the audit log"
        );
    }
}
