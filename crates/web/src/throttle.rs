//! Login throttling, in the memory of the web process: every login attempt counts against the
//! account name and against the client address until it succeeds; past the limit of a window
//! both answer 429 with `Retry-After` (also for the right password) until the window ends.
//!
//! Time is a parameter (Unix seconds), so tests need no clock.
//!
//! ```
//! use web::throttle::{ACCOUNT_ATTEMPTS, LoginThrottle, WINDOW_SECONDS};
//!
//! let t = LoginThrottle::default();
//! for _ in 0..ACCOUNT_ATTEMPTS {
//!     assert_eq!(t.attempt("admin", None, 100), Ok(()));
//! }
//! assert_eq!(t.attempt("admin", None, 160), Err(WINDOW_SECONDS - 60));
//! assert_eq!(t.attempt("admin", None, 100 + WINDOW_SECONDS), Ok(()));
//! ```

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Mutex, PoisonError};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::AppState;

/// Failed logins one account name may have in a window.
pub const ACCOUNT_ATTEMPTS: u32 = 5;
/// Failed logins one client address may have in a window (several people may share one).
pub const ADDRESS_ATTEMPTS: u32 = 20;
/// Length of a window in seconds, from its first attempt.
pub const WINDOW_SECONDS: i64 = 15 * 60;
/// Windows kept at most; when full, expired windows go first, then the oldest.
pub const CAPACITY: usize = 10_000;

/// What a window counts: an account name (by its SHA-256, so long names take no room) or a
/// client address (`None`: unknown, e.g. in tests).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Account(String),
    Address(Option<IpAddr>),
}

impl Key {
    fn limit(&self) -> u32 {
        match self {
            Key::Account(_) => ACCOUNT_ATTEMPTS,
            Key::Address(_) => ADDRESS_ATTEMPTS,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Window {
    start: i64,
    attempts: u32,
}

impl Window {
    fn open(&self, now: i64) -> bool {
        now < self.start.saturating_add(WINDOW_SECONDS)
    }
}

/// Login attempts per account name and per client address (see the module documentation).
#[derive(Debug, Default)]
pub struct LoginThrottle {
    windows: Mutex<HashMap<Key, Window>>,
}

impl LoginThrottle {
    /// Counts an attempt to log in to `account` from `address` at `now`; `Err(seconds)` to
    /// wait when either is over its limit (the attempt is then not counted).
    pub fn attempt(&self, account: &str, address: Option<IpAddr>, now: i64) -> Result<(), i64> {
        let keys = [
            Key::Account(store::token_hash(account)),
            Key::Address(address),
        ];
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        let wait = keys
            .iter()
            .filter_map(|k| {
                let w = windows.get(k).filter(|w| w.open(now))?;
                (w.attempts >= k.limit()).then(|| w.start + WINDOW_SECONDS - now)
            })
            .max();
        if let Some(wait) = wait {
            return Err(wait);
        }
        for key in keys {
            if !windows.contains_key(&key) {
                make_room(&mut windows, now);
            }
            let fresh = Window {
                start: now,
                attempts: 0,
            };
            let w = windows.entry(key).or_insert(fresh);
            if !w.open(now) {
                *w = fresh;
            }
            w.attempts = w.attempts.saturating_add(1);
        }
        Ok(())
    }

    /// A successful login: forgets the account's attempts and takes this one back from the
    /// address.
    pub fn succeeded(&self, account: &str, address: Option<IpAddr>) {
        let mut windows = self.windows.lock().unwrap_or_else(PoisonError::into_inner);
        windows.remove(&Key::Account(store::token_hash(account)));
        if let Some(w) = windows.get_mut(&Key::Address(address)) {
            w.attempts = w.attempts.saturating_sub(1);
        }
    }
}

/// Below [`CAPACITY`] before a new window: drops expired windows, then the oldest.
fn make_room(windows: &mut HashMap<Key, Window>, now: i64) {
    if windows.len() < CAPACITY {
        return;
    }
    windows.retain(|_, w| w.open(now));
    while windows.len() >= CAPACITY {
        let oldest = windows
            .iter()
            .min_by_key(|(_, w)| w.start)
            .map(|(k, _)| k.clone());
        match oldest {
            Some(k) => windows.remove(&k),
            None => break,
        };
    }
}

/// The address a request comes from: the socket's peer, or with
/// [`Security::trust_proxy`](crate::Security::trust_proxy) the last `X-Forwarded-For` entry
/// (the one the reverse proxy appended); `None` when neither is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddress(pub Option<IpAddr>);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<ClientAddress, Infallible> {
        let forwarded = state
            .security
            .trust_proxy
            .then(|| {
                parts
                    .headers
                    .get_all("x-forwarded-for")
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .flat_map(|v| v.split(','))
                    .next_back()
                    .and_then(|a| a.trim().parse().ok())
            })
            .flatten();
        let socket = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(ClientAddress(forwarded.or(socket)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> Option<IpAddr> {
        Some(IpAddr::from([192, 0, 2, last]))
    }

    #[test]
    fn h19_08_accounts_lock_for_the_rest_of_the_window_and_unlock_after() {
        let t = LoginThrottle::default();
        for i in 0..ACCOUNT_ATTEMPTS {
            assert_eq!(t.attempt("admin", ip(1), 1000 + i64::from(i)), Ok(()));
        }
        assert_eq!(t.attempt("admin", ip(2), 1010), Err(WINDOW_SECONDS - 10));
        assert_eq!(t.attempt("other", ip(1), 1010), Ok(()), "other accounts");
        assert_eq!(t.attempt("admin", ip(2), 1000 + WINDOW_SECONDS), Ok(()));
    }

    #[test]
    fn h19_08_addresses_lock_across_account_names() {
        let t = LoginThrottle::default();
        for i in 0..ADDRESS_ATTEMPTS {
            assert_eq!(t.attempt(&format!("user{i}"), ip(1), 50), Ok(()));
        }
        assert_eq!(t.attempt("fresh", ip(1), 51), Err(WINDOW_SECONDS - 1));
        assert_eq!(t.attempt("fresh", ip(2), 51), Ok(()));
    }

    #[test]
    fn h19_08_success_forgets_the_account_and_takes_back_its_attempt() {
        let t = LoginThrottle::default();
        for _ in 0..ACCOUNT_ATTEMPTS {
            t.attempt("admin", ip(1), 0).unwrap();
        }
        t.succeeded("admin", ip(1));
        for _ in 0..ACCOUNT_ATTEMPTS {
            assert_eq!(t.attempt("admin", ip(3), 1), Ok(()));
        }
        let windows = t.windows.lock().unwrap();
        assert_eq!(windows[&Key::Address(ip(1))].attempts, ACCOUNT_ATTEMPTS - 1);
    }

    #[test]
    fn h19_08_throttle_memory_is_bounded() {
        let t = LoginThrottle::default();
        for i in 0..CAPACITY + 50 {
            let address = IpAddr::from(u32::try_from(i).unwrap().to_be_bytes());
            let now = i64::try_from(i).unwrap();
            assert_eq!(t.attempt(&format!("spray{i}"), Some(address), now), Ok(()));
        }
        let windows = t.windows.lock().unwrap();
        assert!(windows.len() <= CAPACITY, "{} windows", windows.len());
        assert!(
            !windows.contains_key(&Key::Account(store::token_hash("spray0"))),
            "the oldest window goes first"
        );
        assert!(
            windows.contains_key(&Key::Account(store::token_hash(&format!(
                "spray{}",
                CAPACITY + 49
            ))))
        );
    }
}
