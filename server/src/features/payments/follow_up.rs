//! What the card provider must hear after a change has committed: intents of
//! canceled payments are canceled there too (so a form left open cannot
//! charge for something that is gone), and refunds without effect are asked
//! for. Each is recorded in the database first, so a process that dies in
//! between leaves work the periodic run finds and finishes; the calls are
//! idempotent at the provider, so two processes doing it at once are harmless.

use super::{refunds, service, store};
use crate::platform::payment_provider::IntentStatus;
use crate::{foundation::error::AppResult, platform::state::AppState};

/// Right after a flow that canceled payments or recorded a success: tell the
/// provider now. Failures are logged and left to the periodic run.
pub async fn run(state: &AppState) {
    // One run at a time: a run started meanwhile waits, then finds what is
    // left (other processes may overlap; the provider calls are idempotent).
    let _one = state.payments_follow_up.lock().await;
    if let Err(e) = cancel_at_provider(state).await {
        tracing::warn!(error = %e, "canceling intents at the card provider failed; retried within a minute");
    }
    if let Err(e) = refunds::settle_without_effect(state).await {
        tracing::warn!(error = %e, "refunds without effect failed; retried within a minute");
    }
}

/// Cancel at the provider the intents of payments we canceled. An intent the
/// provider would not cancel because it succeeded first is recorded now: its
/// payment then takes effect, or is refunded (`service::record`).
#[tracing::instrument(skip(state))]
pub async fn cancel_at_provider(state: &AppState) -> AppResult<u64> {
    let due = store::canceled_not_at_provider(&state.db, state.payments.name()).await?;
    let mut done = 0;
    for (payment_id, intent_id) in due {
        match cancel_one(state, &payment_id, &intent_id).await {
            Ok(true) => done += 1,
            Ok(false) => {}
            // One payment's trouble does not hold up the others.
            Err(e) => tracing::warn!(error = %e, payment = %payment_id, "canceling an intent failed; retried later"),
        }
    }
    Ok(done)
}

/// Cancel one payment's intent at the provider; true once the provider is
/// done with it (canceled, or succeeded first and now recorded). An intent
/// it would not cancel yet (processing) is asked about again later.
async fn cancel_one(state: &AppState, payment_id: &str, intent_id: &str) -> AppResult<bool> {
    let intent = match state.payments.cancel_intent(intent_id).await {
        Ok(intent) => intent,
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), payment = %payment_id, "the provider did not cancel an intent");
            return Ok(false);
        }
    };
    let settled = matches!(intent.status, IntentStatus::Canceled | IntentStatus::Succeeded);
    if !settled {
        return Ok(false);
    }
    let mut tx = state.begin().await?;
    if intent.status == IntentStatus::Succeeded {
        service::record(&mut tx, payment_id, &intent, "registry").await?;
    }
    store::mark_canceled_at_provider(&mut tx, payment_id).await?;
    tx.commit().await?;
    Ok(true)
}
