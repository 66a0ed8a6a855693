//! Event archives (#17 item 4): one event as one self-describing, versioned JSON file (gzip
//! optional) — settings, sections, players, rounds with their games and game records, team
//! sections with teams, squads, lineups and matches, the accounts its records name, its audit
//! log and its proceedings (kept in the event's document) — to move an event between
//! installations.
//!
//! ```json
//! {"format": "arbiter-event-archive", "version": 1, "exported_at": 1795000000,
//!  "event": {...}, "sections": [...], "players": [...], "rounds": [...], "games": [...],
//!  "teams": [...], "lineups": [...], "matches": [...], "accounts": [...], "audit": [...]}
//! ```
//!
//! Keys in the file are those of the installation it came from; an import stores every row
//! under a new key ([`store::Store::import_event_rows`]). Accounts carry name, role and the
//! team they captain, never a password hash: an account the target lacks is created locked
//! ([`store::LOCKED`]) and logs in only once an admin gives it a password. An import checks
//! every document with the checks of every other import (the domain's `validate`) before it
//! stores anything, and stores in one transaction; an error names the JSON path and what was
//! expected. Later releases read version 1 files (`tests/data/archive-v1.json`); a file of a
//! newer version is refused.

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use event::team::lineup::Lineup;
use event::validate;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::{Document, EventRows, Recorded, Store, StoreError};

use crate::error::ServiceError;
use crate::teams::{MatchDoc, Settings};

/// The `format` of every archive.
pub const FORMAT: &str = "arbiter-event-archive";

/// The version this release writes; it reads every version up to it.
pub const VERSION: u64 = 1;

/// The largest archive read (uncompressed): far above a 2000-player event with its audit log.
pub const MAX_BYTES: u64 = 256 * 1024 * 1024;

/// An event archive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Archive {
    /// Always [`FORMAT`].
    pub format: String,
    /// The version of the format.
    pub version: u64,
    /// When it was written (Unix seconds).
    pub exported_at: i64,
    /// The event's rows.
    #[serde(flatten)]
    pub rows: EventRows,
}

/// An archive error: `path` in the file, and what was expected there.
fn bad(path: &str, what: impl std::fmt::Display) -> ServiceError {
    ServiceError::BadRequest(format!("archive {path}: {what}"))
}

/// The archive of event `event` as stored now (read in one transaction).
pub async fn export(store: &Store, event: i64) -> Result<Archive, ServiceError> {
    Ok(Archive {
        format: FORMAT.to_owned(),
        version: VERSION,
        exported_at: store::unix_now(),
        rows: store.event_rows(event).await?,
    })
}

/// The archive as the text of its file.
pub fn to_json(archive: &Archive) -> Result<String, ServiceError> {
    serde_json::to_string_pretty(archive).map_err(|e| ServiceError::Internal(e.to_string()))
}

/// The bytes of the archive's file: its JSON, gzip-compressed when `gzip`.
pub fn encode(archive: &Archive, gzip: bool) -> Result<Vec<u8>, ServiceError> {
    let text = to_json(archive)?;
    if !gzip {
        return Ok(text.into_bytes());
    }
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut encoder, text.as_bytes())
        .and_then(|()| encoder.finish())
        .map_err(|e| ServiceError::Internal(e.to_string()))
}

/// Writes the archive to a new file `path`, synced to disk.
pub fn write(archive: &Archive, path: &Path) -> Result<(), ServiceError> {
    let io = |e: std::io::Error| ServiceError::Internal(format!("{}: {e}", path.display()));
    let mut file = std::fs::File::create_new(path).map_err(io)?;
    std::io::Write::write_all(&mut file, to_json(archive)?.as_bytes()).map_err(io)?;
    file.sync_all().map_err(io)
}

/// Reads an archive file (plain or gzip-compressed JSON): the format, a version this release
/// reads, and the shape of every record; an error names the JSON path.
pub fn read(bytes: &[u8]) -> Result<Archive, ServiceError> {
    let text = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut text = Vec::new();
        flate2::read::GzDecoder::new(bytes)
            .take(MAX_BYTES + 1)
            .read_to_end(&mut text)
            .map_err(|e| bad("(gzip)", e))?;
        text
    } else {
        bytes.to_vec()
    };
    if u64::try_from(text.len()).unwrap_or(u64::MAX) > MAX_BYTES {
        return Err(bad("", format!("larger than {MAX_BYTES} bytes")));
    }
    let mut value: Value = serde_json::from_slice(&text).map_err(|e| bad("", e))?;
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(bad("format", format!("expected \"{FORMAT}\"")));
    }
    match value.get("version").and_then(Value::as_u64) {
        Some(v) if (1..=VERSION).contains(&v) => {}
        Some(v) if v > VERSION => {
            return Err(bad(
                "version",
                format!("{v} is newer than this release reads (1 to {VERSION}); update arbiter"),
            ));
        }
        _ => {
            return Err(bad(
                "version",
                format!("expected a number from 1 to {VERSION}"),
            ));
        }
    }
    let header = value
        .as_object_mut()
        .ok_or_else(|| bad("", "expected an object"))?;
    let version = header
        .remove("version")
        .and_then(|v| v.as_u64())
        .unwrap_or(VERSION);
    header.remove("format");
    let exported_at = header
        .remove("exported_at")
        .and_then(|v| v.as_i64())
        .ok_or_else(|| bad("exported_at", "expected Unix seconds"))?;
    // The records without the header, so that an error's path is the record's.
    let rows = serde_path_to_error::deserialize(value)
        .map_err(|e| bad(&e.path().to_string(), e.inner()))?;
    Ok(Archive {
        format: FORMAT.to_owned(),
        version,
        exported_at,
        rows,
    })
}

/// A document of the archive as `T`, checked by `check`; an error names `path`.
fn document<T: serde::de::DeserializeOwned>(
    path: &str,
    text: &str,
    check: impl Fn(&T) -> Result<(), validate::Invalid>,
) -> Result<(), ServiceError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let inner = e.path().to_string();
        bad(&format!("{path}.{inner}"), e.inner())
    })?;
    check(&value).map_err(|e| bad(path, e))
}

/// Checks every document and value of the archive as the other imports do.
pub fn check(archive: &Archive) -> Result<(), ServiceError> {
    let rows = &archive.rows;
    if !rows.event.data.is_empty() {
        document("event.data", &rows.event.data, validate::event)?;
    }
    for (i, s) in rows.sections.iter().enumerate() {
        if !s.data.is_empty() {
            document(&format!("sections[{i}].data"), &s.data, validate::section)?;
        }
        if !s.team.is_empty() {
            document(&format!("sections[{i}].team"), &s.team, |_: &Settings| {
                Ok(())
            })?;
        }
    }
    for (i, p) in rows.players.iter().enumerate() {
        if !p.data.is_empty() {
            document(&format!("players[{i}].data"), &p.data, validate::entry)?;
        }
    }
    for (i, g) in rows.games.iter().enumerate() {
        g.result
            .parse::<Recorded>()
            .map_err(|e| bad(&format!("games[{i}].result"), e))?;
    }
    for (i, t) in rows.teams.iter().enumerate() {
        document(&format!("teams[{i}].data"), &t.data, validate::squad)?;
    }
    for (i, l) in rows.lineups.iter().enumerate() {
        document(&format!("lineups[{i}].data"), &l.data, |_: &Lineup| Ok(()))?;
    }
    for (i, m) in rows.matches.iter().enumerate() {
        document(
            &format!("matches[{i}].data"),
            &m.data,
            |_: &MatchDoc| Ok(()),
        )?;
    }
    Ok(())
}

/// Rewrites the player keys inside a document by `players` (old key to new): a section's
/// fixed order and prohibited pairs, the players sanctions are against. (An entry's own
/// player id is not read: a player is always its row's key.)
pub fn relink(
    kind: Document,
    text: &str,
    players: &HashMap<i64, i64>,
) -> Result<String, StoreError> {
    let mut doc: Value = serde_json::from_str(text)
        .map_err(|e| StoreError::Invalid(format!("{kind:?} document: {e}")))?;
    let relinked = |key: &mut Value| -> Result<(), StoreError> {
        let old = key.as_i64().unwrap_or(-1);
        let new = players.get(&old).ok_or_else(|| {
            StoreError::Invalid(format!(
                "a {kind:?} document names player {old}, who is not in the archive"
            ))
        })?;
        *key = Value::from(*new);
        Ok(())
    };
    match kind {
        Document::Section => {
            if let Some(order) = doc.get_mut("fixed_order").and_then(Value::as_array_mut) {
                order.iter_mut().try_for_each(relinked)?;
            }
            if let Some(pairs) = doc.get_mut("prohibited").and_then(Value::as_array_mut) {
                pairs
                    .iter_mut()
                    .filter_map(Value::as_array_mut)
                    .flat_map(|p| p.iter_mut())
                    .try_for_each(relinked)?;
            }
        }
        Document::Event => {
            if let Some(sanctions) = doc
                .pointer_mut("/proceedings/sanctions")
                .and_then(Value::as_array_mut)
            {
                sanctions
                    .iter_mut()
                    .filter_map(|s| s.get_mut("against"))
                    .filter(|against| against.get("kind").and_then(Value::as_str) == Some("player"))
                    .filter_map(|against| against.get_mut("player"))
                    .try_for_each(relinked)?;
            }
        }
    }
    Ok(doc.to_string())
}

impl crate::Service {
    /// The archive of event `event`.
    pub async fn export_archive(&self, event: i64) -> Result<Archive, ServiceError> {
        export(&self.store, event).await
    }

    /// Imports an archive file (plain or gzip JSON) as a new event, checked first and stored
    /// in one transaction; returns the new event's key.
    pub async fn import_archive(&self, by: Option<i64>, bytes: &[u8]) -> Result<i64, ServiceError> {
        let archive = read(bytes)?;
        check(&archive)?;
        Ok(self
            .store
            .import_event_rows(by, &archive.rows, &relink)
            .await?)
    }
}
