//! Editing the players of a section: every field with optimistic locking, deleting a wrong
//! entry and merging a duplicate before the player is paired, as JSON API and as the forms of
//! the player card. The operations are `service::players`; refusals come back in the request's
//! language with the paragraph they rest on.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};
use service::Loaded;
use service::players::{DeleteForm, MergeForm, PlayerForm};
use service::rows::player_id;

use crate::editor::{Edit, Editor};
use crate::views::{self, PageResult, render, see_other};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/api/sections/{id}/players/{player}",
            axum::routing::put(api_edit).delete(api_delete),
        )
        .route("/api/sections/{id}/players/{player}/merge", post(api_merge))
        .route("/sections/{id}/players/{player}/edit", post(form_edit))
        .route("/sections/{id}/players/{player}/delete", post(form_delete))
        .route("/sections/{id}/players/{player}/merge", post(form_merge))
}

/// `PUT /api/sections/{id}/players/{player}`: the fields and the `version` read; answers the
/// new version (409 when the player changed meanwhile, 422 when eligibility refuses).
async fn api_edit(
    State(state): State<AppState>,
    Path((id, player)): Path<(i64, i64)>,
    Editor { by, viewer }: Editor,
    Json(f): Json<PlayerForm>,
) -> Result<Json<Value>, AppError> {
    let version = state
        .service
        .edit_player(Some(by), id, player, &f)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Json(json!({ "id": player, "version": version })))
}

/// `DELETE /api/sections/{id}/players/{player}` with `{"version": ..}`: 204, or 422 naming
/// why once the player is paired.
async fn api_delete(
    State(state): State<AppState>,
    Path((id, player)): Path<(i64, i64)>,
    Editor { by, viewer }: Editor,
    Json(f): Json<DeleteForm>,
) -> Result<Response, AppError> {
    state
        .service
        .delete_player(Some(by), id, player, f.version)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/sections/{id}/players/{player}/merge` with `{"into": .., "version": ..}`: the
/// duplicate `player` merged into `into`; answers the kept player's id and new version.
async fn api_merge(
    State(state): State<AppState>,
    Path((id, player)): Path<(i64, i64)>,
    Editor { by, viewer }: Editor,
    Json(m): Json<MergeForm>,
) -> Result<Json<Value>, AppError> {
    let version = state
        .service
        .merge_player(Some(by), id, player, &m)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Json(json!({ "id": m.into, "version": version })))
}

/// The edit form of the player card; back to the card with a notice. A refusal (an
/// ineligible birth date, a bad value, a change meanwhile) shows the card again with the
/// message above the form and the fields as typed (#12 item 7).
async fn form_edit(
    State(state): State<AppState>,
    Path((id, player)): Path<(i64, i64)>,
    Edit { by, viewer, form }: Edit<PlayerForm>,
) -> PageResult {
    match state.service.edit_player(Some(by), id, player, &form).await {
        Ok(_) => Ok(see_other(&format!(
            "/sections/{id}/players/{player}?saved=1"
        ))),
        Err(e) => {
            views::refused_in_place(e, viewer.lang, |message| {
                let typed = json!({
                    "last_name": form.last_name, "first_name": form.first_name, "dwz": form.dwz,
                    "elo": form.elo, "dwz_list": form.dwz_list, "elo_list": form.elo_list,
                    "birth_date": form.birth, "sex": form.sex,
                    "club": form.club, "fide_id": form.fide_id, "title": form.title,
                    "federation": form.federation, "class": form.class, "override": form.over,
                });
                let extra = json!({ "edit_error": message, "typed": typed });
                card_view(&state, &viewer, id, player, false, extra)
            })
            .await
        }
    }
}

/// The player card (results round by round, and for an editor the edit forms), with `extra`
/// in its context: `typed` (fields as typed, shown instead of the stored ones) and
/// `edit_error` after a refused edit.
pub(crate) async fn card_view(
    state: &AppState,
    viewer: &Viewer,
    id: i64,
    player: i64,
    saved: bool,
    extra: Value,
) -> PageResult {
    let loaded = state.view(id, viewer).await?;
    let card = service::cards::player_card(&loaded, player).ok_or(AppError::NotFound)?;
    let s = loaded.section();
    let paired = u32::try_from(s.played.len()).unwrap_or(u32::MAX);
    let last = s.total_rounds().min(event::validate::MAX_ROUNDS);
    let future: Vec<u32> = (paired + 1..=last).collect();
    let mut editing = editing(&loaded, player, viewer);
    if let (Some(editing), Some(typed)) = (editing.as_object_mut(), extra["typed"].as_object()) {
        editing.extend(typed.clone());
    }
    let mut ctx = json!({
        "event": loaded.event_row,
        "section": loaded.section_row,
        "card": card,
        "future_rounds": future,
        "editing": editing,
        "saved": saved,
    });
    if let (Some(ctx), Some(extra)) = (ctx.as_object_mut(), extra.as_object()) {
        ctx.extend(
            extra
                .iter()
                .filter(|(k, _)| *k != "typed")
                .map(|(k, v)| (k.clone(), v.clone())),
        );
    }
    render(state, viewer, "card.html", ctx)
}

/// The delete button of the player card (before pairing); back to the section.
async fn form_delete(
    State(state): State<AppState>,
    Path((id, player)): Path<(i64, i64)>,
    Edit { by, viewer, form }: Edit<DeleteForm>,
) -> PageResult {
    state
        .service
        .delete_player(Some(by), id, player, form.version)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other(&format!("/sections/{id}")))
}

/// "Dublette zusammenführen" on the player card: this player merged into the one chosen.
async fn form_merge(
    State(state): State<AppState>,
    Path((id, player)): Path<(i64, i64)>,
    Edit { by, viewer, form }: Edit<MergeForm>,
) -> PageResult {
    state
        .service
        .merge_player(Some(by), id, player, &form)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other(&format!(
        "/sections/{id}/players/{}?saved=1",
        form.into
    )))
}

/// `?saved=1` on the player card after a change: the notice is shown.
#[derive(Deserialize)]
pub(crate) struct Saved {
    #[serde(default)]
    pub saved: Option<String>,
}

/// What the player card's edit forms show an editor (`null` for everyone else): every field
/// as stored (DWZ and Elo apart), the version read, whether the player is paired already
/// (then no delete or merge), the other players a duplicate can be merged into, and the
/// arbiter's reason when the entry was admitted over a refusal.
pub(crate) fn editing(loaded: &Loaded, player: i64, viewer: &Viewer) -> Value {
    let s = loaded.section();
    let (Some(row), Some(entry)) = (
        loaded.players.iter().find(|p| p.id == player),
        s.entry(player_id(player)),
    ) else {
        return Value::Null;
    };
    if !viewer.can_edit() {
        return Value::Null;
    }
    let p = &entry.player;
    let others: Vec<Value> = loaded
        .players
        .iter()
        .filter(|o| o.id != player)
        .map(|o| json!({ "id": o.id, "number": o.number, "name": o.name }))
        .collect();
    json!({
        "version": row.version,
        "last_name": p.last_name,
        "first_name": p.first_name,
        "dwz": p.dwz,
        "dwz_list": p.dwz_list,
        "elo": p.elo,
        "elo_list": p.elo_list,
        "birth_date": p.birth.map(|b| b.to_string()),
        "sex": match p.sex {
            Some(event::person::Sex::Male) => "m",
            Some(event::person::Sex::Female) => "f",
            None => "",
        },
        "club": p.club,
        "fide_id": p.fide_id,
        "title": p.title,
        "federation": p.federation,
        "class": entry.class.to_string(),
        "paired": event::roster::first_paired_round(s, entry.id()).is_some(),
        "others": others,
        "admitted_over": entry.admitted_over.as_ref().map(|o| o.reason.clone()),
        "overridden": entry.admitted_over.as_ref().map(|o| {
            o.issues
                .iter()
                .map(|i| match viewer.lang {
                    crate::i18n::Lang::De => i.german(),
                    crate::i18n::Lang::En => i.to_string(),
                })
                .collect::<Vec<_>>()
                .join("; ")
        }),
    })
}
