//! The automatic backup after every published round (#17 item 3): `arbiter serve --backup-dir
//! DIR --backup-keep N` writes one file per publication into DIR, named by time (UTC), event,
//! section and round, and keeps only the newest N such files. A SQLite database is copied
//! whole ([`store::Store::backup_to`]); a PostgreSQL database gets the archive of the event
//! ([`crate::archive`]). A backup that cannot be written never undoes the publication: the
//! failure is reported (a warning of the publication, a line on standard error).

use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use event::date::Zone;
use store::Store;

use crate::error::ServiceError;

/// How many backups a director may keep.
pub const KEEP: RangeInclusive<usize> = 1..=1000;

/// How many backups are kept unless the director says otherwise.
pub const DEFAULT_KEEP: usize = 10;

/// The start of every backup file's name; only such files are ever deleted.
const PREFIX: &str = "arbiter-";

/// Where the automatic backups go and how many are kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backups {
    dir: PathBuf,
    keep: usize,
}

impl Backups {
    /// Backups into `dir` (created if missing), keeping the newest `keep` (within [`KEEP`]).
    pub fn new(dir: &Path, keep: usize) -> Result<Backups, ServiceError> {
        if !KEEP.contains(&keep) {
            return Err(ServiceError::BadRequest(format!(
                "--backup-keep {keep}: expected a number from {} to {}",
                KEEP.start(),
                KEEP.end()
            )));
        }
        std::fs::create_dir_all(dir).map_err(|e| {
            ServiceError::BadRequest(format!("--backup-dir {}: {e}", dir.display()))
        })?;
        Ok(Backups {
            dir: dir.to_owned(),
            keep,
        })
    }

    /// The folder of the backups.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes the backup after round `round` of section `section` was published, then deletes
    /// all but the newest backups; returns the new file.
    pub async fn after_publish(
        &self,
        store: &Store,
        section: i64,
        round: i64,
    ) -> Result<PathBuf, ServiceError> {
        let event = store.section(section).await?.event;
        let now = store::unix_now();
        let at = Zone::new("UTC").unwrap_or_default().local(now);
        let stamp = format!(
            "{}{:02}{:02}-{:02}{:02}{:02}",
            at.date.year(),
            at.date.month(),
            at.date.day(),
            at.time.hour(),
            at.time.minute(),
            now.rem_euclid(60)
        );
        let ext = if store.is_postgres() { "json" } else { "db" };
        let stem = format!("{PREFIX}{stamp}Z-event{event}-section{section}-round{round}");
        let mut path = self.dir.join(format!("{stem}.{ext}"));
        for n in 2.. {
            if !path.exists() {
                break;
            }
            path = self.dir.join(format!("{stem}-{n}.{ext}"));
        }
        if store.is_postgres() {
            crate::archive::write(&crate::archive::export(store, event).await?, &path)?;
        } else {
            store.backup_to(&path, false).await?;
        }
        self.prune()?;
        Ok(path)
    }

    /// Deletes all backup files of the folder but the newest [`Backups::keep`] (by the time
    /// they were written, then by name, which starts with the time).
    fn prune(&self) -> Result<(), ServiceError> {
        let mut files: Vec<(std::time::SystemTime, String)> = std::fs::read_dir(&self.dir)
            .map_err(|e| ServiceError::Internal(format!("{}: {e}", self.dir.display())))?
            .filter_map(|entry| {
                let entry = entry.ok()?;
                let name = entry.file_name().into_string().ok()?;
                let ours =
                    name.starts_with(PREFIX) && (name.ends_with(".db") || name.ends_with(".json"));
                ours.then_some((entry.metadata().ok()?.modified().ok()?, name))
            })
            .collect();
        files.sort();
        let surplus = files.len().saturating_sub(self.keep);
        for (_, name) in &files[..surplus] {
            let path = self.dir.join(name);
            std::fs::remove_file(&path)
                .map_err(|e| ServiceError::Internal(format!("{}: {e}", path.display())))?;
        }
        Ok(())
    }
}

impl crate::Service {
    /// The same service writing a backup after every published round.
    pub fn with_backups(self, backups: Backups) -> crate::Service {
        crate::Service {
            backups: Some(std::sync::Arc::new(backups)),
            ..self
        }
    }

    /// The backup after a publication, when backups are on: `None` when none is due or it was
    /// written, else why it failed (also written to standard error).
    pub(crate) async fn backup_after_publish(&self, section: i64, round: i64) -> Option<String> {
        let backups = self.backups.as_ref()?;
        match backups.after_publish(&self.store, section, round).await {
            Ok(_) => None,
            Err(e) => {
                let message = format!("the backup after round {round} failed: {e}");
                eprintln!("arbiter: {message}");
                Some(message)
            }
        }
    }
}
