//! File uploads: player lists (FIDE TXT/XML, DSB `spieler.csv` with `vereine.csv`, CSV) with
//! a preview of eligibility warnings and duplicates before "register selected", and TRF16/TRF26
//! files that continue an event started elsewhere.
//!
//! Every bad upload is an [`UploadError`] naming the file, the line and column where the
//! reader has them and what was expected, in English and German. Registration of the selected
//! players is one transaction ([`store::Store::add_players`]); a TRF file is read and converted
//! completely before anything is stored. Either way nothing already stored is touched and
//! nothing is half-imported.
//!
//! ```
//! use web::upload::{ListFormat, UploadError};
//!
//! assert_eq!(ListFormat::guess(b"ID Number      Name"), ListFormat::FideTxt);
//! assert_eq!("dsb".parse::<ListFormat>(), Ok(ListFormat::Dsb));
//! let e = UploadError::from_trf("t.trf", &trf::Tournament::parse("001 x").unwrap_err());
//! assert!(e.english().starts_with("t.trf: line 1, column"));
//! assert!(e.german().starts_with("t.trf: Zeile 1, Spalte"));
//! ```

use std::fmt;
use std::str::FromStr;

use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use event::EntryIssue;
use event::age::{AgeClass, Class};
use event::player::{Entry, PlayerId};
use event::trf_io::ImportError;
use event::validate::Invalid;
use ratinglist::fide::{self, RatingKind};
use ratinglist::{ErrorKind, Import, ImportedPlayer, Reason, Status, csv, dsb};
use serde_json::{Value, json};
use service::Loaded;
use service::imports::{TrfError, TrfProblem, section_from_trf};

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
        .route("/api/sections/{id}/players/preview", post(preview_api))
        .route("/api/sections/{id}/players/import", post(import_api))
        .route("/api/events/{id}/import", post(import_trf_api))
        .layer(DefaultBodyLimit::max(MAX_UPLOAD))
}

/// The format of an uploaded player list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListFormat {
    /// FIDE rating list, fixed columns from the header line.
    FideTxt,
    /// FIDE rating list, XML.
    FideXml,
    /// DSB `spieler.csv`, v1 or v2.
    Dsb,
    /// CSV with a header row (German or English column names).
    Csv,
}

/// A format name other than `auto`, `fide-txt`, `fide-xml`, `dsb`, `csv`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown list format `{}`: expected auto, fide-txt, fide-xml, dsb or csv",
            self.0
        )
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for ListFormat {
    type Err = UnknownFormat;

    /// `fide-txt`, `fide-xml`, `dsb`, `csv` (`auto` is [`ListFormat::guess`]).
    fn from_str(s: &str) -> Result<ListFormat, UnknownFormat> {
        match s.trim() {
            "fide-txt" => Ok(ListFormat::FideTxt),
            "fide-xml" => Ok(ListFormat::FideXml),
            "dsb" => Ok(ListFormat::Dsb),
            "csv" => Ok(ListFormat::Csv),
            other => Err(UnknownFormat(other.to_owned())),
        }
    }
}

impl fmt::Display for ListFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ListFormat::FideTxt => "FIDE rating list (TXT)",
            ListFormat::FideXml => "FIDE rating list (XML)",
            ListFormat::Dsb => "DSB spieler.csv",
            ListFormat::Csv => "CSV",
        })
    }
}

impl ListFormat {
    /// XML by its first character, the FIDE TXT list by its `ID Number` header, a DSB list by
    /// its header or number of columns; CSV otherwise.
    pub fn guess(bytes: &[u8]) -> ListFormat {
        let start = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let start = start.trim_ascii_start();
        if start.starts_with(b"<") {
            ListFormat::FideXml
        } else if start.starts_with(b"ID Number") {
            ListFormat::FideTxt
        } else if dsb::spieler_version(bytes, "").is_ok() {
            ListFormat::Dsb
        } else {
            ListFormat::Csv
        }
    }

    /// Reads a list in this format (`file` names it in errors and picks the rating kind of a
    /// single FIDE list, e.g. `rapid_...`).
    pub fn read(self, bytes: &[u8], file: &str) -> Result<Import, ratinglist::Error> {
        let kind = RatingKind::from_file_name(file);
        match self {
            ListFormat::FideTxt => fide::read_txt(bytes, file, kind),
            ListFormat::FideXml => fide::read_xml(bytes, file, kind),
            ListFormat::Dsb => dsb::read_spieler(bytes, file),
            ListFormat::Csv => csv::read_players(bytes, file),
        }
    }
}

/// A bad upload: the file, the place (line and column, 0 when unknown) and what was expected,
/// in English and German.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadError {
    pub file: String,
    pub line: usize,
    pub column: usize,
    english: String,
    german: String,
}

impl UploadError {
    fn place(file: &str, line: usize, column: usize, lang: Lang) -> String {
        let (l, c) = match lang {
            Lang::En => ("line", "column"),
            Lang::De => ("Zeile", "Spalte"),
        };
        match (line, column) {
            (0, _) => format!("{file}: "),
            (line, 0) => format!("{file}: {l} {line}: "),
            (line, column) => format!("{file}: {l} {line}, {c} {column}: "),
        }
    }

    fn new(file: &str, line: usize, column: usize, english: &str, german: &str) -> UploadError {
        UploadError {
            file: file.to_owned(),
            line,
            column,
            english: format!(
                "{}{english}",
                UploadError::place(file, line, column, Lang::En)
            ),
            german: format!(
                "{}{german}",
                UploadError::place(file, line, column, Lang::De)
            ),
        }
    }

    /// A player-list reader's error.
    pub fn from_list(e: &ratinglist::Error) -> UploadError {
        let german = match &e.kind {
            ErrorKind::Empty => "die Datei ist leer".to_owned(),
            ErrorKind::Encoding => "keine Textdatei: erwartet UTF-8 oder Windows-1252/Latin-1 (NUL-Bytes gefunden: Binärdatei oder UTF-16?)".to_owned(),
            ErrorKind::MissingColumn(c) => format!("der Kopfzeile fehlt die Spalte `{c}`"),
            ErrorKind::UnknownHeader(h) => format!("unbekannte Kopfzeile: erwartet {h}"),
            ErrorKind::FieldCount { expected, found } => {
                format!("erwartet {expected} Felder, gefunden {found}")
            }
            ErrorKind::Field {
                column,
                expected,
                found,
            } => format!("{column}: erwartet {expected}, gefunden `{found}`"),
            ErrorKind::UnclosedQuote => {
                "ein Feld in Anführungszeichen ist nicht geschlossen (erwartet `\"`)".to_owned()
            }
            ErrorKind::Truncated { needed, found } => format!(
                "Zeile zu kurz: erwartet mindestens {needed} Zeichen, gefunden {found}"
            ),
            ErrorKind::Xml(m) => format!("XML: {m}"),
            ErrorKind::AmbiguousRating(c) => format!(
                "die Spalte `{c}` sagt nicht, welche Wertungszahl sie enthält: `DWZ` (deutsche Wertungszahl) oder `Elo` (FIDE-Wertungszahl)"
            ),
        };
        UploadError::new(&e.file, e.line, e.column, &e.kind.to_string(), &german)
    }

    /// A TRF reader's error.
    pub fn from_trf(file: &str, e: &TrfError) -> UploadError {
        UploadError::new(
            file,
            e.line,
            e.column,
            &format!("expected {}", e.expected),
            &format!("erwartet {}", e.expected),
        )
    }

    /// A row whose values the section cannot hold ([`event::validate`]).
    fn invalid(file: &str, line: usize, e: &Invalid) -> UploadError {
        UploadError::new(file, line, 0, &e.to_string(), &e.german())
    }

    /// A TRF file that reads but cannot become a section.
    fn trf_import(file: &str, e: &dyn fmt::Display) -> UploadError {
        UploadError::new(
            file,
            0,
            0,
            &format!("cannot continue this tournament: {e}"),
            &format!("Turnier kann nicht fortgesetzt werden: {e}"),
        )
    }

    /// A form without the file it needs.
    fn missing(field: &str) -> UploadError {
        UploadError::new(
            field,
            0,
            0,
            "no file chosen: expected a file in this field",
            "keine Datei gewählt: in diesem Feld wird eine Datei erwartet",
        )
    }

    /// The message in English.
    pub fn english(&self) -> &str {
        &self.english
    }

    /// The message in German.
    pub fn german(&self) -> &str {
        &self.german
    }

    /// The message in `lang`.
    pub fn text(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.english,
            Lang::De => &self.german,
        }
    }

    fn json(&self) -> Value {
        json!({
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.english,
            "message_de": self.german,
        })
    }
}

impl fmt::Display for UploadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.english)
    }
}

impl std::error::Error for UploadError {}

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
                    "error": first.map(|e| e.english.clone()),
                    "error_de": first.map(|e| e.german.clone()),
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
                let messages: Vec<&str> = errors.iter().map(|e| e.text(viewer.lang)).collect();
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
}

/// One row of a preview: the entry as it would be registered and what speaks against it.
struct Candidate {
    entry: Entry,
    line: usize,
    warnings: Vec<(String, String)>,
    /// Whether it looks like a player already registered in the section.
    registered: bool,
    /// Pre-selected: eligible and not a duplicate (`service::players::preselected`).
    selected: bool,
}

/// A read player list, checked against the section.
struct Preview {
    file: String,
    format: String,
    encoding: String,
    candidates: Vec<Candidate>,
    errors: Vec<UploadError>,
}

/// Reads the `list` (and optional `clubs`) file of a form and checks every player against the
/// section: class and age eligibility, federation and club, duplicates in the list and against
/// registered players.
fn preview(loaded: &Loaded, fields: &Fields) -> Result<Preview, UploadError> {
    let list = fields
        .file("list")
        .ok_or_else(|| UploadError::missing("list"))?;
    let format = match fields.text("format").map(str::trim) {
        None | Some("" | "auto") => ListFormat::guess(&list.bytes),
        Some(name) => name.parse().map_err(|e: UnknownFormat| {
            UploadError::new(
                &list.name,
                0,
                0,
                &e.to_string(),
                &format!(
                    "unbekanntes Listenformat `{}`: erwartet auto, fide-txt, fide-xml, dsb oder csv",
                    e.0
                ),
            )
        })?,
    };
    let mut import = format
        .read(&list.bytes, &list.name)
        .map_err(|e| UploadError::from_list(&e))?;
    if let Some(clubs) = fields.file("clubs") {
        let clubs =
            dsb::read_vereine(&clubs.bytes, &clubs.name).map_err(|e| UploadError::from_list(&e))?;
        clubs.apply(&mut import.players);
        import.errors.extend(clubs.errors);
    }
    let format_name = match (format, dsb::spieler_version(&list.bytes, &list.name)) {
        (ListFormat::Dsb, Ok(dsb::SpielerVersion::V1)) => "DSB spieler.csv v1".to_owned(),
        (ListFormat::Dsb, Ok(dsb::SpielerVersion::V2)) => "DSB spieler.csv v2".to_owned(),
        _ => format.to_string(),
    };
    let mut candidates: Vec<Candidate> = import
        .players
        .iter()
        .map(|p| candidate(loaded, p))
        .collect();
    for d in ratinglist::duplicates(&import.players) {
        for (this, other) in [(d.first, d.second), (d.second, d.first)] {
            let line = import.players[other].line;
            let (en, de) = reason_text(&d.reason);
            if let Some(c) = candidates.get_mut(this) {
                c.warnings.push((
                    format!("the same person as line {line}? ({en})"),
                    format!("dieselbe Person wie in Zeile {line}? ({de})"),
                ));
            }
        }
    }
    let mut errors: Vec<UploadError> = import.errors.iter().map(UploadError::from_list).collect();
    candidates.retain(|c| match event::validate::entry(&c.entry) {
        Ok(()) => true,
        Err(e) => {
            errors.push(UploadError::invalid(&list.name, c.line, &e));
            false
        }
    });
    let entries: Vec<Entry> = candidates.iter().map(|c| c.entry.clone()).collect();
    for (c, selected) in candidates
        .iter_mut()
        .zip(service::players::preselected(loaded, &entries))
    {
        c.selected = selected;
    }
    Ok(Preview {
        file: list.name.clone(),
        format: format_name,
        encoding: import.encoding.to_string(),
        candidates,
        errors,
    })
}

fn reason_text(r: &Reason) -> (String, String) {
    match r {
        Reason::FideId(id) => (
            format!("same FIDE ID {id}"),
            format!("gleiche FIDE-ID {id}"),
        ),
        Reason::DsbId(id) => (
            format!("same DSB membership {id}"),
            format!("gleiche DSB-Mitgliedschaft {id}"),
        ),
        Reason::NameAndBirthYear(name, year) => (
            format!("same name {name} and birth year {year}"),
            format!("gleicher Name {name} und Geburtsjahr {year}"),
        ),
    }
}

/// The entry of an imported player in the first class of the section that admits them, with
/// its warnings.
fn candidate(loaded: &Loaded, p: &ImportedPlayer) -> Candidate {
    let s = loaded.section();
    let ev = &loaded.event;
    let classes = if s.classes.is_empty() {
        vec![Class::open(AgeClass::Open)]
    } else {
        s.classes.clone()
    };
    let checked: Vec<(Entry, Vec<EntryIssue>)> = classes
        .iter()
        .map(|&class| ev.imported_entry(s, PlayerId(0), p, class))
        .collect();
    let eligible = |issues: &[EntryIssue]| {
        !issues
            .iter()
            .any(|i| matches!(i, EntryIssue::Ineligible(_)))
    };
    let (entry, issues) = match checked.iter().position(|(_, i)| eligible(i)) {
        Some(at) => checked[at].clone(),
        None => checked[0].clone(),
    };
    let mut warnings: Vec<(String, String)> = issues.iter().map(issue_text).collect();
    let registered = issues
        .iter()
        .any(|i| matches!(i, EntryIssue::Duplicate { .. }));
    if p.federation.as_deref().is_none_or(str::is_empty) {
        warnings.push((
            "no federation in the list".into(),
            "kein Verband (Föderation) in der Liste".into(),
        ));
    }
    if p.status == Some(Status::Passive) {
        warnings.push((
            "passive DSB member (status P)".into(),
            "passives DSB-Mitglied (Status P)".into(),
        ));
    }
    if p.fide_inactive {
        warnings.push((
            "inactive on the FIDE list".into(),
            "auf der FIDE-Liste inaktiv".into(),
        ));
    }
    Candidate {
        entry,
        line: p.line,
        warnings,
        registered,
        selected: false,
    }
}

/// An entry issue in English and German.
fn issue_text(issue: &EntryIssue) -> (String, String) {
    match issue {
        EntryIssue::Duplicate { .. } => (
            format!("already registered? {issue}"),
            format!("bereits gemeldet? {}", issue.german()),
        ),
        _ => (issue.to_string(), issue.german()),
    }
}

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
        let p = preview(&loaded, &fields)?;
        let entries: Vec<&Entry> = p.candidates.iter().map(|c| &c.entry).collect();
        let entries =
            serde_json::to_string(&entries).map_err(|e| AppError::Internal(e.to_string()))?;
        let mut rows = preview_json(&p)["players"].take();
        if viewer.lang == Lang::De {
            for row in rows.as_array_mut().into_iter().flatten() {
                row["warnings"] = row["warnings_de"].take();
            }
        }
        let errors: Vec<&str> = p.errors.iter().map(|e| e.text(viewer.lang)).collect();
        Ok(views::render(
            &state,
            &viewer,
            "upload.html",
            json!({
                "section": loaded.section_row,
                "file": p.file,
                "format": p.format,
                "encoding": p.encoding,
                "rows": rows,
                "errors": errors,
                "entries": entries,
                "back": back,
            }),
        )?)
    }
    .await;
    outcome.unwrap_or_else(|f| f.page(&state, &viewer, &back))
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
    let loaded = service::loaded::load(state.store(), id).await?;
    let all: Vec<Entry> = serde_json::from_str(field("entries").unwrap_or("[]")).map_err(|e| {
        AppError::BadRequest(format!(
            "the preview is damaged ({e}): upload the list again"
        ))
    })?;
    let mut picked = Vec::new();
    for (_, v) in form.iter().filter(|(k, _)| k == "pick") {
        let i: usize = v
            .parse()
            .map_err(|_| AppError::BadRequest(format!("pick: `{v}` is not a row number")))?;
        let entry = all
            .get(i)
            .ok_or_else(|| AppError::BadRequest(format!("pick: no row {i} in the preview")))?;
        picked.push(entry.clone());
    }
    register(&state, by, &loaded, picked, field("override"))
        .await
        .map_err(|e| AppError::from(e).localised(viewer.lang))?;
    Ok(Redirect::to(&format!("/sections/{id}")).into_response())
}

/// Reads an uploaded TRF file and stores it as a new section of `event`; nothing is stored
/// unless the whole file reads and converts.
async fn import_trf(
    state: &AppState,
    by: i64,
    event: i64,
    fields: &Fields,
) -> Result<i64, Failure> {
    let file = fields
        .file("trf")
        .ok_or_else(|| UploadError::missing("trf"))?;
    state.store().event(event).await?;
    let s = section_from_trf(&file.bytes, store::unix_now()).map_err(|p| match &p {
        TrfProblem::Read(e) => UploadError::from_trf(&file.name, e),
        TrfProblem::Convert(ImportError::Field(v)) => UploadError::invalid(&file.name, 0, v),
        TrfProblem::Convert(e) => UploadError::trf_import(&file.name, e),
    })?;
    Ok(state.service.import_section(Some(by), event, &s).await?)
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
        let p = preview(&loaded, &fields)?;
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
        let p = preview(&loaded, &fields)?;
        if !p.errors.is_empty() {
            return Err(Failure::Files(p.errors));
        }
        let entries: Vec<Entry> = match fields.text("select").map(str::trim) {
            None | Some("") => p
                .candidates
                .into_iter()
                .filter(|c| c.selected)
                .map(|c| c.entry)
                .collect(),
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
