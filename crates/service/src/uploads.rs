//! Uploaded files: player lists (FIDE TXT/XML, DSB `spieler.csv` with `vereine.csv`, CSV)
//! read into a [`Preview`] with eligibility warnings and duplicates before "register selected"
//! ([`crate::Service::register_entries`]), and TRF16/TRF26 files that continue an event
//! started elsewhere ([`trf_section`], then [`crate::Service::import_section`]).
//!
//! Every bad upload is an [`UploadError`] naming the file, the line and column where the
//! reader has them and what was expected, in English and German.
//!
//! ```
//! use service::uploads::{ListFormat, UploadError};
//!
//! assert_eq!(ListFormat::guess(b"ID Number      Name"), ListFormat::FideTxt);
//! assert_eq!("dsb".parse::<ListFormat>(), Ok(ListFormat::Dsb));
//! let e = UploadError::from_trf("t.trf", &trf::Tournament::parse("001 x").unwrap_err());
//! assert!(e.english().starts_with("t.trf: line 1, column"));
//! assert!(e.german().starts_with("t.trf: Zeile 1, Spalte"));
//! ```

use std::fmt;
use std::str::FromStr;

use event::EntryIssue;
use event::age::{AgeClass, Class};
use event::person::PlayerId;
use event::player::Entry;
use event::trf_io::ImportError;
use event::validate::Invalid;
use ratinglist::fide::{self, RatingKind};
use ratinglist::{ErrorKind, Import, ImportedPlayer, Reason, Status, csv, dsb};
use serde_json::{Value, json};

use crate::Loaded;
use crate::imports::{TrfError, TrfProblem, section_from_trf};
use crate::players::preselected;

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
    /// The file's name.
    pub file: String,
    /// Line, from 1; 0 when unknown.
    pub line: usize,
    /// Column, from 1; 0 when unknown.
    pub column: usize,
    english: String,
    german: String,
}

impl UploadError {
    fn place(file: &str, line: usize, column: usize, german: bool) -> String {
        let (l, c) = if german {
            ("Zeile", "Spalte")
        } else {
            ("line", "column")
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
            english: format!("{}{english}", UploadError::place(file, line, column, false)),
            german: format!("{}{german}", UploadError::place(file, line, column, true)),
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
    pub fn invalid(file: &str, line: usize, e: &Invalid) -> UploadError {
        UploadError::new(file, line, 0, &e.to_string(), &e.german())
    }

    /// A TRF file that reads but cannot become a section.
    pub fn trf_import(file: &str, e: &dyn fmt::Display) -> UploadError {
        UploadError::new(
            file,
            0,
            0,
            &format!("cannot continue this tournament: {e}"),
            &format!("Turnier kann nicht fortgesetzt werden: {e}"),
        )
    }

    /// A form without the file it needs.
    pub fn missing(field: &str) -> UploadError {
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

    /// The message in German when `german` is set, else in English.
    pub fn text(&self, german: bool) -> &str {
        if german { &self.german } else { &self.english }
    }

    /// The error as the API answers it: file, line, column and the message in both languages.
    pub fn json(&self) -> Value {
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

/// One row of a preview: the entry as it would be registered and what speaks against it.
pub struct Candidate {
    /// The entry as it would be registered.
    pub entry: Entry,
    /// The line of the list.
    pub line: usize,
    /// Warnings in English and German.
    pub warnings: Vec<(String, String)>,
    /// Whether it looks like a player already registered in the section.
    pub registered: bool,
    /// Pre-selected: eligible and not a duplicate ([`crate::players::preselected`]).
    pub selected: bool,
}

/// A read player list, checked against the section.
pub struct Preview {
    /// The list's file name.
    pub file: String,
    /// The format read, e.g. `DSB spieler.csv v2`.
    pub format: String,
    /// The text encoding read (e.g. `UTF-8`, `Windows-1252`).
    pub encoding: String,
    /// The rows read, in the list's order.
    pub candidates: Vec<Candidate>,
    /// Rows that could not be read or that the section cannot hold.
    pub errors: Vec<UploadError>,
}

/// An uploaded file: its name and content.
pub struct Upload<'a> {
    /// The file name as uploaded.
    pub name: &'a str,
    /// The file's content.
    pub bytes: &'a [u8],
}

/// Reads a player `list` (and optional DSB `clubs` file) in `format` (`auto` or empty: guessed)
/// and checks every player against the section: class and age eligibility, federation and
/// club, duplicates in the list and against registered players.
pub fn preview(
    loaded: &Loaded,
    list: &Upload<'_>,
    clubs: Option<&Upload<'_>>,
    format: Option<&str>,
) -> Result<Preview, UploadError> {
    let format = match format.map(str::trim) {
        None | Some("" | "auto") => ListFormat::guess(list.bytes),
        Some(name) => name.parse().map_err(|e: UnknownFormat| {
            UploadError::new(
                list.name,
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
        .read(list.bytes, list.name)
        .map_err(|e| UploadError::from_list(&e))?;
    if let Some(clubs) = clubs {
        let clubs =
            dsb::read_vereine(clubs.bytes, clubs.name).map_err(|e| UploadError::from_list(&e))?;
        clubs.apply(&mut import.players);
        import.errors.extend(clubs.errors);
    }
    let format_name = match (format, dsb::spieler_version(list.bytes, list.name)) {
        (ListFormat::Dsb, Ok(dsb::SpielerVersion::V1)) => "DSB spieler.csv v1".to_owned(),
        (ListFormat::Dsb, Ok(dsb::SpielerVersion::V2)) => "DSB spieler.csv v2".to_owned(),
        _ => format.to_string(),
    };
    let mut candidates: Vec<Candidate> = import
        .players
        .iter()
        .map(|p| candidate(loaded, p, &rating_list(&format_name, list.name)))
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
            errors.push(UploadError::invalid(list.name, c.line, &e));
            false
        }
    });
    let entries: Vec<Entry> = candidates.iter().map(|c| c.entry.clone()).collect();
    for (c, selected) in candidates.iter_mut().zip(preselected(loaded, &entries)) {
        c.selected = selected;
    }
    Ok(Preview {
        file: list.name.to_owned(),
        format: format_name,
        encoding: import.encoding.to_string(),
        candidates,
        errors,
    })
}

/// The rating list an uploaded file's ratings come from: its format and file name, without
/// control characters and within [`event::validate::MAX_TEXT`].
fn rating_list(format: &str, file: &str) -> String {
    let text = format!("{format}: {file}");
    text.chars()
        .filter(|c| !c.is_control())
        .take(event::validate::MAX_TEXT)
        .collect()
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
fn candidate(loaded: &Loaded, p: &ImportedPlayer, list: &str) -> Candidate {
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
    let (mut entry, issues) = match checked.iter().position(|(_, i)| eligible(i)) {
        Some(at) => checked[at].clone(),
        None => checked[0].clone(),
    };
    let player = &mut entry.player;
    player.dwz_list = player.dwz.map(|_| list.to_owned());
    player.elo_list = player.elo.map(|_| list.to_owned());
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

impl Preview {
    /// The pre-selected entries (eligible, no duplicate), as "register selected" takes them
    /// when the caller names no rows.
    pub fn selected(self) -> Vec<Entry> {
        self.candidates
            .into_iter()
            .filter(|c| c.selected)
            .map(|c| c.entry)
            .collect()
    }
}

/// Reads an uploaded TRF16/TRF26 file as a new section ([`section_from_trf`]); every problem
/// is an [`UploadError`] naming the file and the place. `now` is the moment of the import.
pub fn trf_section(file: &Upload<'_>, now: i64) -> Result<event::Section, UploadError> {
    section_from_trf(file.bytes, now).map_err(|p| match &p {
        TrfProblem::Read(e) => UploadError::from_trf(file.name, e),
        TrfProblem::Convert(ImportError::Field(v)) => UploadError::invalid(file.name, 0, v),
        TrfProblem::Convert(e) => UploadError::trf_import(file.name, e),
    })
}
