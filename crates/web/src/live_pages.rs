//! The pages of live games (issue #15): the board device (`/play/{code}`, opened by the
//! board's code or its QR code), the print page of a round's board codes, the arbiter's
//! dashboard of a round, the public live boards (server-sent events, with the delay of
//! [`service::live_round`]) and the round's live games as PGN. The pages are HTML around
//! `static/live.js`, which talks to the JSON API of [`crate::live`]; the rules are the
//! service's.

use std::collections::VecDeque;
use std::convert::Infallible;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::{self, Stream};
use serde_json::json;
use service::live_hub::RoundWatch;
use service::live_round::{Audience, BoardLive};

use crate::editor::{Edit, NoFields};
use crate::views::{PageResult, render};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/play/{code}", get(device))
        .route("/play/{code}/pgn", get(device_pgn))
        .route("/static/live.js", get(live_js))
        .route(
            "/sections/{id}/rounds/{n}/board-codes",
            get(codes_page).post(new_codes),
        )
        .route("/sections/{id}/rounds/{n}/live", get(dashboard))
        .route("/sections/{id}/rounds/{n}/boards", get(public_boards))
        .route("/sections/{id}/rounds/{n}/live/stream", get(stream_boards))
        .route("/sections/{id}/rounds/{n}/live.pgn", get(round_pgn))
        .route("/api/sections/{id}/rounds/{n}/live", get(round_api))
}

const LIVE_JS: &str = include_str!("../static/live.js");

async fn live_js() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        LIVE_JS,
    )
        .into_response()
}

/// Who `viewer` is to the live boards: arbiters see them at once, everybody else with the
/// section's delay.
fn audience(viewer: &Viewer) -> Audience {
    if viewer.can_edit() {
        Audience::Arbiters
    } else {
        Audience::Public
    }
}

/// The game a board code opens (not found for an unknown or replaced code).
async fn code_game(state: &AppState, code: &str) -> Result<i64, AppError> {
    state
        .service
        .board_code_game(code)
        .await?
        .ok_or(AppError::NotFound)
}

/// `GET /play/{code}`: the board device of the game the code opens.
async fn device(
    State(state): State<AppState>,
    Path(code): Path<String>,
    viewer: Viewer,
) -> PageResult {
    let game = code_game(&state, &code).await?;
    let board = state.service.live_board(game).await?;
    render(
        &state,
        &viewer,
        "live_device.html",
        json!({ "b": board, "code": code }),
    )
}

fn pgn_response(text: String, name: &str) -> Response {
    let disposition = format!("attachment; filename=\"{name}\"");
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_owned(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response()
}

/// `GET /play/{code}/pgn`: the game record of the board's live game (electronic scoresheet).
async fn device_pgn(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> Result<Response, AppError> {
    let game = code_game(&state, &code).await?;
    let text = state.service.live_pgn(game).await?;
    Ok(pgn_response(text, &format!("game-{game}.pgn")))
}

/// The address of the device page of `code` as the request reached us (for the QR code).
fn device_url(headers: &HeaderMap, code: &str) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1:8080");
    format!("http://{host}/play/{code}")
}

/// The QR code of `text` as inline SVG (black on white, no inline style: CSP).
fn qr_svg(text: &str) -> Result<String, AppError> {
    let code = qrcode::QrCode::new(text.as_bytes())
        .map_err(|e| AppError::Internal(format!("QR code: {e}")))?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(160, 160)
        .build();
    Ok(svg
        .split_once("?>")
        .map_or(svg.clone(), |(_, s)| s.to_owned()))
}

/// `GET /sections/{id}/rounds/{n}/board-codes`: the arbiter's page to print the codes.
async fn codes_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> PageResult {
    viewer.editor()?;
    let loaded = state.section(id).await?;
    render(
        &state,
        &viewer,
        "live_codes.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "number": n,
            "codes": [],
        }),
    )
}

/// `POST /sections/{id}/rounds/{n}/board-codes`: new codes for every board of the round (the
/// old ones stop working), printed with their QR codes.
async fn new_codes(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    headers: HeaderMap,
    Edit { by, viewer, .. }: Edit<NoFields>,
) -> PageResult {
    let made = state
        .service
        .new_round_board_codes(Some(by), id, n, || {
            crate::auth::random_token(crate::live::CODE_BYTES)
        })
        .await?;
    let mut codes = Vec::new();
    for (board, code) in made {
        let url = device_url(&headers, &code);
        codes.push(json!({ "b": board, "code": code, "url": url, "qr": qr_svg(&url)? }));
    }
    let loaded = state.section(id).await?;
    render(
        &state,
        &viewer,
        "live_codes.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "number": n,
            "codes": codes,
        }),
    )
}

/// `GET /sections/{id}/rounds/{n}/live`: the arbiter's dashboard of the round.
async fn dashboard(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> PageResult {
    viewer.editor()?;
    let loaded = state.section(id).await?;
    render(
        &state,
        &viewer,
        "live_dashboard.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "number": n,
            "conducts": service::live::conduct_options(viewer.lang),
        }),
    )
}

/// `GET /sections/{id}/rounds/{n}/boards`: the public live boards of a published round.
async fn public_boards(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> PageResult {
    let loaded = state.view(id, &viewer).await?;
    if !loaded.round(n).is_some_and(|(r, _)| r.published) {
        return Err(AppError::NotFound.into());
    }
    let delay_minutes = audience(&viewer).delay_minutes(&loaded);
    render(
        &state,
        &viewer,
        "live_public.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "number": n,
            "delay_minutes": delay_minutes,
        }),
    )
}

/// The boards of a round for `viewer` (arbiters now, the public with the delay).
async fn boards_for(
    state: &AppState,
    viewer: &Viewer,
    id: i64,
    n: i64,
) -> Result<Vec<BoardLive>, AppError> {
    Ok(state
        .service
        .round_live(id, n, audience(viewer), viewer.lang)
        .await?)
}

/// `GET /api/sections/{id}/rounds/{n}/live`: every board of a published round live. The
/// arbiters' dashboard reads the round's shared picture ([`service::live_hub`]): no game is
/// rebuilt per request.
async fn round_api(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Response, AppError> {
    if audience(&viewer) == Audience::Arbiters {
        let json = state
            .service
            .round_dashboard_json(id, n, viewer.lang)
            .await?;
        return Ok(([(header::CONTENT_TYPE, "application/json")], json).into_response());
    }
    Ok(axum::Json(boards_for(&state, &viewer, id, n).await?).into_response())
}

/// `GET /sections/{id}/rounds/{n}/live/stream`: the boards as server-sent events from the
/// round's one shared picture ([`service::live_hub`]): first `boards` (every board), then
/// `update` (the boards that changed) as soon as an event is stored (spectators: as soon as it
/// aged in past the delay); each `{"server_ms", "boards"}`.
async fn stream_boards(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>, AppError> {
    let watch = state
        .service
        .watch_round(id, n, audience(&viewer), viewer.lang)
        .await?;
    let events = stream::unfold(
        (watch, VecDeque::new()),
        |(mut watch, mut queue): (RoundWatch, VecDeque<(&'static str, String)>)| async move {
            while queue.is_empty() {
                queue.extend(watch.next().await?.events(store::unix_now_ms()));
            }
            let (name, data) = queue.pop_front()?;
            let event = SseEvent::default().event(name).data(data);
            Some((Ok(event), (watch, queue)))
        },
    );
    Ok(Sse::new(events).keep_alive(KeepAlive::default()))
}

/// `GET /sections/{id}/rounds/{n}/live.pgn`: the round's live games as PGN at a stable address
/// for broadcast tools (the public with the delay).
async fn round_pgn(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Response, AppError> {
    let text = state
        .service
        .round_live_pgn(id, n, audience(&viewer))
        .await?;
    let mut response = pgn_response(text, &format!("round-{n}.pgn"));
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-cache"),
    );
    Ok(response)
}
