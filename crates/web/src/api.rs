//! The JSON API under `/api`: reads, accounts and sessions, and the director's changes as calls of
//! [`service::Service`] operations.
//!
//! Reads are public for published rounds; changes need an arbiter or admin session (cookie from
//! `POST /api/login`) and the session's CSRF token in the `X-CSRF-Token` header.

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use store::Role;

use crate::editor::{Editor, csrf_header};
use crate::throttle::ClientAddress;
use crate::views::boards;
use crate::{AppError, AppState, SESSION_COOKIE, Viewer, auth};
use service::players::PlayerForm;
use service::registration::{NewEvent, NewSection};

/// The OpenAPI document, written by hand; `api_tests::openapi_lists_every_api_route` keeps it
/// true to the router.
pub const OPENAPI: &str = include_str!("../openapi.json");

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/openapi.json", get(openapi))
        .route("/api/login", post(login))
        .route("/api/events", get(events).post(create_event))
        .route("/api/events/{id}", get(event))
        .route("/api/events/{id}/sections", post(create_section))
        .route("/api/sections/{id}", get(section))
        .route(
            "/api/sections/{id}/players",
            get(crate::seeding::api_players).post(add_player),
        )
        .route("/api/sections/{id}/pair", post(pair))
        .route("/api/sections/{id}/rounds/{n}", get(round))
        .route("/api/sections/{id}/rounds/{n}/publish", post(publish))
        .route("/api/sections/{id}/standings", get(standings))
        .route("/api/games/{id}/result", post(result))
        .route("/api/users", get(users).post(create_user))
}

#[derive(Deserialize)]
pub(crate) struct NewUser {
    pub name: String,
    pub password: String,
    /// `arbiter` (default), `admin` or `captain`.
    #[serde(default)]
    pub role: String,
    /// The team of a captain (team id; a number or, from a form, its text).
    #[serde(default)]
    pub team: Option<TeamId>,
    #[serde(default)]
    pub csrf: Option<String>,
}

/// A team id from JSON (number) or a form (text, empty for none).
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum TeamId {
    Number(i64),
    Text(String),
}

impl TeamId {
    fn id(&self) -> Result<Option<i64>, AppError> {
        match self {
            TeamId::Number(n) => Ok(Some(*n)),
            TeamId::Text(t) if t.trim().is_empty() => Ok(None),
            TeamId::Text(t) => t
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| AppError::BadRequest(format!("team `{t}`: not a team id"))),
        }
    }
}

/// Least length of a new account's password.
pub(crate) const MIN_PASSWORD: usize = 10;

/// Creates an arbiter or admin account for the admin `by`; returns its id.
pub(crate) async fn do_create_user(
    state: &AppState,
    by: i64,
    f: &NewUser,
) -> Result<i64, AppError> {
    let name = f.name.trim();
    if name.is_empty() || name.chars().any(char::is_control) {
        return Err(AppError::BadRequest("user name: required, one line".into()));
    }
    if f.password.chars().count() < MIN_PASSWORD {
        return Err(AppError::BadRequest(format!(
            "password: at least {MIN_PASSWORD} characters"
        )));
    }
    let role = match f.role.trim() {
        "" | "arbiter" => Role::Arbiter,
        "admin" => Role::Admin,
        "captain" => Role::Captain,
        other => {
            return Err(AppError::BadRequest(format!(
                "role `{other}`: expected arbiter, admin or captain"
            )));
        }
    };
    let team = match &f.team {
        Some(t) => t.id()?,
        None => None,
    };
    if role == Role::Captain {
        let team = team.ok_or_else(|| {
            AppError::BadRequest("a captain account needs its team (SJRP §10.9)".into())
        })?;
        state.store().team(team).await?;
        let hash = crate::auth::hash_password(&f.password)?;
        let id = state
            .store()
            .create_user(Some(by), name, &hash, role)
            .await?;
        state.store().set_captain(Some(by), id, team).await?;
        return Ok(id);
    }
    let hash = crate::auth::hash_password(&f.password)?;
    Ok(state
        .store()
        .create_user(Some(by), name, &hash, role)
        .await?)
}

/// Every team of every team section, `{id, label}` with event and section, for the captain
/// form.
pub(crate) async fn all_teams(state: &AppState) -> Result<Vec<Value>, AppError> {
    let mut out = Vec::new();
    for ev in state.store().events().await? {
        for s in state.store().sections(ev.id).await? {
            for t in state.store().teams(s.id).await? {
                out.push(json!({ "id": t.id, "label": format!("{} / {} / {}", ev.name, s.name, t.name) }));
            }
        }
    }
    Ok(out)
}

/// The accounts as name and role (never the password hash).
pub(crate) async fn user_list(state: &AppState) -> Result<Vec<Value>, AppError> {
    let captains: std::collections::HashMap<i64, i64> =
        state.store().captains().await?.into_iter().collect();
    Ok(state
        .store()
        .users()
        .await?
        .iter()
        .map(|u| json!({ "id": u.id, "name": u.name, "role": u.role.as_str(), "team": captains.get(&u.id) }))
        .collect())
}

async fn users(State(state): State<AppState>, viewer: Viewer) -> Result<Json<Value>, AppError> {
    viewer.admin()?;
    Ok(Json(json!(user_list(&state).await?)))
}

async fn create_user(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Json(f): Json<NewUser>,
) -> Result<Response, AppError> {
    let by = viewer.admin()?;
    viewer.check_csrf(csrf_header(&headers))?;
    let id = do_create_user(&state, by, &f).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

#[derive(Deserialize)]
pub(crate) struct Credentials {
    pub user: String,
    pub password: String,
}

/// Checks credentials and opens a session: the cookie header to set and the CSRF token.
/// Every attempt counts against the account and the client address (429 past the limit), and
/// an unknown account costs as much as a known one.
pub(crate) async fn open_session(
    state: &AppState,
    c: &Credentials,
    ClientAddress(from): ClientAddress,
) -> Result<(String, String), AppError> {
    state
        .logins
        .attempt(&c.user, from, store::unix_now())
        .map_err(AppError::TooManyRequests)?;
    let user = state.store().user_by_name(&c.user).await?;
    let user = auth::verify_login(&c.password, user).ok_or(AppError::Forbidden)?;
    state.logins.succeeded(&c.user, from);
    let token = auth::random_token(32);
    let csrf = auth::random_token(32);
    state
        .store()
        .create_session(
            &token,
            user.id,
            &csrf,
            store::unix_now() + auth::SESSION_SECONDS,
        )
        .await?;
    let cookie = format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={}",
        auth::SESSION_SECONDS
    );
    Ok((cookie, csrf))
}

async fn login(
    State(state): State<AppState>,
    from: ClientAddress,
    Json(c): Json<Credentials>,
) -> Result<Response, AppError> {
    let (cookie, csrf) = open_session(&state, &c, from).await?;
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(json!({ "csrf": csrf })),
    )
        .into_response())
}

async fn events(State(state): State<AppState>) -> Result<Json<Value>, AppError> {
    Ok(Json(json!(state.store().events().await?)))
}

async fn create_event(
    State(state): State<AppState>,
    Editor { by, viewer }: Editor,
    Json(e): Json<NewEvent>,
) -> Result<Response, AppError> {
    let id = state
        .service
        .create_event(Some(by), &e)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

async fn event(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    let ev = state.store().event(id).await?;
    let sections = state.store().sections(id).await?;
    Ok(Json(json!({ "event": ev, "sections": sections })))
}

async fn create_section(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
    Json(n): Json<NewSection>,
) -> Result<Response, AppError> {
    let section = state
        .service
        .create_section(Some(by), id, &n)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok((StatusCode::CREATED, Json(json!({ "id": section }))).into_response())
}

async fn section(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    let loaded = state.view(id, &viewer).await?;
    let rounds: Vec<_> = loaded.rounds.iter().map(|(r, _)| r).collect();
    Ok(Json(
        json!({ "section": loaded.section_row, "players": loaded.players, "rounds": rounds }),
    ))
}

async fn add_player(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
    Json(f): Json<PlayerForm>,
) -> Result<Response, AppError> {
    let player = state
        .service
        .add_player(Some(by), id, &f)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok((StatusCode::CREATED, Json(json!({ "id": player }))).into_response())
}

async fn pair(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
) -> Result<Response, AppError> {
    let round = state
        .service
        .pair_next(Some(by), id)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok((StatusCode::CREATED, Json(json!({ "round": round }))).into_response())
}

async fn publish(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    Editor { by, viewer }: Editor,
) -> Result<Json<Value>, AppError> {
    let warnings = state
        .service
        .publish(Some(by), id, n)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Json(json!({ "warnings": warnings })))
}

async fn round(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Json<Value>, AppError> {
    let loaded = state.view(id, &viewer).await?;
    let boards = boards(&loaded, n).ok_or(AppError::NotFound)?;
    let published = loaded.round(n).is_some_and(|(r, _)| r.published);
    Ok(Json(
        json!({ "round": n, "published": published, "boards": boards }),
    ))
}

#[derive(Deserialize)]
struct ClassQuery {
    class: Option<String>,
}

async fn standings(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Query(q): Query<ClassQuery>,
) -> Result<Json<Value>, AppError> {
    if state.service.is_team_section(id).await? {
        let ts = state
            .service
            .team_section_view(id, viewer.can_edit())
            .await?;
        return Ok(Json(service::teams::views::standings_view(&ts)?));
    }
    let loaded = state.view(id, &viewer).await?;
    let table = loaded.ranking(q.class.as_deref())?;
    Ok(Json(json!({
        "section": loaded.section_row.name,
        "rounds_complete": loaded.section().rounds_complete(),
        "standings": table,
    })))
}

#[derive(Deserialize)]
pub(crate) struct ResultForm {
    pub result: String,
    pub version: i64,
}

async fn result(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
    Json(f): Json<ResultForm>,
) -> Result<Json<Value>, AppError> {
    let entered = state
        .service
        .enter_result(Some(by), id, &f.result, f.version)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Json(
        json!({ "game": id, "result": f.result, "version": entered.version, "correction": entered.effect }),
    ))
}
