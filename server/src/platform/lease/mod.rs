//! Leases on background jobs: several server processes share one database,
//! and each periodic job runs in one of them at a time. The process that holds
//! a job's lease runs it and renews the lease each time; the others skip it
//! until the lease lapses (its holder stopped, or died), and then one of them
//! takes it over. Taking and renewing are one statement, so two processes
//! never both hold a lease.

mod store;

use crate::platform::{clock::now_ms, db::Db, ids::new_id};

/// This process, as the holder of leases.
#[derive(Clone, Debug)]
pub struct Holder(String);

impl Holder {
    pub fn new() -> Self {
        Self(new_id())
    }

    pub fn id(&self) -> &str {
        &self.0
    }

    /// Take the lease on `job` for `ttl_ms` from now, or renew it if this
    /// process holds it already; false while another process holds it.
    #[tracing::instrument(skip(self, db), fields(holder = %self.0))]
    pub async fn take(&self, db: &Db, job: &str, ttl_ms: i64) -> sqlx::Result<bool> {
        let now = now_ms();
        store::take(db, job, &self.0, now, now + ttl_ms).await
    }

    /// Let every lease of this process go, so another takes the jobs over at
    /// once (a graceful shutdown) instead of when the leases lapse.
    pub async fn release_all(&self, db: &Db) -> sqlx::Result<u64> {
        store::release_all(db, &self.0).await
    }
}

impl Default for Holder {
    fn default() -> Self {
        Self::new()
    }
}
