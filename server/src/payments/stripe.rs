//! Stripe (`REGISTRY_PAYMENTS=stripe`), in test mode: `PaymentIntents` over
//! its REST API (form-encoded requests, bearer secret key, an
//! `Idempotency-Key` per payment), and the verification of its webhooks'
//! `Stripe-Signature`. Tests run both against a local fake of the API.

use async_trait::async_trait;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;
use subtle::ConstantTimeEq;

use super::provider::{IntentRequest, IntentStatus, PaymentProvider, ProviderIntent};
use crate::config::Secret;

pub struct StripeClient {
    http: reqwest::Client,
    api_base: url::Url,
    secret_key: Secret,
    publishable_key: String,
}

impl StripeClient {
    pub fn new(api_base: url::Url, secret_key: Secret, publishable_key: String) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(20))
            .user_agent(concat!("european-small-craft-registry/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(Self { http, api_base, secret_key, publishable_key })
    }

    fn url(&self, path: &str) -> anyhow::Result<url::Url> {
        Ok(self.api_base.join(path)?)
    }

    async fn read(&self, response: reqwest::Response) -> anyhow::Result<ProviderIntent> {
        let status = response.status();
        let text = response.text().await?;
        if !status.is_success() {
            let message = serde_json::from_str::<ErrorEnvelope>(&text)
                .map_or_else(|_| text.chars().take(200).collect(), |e| e.error.message.unwrap_or_default());
            anyhow::bail!("Stripe answered {status}: {message}");
        }
        let intent: StripeIntent = serde_json::from_str(&text)?;
        intent.into_provider_intent()
    }
}

#[derive(Deserialize)]
struct ErrorEnvelope {
    error: ErrorBody,
}

#[derive(Deserialize)]
struct ErrorBody {
    message: Option<String>,
}

/// The parts of a `PaymentIntent` object we read.
#[derive(Deserialize)]
pub struct StripeIntent {
    pub id: String,
    #[serde(default)]
    pub client_secret: Option<String>,
    pub status: String,
    pub amount: i64,
    pub currency: String,
    #[serde(default)]
    pub metadata: std::collections::HashMap<String, String>,
    #[serde(default)]
    pub last_payment_error: Option<PaymentError>,
}

#[derive(Deserialize)]
pub struct PaymentError {
    pub message: Option<String>,
}

impl StripeIntent {
    fn into_provider_intent(self) -> anyhow::Result<ProviderIntent> {
        let status = IntentStatus::parse(&self.status)
            .ok_or_else(|| anyhow::anyhow!("unknown intent status {}", self.status))?;
        Ok(ProviderIntent {
            id: self.id,
            client_secret: self.client_secret.unwrap_or_default(),
            status,
            amount_cents: self.amount,
            currency: self.currency,
            payment_ref: self.metadata.get("payment_id").cloned(),
            last_error: self.last_payment_error.and_then(|e| e.message),
            card_brand: None,
            card_last4: None,
        })
    }
}

#[async_trait]
impl PaymentProvider for StripeClient {
    fn name(&self) -> &'static str {
        "stripe"
    }

    fn publishable_key(&self) -> Option<String> {
        Some(self.publishable_key.clone())
    }

    async fn create_intent(&self, request: &IntentRequest) -> anyhow::Result<ProviderIntent> {
        let amount = request.amount_cents.to_string();
        let form = [
            ("amount", amount.as_str()),
            ("currency", request.currency),
            ("description", request.description.as_str()),
            ("metadata[payment_id]", request.payment_id.as_str()),
            ("automatic_payment_methods[enabled]", "true"),
        ];
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
        let response = self
            .http
            .post(self.url("/v1/payment_intents")?)
            .bearer_auth(self.secret_key.expose())
            .header("Idempotency-Key", format!("payment-{}", request.payment_id))
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await?;
        self.read(response).await
    }

    async fn retrieve_intent(&self, id: &str) -> anyhow::Result<ProviderIntent> {
        let path =
            format!("/v1/payment_intents/{}", url::form_urlencoded::byte_serialize(id.as_bytes()).collect::<String>());
        let response = self.http.get(self.url(&path)?).bearer_auth(self.secret_key.expose()).send().await?;
        self.read(response).await
    }
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
            Self::Missing => "The Stripe-Signature header is missing.",
            Self::Malformed => "The Stripe-Signature header is malformed.",
            Self::OutsideTolerance => "The webhook's timestamp is too far from now.",
            Self::Mismatch => "No signature matches the payload.",
        }
    }
}

/// Stripe's scheme: `Stripe-Signature: t=TIMESTAMP,v1=HEX[,v1=HEX...]`, each
/// `v1` an HMAC-SHA256 with the endpoint's secret over `TIMESTAMP.` and the
/// raw body. Compared in constant time against every `v1`.
pub fn verify_signature(header: Option<&str>, body: &[u8], secret: &str, now_secs: i64) -> Result<(), SignatureError> {
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
    format!("t={timestamp},v1={}", crate::ids::to_hex(&sign(secret, timestamp, body)))
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
        assert_eq!(verify_signature(Some(&header), BODY, SECRET, 1_010), Ok(()));
        let reordered = format!("v1={},{}", "ab".repeat(32), good);
        assert_eq!(verify_signature(Some(&reordered), BODY, SECRET, 1_010), Ok(()));
    }

    #[test]
    fn a_changed_body_a_wrong_secret_or_a_missing_header_is_refused() {
        let header = signature_header(SECRET, 1_000, BODY);
        assert_eq!(verify_signature(Some(&header), b"{}", SECRET, 1_000), Err(SignatureError::Mismatch));
        assert_eq!(verify_signature(Some(&header), BODY, "whsec_other", 1_000), Err(SignatureError::Mismatch));
        assert_eq!(verify_signature(None, BODY, SECRET, 1_000), Err(SignatureError::Missing));
        assert_eq!(verify_signature(Some("t=1000"), BODY, SECRET, 1_000), Err(SignatureError::Malformed));
        assert_eq!(verify_signature(Some("v1=zz,t=1000"), BODY, SECRET, 1_000), Err(SignatureError::Malformed));
    }

    #[test]
    fn a_timestamp_more_than_five_minutes_away_is_refused() {
        let header = signature_header(SECRET, 1_000, BODY);
        assert_eq!(verify_signature(Some(&header), BODY, SECRET, 1_301), Err(SignatureError::OutsideTolerance));
        assert_eq!(verify_signature(Some(&header), BODY, SECRET, 1_300), Ok(()));
        assert_eq!(verify_signature(Some(&header), BODY, SECRET, 699), Err(SignatureError::OutsideTolerance));
        let extreme = format!("t={},v1={}", i64::MIN, "00".repeat(32));
        assert_eq!(verify_signature(Some(&extreme), BODY, SECRET, i64::MAX), Err(SignatureError::OutsideTolerance));
    }
}
