//! `arbiter serve`: the tournament service (web pages and JSON API) on SQLite or PostgreSQL.

use std::net::SocketAddr;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Database: `sqlite://PATH` (created on first start) or `postgres://USER:PASSWORD@HOST/DB`.
    #[arg(long, env = "ARBITER_DATABASE", default_value = "sqlite://arbiter.db")]
    database: String,
    /// Address to listen on (port 0: any free port, printed at start).
    #[arg(long, env = "ARBITER_BIND", default_value = "127.0.0.1:8080")]
    bind: String,
    /// Load the demo championship (7 rounds, several age classes) into an empty database.
    #[arg(long, env = "ARBITER_DEMO")]
    demo: bool,
    /// The address users open, e.g. `https://chess.example.org` behind a TLS reverse proxy;
    /// `https://` marks cookies `Secure` (sent over HTTPS only).
    #[arg(long, env = "ARBITER_PUBLIC_URL", value_name = "URL")]
    public_url: Option<String>,
    /// Mark cookies `Secure` (`true`) or not (`false`), whatever `--public-url` says.
    #[arg(long, env = "ARBITER_SECURE_COOKIES", value_name = "BOOL")]
    secure_cookies: Option<bool>,
    /// Behind a reverse proxy: throttle failed logins by the last `X-Forwarded-For` address
    /// (set by the proxy) instead of the connection's, which is the proxy's.
    #[arg(long, env = "ARBITER_TRUST_PROXY")]
    trust_proxy: bool,
    /// Write a backup into this folder after every published round (created if missing).
    #[arg(long, env = "ARBITER_BACKUP_DIR", value_name = "DIR")]
    backup_dir: Option<std::path::PathBuf>,
    /// How many backups `--backup-dir` keeps, the newest (1 to 1000).
    #[arg(long, env = "ARBITER_BACKUP_KEEP", value_name = "N", default_value_t = service::backups::DEFAULT_KEEP)]
    backup_keep: usize,
    /// Log format on standard error: `text` (human-readable) or `json` (one object a line).
    #[arg(long, env = "ARBITER_LOG_FORMAT", value_enum, default_value = "text")]
    log_format: LogFormat,
    /// Log level or filter (`info`, `debug`, `web=debug,info`); else `RUST_LOG`, else `info`.
    #[arg(long, env = "ARBITER_LOG", value_name = "FILTER")]
    log_level: Option<String>,
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LogFormat {
    /// Human-readable lines (colored on a terminal).
    Text,
    /// One JSON object a line, the event's fields at the top level.
    Json,
}

impl Args {
    /// The security settings of the flags; an error for a public URL that is not http(s).
    /// The log filter: `--log-level`, else `RUST_LOG`, else `info`.
    fn log_filter(&self) -> Result<tracing_subscriber::EnvFilter, String> {
        let spec = match &self.log_level {
            Some(level) => level.clone(),
            None => std::env::var("RUST_LOG").unwrap_or_else(|_| "info".into()),
        };
        tracing_subscriber::EnvFilter::try_new(&spec).map_err(|e| {
            format!("--log-level `{spec}`: expected a level (error, warn, info, debug, trace) or a filter like `web=debug,info`: {e}")
        })
    }

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

/// Sends the log to standard error in the chosen format; standard output keeps the lines
/// meant for the person starting the server (address, the first admin password).
fn init_log(args: &Args) -> Result<(), String> {
    use std::io::IsTerminal;
    let filter = args.log_filter()?;
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let installed = match args.log_format {
        LogFormat::Text => builder
            .with_ansi(std::io::stderr().is_terminal())
            .try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
    installed.map_err(|e| format!("cannot install the log: {e}"))
}

/// `url` with the password masked (`postgres://user:***@host/db`, `password=***`).
fn masked(url: &str) -> String {
    let mut out = match url.split_once("://") {
        Some((scheme, rest)) => {
            let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
            let (authority, tail) = rest.split_at(authority_end);
            match authority.rsplit_once('@') {
                Some((userinfo, host)) => {
                    let user = userinfo.split(':').next().unwrap_or_default();
                    let mask = if userinfo.contains(':') { ":***" } else { "" };
                    format!("{scheme}://{user}{mask}@{host}{tail}")
                }
                None => url.to_owned(),
            }
        }
        None => url.to_owned(),
    };
    if let Some((head, query)) = out.clone().split_once('?') {
        let query: Vec<String> = query
            .split('&')
            .map(|kv| match kv.split_once('=') {
                Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
                _ => kv.to_owned(),
            })
            .collect();
        out = format!("{head}?{}", query.join("&"));
    }
    out
}

async fn serve(args: Args) -> Result<(), Box<dyn std::error::Error>> {
    let security = args.security()?;
    init_log(&args)?;
    tracing::info!(
        bind = %args.bind,
        database = %masked(&args.database),
        public_url = args.public_url.as_deref().unwrap_or("-"),
        secure_cookies = security.secure_cookies,
        trust_proxy = security.trust_proxy,
        log_format = ?args.log_format,
        "starting arbiter serve"
    );
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
    // The last line on standard output: tests and scripts may stop reading after it.
    println!("listening on http://{}", listener.local_addr()?);
    tracing::info!(address = %listener.local_addr()?, "listening");
    let app = web::router(state);
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await?;
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on SIGTERM (a supervisor stopping the service) or Ctrl-C; the server then takes
/// no new connections and finishes the requests in flight before `serve` returns.
async fn shutdown_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    let signal = tokio::select! {
        () = interrupt => "interrupt",
        () = terminate => "SIGTERM",
    };
    tracing::info!(signal, "shutting down: finishing the requests in flight");
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
    fn h17_01_database_passwords_are_masked() {
        assert_eq!(
            super::masked("postgres://arbiter:s3cret@db.example.org:5432/arbiter"),
            "postgres://arbiter:***@db.example.org:5432/arbiter"
        );
        assert_eq!(
            super::masked("postgres://db/arbiter?user=a&password=s3cret&sslmode=require"),
            "postgres://db/arbiter?user=a&password=***&sslmode=require"
        );
        assert_eq!(super::masked("sqlite://arbiter.db"), "sqlite://arbiter.db");
        assert_eq!(
            super::masked("postgres://p%40ss@host/db"),
            "postgres://p%40ss@host/db",
            "a user without password stays"
        );
    }

    #[test]
    fn h17_01_log_level_flag_is_a_filter() {
        let parse = |flags: &[&str]| {
            let argv = std::iter::once("serve").chain(flags.iter().copied());
            Cli::try_parse_from(argv).unwrap().args
        };
        assert!(parse(&["--log-level", "debug"]).log_filter().is_ok());
        assert!(
            parse(&["--log-level", "web=debug,info"])
                .log_filter()
                .is_ok()
        );
        let bad = parse(&["--log-level", "web=loud"])
            .log_filter()
            .unwrap_err();
        assert!(bad.contains("--log-level"), "{bad}");
        assert_eq!(
            parse(&["--log-format", "json"]).log_format,
            super::LogFormat::Json
        );
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
