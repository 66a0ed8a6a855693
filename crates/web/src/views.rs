//! What the pages share: the compiled templates, rendering with the viewer's language and
//! session, the error page, redirects, and the boards of a round as the pages and the API show
//! them.

use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use minijinja::Environment;
use serde_json::{Value, json};
use service::{Loaded, ServiceError};
use store::Recorded;

use crate::i18n::{self, Lang};
use crate::{AppError, AppState, Viewer};

/// The compiled templates.
pub(crate) fn templates() -> Environment<'static> {
    let mut env = Environment::new();
    let all: [(&str, &str); 36] = [
        (
            "live_device.html",
            include_str!("../templates/live_device.html"),
        ),
        (
            "live_codes.html",
            include_str!("../templates/live_codes.html"),
        ),
        (
            "live_dashboard.html",
            include_str!("../templates/live_dashboard.html"),
        ),
        (
            "live_public.html",
            include_str!("../templates/live_public.html"),
        ),
        ("teams.html", include_str!("../templates/teams.html")),
        (
            "team_round.html",
            include_str!("../templates/team_round.html"),
        ),
        (
            "team_standings.html",
            include_str!("../templates/team_standings.html"),
        ),
        ("users.html", include_str!("../templates/users.html")),
        ("base.html", include_str!("../templates/base.html")),
        ("index.html", include_str!("../templates/index.html")),
        ("login.html", include_str!("../templates/login.html")),
        ("event.html", include_str!("../templates/event.html")),
        ("section.html", include_str!("../templates/section.html")),
        ("round.html", include_str!("../templates/round.html")),
        (
            "result_row.html",
            include_str!("../templates/result_row.html"),
        ),
        (
            "alphabetical.html",
            include_str!("../templates/alphabetical.html"),
        ),
        (
            "standings.html",
            include_str!("../templates/standings.html"),
        ),
        (
            "crosstable.html",
            include_str!("../templates/crosstable.html"),
        ),
        ("audit.html", include_str!("../templates/audit.html")),
        (
            "section_settings.html",
            include_str!("../templates/section_settings.html"),
        ),
        (
            "starting_ranks.html",
            include_str!("../templates/starting_ranks.html"),
        ),
        (
            "event_settings.html",
            include_str!("../templates/event_settings.html"),
        ),
        ("upload.html", include_str!("../templates/upload.html")),
        ("edit.html", include_str!("../templates/edit.html")),
        ("card.html", include_str!("../templates/card.html")),
        ("slips.html", include_str!("../templates/slips.html")),
        ("game_pgn.html", include_str!("../templates/game_pgn.html")),
        ("checkin.html", include_str!("../templates/checkin.html")),
        ("error.html", include_str!("../templates/error.html")),
        ("final.html", include_str!("../templates/final.html")),
        ("dem.html", include_str!("../templates/dem.html")),
        ("board.html", include_str!("../templates/board.html")),
        ("entries.html", include_str!("../templates/entries.html")),
        (
            "proceedings.html",
            include_str!("../templates/proceedings.html"),
        ),
        (
            "certificates.html",
            include_str!("../templates/certificates.html"),
        ),
        (
            "checkin_row.html",
            include_str!("../templates/checkin_row.html"),
        ),
    ];
    for (name, text) in all {
        if let Err(e) = env.add_template(name, text) {
            unreachable!("template {name} does not compile: {e}");
        }
    }
    crate::format::register(&mut env);
    env
}

/// An error shown as an HTML page.
pub(crate) struct PageError(pub(crate) AppError);

impl From<AppError> for PageError {
    fn from(e: AppError) -> PageError {
        PageError(e)
    }
}

impl From<service::ServiceError> for PageError {
    fn from(e: service::ServiceError) -> PageError {
        PageError(e.into())
    }
}

impl From<store::StoreError> for PageError {
    fn from(e: store::StoreError) -> PageError {
        PageError(e.into())
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        if matches!(self.0, AppError::Forbidden) {
            return Redirect::to("/login").into_response();
        }
        self.0.log();
        let text: String = self
            .0
            .to_string()
            .chars()
            .flat_map(|c| match c {
                '<' => "&lt;".chars().collect::<Vec<_>>(),
                '>' => "&gt;".chars().collect(),
                '&' => "&amp;".chars().collect(),
                '"' => "&quot;".chars().collect(),
                c => vec![c],
            })
            .collect();
        let body = format!(
            "<!doctype html><html><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><link rel=\"stylesheet\" href=\"/static/style.css\"><script src=\"/static/app.js\" defer></script><title>{status}</title></head><body><main><h1>{status}</h1><p id=\"error\" role=\"alert\">{text}</p><p><a href=\"#\" data-action=\"back\">←</a> <a href=\"/\">/</a></p></main></body></html>",
            status = self.0.status()
        );
        let mut response = (self.0.status(), Html(body)).into_response();
        self.0.add_headers(&mut response);
        response
            .extensions_mut()
            .insert(crate::error::Refusal::of(&self.0));
        response
    }
}

pub(crate) type PageResult = Result<Response, PageError>;

/// A page context with the fields of `extra` (a JSON object) added or replaced.
pub(crate) fn with_extra(mut ctx: Value, extra: Value) -> Value {
    if let (Some(ctx), Value::Object(extra)) = (ctx.as_object_mut(), extra) {
        ctx.extend(extra);
    }
    ctx
}

pub(crate) fn render(state: &AppState, viewer: &Viewer, name: &str, ctx: Value) -> PageResult {
    let base = json!({
        "t": i18n::texts(viewer.lang),
        "lang": viewer.lang.code(),
        "user": viewer.user.as_ref().map(|u| u.name.clone()),
        "csrf": viewer.csrf,
        "can_edit": viewer.can_edit(),
        "is_admin": viewer.admin().is_ok(),
        "game_results": Recorded::ALL.iter().filter(|r| !r.is_bye()).map(|r| r.code()).collect::<Vec<_>>(),
        "bye_results": Recorded::ALL.iter().filter(|r| r.is_bye()).map(|r| r.code()).collect::<Vec<_>>(),
    });
    let mut merged = base.as_object().cloned().unwrap_or_default();
    if let Value::Object(extra) = ctx {
        merged.extend(extra);
    }
    let tmpl = state
        .templates
        .get_template(name)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let html = tmpl
        .render(minijinja::Value::from_serialize(&merged))
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let mut response = Html(html).into_response();
    if let Ok(v) = format!("lang={}; Path=/; SameSite=Lax", viewer.lang.code()).parse() {
        response.headers_mut().append(header::SET_COOKIE, v);
    }
    Ok(response)
}

/// A refused form shown in place (#12 item 7): `page` renders the form's page again with the
/// refusal's message in the viewer's language, under the refusal's status. Not found and
/// internal errors stay error pages.
pub(crate) async fn refused_in_place<Page>(
    refusal: ServiceError,
    lang: Lang,
    page: impl FnOnce(String) -> Page,
) -> PageResult
where
    Page: Future<Output = PageResult>,
{
    if matches!(refusal, ServiceError::NotFound | ServiceError::Internal(_)) {
        return Err(AppError::from(refusal).into());
    }
    let refusal = AppError::from(refusal);
    let mut response = page(refusal.message(lang)).await?;
    *response.status_mut() = refusal.status();
    Ok(response)
}

/// A local date and time as the language writes it: `28.05.2026 22:26` or `2026-05-28 22:26`.
pub(crate) fn moment(at: event::date::DateTime, lang: Lang) -> String {
    match lang {
        Lang::De => format!("{} {}", at.date.german(), at.time),
        Lang::En => at.to_string(),
    }
}

/// The scheduled start of round `n` as the language writes it (`12.06.2026 09:30`), if the
/// section's timetable has one.
pub(crate) fn round_start(loaded: &Loaded, n: i64, lang: Lang) -> Option<String> {
    let r = service::lists::round_start(loaded, n)?;
    Some(match (r.start(), lang) {
        (Some(at), _) => moment(at, lang),
        (None, Lang::De) => r.date.german(),
        (None, Lang::En) => r.date.to_string(),
    })
}

pub(crate) fn see_other(to: &str) -> Response {
    Redirect::to(to).into_response()
}

/// The boards of a round of a section view ([`Loaded::view`]) as JSON values; `None` when
/// the view has no such round.
pub(crate) fn boards(loaded: &Loaded, round: i64) -> Option<Vec<Value>> {
    let (_, games) = loaded.round(round)?;
    // The pairing number ("Nr."), the one number of every page.
    let number = |id: i64| loaded.players.iter().find(|p| p.id == id).map(|p| p.number);
    Some(
        games
            .iter()
            .map(|g| {
                json!({
                    "game": g.id,
                    "board": g.board,
                    "white": g.white,
                    "white_name": loaded.name(g.white),
                    "white_number": number(g.white),
                    "black": g.black,
                    "black_name": g.black.map(|b| loaded.name(b)),
                    "black_number": g.black.and_then(number),
                    "result": g.result.code(),
                    "manual": g.manual,
                    "version": g.version,
                })
            })
            .collect(),
    )
}
