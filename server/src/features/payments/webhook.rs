//! `POST /api/payments/webhook`: Stripe's events. The signature is checked
//! over the raw body before anything is read; an event id is handled once;
//! and the event only says *which* intent changed: its state is read back
//! from Stripe, so a forged, stale or out-of-order event cannot move money.

use axum::http::HeaderMap;
use serde::Deserialize;

use super::{service, store};
use crate::{
    foundation::error::{AppError, AppResult},
    platform::config::PaymentsProvider,
    platform::db::is_unique_violation,
    platform::state::AppState,
    platform::stripe_http::{WebhookAck, ack},
};

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: EventObject,
}

#[derive(Deserialize)]
struct EventObject {
    id: String,
}

const HANDLED: &[&str] = &[
    "payment_intent.succeeded",
    "payment_intent.payment_failed",
    "payment_intent.processing",
    "payment_intent.requires_action",
    "payment_intent.canceled",
];

pub async fn handle(state: &AppState, headers: &HeaderMap, body: &[u8]) -> AppResult<WebhookAck> {
    let PaymentsProvider::Stripe { webhook_secret, .. } = &state.config.payments else {
        return Err(AppError::NotFound("webhooks_received_registry_payments_stripe".into()));
    };
    let event: Event = crate::platform::stripe_http::verified_event(headers, body, webhook_secret.expose())?;
    if !HANDLED.contains(&event.kind.as_str()) {
        return Ok(ack("ignored"));
    }
    if store::event_logged(&state.db, &event.id).await? {
        return Ok(ack("duplicate"));
    }
    let Some(payment_id) = service::payment_id_for_intent(state, &event.data.object.id).await? else {
        tracing::warn!(event = %event.id, intent = %event.data.object.id, "webhook for an intent we did not make");
        return Ok(ack("ignored"));
    };
    // The provider's word, not the event's: events may be old or out of order.
    let intent =
        state.payments.retrieve_intent(&event.data.object.id).await.map_err(|e| service::provider_unavailable(&e))?;
    let mut tx = state.begin().await?;
    let logged = super::records::log_event_with_id(
        &mut tx,
        &event.id,
        &payment_id,
        "stripe_webhook",
        &event.kind,
        serde_json::json!({"intent": intent.id, "intentStatus": intent.status.as_str()}),
    )
    .await;
    match logged {
        // The same event, handled by a racing request or process.
        Err(e) if is_unique_violation(&e) => return Ok(ack("duplicate")),
        other => other?,
    }
    service::record(&mut tx, &payment_id, &intent, "stripe_webhook").await?;
    tx.commit().await?;
    super::follow_up::run(state).await;
    Ok(ack("applied"))
}
