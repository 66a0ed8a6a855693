//! The director's page of tribunals, protests, appeals and sanctions of an event (SJRP §5.5-§5.8,
//! §20, §21) and its JSON — HTTP to [`service::proceedings`] and back.

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use event::proceedings::{Entitled, Protest};
use serde_json::{Value, json};
use service::proceedings::{AppealForm, DecisionForm, ProtestForm, SanctionForm, TribunalForm};

use crate::editor::{Edit, Editor};
use crate::i18n::Lang;
use crate::views::{PageResult, moment, render, see_other};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/proceedings", get(page))
        .route("/events/{id}/tribunals", post(elect))
        .route("/events/{id}/protests", post(file))
        .route("/events/{id}/protests/{n}/decision", post(decide))
        .route("/events/{id}/protests/{n}/appeal", post(appeal))
        .route(
            "/events/{id}/protests/{n}/appeal/decision",
            post(decide_appeal),
        )
        .route("/events/{id}/sanctions", post(sanction))
        .route("/api/events/{id}/proceedings", get(api))
}

/// A decision in the page's language.
fn decision(d: Option<&event::proceedings::Decision>, lang: Lang) -> Value {
    d.map_or(
        Value::Null,
        |d| json!({ "at": moment(d.at, lang), "upheld": d.upheld, "text": d.text }),
    )
}

fn protest(p: &Protest, lang: Lang) -> Value {
    let de = lang == Lang::De;
    json!({
        "number": p.number,
        "section": p.section,
        "round": p.round,
        "board": p.board,
        "by": p.by,
        "club": p.club,
        "role": if de { p.role.german().to_owned() } else { p.role.to_string() },
        "subject": p.subject,
        "filed": moment(p.filed, lang),
        "decision": decision(p.decision.as_ref(), lang),
        "appeal": p.appeal.as_ref().map(|a| json!({
            "filed": moment(a.filed, lang),
            "fee": format!("{},{:02} €", a.fee_cents / 100, a.fee_cents % 100),
            "bench": a.bench,
            "decision": decision(a.decision.as_ref(), lang),
            "refund": a.refund(),
        })),
        "open": p.appeal_open(),
    })
}

async fn view(state: &AppState, id: i64, lang: Lang) -> Result<Value, AppError> {
    let row = state.store().event(id).await?;
    let ev = service::rows::domain_event(&row);
    let de = lang == Lang::De;
    let p = &ev.proceedings;
    let mut sections = Vec::new();
    for s in state.store().sections(id).await? {
        let loaded = state.section(s.id).await?;
        let players: Vec<Value> = loaded
            .players
            .iter()
            .map(|p| json!({ "id": p.id, "name": p.name, "number": p.number }))
            .collect();
        sections.push(json!({
            "id": s.id, "name": s.name, "paired": loaded.rounds.len(), "players": players,
        }));
    }
    let tribunals: Vec<Value> = p
        .tribunals
        .iter()
        .map(|t| {
            let year = if de { "Jg." } else { "born" };
            let line = |m: &event::tribunal::Member| match m.birth_year {
                Some(y) => format!("{} ({}, {year} {y})", m.name, m.club),
                None => format!("{} ({})", m.name, m.club),
            };
            json!({
                "sections": t.sections.join(", "),
                "electorate": if de { t.electorate.german().to_owned() } else { t.electorate.to_string() },
                "members": t.members.iter().map(line).collect::<Vec<_>>(),
                "substitutes": t.substitutes.iter().map(line).collect::<Vec<_>>(),
            })
        })
        .collect();
    let sanctions: Vec<Value> = p
        .sanctions
        .iter()
        .map(|s| {
            json!({
                "number": s.number, "section": s.section, "round": s.round,
                "against": s.against.name(),
                "measure": if de { s.measure.german() } else { s.measure.to_string() },
                "article": s.measure.article().to_string(),
                "reason": s.reason, "at": moment(s.at, lang),
            })
        })
        .collect();
    let roles: Vec<Value> = Entitled::ALL
        .iter()
        .map(|r| json!({ "key": r.key(), "name": if de { r.german().to_owned() } else { r.to_string() } }))
        .collect();
    Ok(json!({
        "event": { "id": id, "name": row.name },
        "version": row.version,
        "sections": sections,
        "tribunals": tribunals,
        "protests": p.protests.iter().map(|x| protest(x, lang)).collect::<Vec<_>>(),
        "sanctions": sanctions,
        "roles": roles,
        "fee": event::proceedings::APPEAL_FEE_CENTS / 100,
    }))
}

async fn page(State(state): State<AppState>, viewer: Viewer, Path(id): Path<i64>) -> PageResult {
    viewer.editor()?;
    let ctx = view(&state, id, viewer.lang).await?;
    render(&state, &viewer, "proceedings.html", ctx)
}

/// `GET /api/events/{id}/proceedings` (directors): the record as stored.
async fn api(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { .. }: Editor,
) -> Result<Json<event::proceedings::Proceedings>, AppError> {
    let row = state.store().event(id).await?;
    Ok(Json(service::rows::domain_event(&row).proceedings))
}

fn back(id: i64, anchor: &str) -> axum::response::Response {
    see_other(&format!("/events/{id}/proceedings#{anchor}"))
}

async fn elect(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<TribunalForm>,
) -> PageResult {
    let done = state.service.elect_tribunal(Some(by), id, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, "tribunals"))
}

async fn file(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<ProtestForm>,
) -> PageResult {
    let n = state.service.file_protest(Some(by), id, &form).await;
    let n = n.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, &format!("protest-{n}")))
}

async fn decide(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, u32)>,
    Edit { by, viewer, form }: Edit<DecisionForm>,
) -> PageResult {
    let done = state.service.decide_protest(Some(by), id, n, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, &format!("protest-{n}")))
}

async fn appeal(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, u32)>,
    Edit { by, viewer, form }: Edit<AppealForm>,
) -> PageResult {
    let done = state.service.appeal(Some(by), id, n, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, &format!("protest-{n}")))
}

async fn decide_appeal(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, u32)>,
    Edit { by, viewer, form }: Edit<DecisionForm>,
) -> PageResult {
    let done = state.service.decide_appeal(Some(by), id, n, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, &format!("protest-{n}")))
}

async fn sanction(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<SanctionForm>,
) -> PageResult {
    let n = state.service.impose_sanction(Some(by), id, &form).await;
    let n = n.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, &format!("sanction-{n}")))
}
