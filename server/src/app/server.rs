//! The server assembled: the state with its providers, the outbox worker,
//! and the HTTP edge serving the features' routes (composed in `routes.rs`).

use std::sync::Arc;

use tokio::sync::Notify;

use crate::{
    features::outbox::{ByChannel, Delivery, RecordOnly, Smtp, Twilio, worker::Worker},
    features::payments,
    platform::config::{Config, EmailProvider, SmsProvider},
    platform::db::{self, Backend},
    platform::state::AppState,
};

/// Connect, migrate, and build the state and the outbox worker (which the
/// caller spawns; tests may drive it by hand).
pub async fn assemble(config: Config) -> anyhow::Result<(AppState, Worker)> {
    crate::flows::fees::install();
    if config.metrics_addr.is_some() {
        // Without a listener nothing reads the metrics: no recorder, so every request's counting
        // is the facade's no-op.
        crate::platform::telemetry::install();
    }
    let url = config.database_url.expose().to_owned();
    let backend = Backend::of_url(&url);
    let db = db::connect(&url).await?;
    let applied = db::migrate(&db, backend).await?;
    if applied.contains(&crate::features::vessels::history_chain::INTRODUCED_BY_MIGRATION) {
        // Once, right after the chain's table appears: chains for the vessels
        // registered before it. Never again, so that a chain removed later
        // is reported, not silently rebuilt.
        crate::features::vessels::history_chain::backfill(&db).await?;
    }
    if applied.contains(&crate::features::vessels::service::FOLDED_NAMES_MIGRATION) {
        crate::features::vessels::service::fold_earlier_names(&db).await?;
    }
    if crate::features::vessels::search::text_index_incomplete(&db, backend).await? {
        // A seeding stopped before building the text search's posting
        // lists: the vessels it loaded are not found by text until the
        // next seeding (which finishes the job) builds them.
        tracing::warn!(
            "the text search's posting lists are incomplete after an interrupted seeding: run `registry seed` again"
        );
    }
    let email: Arc<dyn Delivery> = match &config.email {
        EmailProvider::Outbox => Arc::new(RecordOnly),
        EmailProvider::Smtp { url } => Arc::new(Smtp::new(url.expose(), &sender(&config))?),
    };
    let sms: Arc<dyn Delivery> = match &config.sms {
        SmsProvider::Outbox => Arc::new(RecordOnly),
        SmsProvider::Twilio { account_sid, auth_token, from, api_base } => {
            Arc::new(Twilio::new(api_base, account_sid, auth_token.clone(), from)?)
        }
    };
    let delivery: Arc<dyn Delivery> = Arc::new(ByChannel { email, sms });
    let wake = Arc::new(Notify::new());
    let worker = Worker::new(db.clone(), delivery, wake.clone());
    let payments = payments::provider(&config, db.clone())?;
    let providers = crate::platform::state::Providers {
        payments,
        identity: crate::platform::identity_provider::provider(&config)?,
        storage: crate::platform::storage::open(&config.storage_url)?,
        signer: Arc::new(crate::platform::signing::Signer::load(&config)?),
    };
    let replica = match &config.database_read_url {
        None => None,
        Some(url) => {
            let replica = Arc::new(db::replica::Replica::connect(url.expose(), config.replica_max_lag)?);
            // Each instance watches the replica it reads from: its own view,
            // no lease. The task ends with the runtime.
            tokio::spawn({
                let (replica, primary) = (replica.clone(), db.clone());
                async move { replica.watch(primary).await }
            });
            Some(replica)
        }
    };
    Ok((AppState::new(config, db, backend, replica, providers, wake), worker))
}

fn sender(config: &Config) -> String {
    let host = config.public_url.host_str().unwrap_or("localhost");
    format!("European Small-Craft Registry <no-reply@{host}>")
}

/// Serve HTTP until `shutdown` ([`shutdown_signal`] in production): then stop
/// accepting, and give the requests in flight `REGISTRY_SHUTDOWN_GRACE_SECS` to finish. The
/// background work runs beside this (`app::jobs`).
pub async fn serve(
    state: AppState,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()>,
) -> anyhow::Result<()> {
    let limits = crate::http::serve::ConnectionLimits {
        header_read_timeout: state.config.header_read_timeout,
        max_connections: state.config.max_connections,
        max_per_client: state.config.max_connections_per_client,
        trusted_proxies: state.config.trusted_proxies.clone(),
        drain: state.config.shutdown_grace,
    };
    let app = crate::http::router(state.clone(), crate::app::routes::api(&state), crate::app::routes::uploads());
    crate::http::serve::serve(app, listener, limits, shutdown).await?;
    Ok(())
}

/// Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}
