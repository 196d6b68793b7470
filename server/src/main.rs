use clap::{Parser, Subcommand};
use registry::{app::server, cli::seed, platform::config::Config};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "registry", about = "European Small-Craft Registry server", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app.
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Load data into the database.
    Seed {
        /// Demo accounts (dev mode only) and, unless --vessels says otherwise,
        /// 500 vessels so the registry has something to search.
        #[arg(long)]
        demo: bool,
        /// Do nothing when the database already has users.
        #[arg(long)]
        if_empty: bool,
        /// Also create this many realistic active vessels.
        #[arg(long, value_name = "N")]
        vessels: Option<usize>,
        /// Seed vessels in prod mode too (they are fictional; think twice).
        #[arg(long)]
        force: bool,
    },
    /// Manage users.
    Users {
        #[command(subcommand)]
        command: UsersCommand,
    },
    // Not a doc comment: clap prints it as help, where backticks would show.
    #[command(about = "Print the OpenAPI document")]
    Openapi,
}

const DEMO_VESSELS: usize = 500;

#[derive(Subcommand)]
enum UsersCommand {
    /// Grant the admin role to an active user.
    Promote { email: String },
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    match run(Cli::parse()).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    if let Command::Openapi = cli.command {
        println!("{}", registry::app::openapi::document().to_pretty_json()?);
        return Ok(());
    }
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("REGISTRY_LOG")
                .unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into()),
        )
        .init();
    let config = Config::from_env()?;
    for warning in &config.warnings {
        tracing::warn!("{warning}");
    }
    // Before anything is created: the database, the data directory and the
    // stored objects are the server's user's alone.
    registry::foundation::private_files::restrict();
    std::fs::create_dir_all(&config.data_dir)?;
    registry::foundation::private_files::tighten(&config.data_dir)?;
    let addr = config.addr;
    let (state, worker) = server::assemble(config).await?;
    match cli.command {
        Command::Serve => {
            let listener = tokio::net::TcpListener::bind(addr).await?;
            tracing::info!("serving on http://{} (public URL {})", listener.local_addr()?, state.config.public_url);
            tokio::spawn(worker.run());
            tokio::spawn(registry::app::jobs::retention::run(state.db.clone(), state.storage.clone()));
            tokio::spawn(registry::app::server::sweep_transfers_periodically(state.clone()));
            tokio::spawn(registry::features::payments::follow_up::run_periodically(state.clone()));
            tokio::spawn(registry::features::identity::service::decide_periodically(state.clone()));
            server::serve(state, listener).await
        }
        Command::Migrate => Ok(()),
        Command::Seed { demo, if_empty, vessels, force } => {
            if vessels.is_some() {
                registry::cli::seed_vessels::refuse_unless_forced(&state.config, force)?;
            }
            if if_empty && !seed::is_empty(&state).await? {
                println!("The database has data already; not seeding.");
                return Ok(());
            }
            if demo {
                seed::demo(&state).await?;
                println!("Demo accounts:");
                for a in seed::DEMO_ACCOUNTS {
                    println!("  {:<22} password {:<22} ({})", a.email, a.password, a.role);
                }
            }
            if let Some(n) = vessels.or(demo.then_some(DEMO_VESSELS)) {
                let started = std::time::Instant::now();
                registry::cli::seed_vessels::vessels(&state, n).await?;
                println!("Seeded {n} vessels in {:.1} s.", started.elapsed().as_secs_f64());
            }
            Ok(())
        }
        Command::Users { command: UsersCommand::Promote { email } } => {
            seed::promote(&state.db, &email).await?;
            println!("{email} is now an administrator.");
            Ok(())
        }
        Command::Openapi => unreachable!(),
    }
}
