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

use super::{
    model::Purpose,
    purpose::{self, Fee},
    records::log_event_with_id,
    store,
};
use crate::platform::payment_provider::RefundStatus;
use crate::{
    features::auth::User,
    foundation::error::{AppError, AppResult},
    platform::audit::Event,
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
    store::lock_vessel_of_payment(&mut tx, payment_id).await?;
    let row =
        store::refundable(&mut tx, payment_id).await?.ok_or_else(|| AppError::NotFound("no_such_payment".into()))?;
    let (purpose, vessel_id, intent) = (row.purpose, row.vessel_id, row.provider_intent_id);
    if row.provider != state.payments.name() {
        return Err(AppError::Conflict("payment_taken_another_card_provider".into()));
    }
    // A refund the provider has not answered yet is asked again, with its key.
    if let Some(refund_id) = row.pending_refund {
        let intent = intent.ok_or_else(|| AppError::Conflict(ALREADY.into()))?;
        // Asked again as what it is: a refund without effect changes nothing but money.
        let cause = match row.pending_cause.as_deref() {
            Some("without_effect") => Cause::WithoutEffect,
            _ => Cause::Administrator,
        };
        return Ok(Reservation { refund_id, intent, purpose, vessel_id, cause });
    }
    let refundable = Refundable {
        status: &row.status,
        purpose: &purpose,
        transfer_status: row.transfer_status.as_deref(),
        refunded: row.refunded > 0,
        passed_on: row.passed_on == 1,
    };
    if let Some(why) = refusal(&refundable) {
        return Err(AppError::Conflict(why.into()));
    }
    if purpose == "registration" && row.vessel_status == "in_transfer" {
        return Err(AppError::Conflict("vessel_transfer_cancel_transfer_before".into()));
    }
    let intent = intent.ok_or_else(|| AppError::Conflict("payment_succeeded_refunded".into()))?;
    let refund_id = new_id();
    let reserved = store::insert_refund_reservation(&mut tx, &refund_id, payment_id, reason, Some(&admin.id)).await;
    match reserved {
        Err(e) if is_unique_violation(&e) => return Err(AppError::Conflict(ALREADY.into())),
        other => other?,
    }
    tx.commit().await?;
    Ok(Reservation { refund_id, intent, purpose, vessel_id, cause: Cause::Administrator })
}

/// A success arrived for a payment whose purpose can no longer take effect
/// (the transfer was canceled or expired, the vessel left the registry, the
/// account was archived): in the transaction that recorded the success, a
/// refund is reserved and the audit log says why. The caller tells the payer;
/// the provider is asked once the transaction commits (`settle_without_effect`).
pub async fn reserve_without_effect(tx: &mut Tx<'_>, payment_id: &str, why: &str) -> AppResult<()> {
    let (vessel_id, payer) = store::vessel_and_payer(tx, payment_id).await?;
    store::insert_refund_reservation(tx, &new_id(), payment_id, why, None).await?;
    Event::new("refunded_without_effect")
        .vessel(&vessel_id)
        .subject("payment", payment_id)
        .detail(serde_json::json!({"reason": why, "payerUserId": payer}))
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
    let pending = store::pending_without_effect(&state.db, state.payments.name()).await?;
    let mut settled = 0;
    for row in pending {
        let Some(intent) = row.provider_intent_id else { continue };
        let (payment_id, reason) = (row.payment_id, row.reason);
        let reservation = Reservation {
            refund_id: row.id,
            intent,
            purpose: row.purpose,
            vessel_id: row.vessel_id,
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
        let provider_refund_id = (!refund.id.is_empty()).then_some(refund.id.as_str());
        store::set_provider_refund_id_if_pending(&state.db, &r.refund_id, provider_refund_id).await?;
        return Ok(RefundStatus::Pending);
    }
    let mut tx = state.begin().await?;
    let provider_refund_id = (!refund.id.is_empty()).then_some(refund.id.as_str());
    let recorded =
        store::decide_refund_if_pending(&mut tx, &r.refund_id, refund.status.as_str(), provider_refund_id).await?;
    if !recorded {
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
