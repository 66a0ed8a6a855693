//! PostgreSQL for the test suites of `store`, `web` and `cli`: every test gets a fresh, empty
//! schema on the server named by `ARBITER_TEST_POSTGRES`, so runs never see each other's rows.
//! Compiled only with the `testing` feature (and for the store's own unit tests): not part of
//! the public API of a release build.

use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::Connection;

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A name no other test of this or a concurrent run uses: `prefix`, process id, time, counter.
pub fn unique_name(prefix: &str) -> String {
    format!(
        "{prefix}_{}_{}_{}",
        std::process::id(),
        crate::unix_now(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// The URL of a fresh schema on the `ARBITER_TEST_POSTGRES` server, `Ok(None)` when the variable
/// is unset outside CI, and an error when `CI` is set without it (the PostgreSQL tests must run
/// there) or the server refuses the schema.
pub async fn fresh_postgres_schema(prefix: &str) -> Result<Option<String>, String> {
    let Ok(url) = std::env::var("ARBITER_TEST_POSTGRES") else {
        return match std::env::var_os("CI") {
            Some(_) => Err(
                "CI is set but ARBITER_TEST_POSTGRES is not: the PostgreSQL tests must run in CI"
                    .into(),
            ),
            None => Ok(None),
        };
    };
    sqlx::any::install_default_drivers();
    let schema = unique_name(prefix);
    let mut conn = sqlx::AnyConnection::connect(&url)
        .await
        .map_err(|e| format!("connect to ARBITER_TEST_POSTGRES: {e}"))?;
    sqlx::query(&format!("CREATE SCHEMA {schema}"))
        .execute(&mut conn)
        .await
        .map_err(|e| format!("create schema {schema}: {e}"))?;
    let sep = if url.contains('?') { '&' } else { '?' };
    Ok(Some(format!("{url}{sep}options[search_path]={schema}")))
}

/// A store in a new SQLite file in the temporary directory.
pub async fn sqlite_store(prefix: &str) -> Result<crate::Store, crate::StoreError> {
    let path = std::env::temp_dir().join(format!("{}.db", unique_name(prefix)));
    crate::Store::open(&format!("sqlite://{}", path.display())).await
}

/// A store in a fresh PostgreSQL schema (see [`fresh_postgres_schema`]), `Ok(None)` when no
/// server is configured outside CI.
pub async fn postgres_store(prefix: &str) -> Result<Option<crate::Store>, String> {
    let Some(url) = fresh_postgres_schema(prefix).await? else {
        return Ok(None);
    };
    crate::Store::open(&url)
        .await
        .map(Some)
        .map_err(|e| format!("open PostgreSQL store: {e}"))
}

/// Declares, for each named `async fn NAME(store: Store)`, a module `NAME` with two tests that
/// run it on a fresh SQLite store (file prefix `$sqlite`) and on a fresh PostgreSQL schema
/// (prefix `$postgres`; skipped outside CI when `ARBITER_TEST_POSTGRES` is unset). The calling
/// test crate needs `tokio` with the `macros` feature.
#[macro_export]
macro_rules! on_both {
    ($sqlite:literal, $postgres:literal; $($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let store = $crate::testing::sqlite_store($sqlite)
                    .await
                    .expect("open SQLite store");
                super::$name(store).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let store = $crate::testing::postgres_store($postgres)
                    .await
                    .expect("PostgreSQL for the tests");
                if let Some(store) = store {
                    super::$name(store).await;
                }
            }
        }
    )*};
}

/// Removes the record of the last migration (its changes stay): the database then looks like
/// one an older binary migrated, for tests of the readiness check.
pub async fn forget_last_migration(store: &crate::Store) -> Result<(), crate::StoreError> {
    sqlx::query(
        "DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)",
    )
    .execute(&store.pool)
    .await?;
    Ok(())
}
