//! The audit log: every change writes one row (who, when, entity, old and new value) in the
//! transaction of the change (Art. 8.7: a result stands unless the arbiter changes it, and the
//! change is on record).

use sqlx::any::AnyRow;
use sqlx::{Any, Transaction};

use crate::row::{Entity, get};
use crate::{Store, StoreError, unix_now};

/// One change on record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct AuditEntry {
    /// The entry's key, rising with time.
    pub id: i64,
    /// Unix seconds.
    pub at: i64,
    /// Name of the user; empty for the system.
    pub user: String,
    /// What kind of row changed (`game`, `player`, `round`, ...).
    pub entity: String,
    /// The key of the row that changed.
    pub entity_id: i64,
    /// What was done (`result`, `withdraw`, `publish`, ...).
    pub action: String,
    /// The value before, if there was one.
    pub old_value: Option<String>,
    /// The value after, if there is one.
    pub new_value: Option<String>,
}

impl Entity for AuditEntry {
    const NAME: &'static str = "audit entry";
    const COLUMNS: &'static str = "a.id, a.at, COALESCE(u.name, '') AS user_name, a.entity, \
        a.entity_id, a.action, a.old_value, a.new_value";
    const FROM: &'static str = "audit_log a LEFT JOIN users u ON u.id = a.user_id";
    const KEY: &'static str = "a.id";

    fn from_row(r: &AnyRow) -> Result<AuditEntry, StoreError> {
        Ok(AuditEntry {
            id: get(r, "id")?,
            at: get(r, "at")?,
            user: get(r, "user_name")?,
            entity: get(r, "entity")?,
            entity_id: get(r, "entity_id")?,
            action: get(r, "action")?,
            old_value: get(r, "old_value")?,
            new_value: get(r, "new_value")?,
        })
    }
}

/// An audit row to write: who (`by`, `None` for the system) did what (`action`) to which row.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Audit<'a> {
    by: Option<i64>,
    entity: &'a str,
    id: i64,
    action: &'a str,
}

impl<'a> Audit<'a> {
    /// `by` did `action` to row `id` of `entity`.
    pub(crate) fn new(by: Option<i64>, entity: &'a str, id: i64, action: &'a str) -> Audit<'a> {
        Audit {
            by,
            entity,
            id,
            action,
        }
    }

    /// Writes the row with the old and new value inside the transaction of the change.
    pub(crate) async fn write(
        &self,
        tx: &mut Transaction<'static, Any>,
        old: Option<&str>,
        new: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO audit_log (at, user_id, entity, entity_id, action, old_value, new_value)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(unix_now())
        .bind(self.by)
        .bind(self.entity)
        .bind(self.id)
        .bind(self.action)
        .bind(old)
        .bind(new)
        .execute(&mut **tx)
        .await?;
        Ok(())
    }

    /// [`Audit::write`], then commits the change.
    pub(crate) async fn commit(
        &self,
        mut tx: Transaction<'static, Any>,
        old: Option<&str>,
        new: Option<&str>,
    ) -> Result<(), StoreError> {
        self.write(&mut tx, old, new).await?;
        tx.commit().await?;
        Ok(())
    }
}

impl Store {
    /// The audit entries of one entity, or all (`None`), newest first, at most `limit`.
    pub async fn audit_log(
        &self,
        entity: Option<(&str, i64)>,
        limit: i64,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let Some((kind, id)) = entity else {
            return self.list("ORDER BY a.id DESC LIMIT $1", &[limit]).await;
        };
        let sql = AuditEntry::select(
            "WHERE a.entity = $1 AND a.entity_id = $2 ORDER BY a.id DESC LIMIT $3",
        );
        sqlx::query(&sql)
            .bind(kind)
            .bind(id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(AuditEntry::from_row)
            .collect()
    }

    /// One page of the audit log, newest first (#14 item 6): at most `limit` entries with a key
    /// below `before` (all when `None`), of one section (its rounds, games, players and the
    /// section itself) and, within it, one round number, when given.
    pub async fn audit_page(
        &self,
        section: Option<i64>,
        round: Option<i64>,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let mut tail = String::from(
            " LEFT JOIN games g ON a.entity = 'game' AND g.id = a.entity_id \
             LEFT JOIN rounds r ON r.id = CASE WHEN a.entity = 'round' THEN a.entity_id ELSE g.round_id END \
             LEFT JOIN players p ON a.entity = 'player' AND p.id = a.entity_id WHERE 1 = 1",
        );
        let mut keys = Vec::new();
        let mut filter = |condition: &str, key: Option<i64>| {
            if let Some(key) = key {
                keys.push(key);
                tail.push_str(&format!(" AND {condition} ${}", keys.len()));
            }
        };
        filter(
            "COALESCE(r.section_id, p.section_id, CASE WHEN a.entity = 'section' THEN a.entity_id END) =",
            section,
        );
        filter("r.number =", round);
        filter("a.id <", before);
        keys.push(limit);
        tail.push_str(&format!(" ORDER BY a.id DESC LIMIT ${}", keys.len()));
        self.list(&tail, &keys).await
    }

    /// Records a note in the audit log without changing anything else (e.g. the effect of a
    /// result correction on later rounds, Art. 8.7).
    pub async fn audit_note(
        &self,
        by: Option<i64>,
        entity: &str,
        id: i64,
        action: &str,
        old: Option<&str>,
        new: Option<&str>,
    ) -> Result<(), StoreError> {
        let tx = self.write().await?;
        Audit::new(by, entity, id, action)
            .commit(tx, old, new)
            .await
    }
}
