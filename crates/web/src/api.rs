//! The JSON API under `/api` and the operations the HTML forms share with it.
//!
//! Reads are public for published rounds; changes need an arbiter or admin session (cookie from
//! `POST /api/login`) and the session's CSRF token in the `X-CSRF-Token` header.

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use event::age::{AgeClass, Class};
use event::player::{Entry, Player, PlayerId, Sex};
use event::section::System;
use event::validate::{self, Field};
use serde::Deserialize;
use serde_json::{Value, json};
use store::Role;

use crate::throttle::ClientAddress;
use crate::{AppError, AppState, SESSION_COOKIE, Viewer, auth, settings};
use service::Loaded;
use service::rows as domain;

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
        .route(
            "/api/events/{id}/settings",
            get(settings::api_event).put(settings::api_update_event),
        )
        .route(
            "/api/sections/{id}/settings",
            get(settings::api_section).put(settings::api_update_section),
        )
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
const MIN_PASSWORD: usize = 10;

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

fn csrf_header(headers: &HeaderMap) -> Option<&str> {
    headers.get("x-csrf-token").and_then(|v| v.to_str().ok())
}

/// Checks role and CSRF header of an API change; returns the user id.
pub(crate) fn api_editor(viewer: &Viewer, headers: &HeaderMap) -> Result<i64, AppError> {
    let id = viewer.editor()?;
    viewer.check_csrf(csrf_header(headers))?;
    Ok(id)
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

#[derive(Deserialize)]
pub(crate) struct NewEvent {
    pub name: String,
    #[serde(default)]
    pub place: String,
    pub start_date: String,
    #[serde(default)]
    pub csrf: Option<String>,
}

/// Creates an event from a form or API body.
pub(crate) async fn do_create_event(
    state: &AppState,
    by: i64,
    e: &NewEvent,
) -> Result<i64, AppError> {
    let start: event::date::Date = e
        .start_date
        .parse()
        .map_err(|err| AppError::BadRequest(format!("start date: {err}")))?;
    let ev = event::Event::new(e.name.trim(), e.place.trim(), start, start);
    Ok(domain::store_event(state.store(), Some(by), &ev).await?)
}

async fn create_event(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Json(e): Json<NewEvent>,
) -> Result<Response, AppError> {
    let by = api_editor(&viewer, &headers)?;
    let id = do_create_event(&state, by, &e).await?;
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

#[derive(Deserialize)]
pub(crate) struct NewSection {
    pub name: String,
    pub rounds: u32,
    /// `swiss` (default) or `round_robin`.
    #[serde(default)]
    pub system: String,
    /// C.07 codes; empty for the SJRP default.
    #[serde(default)]
    pub tiebreaks: String,
    /// Age classes, comma-separated (`U12,U12w`); empty for open.
    #[serde(default)]
    pub classes: String,
    #[serde(default)]
    pub csrf: Option<String>,
}

/// Creates a section from a form or API body.
pub(crate) async fn do_create_section(
    state: &AppState,
    by: i64,
    event: i64,
    n: &NewSection,
) -> Result<i64, AppError> {
    let classes = n
        .classes
        .split(',')
        .filter(|c| !c.trim().is_empty())
        .map(|c| {
            c.parse::<Class>()
                .map_err(|e| AppError::BadRequest(e.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let classes = if classes.is_empty() {
        vec![Class::open(AgeClass::Open)]
    } else {
        classes
    };
    let mut s = event::Section::new(n.name.trim(), classes);
    s.rounds = n.rounds;
    s.system = match n.system.as_str() {
        "" | "swiss" => System::Swiss { edition: None },
        "round_robin" => System::RoundRobin { double: false },
        "double_round_robin" => System::RoundRobin { double: true },
        other => return Err(AppError::BadRequest(format!("unknown system `{other}`"))),
    };
    if !n.tiebreaks.trim().is_empty() {
        s.tiebreaks = n.tiebreaks.trim().to_owned();
    }
    validate::section(&s)?;
    s.check_settings()
        .map_err(|e| AppError::BadRequest(e.to_string()))?;
    state.store().event(event).await?;
    Ok(domain::store_section(state.store(), Some(by), event, &s).await?)
}

async fn create_section(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(n): Json<NewSection>,
) -> Result<Response, AppError> {
    let by = api_editor(&viewer, &headers)?;
    let section = do_create_section(&state, by, id, &n).await?;
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

#[derive(Deserialize)]
pub(crate) struct PlayerForm {
    pub last_name: String,
    #[serde(default)]
    pub first_name: String,
    /// DWZ (German rating); a JSON number or form text, empty for none.
    #[serde(default, deserialize_with = "rating")]
    pub dwz: String,
    /// FIDE rating; a JSON number or form text, empty for none.
    #[serde(default, deserialize_with = "rating")]
    pub elo: String,
    /// Refused: DWZ and Elo are separate fields.
    #[serde(default)]
    pub rating: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    pub federation: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub birth: String,
    /// `m`, `w` or empty.
    #[serde(default)]
    pub sex: String,
    #[serde(default)]
    pub fide_id: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub class: String,
    #[serde(default)]
    pub first_round: String,
    #[serde(default)]
    pub csrf: Option<String>,
}

/// A rating as a JSON number or text.
fn rating<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Rating {
        Number(u64),
        Text(String),
    }
    Ok(match Rating::deserialize(d)? {
        Rating::Number(n) => n.to_string(),
        Rating::Text(t) => t,
    })
}

/// Registers a player from a form or API body (late entry when `first_round` > 1).
pub(crate) async fn do_add_player(
    state: &AppState,
    by: i64,
    section: i64,
    f: &PlayerForm,
) -> Result<i64, AppError> {
    if f.rating.is_some() {
        return Err(AppError::BadRequest(
            "rating: not a field; send `dwz` and/or `elo`".into(),
        ));
    }
    let loaded = service::loaded::load(state.store(), section).await?;
    let mut p = Player::new(PlayerId(0), f.last_name.trim(), f.first_name.trim());
    let number = |field: &str, v: &str| -> Result<Option<u64>, AppError> {
        let v = v.trim();
        if v.is_empty() {
            return Ok(None);
        }
        v.parse()
            .map(Some)
            .map_err(|_| AppError::BadRequest(format!("{field}: `{v}` is not a number")))
    };
    let rating = |field: Field, v: &str| -> Result<Option<u16>, AppError> {
        number(field.english(), v)?
            .map(|r| {
                validate::number(field, r, 0, u64::from(validate::MAX_RATING))?;
                u16::try_from(r).map_err(|_| AppError::Internal(format!("rating {r}")))
            })
            .transpose()
    };
    p.dwz = rating(Field::Dwz, &f.dwz)?;
    p.elo = rating(Field::Elo, &f.elo)?;
    p.fide_id = number("FIDE id", &f.fide_id)?;
    p.federation = f.federation.trim().to_ascii_uppercase();
    p.club = f.club.trim().to_owned();
    p.title = Some(f.title.trim().to_ascii_uppercase()).filter(|t| !t.is_empty());
    p.sex = match f.sex.trim() {
        "" => None,
        "m" | "M" => Some(Sex::Male),
        "w" | "W" | "f" | "F" => Some(Sex::Female),
        other => {
            return Err(AppError::BadRequest(format!(
                "sex: `{other}` (m, w or empty)"
            )));
        }
    };
    if !f.birth.trim().is_empty() {
        p.birth = Some(
            f.birth
                .parse()
                .map_err(|e| AppError::BadRequest(format!("birth date: {e}")))?,
        );
    }
    let s = loaded.section();
    let class = if f.class.trim().is_empty() {
        s.classes
            .first()
            .copied()
            .unwrap_or(Class::open(AgeClass::Open))
    } else {
        f.class
            .parse()
            .map_err(|e: event::age::ParseClassError| AppError::BadRequest(e.to_string()))?
    };
    let mut entry = Entry::new(p, class);
    let next_round = u32::try_from(s.played.len() + 1).unwrap_or(u32::MAX);
    entry.first_round = match number("first round", &f.first_round)? {
        Some(r) => u32::try_from(r).unwrap_or(u32::MAX).max(next_round),
        None => next_round,
    };
    validate::room(s, 1)?;
    let new = domain::new_player(&entry)?;
    Ok(state.store().add_player(Some(by), section, &new).await?)
}

async fn add_player(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(f): Json<PlayerForm>,
) -> Result<Response, AppError> {
    let by = api_editor(&viewer, &headers)?;
    let player = do_add_player(&state, by, id, &f).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": player }))).into_response())
}

async fn pair(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    let by = api_editor(&viewer, &headers)?;
    let round = state.service.pair_next(Some(by), id).await?;
    Ok((StatusCode::CREATED, Json(json!({ "round": round }))).into_response())
}

async fn publish(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Json<Value>, AppError> {
    let by = api_editor(&viewer, &headers)?;
    let warnings = state.service.publish(Some(by), id, n).await?;
    Ok(Json(json!({ "warnings": warnings })))
}

/// The boards of a round of a section view ([`Loaded::view`]) as JSON values; `None` when
/// the view has no such round.
pub(crate) fn boards(loaded: &Loaded, number: i64) -> Option<Vec<Value>> {
    let (_, games) = loaded.round(number)?;
    Some(
        games
            .iter()
            .map(|g| {
                json!({
                    "game": g.id,
                    "board": g.board,
                    "white": g.white,
                    "white_name": loaded.name(g.white),
                    "black": g.black,
                    "black_name": g.black.map(|b| loaded.name(b)),
                    "result": g.result.code(),
                    "manual": g.manual,
                    "version": g.version,
                })
            })
            .collect(),
    )
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
    #[serde(default)]
    pub csrf: Option<String>,
}

async fn result(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(f): Json<ResultForm>,
) -> Result<Json<Value>, AppError> {
    let by = api_editor(&viewer, &headers)?;
    let entered = state
        .service
        .enter_result(Some(by), id, &f.result, f.version)
        .await?;
    Ok(Json(
        json!({ "game": id, "result": f.result, "version": entered.version, "correction": entered.effect }),
    ))
}
