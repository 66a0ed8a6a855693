//! The JSON API of live games (`service::live`): open a board's live game, send it events (the
//! JSON objects of a line of `arbiter replay`), read its state. HTTP only: the rules engine
//! and the log are the service's.
//!
//! Arbiters and admins (session, and the CSRF token in `X-CSRF-Token` for changes) reach every
//! game and may give an event's time (`at_ms`). A board's device sends the board's code in the
//! `X-Board-Code` header instead (no session, no cookie): it reads and plays that one game and
//! the server stamps the time of its events. Arbiters make the code
//! (`POST /api/games/{id}/board-code`, a new code ends the old one).

use axum::Json;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::editor::{Editor, csrf_header, editor_id};
use crate::{AppError, AppState, Viewer};
use service::live::{Accepted, LiveState, Posted};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/live", get(live).post(open))
        .route("/api/games/{id}/events", post(events))
        .route("/api/games/{id}/board-code", post(board_code))
}

/// Random bytes of a board code (printed as twice as many hex digits).
pub(crate) const CODE_BYTES: usize = 8;

/// Who acts on a game: an arbiter (user id; may give `at_ms`) or the board's device.
enum Actor {
    Arbiter(i64),
    Board,
}

/// The game of the path and who acts on it: the `board` role — a device whose `X-Board-Code`
/// opens this very game (only while its round is published and no result is entered) — else an
/// arbiter or admin, with the CSRF token when `CHANGE`; [`AppError::Forbidden`] otherwise.
struct OnGame<const CHANGE: bool> {
    id: i64,
    actor: Actor,
    viewer: Viewer,
}

impl<const CHANGE: bool> FromRequestParts<AppState> for OnGame<CHANGE> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        let Path(id) = Path::<i64>::from_request_parts(parts, state)
            .await
            .map_err(|_| AppError::NotFound)?;
        let viewer = Viewer::from_request_parts(parts, state).await?;
        let actor = match parts.headers.get("x-board-code") {
            Some(code) => {
                let code = code.to_str().map_err(|_| AppError::Forbidden)?;
                match state.service.board_code_game(code).await? {
                    Some(game) if game == id => Actor::Board,
                    _ => return Err(AppError::Forbidden),
                }
            }
            None if CHANGE => Actor::Arbiter(editor_id(&viewer, csrf_header(&parts.headers))?),
            None => Actor::Arbiter(viewer.editor()?),
        };
        Ok(OnGame { id, actor, viewer })
    }
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
    OnGame { id, viewer, .. }: OnGame<false>,
) -> Result<Json<LiveState>, AppError> {
    let live = state
        .service
        .live_state(id, viewer.lang)
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
    OnGame { id, actor, viewer }: OnGame<true>,
    Query(q): Query<DeviceQuery>,
    body: Bytes,
) -> Result<Json<Accepted>, AppError> {
    let by = match actor {
        Actor::Arbiter(user) => Some(user),
        Actor::Board => None,
    };
    let posted = Posted {
        event: text(&body)?,
        device: q.device.as_deref(),
        device_seq: q.seq,
        may_set_time: by.is_some(),
    };
    let accepted = state
        .service
        .post_live_event(by, id, &posted, viewer.lang)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Json(accepted))
}

/// `POST /api/games/{id}/board-code`: a new code for the board's device (the old one stops
/// working); shown once, only its hash is stored.
async fn board_code(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
) -> Result<Json<Value>, AppError> {
    let code = crate::auth::random_token(CODE_BYTES);
    state
        .service
        .set_board_code(Some(by), id, &code)
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Json(json!({ "game": id, "code": code })))
}
