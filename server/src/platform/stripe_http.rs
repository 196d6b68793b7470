//! What every Stripe client here shares (payments and identity checks):
//! reading its answers, and verifying its webhooks' `Stripe-Signature`.

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;
use subtle::ConstantTimeEq;

/// A webhook's event, once its `Stripe-Signature` (checked over the raw
/// body, against `secret`, now) is right; 400 otherwise.
pub fn verified_event<T: serde::de::DeserializeOwned>(
    headers: &axum::http::HeaderMap,
    body: &[u8],
    secret: &str,
) -> Result<T, crate::foundation::error::AppError> {
    use crate::foundation::error::AppError;
    let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok());
    verify(signature, body, secret, crate::platform::clock::now_ms() / 1000)
        .map_err(|e| AppError::bad_request("invalid_signature", e.message()))?;
    serde_json::from_slice(body).map_err(|_| AppError::bad_request("invalid_event", "event_not_stripe_event_object"))
}

/// What a webhook answers Stripe: `applied`, `duplicate` or `ignored`.
pub fn ack(outcome: &'static str) -> WebhookAck {
    WebhookAck { received: true, outcome }
}

/// What a webhook answers Stripe.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct WebhookAck {
    pub received: bool,
    /// `applied`, `duplicate` or `ignored`.
    pub outcome: &'static str,
}

#[derive(Deserialize)]
struct ErrorEnvelope {
    error: ErrorBody,
}

#[derive(Deserialize)]
struct ErrorBody {
    message: Option<String>,
}

/// A Stripe answer's JSON, or an error carrying Stripe's message.
pub async fn read_json<T: serde::de::DeserializeOwned>(response: reqwest::Response) -> anyhow::Result<T> {
    let status = response.status();
    let text = response.text().await?;
    if !status.is_success() {
        let message = serde_json::from_str::<ErrorEnvelope>(&text)
            .map_or_else(|_| text.chars().take(200).collect(), |e| e.error.message.unwrap_or_default());
        anyhow::bail!("Stripe answered {status}: {message}");
    }
    Ok(serde_json::from_str(&text)?)
}

/// How far a webhook's timestamp may be from now (Stripe's default).
pub const SIGNATURE_TOLERANCE_SECS: i64 = 300;

#[derive(Debug, PartialEq, Eq)]
pub enum SignatureError {
    Missing,
    Malformed,
    OutsideTolerance,
    Mismatch,
}

impl SignatureError {
    pub fn message(&self) -> &'static str {
        match self {
            Self::Missing => "stripe_signature_header_missing",
            Self::Malformed => "stripe_signature_header_malformed",
            Self::OutsideTolerance => "webhooks_timestamp_too_far_from",
            Self::Mismatch => "no_signature_matches_payload",
        }
    }
}

/// Stripe's scheme: `Stripe-Signature: t=TIMESTAMP,v1=HEX[,v1=HEX...]`, each
/// `v1` an HMAC-SHA256 with the endpoint's secret over `TIMESTAMP.` and the
/// raw body. Compared in constant time against every `v1`.
pub fn verify(header: Option<&str>, body: &[u8], secret: &str, now_secs: i64) -> Result<(), SignatureError> {
    let header = header.ok_or(SignatureError::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = Some(t.parse::<i64>().map_err(|_| SignatureError::Malformed)?),
            Some(("v1", hex)) => signatures.push(decode_hex(hex).ok_or(SignatureError::Malformed)?),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if now_secs.abs_diff(timestamp) > SIGNATURE_TOLERANCE_SECS.unsigned_abs() {
        return Err(SignatureError::OutsideTolerance);
    }
    let expected = sign(secret, timestamp, body);
    let mut matched = subtle::Choice::from(0);
    for candidate in &signatures {
        matched |= candidate.as_slice().ct_eq(expected.as_slice());
    }
    if bool::from(matched) { Ok(()) } else { Err(SignatureError::Mismatch) }
}

/// The `v1` signature bytes for a payload (also what tests sign with).
pub fn sign(secret: &str, timestamp: i64, body: &[u8]) -> Vec<u8> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().to_vec()
}

/// A ready `Stripe-Signature` header value.
pub fn signature_header(secret: &str, timestamp: i64, body: &[u8]) -> String {
    format!("t={timestamp},v1={}", crate::platform::ids::to_hex(&sign(secret, timestamp, body)))
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded"}"#;

    #[test]
    fn a_correctly_signed_payload_is_accepted_among_other_signatures() {
        let good = signature_header(SECRET, 1_000, BODY);
        let header = format!("{},v1={}", good, "00".repeat(32));
        assert_eq!(verify(Some(&header), BODY, SECRET, 1_010), Ok(()));
        let reordered = format!("v1={},{}", "ab".repeat(32), good);
        assert_eq!(verify(Some(&reordered), BODY, SECRET, 1_010), Ok(()));
    }

    #[test]
    fn a_changed_body_a_wrong_secret_or_a_missing_header_is_refused() {
        let header = signature_header(SECRET, 1_000, BODY);
        assert_eq!(verify(Some(&header), b"{}", SECRET, 1_000), Err(SignatureError::Mismatch));
        assert_eq!(verify(Some(&header), BODY, "whsec_other", 1_000), Err(SignatureError::Mismatch));
        assert_eq!(verify(None, BODY, SECRET, 1_000), Err(SignatureError::Missing));
        assert_eq!(verify(Some("t=1000"), BODY, SECRET, 1_000), Err(SignatureError::Malformed));
        assert_eq!(verify(Some("v1=zz,t=1000"), BODY, SECRET, 1_000), Err(SignatureError::Malformed));
    }

    #[test]
    fn a_timestamp_more_than_five_minutes_away_is_refused() {
        let header = signature_header(SECRET, 1_000, BODY);
        assert_eq!(verify(Some(&header), BODY, SECRET, 1_301), Err(SignatureError::OutsideTolerance));
        assert_eq!(verify(Some(&header), BODY, SECRET, 1_300), Ok(()));
        assert_eq!(verify(Some(&header), BODY, SECRET, 699), Err(SignatureError::OutsideTolerance));
        let extreme = format!("t={},v1={}", i64::MIN, "00".repeat(32));
        assert_eq!(verify(Some(&extreme), BODY, SECRET, i64::MAX), Err(SignatureError::OutsideTolerance));
    }
}
