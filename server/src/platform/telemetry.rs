//! The process's metrics, in Prometheus's text format, through the `metrics`
//! facade: every module records with `metrics::counter!`, `gauge!` or
//! `histogram!` under the names below, and `app::telemetry` serves them on a
//! listener of their own (`REGISTRY_METRICS_ADDR`). No label carries personal
//! data: routes are templates (`/api/vessels/{id}`), never paths.

use std::sync::OnceLock;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Requests answered, by route template, method and status.
pub const HTTP_REQUESTS: &str = "registry_http_requests_total";
/// Time to answer, by route template (seconds).
pub const HTTP_DURATION: &str = "registry_http_request_duration_seconds";
/// Time to get a connection and begin a transaction (`pool="primary"`), or
/// to get one of the read lane's connections (`pool="lane"`), in seconds.
pub const DB_WAIT: &str = "registry_db_wait_seconds";
/// Time a public search waits for its turn (`AppState::search_turns`), in seconds.
pub const SEARCH_WAIT: &str = "registry_search_wait_seconds";
/// The primary pool's connections, by `state` (`idle`, `in_use`).
pub const DB_CONNECTIONS: &str = "registry_db_connections";
/// CPU-heavy jobs waiting for a thread of the CPU pool.
pub const CPU_QUEUED: &str = "registry_cpu_queue_depth";
/// CPU-heavy jobs refused because the queue was full (answered 503 `busy`).
pub const CPU_REFUSED: &str = "registry_cpu_refusals_total";
/// Emails and SMS queued and not yet delivered or given up.
pub const OUTBOX_PENDING: &str = "registry_outbox_pending";
/// Age of the oldest of them (seconds; 0 when none).
pub const OUTBOX_OLDEST_AGE: &str = "registry_outbox_oldest_pending_age_seconds";
/// When each background job last ran to the end here (Unix seconds), by `job`.
pub const JOB_LAST_SUCCESS: &str = "registry_job_last_success_timestamp_seconds";
/// Payments that moved to a new status, by `purpose` and `outcome` (the status).
pub const PAYMENTS: &str = "registry_payments_total";
/// One-time codes issued (each texted), by `purpose`.
pub const CODES_SENT: &str = "registry_codes_sent_total";
/// How far the read replica is behind the primary (seconds), as last measured.
pub const REPLICA_LAG: &str = "registry_replica_lag_seconds";
/// 1 while the read replica serves the public reads, 0 while it is left out.
pub const REPLICA_SERVING: &str = "registry_replica_serving";
/// Public reads, by `source` (`replica`, `primary`) and whether they were
/// read again on the primary after failing on the replica (`fallback`).
pub const PUBLIC_READS: &str = "registry_public_reads_total";

/// Bucket bounds of the duration histograms (seconds).
const BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Install the recorder, once per process (the test suite builds many apps in
/// one process); every later call answers the same handle. Only a server with
/// `REGISTRY_METRICS_ADDR` installs it: without one the `metrics` macros do nothing.
pub fn install() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".to_owned()), &BUCKETS)
                .expect("bucket bounds are not empty")
                .build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("a metrics recorder was installed already; this one records nothing");
            }
            describe();
            handle
        })
        .clone()
}

fn describe() {
    metrics::describe_counter!(HTTP_REQUESTS, "Requests answered, by route template, method and status.");
    metrics::describe_histogram!(HTTP_DURATION, metrics::Unit::Seconds, "Time to answer, by route template.");
    metrics::describe_histogram!(DB_WAIT, metrics::Unit::Seconds, "Waiting for a database connection, by pool.");
    metrics::describe_histogram!(SEARCH_WAIT, metrics::Unit::Seconds, "Public searches waiting for their turn.");
    metrics::describe_gauge!(DB_CONNECTIONS, "The primary pool's connections, by state.");
    metrics::describe_gauge!(CPU_QUEUED, "CPU-heavy jobs waiting for a thread.");
    metrics::describe_counter!(CPU_REFUSED, "CPU-heavy jobs refused with the queue full.");
    metrics::describe_gauge!(OUTBOX_PENDING, "Emails and SMS queued, not yet delivered or given up.");
    metrics::describe_gauge!(OUTBOX_OLDEST_AGE, metrics::Unit::Seconds, "Age of the oldest pending message.");
    metrics::describe_gauge!(JOB_LAST_SUCCESS, "When each background job last ran to the end here (Unix time).");
    metrics::describe_counter!(PAYMENTS, "Payments moved to a new status, by purpose and outcome.");
    metrics::describe_counter!(CODES_SENT, "One-time codes issued, by purpose.");
    metrics::describe_gauge!(REPLICA_LAG, metrics::Unit::Seconds, "How far the read replica is behind the primary.");
    metrics::describe_gauge!(REPLICA_SERVING, "1 while the read replica serves the public reads.");
    metrics::describe_counter!(PUBLIC_READS, "Public reads, by the database that served them.");
}
