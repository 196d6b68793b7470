//! The application state every handler shares: configuration, the
//! database, providers behind their traits, and the search count cache (a
//! leaf of `vessels` that imports nothing back). `server.rs` assembles it
//! and composes the routes; no feature's services are reachable from here.

mod store;

use std::sync::Arc;

use tokio::sync::{Notify, Semaphore};

use crate::{
    foundation::error::{AppError, AppResult},
    platform::config::Config,
    platform::count_cache::{CountCache, Kept},
    platform::cpu::CpuPool,
    platform::db::{Backend, Db, ReadLane, replica::Replica},
    platform::identity_provider::IdentityProvider,
    platform::payment_provider::PaymentProvider,
    platform::signing::Signer,
    platform::storage::Store,
};

/// Public searches under way at once, per core. A search alternates between
/// the server and the database, so a few a core keep both busy; more only
/// share the cores among more searches, each taking longer, the costliest
/// longest. Past this they wait their turn: at 32 clients on two cores the
/// uncached text search's p95 fell from 52 ms to 43 at the same rate
/// (docs/PERFORMANCE.md).
pub const SEARCHES_PER_CORE: usize = 4;

/// Cloned for every extractor and middleware that takes the state, so it is
/// one shared pointer: a clone is one reference count, not one per field.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What [`AppState`] shares.
pub struct Shared {
    pub config: Arc<Config>,
    pub db: Db,
    /// Connections for the hottest one-statement reads (`db::lane`).
    pub reads: ReadLane,
    /// The read replica for the public reads (`REGISTRY_DATABASE_READ_URL`), if any.
    pub replica: Option<Arc<Replica>>,
    pub backend: Backend,
    /// Search totals, reused while the listing generation is unchanged.
    pub search_counts: Arc<CountCache<Kept>>,
    /// Turns for public searches, handed out in arrival order (tokio's
    /// semaphore is fair): [`SEARCHES_PER_CORE`] a core at once.
    pub search_turns: Semaphore,
    /// The card provider (`REGISTRY_PAYMENTS`).
    pub payments: Arc<dyn PaymentProvider>,
    /// The identity provider (`REGISTRY_IDENTITY`).
    pub identity: Arc<dyn IdentityProvider>,
    /// Uploaded documents (`REGISTRY_STORAGE_URL`).
    pub storage: Store,
    /// The certificates' Ed25519 key.
    pub signer: Arc<Signer>,
    /// Threads for CPU- and memory-heavy work (password hashing), bounded.
    pub cpu: CpuPool,
    outbox_wake: Arc<Notify>,
    /// One payments follow-up at a time in this process (`payments::follow_up`):
    /// two would ask the provider the same things at once.
    pub payments_follow_up: tokio::sync::Mutex<()>,
}

/// The outside services the state holds, made by `server::assemble`.
pub struct Providers {
    pub payments: Arc<dyn PaymentProvider>,
    pub identity: Arc<dyn IdentityProvider>,
    pub storage: Store,
    pub signer: Arc<Signer>,
}

impl AppState {
    /// Start a transaction. On `SQLite` it takes the write lock at once
    /// (`BEGIN IMMEDIATE`): a deferred transaction that reads and then writes
    /// fails with `SQLITE_BUSY` when another connection wrote in between,
    /// without waiting for the busy timeout.
    pub async fn begin(&self) -> sqlx::Result<crate::platform::db::Tx<'static>> {
        store::begin(&self.db, self.backend).await
    }

    pub fn new(
        config: Config,
        db: Db,
        backend: Backend,
        replica: Option<Arc<Replica>>,
        providers: Providers,
        outbox_wake: Arc<Notify>,
    ) -> Self {
        let search_counts = Arc::new(CountCache::new(config.search_count_cache));
        Self(Arc::new(Shared {
            config: Arc::new(config),
            reads: ReadLane::new(&db, backend),
            replica,
            db,
            backend,
            search_counts,
            search_turns: Semaphore::new(crate::platform::cpu::cores() * SEARCHES_PER_CORE),
            payments: providers.payments,
            identity: providers.identity,
            storage: providers.storage,
            signer: providers.signer,
            cpu: CpuPool::new(),
            outbox_wake,
            payments_follow_up: tokio::sync::Mutex::new(()),
        }))
    }

    /// Where a public read goes now: the replica while it keeps up, unless
    /// this client wrote in the last few seconds (it reads its own writes on
    /// the primary, `request_context::reads_own_writes`); else the primary.
    pub fn public_source(&self) -> Source<'_> {
        match &self.replica {
            Some(r) if r.serving() && !crate::platform::request_context::reads_own_writes() => {
                Source { db: &r.db, reads: &r.reads, on_replica: true }
            }
            _ => self.primary(),
        }
    }

    /// The primary, as a [`Source`].
    pub fn primary(&self) -> Source<'_> {
        Source { db: &self.db, reads: &self.reads, on_replica: false }
    }

    /// A public read (`read`, given where to read), on the replica when
    /// [`Self::public_source`] says so. One that fails there is read again
    /// on the primary, so a replica that stops answering costs no request;
    /// a failure of the connection also leaves the replica out until its
    /// watcher sees it answer.
    pub async fn public_read<'s, T, F, Fut>(&'s self, read: F) -> AppResult<T>
    where
        F: Fn(Source<'s>) -> Fut,
        Fut: Future<Output = AppResult<T>>,
    {
        let source = self.public_source();
        if !source.on_replica {
            count_public_read("primary");
            return read(source).await;
        }
        match read(source).await {
            Err(AppError::Internal(e)) => {
                if let (Some(replica), Some(cause)) = (&self.replica, e.downcast_ref::<sqlx::Error>()) {
                    replica.read_failed(cause);
                }
                tracing::warn!(error = %format!("{e:#}"), "a public read failed on the replica: read on the primary");
                count_public_read("fallback");
                read(self.primary()).await
            }
            answer => {
                count_public_read("replica");
                answer
            }
        }
    }

    /// Tell this process's outbox worker that a message is waiting.
    pub fn wake_outbox(&self) {
        self.outbox_wake.notify_one();
    }
}

/// A database to read from, with its read lane.
#[derive(Clone, Copy)]
pub struct Source<'a> {
    pub db: &'a Db,
    pub reads: &'a ReadLane,
    pub on_replica: bool,
}

fn count_public_read(source: &'static str) {
    metrics::counter!(crate::platform::telemetry::PUBLIC_READS, "source" => source).increment(1);
}
