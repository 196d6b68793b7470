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

use super::store;
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
    let outbox_body_before = now - OUTBOX_BODY_DAYS * DAY;
    let payments_before = now - PAYMENT_YEARS * 365 * DAY;
    let swept = Swept {
        sessions: store::delete_expired_sessions(db, now).await? + store::delete_expired_ceremonies(db, now).await?,
        tokens: store::delete_spent_tokens(db, now).await? + store::delete_spent_codes(db, now).await?,
        throttle: store::delete_throttle_windows(db, now - THROTTLE_KEEP_MS).await?
            + store::delete_code_sends(db, now - 2 * DAY).await?,
        outbox_bodies: store::erase_outbox_bodies(db, outbox_body_before).await?,
        outbox: store::delete_outbox(db, now - OUTBOX_DAYS * DAY).await?,
        payments: store::delete_payments(db, payments_before).await?,
    };
    Ok(swept)
}

/// How long an object may exist without a row that refers to it: an upload
/// stores its files before it commits their rows.
pub const ORPHAN_AFTER_MS: i64 = HOUR;

/// Delete stored objects older than [`ORPHAN_AFTER_MS`] that no row refers
/// to: what a process killed between storing a file and committing its row
/// left behind. Answers how many were deleted.
#[tracing::instrument(skip(db, store))]
pub async fn sweep_objects(db: &Db, store: &crate::platform::storage::Store, now: i64) -> anyhow::Result<u64> {
    use futures_util::TryStreamExt;
    let before = now - ORPHAN_AFTER_MS;
    let mut deleted = 0;
    // `store` is the object store here; the SQL is `super::store`'s.
    for referrers in &super::store::OBJECTS {
        let prefix = object_store::path::Path::from(referrers.prefix);
        let old: Vec<String> = store
            .list(Some(&prefix))
            .try_filter(|meta| std::future::ready(meta.last_modified.timestamp_millis() <= before))
            .map_ok(|meta| meta.location.to_string())
            .try_collect()
            .await?;
        for chunk in old.chunks(200) {
            let kept = super::store::referenced(db, referrers, chunk).await?;
            for key in chunk.iter().filter(|key| !kept.contains(*key)) {
                crate::platform::storage::delete(store, &object_store::path::Path::from(key.as_str())).await?;
                deleted += 1;
            }
        }
    }
    Ok(deleted)
}

/// One sweep of the rows and of the stored objects; failures are logged.
/// True when both ran to the end.
pub async fn run_once(db: &Db, store: &crate::platform::storage::Store) -> bool {
    let rows = match sweep(db, now_ms()).await {
        Ok(swept) => {
            if swept != Swept::default() {
                tracing::info!(?swept, "retention sweep");
            }
            true
        }
        Err(e) => {
            tracing::error!(error = %e, "retention sweep failed");
            false
        }
    };
    let objects = match sweep_objects(db, store, now_ms()).await {
        Ok(n) => {
            if n > 0 {
                tracing::info!(deleted = n, "stored objects no row refers to deleted");
            }
            true
        }
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "sweeping stored objects failed");
            false
        }
    };
    rows && objects
}
