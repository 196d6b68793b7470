//! `GET /metrics` in Prometheus's text format, on a listener of its own
//! (`REGISTRY_METRICS_ADDR`), never on the public one. Counters and histograms
//! are recorded where things happen (`platform::telemetry` names them); the
//! gauges that describe a state (the pool's connections, the outbox's backlog)
//! are read here, at each scrape.

use axum::{
    Router,
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};

use crate::{
    features::outbox,
    platform::{
        state::AppState,
        telemetry::{self, DB_CONNECTIONS, OUTBOX_OLDEST_AGE, OUTBOX_PENDING},
    },
};

pub fn router(state: AppState) -> Router {
    Router::new().route("/metrics", get(scrape)).with_state(state)
}

async fn scrape(State(state): State<AppState>) -> Response {
    let mut response = render(&state).await.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    response
}

/// Every metric of this process, as Prometheus reads it.
#[allow(clippy::cast_precision_loss)] // counts and ages far below 2^52
pub async fn render(state: &AppState) -> String {
    let handle = telemetry::install();
    let size = state.db.size();
    let idle = u32::try_from(state.db.num_idle()).unwrap_or(u32::MAX);
    metrics::gauge!(DB_CONNECTIONS, "state" => "idle").set(f64::from(idle));
    metrics::gauge!(DB_CONNECTIONS, "state" => "in_use").set(f64::from(size.saturating_sub(idle)));
    match outbox::backlog(&state.db).await {
        Ok((pending, oldest_ms)) => {
            metrics::gauge!(OUTBOX_PENDING).set(pending as f64);
            metrics::gauge!(OUTBOX_OLDEST_AGE).set(oldest_ms as f64 / 1000.0);
        }
        Err(e) => tracing::warn!(error = %e, "reading the outbox's backlog for the metrics failed"),
    }
    handle.run_upkeep();
    handle.render()
}

/// Serve `/metrics` on `listener` for as long as the process runs.
pub async fn serve(state: AppState, listener: tokio::net::TcpListener) {
    if let Err(e) = axum::serve(listener, router(state)).await {
        tracing::error!(error = %e, "the metrics listener stopped");
    }
}
