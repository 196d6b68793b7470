//! Full refunds, by administrators, through the card provider.
//!
//! A refund is first reserved (one row per payment that did not fail: the
//! unique index makes two administrators at once agree on one), then asked of
//! the provider with the reservation's id as idempotency key, then recorded:
//! a refunded registration takes its vessel out of the registry (and cancels
//! a transfer started meanwhile) in the same transaction. A transfer's fee
//! can be refunded only while the transfer has not completed (a fee that
//! arrived after its transfer was canceled).
//!
//! The provider's answer decides: a definite refusal marks the reservation
//! `failed` (the payment may be refunded again later); no answer (a timeout,
//! a 5xx) leaves it `pending`, and asking again re-sends the same
//! idempotency key, so the provider refunds at most once. The provider call
//! and its recording run in their own task: a client that goes away does not
//! leave a refund made but unrecorded.

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
/// is its transfer's, for a transfer fee; `refunded` says a refund that did
/// not fail exists.
pub fn refusal(status: &str, purpose: &str, transfer_status: Option<&str>, refunded: bool) -> Option<&'static str> {
    if refunded {
        Some("payment_already_been_refunded")
    } else if status != "succeeded" {
        Some("payment_succeeded_refunded")
    } else if purpose == "transfer" && transfer_status == Some("completed") {
        Some("transfer_fee_refunded_before_transfer")
    } else {
        None
    }
}

const ALREADY: &str = "payment_already_been_refunded";

/// What was reserved: the refund's id (the idempotency key), the intent.
struct Reservation {
    refund_id: String,
    intent: String,
    purpose: String,
    vessel_id: String,
}

#[tracing::instrument(skip(state, admin, reason), fields(admin = %admin.id))]
pub async fn refund(state: &AppState, admin: &User, payment_id: &str, reason: &str) -> AppResult<()> {
    let reservation = reserve(state, admin, payment_id, reason).await?;
    let (state, admin_id, payment_id, reason) =
        (state.clone(), admin.id.clone(), payment_id.to_owned(), reason.to_owned());
    tokio::spawn(async move { ask_and_record(&state, &admin_id, &payment_id, &reason, reservation).await })
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("the refund task failed: {e}")))?
}

async fn reserve(state: &AppState, admin: &User, payment_id: &str, reason: &str) -> AppResult<Reservation> {
    let mut tx = state.begin().await?;
    let row = sqlx::query(
        "SELECT p.status, p.purpose, p.vessel_id, p.provider, p.provider_intent_id, p.amount_cents,
             t.status AS transfer_status, v.status AS vessel_status,
             (SELECT r.id FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'pending') AS pending_refund,
             (SELECT COUNT(*) FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'succeeded') AS refunded
         FROM payments p JOIN vessels v ON v.id = p.vessel_id LEFT JOIN transfers t ON t.id = p.transfer_id
         WHERE p.id = $1",
    )
    .bind(payment_id)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| AppError::NotFound("no_such_payment".into()))?;
    let purpose: String = row.try_get("purpose")?;
    let vessel_id: String = row.try_get("vessel_id")?;
    let intent: Option<String> = row.try_get("provider_intent_id")?;
    if row.try_get::<String, _>("provider")? != state.payments.name() {
        return Err(AppError::Conflict("payment_taken_another_card_provider".into()));
    }
    // A refund the provider has not answered yet is asked again, with its key.
    if let Some(refund_id) = row.try_get::<Option<String>, _>("pending_refund")? {
        let intent = intent.ok_or_else(|| AppError::Conflict(ALREADY.into()))?;
        return Ok(Reservation { refund_id, intent, purpose, vessel_id });
    }
    let transfer_status: Option<String> = row.try_get("transfer_status")?;
    let refunded = row.try_get::<i64, _>("refunded")? > 0;
    if let Some(why) = refusal(&row.try_get::<String, _>("status")?, &purpose, transfer_status.as_deref(), refunded) {
        return Err(AppError::Conflict(why.into()));
    }
    if purpose == "registration" && row.try_get::<String, _>("vessel_status")? == "in_transfer" {
        return Err(AppError::Conflict("vessel_transfer_cancel_transfer_before".into()));
    }
    let intent = intent.ok_or_else(|| AppError::Conflict("payment_succeeded_refunded".into()))?;
    let refund_id = new_id();
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
        Err(e) if is_unique_violation(&e) => return Err(AppError::Conflict(ALREADY.into())),
        other => {
            other?;
        }
    }
    tx.commit().await?;
    Ok(Reservation { refund_id, intent, purpose, vessel_id })
}

async fn ask_and_record(
    state: &AppState,
    admin: &str,
    payment_id: &str,
    reason: &str,
    r: Reservation,
) -> AppResult<()> {
    let answer = state.payments.refund(&r.intent, &r.refund_id).await;
    let Ok(refund) = answer else {
        let e = answer.err().map(|e| format!("{e:#}")).unwrap_or_default();
        tracing::error!(error = %e, payment = payment_id, "the card provider did not answer a refund");
        return Err(AppError::Status {
            status: axum::http::StatusCode::BAD_GATEWAY,
            code: "provider_unavailable",
            message: "refund_pending_provider_silent".into(),
        });
    };
    let mut tx = state.begin().await?;
    let recorded = sqlx::query(
        "UPDATE payment_refunds SET status = $1, provider_refund_id = $2, decided_at = $3
         WHERE id = $4 AND status = 'pending'",
    )
    .bind(refund.status.as_str())
    .bind((!refund.id.is_empty()).then_some(refund.id.as_str()))
    .bind(now_ms())
    .bind(&r.refund_id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if recorded == 0 {
        // Recorded by a racing request with the same key: it did the rest.
        return Ok(());
    }
    let detail = serde_json::json!({"refundId": r.refund_id, "reason": reason, "status": refund.status.as_str()});
    log_event_with_id(&mut tx, &new_id(), payment_id, "registry", "refund", detail.clone()).await?;
    let mut event = Event::new("payment_refunded").by(Some(admin)).vessel(&r.vessel_id).subject("payment", payment_id);
    if refund.status == RefundStatus::Failed {
        event = event.failed();
    }
    event.detail(detail).write(&mut *tx).await?;
    if refund.status != RefundStatus::Failed && r.purpose == "registration" {
        crate::transfers::service::cancel_all_of_vessel(&mut tx, &r.vessel_id).await?;
        crate::vessels::lifecycle::deactivate_refunded(&mut tx, &r.vessel_id, admin, reason).await?;
    }
    tx.commit().await?;
    if refund.status == RefundStatus::Failed {
        return Err(AppError::Status {
            status: axum::http::StatusCode::BAD_GATEWAY,
            code: "refund_refused",
            message: "card_provider_refused_refund_nothing".into(),
        });
    }
    Ok(())
}
