//! Health probes (#17 item 2): `/healthz` and `/readyz` on SQLite and, with
//! `ARBITER_TEST_POSTGRES`, PostgreSQL (required when `CI` is set).

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{Answer, send};
use store::Store;
use web::AppState;

store::on_both!(
    "arbiter_health", "health";
    h17_02_healthz_answers_ok_without_a_cookie,
    h17_02_readyz_answers_ready_on_a_migrated_database,
    h17_02_readyz_answers_503_while_migrations_are_pending,
    h17_02_probes_are_not_throttled,
);

async fn probe(app: &axum::Router, path: &str) -> Answer {
    send(app, Request::get(path).body(Body::empty()).unwrap()).await
}

fn no_cookie_no_cache(a: &Answer) {
    assert!(a.headers.get(header::SET_COOKIE).is_none(), "no cookie");
    assert_eq!(a.headers[header::CACHE_CONTROL], "no-store");
}

async fn h17_02_healthz_answers_ok_without_a_cookie(store: Store) {
    let app = web::router(AppState::new(store));
    let a = probe(&app, "/healthz").await;
    assert_eq!((a.status, a.text.as_str()), (StatusCode::OK, "ok"));
    no_cookie_no_cache(&a);
}

async fn h17_02_readyz_answers_ready_on_a_migrated_database(store: Store) {
    let app = web::router(AppState::new(store));
    let a = probe(&app, "/readyz?lang=de").await;
    assert_eq!((a.status, a.text.as_str()), (StatusCode::OK, "ready"));
    no_cookie_no_cache(&a);
}

async fn h17_02_readyz_answers_503_while_migrations_are_pending(store: Store) {
    store::testing::forget_last_migration(&store).await.unwrap();
    let app = web::router(AppState::new(store));
    let a = probe(&app, "/readyz").await;
    assert_eq!(a.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(a.text.contains("migrations pending"), "{}", a.text);
    let live = probe(&app, "/healthz").await;
    assert_eq!(live.status, StatusCode::OK, "alive all the same");
}

async fn h17_02_probes_are_not_throttled(store: Store) {
    let app = web::router(AppState::new(store));
    for _ in 0..100 {
        assert_eq!(probe(&app, "/readyz").await.status, StatusCode::OK);
        assert_eq!(probe(&app, "/healthz").await.status, StatusCode::OK);
    }
}
