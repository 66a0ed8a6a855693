//! User accounts, their roles and the logged-in sessions.

use std::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};
use sqlx::any::AnyRow;

use crate::audit::Audit;
use crate::row::{Column, Entity, duplicate, entity, get, insert_id, parsed};
use crate::{Store, StoreError, unix_now};

/// What a user may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// Reads published pages only.
    Public,
    /// A team captain: submits the lineups and match results of one team (SJRP §10.9), which
    /// an arbiter confirms.
    Captain,
    /// Runs events: players, pairings, results.
    Arbiter,
    /// Everything, including user accounts.
    Admin,
}

impl Role {
    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Public => "public",
            Role::Captain => "captain",
            Role::Arbiter => "arbiter",
            Role::Admin => "admin",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A role name that is not `admin`, `arbiter`, `captain` or `public`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRoleError(pub String);

impl fmt::Display for ParseRoleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown role `{}` (admin, arbiter, captain, public)",
            self.0
        )
    }
}

impl std::error::Error for ParseRoleError {}

impl FromStr for Role {
    type Err = ParseRoleError;

    fn from_str(s: &str) -> Result<Role, ParseRoleError> {
        match s {
            "public" => Ok(Role::Public),
            "captain" => Ok(Role::Captain),
            "arbiter" => Ok(Role::Arbiter),
            "admin" => Ok(Role::Admin),
            _ => Err(ParseRoleError(s.to_owned())),
        }
    }
}

/// A user account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// The account's key.
    pub id: i64,
    /// The login name, unique.
    pub name: String,
    /// PHC string of the argon2 hash.
    pub password_hash: String,
    /// What the user may do.
    pub role: Role,
}

entity! {
    User = "user" from "users", columns "" {
        id: "id",
        name: "name",
        password_hash: "password_hash",
        role: "role",
    }
}

impl Column for Role {
    /// The stored role name.
    fn read(row: &AnyRow, column: &str) -> Result<Role, StoreError> {
        parsed(row, column)
    }
}

/// A logged-in session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The token every form of this session must carry.
    pub csrf: String,
    /// Unix seconds after which the session no longer opens.
    pub expires_at: i64,
    /// The logged-in user.
    pub user: User,
}

/// SHA-256 of a session token as lowercase hex: what the database keeps instead of the token,
/// so a leaked database (or backup) opens no session.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

impl Store {
    /// Creates a user with an already hashed password; `by` is the admin who creates it
    /// (`None` for the account made at first start).
    pub async fn create_user(
        &self,
        by: Option<i64>,
        name: &str,
        password_hash: &str,
        role: Role,
    ) -> Result<i64, StoreError> {
        let mut tx = self.write().await?;
        let id = insert_id(
            &mut tx,
            sqlx::query(
                "INSERT INTO users (name, password_hash, role, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(name)
            .bind(password_hash)
            .bind(role.as_str())
            .bind(unix_now()),
        )
        .await
        .map_err(|e| duplicate(e, name))?;
        let created = format!("{name} ({role})");
        Audit::new(by, "user", id, "create")
            .commit(tx, None, Some(&created))
            .await?;
        Ok(id)
    }

    /// Sets the password of user `id` (an already hashed password), e.g. for an account an
    /// event archive brought in locked; the user's sessions end. Audited without the hash.
    pub async fn set_password(
        &self,
        by: Option<i64>,
        id: i64,
        password_hash: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.write().await?;
        let update = sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(id);
        if update.execute(&mut *tx).await?.rows_affected() != 1 {
            return Err(StoreError::NotFound { entity: "user", id });
        }
        sqlx::query("DELETE FROM sessions WHERE user_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        Audit::new(by, "user", id, "password set")
            .commit(tx, None, None)
            .await
    }

    /// All user accounts by name.
    pub async fn users(&self) -> Result<Vec<User>, StoreError> {
        self.list("ORDER BY name", &[]).await
    }

    /// Number of user accounts.
    pub async fn user_count(&self) -> Result<i64, StoreError> {
        get(
            &sqlx::query("SELECT COUNT(*) AS n FROM users")
                .fetch_one(&self.pool)
                .await?,
            "n",
        )
    }

    /// The user with key `id`.
    pub async fn user(&self, id: i64) -> Result<User, StoreError> {
        self.by_id(id).await
    }

    /// The user of that name.
    pub async fn user_by_name(&self, name: &str) -> Result<Option<User>, StoreError> {
        sqlx::query(&User::select("WHERE name = $1"))
            .bind(name)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| User::from_row(&r))
            .transpose()
    }

    /// Stores a session for `user` until `expires_at`; the database keeps only the
    /// [`token_hash`] of the cookie value `token`.
    pub async fn create_session(
        &self,
        token: &str,
        user: i64,
        csrf: &str,
        expires_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO sessions (token_hash, user_id, csrf, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash(token))
        .bind(user)
        .bind(csrf)
        .bind(expires_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The session of a token that has not expired at `now` (looked up by its hash).
    pub async fn session(&self, token: &str, now: i64) -> Result<Option<Session>, StoreError> {
        sqlx::query(
            "SELECT s.csrf, s.expires_at, u.id, u.name, u.password_hash, u.role
             FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token_hash = $1 AND s.expires_at > $2",
        )
        .bind(token_hash(token))
        .bind(now)
        .fetch_optional(&self.pool)
        .await?
        .map(|r| {
            Ok(Session {
                csrf: get(&r, "csrf")?,
                expires_at: get(&r, "expires_at")?,
                user: User::from_row(&r)?,
            })
        })
        .transpose()
    }

    /// Ends a session (logout) and removes expired ones.
    pub async fn delete_session(&self, token: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1 OR expires_at < $2")
            .bind(token_hash(token))
            .bind(unix_now())
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use sqlx::Row;

    use super::*;

    crate::on_both!("arbiter_store_unit", "su"; h19_09_session_tokens_are_stored_hashed);

    async fn h19_09_session_tokens_are_stored_hashed(store: Store) {
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        let user = store
            .create_user(None, "h19", "$argon2id$fake", Role::Arbiter)
            .await
            .unwrap();
        store
            .create_session("cookie-token", user, "csrf", i64::MAX)
            .await
            .unwrap();
        let stored: Vec<String> = sqlx::query("SELECT token_hash FROM sessions")
            .fetch_all(&store.pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get("token_hash").unwrap())
            .collect();
        assert_eq!(stored, [token_hash("cookie-token")]);
        assert_eq!(
            store
                .session("cookie-token", 0)
                .await
                .unwrap()
                .map(|s| s.user.id),
            Some(user)
        );
        assert!(
            store.session(&stored[0], 0).await.unwrap().is_none(),
            "the stored value opens no session"
        );
        store.delete_session("cookie-token").await.unwrap();
        assert!(store.session("cookie-token", 0).await.unwrap().is_none());
    }
}
