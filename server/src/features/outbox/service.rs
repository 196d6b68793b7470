//! Queueing a message with the change that causes it, and reading the newest.

use super::{MailboxMessage, Message, store};
use crate::{
    platform::clock::now_ms,
    platform::db::{Db, Tx},
    platform::ids::new_id,
};

/// Queue a message inside the caller's transaction: it exists if and only if
/// the change that caused it was committed.
pub async fn enqueue(tx: &mut Tx<'_>, message: &Message) -> sqlx::Result<()> {
    store::insert_message(tx, &new_id(), message, now_ms()).await
}

/// The most recent messages, newest first.
pub async fn recent(db: &Db, limit: i64) -> sqlx::Result<Vec<MailboxMessage>> {
    store::recent(db, limit).await
}

/// How many messages wait (neither delivered nor given up), and the age of
/// the oldest in milliseconds (0 when none): what an operator alerts on.
pub async fn backlog(db: &Db) -> sqlx::Result<(i64, i64)> {
    let (pending, oldest) = store::pending(db).await?;
    Ok((pending, oldest.map_or(0, |at| (now_ms() - at).max(0))))
}
