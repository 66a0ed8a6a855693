//! The tournament service behind `arbiter serve`: server-rendered HTML pages with htmx, a JSON
//! API under `/api` (described at `/api/openapi.json`), roles, sessions, CSRF protection and an
//! audit log, on the [`store`] database and the [`event`] domain.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let store = store::Store::open("sqlite://arbiter.db").await?;
//! if let Some((user, password)) = web::first_start(&store).await? {
//!     println!("admin account: {user} / {password}");
//! }
//! let app = web::router(web::AppState::new(store));
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! // The peer address throttles failed logins (see `throttle`).
//! let app = app.into_make_service_with_connect_info::<std::net::SocketAddr>();
//! axum::serve(listener, app).await?;
//! # Ok(()) }
//! ```

#![deny(missing_docs)]

mod api;
mod audit;
pub mod auth;
mod board;
pub mod caching;
pub(crate) mod checkin;
mod documents;
mod editor;
mod entries;
mod error;
mod error_page;
mod export;
mod form;
mod format;
pub mod health;
pub mod i18n;
mod live;
mod live_pages;
mod pages;
mod players;
mod proceedings;
mod request_log;
mod round_pages;
pub mod rounds;
mod seeding;
mod settings;
mod team_pages;
pub mod throttle;
pub mod upload;
mod views;

use std::sync::Arc;

use axum::Router;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use minijinja::Environment;
use service::{Loaded, Service};
use store::{Role, Store, User};

pub use error::AppError;
use i18n::Lang;

/// Name of the session cookie.
pub const SESSION_COOKIE: &str = "arbiter_session";
/// Name of the cookie carrying the CSRF token of the login form (before a session exists).
pub const LOGIN_CSRF_COOKIE: &str = "arbiter_login_csrf";

/// The Content-Security-Policy of every answer: scripts, styles and forms of this service only
/// (no inline script or style, no `eval`), and no page inside a frame of another site.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; \
    form-action 'self'; frame-ancestors 'none'";

/// How the service is reached; `arbiter serve` sets it from its flags.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Security {
    /// Mark every cookie `Secure` (sent over HTTPS only): on when the public URL is `https://`.
    pub secure_cookies: bool,
    /// Behind a reverse proxy: the client address (for login throttling) is the last entry
    /// of `X-Forwarded-For` instead of the socket's peer, which is the proxy.
    pub trust_proxy: bool,
}

/// Shared state of all handlers: the [`Service`] (the operations, and the cache of sections
/// checked against the database's revision counter on every request, so several processes can
/// serve one PostgreSQL database), the compiled templates, the login throttle and the
/// [`Security`] settings.
#[derive(Clone)]
pub struct AppState {
    /// The operations of the tournament service (and through it the store).
    pub service: Service,
    /// Cookie and proxy settings.
    pub security: Security,
    templates: Arc<Environment<'static>>,
    logins: Arc<throttle::LoginThrottle>,
}

impl AppState {
    /// State over a store, with default [`Security`] (plain HTTP, no proxy).
    pub fn new(store: Store) -> AppState {
        AppState {
            service: Service::new(store),
            security: Security::default(),
            templates: Arc::new(views::templates()),
            logins: Arc::default(),
        }
    }

    /// The same state with other [`Security`] settings.
    pub fn with_security(self, security: Security) -> AppState {
        AppState { security, ..self }
    }

    /// The same state writing a backup after every published round (`--backup-dir`).
    pub fn with_backups(self, backups: service::backups::Backups) -> AppState {
        AppState {
            service: self.service.with_backups(backups),
            ..self
        }
    }

    /// The store under the service, for reads of rows (accounts, sessions, events).
    pub fn store(&self) -> &Store {
        self.service.store()
    }

    /// A section as currently stored (see [`service::SectionCache`]).
    pub async fn section(&self, id: i64) -> Result<Arc<Loaded>, AppError> {
        Ok(self.service.section(id).await?)
    }

    /// A section as the viewer may see it ([`Loaded::view`]): every public output reads
    /// sections through this.
    pub async fn view(&self, id: i64, viewer: &Viewer) -> Result<Arc<Loaded>, AppError> {
        Ok(self.service.view(id, viewer.can_edit()).await?)
    }
}

/// Who is asking, in which language.
#[derive(Debug, Clone)]
pub struct Viewer {
    /// The logged-in user, if any.
    pub user: Option<User>,
    /// The CSRF token of the session.
    pub csrf: Option<String>,
    /// The language of the answer: `?lang=`, else the `lang` cookie, else the browser's
    /// `Accept-Language`, else English.
    pub lang: Lang,
    /// Whether the request came from htmx (answer with a fragment).
    pub htmx: bool,
}

impl Viewer {
    /// Whether the viewer reads German (for texts the service gives in both languages).
    pub fn german(&self) -> bool {
        self.lang == Lang::De
    }

    /// Whether the viewer may change events (arbiter or admin).
    pub fn can_edit(&self) -> bool {
        self.user.as_ref().is_some_and(|u| u.role >= Role::Arbiter)
    }

    /// The user id if the viewer may change events, else [`AppError::Forbidden`].
    pub fn editor(&self) -> Result<i64, AppError> {
        match &self.user {
            Some(u) if u.role >= Role::Arbiter => Ok(u.id),
            _ => Err(AppError::Forbidden),
        }
    }

    /// The user id if the viewer is an admin (user management), else [`AppError::Forbidden`]
    /// (not logged in: pages send the login form) or [`AppError::AdminOnly`] (a 403 page).
    pub fn admin(&self) -> Result<i64, AppError> {
        match &self.user {
            Some(u) if u.role == Role::Admin => Ok(u.id),
            Some(_) => Err(AppError::AdminOnly),
            None => Err(AppError::Forbidden),
        }
    }

    /// Checks the CSRF token sent with a change.
    pub fn check_csrf(&self, sent: Option<&str>) -> Result<(), AppError> {
        match (&self.csrf, sent) {
            (Some(expected), Some(sent)) if auth::same_token(expected, sent) => Ok(()),
            _ => Err(AppError::Csrf),
        }
    }
}

/// The value of a cookie in the request headers.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|kv| {
            let (k, v) = kv.trim().split_once('=')?;
            (k == name).then_some(v)
        })
}

/// The language of the answer to a request: `?lang=`, else the `lang` cookie, else the
/// browser's `Accept-Language`, else English.
pub(crate) fn request_lang(uri: &axum::http::Uri, headers: &HeaderMap) -> Lang {
    let query_lang = uri.query().and_then(|q| {
        q.split('&')
            .find_map(|kv| kv.strip_prefix("lang="))
            .and_then(Lang::from_code)
    });
    query_lang
        .or_else(|| cookie(headers, "lang").and_then(Lang::from_code))
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or(Lang::En)
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Viewer, AppError> {
        let session = match cookie(&parts.headers, SESSION_COOKIE) {
            Some(token) => state.store().session(token, store::unix_now()).await?,
            None => None,
        };
        let lang = request_lang(&parts.uri, &parts.headers);
        let (user, csrf) = match session {
            Some(s) => (Some(s.user), Some(s.csrf)),
            None => (None, None),
        };
        if let (Some(u), Some(logged)) = (&user, parts.extensions.get::<request_log::LoggedUser>())
        {
            logged.set(&u.name);
        }
        Ok(Viewer {
            user,
            csrf,
            lang,
            htmx: parts.headers.contains_key("hx-request"),
        })
    }
}

/// On an empty database: creates the account `admin` with a random password and returns the
/// credentials (to be printed once); `None` when accounts exist.
pub async fn first_start(store: &Store) -> Result<Option<(String, String)>, AppError> {
    if store.user_count().await? > 0 {
        return Ok(None);
    }
    let password = auth::random_token(12);
    store
        .create_user(None, "admin", &auth::hash_password(&password)?, Role::Admin)
        .await?;
    Ok(Some(("admin".to_owned(), password)))
}

/// Stores a whole domain event (e.g. `event::demo::championship`); returns the event id.
pub async fn load_event(store: &Store, ev: &event::Event) -> Result<i64, AppError> {
    Ok(Service::new(store.clone()).load_event(ev).await?)
}

/// Loads the demo championship of `today` with its side events (#14 item 8): the two blitz
/// tournaments ([`event::demo::championship_with_side_events`]) and the tandem tournament
/// ([`service::teams::tandem::demo`]); returns the event id.
pub async fn load_demo(store: &Store, today: event::date::Date) -> Result<i64, AppError> {
    let service = Service::new(store.clone());
    let id = service
        .load_event(&event::demo::championship_with_side_events(today))
        .await?;
    service::teams::tandem::demo(&service, id).await?;
    Ok(id)
}

/// All routes of the service.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(pages::routes())
        .merge(settings::routes())
        .merge(export::routes())
        .merge(api::routes())
        .merge(live::routes())
        .merge(live_pages::routes())
        .merge(seeding::routes())
        .merge(players::routes())
        .merge(checkin::routes())
        .merge(team_pages::routes())
        .merge(upload::routes())
        .merge(documents::routes())
        .merge(entries::routes())
        .merge(proceedings::routes())
        .merge(board::routes())
        .merge(rounds::routes())
        .merge(round_pages::routes())
        .merge(audit::routes())
        .merge(health::routes())
        .layer(middleware::from_fn_with_state(
            state.clone(),
            caching::http_cache,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            error_page::error_pages,
        ))
        .layer(middleware::from_fn_with_state(
            state.clone(),
            security_headers,
        ))
        .layer(middleware::from_fn(request_log::request_log))
        .with_state(state)
}

/// Adds the security headers to every answer ([`CONTENT_SECURITY_POLICY`], no framing, no
/// MIME sniffing, no referrer to other sites) and marks cookies `Secure` when configured.
async fn security_headers(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let mut response = next.run(req).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "same-origin"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if state.security.secure_cookies {
        let cookies: Vec<HeaderValue> = headers
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| {
                let mut bytes = v.as_bytes().to_vec();
                bytes.extend_from_slice(b"; Secure");
                HeaderValue::from_bytes(&bytes).unwrap_or_else(|_| v.clone())
            })
            .collect();
        headers.remove(header::SET_COOKIE);
        for cookie in cookies {
            headers.append(header::SET_COOKIE, cookie);
        }
    }
    response
}
