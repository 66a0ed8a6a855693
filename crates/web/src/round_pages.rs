//! The round page (pairing list by board with fast result entry, #14 items 1 and 5), the
//! alphabetical pairing list and result entry from the page. The lists come from
//! [`service::lists`]; this module only words them for the viewer.

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use serde_json::{Value, json};
use service::Loaded;
use service::lists;
use service::results::Entered;

use crate::api::ResultForm;
use crate::editor::Edit;
use crate::i18n;
use crate::views::{self, PageResult, render, see_other};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/sections/{id}/rounds/{n}", get(round_page))
        .route("/sections/{id}/rounds/{n}/alphabetical", get(alphabetical))
        .route("/games/{id}/result", post(enter_result))
}

/// What the round page and its print-out show above the list: event, section, round, start,
/// publication, results in, and whether pairing the next round is the next step.
fn round_context(loaded: &Loaded, viewer: &Viewer, n: i64) -> Result<Value, AppError> {
    let rows = lists::pairing_rows(loaded, n, false).ok_or(AppError::NotFound)?;
    let published = loaded.round(n).is_some_and(|(r, _)| r.published);
    let published_at = loaded
        .section()
        .round(u32::try_from(n).unwrap_or(0))
        .and_then(|r| r.published)
        .map(|at| views::moment(at, viewer.lang));
    let (entered, games) = lists::results_in(loaded, n).unwrap_or((0, 0));
    let last = loaded.rounds.iter().map(|(r, _)| r.number).max() == Some(n);
    let can_pair_next = published && last && n < loaded.section_row.rounds;
    Ok(json!({
        "event": loaded.event_row,
        "section": loaded.section_row,
        "number": n,
        "start": views::round_start(loaded, n, viewer.lang),
        "published": published,
        "published_at": published_at,
        "has_manual": rows.iter().any(|b| b["manual"] == json!(true)),
        "boards": rows,
        "entered": entered,
        "games": games,
        "can_pair_next": can_pair_next,
        "next_round": can_pair_next && entered == games,
    }))
}

async fn round_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> PageResult {
    let loaded = state.view(id, &viewer).await?;
    let ctx = round_context(&loaded, &viewer, n)?;
    render(&state, &viewer, "round.html", ctx)
}

async fn alphabetical(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> PageResult {
    let loaded = state.view(id, &viewer).await?;
    let lines = lists::pairing_rows(&loaded, n, true).ok_or(AppError::NotFound)?;
    render(
        &state,
        &viewer,
        "alphabetical.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "number": n,
            "start": views::round_start(&loaded, n, viewer.lang),
            "lines": lines,
        }),
    )
}

/// Enters a result from the round page: a plain form answers with the round page, htmx and
/// the fast entry (`HX-Request`) with the board's row, its message and the round's count of
/// results in (`X-Arbiter-Results`, `9/10`).
async fn enter_result(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit {
        by,
        viewer,
        form: f,
    }: Edit<ResultForm>,
) -> PageResult {
    let outcome = state
        .service
        .enter_result(Some(by), id, &f.result, f.version)
        .await;
    let game = state.store().game(id).await?;
    let round = state.store().round(game.round).await?;
    if !viewer.htmx {
        outcome?;
        return Ok(see_other(&format!(
            "/sections/{}/rounds/{}",
            round.section, round.number
        )));
    }
    let loaded = state.view(round.section, &viewer).await?;
    let row = lists::pairing_rows(&loaded, round.number, false)
        .and_then(|b| b.into_iter().find(|g| g["game"] == json!(id)))
        .ok_or(AppError::NotFound)?;
    let (message, class) = match &outcome {
        Ok(Entered {
            effect: Some(effect),
            ..
        }) => (crate::rounds::effect_text(effect, viewer.lang), "warning"),
        Ok(_) => (i18n::texts(viewer.lang)["saved"].to_owned(), "ok"),
        Err(e) => (e.to_string(), "conflict"),
    };
    let mut response = render(
        &state,
        &viewer,
        "result_row.html",
        json!({
            "g": row,
            "section": loaded.section_row,
            "published": round.published,
            "row_message": message,
            "row_class": class,
        }),
    )?;
    let (entered, games) = lists::results_in(&loaded, round.number).unwrap_or((0, 0));
    if let Ok(v) = format!("{entered}/{games}").parse() {
        response.headers_mut().insert("X-Arbiter-Results", v);
    }
    if let Err(e) = outcome.map_err(AppError::from) {
        // htmx swaps only 2xx answers; the row carries the error, the header names it.
        if let Ok(v) = e.status().as_u16().to_string().parse() {
            response.headers_mut().insert("X-Arbiter-Status", v);
        }
    }
    Ok(response)
}
