//! Stripe (`REGISTRY_PAYMENTS=stripe`), in test mode: `PaymentIntents` over
//! its REST API (form-encoded requests, bearer secret key, an
//! `Idempotency-Key` per payment) and full refunds. Its webhooks' signatures
//! are checked by `crate::platform::stripe_http`. Tests run against a local fake of
//! the API.

use async_trait::async_trait;
use serde::Deserialize;

use crate::platform::config::Secret;
use crate::platform::payment_provider::{
    IntentRequest, IntentStatus, PaymentProvider, ProviderIntent, ProviderRefund, RefundStatus,
};

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
        let intent: StripeIntent = crate::platform::stripe_http::read_json(response).await?;
        intent.into_provider_intent()
    }
}

#[derive(Deserialize)]
struct StripeRefund {
    id: String,
    status: String,
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
    pub code: Option<String>,
    pub decline_code: Option<String>,
}

impl PaymentError {
    /// The most specific reason we have words for: the issuer's decline code, then the error's code.
    fn key(&self) -> Option<&'static str> {
        [&self.decline_code, &self.code]
            .into_iter()
            .flatten()
            .find_map(|c| crate::platform::payment_provider::stripe_failure_key(c))
    }
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
            last_error_code: self.last_payment_error.as_ref().and_then(PaymentError::key),
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

    async fn cancel_intent(&self, id: &str) -> anyhow::Result<ProviderIntent> {
        let path = format!(
            "/v1/payment_intents/{}/cancel",
            url::form_urlencoded::byte_serialize(id.as_bytes()).collect::<String>()
        );
        let response = self
            .http
            .post(self.url(&path)?)
            .bearer_auth(self.secret_key.expose())
            .header("Idempotency-Key", format!("cancel-{id}"))
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body("cancellation_reason=abandoned")
            .send()
            .await?;
        // A 4xx says the intent cannot be canceled in its state (it succeeded,
        // or is processing): what it is now is what counts.
        if response.status().is_client_error() {
            let status = response.status();
            let text = response.text().await.unwrap_or_default();
            tracing::warn!(%status, body = %text.chars().take(300).collect::<String>(), "Stripe did not cancel an intent");
            return self.retrieve_intent(id).await;
        }
        self.read(response).await
    }

    async fn refund(&self, intent_id: &str, refund_id: &str) -> anyhow::Result<ProviderRefund> {
        let form =
            [("payment_intent", intent_id), ("reason", "requested_by_customer"), ("metadata[refund_id]", refund_id)];
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
        let response = self
            .http
            .post(self.url("/v1/refunds")?)
            .bearer_auth(self.secret_key.expose())
            .header("Idempotency-Key", format!("refund-{refund_id}"))
            .header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await?;
        // A 4xx is Stripe's definite refusal (already refunded, disputed...),
        // but for 409 (the same key in use by a request still running) and
        // 429 (rate limited): those, and anything else without an answer, are
        // errors: the refund may or may not have happened, and asking again
        // with the same key tells.
        let status = response.status().as_u16();
        if response.status().is_client_error() && status != 409 && status != 429 {
            let text = response.text().await.unwrap_or_default();
            tracing::warn!(status, body = %text.chars().take(300).collect::<String>(), "Stripe refused a refund");
            return Ok(ProviderRefund { id: String::new(), status: RefundStatus::Failed });
        }
        if status == 409 || status == 429 {
            anyhow::bail!("Stripe answered {status} to a refund: ask again later");
        }
        let refund: StripeRefund = crate::platform::stripe_http::read_json(response).await?;
        Ok(ProviderRefund { id: refund.id, status: RefundStatus::from_provider(&refund.status) })
    }
}
