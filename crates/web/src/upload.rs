//! File uploads: player lists (FIDE TXT/XML, DSB `spieler.csv` with `vereine.csv`, CSV) with
//! a preview of eligibility warnings and duplicates before "register selected", and TRF16/TRF26
//! files that continue an event started elsewhere. The files are read and checked by
//! [`service::uploads`]; this module reads the multipart form and answers with the preview page
//! or JSON.
//!
//! Every bad upload is an [`UploadError`] naming the file, the line and column where the
//! reader has them and what was expected, in English and German. Registration of the selected
//! players is one transaction ([`service::Service::register_entries`]); a TRF file is read and
//! converted completely before anything is stored; an event archive likewise
//! ([`service::archive`]). Either way nothing already stored is
//! touched and nothing is half-imported.

use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use event::player::Entry;
use serde_json::{Value, json};
use service::Loaded;
use service::uploads::{Preview, Upload, UploadError, preview, trf_section};

use crate::editor::{csrf_header, editor_id};
use crate::form::{self, Form};
use crate::i18n::Lang;
use crate::{AppError, AppState, Viewer, views};

/// Largest upload accepted: a national rating list excerpt fits many times over.
pub const MAX_UPLOAD: usize = 16 * 1024 * 1024;

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/sections/{id}/players/upload", post(preview_page))
        .route("/sections/{id}/players/register", post(register_page))
        .route("/events/{id}/import-file", post(import_trf_page))
        .route("/events/import-archive", post(import_archive_page))
        .route("/api/sections/{id}/players/preview", post(preview_api))
        .route("/api/sections/{id}/players/import", post(import_api))
        .route("/api/events/{id}/import", post(import_trf_api))
        .layer(DefaultBodyLimit::max(MAX_UPLOAD))
}

/// Why an upload request failed: the request itself, or the files in it.
enum Failure {
    App(AppError),
    Files(Vec<UploadError>),
}

impl From<AppError> for Failure {
    fn from(e: AppError) -> Failure {
        Failure::App(e)
    }
}

impl From<service::ServiceError> for Failure {
    fn from(e: service::ServiceError) -> Failure {
        Failure::App(e.into())
    }
}

impl From<store::StoreError> for Failure {
    fn from(e: store::StoreError) -> Failure {
        Failure::App(e.into())
    }
}

impl From<views::PageError> for Failure {
    fn from(e: views::PageError) -> Failure {
        Failure::App(e.0)
    }
}

impl From<UploadError> for Failure {
    fn from(e: UploadError) -> Failure {
        Failure::Files(vec![e])
    }
}

impl Failure {
    fn api(self) -> Response {
        match self {
            Failure::App(e) => e.into_response(),
            Failure::Files(errors) => {
                let first = errors.first();
                let body = json!({
                    "status": 400,
                    "error": first.map(UploadError::english),
                    "error_de": first.map(UploadError::german),
                    "errors": errors.iter().map(UploadError::json).collect::<Vec<_>>(),
                });
                (StatusCode::BAD_REQUEST, Json(body)).into_response()
            }
        }
    }

    fn page(self, state: &AppState, viewer: &Viewer, back: &str) -> Response {
        match self {
            Failure::App(e) => views::PageError::from(e).into_response(),
            Failure::Files(errors) => {
                let messages: Vec<&str> = errors.iter().map(|e| e.text(viewer.german())).collect();
                let page = views::render(
                    state,
                    viewer,
                    "upload.html",
                    json!({ "fatal": messages, "back": back }),
                );
                match page {
                    Ok(mut r) => {
                        *r.status_mut() = StatusCode::BAD_REQUEST;
                        r
                    }
                    Err(e) => e.into_response(),
                }
            }
        }
    }
}

/// One uploaded file.
struct File {
    name: String,
    bytes: Vec<u8>,
}

impl File {
    fn upload(&self) -> Upload<'_> {
        Upload {
            name: &self.name,
            bytes: &self.bytes,
        }
    }
}

/// The fields of an upload form.
#[derive(Default)]
struct Fields {
    files: Vec<(String, File)>,
    text: Vec<(String, String)>,
}

impl Fields {
    async fn read(mut mp: Multipart) -> Result<Fields, AppError> {
        let bad = |e: axum::extract::multipart::MultipartError| match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => AppError::TooLarge(format!(
                "the upload is larger than {} MiB: split the file or leave out what is not needed",
                MAX_UPLOAD >> 20
            )),
            _ => AppError::BadRequest(format!("upload: {}", e.body_text())),
        };
        let mut fields = Fields::default();
        while let Some(field) = mp.next_field().await.map_err(bad)? {
            let name = field.name().unwrap_or_default().to_owned();
            match field.file_name().map(str::to_owned) {
                Some(file) => {
                    let bytes = field.bytes().await.map_err(bad)?.to_vec();
                    // A file input left empty sends a part without name and content.
                    if !file.is_empty() || !bytes.is_empty() {
                        fields.files.push((name, File { name: file, bytes }));
                    }
                }
                None => {
                    let bytes = field.bytes().await.map_err(bad)?;
                    let value =
                        String::from_utf8(bytes.to_vec()).map_err(|_| form::not_utf8(&name))?;
                    fields.text.push((name, value));
                }
            }
        }
        Ok(fields)
    }

    fn file(&self, name: &str) -> Option<&File> {
        self.files.iter().find(|(n, _)| n == name).map(|(_, f)| f)
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.text
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The uploaded file of field `name`, or an error naming the field.
    fn upload(&self, name: &str) -> Result<Upload<'_>, UploadError> {
        self.file(name)
            .map(File::upload)
            .ok_or_else(|| UploadError::missing(name))
    }

    /// The player list of the form (`list`, optional `clubs`, `format`) read and checked
    /// against the section.
    fn preview(&self, loaded: &Loaded) -> Result<Preview, UploadError> {
        let clubs = self.file("clubs").map(File::upload);
        preview(
            loaded,
            &self.upload("list")?,
            clubs.as_ref(),
            self.text("format"),
        )
    }
}

/// A preview as the API answers it.
fn preview_json(p: &Preview) -> Value {
    let players: Vec<Value> = p
        .candidates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let e = &c.entry;
            json!({
                "index": i,
                "line": c.line,
                "name": e.player.name(),
                "elo": e.player.elo,
                "dwz": e.player.dwz,
                "federation": e.player.federation,
                "club": e.player.club,
                "birth": e.player.birth.map(|d| d.to_string()),
                "sex": e.player.sex,
                "fide_id": e.player.fide_id,
                "class": e.class.to_string(),
                "registered": c.registered,
                "selected": c.selected,
                "warnings": c.warnings.iter().map(|(en, _)| en).collect::<Vec<_>>(),
                "warnings_de": c.warnings.iter().map(|(_, de)| de).collect::<Vec<_>>(),
                "entry": e,
            })
        })
        .collect();
    json!({
        "file": p.file,
        "format": p.format,
        "encoding": p.encoding,
        "count": p.candidates.len(),
        "players": players,
        "errors": p.errors.iter().map(UploadError::json).collect::<Vec<_>>(),
    })
}

/// Registers the chosen entries in one transaction (`service::Service::register_entries`:
/// each passes eligibility, refused ones only with the arbiter's reason `over`). Returns the
/// new player ids.
async fn register(
    state: &AppState,
    by: i64,
    loaded: &Loaded,
    entries: Vec<Entry>,
    over: Option<&str>,
) -> Result<Vec<i64>, AppError> {
    Ok(state
        .service
        .register_entries(Some(by), loaded.section_row.id, entries, over)
        .await?)
}

/// Reads an upload form of an editor: the login is checked before the body is read, the CSRF
/// field after; the user id and the fields.
async fn form_upload(viewer: &Viewer, mp: Multipart) -> Result<(i64, Fields), AppError> {
    let id = viewer.editor()?;
    let fields = Fields::read(mp).await?;
    viewer.check_csrf(fields.text("csrf"))?;
    Ok((id, fields))
}

async fn preview_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    mp: Multipart,
) -> Response {
    let back = format!("/sections/{id}");
    let outcome: Result<Response, Failure> = async {
        let (_, fields) = form_upload(&viewer, mp).await?;
        let loaded = service::loaded::load_for_entry(state.store(), id).await?;
        let p = fields.preview(&loaded)?;
        let entries: Vec<&Entry> = p.candidates.iter().map(|c| &c.entry).collect();
        let entries =
            serde_json::to_string(&entries).map_err(|e| AppError::Internal(e.to_string()))?;
        let mut rows = preview_json(&p)["players"].take();
        if viewer.lang == Lang::De {
            for row in rows.as_array_mut().into_iter().flatten() {
                row["warnings"] = row["warnings_de"].take();
            }
        }
        let errors: Vec<&str> = p.errors.iter().map(|e| e.text(viewer.german())).collect();
        let shown = json!({
            "file": p.file, "format": p.format, "encoding": p.encoding, "rows": rows,
            "errors": errors,
        });
        Ok(preview_view(
            &state,
            &viewer,
            &loaded,
            shown,
            &entries,
            json!({}),
        )?)
    }
    .await;
    outcome.unwrap_or_else(|f| f.page(&state, &viewer, &back))
}

/// The preview page: `shown` (file, format, encoding, rows, errors) also travels in the form,
/// so that a refused registration shows the same preview again; `extra` adds to the context.
fn preview_view(
    state: &AppState,
    viewer: &Viewer,
    loaded: &Loaded,
    shown: Value,
    entries: &str,
    extra: Value,
) -> Result<Response, views::PageError> {
    let context = json!({
        "section": loaded.section_row,
        "entries": entries,
        "shown": shown.to_string(),
        "back": format!("/sections/{}", loaded.section_row.id),
    });
    let context = views::with_extra(views::with_extra(context, shown), extra);
    views::render(state, viewer, "upload.html", context)
}

async fn register_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    Form(form): Form<Vec<(String, String)>>,
) -> Result<Response, views::PageError> {
    let field = |name: &str| {
        form.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let by = viewer.editor()?;
    viewer.check_csrf(field("csrf"))?;
    let entries = field("entries").unwrap_or("[]");
    let all: Vec<Entry> = serde_json::from_str(entries).map_err(|e| {
        AppError::BadRequest(format!(
            "the preview is damaged ({e}): upload the list again"
        ))
    })?;
    let mut picked = Vec::new();
    let mut ticks = Vec::new();
    for (_, v) in form.iter().filter(|(k, _)| k == "pick") {
        let i: usize = v
            .parse()
            .map_err(|_| AppError::BadRequest(format!("pick: `{v}` is not a row number")))?;
        let entry = all
            .get(i)
            .ok_or_else(|| AppError::BadRequest(format!("pick: no row {i} in the preview")))?;
        picked.push(entry.clone());
        ticks.push(i);
    }
    let over = field("override");
    match state
        .service
        .register_entries(Some(by), id, picked, over)
        .await
    {
        Ok(_) => Ok(Redirect::to(&format!("/sections/{id}")).into_response()),
        Err(refusal) => {
            let Some(shown) = field("shown")
                .and_then(|s| serde_json::from_str::<Value>(s).ok())
                .filter(Value::is_object)
            else {
                return Err(AppError::from(refusal).localised(viewer.lang).into());
            };
            views::refused_in_place(refusal, viewer.lang, |message| async move {
                let loaded = service::loaded::load(state.store(), id).await?;
                let shown = with_ticks(shown, &ticks);
                let extra = json!({ "refusal": message, "override": over });
                preview_view(&state, &viewer, &loaded, shown, entries, extra)
            })
            .await
        }
    }
}

/// The preview rows with exactly the rows `ticks` selected, as the director ticked them.
fn with_ticks(mut shown: Value, ticks: &[usize]) -> Value {
    for row in shown["rows"].as_array_mut().into_iter().flatten() {
        let index = row["index"].as_u64().and_then(|i| usize::try_from(i).ok());
        row["selected"] = Value::Bool(index.is_some_and(|i| ticks.contains(&i)));
    }
    shown
}

/// Reads an uploaded TRF file and stores it as a new section of `event`; nothing is stored
/// unless the whole file reads and converts.
async fn import_trf(
    state: &AppState,
    by: i64,
    event: i64,
    fields: &Fields,
) -> Result<i64, Failure> {
    let file = fields.upload("trf")?;
    state.store().event(event).await?;
    let s = trf_section(&file, store::unix_now())?;
    Ok(state
        .service
        .import_section(Some(by), event, &s, fields.text("override"))
        .await?)
}

async fn import_trf_page(
    State(state): State<AppState>,
    viewer: Viewer,
    Path(id): Path<i64>,
    mp: Multipart,
) -> Response {
    let back = format!("/events/{id}");
    let outcome: Result<i64, Failure> = async {
        let (by, fields) = form_upload(&viewer, mp).await?;
        import_trf(&state, by, id, &fields).await
    }
    .await;
    match outcome {
        Ok(section) => Redirect::to(&format!("/sections/{section}")).into_response(),
        Err(f) => f.page(&state, &viewer, &back),
    }
}

/// `POST /events/import-archive`: an event archive (admins) stored as a new event
/// ([`service::Service::import_archive`]: checked completely, one transaction).
async fn import_archive_page(
    State(state): State<AppState>,
    viewer: Viewer,
    mp: Multipart,
) -> Response {
    let outcome: Result<i64, Failure> = async {
        let by = viewer.admin()?;
        let fields = Fields::read(mp).await?;
        viewer.check_csrf(fields.text("csrf"))?;
        let file = fields
            .file("archive")
            .ok_or_else(|| UploadError::missing("archive"))?;
        Ok(state.service.import_archive(Some(by), &file.bytes).await?)
    }
    .await;
    match outcome {
        Ok(event) => Redirect::to(&format!("/events/{event}")).into_response(),
        Err(f) => f.page(&state, &viewer, "/"),
    }
}

async fn preview_api(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(id): Path<i64>,
    mp: Multipart,
) -> Response {
    let outcome: Result<Response, Failure> = async {
        editor_id(&viewer, csrf_header(&headers))?;
        let fields = Fields::read(mp).await?;
        let loaded = service::loaded::load_for_entry(state.store(), id).await?;
        let p = fields.preview(&loaded)?;
        Ok(Json(preview_json(&p)).into_response())
    }
    .await;
    outcome.unwrap_or_else(Failure::api)
}

async fn import_api(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(id): Path<i64>,
    mp: Multipart,
) -> Response {
    let outcome: Result<Response, Failure> = async {
        let by = editor_id(&viewer, csrf_header(&headers))?;
        let fields = Fields::read(mp).await?;
        let loaded = service::loaded::load_for_entry(state.store(), id).await?;
        let p = fields.preview(&loaded)?;
        if !p.errors.is_empty() {
            return Err(Failure::Files(p.errors));
        }
        let entries: Vec<Entry> = match fields.text("select").map(str::trim) {
            None | Some("") => p.selected(),
            Some(list) => {
                let mut picked = Vec::new();
                for v in list.split(',') {
                    let i: usize = v.trim().parse().map_err(|_| {
                        AppError::BadRequest(format!("select: `{v}` is not a row index"))
                    })?;
                    let c = p.candidates.get(i).ok_or_else(|| {
                        AppError::BadRequest(format!("select: no row {i} in the list"))
                    })?;
                    picked.push(c.entry.clone());
                }
                picked
            }
        };
        let ids = register(&state, by, &loaded, entries, fields.text("override"))
            .await
            .map_err(|e| e.localised(viewer.lang))?;
        Ok((StatusCode::CREATED, Json(json!({ "ids": ids }))).into_response())
    }
    .await;
    outcome.unwrap_or_else(Failure::api)
}

async fn import_trf_api(
    State(state): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
    Path(id): Path<i64>,
    mp: Multipart,
) -> Response {
    let outcome: Result<Response, Failure> = async {
        let by = editor_id(&viewer, csrf_header(&headers))?;
        let fields = Fields::read(mp).await?;
        let section = import_trf(&state, by, id, &fields).await?;
        Ok((StatusCode::CREATED, Json(json!({ "id": section }))).into_response())
    }
    .await;
    outcome.unwrap_or_else(Failure::api)
}
