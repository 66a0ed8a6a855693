//! The register of the federation's board (SJRP §20.2): one JSON document across events, read
//! with its version and replaced under optimistic locking, every change audited.

use sqlx::Row;

use crate::audit::Audit;
use crate::row::change_one;
use crate::{Store, StoreError};

/// The register's row key (there is one).
const REGISTER: i64 = 1;

impl Store {
    /// The board register's document (empty before the first sanction) and its version.
    pub async fn board_register(&self) -> Result<(String, i64), StoreError> {
        let row = sqlx::query("SELECT data, version FROM board_register WHERE id = $1")
            .bind(REGISTER)
            .fetch_one(&self.pool)
            .await?;
        Ok((row.try_get("data")?, row.try_get("version")?))
    }

    /// Replaces the board register read at `version` by `data`, audited as `action`;
    /// returns the new version, or [`StoreError::Conflict`] when it changed meanwhile.
    pub async fn update_board_register(
        &self,
        by: Option<i64>,
        data: &str,
        version: i64,
        action: &str,
    ) -> Result<i64, StoreError> {
        let (old, _) = self.board_register().await?;
        let mut tx = self.write().await?;
        let update = sqlx::query(
            "UPDATE board_register SET data = $1, version = version + 1 WHERE id = $2 AND version = $3",
        )
        .bind(data)
        .bind(REGISTER)
        .bind(version);
        change_one(&mut tx, update, "board register", REGISTER).await?;
        Audit::new(by, "board register", REGISTER, action)
            .commit(tx, Some(&old), Some(data))
            .await?;
        Ok(version + 1)
    }
}
