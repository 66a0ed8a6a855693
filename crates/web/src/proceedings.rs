//! The director's page of tribunals, protests, appeals and sanctions of an event (SJRP §5.5-§5.8,
//! §20, §21) and its JSON — HTTP to [`service::proceedings`] and back.

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use event::proceedings::{Entitled, Instance, Procedure, Protest};
use serde_json::{Value, json};
use service::proceedings::{
    AppealForm, DecisionForm, ProtestForm, SanctionForm, TribunalForm, VersionForm,
};

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
        .route("/events/{id}/protests/{n}/appeal/fee", post(pay_fee))
        .route("/events/{id}/protests/{n}/further", post(further))
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

/// An appeal in the page's language: who decides it, under which paragraph, its fee.
fn appeal_json(p: &Protest, a: &event::proceedings::Appeal, lang: Lang) -> Value {
    let de = lang == Lang::De;
    json!({
        "filed": moment(a.filed, lang),
        "fee": format!("{},{:02} €", a.fee_cents / 100, a.fee_cents % 100),
        "fee_paid": a.fee_paid,
        "fee_due": if de { a.fee_due().german() } else { a.fee_due().to_string() },
        "instance": if de { a.instance.german().to_owned() } else { a.instance.to_string() },
        "tribunal": a.instance == Instance::Tribunal,
        "article": p.instance_article(a).to_string(),
        "bench": a.bench,
        "decision": decision(a.decision.as_ref(), lang),
        "refund": a.refund(),
    })
}

fn protest(p: &Protest, lang: Lang) -> Value {
    let de = lang == Lang::De;
    let first = p.appeal.as_ref();
    let further_possible = first
        .is_some_and(|a| a.instance == Instance::Spielleiter && a.decision.is_some())
        && p.further.is_none();
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
        "appeal": first.map(|a| appeal_json(p, a, lang)),
        "further": p.further.as_ref().map(|a| appeal_json(p, a, lang)),
        "further_possible": further_possible,
        "federation": p.procedure == Procedure::Federation,
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
        let teams: Vec<String> = match state.service.team_of(s.id).await? {
            Some(ts) => ts.teams.into_iter().map(|(t, _)| t.name).collect(),
            None => Vec::new(),
        };
        sections.push(json!({
            "id": s.id, "name": s.name, "paired": loaded.rounds.len(), "players": players,
            "teams": teams,
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

/// The tribunals as the notice board shows them to everyone (§5.5): sections, electorate,
/// members and substitutes with their clubs — no birth years. Protests and sanctions stay on
/// the directors' page: they name minors and their conduct.
pub(crate) fn public_tribunals(row: &store::EventRow, lang: Lang) -> Vec<Value> {
    let de = lang == Lang::De;
    let ev = service::rows::domain_event(row);
    let line = |m: &event::tribunal::Member| format!("{} ({})", m.name, m.club);
    ev.proceedings
        .tribunals
        .iter()
        .map(|t| {
            json!({
                "sections": t.sections.join(", "),
                "electorate": if de { t.electorate.german().to_owned() } else { t.electorate.to_string() },
                "members": t.members.iter().map(line).collect::<Vec<_>>(),
                "substitutes": t.substitutes.iter().map(line).collect::<Vec<_>>(),
            })
        })
        .collect()
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

async fn pay_fee(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, u32)>,
    Edit { by, viewer, form }: Edit<VersionForm>,
) -> PageResult {
    let done = state.service.pay_appeal_fee(Some(by), id, n, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, &format!("protest-{n}")))
}

async fn further(
    State(state): State<AppState>,
    Path((id, n)): Path<(i64, u32)>,
    Edit { by, viewer, form }: Edit<AppealForm>,
) -> PageResult {
    let done = state.service.further_appeal(Some(by), id, n, &form).await;
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
