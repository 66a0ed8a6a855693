//! `arbiter serve`: the tournament service (web pages and JSON API) on SQLite or PostgreSQL.

use std::net::SocketAddr;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Database: `sqlite://PATH` (created on first start) or `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, default_value = "sqlite://arbiter.db")]
    database: String,
    /// Address to listen on (port 0: any free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: String,
    /// Load the demo championship (7 rounds, several age classes) into an empty database.
    #[arg(long)]
    demo: bool,
    /// The address users open, e.g. `https://chess.example.org` behind a TLS reverse proxy;
    /// `https://` marks cookies `Secure` (sent over HTTPS only).
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Mark cookies `Secure` (`true`) or not (`false`), whatever `--public-url` says.
    #[arg(long, value_name = "BOOL")]
    secure_cookies: Option<bool>,
    /// Behind a reverse proxy: throttle failed logins by the last `X-Forwarded-For` address
    /// (set by the proxy) instead of the connection's, which is the proxy's.
    #[arg(long)]
    trust_proxy: bool,
    /// Write a backup into this folder after every published round (created if missing).
    #[arg(long, value_name = "DIR")]
    backup_dir: Option<std::path::PathBuf>,
    /// How many backups `--backup-dir` keeps, the newest (1 to 1000).
    #[arg(long, value_name = "N", default_value_t = service::backups::DEFAULT_KEEP)]
    backup_keep: usize,
}

impl Args {
    /// The security settings of the flags; an error for a public URL that is not http(s).
    fn security(&self) -> Result<web::Security, String> {
        let https = match self.public_url.as_deref() {
            None => false,
            Some(url) if url.starts_with("https://") => true,
            Some(url) if url.starts_with("http://") => false,
            Some(url) => {
                return Err(format!(
                    "--public-url `{url}`: expected a URL starting with https:// or http://"
                ));
            }
        };
        Ok(web::Security {
            secure_cookies: self.secure_cookies.unwrap_or(https),
            trust_proxy: self.trust_proxy,
        })
    }
}

pub fn run(args: Args) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("arbiter serve: cannot start the runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(serve(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            ExitCode::from(1)
        }
    }
}

async fn serve(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let security = args.security()?;
    let store = store::Store::open(&args.database).await?;
    if let Some((user, password)) = web::first_start(&store).await? {
        println!(
            "created the admin account (shown only this once): user {user}, password {password}"
        );
    }
    if args.demo {
        if store.events().await?.is_empty() {
            let today = event::date::Zone::default().local(store::unix_now()).date;
            let id = web::load_demo(&store, today).await?;
            println!("loaded the demo championship as event {id}");
        } else {
            println!("the database has events already; --demo loads nothing");
        }
    }
    let listener = tokio::net::TcpListener::bind(&args.bind).await?;
    println!("listening on http://{}", listener.local_addr()?);
    if let Some(url) = &args.public_url {
        println!("public address {url}");
    }
    let mut state = web::AppState::new(store).with_security(security);
    if let Some(dir) = &args.backup_dir {
        let backups = service::backups::Backups::new(dir, args.backup_keep)?;
        println!(
            "backup after every published round into {} (the newest {} kept)",
            backups.dir().display(),
            args.backup_keep
        );
        state = state.with_backups(backups);
    }
    let app = web::router(state);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        args: super::Args,
    }

    fn security(flags: &[&str]) -> Result<web::Security, String> {
        let argv = std::iter::once("serve").chain(flags.iter().copied());
        Cli::try_parse_from(argv).unwrap().args.security()
    }

    #[test]
    fn h19_09_https_public_url_turns_on_secure_cookies() {
        let on = |flags: &[&str]| security(flags).unwrap().secure_cookies;
        assert!(!on(&[]));
        assert!(on(&["--public-url", "https://chess.example.org"]));
        assert!(!on(&["--public-url", "http://localhost:8080"]));
        assert!(!on(&[
            "--public-url",
            "https://x.org",
            "--secure-cookies",
            "false"
        ]));
        assert!(on(&["--secure-cookies", "true"]));
        assert!(security(&["--trust-proxy"]).unwrap().trust_proxy);
        let bad = security(&["--public-url", "chess.example.org"]).unwrap_err();
        assert!(bad.contains("https://"), "{bad}");
    }
}
