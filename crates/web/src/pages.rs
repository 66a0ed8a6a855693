//! The HTML pages (minijinja templates, htmx for result entry and pairing progress).
//!
//! Every form posts the session's CSRF token in the field `csrf`; the login form carries a
//! token bound to a cookie instead (double submit), as there is no session yet.

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use event::person::PlayerId;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, Credentials};
use crate::editor::{Edit, NoFields};
use crate::form::Form;
use crate::throttle::ClientAddress;
use crate::views::{self, PageError, PageResult, render, see_other};
use crate::{AppError, AppState, LOGIN_CSRF_COOKIE, SESSION_COOKIE, Viewer, auth, cookie, i18n};
use service::players::PlayerForm;
use service::registration::{NewEvent, NewSection};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/events", post(create_event))
        .route("/login", get(login_form).post(login))
        .route("/logout", post(logout))
        .route("/users", get(users).post(create_user))
        .route("/users/{id}/password", post(set_password))
        .route("/static/htmx.min.js", get(htmx))
        .route("/static/app.js", get(app_js))
        .route("/static/style.css", get(style))
        .route("/events/{id}", get(event_page))
        .route("/events/{id}/sections", post(create_section))
        .route("/events/{id}/import", post(import_trf))
        .route("/events/{id}/delete", post(delete_event))
        .route("/events/{id}/delete-section", post(delete_section))
        .route("/sections/{id}", get(section_page))
        .route("/sections/{id}/players", post(add_player))
        .route("/sections/{id}/pair", post(pair))
        .route("/sections/{id}/standings", get(standings))
        .route("/sections/{id}/crosstable", get(crosstable))
        .route("/sections/{id}/rounds/{n}/publish", post(publish))
        .route("/sections/{id}/rounds/{n}/unpair", post(unpair))
        .route("/players/{id}/withdraw", post(withdraw))
}

const HTMX: &str = include_str!("../static/htmx.min.js");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE: &str = include_str!("../static/style.css");

pub(crate) async fn htmx() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        HTMX,
    )
        .into_response()
}

pub(crate) async fn app_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        APP_JS,
    )
        .into_response()
}

pub(crate) async fn style() -> Response {
    ([(header::CONTENT_TYPE, "text/css")], STYLE).into_response()
}

pub(crate) async fn index(State(state): State<AppState>, viewer: Viewer) -> PageResult {
    let events = state.store().events().await?;
    render(&state, &viewer, "index.html", json!({ "events": events }))
}

pub(crate) async fn login_form(State(state): State<AppState>, viewer: Viewer) -> PageResult {
    let token = auth::random_token(16);
    let mut response = render(
        &state,
        &viewer,
        "login.html",
        json!({ "login_csrf": token }),
    )?;
    if let Ok(v) =
        format!("{LOGIN_CSRF_COOKIE}={token}; Path=/login; HttpOnly; SameSite=Strict").parse()
    {
        response.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(response)
}

#[derive(Deserialize)]
pub(crate) struct LoginForm {
    user: String,
    password: String,
    csrf: String,
}

pub(crate) async fn login(
    State(state): State<AppState>,
    from: ClientAddress,
    headers: HeaderMap,
    Form(f): Form<LoginForm>,
) -> PageResult {
    let expected = cookie(&headers, LOGIN_CSRF_COOKIE).ok_or(AppError::Csrf)?;
    if !auth::same_token(expected, &f.csrf) {
        return Err(AppError::Csrf.into());
    }
    let credentials = Credentials {
        user: f.user,
        password: f.password,
    };
    let (session_cookie, _) = api::open_session(&state, &credentials, from)
        .await
        .map_err(|e| match e {
            AppError::Forbidden => AppError::BadRequest("wrong user name or password".into()),
            e => e,
        })?;
    let mut response = see_other("/");
    if let Ok(v) = session_cookie.parse() {
        response.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(response)
}

#[derive(Deserialize)]
pub(crate) struct CsrfOnly {
    csrf: Option<String>,
}

pub(crate) async fn logout(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Form(f): Form<CsrfOnly>,
) -> PageResult {
    viewer.check_csrf(f.csrf.as_deref())?;
    if let Some(token) = cookie(&headers, SESSION_COOKIE) {
        state.store().delete_session(token).await?;
    }
    let mut response = see_other("/");
    if let Ok(v) = format!("{SESSION_COOKIE}=; Path=/; Max-Age=0").parse() {
        response.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(response)
}

pub(crate) async fn create_event(
    State(state): State<AppState>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<NewEvent>,
) -> PageResult {
    let id = state
        .service
        .create_event(Some(by), &f)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other(&format!("/events/{id}")))
}

#[derive(Deserialize)]
pub(crate) struct SearchQuery {
    /// (Part of) a player's name to find across the event's sections (#14 item 7).
    q: Option<String>,
}

pub(crate) async fn event_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Query(search): Query<SearchQuery>,
) -> PageResult {
    let extra = match search.q {
        Some(q) => {
            let found = state
                .service
                .search_players(id, &q, viewer.can_edit())
                .await?;
            json!({ "q": q, "found": found })
        }
        None => json!({}),
    };
    event_view(&state, &viewer, id, extra).await
}

/// The event page with `extra` in its context (a refused form: its input and message).
async fn event_view(state: &AppState, viewer: &Viewer, id: i64, extra: Value) -> PageResult {
    let event = state.store().event(id).await?;
    let mut sections = Vec::new();
    for s in state.store().sections(id).await? {
        let team = state.store().team_section(s.id).await?.is_some();
        sections.push(json!({ "id": s.id, "name": s.name, "rounds": s.rounds, "team": team }));
    }
    let tribunals = crate::proceedings::public_tribunals(&event, viewer.lang);
    let ctx = json!({ "event": event, "sections": sections, "tribunals": tribunals });
    render(state, viewer, "event.html", views::with_extra(ctx, extra))
}

/// Creates a section from the event page's form; a refusal shows the event page again with
/// the message and the input as typed (#12 item 7).
pub(crate) async fn create_section(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<NewSection>,
) -> PageResult {
    match state.service.create_section(Some(by), id, &f).await {
        Ok(section) => Ok(see_other(&format!("/sections/{section}"))),
        Err(e) => {
            views::refused_in_place(e, viewer.lang, |message| {
                let form = json!({
                    "name": f.name, "rounds": f.rounds, "system": f.system,
                    "classes": f.classes, "tiebreaks": f.tiebreaks,
                    "preset": f.preset, "start": f.start, "interval": f.interval,
                });
                let extra = json!({ "form": form, "form_error": message });
                event_view(&state, &viewer, id, extra)
            })
            .await
        }
    }
}

/// The deletion form of the event page (#14 item 7): the section (for a section), the name
/// typed again, and the admin's checkbox "delete despite published rounds".
#[derive(Deserialize)]
pub(crate) struct DeleteForm {
    #[serde(default)]
    section: Option<i64>,
    #[serde(default)]
    confirm: String,
    #[serde(default)]
    force: Option<String>,
}

impl DeleteForm {
    fn confirm(&self) -> service::deletion::Confirm {
        service::deletion::Confirm {
            confirm: self.confirm.clone(),
            force: self.force.is_some(),
        }
    }
}

/// Deletes the event; a refusal shows the event page again with the message.
pub(crate) async fn delete_event(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<DeleteForm>,
) -> PageResult {
    let admin = viewer.admin().is_ok();
    match state
        .service
        .delete_event(Some(by), id, &f.confirm(), admin)
        .await
    {
        Ok(()) => Ok(see_other("/")),
        Err(e) => {
            views::refused_in_place(e, viewer.lang, |message| {
                event_view(&state, &viewer, id, json!({ "delete_error": message }))
            })
            .await
        }
    }
}

/// Deletes a section of the event; a refusal shows the event page again with the message.
pub(crate) async fn delete_section(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<DeleteForm>,
) -> PageResult {
    let admin = viewer.admin().is_ok();
    let section = f
        .section
        .ok_or_else(|| AppError::BadRequest("section: required".into()))?;
    if state.store().section(section).await?.event != id {
        return Err(AppError::NotFound.into());
    }
    match state
        .service
        .delete_section(Some(by), section, &f.confirm(), admin)
        .await
    {
        Ok(()) => Ok(see_other(&format!("/events/{id}"))),
        Err(e) => {
            views::refused_in_place(e, viewer.lang, |message| {
                event_view(&state, &viewer, id, json!({ "delete_error": message }))
            })
            .await
        }
    }
}

#[derive(Deserialize)]
pub(crate) struct ImportForm {
    trf: String,
    /// The arbiter's reason to admit entries eligibility refuses.
    #[serde(default, rename = "override")]
    over: String,
}

pub(crate) async fn import_trf(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<ImportForm>,
) -> PageResult {
    match state
        .service
        .import_trf(Some(by), id, f.trf.as_bytes(), Some(&f.over))
        .await
    {
        Ok(section) => Ok(see_other(&format!("/sections/{section}"))),
        Err(e) => {
            views::refused_in_place(e, viewer.lang, |message| {
                let typed = json!({ "trf": f.trf, "override": f.over });
                let extra = json!({ "import": typed, "import_error": message });
                event_view(&state, &viewer, id, extra)
            })
            .await
        }
    }
}

pub(crate) async fn section_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    if state.store().team_section(id).await?.is_some() {
        return Ok(see_other(&format!("/sections/{id}/teams")));
    }
    section_view(&state, &viewer, id, json!({})).await
}

/// The section page with `extra` in its context (a refused form: its input and message).
async fn section_view(state: &AppState, viewer: &Viewer, id: i64, extra: Value) -> PageResult {
    let loaded = state.view(id, viewer).await?;
    let rounds: Vec<_> = loaded.rounds.iter().map(|(r, _)| r).collect();
    let ctx = json!({
        "event": loaded.event_row,
        "section": loaded.section_row,
        "players": crate::seeding::players(&loaded),
        "rounds": rounds,
        "played": loaded.rounds.len(),
        "timetable": loaded
            .section()
            .schedule
            .iter()
            .map(|r| match r.time {
                Some(t) => format!("{} {t}", viewer.lang.pick(r.date.to_string(), r.date.german())),
                None => viewer.lang.pick(r.date.to_string(), r.date.german()),
            })
            .collect::<Vec<_>>(),
        "check_in": loaded.section().check_in,
        "checklist": service::lists::checklist(&loaded),
        "rules": rules(&loaded, viewer.lang),
    });
    render(state, viewer, "section.html", views::with_extra(ctx, extra))
}

/// The rules line of the section page: kind, game type (A.1, B.1), supervision with the
/// provision that lets the regulations choose it (A.6, B.4), time control, default time and the
/// rating evaluations.
fn rules(loaded: &service::Loaded, lang: crate::i18n::Lang) -> Value {
    let s = loaded.section();
    let article = s
        .supervision_article()
        .map(|a| lang.pick(a.to_string(), a.as_str().replace("Appendix", "Anhang")));
    json!({
        "side_event": !s.kind.is_championship(),
        "game_type": s.game_type().map(|g| g.to_string()),
        "supervised": s.supervised,
        "supervision_article": article,
        "time_control": s.time_control_written(lang),
        "default_time": s.default_time_minutes,
        "dwz": s.rating.dwz,
        "elo": s.rating.elo,
    })
}

/// Registers a player from the section page's form; a refusal (an ineligible or duplicate
/// entry, a bad value) shows the section page again with the message above the form and the
/// input as typed (#12 item 7).
pub(crate) async fn add_player(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<PlayerForm>,
) -> PageResult {
    match state.service.add_player(Some(by), id, &f).await {
        Ok(_) => Ok(see_other(&format!("/sections/{id}"))),
        Err(e) => {
            views::refused_in_place(e, viewer.lang, |message| {
                let form = json!({
                    "last_name": f.last_name, "first_name": f.first_name, "dwz": f.dwz,
                    "elo": f.elo, "federation": f.federation, "club": f.club, "birth": f.birth,
                    "sex": f.sex, "first_round": f.first_round, "override": f.over,
                });
                let extra = json!({ "player_form": form, "player_error": message });
                section_view(&state, &viewer, id, extra)
            })
            .await
        }
    }
}

#[derive(Deserialize)]
pub(crate) struct WithdrawForm {
    version: i64,
    /// Absent: take the withdrawal back.
    after: Option<i64>,
}

pub(crate) async fn withdraw(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, form: f, .. }: Edit<WithdrawForm>,
) -> PageResult {
    let section = state
        .service
        .withdraw(Some(by), id, f.after, f.version)
        .await?;
    Ok(see_other(&format!("/sections/{section}")))
}

pub(crate) async fn pair(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, .. }: Edit<NoFields>,
) -> PageResult {
    let round = state.service.pair_next(Some(by), id).await?;
    let to = format!("/sections/{id}/rounds/{round}");
    if viewer.htmx {
        return Ok(([("HX-Redirect", to)], "").into_response());
    }
    Ok(see_other(&to))
}

pub(crate) async fn publish(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    Edit { by, .. }: Edit<NoFields>,
) -> PageResult {
    state.service.publish(Some(by), id, n).await?;
    Ok(see_other(&format!("/sections/{id}/rounds/{n}")))
}

pub(crate) async fn unpair(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    Edit { by, .. }: Edit<NoFields>,
) -> PageResult {
    state.service.unpair(Some(by), id, n).await?;
    Ok(see_other(&format!("/sections/{id}")))
}

#[derive(Deserialize)]
pub(crate) struct StandingsQuery {
    player: Option<u32>,
    class: Option<String>,
}

pub(crate) async fn standings(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Query(q): Query<StandingsQuery>,
) -> PageResult {
    if state.service.is_team_section(id).await? {
        return Ok(see_other(&format!("/sections/{id}/teams/standings")));
    }
    let loaded = state.view(id, &viewer).await?;
    let s = loaded.section();
    let table = loaded.ranking(q.class.as_deref())?;
    let (breakdown_name, breakdown) = match q.player {
        Some(player) => breakdown(&loaded, &table.tiebreaks, PlayerId(player), viewer.lang)?,
        None => (String::new(), Vec::new()),
    };
    let legend: Vec<(String, String)> = table.legend(viewer.lang);
    render(
        &state,
        &viewer,
        "standings.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "legend": legend,
            "open_ties": table.open_ties(),
            "playoff_article": event::table::playoff_article().to_string(),
            "table": table,
            "complete": s.rounds_complete(),
            "breakdown": breakdown,
            "breakdown_name": breakdown_name,
            "classes": if s.classes.len() > 1 || s.classes.iter().any(|c| c.girls) {
                s.classes.iter().map(ToString::to_string).collect()
            } else {
                Vec::new()
            },
            "class": q.class.unwrap_or_default(),
        }),
    )
}

/// The breakdown of each of `codes` (BH, FB, SB) for `player`, round by round in words: the
/// opponent by pairing number and name, or what stands for a missing one ("virtual opponent"),
/// and the rounds cut by Cut or Median with the reason and its article (C.07 Art. 14, 16).
fn breakdown(
    loaded: &service::Loaded,
    codes: &[String],
    player: PlayerId,
    lang: i18n::Lang,
) -> Result<(String, Vec<Value>), PageError> {
    let texts = i18n::texts(lang);
    let s = loaded.section();
    let name = loaded
        .player(player)
        .map(|p| p.name.clone())
        .unwrap_or_default();
    let all = loaded.standings()?;
    let numbered = |tpn: u16| {
        all.rows
            .iter()
            .find(|r| r.tpn == u32::from(tpn))
            .map_or("", |r| r.name.as_str())
    };
    let mut out = Vec::new();
    for code in codes {
        let Some(b) = s
            .breakdown(player, code)
            .map_err(|e| AppError::rule(e.to_string()))?
        else {
            continue;
        };
        let rows: Vec<Value> = b
            .contributions
            .iter()
            .map(|c| {
                let opponent = match c.opponent {
                    Some(n) if c.source.is_game() => {
                        format!("{} {n} {}", texts["opponent_no"], numbered(n))
                    }
                    _ => c.source.words(lang).to_owned(),
                };
                json!({
                    "round": c.round,
                    "opponent": opponent,
                    "value": c.value.to_string(),
                    "cut": c.removed.map(|r| format!("{}: {} ({})", texts["cut"], r.words(lang), r.article())),
                })
            })
            .collect();
        out.push(json!({
            "code": code,
            "words": b.tiebreak.describe(lang),
            "value": b.value.to_string(),
            "rows": rows,
        }));
    }
    Ok((name, out))
}

pub(crate) async fn crosstable(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    let loaded = state.view(id, &viewer).await?;
    let table = loaded.crosstable();
    let rounds: Vec<usize> = (1..=loaded.rounds.len()).collect();
    render(
        &state,
        &viewer,
        "crosstable.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "table": table,
            "round_numbers": rounds,
        }),
    )
}

pub(crate) async fn users(State(state): State<AppState>, viewer: Viewer) -> PageResult {
    viewer.admin()?;
    let users = api::user_list(&state).await?;
    let teams = api::all_teams(&state).await?;
    render(
        &state,
        &viewer,
        "users.html",
        json!({ "users": users, "teams": teams }),
    )
}

/// A new password an admin sets for an account.
#[derive(serde::Deserialize)]
pub(crate) struct NewPassword {
    csrf: Option<String>,
    password: String,
}

/// `POST /users/{id}/password` (admins): sets an account's password — the way to open an
/// account an event archive brought in locked, or to replace a forgotten one.
async fn set_password(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Form(f): Form<NewPassword>,
) -> PageResult {
    let by = viewer.admin()?;
    viewer.check_csrf(f.csrf.as_deref())?;
    if f.password.chars().count() < api::MIN_PASSWORD {
        return Err(AppError::BadRequest(format!(
            "password: at least {} characters",
            api::MIN_PASSWORD
        ))
        .into());
    }
    let hash = crate::auth::hash_password(&f.password)?;
    state.store().set_password(Some(by), id, &hash).await?;
    Ok(see_other(&format!("/users#user-{id}")))
}

pub(crate) async fn create_user(
    State(state): State<AppState>,
    viewer: Viewer,
    Form(f): Form<api::NewUser>,
) -> PageResult {
    let by = viewer.admin()?;
    viewer.check_csrf(f.csrf.as_deref())?;
    api::do_create_user(&state, by, &f).await?;
    Ok(see_other("/users"))
}
