//! The JSON API of live games (`service::live`): open a board's live game, send it events (the
//! JSON objects of a line of `arbiter replay`), read its state. HTTP only: the rules engine
//! and the log are the service's.
//!
//! Arbiters and admins only for now (session, and the CSRF token in `X-CSRF-Token` for
//! changes); they may give an event's time (`at_ms`).

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::editor::Editor;
use crate::{AppError, AppState, Viewer};
use service::live::{Accepted, LiveState, Posted};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/live", get(live).post(open))
        .route("/api/games/{id}/events", post(events))
}

/// The device that sends an event and its own number of the event (`?device=..&seq=..`).
#[derive(Deserialize)]
struct DeviceQuery {
    device: Option<String>,
    seq: Option<i64>,
}

fn text(body: &Bytes) -> Result<&str, AppError> {
    std::str::from_utf8(body).map_err(|_| AppError::BadRequest("body: UTF-8 JSON expected".into()))
}

/// `GET /api/games/{id}/live`: the live state (see [`LiveState`]).
async fn live(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    viewer: Viewer,
) -> Result<Json<LiveState>, AppError> {
    viewer.editor()?;
    let live = state
        .service
        .live_state(id)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Json(live))
}

/// `POST /api/games/{id}/live`: opens the live game with the replay header in the body, or
/// the section's time control and profile when the body is empty or `{}`.
async fn open(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
    body: Bytes,
) -> Result<Json<Value>, AppError> {
    let body = text(&body)?.trim();
    let header = match body {
        "" | "{}" => None,
        _ => Some(
            serde_json::from_str(body).map_err(|e| AppError::BadRequest(format!("header: {e}")))?,
        ),
    };
    let opened = state
        .service
        .open_live(Some(by), id, header)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    let header: Value = serde_json::from_str(&opened.header).unwrap_or(Value::Null);
    Ok(Json(json!({ "game": id, "header": header })))
}

/// `POST /api/games/{id}/events[?device=..&seq=..]`: one event; its place in the log, time and
/// rulings, or why it was refused (422, nothing stored).
async fn events(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Query(q): Query<DeviceQuery>,
    Editor { by, viewer }: Editor,
    body: Bytes,
) -> Result<Json<Accepted>, AppError> {
    let posted = Posted {
        event: text(&body)?,
        device: q.device.as_deref(),
        device_seq: q.seq,
        may_set_time: true,
    };
    let accepted = state
        .service
        .post_live_event(Some(by), id, &posted)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Json(accepted))
}
