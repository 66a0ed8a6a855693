//! The board's register of sanctions across events (SJRP §20.2) and the protests against them
//! (§20.4), for admins — HTTP to [`service::board`] and back.

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use event::board::{Register, Sanction};
use serde_json::{Value, json};
use service::board::BoardForm;
use service::proceedings::{AppealForm, DecisionForm};

use crate::editor::Edit;
use crate::i18n::Lang;
use crate::views::{PageResult, moment, render, see_other};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/board", get(page).post(impose))
        .route("/board/{n}/protest", post(protest))
        .route("/board/{n}/protest/decision", post(decide))
        .route("/api/board", get(api))
}

fn sanction(s: &Sanction, lang: Lang) -> Value {
    let de = lang == Lang::De;
    let decision = s.protest.as_ref().and_then(|p| p.decision.as_ref());
    json!({
        "number": s.number,
        "against": s.against.name(),
        "kind": match s.against {
            event::board::Subject::Player { .. } => if de { "Spieler/in" } else { "player" },
            event::board::Subject::Team { .. } => if de { "Mannschaft" } else { "team" },
            event::board::Subject::Betreuer { .. } => if de { "Betreuer/in" } else { "Betreuer" },
            event::board::Subject::Club { .. } => if de { "Verein" } else { "club" },
        },
        "measure": if de { s.measure.german() } else { s.measure.to_string() },
        "reason": s.reason,
        "decided": if de { s.decided.german() } else { s.decided.to_string() },
        "protest": s.protest.as_ref().map(|p| json!({ "filed": moment(p.filed, lang) })),
        "decision": decision.map(|d| json!({ "at": moment(d.at, lang), "upheld": d.upheld, "text": d.text })),
        "lifted": s.lifted(),
    })
}

async fn page(State(state): State<AppState>, viewer: Viewer) -> PageResult {
    viewer.admin()?;
    let (register, version) = state.service.board_register().await?;
    let sanctions: Vec<Value> = register
        .sanctions
        .iter()
        .rev()
        .map(|s| sanction(s, viewer.lang))
        .collect();
    render(
        &state,
        &viewer,
        "board.html",
        json!({ "sanctions": sanctions, "version": version }),
    )
}

/// `GET /api/board` (admins): the register as stored.
async fn api(State(state): State<AppState>, viewer: Viewer) -> Result<Json<Register>, AppError> {
    viewer.admin()?;
    Ok(Json(state.service.board_register().await?.0))
}

async fn impose(
    State(state): State<AppState>,
    Edit { viewer, form, .. }: Edit<BoardForm>,
) -> PageResult {
    let by = viewer.admin()?;
    let done = state.service.impose_board_sanction(Some(by), &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other("/board"))
}

async fn protest(
    State(state): State<AppState>,
    Path(n): Path<u32>,
    Edit { viewer, form, .. }: Edit<AppealForm>,
) -> PageResult {
    let by = viewer.admin()?;
    let done = state
        .service
        .protest_board_sanction(Some(by), n, &form)
        .await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other(&format!("/board#board-{n}")))
}

async fn decide(
    State(state): State<AppState>,
    Path(n): Path<u32>,
    Edit { viewer, form, .. }: Edit<DecisionForm>,
) -> PageResult {
    let by = viewer.admin()?;
    let done = state.service.decide_board_protest(Some(by), n, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(see_other(&format!("/board#board-{n}")))
}
