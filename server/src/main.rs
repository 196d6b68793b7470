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
        /// Draw the vessels from this seed, so that two loads of the same
        /// size hold the same names, builders and IDs (benchmarks compare
        /// runs on equal data); without it, every load differs.
        #[arg(long, value_name = "SEED")]
        rng_seed: Option<u64>,
        /// Seed vessels in prod mode too (they are fictional; think twice).
        #[arg(long)]
        force: bool,
    },
    /// Manage users.
    Users {
        #[command(subcommand)]
        command: UsersCommand,
    },
    /// Write a consistent backup (database, stored objects of a file store, a
    /// manifest of SHA-256s) into a new folder while the server keeps serving.
    Backup {
        dir: std::path::PathBuf,
        /// Also write the certificates' private signing key (keep that backup safe).
        #[arg(long)]
        include_signing_key: bool,
    },
    /// Restore a backup into an empty database and storage (before the server starts).
    Restore { dir: std::path::PathBuf },
    // Not a doc comment: clap prints it as help, where backticks would show.
    #[command(about = "Print the OpenAPI document")]
    Openapi,
    /// Check a vessel's history against a registry's transparency log, from
    /// the outside (docs/TRANSPARENCY.md); exits 1 when it was rewritten.
    VerifyHistory {
        /// The registry's base address (scheme and host, as in the browser).
        #[arg(long)]
        url: String,
        /// The vessel's platform ID.
        #[arg(long)]
        platform_id: String,
        /// A file of tree heads kept from earlier checks: the newest head must
        /// extend each of them, and is added to it when all is well.
        #[arg(long, value_name = "FILE")]
        tree_heads: Option<std::path::PathBuf>,
    },
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
    if let Command::VerifyHistory { url, platform_id, tree_heads } = &cli.command {
        let report = registry::cli::verify_history::verify(url, platform_id, tree_heads.as_deref()).await?;
        for line in &report.checked {
            println!("ok: {line}");
        }
        for line in &report.problems {
            println!("PROBLEM: {line}");
        }
        if report.ok() {
            println!("The history of {platform_id} is as the registry's log says.");
            return Ok(());
        }
        anyhow::bail!("the history of {platform_id} does not match the registry's log");
    }
    let filter = tracing_subscriber::EnvFilter::try_from_env("REGISTRY_LOG")
        .unwrap_or_else(|_| "info,sqlx=warn,tower_http=info".into());
    // REGISTRY_LOG_FORMAT=json: one JSON object a line, with the request's span (its id,
    // method and path) on every line logged while the request is served.
    match std::env::var("REGISTRY_LOG_FORMAT").as_deref() {
        Ok("json") => tracing_subscriber::fmt().json().with_current_span(true).with_env_filter(filter).init(),
        Ok("text") | Err(_) => tracing_subscriber::fmt().with_env_filter(filter).init(),
        Ok(other) => anyhow::bail!("REGISTRY_LOG_FORMAT '{other}' is neither text nor json"),
    }
    let config = Config::from_env()?;
    for warning in &config.warnings {
        tracing::warn!("{warning}");
    }
    // Before anything is created: the database, the data directory and the
    // stored objects are the server's user's alone.
    registry::foundation::private_files::restrict();
    std::fs::create_dir_all(&config.data_dir)?;
    registry::foundation::private_files::tighten(&config.data_dir)?;
    if let Command::Restore { dir } = &cli.command {
        // Before anything opens the database: a restore goes into an empty one.
        let restored = registry::cli::backup::restore(&config, dir).await?;
        let m = &restored.manifest;
        println!(
            "Restored the backup of {} (schema {}, {} database, {} stored objects).",
            m.created_at, m.schema_version, m.database, restored.objects
        );
        if let Some(warning) = restored.key_warning {
            println!("Warning: {warning}");
        }
        return Ok(());
    }
    if let Command::Backup { .. } = &cli.command {
        // Before `assemble`, which would migrate the live database.
        registry::cli::backup::check_schema(config.database_url.expose()).await?;
    }
    let addr = config.addr;
    let (state, worker) = server::assemble(config).await?;
    match cli.command {
        Command::Serve => {
            let listener = tokio::net::TcpListener::bind(addr).await?;
            tracing::info!("serving on http://{} (public URL {})", listener.local_addr()?, state.config.public_url);
            if let Some(metrics_addr) = state.config.metrics_addr {
                let metrics = tokio::net::TcpListener::bind(metrics_addr).await?;
                tracing::info!("metrics on http://{}/metrics", metrics.local_addr()?);
                tokio::spawn(registry::app::telemetry::serve(state.clone(), metrics));
            }
            let jobs = registry::app::jobs::start(&state, Some(worker), &registry::app::jobs::Job::ALL);
            let grace = state.config.shutdown_grace;
            // The signal stops the loops (between runs) as the server starts draining.
            let stopper = jobs.stopper();
            let signal = async move {
                server::shutdown_signal().await;
                stopper.stop();
            };
            server::serve(state, listener, signal).await?;
            jobs.stop(grace).await;
            tracing::info!("stopped");
            Ok(())
        }
        Command::Migrate => Ok(()),
        Command::Seed { demo, if_empty, vessels, rng_seed, force } => {
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
                registry::cli::seed_vessels::vessels(&state, n, rng_seed).await?;
                println!("Seeded {n} vessels in {:.1} s.", started.elapsed().as_secs_f64());
            }
            Ok(())
        }
        Command::Users { command: UsersCommand::Promote { email } } => {
            seed::promote(&state.db, &email).await?;
            println!("{email} is now an administrator.");
            Ok(())
        }
        Command::Backup { dir, include_signing_key } => {
            let manifest = registry::cli::backup::backup(&state, &dir, include_signing_key).await?;
            println!(
                "Backed up into {} ({} files, schema {}{}).",
                dir.display(),
                manifest.files.len(),
                manifest.schema_version,
                if manifest.includes_objects {
                    ", with the stored objects"
                } else {
                    "; objects: the bucket's versioning"
                }
            );
            Ok(())
        }
        Command::Openapi | Command::Restore { .. } | Command::VerifyHistory { .. } => unreachable!(),
    }
}
