//! The final documents of a championship (#14 item 2): champions and the DEM qualification list
//! of an event, and certificates (Urkunden) of a section, one A4 page each — HTTP to
//! [`service::documents`] and back.

use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use service::stichkampf::{PlayoffResult, PlayoffStart};

use crate::editor::Edit;
use crate::views::{PageResult, render, see_other};
use crate::{AppError, AppState, Viewer};

/// Most certificates one print run writes (a class ranking is shorter in practice).
const MAX_CERTIFICATES: usize = 200;

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/final", get(final_page))
        .route("/sections/{id}/certificates", get(certificates))
        .route("/api/events/{id}/final", get(api_final))
        .route("/events/{id}/dem.csv", get(qualification_csv))
        .route("/events/{id}/dem", get(qualification_report))
        .route("/sections/{id}/stichkampf", post(start_playoff))
        .route("/sections/{id}/stichkampf/result", post(playoff_result))
}

/// The event of section `id`, for the way back to the final documents.
async fn event_of(state: &AppState, id: i64) -> Result<i64, AppError> {
    Ok(state.section(id).await?.section_row.event)
}

/// Sets up the Stichkampf of a class's open tie (SJRP §6.1).
async fn start_playoff(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<PlayoffStart>,
) -> PageResult {
    let done = state.service.start_playoff(Some(by), id, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    let event = event_of(&state, id).await?;
    Ok(see_other(&format!("/events/{event}/final#stichkampf-{id}")))
}

/// Records the result of a Stichkampf's next game.
async fn playoff_result(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<PlayoffResult>,
) -> PageResult {
    let done = state
        .service
        .record_playoff_result(Some(by), id, &form)
        .await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    let event = event_of(&state, id).await?;
    Ok(see_other(&format!("/events/{event}/final#stichkampf-{id}")))
}

/// Champions per class and the qualification list of every section of the event.
async fn final_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    let docs = state.service.final_documents(id, viewer.can_edit()).await?;
    let year = docs.event.end.year();
    render(
        &state,
        &viewer,
        "final.html",
        json!({
            "event": { "id": id, "name": docs.event.name },
            "doc": docs.event,
            "year": year,
            "championships": docs.sections.iter().filter(|s| !s.honours.side_event).collect::<Vec<_>>(),
            "side_events": docs.sections.iter().filter(|s| s.honours.side_event).collect::<Vec<_>>(),
            "sections": docs.sections,
            "stichkampf": event::table::playoff_article().to_string(),
            "dem_article": event::honours::DEM_QUALIFICATION.to_string(),
        }),
    )
}

/// `GET /events/{id}/dem`: the DEM qualification list (SJRP §6.4) as the one-page report the
/// federation sends on, with the title or quota of each place, the open Stichkämpfe, a note
/// while a section is unfinished, place and date for the director's signature.
async fn qualification_report(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> PageResult {
    let docs = state.service.final_documents(id, viewer.can_edit()).await?;
    let ev = &docs.event;
    let today = ev.zone.local(store::unix_now()).date;
    let championships: Vec<_> = docs
        .sections
        .iter()
        .filter(|s| !s.honours.side_event)
        .collect();
    let complete = championships.iter().all(|s| s.finished);
    render(
        &state,
        &viewer,
        "dem.html",
        json!({
            "event": { "id": id, "name": ev.name, "venue": ev.venue, "start": ev.start, "end": ev.end,
                       "title_region": ev.title_region },
            "year": ev.end.year(),
            "today": today,
            "complete": complete,
            "championships": championships,
            "stichkampf": event::table::playoff_article().to_string(),
            "dem_article": event::honours::DEM_QUALIFICATION.to_string(),
        }),
    )
}

/// The JSON of [`final_page`].
async fn api_final(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Json<service::documents::FinalDocuments>, AppError> {
    Ok(Json(
        state.service.final_documents(id, viewer.can_edit()).await?,
    ))
}

/// `GET /events/{id}/dem.csv`: the DEM qualification list (SJRP §6.4) as the federation
/// receives it ([`event::honours::qualification_csv`]), as the viewer sees the rounds.
async fn qualification_csv(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<axum::response::Response, AppError> {
    let docs = state.service.final_documents(id, viewer.can_edit()).await?;
    let honours: Vec<_> = docs.sections.into_iter().map(|s| s.honours).collect();
    let csv = event::honours::qualification_csv(&honours);
    let disposition = format!("attachment; filename=\"dem-qualifikation-{id}.csv\"");
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/csv; charset=utf-8".to_owned(),
            ),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        csv,
    )
        .into_response())
}

/// A name as a certificate writes it: `Ida Braun` for the list's `Braun, Ida`.
fn written_name(listed: &str) -> String {
    match listed.split_once(',') {
        Some((last, first)) if !first.trim().is_empty() => {
            format!("{} {}", first.trim(), last.trim())
        }
        _ => listed.trim().to_owned(),
    }
}

/// Which certificates to print.
#[derive(Deserialize)]
struct CertificateQuery {
    /// The class (`U14w`); absent: every class of the section.
    class: Option<String>,
    /// Places from 1 to this (default 3); `0`: every placed player.
    places: Option<usize>,
}

/// Certificates of the placed players of a section, one A4 page each: event, place, class and
/// name, with the venue and the last day.
async fn certificates(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Query(q): Query<CertificateQuery>,
) -> PageResult {
    let honours = state.service.section_honours(id, viewer.can_edit()).await?;
    let loaded = state.view(id, &viewer).await?;
    let places = match q.places.unwrap_or(3) {
        0 => usize::MAX,
        n => n,
    };
    let wanted = q.class.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let mut pages = Vec::new();
    for class in &honours.honours.classes {
        if wanted.is_some_and(|w| w != class.class.to_string()) {
            continue;
        }
        for p in class.ranking.iter().filter(|p| p.place <= places) {
            pages.push(
                json!({ "class": class.class.to_string(), "title": class.title,
                "placed": p, "name": written_name(&p.name), "champion": p.place == 1 && !p.tied }),
            );
        }
    }
    pages.truncate(MAX_CERTIFICATES);
    let classes: Vec<String> = honours
        .honours
        .classes
        .iter()
        .map(|c| c.class.to_string())
        .collect();
    render(
        &state,
        &viewer,
        "certificates.html",
        json!({
            "section": loaded.section_row,
            "event": loaded.event_row,
            "doc": loaded.event,
            "pages": pages,
            "classes": classes,
            "class": wanted.unwrap_or_default(),
            "places": if places == usize::MAX { 0 } else { places },
            "finished": honours.finished,
            "side_event": honours.honours.side_event,
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::written_name;

    #[test]
    fn h14_02_certificates_write_first_name_first() {
        assert_eq!(written_name("Braun, Ida"), "Ida Braun");
        assert_eq!(
            written_name("von der Heide, Anna-Lena"),
            "Anna-Lena von der Heide"
        );
        assert_eq!(written_name("Mononym"), "Mononym");
        assert_eq!(written_name("Trailing,"), "Trailing,");
    }
}
