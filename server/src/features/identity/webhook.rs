//! `POST /api/identity/webhook`: Stripe Identity's events. The signature is
//! checked over the raw body (one implementation with payments); each event
//! id is handled once; an event older than the last one applied to its
//! session changes nothing (`service::apply`).

use axum::http::HeaderMap;
use serde::Deserialize;

use super::model::Report;
use super::service;
use super::store;
use crate::{
    features::auth::IdentityFailure,
    foundation::error::{AppError, AppResult},
    platform::clock::now_ms,
    platform::config::IdentityProviderConfig,
    platform::db::is_unique_violation,
    platform::state::AppState,
    platform::stripe_http::{WebhookAck, ack},
};

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    /// Seconds since the epoch, Stripe's clock.
    created: i64,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: Session,
}

#[derive(Deserialize)]
struct Session {
    id: String,
    #[serde(default)]
    last_error: Option<LastError>,
}

#[derive(Deserialize)]
struct LastError {
    code: Option<String>,
}

/// Stripe's `last_error.code` in our words.
pub fn failure_for(code: Option<&str>) -> IdentityFailure {
    match code {
        Some("document_expired") => IdentityFailure::DocumentExpired,
        Some(
            "selfie_face_mismatch" | "selfie_document_missing_photo" | "selfie_manipulated" | "selfie_unverified_other",
        ) => IdentityFailure::SelfieMismatch,
        Some("document_type_not_supported" | "country_not_supported") => IdentityFailure::DocumentTypeUnsupported,
        Some("document_unverified_other" | "document_missing_front" | "document_missing_back") => {
            IdentityFailure::DocumentUnreadable
        }
        Some("consent_declined" | "abandoned") => IdentityFailure::Canceled,
        _ => IdentityFailure::Other,
    }
}

pub async fn handle(state: &AppState, headers: &HeaderMap, body: &[u8]) -> AppResult<WebhookAck> {
    let IdentityProviderConfig::Stripe { webhook_secret, .. } = &state.config.identity else {
        return Err(AppError::NotFound("identity_webhooks_received_registry_identity".into()));
    };
    let event: Event = crate::platform::stripe_http::verified_event(headers, body, webhook_secret.expose())?;
    let report = match event.kind.as_str() {
        "identity.verification_session.processing" => Report::Processing,
        "identity.verification_session.verified" => Report::Verified,
        "identity.verification_session.canceled" => Report::Failed(IdentityFailure::Canceled),
        "identity.verification_session.requires_input" => match event.data.object.last_error {
            // Waiting for the person's first attempt: nothing to record.
            None => return Ok(ack("ignored")),
            Some(error) => Report::Failed(failure_for(error.code.as_deref())),
        },
        _ => return Ok(ack("ignored")),
    };
    // The name on the document, asked for before the transaction: a provider
    // that does not answer now gets the event again later (503).
    let verified_name = match report {
        Report::Verified => state.identity.verified_name(&event.data.object.id).await.map_err(|e| {
            tracing::warn!(error = %format!("{e:#}"), "Stripe Identity did not give the verified name");
            AppError::Unavailable {
                code: "provider_unavailable",
                message: "identity_provider_not_answering_try".into(),
                retry_after_secs: 60,
            }
        })?,
        _ => None,
    };
    let mut tx = state.begin().await?;
    let session_id = store::stripe_session_id(&mut tx, &event.data.object.id).await?;
    let Some(session_id) = session_id else {
        tracing::warn!(event = %event.id, session = %event.data.object.id, "identity webhook for a session we did not make");
        return Ok(ack("ignored"));
    };
    let seen = store::insert_event(&mut tx, &event.id, &session_id, &event.kind, now_ms()).await;
    match seen {
        Err(e) if is_unique_violation(&e) => return Ok(ack("duplicate")),
        other => {
            other?;
        }
    }
    if let Some(name) = verified_name.as_deref().and_then(|n| crate::domain::OwnerName::parse(n).ok()) {
        service::record_verified_name(&mut tx, "stripe", &event.data.object.id, name.as_str()).await?;
    }
    let applied =
        service::apply(&mut tx, "stripe", &event.data.object.id, report, event.created.saturating_mul(1000)).await?;
    tx.commit().await?;
    Ok(ack(if applied { "applied" } else { "ignored" }))
}
