//! `arbiter backup` and `arbiter restore`: a consistent copy of the database while the server
//! runs, and that copy put back in place (#17 item 3).

use std::future::Future;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct BackupArgs {
    /// The database to save: `sqlite://PATH` (a running server may keep writing to it).
    #[arg(long, default_value = "sqlite://arbiter.db")]
    database: String,
    /// Replace OUT if it exists.
    #[arg(long)]
    force: bool,
    /// The backup file to write.
    out: PathBuf,
}

#[derive(clap::Args)]
pub struct RestoreArgs {
    /// The database to restore into: `sqlite://PATH` (stop the server on it first).
    #[arg(long)]
    database: String,
    /// Replace the database if it exists.
    #[arg(long)]
    force: bool,
    /// A backup written by `arbiter backup` or `arbiter serve --backup-dir`.
    backup: PathBuf,
}

/// Runs `work` on a new runtime; an error is printed as `arbiter COMMAND: ERROR`.
pub(crate) fn block_on<E: std::fmt::Display>(
    command: &str,
    work: impl Future<Output = Result<(), E>>,
) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbiter {command}: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(work) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter {command}: {e}");
            ExitCode::from(1)
        }
    }
}

pub fn backup(args: BackupArgs) -> ExitCode {
    block_on("backup", async {
        let store = store::Store::open(&args.database).await?;
        store.backup_to(&args.out, args.force).await?;
        store.close().await;
        println!("wrote {}", args.out.display());
        Ok::<(), store::StoreError>(())
    })
}

pub fn restore(args: RestoreArgs) -> ExitCode {
    block_on("restore", async {
        store::restore(&args.backup, &args.database, args.force).await?;
        println!("restored {} into {}", args.backup.display(), args.database);
        Ok::<(), store::StoreError>(())
    })
}
