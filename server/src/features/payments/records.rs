//! Writes to payment records that need nothing of the features the fees
//! pay for: canceling unfinished payments and logging their events. Other
//! features (archiving an account, canceling a transfer) call these in their
//! own transaction; `service.rs`, which fulfils payments through those
//! features, builds on them too.

use super::store;
use crate::{foundation::error::AppResult, platform::db::Tx, platform::ids::new_id};

/// Cancel an unfinished payment on our side and log why; a payment that has
/// succeeded or is canceled already is left as it is. Its intent at the
/// provider is canceled by `follow_up` once the caller commits
/// (`provider_canceled_at` stays empty until then).
pub(super) async fn cancel(tx: &mut Tx<'_>, payment_id: &str, why: serde_json::Value) -> AppResult<()> {
    if store::mark_canceled_if_open(tx, payment_id).await? {
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
    let open = store::open_payments_of_user(tx, user_id).await?;
    cancel_each(tx, open, &serde_json::json!({"reason": "account archived"})).await
}

/// Cancel a transfer's unfinished fee payments, in the transaction that
/// cancels the transfer, or completes it with the other party's payment.
pub async fn cancel_open_for_transfer(tx: &mut Tx<'_>, transfer_id: &str) -> AppResult<()> {
    let open = store::open_payments_of_transfer(tx, transfer_id).await?;
    cancel_each(tx, open, &serde_json::json!({"reason": "transfer canceled"})).await
}

/// Cancel a vessel's unfinished payments, in the transaction that takes the
/// vessel out of the registry.
pub async fn cancel_open_for_vessel(tx: &mut Tx<'_>, vessel_id: &str) -> AppResult<()> {
    let open = store::open_payments_of_vessel(tx, vessel_id).await?;
    cancel_each(tx, open, &serde_json::json!({"reason": "vessel deactivated"})).await
}

/// Cancel every payment of `open`, each logged with `why`.
async fn cancel_each(tx: &mut Tx<'_>, open: Vec<String>, why: &serde_json::Value) -> AppResult<()> {
    for payment_id in open {
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
    store::insert_event(tx, id, payment_id, source, kind, &detail).await
}

/// The succeeded registration fee of a vessel, newest first: what a refund of its registration refunds.
pub async fn registration_fee_paid(db: &crate::platform::db::Db, vessel_id: &str) -> sqlx::Result<Option<String>> {
    store::registration_fee_paid(db, vessel_id).await
}
