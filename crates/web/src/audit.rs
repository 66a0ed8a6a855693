//! The audit log page (#14 item 6): the entries of [`service::audit`] in the viewer's language —
//! local time, who, the action's name, the round, board and players a change concerns, old → new
//! in words — filtered by section and round, one bounded page at a time.

use axum::Router;
use axum::extract::{Query, State};
use axum::routing::get;
use serde_json::{Value, json};
use service::audit::{Action, Described, Filter, PAGE};

use crate::i18n::{self, Lang};
use crate::views::{PageResult, render};
use crate::{AppError, AppState, Viewer};

pub(crate) fn routes() -> Router<AppState> {
    Router::new().route("/audit", get(audit))
}

/// A stored value in words: results as chess writes them (`½-½`, `kampflos +/-`, a bye by its
/// name), other short values as they are; structured data (JSON) is not shown.
fn value(v: Option<&str>, texts: &std::collections::BTreeMap<&str, &str>) -> String {
    let Some(v) = v.map(str::trim) else {
        return String::new();
    };
    if let Some(word) = texts.get(format!("list_{v}").as_str()) {
        return (*word).to_owned();
    }
    match v {
        "*" => "—".into(),
        "+/-" | "-/+" | "-/-" => format!("{} {v}", texts["forfeit"]),
        _ if v.starts_with('{') || v.starts_with('[') || v.chars().count() > 80 => String::new(),
        _ => v.replace("1/2", "½"),
    }
}

/// What an entry concerns, in words: "Runde 3, Brett 5: Müller – Schmidt", a round, a player,
/// or the kind of row.
fn subject(d: &Described, texts: &std::collections::BTreeMap<&str, &str>) -> String {
    let round = d.round.map(|r| r.to_string()).unwrap_or_default();
    match (d.board, d.white.as_deref()) {
        (Some(board), Some(white)) => texts["audit_game"]
            .replace("{round}", &round)
            .replace("{board}", &board.to_string())
            .replace("{white}", white)
            .replace("{black}", d.black.as_deref().unwrap_or("—")),
        (None, Some(player)) => player.to_owned(),
        _ if d.round.is_some() => texts["audit_round"].replace("{round}", &round),
        _ => texts
            .get(format!("entity_{}", d.entity.replace(' ', "_")).as_str())
            .map_or_else(String::new, |t| (*t).to_owned()),
    }
}

/// Old → new of an entry, where the stored values say more than the action's name: results,
/// requested byes, withdrawals and the reason of an admission by override (other actions store internal summaries, not shown).
fn change(d: &Described, texts: &std::collections::BTreeMap<&str, &str>) -> (String, String) {
    let withdrawal = |v: Option<&str>| match v.map(str::trim) {
        Some("active") => texts["audit_active"].to_owned(),
        Some(v) => v
            .strip_prefix("withdrawn after round ")
            .map(|n| format!("{} ({} {n})", texts["list_withdrawn"], texts["round"]))
            .unwrap_or_default(),
        None => String::new(),
    };
    match d.action {
        Action::Result | Action::Bye => (
            value(d.old.as_deref(), texts),
            value(d.new.as_deref(), texts),
        ),
        Action::Withdraw => (withdrawal(d.old.as_deref()), withdrawal(d.new.as_deref())),
        Action::Register => {
            let reason = d
                .new
                .as_deref()
                .and_then(|v| v.split("admitted by override: ").nth(1))
                .map(|reason| format!("{}: {reason}", texts["audit_override"]));
            (String::new(), reason.unwrap_or_default())
        }
        _ => (String::new(), String::new()),
    }
}

fn row(d: &Described, lang: Lang) -> Value {
    let texts = i18n::texts(lang);
    let date = match lang {
        Lang::De => d.at.date.german(),
        Lang::En => d.at.date.to_string(),
    };
    let action = serde_json::to_value(d.action)
        .ok()
        .and_then(|v| v.as_str().map(|a| format!("action_{a}")))
        .and_then(|key| texts.get(key.as_str()).copied())
        .unwrap_or(texts["action_other"]);
    let (old, new) = change(d, &texts);
    json!({
        "id": d.id,
        "at": format!("{date} {}:{:02}", d.at.time, d.second),
        "user": if d.user.is_empty() { texts["audit_system"] } else { d.user.as_str() },
        "action": action,
        "section": d.section.as_ref().map(|(_, name)| name),
        "subject": subject(d, &texts),
        "old": old,
        "new": new,
    })
}

/// The filter as the form sends it: empty fields mean "all".
#[derive(serde::Deserialize)]
struct FilterForm {
    #[serde(default)]
    section: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    before: String,
}

/// A filter field: empty for none, else a whole number from 1 up.
fn key(field: &str, text: &str) -> Result<Option<i64>, AppError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<i64>() {
        Ok(n) if n >= 1 => Ok(Some(n)),
        _ => Err(AppError::BadRequest(format!(
            "{field}: expected a whole number from 1, found `{text}`"
        ))),
    }
}

async fn audit(
    State(state): State<AppState>,
    viewer: Viewer,
    Query(form): Query<FilterForm>,
) -> PageResult {
    viewer.editor()?;
    let filter = Filter {
        section: key("section", &form.section)?,
        round: key("round", &form.round)?,
        before: key("before", &form.before)?,
    };
    let entries = state.service.audit_page(filter).await?;
    let older = (entries.len() == usize::try_from(PAGE).unwrap_or(usize::MAX))
        .then(|| entries.last().map(|d| d.id))
        .flatten();
    let mut sections = Vec::new();
    for ev in state.store().events().await? {
        for s in state.store().sections(ev.id).await? {
            sections.push(json!({ "id": s.id, "name": format!("{} — {}", ev.name, s.name) }));
        }
    }
    let rows: Vec<Value> = entries.iter().map(|d| row(d, viewer.lang)).collect();
    render(
        &state,
        &viewer,
        "audit.html",
        json!({
            "entries": rows,
            "sections": sections,
            "filter_section": filter.section,
            "filter_round": filter.round,
            "older": older,
        }),
    )
}
