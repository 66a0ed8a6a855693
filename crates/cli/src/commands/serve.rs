//! `arbiter serve`: the tournament service (web pages and JSON API) on SQLite or PostgreSQL.

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
    let store = store::Store::open(&args.database).await?;
    if let Some((user, password)) = web::first_start(&store).await? {
        println!(
            "created the admin account (shown only this once): user {user}, password {password}"
        );
    }
    if args.demo {
        if store.events().await?.is_empty() {
            let today = web::domain::moment(store::unix_now()).date;
            let id = web::load_event(&store, &event::demo::championship(today)).await?;
            println!("loaded the demo championship as event {id}");
        } else {
            println!("the database has events already; --demo loads nothing");
        }
    }
    let listener = tokio::net::TcpListener::bind(&args.bind).await?;
    println!("listening on http://{}", listener.local_addr()?);
    let app = web::router(web::AppState::new(store));
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
