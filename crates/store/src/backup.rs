//! Backups of a SQLite database while the server runs, and their restore (#17 item 3).
//!
//! A backup is written with `VACUUM INTO`: one read transaction, so the copy is consistent even
//! while results are being entered; it goes to a temporary file next to the target, is synced
//! to disk and then renamed, so a half-written backup never carries the final name. PostgreSQL
//! databases are saved as event archives or with `pg_dump` (see `docs/operations.md`).

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use crate::{Store, StoreError};

/// The file of a `sqlite://PATH` URL (`None` for PostgreSQL and other URLs).
pub fn sqlite_path(url: &str) -> Option<PathBuf> {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))?;
    let path = path.split('?').next().unwrap_or(path);
    (!path.is_empty()).then(|| PathBuf::from(path))
}

/// An I/O failure on `path` as [`StoreError::Invalid`] naming the file.
fn io(path: &Path, e: &std::io::Error) -> StoreError {
    StoreError::Invalid(format!("{}: {e}", path.display()))
}

/// Refuses an existing `target` unless `force`.
fn refuse_existing(target: &Path, force: bool) -> Result<(), StoreError> {
    if target.exists() && !force {
        return Err(StoreError::Duplicate(format!(
            "{} (give --force to replace it)",
            target.display()
        )));
    }
    Ok(())
}

/// The temporary name a file is written under before it is renamed to `target`.
fn partial(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "backup".into(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.part"))
}

/// Syncs `file` and renames it to `target`, then syncs the folder (the new name is on disk).
fn settle(file: &Path, target: &Path) -> Result<(), StoreError> {
    File::open(file)
        .and_then(|f| f.sync_all())
        .map_err(|e| io(file, &e))?;
    fs::rename(file, target).map_err(|e| io(target, &e))?;
    let folder = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    // Folders cannot be opened for syncing on every platform; the rename is done either way.
    if let Ok(dir) = File::open(folder) {
        dir.sync_all().ok();
    }
    Ok(())
}

impl Store {
    /// Writes a consistent copy of the SQLite database to `out` while other connections keep
    /// writing (`VACUUM INTO`), synced to disk. An existing `out` is refused unless `force`;
    /// a PostgreSQL store is refused (its backup is an archive of its events or `pg_dump`).
    pub async fn backup_to(&self, out: &Path, force: bool) -> Result<(), StoreError> {
        if self.postgres {
            return Err(StoreError::Invalid(
                "a PostgreSQL database is backed up as an archive of its events or with pg_dump"
                    .into(),
            ));
        }
        refuse_existing(out, force)?;
        let part = partial(out);
        if part.exists() {
            fs::remove_file(&part).map_err(|e| io(&part, &e))?;
        }
        let text = part
            .to_str()
            .ok_or_else(|| StoreError::Invalid(format!("{}: not a UTF-8 path", part.display())))?;
        sqlx::query(&format!("VACUUM INTO '{}'", text.replace('\'', "''")))
            .execute(&self.pool)
            .await?;
        settle(&part, out)
    }

    /// Closes the store's connections (SQLite: the log is checkpointed into the file).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Restores the SQLite backup `backup` as the database of `url` (`sqlite://PATH`): the backup
/// is copied next to the target, opened once (it must be an arbiter database; an older schema
/// is migrated), synced and renamed into place. An existing target is refused unless `force`;
/// the server on it must be stopped first (a running server keeps writing to the old file).
pub async fn restore(backup: &Path, url: &str, force: bool) -> Result<(), StoreError> {
    let target = sqlite_path(url).ok_or_else(|| {
        StoreError::Invalid(format!(
            "`{url}`: restore writes a SQLite file (sqlite://PATH); for PostgreSQL import event archives"
        ))
    })?;
    refuse_existing(&target, force)?;
    let mut head = [0u8; 16];
    File::open(backup)
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
        .map_err(|e| io(backup, &e))?;
    if &head != b"SQLite format 3\0" {
        return Err(StoreError::Invalid(format!(
            "{}: expected a SQLite backup written by `arbiter backup`",
            backup.display()
        )));
    }
    let part = partial(&target);
    fs::copy(backup, &part).map_err(|e| io(&part, &e))?;
    let copy = Store::open(&format!("sqlite://{}", part.display())).await;
    let checked = match copy {
        Ok(store) => {
            let tables = store.schema_version().await;
            store.close().await;
            tables.map(|_| ())
        }
        Err(e) => Err(e),
    };
    if let Err(e) = checked {
        fs::remove_file(&part).ok();
        return Err(StoreError::Invalid(format!(
            "{}: not an arbiter database ({e})",
            backup.display()
        )));
    }
    for suffix in ["-wal", "-shm"] {
        let mut side = target.clone().into_os_string();
        side.push(suffix);
        fs::remove_file(PathBuf::from(side)).ok();
    }
    settle(&part, &target)
}
