//! The director's page of the event's entries (SJRP §7.2-§7.6, §8.1-§8.3, the announcement's
//! entry deadline and fee) and its JSON — HTTP to [`service::entries`] and back.

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use event::entries::{AdmissionList, Admitted, Status};
use serde_json::{Value, json};
use service::entries::{AddForm, PlaceForm};

use crate::editor::{Edit, Editor};
use crate::i18n::Lang;
use crate::views::{PageResult, render, see_other};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/entries", get(page).post(add))
        .route("/events/{id}/entries/withdraw", post(withdraw))
        .route("/events/{id}/entries/call-up", post(call_up))
        .route("/events/{id}/entries/paid", post(paid))
        .route("/api/events/{id}/entries", get(api))
}

/// A day as the page's language writes it.
fn day(d: Option<event::date::Date>, lang: Lang) -> String {
    d.map_or_else(String::new, |d| match lang {
        Lang::De => d.german(),
        Lang::En => d.to_string(),
    })
}

/// One place as the page shows it; `registered`: the section it is registered in, if any.
fn place(
    n: usize,
    a: &Admitted,
    next: bool,
    registered: Option<&str>,
    deadline: Option<event::date::Date>,
    lang: Lang,
) -> Value {
    let de = lang == Lang::De;
    let (status, key) = match a.status() {
        Status::Holding => (String::new(), "holding"),
        Status::Waiting => (String::new(), "waiting"),
        Status::CalledUp(on) => (day(Some(on), lang), "called_up"),
        Status::Withdrawn(on) => (day(Some(on), lang), "withdrawn"),
    };
    let class = a.class.map(|c| c.to_string());
    let issues: Vec<String> = a
        .class
        .map(|c| a.issues(c, deadline))
        .unwrap_or_default()
        .iter()
        .map(|i| if de { i.german() } else { i.to_string() })
        .collect();
    json!({
        "number": n,
        "name": format!("{}, {}", a.last_name, a.first_name),
        "birth_year": a.birth_year,
        "class": class,
        "basis": if de { a.basis.german() } else { a.basis.to_string() },
        "by": a.by,
        "article": a.basis.article(a.class).to_string(),
        "entered": day(a.entered, lang),
        "late": a.entered.zip(deadline).is_some_and(|(e, d)| e > d),
        "fee": a.fee_euros,
        "paid": day(a.paid, lang),
        "status": key,
        "status_day": status,
        "next": next,
        "registered": registered,
        "issues": issues,
    })
}

/// The section each place's holder is registered in (the first, a championship before the
/// side events).
async fn registered_in(
    state: &AppState,
    id: i64,
    list: &AdmissionList,
) -> Result<Vec<Option<String>>, AppError> {
    let mut out = vec![None; list.players.len()];
    for s in state.store().sections(id).await? {
        let loaded = state.section(s.id).await?;
        for entry in &loaded.section().entries {
            if let Some(p) = list.place_of(entry)
                && let Some(i) = list.players.iter().position(|a| std::ptr::eq(a, p))
                && out[i].is_none()
            {
                out[i] = Some(s.name.clone());
            }
        }
    }
    Ok(out)
}

async fn view(state: &AppState, id: i64, lang: Lang) -> Result<Value, AppError> {
    let row = state.store().event(id).await?;
    let ev = service::rows::domain_event(&row);
    let list = ev.admission.clone().unwrap_or_default();
    let registered = registered_in(state, id, &list).await?;
    let places: Vec<Value> = list
        .players
        .iter()
        .zip(registered)
        .enumerate()
        .map(|(i, (a, reg))| {
            let free = list.free_places(a.class) > 0;
            let next = free && list.next_substitute(a.class) == Some(i);
            let mut p = place(i + 1, a, next, reg.as_deref(), ev.entry_deadline, lang);
            p["free"] = free.into();
            p
        })
        .collect();
    let count = |key: &str| places.iter().filter(|p| p["status"] == key).count();
    Ok(json!({
        "event": { "id": id, "name": row.name },
        "version": row.version,
        "deadline": day(ev.entry_deadline, lang),
        "places": places,
        "holding": count("holding") + count("called_up"),
        "waiting": count("waiting"),
        "withdrawn": count("withdrawn"),
        "deadline_article": event::admission::ENTRY_DEADLINE.to_string(),
        "fee_article": event::admission::ENTRY_FEE.to_string(),
        "substitute_article": event::admission::SUBSTITUTES.to_string(),
    }))
}

async fn page(State(state): State<AppState>, viewer: Viewer, Path(id): Path<i64>) -> PageResult {
    viewer.editor()?;
    let ctx = view(&state, id, viewer.lang).await?;
    render(&state, &viewer, "entries.html", ctx)
}

/// `GET /api/events/{id}/entries` (directors): the admission list as stored, with the
/// entry deadline.
async fn api(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Editor { .. }: Editor,
) -> Result<Json<Value>, AppError> {
    let row = state.store().event(id).await?;
    let ev = service::rows::domain_event(&row);
    Ok(Json(json!({
        "version": row.version,
        "entry_deadline": ev.entry_deadline,
        "places": ev.admission.map(|l| l.players).unwrap_or_default(),
    })))
}

fn back(id: i64, anchor: &str) -> axum::response::Response {
    see_other(&format!("/events/{id}/entries#{anchor}"))
}

async fn add(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<AddForm>,
) -> PageResult {
    let done = state.service.add_entries(Some(by), id, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, "places"))
}

async fn withdraw(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<PlaceForm>,
) -> PageResult {
    let done = state.service.withdraw_entry(Some(by), id, &form).await;
    let (_, proposed) = done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    let anchor = proposed.map_or(format!("place-{}", form.place), |n| format!("place-{n}"));
    Ok(back(id, &anchor))
}

async fn call_up(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<PlaceForm>,
) -> PageResult {
    let done = state.service.call_up_substitute(Some(by), id, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, &format!("place-{}", form.place)))
}

async fn paid(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    Edit { by, viewer, form }: Edit<PlaceForm>,
) -> PageResult {
    let done = state.service.record_fee_paid(Some(by), id, &form).await;
    done.map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(back(id, &format!("place-{}", form.place)))
}
