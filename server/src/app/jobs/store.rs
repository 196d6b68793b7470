//! Every SQL statement of the background jobs: what the retention sweep
//! deletes or erases, and which stored objects rows still refer to.

use std::collections::HashSet;

use crate::platform::db::Db;

/// Run a sweeping statement whose one parameter is the cut-off; answers how
/// many rows it removed or erased.
async fn run(db: &Db, sql: &'static str, before: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(sql).bind(before).execute(db).await?.rows_affected())
}

pub(super) async fn delete_expired_sessions(db: &Db, now: i64) -> sqlx::Result<u64> {
    run(db, "DELETE FROM sessions WHERE expires_at <= $1", now).await
}

/// Passkey ceremonies never finished.
pub(super) async fn delete_expired_ceremonies(db: &Db, now: i64) -> sqlx::Result<u64> {
    run(db, "DELETE FROM webauthn_challenges WHERE expires_at <= $1", now).await
}

pub(super) async fn delete_spent_tokens(db: &Db, now: i64) -> sqlx::Result<u64> {
    run(db, "DELETE FROM tokens WHERE used_at IS NOT NULL OR expires_at <= $1", now).await
}

pub(super) async fn delete_spent_codes(db: &Db, now: i64) -> sqlx::Result<u64> {
    run(db, "DELETE FROM one_time_codes WHERE used_at IS NOT NULL OR expires_at <= $1", now).await
}

/// Throttle counters whose window started at or before `before`.
pub(super) async fn delete_throttle_windows(db: &Db, before: i64) -> sqlx::Result<u64> {
    run(db, "DELETE FROM throttle WHERE window_start <= $1", before).await
}

pub(super) async fn delete_code_sends(db: &Db, before: i64) -> sqlx::Result<u64> {
    run(db, "DELETE FROM otp_sends WHERE sent_at <= $1", before).await
}

/// Erase the bodies (links, codes) of messages delivered or given up on at
/// or before `before`.
pub(super) async fn erase_outbox_bodies(db: &Db, before: i64) -> sqlx::Result<u64> {
    run(
        db,
        "UPDATE outbox SET body = '' WHERE body <> ''
               AND COALESCE(delivered_at, failed_at) IS NOT NULL AND COALESCE(delivered_at, failed_at) <= $1",
        before,
    )
    .await
}

/// Messages created at or before `before` that were delivered or given up on.
pub(super) async fn delete_outbox(db: &Db, before: i64) -> sqlx::Result<u64> {
    run(db, "DELETE FROM outbox WHERE created_at <= $1 AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)", before)
        .await
}

/// Payments created at or before `before`, after their events and refunds
/// and the offline processor's intents and refunds of the same age; answers
/// how many payments were deleted.
pub(super) async fn delete_payments(db: &Db, before: i64) -> sqlx::Result<u64> {
    run(db, "DELETE FROM payment_events WHERE payment_id IN (SELECT id FROM payments WHERE created_at <= $1)", before)
        .await?;
    run(db, "DELETE FROM payment_refunds WHERE payment_id IN (SELECT id FROM payments WHERE created_at <= $1)", before)
        .await?;
    run(
        db,
        "DELETE FROM local_refunds WHERE intent_id IN
                     (SELECT id FROM local_payment_intents WHERE created_at <= $1)",
        before,
    )
    .await?;
    run(db, "DELETE FROM local_payment_intents WHERE created_at <= $1", before).await?;
    run(db, "DELETE FROM payments WHERE created_at <= $1", before).await
}

/// Stored objects under a prefix, and the rows that refer to them.
pub(super) struct Referrers {
    pub(super) prefix: &'static str,
    /// Selects the referred keys among those bound after `IN`.
    select: &'static str,
}

/// The prefixes of stored objects and the column that refers to each.
pub(super) const OBJECTS: [Referrers; 2] = [
    Referrers { prefix: "documents", select: "SELECT object_key FROM documents WHERE object_key IN" },
    Referrers { prefix: "identity", select: "SELECT document_key FROM identity_sessions WHERE document_key IN" },
];

/// Which of `keys` a row of `referrers` refers to.
pub(super) async fn referenced(db: &Db, referrers: &Referrers, keys: &[String]) -> sqlx::Result<HashSet<String>> {
    let placeholders: Vec<String> = (1..=keys.len()).map(|i| format!("${i}")).collect();
    let sql = format!("{} ({})", referrers.select, placeholders.join(", "));
    let mut query = sqlx::query_scalar::<_, String>(&sql);
    for key in keys {
        query = query.bind(key);
    }
    Ok(query.fetch_all(db).await?.into_iter().collect())
}
