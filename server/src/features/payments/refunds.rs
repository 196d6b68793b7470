//! Full refunds through the card provider: by administrators, and by the
//! registry itself for a success that arrived when its purpose could no
//! longer take effect (`without_effect`, docs/PAYMENTS.md "Money with effect").
//!
//! A refund is first reserved (one row per payment that did not fail: the
//! unique index makes two administrators at once agree on one), then asked of
//! the provider with the reservation's id as idempotency key, then recorded.
//! An administrator's refund of a registration takes its vessel out of the
//! registry (and cancels a transfer started meanwhile) in the same
//! transaction; a registration fee cannot be refunded once the vessel has
//! passed to someone who did not pay it. A transfer's fee can be refunded
//! only while the transfer has not completed. A refund without effect
//! changes nothing but money: nothing was bought.
//!
//! The provider's answer decides: a definite refusal marks the reservation
//! `failed` (the payment may be refunded again later); no answer (a timeout,
//! a 5xx) leaves it `pending`, and asking again re-sends the same
//! idempotency key, so the provider refunds at most once. The provider call
//! and its recording run in their own task: a client that goes away does not
//! leave a refund made but unrecorded. Pending refunds without effect are
//! asked again by the payments follow-up (`follow_up`).

use sqlx::Row;

use super::{
    model::Purpose,
    purpose::{self, Fee},
    records::log_event_with_id,
};
use crate::platform::payment_provider::RefundStatus;
use crate::{
    features::auth::User,
    foundation::error::{AppError, AppResult},
    platform::audit::Event,
    platform::clock::now_ms,
    platform::db::{Tx, is_unique_violation},
    platform::ids::new_id,
    platform::state::AppState,
};

/// What a payment's refund would take back: its state, as `refusal` reads it.
pub struct Refundable<'a> {
    pub status: &'a str,
    pub purpose: &'a str,
    /// Its transfer's status, for a transfer fee.
    pub transfer_status: Option<&'a str>,
    /// A refund that did not fail exists.
    pub refunded: bool,
    /// For a registration fee: the vessel is no longer the payer's (sold, or
    /// released to a buyer). Its registration now stands for someone who did
    /// not pay it, and a refund would take their vessel.
    pub passed_on: bool,
}

/// Why a payment cannot be refunded, or nothing when it can.
pub fn refusal(p: &Refundable<'_>) -> Option<&'static str> {
    if p.refunded {
        Some("payment_already_been_refunded")
    } else if p.status != "succeeded" {
        Some("payment_succeeded_refunded")
    } else if p.purpose == "transfer" && p.transfer_status == Some("completed") {
        Some("transfer_fee_refunded_before_transfer")
    } else if p.purpose == "registration" && p.passed_on {
        Some("registration_fee_vessel_passed_on")
    } else {
        None
    }
}

const ALREADY: &str = "payment_already_been_refunded";

/// Who made a refund: an administrator, or the registry for a payment whose
/// purpose could no longer take effect.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cause {
    Administrator,
    WithoutEffect,
}

/// What was reserved: the refund's id (the idempotency key), the intent.
struct Reservation {
    refund_id: String,
    intent: String,
    purpose: String,
    vessel_id: String,
    cause: Cause,
}

#[tracing::instrument(skip(state, admin, reason), fields(admin = %admin.id))]
pub async fn refund(state: &AppState, admin: &User, payment_id: &str, reason: &str) -> AppResult<()> {
    let reservation = reserve(state, admin, payment_id, reason).await?;
    let (task_state, admin_id, payment_id, reason) =
        (state.clone(), admin.id.clone(), payment_id.to_owned(), reason.to_owned());
    let done =
        tokio::spawn(
            async move { ask_and_record(&task_state, Some(&admin_id), &payment_id, &reason, reservation).await },
        )
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!("the refund task failed: {e}")))?;
    match done? {
        RefundStatus::Succeeded => Ok(()),
        RefundStatus::Failed => Err(AppError::Status {
            status: axum::http::StatusCode::BAD_GATEWAY,
            code: "refund_refused",
            message: "card_provider_refused_refund_nothing".into(),
        }),
        RefundStatus::Pending => Err(provider_silent()),
    }
}

fn provider_silent() -> AppError {
    AppError::Status {
        status: axum::http::StatusCode::BAD_GATEWAY,
        code: "provider_unavailable",
        message: "refund_pending_provider_silent".into(),
    }
}

async fn reserve(state: &AppState, admin: &User, payment_id: &str, reason: &str) -> AppResult<Reservation> {
    let mut tx = state.begin().await?;
    // The vessel's row first (an update that changes nothing): a transfer
    // starting takes the same lock (`vessels::lifecycle::start_transfer`), so
    // one of the two sees the other's outcome, never neither.
    sqlx::query("UPDATE vessels SET status = status WHERE id = (SELECT vessel_id FROM payments WHERE id = $1)")
        .bind(payment_id)
        .execute(&mut *tx)
        .await?;
    let row = sqlx::query(
        "SELECT p.status, p.purpose, p.vessel_id, p.provider, p.provider_intent_id, p.amount_cents,
             t.status AS transfer_status, v.status AS vessel_status,
             CAST(CASE WHEN COALESCE(v.owner_user_id, '') = p.user_id THEN 0 ELSE 1 END AS BIGINT) AS passed_on,
             (SELECT r.id FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'pending') AS pending_refund,
             (SELECT r.cause FROM payment_refunds r WHERE r.payment_id = p.id AND r.status = 'pending') AS pending_cause,
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
        // Asked again as what it is: a refund without effect changes nothing but money.
        let cause = match row.try_get::<Option<String>, _>("pending_cause")?.as_deref() {
            Some("without_effect") => Cause::WithoutEffect,
            _ => Cause::Administrator,
        };
        return Ok(Reservation { refund_id, intent, purpose, vessel_id, cause });
    }
    let transfer_status: Option<String> = row.try_get("transfer_status")?;
    let refundable = Refundable {
        status: &row.try_get::<String, _>("status")?,
        purpose: &purpose,
        transfer_status: transfer_status.as_deref(),
        refunded: row.try_get::<i64, _>("refunded")? > 0,
        passed_on: row.try_get::<i64, _>("passed_on")? == 1,
    };
    if let Some(why) = refusal(&refundable) {
        return Err(AppError::Conflict(why.into()));
    }
    if purpose == "registration" && row.try_get::<String, _>("vessel_status")? == "in_transfer" {
        return Err(AppError::Conflict("vessel_transfer_cancel_transfer_before".into()));
    }
    let intent = intent.ok_or_else(|| AppError::Conflict("payment_succeeded_refunded".into()))?;
    let refund_id = new_id();
    let reserved = insert_reservation(&mut tx, &refund_id, payment_id, reason, Some(&admin.id)).await;
    match reserved {
        Err(e) if is_unique_violation(&e) => return Err(AppError::Conflict(ALREADY.into())),
        other => other?,
    }
    tx.commit().await?;
    Ok(Reservation { refund_id, intent, purpose, vessel_id, cause: Cause::Administrator })
}

async fn insert_reservation(
    tx: &mut Tx<'_>,
    refund_id: &str,
    payment_id: &str,
    reason: &str,
    admin: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO payment_refunds (id, payment_id, amount_cents, reason, admin_user_id, cause, status, created_at)
         SELECT $1, id, amount_cents, $2, $3, $4, 'pending', $5 FROM payments WHERE id = $6",
    )
    .bind(refund_id)
    .bind(reason)
    .bind(admin.map(str::to_owned))
    .bind(if admin.is_some() { "administrator" } else { "without_effect" })
    .bind(now_ms())
    .bind(payment_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A success arrived for a payment whose purpose can no longer take effect
/// (the transfer was canceled or expired, the vessel left the registry, the
/// account was archived): in the transaction that recorded the success, a
/// refund is reserved and the audit log says why. The caller tells the payer;
/// the provider is asked once the transaction commits (`settle_without_effect`).
pub async fn reserve_without_effect(tx: &mut Tx<'_>, payment_id: &str, why: &str) -> AppResult<()> {
    let row = sqlx::query("SELECT vessel_id, user_id FROM payments WHERE id = $1")
        .bind(payment_id)
        .fetch_one(&mut **tx)
        .await?;
    let vessel_id: String = row.try_get("vessel_id")?;
    insert_reservation(tx, &new_id(), payment_id, why, None).await?;
    Event::new("refunded_without_effect")
        .vessel(&vessel_id)
        .subject("payment", payment_id)
        .detail(serde_json::json!({"reason": why, "payerUserId": row.try_get::<String, _>("user_id")?}))
        .write(&mut **tx)
        .await?;
    tracing::warn!(payment = payment_id, reason = why, "a payment succeeded without effect: refunding it");
    Ok(())
}

/// Ask the provider for every refund without effect still pending (after
/// the transaction that reserved it, and again from the periodic follow-up
/// if the provider did not answer). Answers how many were settled.
#[tracing::instrument(skip(state))]
pub async fn settle_without_effect(state: &AppState) -> AppResult<u64> {
    let pending = sqlx::query(
        "SELECT r.id, r.payment_id, r.reason, p.provider_intent_id, p.purpose, p.vessel_id
         FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
         WHERE r.status = 'pending' AND r.cause = 'without_effect' AND p.provider = $1
         ORDER BY r.created_at LIMIT 100",
    )
    .bind(state.payments.name())
    .fetch_all(&state.db)
    .await?;
    let mut settled = 0;
    for row in pending {
        let Some(intent) = row.try_get::<Option<String>, _>("provider_intent_id")? else { continue };
        let payment_id: String = row.try_get("payment_id")?;
        let reason: String = row.try_get("reason")?;
        let reservation = Reservation {
            refund_id: row.try_get("id")?,
            intent,
            purpose: row.try_get("purpose")?,
            vessel_id: row.try_get("vessel_id")?,
            cause: Cause::WithoutEffect,
        };
        match ask_and_record(state, None, &payment_id, &reason, reservation).await {
            Ok(RefundStatus::Pending) => {}
            Ok(_) => settled += 1,
            // One refund's trouble does not hold up the others; asked again later.
            Err(e) => tracing::warn!(error = %e, payment = %payment_id, "recording a refund without effect failed"),
        }
    }
    Ok(settled)
}

/// Ask the provider and record its answer. `Pending` when it did not answer.
async fn ask_and_record(
    state: &AppState,
    admin: Option<&str>,
    payment_id: &str,
    reason: &str,
    r: Reservation,
) -> AppResult<RefundStatus> {
    let refund = match state.payments.refund(&r.intent, &r.refund_id).await {
        Ok(refund) => refund,
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), payment = payment_id, "the card provider did not answer a refund");
            return Ok(RefundStatus::Pending);
        }
    };
    if refund.status == RefundStatus::Pending {
        // Under way at the provider: remember its id; decided later, asked again with the same key.
        sqlx::query("UPDATE payment_refunds SET provider_refund_id = $1 WHERE id = $2 AND status = 'pending'")
            .bind((!refund.id.is_empty()).then_some(refund.id.as_str()))
            .bind(&r.refund_id)
            .execute(&state.db)
            .await?;
        return Ok(RefundStatus::Pending);
    }
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
        return Ok(refund.status);
    }
    let detail = serde_json::json!({
        "refundId": r.refund_id,
        "reason": reason,
        "status": refund.status.as_str(),
        "withoutEffect": r.cause == Cause::WithoutEffect,
    });
    log_event_with_id(&mut tx, &new_id(), payment_id, "registry", "refund", detail.clone()).await?;
    let mut event = Event::new("payment_refunded").by(admin).vessel(&r.vessel_id).subject("payment", payment_id);
    if refund.status == RefundStatus::Failed {
        event = event.failed();
    }
    event.detail(detail).write(&mut *tx).await?;
    if refund.status != RefundStatus::Failed && r.purpose == "registration" && r.cause == Cause::Administrator {
        let admin = admin.unwrap_or_default();
        let fee = Fee { purpose: Purpose::Registration, vessel_id: &r.vessel_id, transfer_id: None };
        purpose::of(Purpose::Registration)?.refunded(&mut tx, fee, admin, reason).await?;
    }
    // The payer hears of an administrator's refund, with its reason and what it did.
    if refund.status != RefundStatus::Failed && r.cause == Cause::Administrator {
        super::receipt::enqueue(
            &mut tx,
            payment_id,
            super::receipt::Kind::RefundedByRegistry { reason: reason.to_owned() },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(refund.status)
}
