//! Pages and JSON API of team events (SJRP §10-§18): HTTP to the operations of
//! [`service::teams`] and back. Who may act for a team is decided here: an arbiter (the entry
//! is confirmed at once) or the team's captain (the entry waits for an arbiter).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::editor::{Edit, Editor, NoFields, csrf_header};
use crate::form::Form;
use service::teams::registration::{NewTeamSection, TeamForm};
use service::teams::views::{round_view, standings_view, teams_view};
use service::teams::withdrawal::TeamWithdrawalForm;
use service::teams::{Absent, BoardResult, MatchDoc, messages};

use crate::views::{PageResult, render, see_other};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/team-sections", post(create_section_form))
        .route("/sections/{id}/teams", get(teams_page).post(register_form))
        .route("/sections/{id}/teams/pair", post(pair_form))
        .route("/sections/{id}/teams/rounds/{n}", get(round_page))
        .route(
            "/sections/{id}/teams/rounds/{n}/publish",
            post(publish_form),
        )
        .route("/sections/{id}/teams/standings", get(standings_page))
        .route("/teams/{id}/lineups/{n}", post(lineup_form))
        .route("/lineups/{id}/confirm", post(confirm_lineup_form))
        .route("/teams/{id}/withdraw", post(withdraw_form))
        .route("/team-matches/{id}/result", post(result_form))
        .route("/api/events/{id}/team-sections", post(api_create_section))
        .route(
            "/api/sections/{id}/teams",
            get(api_teams).post(api_register),
        )
        .route("/api/sections/{id}/teams/pair", post(api_pair))
        .route("/api/sections/{id}/teams/rounds/{n}", get(api_round))
        .route(
            "/api/sections/{id}/teams/rounds/{n}/publish",
            post(api_publish),
        )
        .route("/api/sections/{id}/teams/standings", get(api_standings))
        .route("/api/teams/{id}/lineups/{n}", post(api_lineup))
        .route("/api/lineups/{id}/confirm", post(api_confirm_lineup))
        .route("/api/teams/{id}/withdraw", post(api_withdraw))
        .route("/api/team-matches/{id}/result", post(api_result))
}

/// The viewer's team as captain, for the pages.
async fn captain_of(state: &AppState, viewer: &Viewer) -> Result<Option<i64>, AppError> {
    match &viewer.user {
        Some(u) if u.role == store::Role::Captain => Ok(state.store().captain_team(u.id).await?),
        _ => Ok(None),
    }
}

/// Who may act for a team: an arbiter (the entry is confirmed at once) or the team's captain
/// (the entry waits for an arbiter). Returns the user id and whether the entry is confirmed.
async fn team_actor(
    state: &AppState,
    viewer: &Viewer,
    teams: &[i64],
) -> Result<(i64, bool), AppError> {
    let user = viewer.user.as_ref().ok_or(AppError::Forbidden)?;
    if viewer.can_edit() {
        return Ok((user.id, true));
    }
    if user.role == store::Role::Captain
        && let Some(team) = state.store().captain_team(user.id).await?
        && teams.contains(&team)
    {
        return Ok((user.id, false));
    }
    Err(AppError::Forbidden)
}

// ---- section and registration ---------------------------------------------------------------

async fn create_section_form(
    State(state): State<AppState>,
    Path(event): Path<i64>,
    Edit { by, form: f, .. }: Edit<NewTeamSection>,
) -> PageResult {
    let id = state
        .service
        .create_team_section(Some(by), event, &f)
        .await?;
    Ok(see_other(&format!("/sections/{id}/teams")))
}

async fn api_create_section(
    State(state): State<AppState>,
    Path(event): Path<i64>,
    Editor { by, viewer: _ }: Editor,
    Json(f): Json<NewTeamSection>,
) -> Result<Response, AppError> {
    let id = state
        .service
        .create_team_section(Some(by), event, &f)
        .await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

async fn teams_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    let ts = state
        .service
        .team_section_view(id, viewer.can_edit())
        .await?;
    let mut ctx = teams_view(&ts, viewer.german())?;
    ctx["event"] = json!(state.store().event(ts.section.event).await?);
    ctx["round_numbers"] = json!((1..=ts.rounds_paired()).collect::<Vec<_>>());
    ctx["captain_team"] = json!(captain_of(&state, &viewer).await?);
    render(&state, &viewer, "teams.html", ctx)
}

async fn register_form(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<TeamForm>,
) -> PageResult {
    state
        .service
        .register_team(Some(by), id, &f)
        .await
        .map_err(|e| AppError::refused(e, viewer.lang))?;
    Ok(see_other(&format!("/sections/{id}/teams")))
}

async fn withdraw_form(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<TeamWithdrawalForm>,
) -> PageResult {
    state
        .service
        .withdraw_team(Some(by), id, &f)
        .await
        .map_err(|e| AppError::refused(e, viewer.lang))?;
    let section = state.store().team(id).await?.section;
    Ok(see_other(&format!("/sections/{section}/teams#team-{id}")))
}

async fn api_withdraw(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer: _ }: Editor,
    Json(f): Json<TeamWithdrawalForm>,
) -> Result<Response, AppError> {
    state.service.withdraw_team(Some(by), id, &f).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

async fn api_teams(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    let ts = state
        .service
        .team_section_view(id, viewer.can_edit())
        .await?;
    Ok(Json(teams_view(&ts, viewer.german())?))
}

async fn api_register(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
    Json(f): Json<TeamForm>,
) -> Result<Response, AppError> {
    let team = state.service.register_team(Some(by), id, &f).await?;
    let ts = state.service.team_section(id).await?;
    Ok((
        StatusCode::CREATED,
        Json(
            json!({ "id": team, "violations": messages::squad_violations(&ts, viewer.german())? }),
        ),
    )
        .into_response())
}

// ---- pairing --------------------------------------------------------------------------------

async fn pair_form(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, .. }: Edit<NoFields>,
) -> PageResult {
    let round = state.service.pair_team_round(Some(by), id).await?;
    Ok(see_other(&format!("/sections/{id}/teams/rounds/{round}")))
}

async fn api_pair(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer: _ }: Editor,
) -> Result<Response, AppError> {
    let round = state.service.pair_team_round(Some(by), id).await?;
    let ts = state.service.team_section(id).await?;
    Ok((StatusCode::CREATED, Json(round_view(&ts, round, false)?)).into_response())
}

/// Publishes a previewed team round; the public sees it from now on.
async fn publish_form(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    Edit { by, viewer, .. }: Edit<NoFields>,
) -> PageResult {
    state
        .service
        .publish_team_round(Some(by), id, n)
        .await
        .map_err(|e| AppError::refused(e, viewer.lang))?;
    Ok(see_other(&format!("/sections/{id}/teams/rounds/{n}")))
}

async fn api_publish(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    Editor { by, viewer }: Editor,
) -> Result<Json<Value>, AppError> {
    state.service.publish_team_round(Some(by), id, n).await?;
    let ts = state.service.team_section(id).await?;
    Ok(Json(round_view(&ts, n, viewer.german())?))
}

// ---- rounds, lineups, results ---------------------------------------------------------------

async fn round_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> PageResult {
    let ts = state
        .service
        .team_section_view(id, viewer.can_edit())
        .await?;
    let mut ctx = round_view(&ts, n, viewer.german())?;
    ctx["captain_team"] = json!(captain_of(&state, &viewer).await?);
    ctx["event"] = json!(state.store().event(ts.section.event).await?);
    ctx["number"] = json!(n);
    // A tandem match has one result for both boards (service::teams::tandem).
    ctx["tandem"] = json!(ts.settings.is_tandem());
    render(&state, &viewer, "team_round.html", ctx)
}

async fn api_round(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Json<Value>, AppError> {
    let ts = state
        .service
        .team_section_view(id, viewer.can_edit())
        .await?;
    Ok(Json(round_view(&ts, n, viewer.german())?))
}

/// A lineup form: `board1` … `boardN`, each a player id or empty (empty board).
async fn lineup_form(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((team_id, n)): Path<(i64, i64)>,
    Form(f): Form<Vec<(String, String)>>,
) -> PageResult {
    let csrf = f.iter().find(|(k, _)| k == "csrf").map(|(_, v)| v.as_str());
    viewer.check_csrf(csrf)?;
    let (by, confirmed) = team_actor(&state, &viewer, &[team_id]).await?;
    let mut boards: Vec<(usize, Option<u32>)> = Vec::new();
    for (k, v) in &f {
        if let Some(b) = k
            .strip_prefix("board")
            .and_then(|b| b.parse::<usize>().ok())
        {
            let player = if v.trim().is_empty() {
                None
            } else {
                Some(v.trim().parse::<u32>().map_err(|_| {
                    AppError::BadRequest(format!("board {b}: `{v}` is not a player"))
                })?)
            };
            boards.push((b, player));
        }
    }
    boards.sort_by_key(|(b, _)| *b);
    let players: Vec<Option<u32>> = boards.into_iter().map(|(_, p)| p).collect();
    state
        .service
        .enter_lineup(Some(by), confirmed, team_id, n, &players)
        .await?;
    let row = state.store().team(team_id).await?;
    Ok(see_other(&format!(
        "/sections/{}/teams/rounds/{n}",
        row.section
    )))
}

#[derive(Deserialize)]
struct LineupBody {
    /// Player ids board by board, `null` for an empty board.
    players: Vec<Option<u32>>,
}

async fn api_lineup(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path((team_id, n)): Path<(i64, i64)>,
    Json(body): Json<LineupBody>,
) -> Result<Response, AppError> {
    viewer.check_csrf(csrf_header(&headers))?;
    let (by, confirmed) = team_actor(&state, &viewer, &[team_id]).await?;
    let id = state
        .service
        .enter_lineup(Some(by), confirmed, team_id, n, &body.players)
        .await?;
    let row = state.store().team(team_id).await?;
    let ts = state.service.team_section(row.section).await?;
    Ok(Json(json!({
        "id": id,
        "confirmed": confirmed,
        "violations": messages::lineup_violations(&ts, team_id, n, viewer.german())?,
    }))
    .into_response())
}

async fn confirm_lineup_form(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, .. }: Edit<NoFields>,
) -> PageResult {
    let (section, round) = state.service.confirm_lineup(Some(by), id).await?;
    Ok(see_other(&format!(
        "/sections/{section}/teams/rounds/{round}"
    )))
}

async fn api_confirm_lineup(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer: _ }: Editor,
) -> Result<Response, AppError> {
    state.service.confirm_lineup(Some(by), id).await?;
    Ok(Json(json!({ "id": id, "confirmed": true })).into_response())
}

/// A result form: `version`, `board1` … `boardN` (codes), `forfeit` (`home`, `away` or empty).
fn match_doc(fields: &[(String, String)]) -> Result<(MatchDoc, i64), AppError> {
    let mut boards: Vec<(usize, BoardResult)> = Vec::new();
    let mut forfeit = None;
    let mut version = None;
    for (k, v) in fields {
        if let Some(b) = k
            .strip_prefix("board")
            .and_then(|b| b.parse::<usize>().ok())
        {
            boards.push((b, v.parse()?));
        } else if k == "forfeit" {
            forfeit = match v.as_str() {
                "home" => Some(Absent::Home),
                "away" => Some(Absent::Away),
                "" | "none" => None,
                other => {
                    return Err(AppError::BadRequest(format!(
                        "forfeit `{other}`: home, away or empty"
                    )));
                }
            };
        } else if k == "version" {
            version = v.parse().ok();
        }
    }
    boards.sort_by_key(|(b, _)| *b);
    let version = version.ok_or_else(|| AppError::BadRequest("version missing".into()))?;
    Ok((
        MatchDoc {
            boards: boards.into_iter().map(|(_, r)| r).collect(),
            forfeit,
        },
        version,
    ))
}

async fn match_actor(
    state: &AppState,
    viewer: &Viewer,
    id: i64,
) -> Result<(i64, bool, store::TeamMatch), AppError> {
    let m = state.store().team_match(id).await?;
    let teams: Vec<i64> = std::iter::once(m.home).chain(m.away).collect();
    let (by, confirmed) = team_actor(state, viewer, &teams).await?;
    Ok((by, confirmed, m))
}

async fn result_form(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Form(f): Form<Vec<(String, String)>>,
) -> PageResult {
    let csrf = f.iter().find(|(k, _)| k == "csrf").map(|(_, v)| v.as_str());
    viewer.check_csrf(csrf)?;
    let (by, confirmed, m) = match_actor(&state, &viewer, id).await?;
    let (doc, version) = match_doc(&f)?;
    state
        .service
        .enter_match_result(Some(by), confirmed, id, &doc, version)
        .await?;
    Ok(see_other(&format!(
        "/sections/{}/teams/rounds/{}",
        m.section, m.round
    )))
}

#[derive(Deserialize)]
struct ResultBody {
    version: i64,
    /// Board results home–away (`1-0`, `½-½`, `0-1`, `+-`, `-+`, `--`, `*`).
    #[serde(default)]
    boards: Vec<String>,
    /// `home` or `away`: that team forfeited the match.
    #[serde(default)]
    forfeit: Option<String>,
}

async fn api_result(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(body): Json<ResultBody>,
) -> Result<Response, AppError> {
    viewer.check_csrf(csrf_header(&headers))?;
    let (by, confirmed, _) = match_actor(&state, &viewer, id).await?;
    let mut fields: Vec<(String, String)> = body
        .boards
        .iter()
        .enumerate()
        .map(|(i, r)| (format!("board{}", i + 1), r.clone()))
        .collect();
    fields.push(("version".into(), body.version.to_string()));
    fields.push(("forfeit".into(), body.forfeit.unwrap_or_default()));
    let (doc, version) = match_doc(&fields)?;
    let version = state
        .service
        .enter_match_result(Some(by), confirmed, id, &doc, version)
        .await?;
    Ok(Json(json!({ "id": id, "version": version, "confirmed": confirmed })).into_response())
}

// ---- standings ------------------------------------------------------------------------------

async fn standings_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    let ts = state
        .service
        .team_section_view(id, viewer.can_edit())
        .await?;
    let mut ctx = standings_view(&ts)?;
    ctx["event"] = json!(state.store().event(ts.section.event).await?);
    render(&state, &viewer, "team_standings.html", ctx)
}

async fn api_standings(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    let ts = state
        .service
        .team_section_view(id, viewer.can_edit())
        .await?;
    Ok(Json(standings_view(&ts)?))
}
