//! Payments: asking for a fee, learning from the provider what happened to
//! it, and fulfilling it exactly once.
//!
//! The server decides that money arrived: a payment moves to `succeeded`
//! only from the provider's own report (the offline processor's record, or a
//! `PaymentIntent` read back from Stripe), never from a browser's word. The
//! move and the fulfilment (the vessel becomes active, the receipt is
//! queued) share one transaction, guarded by a conditional update, so a
//! replayed webhook or two racing processes change nothing more.

use super::{
    model::{CreateIntentRequest, CreatedIntent, Payment, PaymentStatus, Purpose},
    purpose::{self, Fee},
    receipt,
    records::{cancel, log_event_with_id},
    store,
};
use crate::platform::payment_provider::{IntentRequest, IntentStatus, ProviderIntent};
use crate::{
    domain::fees,
    features::auth::User,
    foundation::error::{AppError, AppResult},
    platform::db::{Tx, is_unique_violation},
    platform::ids::new_id,
    platform::state::AppState,
};

fn payment_not_found() -> AppError {
    AppError::NotFound("payment_not_found".into())
}

/// `POST /api/payments/create-intent`: the registration fee of a pending
/// vessel, asked of its owner. A second call reuses the unfinished payment.
pub async fn create_intent(state: &AppState, user: &User, request: CreateIntentRequest) -> AppResult<CreatedIntent> {
    let fee = match request.purpose {
        Purpose::Registration => {
            Fee { purpose: Purpose::Registration, vessel_id: &request.vessel_id, transfer_id: None }
        }
        Purpose::Transfer => {
            let transfer_id = request
                .transfer_id
                .as_deref()
                .ok_or_else(|| AppError::field("transferId", "transfer_fee_needs_transfers_id"))?;
            Fee { purpose: Purpose::Transfer, vessel_id: &request.vessel_id, transfer_id: Some(transfer_id) }
        }
    };
    let description = purpose::of(fee.purpose)?.payable(state, user, fee).await?;
    if fee.purpose == Purpose::Registration && store::registration_fee_paid(&state.db, fee.vessel_id).await?.is_some() {
        return Err(AppError::Conflict("vessels_registration_fee_been_paid".into()));
    }
    let payment_id = open_payment(state, user, fee).await?;
    let client_secret = ensure_provider_intent(state, &payment_id, description).await?;
    let amount_cents = fee.purpose.amount_cents();
    Ok(CreatedIntent { client_secret, payment_id, amount_cents, currency: fees::CURRENCY.to_owned() })
}

/// The fee's unfinished payment, or a new one. The partial unique indexes
/// (one open registration payment per vessel, one open fee payment per
/// transfer) make concurrent requests agree on one row.
async fn open_payment(state: &AppState, user: &User, fee: Fee<'_>) -> AppResult<String> {
    let purpose = fee.purpose.as_str();
    let amount = fee.purpose.amount_cents();
    for _ in 0..3 {
        let open = store::open_payment_of_fee(&state.db, fee, &user.id).await?;
        if let Some((id, provider)) = open {
            if provider == state.payments.name() {
                return Ok(id);
            }
            // Made with another provider (the registry switched): that provider's
            // form cannot take it here. Nothing was charged on it, or it would have
            // succeeded; cancel it and start again.
            cancel_abandoned(state, &id).await?;
            continue;
        }
        let id = new_id();
        let inserted =
            store::insert_payment(&state.db, &id, &user.id, fee, amount, fees::CURRENCY, state.payments.name()).await;
        match inserted {
            Ok(()) => return Ok(id),
            // Another request inserted first: the next round finds its row.
            Err(e) if is_unique_violation(&e) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Err(anyhow::anyhow!("no open {purpose} payment after a unique violation").into())
}

async fn cancel_abandoned(state: &AppState, payment_id: &str) -> AppResult<()> {
    let mut tx = state.begin().await?;
    let detail = serde_json::json!({"reason": "provider changed", "provider": state.payments.name()});
    cancel(&mut tx, payment_id, detail).await?;
    tx.commit().await?;
    Ok(())
}

/// The payment's client secret, asking the provider for an intent first if
/// it has none yet (the payment id is the idempotency key, so a retry after
/// a lost answer gets the same intent).
async fn ensure_provider_intent(state: &AppState, payment_id: &str, description: String) -> AppResult<String> {
    let (amount_cents, client_secret) = store::amount_and_client_secret(&state.db, payment_id).await?;
    if let Some(secret) = client_secret {
        return Ok(secret);
    }
    let intent = state
        .payments
        .create_intent(&IntentRequest {
            payment_id: payment_id.to_owned(),
            amount_cents,
            currency: fees::CURRENCY,
            description,
        })
        .await
        .map_err(|e| provider_unavailable(&e))?;
    store::set_intent_if_none(&state.db, payment_id, &intent.id, &intent.client_secret).await?;
    Ok(intent.client_secret)
}

/// `GET /api/payments/{id}`: the payer's own payment. An unfinished one is
/// first brought up to date from the provider, so a page returning from the
/// provider learns the outcome even before (or without) a webhook.
pub async fn payment_for(state: &AppState, user: &User, id: &str) -> AppResult<Payment> {
    let (payment, owner, intent_id) = load(state, id).await?;
    if owner != user.id && !user.is_admin() {
        return Err(payment_not_found());
    }
    if payment.status.is_final() {
        return Ok(payment);
    }
    let Some(intent_id) = intent_id else { return Ok(payment) };
    match state.payments.retrieve_intent(&intent_id).await {
        Ok(intent) => {
            let mut tx = state.begin().await?;
            record(&mut tx, &payment.id, &intent, "poll").await?;
            tx.commit().await?;
            Ok(load(state, id).await?.0)
        }
        Err(e) => {
            tracing::warn!(error = %e, payment = %payment.id, "could not read the intent back from the provider");
            Ok(payment)
        }
    }
}

/// The payment, its payer and its provider intent id.
async fn load(state: &AppState, id: &str) -> AppResult<(Payment, String, Option<String>)> {
    let row = store::payment(&state.db, id).await?.ok_or_else(payment_not_found)?;
    let (payer, intent_id) = (row.user_id.clone(), row.provider_intent_id.clone());
    Ok((Payment::try_from(row)?, payer, intent_id))
}

/// Our payment for a provider intent, if we made it.
pub async fn payment_id_for_intent(state: &AppState, intent_id: &str) -> AppResult<Option<String>> {
    Ok(store::payment_id_for_intent(&state.db, state.payments.name(), intent_id).await?)
}

/// Bring a payment in line with what the provider reports, inside the
/// caller's transaction; a move to `succeeded` fulfils the payment there too.
/// Returns the payment's status afterwards.
pub async fn record(
    tx: &mut Tx<'_>,
    payment_id: &str,
    intent: &ProviderIntent,
    source: &str,
) -> AppResult<PaymentStatus> {
    let row = store::payment_state(tx, payment_id).await?.ok_or_else(payment_not_found)?;
    let matches = row.amount_cents == intent.amount_cents
        && row.currency == intent.currency
        && intent.payment_ref.as_deref().is_none_or(|r| r == payment_id)
        && row.provider_intent_id.is_none_or(|i| i == intent.id);
    if !matches {
        // Never fulfil on an intent that is not this payment's, whatever it says.
        return Err(anyhow::anyhow!("provider intent {} does not match payment {payment_id}", intent.id).into());
    }
    let current = crate::platform::db::stored::<PaymentStatus>(&row.status)?;
    let next = match intent.status {
        IntentStatus::Succeeded => PaymentStatus::Succeeded,
        IntentStatus::RequiresAction => PaymentStatus::RequiresAction,
        IntentStatus::Processing | IntentStatus::RequiresCapture => PaymentStatus::Processing,
        IntentStatus::Canceled => PaymentStatus::Canceled,
        IntentStatus::RequiresPaymentMethod if intent.last_error.is_some() => PaymentStatus::Failed,
        IntentStatus::RequiresPaymentMethod | IntentStatus::RequiresConfirmation => current,
    };
    // A repeated failure records a new reason only (the provider words many reasons alike).
    let same_failure =
        row.failure_message == intent.last_error && row.failure_code.as_deref() == intent.last_error_code;
    if next == current && (next != PaymentStatus::Failed || same_failure) {
        return Ok(current);
    }
    if !store::move_unless_settled(tx, payment_id, next, intent).await? {
        // Settled meanwhile (a racing request or process): this report changes nothing.
        return Ok(if next == PaymentStatus::Succeeded { next } else { current });
    }
    log_event(tx, payment_id, source, next.as_str(), intent).await?;
    let purpose = crate::platform::db::stored::<Purpose>(&row.purpose)?;
    metrics::counter!(crate::platform::telemetry::PAYMENTS, "purpose" => purpose.as_str(), "outcome" => next.as_str())
        .increment(1);
    if next == PaymentStatus::Succeeded {
        fulfil(tx, payment_id).await?;
    }
    Ok(next)
}

async fn log_event(
    tx: &mut Tx<'_>,
    payment_id: &str,
    source: &str,
    kind: &str,
    intent: &ProviderIntent,
) -> sqlx::Result<()> {
    let detail = serde_json::json!({
        "intent": intent.id,
        "intentStatus": intent.status.as_str(),
        "lastError": intent.last_error,
    });
    log_event_with_id(tx, &new_id(), payment_id, source, kind, detail).await
}

/// What a succeeded payment buys, in the transaction that recorded it. A
/// payment whose purpose can no longer take effect (its transfer closed, its
/// vessel left the registry or was activated by another payment, its payer
/// archived the account) buys nothing: it is refunded, and the payer is told
/// so instead of getting a receipt. Every succeeded payment therefore has
/// its effect or a refund.
async fn fulfil(tx: &mut Tx<'_>, payment_id: &str) -> AppResult<()> {
    let p = store::fee_of_payment(tx, payment_id).await?;
    let (vessel_id, payer, transfer_id) = (p.vessel_id, p.user_id, p.transfer_id);
    let purpose = crate::platform::db::stored::<Purpose>(&p.purpose)?;
    // Archiving an account cancels its payments before it marks the account
    // (`flows::accounts::archive`), under the payment's lock: a success
    // recorded after that finds the payer gone and buys nothing for them.
    let payer_archived = !store::account_open(tx, &payer).await?;
    let without_effect = if payer_archived {
        Some("the payer archived the account")
    } else {
        let fee = Fee { purpose, vessel_id: &vessel_id, transfer_id: transfer_id.as_deref() };
        purpose::of(purpose)?.fulfil(tx, fee, &payer, payment_id).await?
    };
    match without_effect {
        None => receipt::enqueue(tx, payment_id, receipt::Kind::Receipt).await?,
        Some(why) => {
            super::refunds::reserve_without_effect(tx, payment_id, why).await?;
            receipt::enqueue(tx, payment_id, receipt::Kind::RefundedWithoutEffect).await?;
        }
    }
    Ok(())
}

/// The provider's own words go to the log (with the request id), never to
/// the client: they may name internals, keys' prefixes or other customers.
pub(crate) fn provider_unavailable(cause: &anyhow::Error) -> AppError {
    tracing::error!(error = %format!("{cause:#}"), "the card payment provider failed");
    AppError::Status {
        status: axum::http::StatusCode::BAD_GATEWAY,
        code: "payment_provider_unavailable",
        message: "card_payment_service_could_not".into(),
    }
}
