//! Check-in before round 1 (`event::checkin`): a page per section listing the players with a
//! big toggle (htmx, for a tablet at the entrance), and the API
//! `POST`/`DELETE /api/sections/{id}/players/{pid}/checkin`.

use axum::extract::{Path, State};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::editor::{Edit, Editor};
use crate::views::{PageResult, render, see_other};
use crate::{AppError, AppState, Viewer};
use service::Loaded;
use service::rows as domain;

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/sections/{id}/players/{pid}/checkin",
            post(api_check_in).delete(api_undo),
        )
        .route("/sections/{id}/check-in", get(page))
        .route("/sections/{id}/players/{pid}/checkin", post(form_check_in))
}

/// The body of `POST .../checkin`: `present` (default `true`; `false` takes it back).
#[derive(Deserialize, Default)]
struct Present {
    #[serde(default = "yes")]
    present: bool,
}

fn yes() -> bool {
    true
}

/// The answer of the API: the player's state and the section's count.
fn answer(present: bool, (checked_in, entered): (usize, usize)) -> Json<Value> {
    Json(json!({ "checked_in": present, "present": checked_in, "entered": entered }))
}

/// `POST /api/sections/{id}/players/{pid}/checkin`: checks the player in (or out with
/// `{"present": false}`).
async fn api_check_in(
    State(state): State<AppState>,
    Path((id, pid)): Path<(i64, i64)>,
    Editor { by, viewer: _ }: Editor,
    body: Option<Json<Present>>,
) -> Result<Json<Value>, AppError> {
    let present = body.map(|Json(b)| b.present).unwrap_or(true);
    let count = state.service.check_in(Some(by), id, pid, present).await?;
    Ok(answer(present, count))
}

/// `DELETE /api/sections/{id}/players/{pid}/checkin`: takes the check-in back.
async fn api_undo(
    State(state): State<AppState>,
    Path((id, pid)): Path<(i64, i64)>,
    Editor { by, viewer: _ }: Editor,
) -> Result<Json<Value>, AppError> {
    let count = state.service.check_in(Some(by), id, pid, false).await?;
    Ok(answer(false, count))
}

/// The players in pairing-number order with their check-in state.
fn rows(loaded: &Loaded) -> Vec<Value> {
    let s = loaded.section();
    loaded
        .players
        .iter()
        .filter_map(|row| {
            let e = s.entry(domain::player_id(row.id))?;
            Some(json!({
                "id": row.id,
                "number": row.number,
                "name": row.name,
                "club": row.club,
                "checked_in": e.checked_in,
            }))
        })
        .collect()
}

/// The check-in page (arbiters only).
async fn page(State(state): State<AppState>, viewer: Viewer, Path(id): Path<i64>) -> PageResult {
    viewer.editor()?;
    let loaded = state.section(id).await?;
    let s = loaded.section();
    let (present, entered) = s.checked_in_count();
    render(
        &state,
        &viewer,
        "checkin.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "players": rows(&loaded),
            "present": present,
            "entered": entered,
            "enabled": s.check_in,
            "closed": !s.played.is_empty(),
            "article": event::checkin::ABSENT_AT_CHECK_IN.as_str(),
        }),
    )
}

/// The toggle of the page: htmx gets the player's row and the new count, a plain form goes
/// back to the page.
async fn form_check_in(
    State(state): State<AppState>,
    Path((id, pid)): Path<(i64, i64)>,
    Edit {
        by,
        viewer,
        form: Present { present },
    }: Edit<Present>,
) -> PageResult {
    state
        .service
        .check_in(Some(by), id, pid, present)
        .await
        .map_err(|e| AppError::refused(e, viewer.lang))?;
    if !viewer.htmx {
        return Ok(see_other(&format!("/sections/{id}/check-in")));
    }
    let loaded = state.section(id).await?;
    let (checked_in, entered) = loaded.section().checked_in_count();
    let player = rows(&loaded)
        .into_iter()
        .find(|p| p["id"] == pid)
        .ok_or(AppError::NotFound)?;
    let row = render(
        &state,
        &viewer,
        "checkin_row.html",
        json!({ "section": loaded.section_row, "p": player, "present": checked_in, "entered": entered, "oob": true }),
    )?;
    Ok(row.into_response())
}
