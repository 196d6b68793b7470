//! Every SQL statement of the outbox: queueing a message, the worker's
//! claims and outcomes, and the dev mailbox's read.

use super::{Channel, MailboxMessage, Message};
use crate::{
    platform::clock::rfc3339,
    platform::db::{Db, Tx},
};

pub(super) async fn insert_message(tx: &mut Tx<'_>, id: &str, message: &Message, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO outbox (id, channel, recipient, subject, body, created_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(id)
    .bind(message.channel.as_str())
    .bind(&message.to)
    .bind(&message.subject)
    .bind(&message.body)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A message as the dev mailbox reads it.
#[derive(sqlx::FromRow)]
struct MailboxRow {
    id: String,
    channel: String,
    recipient: String,
    subject: String,
    body: String,
    created_at: i64,
}

impl TryFrom<MailboxRow> for MailboxMessage {
    type Error = sqlx::Error;

    fn try_from(r: MailboxRow) -> sqlx::Result<Self> {
        Ok(Self {
            id: r.id,
            channel: crate::platform::db::stored::<Channel>(&r.channel)?,
            to: r.recipient,
            subject: r.subject,
            body: r.body,
            created_at: rfc3339(r.created_at),
        })
    }
}

/// The most recent messages, newest first.
pub(super) async fn recent(db: &Db, limit: i64) -> sqlx::Result<Vec<MailboxMessage>> {
    sqlx::query_as::<_, MailboxRow>(
        "SELECT id, channel, recipient, subject, body, created_at FROM outbox
         ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await?
    .into_iter()
    .map(MailboxMessage::try_from)
    .collect()
}

/// How many messages are pending (neither delivered nor given up), and when
/// the oldest of them was queued.
pub(super) async fn pending(db: &Db) -> sqlx::Result<(i64, Option<i64>)> {
    sqlx::query_as("SELECT COUNT(*), MIN(created_at) FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL")
        .fetch_one(db)
        .await
}

/// Messages due for delivery that no live lease holds, oldest due first.
pub(super) async fn due(db: &Db, now: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT id FROM outbox
         WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1
           AND (lease_until IS NULL OR lease_until < $1)
         ORDER BY next_attempt_at LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// A message the worker claimed, with the attempt this is.
#[derive(sqlx::FromRow)]
pub(super) struct Claimed {
    pub(super) channel: String,
    pub(super) recipient: String,
    pub(super) subject: String,
    pub(super) body: String,
    pub(super) attempts: i64,
}

/// Take the lease on message `id` and count the attempt: only the process
/// whose UPDATE changed the row delivers it.
pub(super) async fn claim(db: &Db, id: &str, owner: &str, lease_until: i64, now: i64) -> sqlx::Result<Option<Claimed>> {
    sqlx::query_as::<_, Claimed>(
        "UPDATE outbox SET lease_owner = $1, lease_until = $2, attempts = attempts + 1
         WHERE id = $3 AND delivered_at IS NULL AND failed_at IS NULL
           AND (lease_until IS NULL OR lease_until < $4)
         RETURNING channel, recipient, subject, body, attempts",
    )
    .bind(owner)
    .bind(lease_until)
    .bind(id)
    .bind(now)
    .fetch_optional(db)
    .await
}

/// Let go of the leases `owner` holds on messages not yet delivered.
pub(super) async fn release_leases(db: &Db, owner: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE outbox SET lease_owner = NULL, lease_until = NULL
         WHERE lease_owner = $1 AND delivered_at IS NULL AND failed_at IS NULL",
    )
    .bind(owner)
    .execute(db)
    .await?
    .rows_affected())
}

/// Record the delivery, if `owner` still holds the lease.
pub(super) async fn mark_delivered(db: &Db, id: &str, owner: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outbox SET delivered_at = $1, lease_owner = NULL, lease_until = NULL, last_error = NULL
         WHERE id = $2 AND lease_owner = $3",
    )
    .bind(now)
    .bind(id)
    .bind(owner)
    .execute(db)
    .await?;
    Ok(())
}

/// Record a failed attempt, if `owner` still holds the lease: the next
/// attempt's time, and `failed_at` when the worker gives up.
pub(super) async fn mark_attempt_failed(
    db: &Db,
    id: &str,
    owner: &str,
    next_attempt_at: i64,
    failed_at: Option<i64>,
    error: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE outbox SET next_attempt_at = $1, failed_at = $2, last_error = $3,
             lease_owner = NULL, lease_until = NULL
         WHERE id = $4 AND lease_owner = $5",
    )
    .bind(next_attempt_at)
    .bind(failed_at)
    .bind(error)
    .bind(id)
    .bind(owner)
    .execute(db)
    .await?;
    Ok(())
}
