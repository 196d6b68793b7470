//! Full refunds, by administrators, through the card provider.
//!
//! A refund is first reserved (one row per payment that did not fail: the
//! unique index makes two administrators at once agree on one), then asked of
//! the provider with the reservation's id as idempotency key, then recorded:
//! a refunded registration takes its vessel out of the registry in the same
//! transaction. A transfer's fee can be refunded only while the transfer has
//! not completed (a fee that arrived after its transfer was canceled).

use sqlx::Row;

use super::{provider::RefundStatus, records::log_event_with_id};
use crate::{
    app::AppState,
    audit::Event,
    auth::User,
    clock::now_ms,
    db::is_unique_violation,
    error::{AppError, AppResult},
    ids::new_id,
};

/// Why a payment cannot be refunded, or nothing when it can. `transfer_status`
/// is its transfer's, for a transfer fee.
pub fn refusal(status: &str, purpose: &str, transfer_status: Option<&str>, refunded: bool) -> Option<&'static str> {
    if refunded {
        Some("This payment has already been refunded.")
    } else if status != "succeeded" {
        Some("Only a payment that succeeded can be refunded.")
    } else if purpose == "transfer" && transfer_status == Some("completed") {
        Some("A transfer fee can be refunded only before the transfer completes.")
    } else {
        None
    }
}

#[tracing::instrument(skip(state, admin, reason), fields(admin = %admin.id))]
pub async fn refund(state: &AppState, admin: &User, payment_id: &str, reason: &str) -> AppResult<()> {
    let refund_id = new_id();
    let mut tx = state.begin().await?;
    let row = sqlx::query(
        "SELECT p.status, p.purpose, p.vessel_id, p.provider_intent_id, p.amount_cents, t.status AS transfer_status,
             v.status AS vessel_status
         FROM payments p JOIN vessels v ON v.id = p.vessel_id LEFT JOIN transfers t ON t.id = p.transfer_id
         WHERE p.id = $1",
    )
    .bind(payment_id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| AppError::NotFound("No such payment.".into()))?;
    let purpose: String = row.try_get("purpose")?;
    let vessel_id: String = row.try_get("vessel_id")?;
    let transfer_status: Option<String> = row.try_get("transfer_status")?;
    if let Some(why) = refusal(&row.try_get::<String, _>("status")?, &purpose, transfer_status.as_deref(), false) {
        return Err(AppError::Conflict(why.into()));
    }
    if purpose == "registration" && row.try_get::<String, _>("vessel_status")? == "in_transfer" {
        return Err(AppError::Conflict("The vessel is in transfer: cancel the transfer before refunding.".into()));
    }
    let intent: String = row
        .try_get::<Option<String>, _>("provider_intent_id")?
        .ok_or_else(|| AppError::Conflict("Only a payment that succeeded can be refunded.".into()))?;
    let reserved = sqlx::query(
        "INSERT INTO payment_refunds (id, payment_id, amount_cents, reason, admin_user_id, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6)",
    )
    .bind(&refund_id)
    .bind(payment_id)
    .bind(row.try_get::<i64, _>("amount_cents")?)
    .bind(reason)
    .bind(&admin.id)
    .bind(now_ms())
    .execute(&mut *tx)
    .await;
    match reserved {
        Err(e) if is_unique_violation(&e) => {
            return Err(AppError::Conflict("This payment has already been refunded.".into()));
        }
        other => {
            other?;
        }
    }
    tx.commit().await?;

    let answer = state.payments.refund(&intent, &refund_id).await;
    let mut tx = state.begin().await?;
    let (status, provider_id, failure) = match &answer {
        Ok(r) => (r.status, Some(r.id.clone()), None),
        Err(e) => (RefundStatus::Failed, None, Some(format!("{e:#}"))),
    };
    sqlx::query(
        "UPDATE payment_refunds SET status = $1, provider_refund_id = $2, failure_message = $3, decided_at = $4
         WHERE id = $5",
    )
    .bind(status.as_str())
    .bind(provider_id.as_deref())
    .bind(failure.as_deref())
    .bind(now_ms())
    .bind(&refund_id)
    .execute(&mut *tx)
    .await?;
    let detail = serde_json::json!({"refundId": refund_id, "reason": reason, "status": status.as_str()});
    log_event_with_id(&mut tx, &new_id(), payment_id, "registry", "refund", detail.clone()).await?;
    let mut event =
        Event::new("payment_refunded").by(Some(&admin.id)).vessel(&vessel_id).subject("payment", payment_id);
    if status == RefundStatus::Failed {
        event = event.failed();
    }
    event.detail(detail).write(&mut *tx).await?;
    if status != RefundStatus::Failed && purpose == "registration" {
        crate::vessels::lifecycle::deactivate_refunded(&mut tx, &vessel_id, &admin.id, reason).await?;
    }
    tx.commit().await?;
    if let Err(e) = answer {
        tracing::error!(error = %format!("{e:#}"), payment = payment_id, "the provider refused a refund");
        return Err(AppError::Status {
            status: axum::http::StatusCode::BAD_GATEWAY,
            code: "provider_error",
            message: "The card provider did not accept the refund. Nothing was refunded; try again later.".into(),
        });
    }
    Ok(())
}
