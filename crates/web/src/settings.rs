//! Pages and API of the event and section settings ([`service::settings`]).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};
use service::settings::{EventSettings, SectionSettings, event_values, section_values};

use crate::editor::{Edit, Editor};
use crate::views::{PageResult, render, see_other};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/settings", get(event_form).post(update_event))
        .route(
            "/sections/{id}/settings",
            get(section_form).post(update_section),
        )
        .route(
            "/api/events/{id}/settings",
            get(api_event).put(api_update_event),
        )
        .route(
            "/api/sections/{id}/settings",
            get(api_section).put(api_update_section),
        )
}

async fn section_form(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    viewer.editor()?;
    let loaded = state.section(id).await?;
    render(
        &state,
        &viewer,
        "section_settings.html",
        json!({ "event": loaded.event_row, "section": loaded.section_row, "s": section_values(&loaded) }),
    )
}

async fn update_section(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<SectionSettings>,
) -> PageResult {
    state
        .service
        .update_section(Some(by), id, &f)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other(&format!("/sections/{id}")))
}

async fn event_form(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    viewer.editor()?;
    let row = state.store().event(id).await?;
    render(
        &state,
        &viewer,
        "event_settings.html",
        json!({ "event": row, "e": event_values(&row) }),
    )
}

async fn update_event(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<EventSettings>,
) -> PageResult {
    state
        .service
        .update_event(Some(by), id, &f)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other(&format!("/events/{id}")))
}

/// `GET /api/sections/{id}/settings`.
async fn api_section(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    let loaded = state.section(id).await?;
    Ok(Json(section_values(&loaded)))
}

/// `PUT /api/sections/{id}/settings`.
async fn api_update_section(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, .. }: Editor,
    Json(f): Json<SectionSettings>,
) -> Result<Response, AppError> {
    let version = state.service.update_section(Some(by), id, &f).await?;
    Ok((StatusCode::OK, Json(json!({ "version": version }))).into_response())
}

/// `GET /api/events/{id}/settings`.
async fn api_event(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    Ok(Json(event_values(&state.store().event(id).await?)))
}

/// `PUT /api/events/{id}/settings`.
async fn api_update_event(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, .. }: Editor,
    Json(f): Json<EventSettings>,
) -> Result<Response, AppError> {
    let version = state.service.update_event(Some(by), id, &f).await?;
    Ok((StatusCode::OK, Json(json!({ "version": version }))).into_response())
}
