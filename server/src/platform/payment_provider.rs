//! The card provider behind one trait: the offline processor built into the
//! server (`local`) or Stripe's REST API (`stripe`). Both speak in the
//! provider's terms (`PaymentIntents` and their statuses); `service` turns what
//! they report into our payments' states.

use async_trait::async_trait;

/// What we ask the provider to collect.
#[derive(Clone, Debug)]
pub struct IntentRequest {
    /// Our payment's id: the idempotency key and the intent's metadata.
    pub payment_id: String,
    pub amount_cents: i64,
    pub currency: &'static str,
    pub description: String,
}

/// A `PaymentIntent`'s status, as the provider names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum IntentStatus {
    RequiresPaymentMethod,
    RequiresConfirmation,
    RequiresAction,
    Processing,
    RequiresCapture,
    Canceled,
    Succeeded,
}

impl IntentStatus {
    pub fn parse(s: &str) -> Option<Self> {
        s.parse().ok()
    }

    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// A `PaymentIntent` as the provider reports it.
#[derive(Clone, Debug)]
pub struct ProviderIntent {
    pub id: String,
    pub client_secret: String,
    pub status: IntentStatus,
    pub amount_cents: i64,
    pub currency: String,
    /// Our payment id from the intent's metadata.
    pub payment_ref: Option<String>,
    /// Why the last attempt failed, in the provider's words (English).
    pub last_error: Option<String>,
    /// The same as a key of our message catalogue, when it is a reason we have words for
    /// (see [`failure_key`]), so the payer reads it in their language.
    pub last_error_code: Option<&'static str>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
}

/// The reasons a card payment fails that the registry words itself, by catalogue key.
const FAILURE_KEYS: [&str; 5] = [
    "card_declined",
    "card_insufficient_funds",
    "card_expired",
    "cards_security_code_incorrect",
    "payment_authentication_failed",
];

/// A stored failure code as the catalogue key it is; `None` for anything else.
pub fn failure_key(stored: &str) -> Option<&'static str> {
    FAILURE_KEYS.into_iter().find(|k| *k == stored)
}

/// A Stripe error's `decline_code` or `code` as our catalogue key, when we word that reason.
pub fn stripe_failure_key(code: &str) -> Option<&'static str> {
    match code {
        "insufficient_funds" => Some("card_insufficient_funds"),
        "expired_card" => Some("card_expired"),
        "incorrect_cvc" => Some("cards_security_code_incorrect"),
        "payment_intent_authentication_failure" => Some("payment_authentication_failed"),
        "card_declined" | "generic_decline" | "do_not_honor" => Some("card_declined"),
        _ => None,
    }
}

/// A refund as the provider reports it.
#[derive(Clone, Debug)]
pub struct ProviderRefund {
    pub id: String,
    /// `succeeded`, `pending` or `failed` (Stripe's `requires_action` and
    /// `canceled` count as pending and failed).
    pub status: RefundStatus,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefundStatus {
    Succeeded,
    Pending,
    Failed,
}

impl RefundStatus {
    pub fn from_provider(s: &str) -> Self {
        match s {
            "succeeded" => Self::Succeeded,
            "failed" | "canceled" => Self::Failed,
            _ => Self::Pending,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Succeeded => "succeeded",
            Self::Pending => "pending",
            Self::Failed => "failed",
        }
    }
}

#[async_trait]
pub trait PaymentProvider: Send + Sync {
    /// `local` or `stripe`: stored with each payment.
    fn name(&self) -> &'static str;
    /// The key the browser's payment form needs, if the provider has one.
    fn publishable_key(&self) -> Option<String>;
    /// Create (or, for the same payment id, return again) the intent.
    async fn create_intent(&self, request: &IntentRequest) -> anyhow::Result<ProviderIntent>;
    /// Read the intent's current state from the provider.
    async fn retrieve_intent(&self, id: &str) -> anyhow::Result<ProviderIntent>;
    /// Cancel an intent that can no longer buy anything, so that no form
    /// left open can still charge it. Answers the intent as it stands
    /// afterwards: `Canceled`, or a state the provider would not cancel from
    /// (a success that came first is then recorded and refunded by the
    /// caller). `Err` means no answer: ask again later.
    async fn cancel_intent(&self, id: &str) -> anyhow::Result<ProviderIntent>;
    /// Refund a succeeded intent in full. `refund_id` is ours: the
    /// idempotency key, so a retried request refunds once. A definite
    /// refusal is `Ok` with status `Failed`; `Err` means no answer (the
    /// refund may have happened: ask again with the same key).
    async fn refund(&self, intent_id: &str, refund_id: &str) -> anyhow::Result<ProviderRefund>;
}
