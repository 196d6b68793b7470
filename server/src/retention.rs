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
//! | the audit log | kept: append-only, ids and reasons, no secrets |

use crate::{
    clock::{DAY, HOUR, now_ms},
    db::Db,
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

/// Sweep now and then every [`EVERY`], for as long as the server runs.
pub async fn run(db: Db) {
    let mut tick = tokio::time::interval(EVERY);
    loop {
        tick.tick().await;
        match sweep(&db, now_ms()).await {
            Ok(swept) if swept != Swept::default() => tracing::info!(?swept, "retention sweep"),
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, "retention sweep failed"),
        }
    }
}
