//! Connections for one-statement reads, kept beside sqlx's pool rather than
//! in it. The pool checks every connection it takes back with a round trip
//! to the database (sqlx 0.8 pings on every release, whatever the options):
//! for a vessel page, one statement, that is a third of the messages the
//! request exchanges and about as much of the CPU on a machine where the
//! server and the database share the cores. A lane connection goes back
//! without a check. One that answers with an error is closed and opened
//! again on its next use; one idle for a while is checked before use, as
//! the pool does ([`super::IDLE_BEFORE_PING`]).
//!
//! Only for statements that leave no transaction open. A statement
//! cancelled halfway (the client went away, a timeout) closes its
//! connection rather than leave it in an unknown state, and every wait on
//! the database is bounded as the pool bounds its own ([`LANE_TIMEOUT`]).

use std::{
    sync::atomic::{AtomicUsize, Ordering},
    time::{Duration, Instant},
};

use sqlx::{
    AnyConnection, ConnectOptions, Connection,
    any::{AnyConnectOptions, AnyRow},
};
use tokio::sync::{Mutex, MutexGuard, OwnedSemaphorePermit, Semaphore};

use super::{Backend, Db, IDLE_BEFORE_PING, prepare};

/// The longest a lane waits to connect, to check or to read, as long as the
/// pool waits for a connection.
const LANE_TIMEOUT: Duration = Duration::from_secs(10);

/// `what` within [`LANE_TIMEOUT`].
async fn bounded<T>(what: impl Future<Output = sqlx::Result<T>>) -> sqlx::Result<T> {
    tokio::time::timeout(LANE_TIMEOUT, what).await.unwrap_or(Err(sqlx::Error::PoolTimedOut))
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

struct Open {
    conn: AnyConnection,
    last_used: Instant,
}

pub struct ReadLane {
    slots: Box<[Mutex<Option<Open>>]>,
    /// One permit per slot, handed out in arrival order (tokio's semaphore
    /// is fair): a request waits its turn for whichever slot frees first,
    /// instead of queueing behind one particular slot while a newcomer takes
    /// another that just came free. Under CPU contention the unfair queue let
    /// a few requests wait for seconds (docs/PERFORMANCE.md).
    turns: std::sync::Arc<Semaphore>,
    next: AtomicUsize,
    options: AnyConnectOptions,
    backend: Backend,
}

impl ReadLane {
    /// A lane to the pool's database. Connections open on first use.
    pub fn new(db: &Db, backend: Backend) -> Self {
        // Fewer than the pool: the lane serves only the hottest reads, and
        // each PostgreSQL connection is a process.
        let size = match backend {
            Backend::Sqlite => 4,
            Backend::Postgres => 8,
        };
        Self {
            slots: (0..size).map(|_| Mutex::new(None)).collect(),
            turns: std::sync::Arc::new(Semaphore::new(size)),
            next: AtomicUsize::new(0),
            options: (*db.connect_options()).clone(),
            backend,
        }
    }

    /// How many connections the lane holds at most.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// A connection of the lane, in arrival order: the first free one once
    /// it is this request's turn, so that under light traffic the same few
    /// stay warm and skip the idle check.
    pub async fn acquire(&self) -> sqlx::Result<LaneConnection<'_>> {
        let asked = std::time::Instant::now();
        let turn =
            bounded(async { self.turns.clone().acquire_owned().await.map_err(|_| sqlx::Error::PoolClosed) }).await?;
        // With a permit, a slot is free (every holder of a slot holds a
        // permit, and gives the slot back before the permit).
        let free = self.slots.iter().find_map(|slot| slot.try_lock().ok());
        let mut slot = if let Some(slot) = free {
            slot
        } else {
            let next = self.next.fetch_add(1, Ordering::Relaxed) % self.slots.len();
            bounded(async { Ok(self.slots[next].lock().await) }).await?
        };
        if let Some(open) = slot.as_mut().filter(|o| o.last_used.elapsed() > IDLE_BEFORE_PING)
            && bounded(open.conn.ping()).await.is_err()
        {
            *slot = None;
        }
        if slot.is_none() {
            let conn = bounded(async {
                let mut conn = self.options.connect().await?;
                prepare(&mut conn, self.backend).await?;
                Ok(conn)
            })
            .await?;
            *slot = Some(Open { conn, last_used: Instant::now() });
        }
        metrics::histogram!(crate::platform::telemetry::DB_WAIT, "pool" => "lane")
            .record(asked.elapsed().as_secs_f64());
        Ok(LaneConnection { slot, busy: false, _turn: turn })
    }
}

/// A lane connection while in use.
pub struct LaneConnection<'a> {
    slot: MutexGuard<'a, Option<Open>>,
    /// A statement is under way; still set when the caller was cancelled.
    busy: bool,
    /// Declared after `slot`, so dropped after it: the slot is free before
    /// the next request's turn comes.
    _turn: OwnedSemaphorePermit,
}

impl LaneConnection<'_> {
    /// One statement's row, if any. An error closes the connection.
    pub async fn fetch_optional(&mut self, query: AnyQuery<'_>) -> sqlx::Result<Option<AnyRow>> {
        let Some(open) = self.slot.as_mut() else {
            return Err(sqlx::Error::PoolClosed);
        };
        self.busy = true;
        let result = bounded(query.fetch_optional(&mut open.conn)).await;
        self.busy = false;
        open.last_used = Instant::now();
        if result.is_err() {
            *self.slot = None;
        }
        result
    }
}

impl Drop for LaneConnection<'_> {
    fn drop(&mut self) {
        if self.busy {
            // Cancelled mid-statement: the connection may hold unread results
            // or be stalled on a broken socket; the next use opens a new one.
            *self.slot = None;
        }
    }
}
