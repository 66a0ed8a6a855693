//! Pages and API of the round tools ([`service::rounds`], [`service::games`],
//! [`service::cards`]): manual pairing edits on a preview with their warnings, requested byes,
//! player cards, result slips and the game records (PGN) of a section, and the wording of a
//! result correction's effect (Art. 8.7) in the viewer's language.
//!
//! Pages post forms with the CSRF field ([`Edit`]), the API takes JSON with the
//! `X-CSRF-Token` header ([`Editor`]).

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use event::round::Warning;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use service::results::CorrectionEffect;

use crate::editor::{Edit, Editor};
use crate::i18n::Lang;
use crate::views::{self, PageError, render, see_other};
use crate::{AppError, AppState, Viewer};
use service::rounds::{Edit as PairingEdit, warning_text};
use service::{Loaded, ServiceError, Unconfirmed};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route(
            "/sections/{id}/rounds/{n}/edit",
            get(edit_page).post(edit_form),
        )
        .route("/sections/{id}/rounds/{n}/slips", get(slips))
        .route("/sections/{id}/players/{player}", get(card_page))
        .route("/sections/{id}/export.pgn", get(pgn_export))
        .route("/players/{id}/byes", post(bye_form))
        .route("/games/{id}/pgn", get(pgn_page).post(pgn_form))
        .route("/api/sections/{id}/rounds/{n}/edit", post(edit_api))
        .route("/api/sections/{id}/players/{player}", get(card_api))
        .route("/api/sections/{id}/pgn", get(pgn_export))
        .route("/api/players/{id}/byes", post(bye_api))
        .route("/api/games/{id}/pgn", post(pgn_api))
}

// ---- manual pairing edits -------------------------------------------------------------------

fn warnings_json(warnings: &[Warning], lang: Lang, loaded: &Loaded) -> Vec<Value> {
    warnings
        .iter()
        .map(|w| json!({ "article": w.article.as_str(), "message": warning_text(w, lang == Lang::De, loaded) }))
        .collect()
}

/// The statement the arbiter confirms in FIDE mode, in `lang`.
fn confirmation_text(lang: Lang) -> &'static str {
    lang.pick(
        event::fide_mode::CONFIRMATION_EN,
        event::fide_mode::CONFIRMATION_DE,
    )
}

/// What an unconfirmed change in FIDE mode would change and break, for the page and the API.
fn unconfirmed_json(u: &Unconfirmed, lang: Lang, loaded: &Loaded) -> Value {
    json!({
        "confirmation_needed": true,
        "article": event::section::FIDE_MODE.as_str(),
        "change": lang.pick(&u.change, &u.change_de),
        "criteria": u.criteria,
        "criteria_named": u.criteria.iter().flatten().map(|c| json!({
            "code": c,
            "words": service::error::criterion_words(c, lang),
        })).collect::<Vec<_>>(),
        "criteria_text": u.criteria_text(lang),
        "warnings": warnings_json(&u.warnings, lang, loaded),
        "confirmation": confirmation_text(lang),
    })
}

/// The integrity notes of round `n` (confirmed changes in FIDE mode) as the TRF writes them.
fn notes_json(loaded: &Loaded, n: i64) -> Vec<String> {
    loaded
        .section()
        .integrity
        .iter()
        .filter(|note| i64::from(note.round) == n)
        .map(|note| format!("###{}", note.trf_comment()))
        .collect()
}

/// The integrity notes of round `n` for the editor's table: who, date (`YYYY-MM-DD`, the page
/// writes it in its language), time, what, and the criteria in words.
fn notes_rows(loaded: &Loaded, n: i64, lang: Lang) -> Vec<Value> {
    loaded
        .section()
        .integrity
        .iter()
        .filter(|note| i64::from(note.round) == n)
        .map(|note| {
            let criteria = match &note.criteria {
                None => lang.pick("not evaluated", "nicht geprüft").to_owned(),
                Some(c) if c.is_empty() => lang.pick("none", "keines").to_owned(),
                Some(c) => service::error::criteria_words(c, lang),
            };
            json!({
                "by": note.by,
                "date": note.at.date.to_string(),
                "time": note.at.time.to_string(),
                "change": note.change,
                "criteria": criteria,
            })
        })
        .collect()
}

#[derive(Deserialize)]
struct EditRequest {
    #[serde(flatten)]
    edit: PairingEdit,
    #[serde(default)]
    version: Option<i64>,
    /// The arbiter confirms a change that departs from the engine's pairing (FIDE mode).
    #[serde(default)]
    confirm: bool,
}

async fn edit_api(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    Editor { by, viewer }: Editor,
    Json(f): Json<EditRequest>,
) -> Result<Response, AppError> {
    let applied = state
        .service
        .apply_edit(Some(by), id, n, &f.edit, f.version, f.confirm)
        .await;
    let warnings = match applied {
        Ok(w) => w,
        Err(ServiceError::ConfirmationNeeded(u)) => {
            let loaded = state.section(id).await?;
            let error = ServiceError::ConfirmationNeeded(u.clone());
            let mut body = unconfirmed_json(&u, viewer.lang, &loaded);
            body["error"] = error.to_string().into();
            body["error_de"] = error.german().into();
            body["status"] = StatusCode::UNPROCESSABLE_ENTITY.as_u16().into();
            return Ok((StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response());
        }
        Err(e) => return Err(e.into()),
    };
    let loaded = state.section(id).await?;
    Ok(Json(json!({
        "round": n,
        "warnings": warnings_json(&warnings, viewer.lang, &loaded),
        "boards": views::boards(&loaded, n),
        "fide_mode": loaded.section().fide_mode,
        "integrity": notes_json(&loaded, n),
    }))
    .into_response())
}

#[derive(Deserialize, Serialize)]
struct EditForm {
    op: String,
    #[serde(default)]
    board: Option<usize>,
    #[serde(default)]
    white: Option<i64>,
    #[serde(default)]
    black: Option<i64>,
    #[serde(default)]
    player: Option<i64>,
    #[serde(default)]
    kind: Option<String>,
    /// The confirmation checkbox of FIDE mode (`on`).
    #[serde(default, skip_serializing)]
    confirm: Option<String>,
}

impl EditForm {
    fn edit(&self) -> Result<PairingEdit, AppError> {
        let need = |v: Option<i64>, what: &str| {
            v.ok_or_else(|| AppError::BadRequest(format!("{what}: required")))
        };
        let board = || {
            self.board
                .ok_or_else(|| AppError::BadRequest("board: required".into()))
        };
        Ok(match self.op.as_str() {
            "pair" => PairingEdit::Pair {
                board: board()?,
                white: need(self.white, "white")?,
                black: need(self.black, "black")?,
            },
            "swap" => PairingEdit::Swap { board: board()? },
            "exchange" => PairingEdit::Exchange {
                a: need(self.white, "first player")?,
                b: need(self.black, "second player")?,
            },
            "bye" => PairingEdit::Bye {
                player: need(self.player, "player")?,
                kind: self.kind.clone().unwrap_or_else(|| "bye".into()),
            },
            "unpair" => PairingEdit::Unpair { board: board()? },
            other => return Err(AppError::BadRequest(format!("edit `{other}` is unknown"))),
        })
    }
}

async fn edit_form(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<EditForm>,
) -> Result<Response, PageError> {
    let confirm = f
        .confirm
        .as_deref()
        .is_some_and(|c| c == "on" || c == "true");
    let applied = state
        .service
        .apply_edit(Some(by), id, n, &f.edit()?, None, confirm)
        .await;
    let loaded = state.section(id).await?;
    match applied {
        Ok(warnings) => edit_view(&state, &viewer, &loaded, n, &warnings, None),
        Err(ServiceError::ConfirmationNeeded(u)) => {
            let mut pending = unconfirmed_json(&u, viewer.lang, &loaded);
            pending["form"] = json!(f);
            edit_view(&state, &viewer, &loaded, n, &[], Some(pending))
        }
        Err(e) => Err(e.into()),
    }
}

async fn edit_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Response, PageError> {
    viewer.editor()?;
    let loaded = state.section(id).await?;
    edit_view(&state, &viewer, &loaded, n, &[], None)
}

/// The pairing editor of round `n`, with the warnings of the last change and, in FIDE mode,
/// the change waiting for the arbiter's confirmation (`pending`).
fn edit_view(
    state: &AppState,
    viewer: &Viewer,
    loaded: &Loaded,
    n: i64,
    warnings: &[Warning],
    pending: Option<Value>,
) -> Result<Response, PageError> {
    let boards = views::boards(loaded, n).ok_or(AppError::NotFound)?;
    let published = loaded.round(n).is_some_and(|(r, _)| r.published);
    let players: Vec<Value> = loaded
        .players
        .iter()
        .map(|p| json!({ "id": p.id, "name": p.name }))
        .collect();
    let next_board = boards.iter().filter(|b| !b["black"].is_null()).count() + 1;
    render(
        state,
        viewer,
        "edit.html",
        json!({
            "section": loaded.section_row,
            "number": n,
            "published": published,
            "boards": boards,
            "players": players,
            "next_board": next_board,
            "warnings": warnings_json(warnings, viewer.lang, loaded),
            "fide_mode": loaded.section().fide_mode,
            "pending": pending,
            "integrity": notes_rows(loaded, n, viewer.lang),
        }),
    )
}

// ---- requested byes -------------------------------------------------------------------------

#[derive(Deserialize)]
pub(crate) struct ByeRequest {
    /// The round (a round not yet paired).
    round: u32,
    /// `bye-1/2`, `bye-0`, `bye-1`; empty or `none` takes the request back.
    #[serde(default)]
    kind: String,
}

async fn bye_api(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer: _ }: Editor,
    Json(f): Json<ByeRequest>,
) -> Result<Json<Value>, AppError> {
    let byes = state
        .service
        .request_bye(Some(by), id, f.round, &f.kind)
        .await?;
    Ok(Json(
        json!({ "player": id, "requested_byes": service::cards::byes_json(&byes) }),
    ))
}

async fn bye_form(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, form: f, .. }: Edit<ByeRequest>,
) -> Result<Response, PageError> {
    state
        .service
        .request_bye(Some(by), id, f.round, &f.kind)
        .await?;
    let row = state.store().player(id).await?;
    Ok(see_other(&format!(
        "/sections/{}/players/{id}",
        row.section
    )))
}

// ---- result corrections ---------------------------------------------------------------------

/// A correction's effect as one line for the result row.
pub fn effect_text(e: &CorrectionEffect, lang: Lang) -> String {
    let rounds: Vec<String> = e.later_rounds.iter().map(u32::to_string).collect();
    let scores: Vec<String> = e
        .scores
        .iter()
        .map(|(_, name, was, now)| format!("{name} {was} → {now}"))
        .collect();
    let boards: Vec<String> = e.different_boards.iter().map(usize::to_string).collect();
    if lang == Lang::De {
        format!(
            "Korrigiert (Art. 8.7). Bereits gepaarte spätere Runden: {}. Punktänderungen: {}. Bretter der Runde {}, die jetzt anders gepaart würden: {}.",
            rounds.join(", "),
            scores.join(", "),
            e.round + 1,
            if boards.is_empty() {
                "keine".into()
            } else {
                boards.join(", ")
            }
        )
    } else {
        format!(
            "Corrected (Art. 8.7). Later rounds already paired: {}. Scores changed: {}. Boards of round {} that would now be paired differently: {}.",
            rounds.join(", "),
            scores.join(", "),
            e.round + 1,
            if boards.is_empty() {
                "none".into()
            } else {
                boards.join(", ")
            }
        )
    }
}

// ---- player cards ---------------------------------------------------------------------------

async fn card_api(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, player)): Path<(i64, i64)>,
) -> Result<Json<Value>, AppError> {
    let loaded = state.view(id, &viewer).await?;
    Ok(Json(
        service::cards::player_card(&loaded, player).ok_or(AppError::NotFound)?,
    ))
}

async fn card_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, player)): Path<(i64, i64)>,
    Query(notice): Query<crate::players::Saved>,
) -> Result<Response, PageError> {
    let saved = notice.saved.is_some();
    crate::players::card_view(&state, &viewer, id, player, saved, json!({})).await
}

// ---- result slips ---------------------------------------------------------------------------

async fn slips(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Response, PageError> {
    let loaded = state.view(id, &viewer).await?;
    let boards = views::boards(&loaded, n).ok_or(AppError::NotFound)?;
    let games: Vec<&Value> = boards.iter().filter(|b| !b["black"].is_null()).collect();
    render(
        &state,
        &viewer,
        "slips.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "number": n,
            "start": views::round_start(&loaded, n, viewer.lang),
            "boards": games,
        }),
    )
}

// ---- game records ---------------------------------------------------------------------------

#[derive(Deserialize)]
struct PgnForm {
    #[serde(default)]
    pgn: String,
}

async fn pgn_api(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
    Json(f): Json<PgnForm>,
) -> Result<Json<Value>, AppError> {
    state
        .service
        .store_pgn(Some(by), id, &f.pgn, viewer.lang == Lang::De)
        .await?;
    Ok(Json(
        json!({ "game": id, "pgn": state.store().game_pgn(id).await? }),
    ))
}

async fn pgn_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Response, PageError> {
    viewer.editor()?;
    pgn_view(&state, &viewer, id, None, None).await
}

async fn pgn_view(
    state: &AppState,
    viewer: &Viewer,
    id: i64,
    text: Option<&str>,
    error: Option<String>,
) -> Result<Response, PageError> {
    let g = state.store().game(id).await?;
    let round = state.store().round(g.round).await?;
    let loaded = state.section(round.section).await?;
    let stored = state.store().game_pgn(id).await?;
    render(
        state,
        viewer,
        "game_pgn.html",
        json!({
            "section": loaded.section_row,
            "number": round.number,
            "game": id,
            "board": g.board,
            "white_name": loaded.name(g.white),
            "black_name": g.black.map(|b| loaded.name(b)),
            "pgn": text.unwrap_or(&stored),
            "error": error,
        }),
    )
}

async fn pgn_form(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<PgnForm>,
) -> Result<Response, PageError> {
    match state
        .service
        .store_pgn(Some(by), id, &f.pgn, viewer.lang == Lang::De)
        .await
    {
        Ok(()) => pgn_view(&state, &viewer, id, None, None).await,
        Err(service::ServiceError::BadRequest(m)) => {
            let mut response = pgn_view(&state, &viewer, id, Some(&f.pgn), Some(m)).await?;
            *response.status_mut() = StatusCode::BAD_REQUEST;
            Ok(response)
        }
        Err(e) => Err(e.into()),
    }
}

async fn pgn_export(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    let (name, text) = state.service.section_pgn(id, viewer.can_edit()).await?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_owned(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response())
}
