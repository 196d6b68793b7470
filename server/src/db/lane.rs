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
//! Only for statements that leave no transaction open: a statement that is
//! cancelled halfway (the client went away) leaves its results unread, which
//! the connection's next statement drains first.

use std::{
    sync::atomic::{AtomicUsize, Ordering},
    time::Instant,
};

use sqlx::{
    AnyConnection, ConnectOptions, Connection,
    any::{AnyConnectOptions, AnyRow},
};
use tokio::sync::{Mutex, MutexGuard};

use super::{Backend, Db, IDLE_BEFORE_PING, prepare};

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

struct Open {
    conn: AnyConnection,
    last_used: Instant,
}

pub struct ReadLane {
    slots: Box<[Mutex<Option<Open>>]>,
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
            next: AtomicUsize::new(0),
            options: (*db.connect_options()).clone(),
            backend,
        }
    }

    /// A connection of the lane: a free one if there is, else the next in turn.
    pub async fn acquire(&self) -> sqlx::Result<LaneConnection<'_>> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let n = self.slots.len();
        let free = (0..n).find_map(|i| self.slots[(start + i) % n].try_lock().ok());
        let mut slot = match free {
            Some(slot) => slot,
            None => self.slots[start % n].lock().await,
        };
        if let Some(open) = slot.as_mut().filter(|o| o.last_used.elapsed() > IDLE_BEFORE_PING)
            && open.conn.ping().await.is_err()
        {
            *slot = None;
        }
        if slot.is_none() {
            let mut conn = self.options.connect().await?;
            prepare(&mut conn, self.backend).await?;
            *slot = Some(Open { conn, last_used: Instant::now() });
        }
        Ok(LaneConnection { slot })
    }
}

/// A lane connection while in use.
pub struct LaneConnection<'a> {
    slot: MutexGuard<'a, Option<Open>>,
}

impl LaneConnection<'_> {
    /// One statement's row, if any. An error closes the connection.
    pub async fn fetch_optional(&mut self, query: AnyQuery<'_>) -> sqlx::Result<Option<AnyRow>> {
        let Some(open) = self.slot.as_mut() else {
            return Err(sqlx::Error::PoolClosed);
        };
        let result = query.fetch_optional(&mut open.conn).await;
        open.last_used = Instant::now();
        if result.is_err() {
            *self.slot = None;
        }
        result
    }
}
