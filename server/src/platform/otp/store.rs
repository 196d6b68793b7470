//! Every SQL statement of one-time codes: the sender's lock, the daily
//! budgets, the spacing between sends, the codes themselves and their
//! attempts. Each limit is counted in the statement that checks it.

use super::Sender;
use crate::platform::db::{Db, Tx};

/// Lock the sender's row (a no-op update); answers 1 when the account exists.
pub(super) async fn lock_sender(tx: &mut Tx<'_>, account: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE users SET archived_at = archived_at WHERE id = $1")
        .bind(account)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// Record a send to `to` if the sender's daily budgets (codes, and distinct
/// numbers unless `to` is one of the day's) allow it; answers 1 when recorded.
pub(super) async fn record_send_within_budgets(
    tx: &mut Tx<'_>,
    id: &str,
    sender: &Sender<'_>,
    to: &str,
    now: i64,
    since: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "INSERT INTO otp_sends (id, account_id, phone, sent_at)
         SELECT $1, $2, $3, $4
         WHERE (SELECT COUNT(*) FROM otp_sends WHERE account_id = $2 AND sent_at > $5) < $6
           AND (EXISTS (SELECT 1 FROM otp_sends WHERE account_id = $2 AND phone = $3 AND sent_at > $5)
                OR (SELECT COUNT(DISTINCT phone) FROM otp_sends WHERE account_id = $2 AND sent_at > $5) < $7)",
    )
    .bind(id)
    .bind(sender.account)
    .bind(to)
    .bind(now)
    .bind(since)
    .bind(sender.budgets.per_account_per_day)
    .bind(sender.budgets.numbers_per_account_per_day)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// When the account's oldest send after `since` was made.
pub(super) async fn oldest_send_since(tx: &mut Tx<'_>, account: &str, since: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT MIN(sent_at) FROM otp_sends WHERE account_id = $1 AND sent_at > $2")
        .bind(account)
        .bind(since)
        .fetch_one(&mut **tx)
        .await
}

/// Use up the unused codes of `purpose` for `subject`.
pub(super) async fn revoke_codes(tx: &mut Tx<'_>, purpose: &str, subject: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE purpose = $2 AND subject = $3 AND used_at IS NULL")
        .bind(now)
        .bind(purpose)
        .bind(subject)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub(super) async fn insert_code(
    tx: &mut Tx<'_>,
    id: &str,
    purpose: &str,
    subject: &str,
    code_hash: &str,
    now: i64,
    expires_at: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO one_time_codes (id, purpose, subject, code_hash, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(purpose)
    .bind(subject)
    .bind(code_hash)
    .bind(now)
    .bind(expires_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Take the send slot of `bucket` by a conditional upsert that only
/// succeeds once the last send is `spacing_ms` old; answers whether it did.
pub(super) async fn take_spaced_slot(tx: &mut Tx<'_>, bucket: &str, now: i64, spacing_ms: i64) -> sqlx::Result<bool> {
    let taken = sqlx::query(
        "INSERT INTO throttle (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET window_start = $2, hits = throttle.hits + 1
         WHERE throttle.window_start + $3 <= $2
         RETURNING window_start",
    )
    .bind(bucket)
    .bind(now)
    .bind(spacing_ms)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(taken.is_some())
}

/// When `bucket`'s last send was made.
pub(super) async fn last_send(tx: &mut Tx<'_>, bucket: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT window_start FROM throttle WHERE bucket = $1")
        .bind(bucket)
        .fetch_optional(&mut **tx)
        .await
}

/// The live code an attempt was counted against.
#[derive(sqlx::FromRow)]
pub(super) struct Attempted {
    pub(super) id: String,
    pub(super) code_hash: String,
    /// Attempts so far, this one included.
    pub(super) attempts: i64,
}

/// Count an attempt against the live code of `purpose` for `subject`, if it
/// has fewer than `max_attempts`.
pub(super) async fn count_attempt(
    db: &Db,
    purpose: &str,
    subject: &str,
    now: i64,
    max_attempts: i64,
) -> sqlx::Result<Option<Attempted>> {
    sqlx::query_as::<_, Attempted>(
        "UPDATE one_time_codes SET attempts = attempts + 1
         WHERE purpose = $1 AND subject = $2 AND used_at IS NULL AND expires_at > $3 AND attempts < $4
         RETURNING id, code_hash, attempts",
    )
    .bind(purpose)
    .bind(subject)
    .bind(now)
    .bind(max_attempts)
    .fetch_optional(db)
    .await
}

/// Use the code up; answers 1 unless a racing request used it first.
pub(super) async fn use_code(tx: &mut Tx<'_>, id: &str, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
        .bind(now)
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}
