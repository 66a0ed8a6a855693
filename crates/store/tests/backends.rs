//! The same suite against SQLite (always) and PostgreSQL (`ARBITER_TEST_POSTGRES=postgres://...`;
//! with `CI` set the PostgreSQL tests fail when the variable is missing).

use laws::{ByeKind, GameResult};
use store::{
    Confirmed, NewGame, NewPlayer, NewRound, Recorded, Role, RoundNote, Store, StoreError,
    Versioned,
};

use store::testing::unique_name as unique;

store::on_both!(
    "arbiter_store", "t";
    migrations_run_once,
    users_and_sessions,
    result_entry_uses_optimistic_locking,
    concurrent_result_entry_keeps_exactly_one_update,
    byes_take_only_bye_results,
    rounds_publish_and_unpair,
    withdrawal_and_late_entry,
    every_change_raises_the_section_revision,
    event_update_uses_optimistic_locking,
    manual_edits_replace_the_games_of_a_preview,
    h13_a_confirmed_edit_stores_games_settings_and_note_together,
    player_documents_and_game_records,
    created_accounts_name_the_admin,
    h12_02_edit_player_every_field_with_optimistic_locking,
    h12_02_delete_player_only_before_paired,
    h12_02_merge_duplicate_before_pairing,
    h14_07_delete_section_and_event_cascade,
);

/// A section with `n` players and round 1 paired 1-2, 3-4, ... (bye for an odd last).
async fn section_with_round(store: &Store, n: i64) -> (i64, Vec<i64>, i64) {
    let event = store
        .create_event(None, "Open", "Berlin", "2026-05-01", "{}")
        .await
        .unwrap();
    let section = store
        .create_section(
            None,
            event,
            &store::NewSection {
                name: "A",
                rounds: 5,
                tiebreaks: "BH/C1,BH,SB",
                data: "{}",
            },
        )
        .await
        .unwrap();
    let mut ids = Vec::new();
    for i in 0..n {
        let p = NewPlayer {
            name: format!("Player, No{i}"),
            elo: Some(2000 - i * 10),
            first_round: 1,
            ..NewPlayer::default()
        };
        ids.push(store.add_player(None, section, &p).await.unwrap());
    }
    let games: Vec<NewGame> = ids
        .chunks(2)
        .zip(1..)
        .map(|(pair, board)| NewGame {
            board,
            white: pair[0],
            black: pair.get(1).copied(),
            result: if pair.len() == 2 {
                Recorded::Game(GameResult::Pending)
            } else {
                Recorded::Bye(ByeKind::PairingAllocated)
            },
            manual: false,
        })
        .collect();
    let round = store
        .create_round(None, section, &NewRound::new(1, &games))
        .await
        .unwrap();
    (section, ids, round)
}

async fn migrations_run_once(store: Store) {
    assert_eq!(store.schema_version().await.unwrap(), store::SCHEMA_VERSION);
    store
        .create_event(None, "E", "P", "2026-01-01", "")
        .await
        .unwrap();
    assert!(!store.events().await.unwrap().is_empty());
}

async fn users_and_sessions(store: Store) {
    let name = unique("arbiter");
    let id = store
        .create_user(None, &name, "$argon2id$fake", Role::Arbiter)
        .await
        .unwrap();
    assert!(matches!(
        store.create_user(None, &name, "x", Role::Admin).await,
        Err(StoreError::Duplicate(_))
    ));
    let user = store.user_by_name(&name).await.unwrap().unwrap();
    assert_eq!((user.id, user.role), (id, Role::Arbiter));
    store
        .create_session("tok-1", id, "csrf-1", 1000)
        .await
        .unwrap();
    let s = store.session("tok-1", 999).await.unwrap().unwrap();
    assert_eq!((s.csrf.as_str(), s.user.id), ("csrf-1", id));
    assert!(
        store.session("tok-1", 1000).await.unwrap().is_none(),
        "expired"
    );
    assert!(store.session("tok-2", 0).await.unwrap().is_none());
    store.delete_session("tok-1").await.unwrap();
    assert!(store.session("tok-1", 0).await.unwrap().is_none());
}

async fn result_entry_uses_optimistic_locking(store: Store) {
    let admin = store
        .create_user(None, &unique("a"), "h", Role::Admin)
        .await
        .unwrap();
    let (_, _, round) = section_with_round(&store, 4).await;
    let game = store.games(round).await.unwrap()[0].clone();
    assert_eq!(game.version, 1);
    let v2 = store
        .set_result(
            Some(admin),
            game.id,
            Recorded::Game(GameResult::WhiteWins),
            1,
        )
        .await
        .unwrap();
    assert_eq!(v2, 2);
    let stale = store
        .set_result(Some(admin), game.id, Recorded::Game(GameResult::Draw), 1)
        .await;
    assert!(matches!(
        stale,
        Err(StoreError::Conflict { entity: "game", .. })
    ));
    let now = store.game(game.id).await.unwrap();
    assert_eq!(
        (now.result, now.version),
        (Recorded::Game(GameResult::WhiteWins), 2)
    );
    store
        .set_result(Some(admin), game.id, Recorded::Game(GameResult::Draw), 2)
        .await
        .unwrap();
    let log = store.audit_log(Some(("game", game.id)), 10).await.unwrap();
    assert_eq!(log.len(), 2);
    assert_eq!(log[0].old_value.as_deref(), Some("1-0"));
    assert_eq!(log[0].new_value.as_deref(), Some("1/2-1/2"));
    assert_eq!(log[1].old_value.as_deref(), Some("*"));
    assert!(log[0].user.starts_with("a_"));
}

async fn concurrent_result_entry_keeps_exactly_one_update(store: Store) {
    let (_, _, round) = section_with_round(&store, 2).await;
    let game = store.games(round).await.unwrap()[0].id;
    let mut tasks = Vec::new();
    for i in 0..12 {
        let s = store.clone();
        let result = [
            Recorded::Game(GameResult::WhiteWins),
            Recorded::Game(GameResult::BlackWins),
            Recorded::Game(GameResult::Draw),
        ][i % 3];
        tasks.push(tokio::spawn(async move {
            (result, s.set_result(None, game, result, 1).await)
        }));
    }
    let mut winners = Vec::new();
    for t in tasks {
        match t.await.unwrap() {
            (r, Ok(2)) => winners.push(r),
            (_, Err(StoreError::Conflict { .. })) => {}
            (_, other) => panic!("unexpected outcome {other:?}"),
        }
    }
    assert_eq!(winners.len(), 1);
    let g = store.game(game).await.unwrap();
    assert_eq!((g.result, g.version), (winners[0], 2));
    assert_eq!(
        store
            .audit_log(Some(("game", game)), 50)
            .await
            .unwrap()
            .len(),
        1
    );
}

async fn byes_take_only_bye_results(store: Store) {
    let (_, _, round) = section_with_round(&store, 3).await;
    let games = store.games(round).await.unwrap();
    let bye = &games[1];
    assert_eq!(
        (bye.black, bye.result),
        (None, Recorded::Bye(ByeKind::PairingAllocated))
    );
    assert!(matches!(
        store
            .set_result(None, bye.id, Recorded::Game(GameResult::WhiteWins), 1)
            .await,
        Err(StoreError::Invalid(_))
    ));
    assert!(matches!(
        store
            .set_result(None, games[0].id, Recorded::Bye(ByeKind::Half), 1)
            .await,
        Err(StoreError::Invalid(_))
    ));
    store
        .set_result(None, bye.id, Recorded::Bye(ByeKind::Zero), 1)
        .await
        .unwrap();
}

async fn rounds_publish_and_unpair(store: Store) {
    let (section, ids, round) = section_with_round(&store, 4).await;
    assert!(!store.round(round).await.unwrap().published);
    store.publish_round(None, round, "{}").await.unwrap();
    assert!(store.round(round).await.unwrap().published);
    assert!(matches!(
        store.publish_round(None, round, "{}").await,
        Err(StoreError::Conflict { .. })
    ));
    let again = NewGame {
        board: 1,
        white: ids[0],
        black: Some(ids[1]),
        result: Recorded::Game(GameResult::Pending),
        manual: false,
    };
    assert!(matches!(
        store
            .create_round(None, section, &NewRound::new(1, &[again]))
            .await,
        Err(StoreError::Duplicate(_))
    ));
    let game = store.games(round).await.unwrap()[0].clone();
    store
        .set_result(None, game.id, Recorded::Game(GameResult::BlackWins), 1)
        .await
        .unwrap();
    assert!(matches!(
        store.unpair_round(None, round).await,
        Err(StoreError::Conflict { .. })
    ));
    store
        .set_result(None, game.id, Recorded::Game(GameResult::Pending), 2)
        .await
        .unwrap();
    store.unpair_round(None, round).await.unwrap();
    assert!(store.rounds(section).await.unwrap().is_empty());
    assert!(matches!(
        store.round(round).await,
        Err(StoreError::NotFound { .. })
    ));
}

async fn withdrawal_and_late_entry(store: Store) {
    let (section, ids, _) = section_with_round(&store, 2).await;
    let late = NewPlayer {
        name: "Late, Lara".into(),
        sex: "w".into(),
        first_round: 3,
        ..NewPlayer::default()
    };
    let id = store.add_player(None, section, &late).await.unwrap();
    let p = store.player(id).await.unwrap();
    assert_eq!((p.number, p.plays_in(2), p.plays_in(3)), (3, false, true));
    let v = store.set_withdrawn(None, ids[0], Some(2), 1).await.unwrap();
    assert!(matches!(
        store.set_withdrawn(None, ids[0], None, 1).await,
        Err(StoreError::Conflict { .. })
    ));
    let w = store.player(ids[0]).await.unwrap();
    assert_eq!((w.version, w.plays_in(2), w.plays_in(3)), (v, true, false));
    let log = store.audit_log(Some(("player", ids[0])), 5).await.unwrap();
    assert_eq!(log[0].new_value.as_deref(), Some("withdrawn after round 2"));
}

async fn every_change_raises_the_section_revision(store: Store) {
    let (section, ids, round) = section_with_round(&store, 4).await;
    let (_, _, other_round) = section_with_round(&store, 2).await;
    let mut last = store.section_revision(section).await.unwrap();
    let mut raised = |now: i64, what: &str| {
        assert!(
            now > last,
            "{what} did not raise the revision ({now} <= {last})"
        );
        last = now;
    };
    store.publish_round(None, round, "{}").await.unwrap();
    raised(store.section_revision(section).await.unwrap(), "publish");
    let game = store.games(round).await.unwrap()[0].clone();
    store
        .set_result(
            None,
            game.id,
            Recorded::Game(GameResult::Draw),
            game.version,
        )
        .await
        .unwrap();
    raised(store.section_revision(section).await.unwrap(), "result");
    store.set_withdrawn(None, ids[3], Some(1), 1).await.unwrap();
    raised(store.section_revision(section).await.unwrap(), "withdrawal");
    let late = NewPlayer {
        name: "Late, Lara".into(),
        first_round: 2,
        ..NewPlayer::default()
    };
    store.add_player(None, section, &late).await.unwrap();
    raised(
        store.section_revision(section).await.unwrap(),
        "registration",
    );
    let version = store.section(section).await.unwrap().version;
    store
        .update_section(None, section, "{}", version)
        .await
        .unwrap();
    raised(store.section_revision(section).await.unwrap(), "settings");
    let before = store.section_revision(section).await.unwrap();
    store.publish_round(None, other_round, "{}").await.unwrap();
    assert_eq!(
        store.section_revision(section).await.unwrap(),
        before,
        "a change in another section"
    );
    assert!(matches!(
        store.section_revision(-1).await,
        Err(StoreError::NotFound { .. })
    ));
}

async fn event_update_uses_optimistic_locking(store: Store) {
    let (section, _, _) = section_with_round(&store, 2).await;
    let event = store.section(section).await.unwrap().event;
    let before = store.section_revision(section).await.unwrap();
    let read = store.event(event).await.unwrap();
    let change = store::EventChange {
        name: "Open 2026",
        place: "Mainz",
        start_date: "2026-05-02",
        data: "{\"x\":1}",
    };
    let version = store
        .update_event(None, event, &change, read.version)
        .await
        .unwrap();
    assert_eq!(version, read.version + 1);
    let stale = store.update_event(None, event, &change, read.version).await;
    assert!(
        matches!(stale, Err(StoreError::Conflict { .. })),
        "{stale:?}"
    );
    let now = store.event(event).await.unwrap();
    assert_eq!(
        (now.name.as_str(), now.place.as_str()),
        ("Open 2026", "Mainz")
    );
    assert_eq!(now.start_date, "2026-05-02");
    assert_eq!(now.version, version);
    assert!(store.section_revision(section).await.unwrap() > before);
    let log = store.audit_log(Some(("event", event)), 10).await.unwrap();
    assert_eq!(log[0].action, "settings");
    assert_eq!(log[0].new_value.as_deref(), Some("{\"x\":1}"));
}

async fn manual_edits_replace_the_games_of_a_preview(store: Store) {
    let (section, ids, round) = section_with_round(&store, 4).await;
    let before = store.section_revision(section).await.unwrap();
    let swapped = [
        NewGame {
            board: 1,
            white: ids[0],
            black: Some(ids[2]),
            result: Recorded::Game(GameResult::Pending),
            manual: true,
        },
        NewGame {
            board: 2,
            white: ids[1],
            black: Some(ids[3]),
            result: Recorded::Game(GameResult::Pending),
            manual: true,
        },
    ];
    let v = store
        .replace_games(None, round, 1, &swapped, "exchange")
        .await
        .unwrap();
    assert_eq!(v, 2);
    let games = store.games(round).await.unwrap();
    assert_eq!(
        games
            .iter()
            .map(|g| (g.white, g.black, g.manual))
            .collect::<Vec<_>>(),
        vec![(ids[0], Some(ids[2]), true), (ids[1], Some(ids[3]), true)]
    );
    assert!(store.section_revision(section).await.unwrap() > before);
    assert!(matches!(
        store.replace_games(None, round, 1, &swapped, "stale").await,
        Err(StoreError::Conflict { .. })
    ));
    let log = store.audit_log(Some(("round", round)), 1).await.unwrap();
    assert_eq!(log[0].action, "manual pairing");
    assert!(log[0].new_value.as_deref().unwrap().ends_with("; exchange"));
    store.publish_round(None, round, "{}").await.unwrap();
    let v = store.round(round).await.unwrap().version;
    assert!(
        matches!(
            store.replace_games(None, round, v, &swapped, "late").await,
            Err(StoreError::Conflict { .. })
        ),
        "a published round is not edited"
    );
}

/// FIDE mode (C.04.A): a confirmed manual edit writes the games, the section's document with
/// its integrity note and the note's audit entry in one transaction; a stale section version
/// writes none of them.
async fn h13_a_confirmed_edit_stores_games_settings_and_note_together(store: Store) {
    let (section, ids, round) = section_with_round(&store, 4).await;
    let game = |board, white, black| NewGame {
        board,
        white,
        black: Some(black),
        result: Recorded::Game(GameResult::Pending),
        manual: true,
    };
    let swapped = [game(1, ids[0], ids[2]), game(2, ids[1], ids[3])];
    let note = RoundNote {
        action: "manual pairing change confirmed".into(),
        old: "A and C exchanged".into(),
        new: "manual pairing, round 1, by admin".into(),
    };
    let version = store.section(section).await.unwrap().version;
    let before = store.games(round).await.unwrap();
    let stale = Confirmed {
        section_version: version - 1,
        settings: "{\"integrity\":1}",
        note: &note,
    };
    assert!(matches!(
        store
            .replace_games_noted(None, round, 1, &swapped, "exchange", Some(&stale))
            .await,
        Err(StoreError::Conflict {
            entity: "section",
            ..
        })
    ));
    assert_eq!(store.games(round).await.unwrap(), before, "nothing written");
    assert_eq!(store.round(round).await.unwrap().version, 1);
    let current = Confirmed {
        section_version: version,
        ..stale
    };
    let v = store
        .replace_games_noted(None, round, 1, &swapped, "exchange", Some(&current))
        .await
        .unwrap();
    assert_eq!(v, 2);
    let row = store.section(section).await.unwrap();
    assert_eq!(
        (row.data.as_str(), row.version),
        ("{\"integrity\":1}", version + 1)
    );
    assert_eq!(store.games(round).await.unwrap()[0].black, Some(ids[2]));
    let log = store.audit_log(Some(("round", round)), 2).await.unwrap();
    assert_eq!(log[0].action, "manual pairing change confirmed");
    assert_eq!(
        log[0].new_value.as_deref(),
        Some("manual pairing, round 1, by admin")
    );
    assert_eq!(log[1].action, "manual pairing");
}

async fn player_documents_and_game_records(store: Store) {
    let (section, ids, round) = section_with_round(&store, 2).await;
    let v = store
        .update_player_data(None, ids[0], "{\"x\":1}", 1, "requested bye")
        .await
        .unwrap();
    assert_eq!(store.player(ids[0]).await.unwrap().data, "{\"x\":1}");
    assert!(matches!(
        store
            .update_player_data(None, ids[0], "{}", 1, "stale")
            .await,
        Err(StoreError::Conflict { .. })
    ));
    assert_eq!(v, 2);
    let game = store.games(round).await.unwrap()[0].id;
    assert_eq!(store.game_pgn(game).await.unwrap(), "");
    store.set_game_pgn(None, game, "1. e4 e5 *").await.unwrap();
    assert_eq!(
        store.section_pgns(section).await.unwrap(),
        vec![(game, "1. e4 e5 *".to_owned())]
    );
    store.set_game_pgn(None, game, "").await.unwrap();
    assert!(store.section_pgns(section).await.unwrap().is_empty());
}

async fn created_accounts_name_the_admin(store: Store) {
    let admin_name = unique("boss");
    let admin = store
        .create_user(None, &admin_name, "h", Role::Admin)
        .await
        .unwrap();
    let arbiter = store
        .create_user(Some(admin), &unique("arb"), "h", Role::Arbiter)
        .await
        .unwrap();
    let log = store.audit_log(Some(("user", arbiter)), 1).await.unwrap();
    assert_eq!(log[0].user, admin_name);
}

/// A section without rounds and its players `names`.
async fn section_with_players(store: &Store, names: &[&str]) -> (i64, Vec<i64>) {
    let event = store
        .create_event(None, "Open", "Berlin", "2026-05-01", "{}")
        .await
        .unwrap();
    let section = store
        .create_section(
            None,
            event,
            &store::NewSection {
                name: "U14",
                rounds: 5,
                tiebreaks: "",
                data: "{}",
            },
        )
        .await
        .unwrap();
    let players: Vec<NewPlayer> = names
        .iter()
        .map(|name| NewPlayer {
            name: (*name).to_owned(),
            first_round: 1,
            ..NewPlayer::default()
        })
        .collect();
    let ids = store.add_players(None, section, &players).await.unwrap();
    (section, ids)
}

async fn h12_02_edit_player_every_field_with_optimistic_locking(store: Store) {
    let (section, ids) = section_with_players(&store, &["Meyer, Lena"]).await;
    let before = store.section_revision(section).await.unwrap();
    let edited = NewPlayer {
        name: "Meier, Lena".into(),
        sex: "w".into(),
        title: "WCM".into(),
        dwz: Some(1888),
        elo: None,
        federation: "GER".into(),
        fide_id: "24612345".into(),
        birth_date: "2012/03/04".into(),
        club: "SC Mainz".into(),
        first_round: 4,
        data: "{\"edited\":true}".into(),
    };
    let v = store.update_player(None, ids[0], &edited, 1).await.unwrap();
    assert_eq!(v, 2);
    let p = store.player(ids[0]).await.unwrap();
    assert_eq!(
        p.registration(),
        NewPlayer {
            first_round: 1,
            ..edited.clone()
        },
        "every field but the first round is replaced"
    );
    assert_eq!((p.dwz, p.elo, p.version), (Some(1888), None, 2));
    assert!(store.section_revision(section).await.unwrap() > before);
    assert!(matches!(
        store.update_player(None, ids[0], &edited, 1).await,
        Err(StoreError::Conflict { .. })
    ));
    let log = store.audit_log(Some(("player", ids[0])), 1).await.unwrap();
    assert_eq!(log[0].action, "edit");
    assert!(
        log[0]
            .old_value
            .as_deref()
            .unwrap()
            .starts_with("Meyer, Lena (DWZ -, Elo -")
    );
    assert!(
        log[0]
            .new_value
            .as_deref()
            .unwrap()
            .starts_with("Meier, Lena (DWZ 1888, Elo -")
    );
    assert!(matches!(
        store.update_player(None, -1, &edited, 1).await,
        Err(StoreError::NotFound { .. })
    ));
}

async fn h12_02_delete_player_only_before_paired(store: Store) {
    let (section, ids) = section_with_players(&store, &["A, A", "B, B", "C, C"]).await;
    assert!(matches!(
        store.delete_player(None, ids[1], 7, None).await,
        Err(StoreError::Conflict { .. })
    ));
    store
        .delete_player(None, ids[1], 1, Some("{\"fixed_order\":[]}"))
        .await
        .unwrap();
    let left: Vec<(i64, i64)> = store
        .players(section)
        .await
        .unwrap()
        .iter()
        .map(|p| (p.id, p.number))
        .collect();
    assert_eq!(left, [(ids[0], 1), (ids[2], 3)]);
    let log = store.audit_log(Some(("player", ids[1])), 1).await.unwrap();
    assert_eq!(
        (log[0].action.as_str(), log[0].new_value.as_deref()),
        ("delete", None)
    );
    let s = store.section(section).await.unwrap();
    assert_eq!(
        (s.data.as_str(), s.version),
        ("{\"fixed_order\":[]}", 2),
        "the settings stored with the deletion"
    );

    let (paired_section, paired, _) = section_with_round(&store, 3).await;
    let refused = store.delete_player(None, paired[2], 1, None).await;
    assert!(
        matches!(&refused, Err(StoreError::Invalid(why)) if why.contains("paired in round 1")),
        "{refused:?}"
    );
    assert_eq!(store.players(paired_section).await.unwrap().len(), 3);
    let late = NewPlayer {
        name: "Late, Lara".into(),
        first_round: 2,
        ..NewPlayer::default()
    };
    let late = store.add_player(None, paired_section, &late).await.unwrap();
    store.delete_player(None, late, 1, None).await.unwrap();
    assert_eq!(store.players(paired_section).await.unwrap().len(), 3);
}

async fn h12_02_merge_duplicate_before_pairing(store: Store) {
    let (section, ids) = section_with_players(&store, &["Meyer, Lena", "Meyer, L."]).await;
    let merged = NewPlayer {
        dwz: Some(1888),
        elo: Some(1701),
        club: "SC Mainz".into(),
        ..store.player(ids[0]).await.unwrap().registration()
    };
    let keep = Versioned {
        id: ids[0],
        version: 1,
    };
    let stale = Versioned {
        id: ids[1],
        version: 5,
    };
    assert!(matches!(
        store.merge_players(None, keep, stale, &merged, None).await,
        Err(StoreError::Conflict { .. })
    ));
    assert_eq!(
        store.players(section).await.unwrap().len(),
        2,
        "nothing stored"
    );
    let dup = Versioned {
        id: ids[1],
        version: 1,
    };
    assert!(matches!(
        store.merge_players(None, keep, keep, &merged, None).await,
        Err(StoreError::Invalid(_))
    ));
    let v = store
        .merge_players(None, keep, dup, &merged, None)
        .await
        .unwrap();
    let left = store.players(section).await.unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!((left[0].id, left[0].version, v), (ids[0], 2, 2));
    assert_eq!(
        (left[0].dwz, left[0].elo, left[0].club.as_str()),
        (Some(1888), Some(1701), "SC Mainz")
    );
    let log = store.audit_log(Some(("player", ids[1])), 1).await.unwrap();
    assert_eq!(log[0].action, "merge");
    assert_eq!(
        log[0].new_value.as_deref(),
        Some(format!("merged into player {}", ids[0]).as_str())
    );
    let log = store.audit_log(Some(("player", ids[0])), 1).await.unwrap();
    assert!(
        log[0]
            .new_value
            .as_deref()
            .unwrap()
            .contains("merged with player")
    );

    let (other, _) = section_with_players(&store, &["Meyer, Lena"]).await;
    let elsewhere = store.players(other).await.unwrap()[0].id;
    let elsewhere = Versioned {
        id: elsewhere,
        version: 1,
    };
    assert!(matches!(
        store
            .merge_players(
                None,
                Versioned {
                    id: ids[0],
                    version: 2
                },
                elsewhere,
                &merged,
                None,
            )
            .await,
        Err(StoreError::Invalid(_))
    ));

    let (paired_section, paired, _) = section_with_round(&store, 2).await;
    let late = NewPlayer {
        name: "Player, No0".into(),
        first_round: 2,
        ..NewPlayer::default()
    };
    let late = store.add_player(None, paired_section, &late).await.unwrap();
    let refused = store
        .merge_players(
            None,
            Versioned {
                id: paired[0],
                version: 1,
            },
            Versioned {
                id: late,
                version: 1,
            },
            &merged,
            None,
        )
        .await;
    assert!(
        matches!(refused, Err(StoreError::Invalid(_))),
        "{refused:?}"
    );
    assert_eq!(
        store.players(paired_section).await.unwrap().len(),
        3,
        "nothing deleted"
    );
}

/// #14 item 7: deleting a section removes its players, rounds and games (and nothing of another
/// section); deleting the event removes its sections; both are audited.
async fn h14_07_delete_section_and_event_cascade(store: Store) {
    let (section, ids, round) = section_with_round(&store, 5).await;
    store.publish_round(None, round, "{}").await.unwrap();
    let event = store.section(section).await.unwrap().event;
    let other = store
        .create_section(
            None,
            event,
            &store::NewSection {
                name: "B",
                rounds: 5,
                tiebreaks: "",
                data: "{}",
            },
        )
        .await
        .unwrap();
    let kept = store
        .add_player(
            None,
            other,
            &NewPlayer {
                name: "Kept, Kim".into(),
                first_round: 1,
                ..NewPlayer::default()
            },
        )
        .await
        .unwrap();
    let games: Vec<i64> = store
        .games(round)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(games.len(), 3);
    store.delete_section(None, section).await.unwrap();
    assert!(matches!(
        store.section(section).await,
        Err(StoreError::NotFound { .. })
    ));
    assert!(store.players(section).await.unwrap().is_empty());
    assert!(store.rounds(section).await.unwrap().is_empty());
    for g in games {
        assert!(store.game(g).await.is_err(), "game {g} removed");
    }
    for p in ids {
        assert!(store.player(p).await.is_err(), "player {p} removed");
    }
    assert_eq!(store.player(kept).await.unwrap().name, "Kept, Kim");
    let log = store
        .audit_log(Some(("section", section)), 5)
        .await
        .unwrap();
    assert_eq!(
        (log[0].action.as_str(), log[0].old_value.as_deref()),
        ("delete", Some("A"))
    );
    store.delete_event(None, event).await.unwrap();
    assert!(store.event(event).await.is_err());
    assert!(store.section(other).await.is_err());
    assert!(store.player(kept).await.is_err());
    let log = store.audit_log(Some(("event", event)), 5).await.unwrap();
    assert_eq!(log[0].action, "delete");
}
