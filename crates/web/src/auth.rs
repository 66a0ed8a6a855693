//! Passwords (argon2id), random tokens and their comparison.

use std::sync::LazyLock;

use argon2::Argon2;
use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use store::User;

use crate::AppError;

/// Session lifetime: 12 hours, one tournament day.
pub const SESSION_SECONDS: i64 = 12 * 3600;

/// The PHC string of an argon2id hash of `password` with a fresh salt.
pub fn hash_password(password: &str) -> Result<String, AppError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| AppError::Internal(e.to_string()))
}

/// Whether `password` matches the stored PHC hash.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// A hash no password is known for: an unknown account name is checked against it, so that
/// logging in to it costs as much as to a real account and tells nothing of which exist.
/// (Hashing with the default parameters and a generated salt cannot fail.)
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_password(&random_token(16)).unwrap_or_default());

/// The user if `password` is theirs; for no user, the same work against [`DUMMY_HASH`].
pub fn verify_login(password: &str, user: Option<User>) -> Option<User> {
    match user {
        Some(u) => verify_password(password, &u.password_hash).then_some(u),
        None => {
            verify_password(password, &DUMMY_HASH);
            None
        }
    }
}

/// `bytes` random bytes from the operating system as lowercase hex.
pub fn random_token(bytes: usize) -> String {
    let mut buf = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buf);
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares two tokens in time independent of where they differ.
pub fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_hash_verifies_only_the_password() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct horsE", &h));
        assert!(!verify_password("x", "not a hash"));
    }

    #[test]
    fn h19_08_unknown_users_cost_one_password_verification() {
        let user = User {
            id: 1,
            name: "admin".into(),
            password_hash: hash_password("secret").unwrap(),
            role: store::Role::Admin,
        };
        assert!(DUMMY_HASH.starts_with("$argon2id$"));
        assert_eq!(
            PasswordHash::new(&DUMMY_HASH).unwrap().params,
            PasswordHash::new(&user.password_hash).unwrap().params,
            "same cost parameters"
        );
        let fastest = |user: Option<&User>| {
            (0..3)
                .map(|_| {
                    let start = std::time::Instant::now();
                    assert!(verify_login("wrong", user.cloned()).is_none());
                    start.elapsed()
                })
                .min()
                .unwrap()
        };
        let (known, unknown) = (fastest(Some(&user)), fastest(None));
        assert!(unknown * 4 > known, "unknown {unknown:?}, known {known:?}");
        assert_eq!(verify_login("secret", Some(user.clone())), Some(user));
    }

    #[test]
    fn tokens_are_random_hex() {
        let a = random_token(16);
        assert_eq!(a.len(), 32);
        assert_ne!(a, random_token(16));
        assert!(same_token(&a, &a.clone()));
        assert!(!same_token(&a, &random_token(16)));
    }
}
