//! `arbiter archive export|import`: one event as a single versioned JSON file, to move it
//! between installations (#17 item 4; the format is `service::archive`'s).

use std::path::PathBuf;
use std::process::ExitCode;

use super::backup::block_on;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Write one event as an archive file (`.json`; `.json.gz` is gzip-compressed).
    Export {
        /// The database: `sqlite://PATH` or `postgres://USER:PASSWORD@HOST/DB`.
        #[arg(long, default_value = "sqlite://arbiter.db")]
        database: String,
        /// The event's id (shown in its address, `/events/ID`).
        #[arg(long)]
        event: i64,
        /// Replace OUT if it exists.
        #[arg(long)]
        force: bool,
        /// The archive file to write.
        out: PathBuf,
    },
    /// Store an archive file as a new event; prints the new event's id.
    Import {
        /// The database: `sqlite://PATH` or `postgres://USER:PASSWORD@HOST/DB`.
        #[arg(long, default_value = "sqlite://arbiter.db")]
        database: String,
        /// The archive file (plain or gzip-compressed JSON).
        file: PathBuf,
    },
}

pub fn run(args: Args) -> ExitCode {
    match args.command {
        Command::Export {
            database,
            event,
            force,
            out,
        } => block_on("archive export", async move {
            if out.exists() && !force {
                return Err(format!(
                    "{} exists (give --force to replace it)",
                    out.display()
                ));
            }
            let service = service::Service::new(open(&database).await?);
            let archive = service
                .export_archive(event)
                .await
                .map_err(|e| e.to_string())?;
            let gzip = out.extension().is_some_and(|e| e == "gz");
            let bytes = service::archive::encode(&archive, gzip).map_err(|e| e.to_string())?;
            std::fs::write(&out, bytes).map_err(|e| format!("{}: {e}", out.display()))?;
            println!("wrote event {event} to {}", out.display());
            Ok::<(), String>(())
        }),
        Command::Import { database, file } => block_on("archive import", async move {
            let bytes = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            let service = service::Service::new(open(&database).await?);
            let id = service
                .import_archive(None, &bytes)
                .await
                .map_err(|e| e.to_string())?;
            println!("{id}");
            Ok::<(), String>(())
        }),
    }
}

async fn open(database: &str) -> Result<store::Store, String> {
    store::Store::open(database)
        .await
        .map_err(|e| e.to_string())
}
