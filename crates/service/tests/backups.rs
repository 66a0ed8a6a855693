//! Backups of a SQLite database while the service runs (#17 item 3): a copy taken while results
//! are being entered is consistent and, after the same results, ranks like the live database;
//! the automatic backup after a publication keeps the newest N.

use event::date::Date;
use service::Service;
use service::backups::Backups;
use store::Store;
use store::testing::unique_name;

/// Every section's standings without ids: rank, pairing number, name, points, tie-breaks.
async fn standings(service: &Service, event: i64) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    for s in service.store().sections(event).await.unwrap() {
        let loaded = service.section(s.id).await.unwrap();
        let rows = loaded.standings().unwrap().rows.iter().map(|r| {
            format!(
                "{} {} {} {} {:?}",
                r.rank, r.tpn, r.name, r.points, r.values
            )
        });
        all.push(rows.collect());
    }
    all
}

/// A Swiss of 40 players with 3 of 6 rounds played, round 4 paired and published; the store,
/// the service, the event and the section.
async fn swiss(prefix: &str) -> (Store, Service, i64, i64) {
    let store = store::testing::sqlite_store(prefix).await.unwrap();
    let service = Service::new(store.clone());
    let mut ev = event::demo::large_swiss(40, 3, Date::new(2026, 11, 28).unwrap());
    ev.sections[0].rounds = 6;
    let event = service.load_event(&ev).await.unwrap();
    let section = store.sections(event).await.unwrap()[0].id;
    let round = service.pair_next(None, section).await.unwrap();
    service.publish(None, section, round).await.unwrap();
    (store, service, event, section)
}

/// Enters a result on every board of round `n` that has none.
async fn play_round(service: &Service, section: i64, n: i64) -> Vec<(i64, &'static str)> {
    let loaded = service.section(section).await.unwrap();
    let mut entered = Vec::new();
    for (i, g) in loaded.round(n).unwrap().1.iter().enumerate() {
        if g.black.is_none() || g.result.code() != "*" {
            continue;
        }
        let result = ["1-0", "1/2-1/2", "0-1"][i % 3];
        service
            .enter_result(None, g.id, result, g.version)
            .await
            .unwrap();
        entered.push((g.id, result));
    }
    entered
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(unique_name(name))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h17_03_backup_while_results_are_entered_restores_to_the_same_standings() {
    let (store, service, event, section) = swiss("h17_03_live").await;
    let writer = {
        let service = service.clone();
        tokio::spawn(async move { play_round(&service, section, 4).await })
    };
    let copies: Vec<_> = (0..3).map(|i| temp(&format!("h17_03_copy{i}"))).collect();
    for copy in &copies {
        store.backup_to(copy, false).await.unwrap();
    }
    let entered = writer.await.unwrap();
    assert!(entered.len() >= 19, "{} results", entered.len());
    let live = standings(&service, event).await;
    for copy in &copies {
        let target = temp("h17_03_restored");
        let url = format!("sqlite://{}", target.display());
        store::restore(copy, &url, false).await.unwrap();
        let restored = Service::new(Store::open(&url).await.unwrap());
        let loaded = restored.section(section).await.unwrap();
        let games = &loaded.round(4).unwrap().1;
        let result_of = |id: i64| games.iter().find(|g| g.id == id).unwrap();
        // One transaction per result and one read transaction per copy: the copy holds the
        // results entered before it, in the order they were entered, and nothing else.
        let saved = entered
            .iter()
            .take_while(|(id, r)| result_of(*id).result.code() == *r)
            .count();
        for (id, result) in &entered[saved..] {
            let g = result_of(*id);
            assert_eq!(g.result.code(), "*", "a copy with a gap in the results");
            restored
                .enter_result(None, *id, result, g.version)
                .await
                .unwrap();
        }
        assert_eq!(standings(&restored, event).await, live);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h17_03_backup_after_every_publication_keeps_the_newest() {
    let (_store, service, _event, section) = swiss("h17_03_keep").await;
    let dir = temp("h17_03_backups");
    assert!(Backups::new(&dir, 0).is_err());
    assert!(Backups::new(&dir, 1001).is_err());
    let service = service.with_backups(Backups::new(&dir, 2).unwrap());
    std::fs::write(dir.join("notes.txt"), "kept").unwrap();
    for n in 4..=6 {
        play_round(&service, section, n).await;
        if n < 6 {
            let round = service.pair_next(None, section).await.unwrap();
            let warnings = service.publish(None, section, round).await.unwrap();
            assert!(
                warnings.iter().all(|w| !w.contains("backup")),
                "{warnings:?}"
            );
        }
    }
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(names[2], "notes.txt");
    assert!(
        names[0].ends_with(&format!("section{section}-round5.db")),
        "{names:?}"
    );
    assert!(
        names[1].ends_with(&format!("section{section}-round6.db")),
        "{names:?}"
    );
    let restored = temp("h17_03_from_dir");
    let url = format!("sqlite://{}", restored.display());
    store::restore(&dir.join(&names[1]), &url, false)
        .await
        .unwrap();
    let copy = Service::new(Store::open(&url).await.unwrap());
    assert!(
        copy.section(section)
            .await
            .unwrap()
            .round(6)
            .unwrap()
            .0
            .published
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h17_03_restore_refuses_an_existing_target_without_force() {
    let (store, _service, _event, _section) = swiss("h17_03_force").await;
    let copy = temp("h17_03_force_copy");
    store.backup_to(&copy, false).await.unwrap();
    let again = store.backup_to(&copy, false).await.unwrap_err();
    assert!(again.to_string().contains("--force"), "{again}");
    store.backup_to(&copy, true).await.unwrap();
    let target = temp("h17_03_force_target");
    std::fs::write(&target, "the director's database").unwrap();
    let url = format!("sqlite://{}", target.display());
    let refused = store::restore(&copy, &url, false).await.unwrap_err();
    assert!(refused.to_string().contains("--force"), "{refused}");
    assert_eq!(std::fs::read(&target).unwrap(), b"the director's database");
    let not_backup = store::restore(&target, &format!("sqlite://{}", temp("x").display()), false)
        .await
        .unwrap_err();
    assert!(
        not_backup.to_string().contains("SQLite backup"),
        "{not_backup}"
    );
    store::restore(&copy, &url, true).await.unwrap();
    let restored = Store::open(&url).await.unwrap();
    assert_eq!(restored.events().await.unwrap().len(), 1);
}
