//! The starting-rank list (players in pairing-number order), re-seeding and manual moves of a
//! starting rank before round 1 (`event::seeding`), as pages and API.

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use event::seeding::Seeding;
use serde_json::{Value, json};
use service::seeding::SeedChange;

use crate::editor::{Edit, Editor};
use crate::i18n::Lang;
use crate::views::{PageResult, render, see_other};
use crate::{AppError, AppState, Viewer};
use service::Loaded;
use service::rows as domain;

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/sections/{id}/seeding", post(api_seed))
        .route("/sections/{id}/starting-ranks", get(page).post(form_seed))
}

/// The players in pairing-number order: `id`, `number` (pairing number), `version`, DWZ and
/// Elo as separate fields, and the other registration data.
pub(crate) fn players(loaded: &Loaded) -> Vec<Value> {
    let s = loaded.section();
    loaded
        .players
        .iter()
        .filter_map(|row| {
            let p = &s.entry(domain::player_id(row.id))?.player;
            Some(json!({
                "id": row.id,
                "number": row.number,
                "version": row.version,
                "name": row.name,
                "last_name": p.last_name,
                "first_name": p.first_name,
                "title": row.title,
                "dwz": p.dwz,
                "dwz_list": p.dwz_list,
                "elo": p.elo,
                "elo_list": p.elo_list,
                "federation": row.federation,
                "club": row.club,
                "fide_id": row.fide_id,
                "birth_date": row.birth_date,
                "sex": match p.sex {
                    Some(event::person::Sex::Male) => Some("m"),
                    Some(event::person::Sex::Female) => Some("f"),
                    None => None,
                },
                "first_round": row.first_round,
                "withdrawn_after": row.withdrawn_after,
            }))
        })
        .collect()
}

/// `GET /api/sections/{id}/players`: the starting-rank list.
pub(crate) async fn api_players(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    let loaded = state.view(id, &viewer).await?;
    Ok(Json(Value::Array(players(&loaded))))
}

/// `POST /api/sections/{id}/seeding`: re-seed, or move a player to a starting rank.
async fn api_seed(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer: _ }: Editor,
    Json(change): Json<SeedChange>,
) -> Result<Json<Value>, AppError> {
    let version = state.service.seed(Some(by), id, &change).await?;
    let loaded = state.section(id).await?;
    Ok(Json(
        json!({ "version": version, "players": players(&loaded) }),
    ))
}

/// The starting-rank list page.
async fn page(State(state): State<AppState>, viewer: Viewer, Path(id): Path<i64>) -> PageResult {
    let loaded = state.view(id, &viewer).await?;
    let s = loaded.section();
    render(
        &state,
        &viewer,
        "starting_ranks.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "players": players(&loaded),
            "seeding_words": words(s.seeding, viewer.lang),
            "article": s.seeding.article().to_string(),
            "frozen": !s.played.is_empty(),
        }),
    )
}

/// A seeding rule in words for the page.
fn words(seeding: Seeding, lang: Lang) -> String {
    let de = lang == Lang::De;
    match seeding {
        Seeding::DwzElo if de => "DWZ, sonst Elo".to_owned(),
        Seeding::DwzElo => "DWZ, else Elo".to_owned(),
        Seeding::EloDwz if de => "Elo, sonst DWZ".to_owned(),
        Seeding::EloDwz => "Elo, else DWZ".to_owned(),
        Seeding::Max if de => "die höhere von DWZ und Elo".to_owned(),
        Seeding::Max => "the higher of DWZ and Elo".to_owned(),
        Seeding::Pseudo(r) if de => format!("DWZ, sonst Elo, sonst {r} (Pseudo-DWZ)"),
        Seeding::Pseudo(r) => format!("DWZ, else Elo, else {r} (pseudo rating)"),
    }
}

/// The form of the page: re-seed or move.
async fn form_seed(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: change,
    }: Edit<SeedChange>,
) -> PageResult {
    state
        .service
        .seed(Some(by), id, &change)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other(&format!("/sections/{id}/starting-ranks")))
}
