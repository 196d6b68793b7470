//! The one statement that differs by database when the state starts a
//! transaction.

use crate::platform::db::{Backend, Db, Tx};

/// On `SQLite` the transaction takes the write lock at once
/// (`BEGIN IMMEDIATE`): a deferred transaction that reads and then writes
/// fails with `SQLITE_BUSY` when another connection wrote in between,
/// without waiting for the busy timeout.
pub(super) async fn begin(db: &Db, backend: Backend) -> sqlx::Result<Tx<'static>> {
    match backend {
        Backend::Sqlite => crate::platform::db::begin(db, "BEGIN IMMEDIATE").await,
        Backend::Postgres => crate::platform::db::begin(db, "BEGIN").await,
    }
}
