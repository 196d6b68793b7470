//! Writes to payment records that need nothing of the features the fees
//! pay for: canceling unfinished payments and logging their events. Other
//! features (archiving an account, canceling a transfer) call these in their
//! own transaction; `service.rs`, which fulfils payments through those
//! features, builds on them too.

use crate::{foundation::error::AppResult, platform::clock::now_ms, platform::db::Tx, platform::ids::new_id};

/// Cancel an unfinished payment on our side and log why; a payment that has
/// succeeded or is canceled already is left as it is. Its intent at the
/// provider is canceled by `follow_up` once the caller commits
/// (`provider_canceled_at` stays empty until then).
pub(super) async fn cancel(tx: &mut Tx<'_>, payment_id: &str, why: serde_json::Value) -> AppResult<()> {
    let moved = sqlx::query(
        "UPDATE payments SET status = 'canceled', updated_at = $1 WHERE id = $2 AND status NOT IN ('succeeded', 'canceled')",
    )
    .bind(now_ms())
    .bind(payment_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if moved == 1 {
        log_event_with_id(tx, &new_id(), payment_id, "registry", "canceled", why).await?;
    }
    Ok(())
}

/// Cancel an archived account's unfinished payments, in the archiving
/// transaction, so no form left open can still charge for a vessel that is
/// gone (the provider hears of it from `follow_up` once this commits). A
/// success the provider reports anyway is recorded (money is never dropped)
/// and refunded, since it can no longer take effect.
pub async fn cancel_open_for_user(tx: &mut Tx<'_>, user_id: &str) -> AppResult<()> {
    let open = "SELECT id FROM payments WHERE user_id = $1 AND status NOT IN ('succeeded', 'canceled')";
    cancel_each(tx, open, user_id, &serde_json::json!({"reason": "account archived"})).await
}

/// Cancel a transfer's unfinished fee payments, in the transaction that
/// cancels the transfer, or completes it with the other party's payment.
pub async fn cancel_open_for_transfer(tx: &mut Tx<'_>, transfer_id: &str) -> AppResult<()> {
    let open = "SELECT id FROM payments WHERE transfer_id = $1 AND purpose = 'transfer'
                AND status NOT IN ('succeeded', 'canceled')";
    cancel_each(tx, open, transfer_id, &serde_json::json!({"reason": "transfer canceled"})).await
}

/// Cancel a vessel's unfinished payments, in the transaction that takes the
/// vessel out of the registry.
pub async fn cancel_open_for_vessel(tx: &mut Tx<'_>, vessel_id: &str) -> AppResult<()> {
    let open = "SELECT id FROM payments WHERE vessel_id = $1 AND status NOT IN ('succeeded', 'canceled')";
    cancel_each(tx, open, vessel_id, &serde_json::json!({"reason": "vessel deactivated"})).await
}

/// Cancel every payment `open` selects for `key`, each logged with `why`.
async fn cancel_each(tx: &mut Tx<'_>, open: &str, key: &str, why: &serde_json::Value) -> AppResult<()> {
    for payment_id in crate::platform::db::ids(tx, open, key).await? {
        cancel(tx, &payment_id, why.clone()).await?;
    }
    Ok(())
}

/// A payment event under a given id (a provider event's id deduplicates webhooks).
pub async fn log_event_with_id(
    tx: &mut Tx<'_>,
    id: &str,
    payment_id: &str,
    source: &str,
    kind: &str,
    detail: serde_json::Value,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO payment_events (id, payment_id, source, type, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(payment_id)
    .bind(source)
    .bind(kind)
    .bind(detail.to_string())
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The succeeded registration fee of a vessel, newest first: what a refund of its registration refunds.
pub async fn registration_fee_paid(db: &crate::platform::db::Db, vessel_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT id FROM payments WHERE vessel_id = $1 AND purpose = 'registration' AND status = 'succeeded'
         ORDER BY succeeded_at DESC LIMIT 1",
    )
    .bind(vessel_id)
    .fetch_optional(db)
    .await
}
