//! Round tools of the service: manual pairing edits on a preview (C.04.1 warnings, SJRP §6.2),
//! requested byes, the effect of a result correction on later rounds (Art. 8.7), player cards,
//! result slips and the game records (PGN) of a section.
//!
//! Every change is one store transaction with its audit row; pages post forms with the CSRF
//! field, the API takes JSON with the `X-CSRF-Token` header.

use std::collections::BTreeMap;

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use event::player::PlayerId;
use event::round::{ByeKind, Warning};
use serde::Deserialize;
use serde_json::{Value, json};
use service::results::CorrectionEffect;
use store::GameResult;

use crate::editor::{Edit, Editor};
use crate::i18n::Lang;
use crate::pages::{PageError, render, see_other};
use crate::{AppError, AppState, Viewer};
use service::Loaded;
use service::rounds::{Edit as PairingEdit, warning_text};
use service::rows as domain;

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

fn player_id(id: i64) -> PlayerId {
    PlayerId(u32::try_from(id).unwrap_or(u32::MAX))
}

fn round_number(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

// ---- manual pairing edits -------------------------------------------------------------------

fn warnings_json(warnings: &[Warning], lang: Lang, loaded: &Loaded) -> Vec<Value> {
    warnings
        .iter()
        .map(|w| json!({ "article": w.article.as_str(), "message": warning_text(w, lang == Lang::De, loaded) }))
        .collect()
}

#[derive(Deserialize)]
struct EditRequest {
    #[serde(flatten)]
    edit: PairingEdit,
    #[serde(default)]
    version: Option<i64>,
}

async fn edit_api(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, i64)>,
    Editor { by, viewer }: Editor,
    Json(f): Json<EditRequest>,
) -> Result<Json<Value>, AppError> {
    let warnings = state
        .service
        .apply_edit(Some(by), id, n, &f.edit, f.version)
        .await?;
    let loaded = state.section(id).await?;
    Ok(Json(json!({
        "round": n,
        "warnings": warnings_json(&warnings, viewer.lang, &loaded),
        "boards": crate::api::boards(&loaded, n),
    })))
}

#[derive(Deserialize)]
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
    let warnings = state
        .service
        .apply_edit(Some(by), id, n, &f.edit()?, None)
        .await?;
    let loaded = state.section(id).await?;
    edit_view(&state, &viewer, &loaded, n, &warnings)
}

async fn edit_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Response, PageError> {
    viewer.editor()?;
    let loaded = state.section(id).await?;
    edit_view(&state, &viewer, &loaded, n, &[])
}

fn edit_view(
    state: &AppState,
    viewer: &Viewer,
    loaded: &Loaded,
    n: i64,
    warnings: &[Warning],
) -> Result<Response, PageError> {
    let boards = crate::api::boards(loaded, n).ok_or(AppError::NotFound)?;
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

fn byes_json(byes: &BTreeMap<u32, ByeKind>) -> Vec<Value> {
    byes.iter()
        .map(|(r, k)| json!({ "round": r, "kind": domain::stored_bye(*k).code() }))
        .collect()
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
        json!({ "player": id, "requested_byes": byes_json(&byes) }),
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

/// The card of a player: every round with board, colour, opponent, result and running score,
/// and the performance rating over the rated games played (C.07 Art. 10.2), in a section view
/// ([`Loaded::view`]).
pub fn player_card(loaded: &Loaded, player: i64) -> Option<Value> {
    let row = loaded.players.iter().find(|p| p.id == player)?;
    let s = loaded.section();
    let me = player_id(player);
    let scoring = s.scoring.system();
    let entry = s.entry(me)?;
    let mut score = standings::Points::ZERO;
    let mut rated = Vec::new();
    let mut rounds = Vec::new();
    for r in &s.played {
        let mut line = json!({ "round": r.number });
        let outcome = if let Some(i) = r.board_of(me) {
            let b = &r.boards[i];
            let white = b.white == me;
            let opponent = if white { b.black } else { b.white };
            let opp = loaded.player(opponent);
            line["board"] = json!(i + 1);
            line["colour"] = json!(if white { "w" } else { "b" });
            line["opponent"] = json!(loaded.name(i64::from(opponent.0)));
            line["opponent_id"] = json!(opponent.0);
            line["opponent_dwz"] = json!(opp.and_then(|p| p.dwz));
            line["opponent_elo"] = json!(opp.and_then(|p| p.elo));
            line["manual"] = json!(b.manual);
            let mine = b
                .result
                .outcomes()
                .map(|(w, bl)| if white { w } else { bl });
            if let (Some(o), Some(rating)) = (
                mine,
                opp.and_then(|p| p.elo).and_then(|r| u16::try_from(r).ok()),
            ) && matches!(
                o,
                standings::Outcome::Win | standings::Outcome::Draw | standings::Outcome::Loss
            ) {
                rated.push(standings::rating::Game {
                    opponent: rating,
                    score: match o {
                        standings::Outcome::Win => standings::Points::ONE,
                        standings::Outcome::Draw => standings::Points::HALF,
                        _ => standings::Points::ZERO,
                    },
                });
            }
            mine
        } else {
            let kind = r.bye_of(me).unwrap_or_else(|| entry.unpaired_bye(r.number));
            line["bye"] = json!(domain::stored_bye(kind).code());
            Some(kind.outcome())
        };
        line["result"] = json!(outcome.map_or("*".to_owned(), |o| {
            let p = scoring.points(o);
            match o {
                standings::Outcome::ForfeitWin => format!("+ ({p})"),
                standings::Outcome::ForfeitLoss => format!("- ({p})"),
                _ => p.to_string(),
            }
        }));
        if let Some(o) = outcome {
            score += scoring.points(o);
        }
        line["score"] = json!(score.to_string());
        rounds.push(line);
    }
    let performance = standings::rating::performance_rating(&rated);
    Some(json!({
        "id": row.id,
        "number": row.number,
        "name": row.name,
        "dwz": entry.player.dwz,
        "elo": entry.player.elo,
        "club": row.club,
        "federation": row.federation,
        "score": score.to_string(),
        "performance": performance,
        "rated_games": rated.len(),
        "rounds": rounds,
        "requested_byes": byes_json(&entry.requested_byes),
        "version": row.version,
    }))
}

async fn card_api(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, player)): Path<(i64, i64)>,
) -> Result<Json<Value>, AppError> {
    let loaded = state.view(id, &viewer).await?;
    Ok(Json(
        player_card(&loaded, player).ok_or(AppError::NotFound)?,
    ))
}

async fn card_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, player)): Path<(i64, i64)>,
    Query(notice): Query<crate::players::Saved>,
) -> Result<Response, PageError> {
    let loaded = state.view(id, &viewer).await?;
    let card = player_card(&loaded, player).ok_or(AppError::NotFound)?;
    let s = loaded.section();
    let paired = u32::try_from(s.played.len()).unwrap_or(u32::MAX);
    let last = s.total_rounds().min(event::validate::MAX_ROUNDS);
    let future: Vec<u32> = (paired + 1..=last).collect();
    render(
        &state,
        &viewer,
        "card.html",
        json!({
            "section": loaded.section_row,
            "card": card,
            "future_rounds": future,
            "editing": crate::players::editing(&loaded, player, &viewer),
            "saved": notice.saved.is_some(),
        }),
    )
}

// ---- result slips ---------------------------------------------------------------------------

async fn slips(
    State(state): State<AppState>,
    viewer: Viewer,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Response, PageError> {
    let loaded = state.view(id, &viewer).await?;
    let boards = crate::api::boards(&loaded, n).ok_or(AppError::NotFound)?;
    let games: Vec<&Value> = boards.iter().filter(|b| !b["black"].is_null()).collect();
    render(
        &state,
        &viewer,
        "slips.html",
        json!({
            "event": loaded.event_row,
            "section": loaded.section_row,
            "number": n,
            "boards": games,
        }),
    )
}

// ---- game records ---------------------------------------------------------------------------

/// Checks a pasted game record with the `pgn` crate: exactly one game, every move legal.
/// Returns the moves as clean PGN movetext, or the message naming the move.
pub fn check_pgn(text: &str, lang: Lang) -> Result<String, AppError> {
    let mut games = pgn::reader::Reader::new(text);
    let raw = games
        .next()
        .ok_or_else(|| AppError::BadRequest("PGN: no game found".into()))?;
    if games.next().is_some() {
        return Err(AppError::BadRequest(
            "PGN: one game per board expected, found more".into(),
        ));
    }
    let imported = pgn::import::import(&raw);
    if let Some(e) = &imported.error {
        let message = e.kind.message(if lang == Lang::De {
            pgn::check::Lang(laws::notation::Language::German)
        } else {
            pgn::check::Lang(laws::notation::Language::English)
        });
        return Err(AppError::BadRequest(format!(
            "PGN: {}: {message}",
            e.location
        )));
    }
    let start = imported
        .start
        .as_ref()
        .ok_or_else(|| AppError::BadRequest("PGN: no start position".into()))?;
    let text = pgn::export::write_pgn(
        &[],
        &start.position,
        &imported.moves,
        None,
        laws::notation::Language::English,
    );
    Ok(text)
}

#[derive(Deserialize)]
struct PgnForm {
    #[serde(default)]
    pgn: String,
}

async fn store_pgn(
    state: &AppState,
    by: i64,
    game: i64,
    text: &str,
    lang: Lang,
) -> Result<(), AppError> {
    let g = state.store().game(game).await?;
    if g.black.is_none() {
        return Err(AppError::BadRequest("a bye has no game record".into()));
    }
    let clean = if text.trim().is_empty() {
        String::new()
    } else {
        check_pgn(text, lang)?
    };
    state.store().set_game_pgn(Some(by), game, &clean).await?;
    Ok(())
}

async fn pgn_api(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { by, viewer }: Editor,
    Json(f): Json<PgnForm>,
) -> Result<Json<Value>, AppError> {
    store_pgn(&state, by, id, &f.pgn, viewer.lang).await?;
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
    match store_pgn(&state, by, id, &f.pgn, viewer.lang).await {
        Ok(()) => pgn_view(&state, &viewer, id, None, None).await,
        Err(AppError::BadRequest(m)) => {
            let mut response = pgn_view(&state, &viewer, id, Some(&f.pgn), Some(m)).await?;
            *response.status_mut() = StatusCode::BAD_REQUEST;
            Ok(response)
        }
        Err(e) => Err(e.into()),
    }
}

/// PGN tag date `YYYY.MM.DD` of an event date `YYYY-MM-DD`.
fn pgn_date(date: &str) -> String {
    let d = date.replace('-', ".");
    if d.len() == 10 {
        d
    } else {
        "????.??.??".into()
    }
}

/// The games of a section view ([`AppState::view`]) as PGN: the seven-tag roster,
/// `WhiteElo`/`BlackElo`, the moves when entered, else the result alone.
pub async fn section_pgn(
    state: &AppState,
    viewer: &Viewer,
    section: i64,
) -> Result<String, AppError> {
    let loaded = state.view(section, viewer).await?;
    let records: BTreeMap<i64, String> = state
        .store()
        .section_pgns(section)
        .await?
        .into_iter()
        .collect();
    let mut out = String::new();
    let event_name = format!("{} - {}", loaded.event_row.name, loaded.section_row.name);
    for (r, games) in &loaded.rounds {
        let date = loaded
            .section()
            .schedule_of(round_number(r.number))
            .map_or_else(
                || pgn_date(&loaded.event_row.start_date),
                |d| pgn_date(&d.date.to_string()),
            );
        for g in games {
            let Some(black) = g.black else { continue };
            let result = match g.result {
                GameResult::WhiteWins | GameResult::WhiteForfeitWin => "1-0",
                GameResult::BlackWins | GameResult::BlackForfeitWin => "0-1",
                GameResult::Draw => "1/2-1/2",
                _ => "*",
            };
            let round = format!("{}.{}", r.number, g.board);
            let elo = |id: i64| {
                loaded
                    .players
                    .iter()
                    .find(|p| p.id == id)
                    .and_then(|p| p.elo)
                    .map(|r| r.to_string())
            };
            let (white, black_name) = (loaded.name(g.white), loaded.name(black));
            let mut tags: Vec<(&str, String)> = vec![
                ("Event", event_name.clone()),
                ("Site", loaded.event_row.place.clone()),
                ("Date", date.clone()),
                ("Round", round),
                ("White", white),
                ("Black", black_name),
                ("Result", result.to_owned()),
            ];
            if let Some(e) = elo(g.white) {
                tags.push(("WhiteElo", e));
            }
            if let Some(e) = elo(black) {
                tags.push(("BlackElo", e));
            }
            if matches!(
                g.result,
                GameResult::WhiteForfeitWin
                    | GameResult::BlackForfeitWin
                    | GameResult::DoubleForfeit
            ) {
                tags.push(("Termination", "forfeit".into()));
            }
            let tag_refs: Vec<(&str, &str)> = tags.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (start, moves) = records
                .get(&g.id)
                .and_then(|text| {
                    let raw = pgn::reader::Reader::new(text).next()?;
                    let imported = pgn::import::import(&raw);
                    Some((imported.start?.position, imported.moves))
                })
                .unwrap_or_else(|| (laws::position::StartingPosition::standard(), Vec::new()));
            out.push_str(&pgn::export::write_pgn(
                &tag_refs,
                &start,
                &moves,
                None,
                laws::notation::Language::English,
            ));
            out.push('\n');
        }
    }
    Ok(out)
}

async fn pgn_export(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
) -> Result<Response, AppError> {
    let text = section_pgn(&state, &viewer, id).await?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8",
            ),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"games.pgn\"",
            ),
        ],
        text,
    )
        .into_response())
}
