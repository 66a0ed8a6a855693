//! Downloads of a section: the DWZ evaluation files (DSB XML 2026 and SWI/ELOBASE, built by
//! [`service::exports`]) for arbiters, and the TRF and the standings as CSV for everyone. The same handlers answer on the pages
//! (`/sections/{id}/export.xml`, `export.swi`, `standings.csv`) and in the API
//! (`/api/sections/{id}/export/{format}`).

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::views::PageResult;
use crate::{AppError, AppState, Viewer};
use service::Loaded;
use service::teams::exports::TeamFile;

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/sections/{id}/export.trf", get(export_trf))
        .route("/sections/{id}/export.xml", get(dsb_xml))
        .route("/sections/{id}/export.swi", get(swi))
        .route("/sections/{id}/standings.csv", get(standings_csv))
        .route("/api/sections/{id}/export/{format}", get(api_export))
        .route("/events/{id}/archive", get(event_archive))
}

/// A file to download.
fn download(loaded: &Loaded, extension: &str, content_type: &str, body: Vec<u8>) -> Response {
    attachment(&loaded.file_name(extension), content_type, body)
}

/// A file of a team section to download.
fn team_download(file: TeamFile, content_type: &str) -> Response {
    attachment(&file.name, content_type, file.bytes)
}

/// A download named `name`.
fn attachment(name: &str, content_type: &str, body: Vec<u8>) -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// `GET /events/{id}/archive`: the event as an archive file (`service::archive`), for admins
/// only: it carries the audit log and the accounts' names.
pub(crate) async fn event_archive(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    viewer.admin()?;
    let archive = state.service.export_archive(id).await?;
    let bytes = service::archive::encode(&archive, false)?;
    let name = format!("event-{id}-archive.json");
    Ok(attachment(&name, "application/json", bytes))
}

/// `GET /sections/{id}/export.xml`: DSB XML 2026 (arbiters only: it carries birth dates and
/// memberships).
pub(crate) async fn dsb_xml(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    viewer.editor()?;
    if state.service.is_team_section(id).await? {
        let file = state.service.team_dsb_xml(id).await?;
        return Ok(team_download(file, "application/xml; charset=utf-8"));
    }
    let (loaded, xml) = state.service.dsb_xml(id).await?;
    Ok(download(
        &loaded,
        "xml",
        "application/xml; charset=utf-8",
        xml,
    ))
}

/// `GET /sections/{id}/export.swi`: SWI/ELOBASE text in CP850 (arbiters only).
pub(crate) async fn swi(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    viewer.editor()?;
    if state.service.is_team_section(id).await? {
        let file = state.service.team_swi(id).await?;
        return Ok(team_download(file, "text/plain; charset=ibm850"));
    }
    let (loaded, bytes) = state.service.swi(id).await?;
    Ok(download(
        &loaded,
        "swi",
        "text/plain; charset=ibm850",
        bytes,
    ))
}

/// `GET /sections/{id}/standings.csv`: rank, pairing number, name, points and one column per
/// tie-break (C.07 order of the section), as on the standings page; for a team section rank,
/// team number, team and one column per criterion of its order (SJRP §10.5/§10.6).
pub(crate) async fn standings_csv(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    if state.service.is_team_section(id).await? {
        let file = state
            .service
            .team_standings_csv(id, viewer.can_edit())
            .await?;
        return Ok(team_download(file, "text/csv; charset=utf-8"));
    }
    let loaded = state.view(id, &viewer).await?;
    let out = loaded.standings()?.to_csv();
    Ok(download(
        &loaded,
        "csv",
        "text/csv; charset=utf-8",
        out.into_bytes(),
    ))
}

/// `GET /api/sections/{id}/export/{format}` with `format` one of `trf`, `dsb-xml`, `swi`,
/// `csv`.
pub(crate) async fn api_export(
    state: State<AppState>,
    viewer: Viewer,
    Path((id, format)): Path<(i64, String)>,
) -> Result<Response, AppError> {
    match format.as_str() {
        "trf" => Ok(export_trf(state, viewer, Path(id))
            .await
            .unwrap_or_else(IntoResponse::into_response)),
        "dsb-xml" => dsb_xml(state, viewer, Path(id)).await,
        "swi" => swi(state, viewer, Path(id)).await,
        "csv" => standings_csv(state, viewer, Path(id)).await,
        other => Err(AppError::BadRequest(format!(
            "export format `{other}`: expected trf, dsb-xml, swi or csv"
        ))),
    }
}

/// `GET /sections/{id}/export.trf`: the section as TRF-2026 (the public's TRF for visitors);
/// a team section with its team records.
pub(crate) async fn export_trf(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    if state.service.is_team_section(id).await? {
        let file = state.service.team_trf(id, viewer.can_edit()).await?;
        return Ok(team_download(file, "text/plain; charset=utf-8"));
    }
    let loaded = state.view(id, &viewer).await?;
    let text = loaded.trf_text()?;
    Ok(download(
        &loaded,
        "trf",
        "text/plain; charset=utf-8",
        text.into_bytes(),
    ))
}
