//! A streaming replica of the PostgreSQL primary for the public reads
//! (`REGISTRY_DATABASE_READ_URL`): search, vessel pages, certificate checks,
//! the sitemap. It is used only while it keeps up: a watcher in every
//! instance compares, once a second, the primary's write position with the
//! replica's replay position, and leaves the replica out while it lags by
//! more than `REGISTRY_REPLICA_MAX_LAG_SECS` or does not answer. A read that
//! fails on the replica is read again on the primary (`AppState::public_read`),
//! so stopping the replica costs no request.
//!
//! The lag is measured, not asked: `pg_last_xact_replay_timestamp()` stands
//! still while the primary is idle, and a replica cut off from its primary
//! would report itself up to date. The watcher remembers when the primary
//! reached each write position it saw, and the lag is the age of the oldest
//! one the replica has not replayed yet.

use std::{
    collections::VecDeque,
    sync::Mutex,
    time::{Duration, Instant},
};

use super::{Backend, Db, ReadLane};

/// How often the watcher compares positions.
pub const WATCH_EVERY: Duration = Duration::from_secs(1);
/// How long the watcher waits for either database's answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// What the watcher last found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Health {
    /// Not checked yet: reads go to the primary until the first check.
    Unchecked,
    Serving,
    /// Left out: behind by more than the allowed lag.
    Behind {
        lag: Duration,
    },
    /// Left out: it did not answer, or a read on it failed.
    Unreachable,
}

pub struct Replica {
    pub db: Db,
    /// The read lane's connections to the replica.
    pub reads: ReadLane,
    max_lag: Duration,
    health: Mutex<Health>,
}

impl Replica {
    /// A pool to the replica. Lazy: a replica down when the server starts
    /// is left out, not a reason to refuse to start.
    pub fn connect(url: &str, max_lag: Duration) -> anyhow::Result<Self> {
        let db = super::connect_lazy(url, ANSWER_WITHIN)?;
        Ok(Self { reads: ReadLane::new(&db, Backend::Postgres), db, max_lag, health: Mutex::new(Health::Unchecked) })
    }

    /// How long a client that wrote reads from the primary. A serving
    /// replica lagged at most `max_lag` when last measured, at most
    /// [`WATCH_EVERY`] ago, with positions sampled every [`WATCH_EVERY`]: a
    /// write older than the window is on it. One more second for the check's
    /// own time.
    pub fn own_writes_window(&self) -> Duration {
        self.max_lag + 3 * WATCH_EVERY
    }

    pub fn health(&self) -> Health {
        *self.health.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub fn serving(&self) -> bool {
        self.health() == Health::Serving
    }

    fn set(&self, health: Health) {
        let before =
            std::mem::replace(&mut *self.health.lock().unwrap_or_else(std::sync::PoisonError::into_inner), health);
        if before != health {
            match health {
                Health::Serving => tracing::info!("the read replica serves the public reads"),
                Health::Behind { lag } => {
                    tracing::warn!(lag_secs = lag.as_secs_f64(), "the read replica is behind: left out");
                }
                Health::Unreachable => tracing::warn!("the read replica does not answer: left out"),
                Health::Unchecked => {}
            }
        }
        metrics::gauge!(crate::platform::telemetry::REPLICA_SERVING)
            .set(f64::from(u8::from(health == Health::Serving)));
    }

    /// A read on the replica failed in a way that says it is gone (the
    /// connection, not the statement): left out until the watcher sees it
    /// answer again.
    pub fn read_failed(&self, error: &sqlx::Error) {
        if is_connection_failure(error) {
            self.set(Health::Unreachable);
        }
    }

    /// Compare positions every [`WATCH_EVERY`], for as long as the process runs.
    pub async fn watch(&self, primary: Db) {
        let mut seen = Positions::default();
        let mut ticks = tokio::time::interval(WATCH_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let Ok(Ok(written)) = tokio::time::timeout(ANSWER_WITHIN, primary_position(&primary)).await else {
                // Without the primary's position there is nothing to compare
                // with; the primary's own trouble is `/readyz`'s to report.
                continue;
            };
            seen.wrote(written, Instant::now());
            let health = match tokio::time::timeout(ANSWER_WITHIN, replayed_position(&self.db)).await {
                Ok(Ok(replayed)) => {
                    let lag = seen.lag(replayed, Instant::now());
                    metrics::gauge!(crate::platform::telemetry::REPLICA_LAG).set(lag.as_secs_f64());
                    if lag > self.max_lag { Health::Behind { lag } } else { Health::Serving }
                }
                Ok(Err(e)) => {
                    tracing::debug!(error = %e, "the read replica's position could not be read");
                    Health::Unreachable
                }
                Err(_) => Health::Unreachable,
            };
            self.set(health);
        }
    }
}

/// The primary's current write position, in bytes of WAL.
async fn primary_position(primary: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint").fetch_one(primary).await
}

/// How far the replica has replayed; `None` when it is not a replica.
async fn replayed_position(replica: &Db) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT pg_wal_lsn_diff(pg_last_wal_replay_lsn(), '0/0')::bigint").fetch_one(replica).await
}

/// The primary's write positions the replica may not have replayed yet,
/// with when the watcher saw each.
#[derive(Default)]
struct Positions(VecDeque<(i64, Instant)>);

impl Positions {
    fn wrote(&mut self, position: i64, at: Instant) {
        if self.0.back().is_none_or(|(p, _)| *p < position) {
            self.0.push_back((position, at));
        }
    }

    /// How long ago the primary reached the oldest position the replica has
    /// not replayed; `None` (a server that is not a replica) counts as caught up.
    fn lag(&mut self, replayed: Option<i64>, now: Instant) -> Duration {
        let Some(replayed) = replayed else {
            self.0.clear();
            return Duration::ZERO;
        };
        while self.0.front().is_some_and(|(p, _)| *p <= replayed) {
            self.0.pop_front();
        }
        self.0.front().map_or(Duration::ZERO, |(_, at)| now.saturating_duration_since(*at))
    }
}

/// The database or the way to it failed, not the statement: the pool could
/// not connect, the connection broke, or the server is shutting down
/// (`57P..`) or cannot connect (`08...`).
fn is_connection_failure(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Io(_)
        | sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::WorkerCrashed
        | sqlx::Error::Protocol(_)
        | sqlx::Error::Tls(_) => true,
        sqlx::Error::Database(e) => e.code().is_some_and(|c| c.starts_with("57P") || c.starts_with("08")),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lag_is_the_age_of_the_oldest_position_not_replayed() {
        let t0 = Instant::now();
        let mut seen = Positions::default();
        seen.wrote(100, t0);
        seen.wrote(100, t0 + Duration::from_secs(1));
        seen.wrote(200, t0 + Duration::from_secs(2));
        assert_eq!(seen.lag(Some(50), t0 + Duration::from_secs(3)), Duration::from_secs(3));
        assert_eq!(seen.lag(Some(100), t0 + Duration::from_secs(3)), Duration::from_secs(1));
        assert_eq!(seen.lag(Some(200), t0 + Duration::from_secs(3)), Duration::ZERO);
        // An idle primary: its position stays, and a replica that has it is not behind.
        seen.wrote(200, t0 + Duration::from_secs(9));
        assert_eq!(seen.lag(Some(200), t0 + Duration::from_secs(10)), Duration::ZERO);
        seen.wrote(300, t0 + Duration::from_secs(10));
        assert_eq!(seen.lag(None, t0 + Duration::from_secs(20)), Duration::ZERO);
    }

    #[test]
    fn only_failures_of_the_connection_leave_the_replica_out() {
        assert!(is_connection_failure(&sqlx::Error::PoolTimedOut));
        assert!(is_connection_failure(&sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionReset))));
        assert!(!is_connection_failure(&sqlx::Error::RowNotFound));
        assert!(!is_connection_failure(&sqlx::Error::ColumnIndexOutOfBounds { index: 3, len: 2 }));
    }
}
