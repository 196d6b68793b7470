//! Data kept no longer than the privacy page promises: a periodic sweep.
//!
//! | What | Kept |
//! |---|---|
//! | sessions | until they expire (12 h idle, or 30 days with "Remember me") |
//! | email tokens, SMS codes | until used or expired (24 h verification, 1 h reset, 10 min codes) |
//! | throttle counters | until their window has passed (at most one hour) |
//! | sent or failed emails and SMS | body (links, codes) erased after 7 days, the rest deleted after 90 |
//! | payment records | 7 years (bookkeeping), then deleted with their events and refunds |
//! | identity photos | until the check is decided (seconds) |
//! | stored objects no row refers to (a process killed between storing a file and committing its row) | an hour |
//! | the audit log | kept: append-only, ids and reasons, no secrets |

use crate::{
    platform::clock::{DAY, HOUR, now_ms},
    platform::db::Db,
};

pub const OUTBOX_BODY_DAYS: i64 = 7;
pub const OUTBOX_DAYS: i64 = 90;
pub const PAYMENT_YEARS: i64 = 7;
/// The longest throttle window in use (reset and verification emails).
pub const THROTTLE_KEEP_MS: i64 = HOUR;
/// How often the sweep runs.
pub const EVERY: std::time::Duration = std::time::Duration::from_hours(1);

/// Rows removed or erased by one sweep.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    pub sessions: u64,
    pub tokens: u64,
    pub throttle: u64,
    pub outbox_bodies: u64,
    pub outbox: u64,
    pub payments: u64,
}

#[tracing::instrument(skip(db))]
pub async fn sweep(db: &Db, now: i64) -> sqlx::Result<Swept> {
    let run = |sql: &'static str, before: i64| async move {
        Ok::<_, sqlx::Error>(sqlx::query(sql).bind(before).execute(db).await?.rows_affected())
    };
    let outbox_body_before = now - OUTBOX_BODY_DAYS * DAY;
    let payments_before = now - PAYMENT_YEARS * 365 * DAY;
    let swept = Swept {
        sessions: run("DELETE FROM sessions WHERE expires_at <= $1", now).await?,
        tokens: run("DELETE FROM tokens WHERE used_at IS NOT NULL OR expires_at <= $1", now).await?
            + run("DELETE FROM one_time_codes WHERE used_at IS NOT NULL OR expires_at <= $1", now).await?,
        throttle: run("DELETE FROM throttle WHERE window_start <= $1", now - THROTTLE_KEEP_MS).await?
            + run("DELETE FROM otp_sends WHERE sent_at <= $1", now - 2 * DAY).await?,
        outbox_bodies: run(
            "UPDATE outbox SET body = '' WHERE body <> ''
               AND COALESCE(delivered_at, failed_at) IS NOT NULL AND COALESCE(delivered_at, failed_at) <= $1",
            outbox_body_before,
        )
        .await?,
        outbox: run(
            "DELETE FROM outbox WHERE created_at <= $1 AND (delivered_at IS NOT NULL OR failed_at IS NOT NULL)",
            now - OUTBOX_DAYS * DAY,
        )
        .await?,
        payments: {
            run(
                "DELETE FROM payment_events WHERE payment_id IN (SELECT id FROM payments WHERE created_at <= $1)",
                payments_before,
            )
            .await?;
            run(
                "DELETE FROM payment_refunds WHERE payment_id IN (SELECT id FROM payments WHERE created_at <= $1)",
                payments_before,
            )
            .await?;
            run(
                "DELETE FROM local_refunds WHERE intent_id IN
                     (SELECT id FROM local_payment_intents WHERE created_at <= $1)",
                payments_before,
            )
            .await?;
            run("DELETE FROM local_payment_intents WHERE created_at <= $1", payments_before).await?;
            run("DELETE FROM payments WHERE created_at <= $1", payments_before).await?
        },
    };
    Ok(swept)
}

/// How long an object may exist without a row that refers to it: an upload
/// stores its files before it commits their rows.
pub const ORPHAN_AFTER_MS: i64 = HOUR;

/// The prefixes of stored objects and the column that refers to each.
const OBJECTS: [(&str, &str); 2] = [
    ("documents", "SELECT object_key FROM documents WHERE object_key IN"),
    ("identity", "SELECT document_key FROM identity_sessions WHERE document_key IN"),
];

/// Delete stored objects older than [`ORPHAN_AFTER_MS`] that no row refers
/// to: what a process killed between storing a file and committing its row
/// left behind. Answers how many were deleted.
#[tracing::instrument(skip(db, store))]
pub async fn sweep_objects(db: &Db, store: &crate::platform::storage::Store, now: i64) -> anyhow::Result<u64> {
    use futures_util::TryStreamExt;
    let before = now - ORPHAN_AFTER_MS;
    let mut deleted = 0;
    for (prefix, referenced) in OBJECTS {
        let prefix = object_store::path::Path::from(prefix);
        let old: Vec<String> = store
            .list(Some(&prefix))
            .try_filter(|meta| std::future::ready(meta.last_modified.timestamp_millis() <= before))
            .map_ok(|meta| meta.location.to_string())
            .try_collect()
            .await?;
        for chunk in old.chunks(200) {
            let placeholders: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!("{referenced} ({})", placeholders.join(", "));
            let mut query = sqlx::query_scalar::<_, String>(&sql);
            for key in chunk {
                query = query.bind(key);
            }
            let kept: std::collections::HashSet<String> = query.fetch_all(db).await?.into_iter().collect();
            for key in chunk.iter().filter(|key| !kept.contains(*key)) {
                crate::platform::storage::delete(store, &object_store::path::Path::from(key.as_str())).await?;
                deleted += 1;
            }
        }
    }
    Ok(deleted)
}

/// Sweep now and then every [`EVERY`], for as long as the server runs.
pub async fn run(db: Db, store: crate::platform::storage::Store) {
    let mut tick = tokio::time::interval(EVERY);
    loop {
        tick.tick().await;
        match sweep(&db, now_ms()).await {
            Ok(swept) if swept != Swept::default() => tracing::info!(?swept, "retention sweep"),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "retention sweep failed"),
        }
        match sweep_objects(&db, &store, now_ms()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(deleted = n, "stored objects no row refers to deleted"),
            Err(e) => tracing::error!(error = %format!("{e:#}"), "sweeping stored objects failed"),
        }
    }
}
