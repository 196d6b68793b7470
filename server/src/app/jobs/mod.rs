//! Background work the server runs on a timer: the outbox worker, and the
//! periodic jobs below. Several processes may share one database; each
//! periodic job runs in one of them at a time, the one holding its lease
//! (`platform::lease`), and the outbox worker claims each message with a
//! lease of its own. On shutdown the loops stop between runs (a run in
//! progress finishes), and the process lets its leases go, so another
//! process takes the work over at once.

pub mod retention;
mod store;

use std::time::Duration;

use tokio::{sync::watch, task::JoinHandle};

use crate::{
    features::{identity, outbox::worker::Worker, payments, transfers, transparency},
    foundation::error::AppResult,
    platform::{clock::now_ms, lease::Holder, state::AppState, telemetry::JOB_LAST_SUCCESS},
};

/// The periodic jobs, each with its period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Data kept no longer than the privacy page promises (`retention`).
    Retention,
    /// Unpaid transfers past their day expire; released vessels unclaimed for 30 days are held.
    Transfers,
    /// The card provider is told of cancels and refunds left without effect.
    PaymentsFollowUp,
    /// The local identity provider's decisions (test mode).
    IdentityDecisions,
    /// New chain heads logged and a signed tree head published (`REGISTRY_TRANSPARENCY_PERIOD`).
    Transparency,
}

impl Job {
    pub const ALL: [Self; 5] =
        [Self::Retention, Self::Transfers, Self::PaymentsFollowUp, Self::IdentityDecisions, Self::Transparency];

    /// The lease's name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Retention => "retention",
            Self::Transfers => "transfers",
            Self::PaymentsFollowUp => "payments_follow_up",
            Self::IdentityDecisions => "identity_decisions",
            Self::Transparency => "transparency",
        }
    }

    pub fn every(self, config: &crate::platform::config::Config) -> Duration {
        match self {
            Self::Retention => retention::EVERY,
            Self::Transfers | Self::PaymentsFollowUp => Duration::from_mins(1),
            Self::IdentityDecisions => Duration::from_secs(1),
            Self::Transparency => config.transparency_period,
        }
    }

    /// Run the job once, here; its failures are logged (the next run
    /// retries). True when it ran to the end.
    pub async fn run(self, state: &AppState) -> bool {
        match self {
            Self::Retention => retention::run_once(&state.db, &state.storage).await,
            Self::Transfers => match sweep_transfers(state, now_ms()).await {
                Ok(0) => true,
                Ok(n) => {
                    tracing::info!(changed = n, "transfers expired or held for review");
                    true
                }
                Err(e) => {
                    tracing::error!(error = %e, "sweeping transfers failed");
                    false
                }
            },
            Self::PaymentsFollowUp => {
                payments::follow_up::run(state).await;
                true
            }
            Self::Transparency => match transparency::service::publish(state).await {
                Ok(_) => true,
                Err(e) => {
                    tracing::error!(error = %e, "publishing the transparency log's tree head failed");
                    false
                }
            },
            Self::IdentityDecisions => match identity::service::decide_due(state).await {
                Ok(_) => true,
                Err(e) => {
                    tracing::error!(error = %e, "deciding local identity checks failed");
                    false
                }
            },
        }
    }
}

/// The minute's sweep of transfers: expire the unpaid ones past their day,
/// hold released vessels unclaimed for 30 days, then tell the card provider
/// of the fee payments the expiries canceled. Here, above both features, so
/// that transfers need not know the payments' follow-up.
pub async fn sweep_transfers(state: &AppState, now: i64) -> AppResult<u64> {
    let expired = transfers::service::expire_due(state, now).await?;
    let held = transfers::service::hold_unclaimed_due(state, now).await?;
    if expired > 0 {
        payments::follow_up::run(state).await;
    }
    Ok(expired + held)
}

/// The background loops of one process, running.
pub struct Running {
    stop: Stopper,
    tasks: Vec<JoinHandle<()>>,
    holder: Holder,
    state: AppState,
}

/// Start the outbox worker (when given) and `jobs`, each in a loop of its own.
pub fn start(state: &AppState, worker: Option<Worker>, jobs: &[Job]) -> Running {
    let (stop, stopped) = watch::channel(false);
    let stop = Stopper(std::sync::Arc::new(stop));
    let holder = Holder::new();
    let mut tasks: Vec<JoinHandle<()>> = worker.into_iter().map(|w| tokio::spawn(w.run(stopped.clone()))).collect();
    for job in jobs {
        tasks.push(tokio::spawn(periodically(state.clone(), holder.clone(), stopped.clone(), *job)));
    }
    Running { stop, tasks, holder, state: state.clone() }
}

impl Running {
    /// This process's holder id (the leases it takes are under it).
    pub fn holder(&self) -> &str {
        self.holder.id()
    }

    /// What tells the loops to stop, for the shutdown signal's handler.
    pub fn stopper(&self) -> Stopper {
        self.stop.clone()
    }

    /// Stop every loop between runs and wait at most `grace` for runs in
    /// progress; a run still going then is aborted (its transaction rolls
    /// back). Only then are this process's leases let go, so no other process
    /// takes a job this one is still running.
    pub async fn stop(self, grace: Duration) {
        self.stop.stop();
        let mut tasks = self.tasks;
        let waited = tokio::time::timeout(grace, futures_util::future::join_all(tasks.iter_mut())).await;
        if waited.is_err() {
            tracing::warn!("background work still running after the shutdown grace; aborting it");
            for task in &tasks {
                task.abort();
            }
            let _ = futures_util::future::join_all(tasks).await;
        }
        match self.holder.release_all(&self.state.db).await {
            Ok(n) => tracing::info!(released = n, "background jobs' leases let go"),
            Err(e) => tracing::warn!(error = %e, "letting the jobs' leases go failed; they lapse on their own"),
        }
    }
}

/// Tells a process's background loops to stop (each between two runs).
#[derive(Clone)]
pub struct Stopper(std::sync::Arc<watch::Sender<bool>>);

impl Stopper {
    pub fn stop(&self) {
        let _ = self.0.send(true);
    }
}

/// A lease lasts two periods, and never less than this: a holder whose run
/// takes a while, or whose clock is a little behind, keeps it.
const MIN_LEASE: Duration = Duration::from_secs(30);

/// Run `job` every period while this process holds its lease, until stopped.
/// The lease lasts two periods (at least [`MIN_LEASE`]): renewed each run, it
/// lapses soon after its holder stops running it, and another process takes
/// it over.
async fn periodically(state: AppState, holder: Holder, mut stopped: watch::Receiver<bool>, job: Job) {
    let every = job.every(&state.config);
    let ttl = i64::try_from((every * 2).max(MIN_LEASE).as_millis()).unwrap_or(i64::MAX);
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            // A stop that arrives with a tick wins: no run starts after it.
            biased;
            _ = stopped.changed() => break,
            _ = tick.tick() => {}
        }
        match holder.take(&state.db, job.name(), ttl).await {
            Ok(true) => {
                if job.run(&state).await {
                    #[allow(clippy::cast_precision_loss)] // Unix seconds are far below 2^52
                    let now = now_ms() as f64 / 1000.0;
                    metrics::gauge!(JOB_LAST_SUCCESS, "job" => job.name()).set(now);
                }
            }
            Ok(false) => {}
            Err(e) => tracing::warn!(error = %e, job = job.name(), "taking the job's lease failed"),
        }
    }
}
