//! Payments as the API shows them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{domain::PlatformId, foundation::i18n::Msg, platform::clock::rfc3339};

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Purpose {
    Registration,
    Transfer,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// What the fee costs (`domain::fees`).
    pub fn amount_cents(self) -> i64 {
        match self {
            Self::Registration => crate::domain::fees::REGISTRATION_CENTS,
            Self::Transfer => crate::domain::fees::TRANSFER_CENTS,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Self::Registration => "Vessel registration (one-time fee, lifetime validity)",
            Self::Transfer => "Ownership transfer",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum PaymentStatus {
    RequiresPayment,
    RequiresAction,
    Processing,
    Succeeded,
    Failed,
    Canceled,
}

impl PaymentStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Nothing more will happen to it.
    pub fn is_final(self) -> bool {
        matches!(self, Self::Succeeded | Self::Canceled)
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CreateIntentRequest {
    pub purpose: Purpose,
    /// The vessel's id (not its platform ID).
    pub vessel_id: String,
    /// Transfers only.
    pub transfer_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedIntent {
    /// For the provider's payment form (`pi_..._secret_...`).
    pub client_secret: String,
    pub payment_id: String,
    pub amount_cents: i64,
    pub currency: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Payment {
    pub id: String,
    pub purpose: Purpose,
    pub status: PaymentStatus,
    pub amount_cents: i64,
    pub currency: String,
    pub vessel_id: String,
    /// Grouped, e.g. `7KQ2-M9XD-4HTB`.
    pub vessel_platform_id: String,
    pub transfer_id: Option<String>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    /// Why the last attempt failed: in the reader's language when the registry words that
    /// reason (`failureCode`), in the provider's words otherwise.
    pub failure_message: Option<String>,
    /// The reason's message code, when the registry words it (`card_declined`, ...).
    pub failure_code: Option<String>,
    pub created_at: String,
    pub succeeded_at: Option<String>,
}

/// Columns for [`PaymentRow`]; `p` is payments, `v` the vessel.
pub const PAYMENT_COLUMNS: &str = "p.id, p.user_id, p.purpose, p.status, p.amount_cents, p.currency, p.vessel_id, \
     v.platform_id, p.transfer_id, p.card_brand, p.card_last4, p.failure_message, p.failure_code, p.created_at, p.succeeded_at, \
     p.provider, p.provider_intent_id, p.client_secret";

/// A payment as [`PAYMENT_COLUMNS`] reads it, with its payer and provider intent.
#[derive(sqlx::FromRow)]
pub(super) struct PaymentRow {
    pub(super) id: String,
    pub(super) user_id: String,
    pub(super) purpose: String,
    pub(super) status: String,
    pub(super) amount_cents: i64,
    pub(super) currency: String,
    pub(super) vessel_id: String,
    pub(super) platform_id: String,
    pub(super) transfer_id: Option<String>,
    pub(super) card_brand: Option<String>,
    pub(super) card_last4: Option<String>,
    pub(super) failure_message: Option<String>,
    pub(super) failure_code: Option<String>,
    pub(super) created_at: i64,
    pub(super) succeeded_at: Option<i64>,
    pub(super) provider_intent_id: Option<String>,
}

impl TryFrom<PaymentRow> for Payment {
    type Error = sqlx::Error;

    fn try_from(r: PaymentRow) -> sqlx::Result<Self> {
        let code = r.failure_code.as_deref().and_then(crate::platform::payment_provider::failure_key);
        Ok(Self {
            id: r.id,
            purpose: crate::platform::db::stored::<Purpose>(&r.purpose)?,
            status: crate::platform::db::stored::<PaymentStatus>(&r.status)?,
            amount_cents: r.amount_cents,
            currency: r.currency,
            vessel_id: r.vessel_id,
            vessel_platform_id: PlatformId::display_stored(r.platform_id),
            transfer_id: r.transfer_id,
            card_brand: r.card_brand,
            card_last4: r.card_last4,
            failure_message: match code {
                Some(key) => Some(Msg::new(key).localized()),
                None => r.failure_message,
            },
            failure_code: code.map(str::to_owned),
            created_at: rfc3339(r.created_at),
            succeeded_at: r.succeeded_at.map(rfc3339),
        })
    }
}

/// What `service::record` compares with the provider's report.
#[derive(sqlx::FromRow)]
pub(super) struct PaymentStateRow {
    pub(super) amount_cents: i64,
    pub(super) currency: String,
    pub(super) status: String,
    pub(super) provider_intent_id: Option<String>,
    pub(super) failure_message: Option<String>,
    pub(super) failure_code: Option<String>,
    pub(super) purpose: String,
}

/// What a payment pays for, and who paid it.
#[derive(sqlx::FromRow)]
pub(super) struct PaymentFeeRow {
    pub(super) purpose: String,
    pub(super) vessel_id: String,
    pub(super) user_id: String,
    pub(super) transfer_id: Option<String>,
}

/// What a receipt says: the payment, its payer's address and language, the vessel.
#[derive(sqlx::FromRow)]
pub(super) struct ReceiptRow {
    pub(super) purpose: String,
    pub(super) amount_cents: i64,
    pub(super) succeeded_at: Option<i64>,
    pub(super) card_brand: Option<String>,
    pub(super) card_last4: Option<String>,
    pub(super) email: String,
    pub(super) language: String,
    pub(super) name: Option<String>,
    pub(super) make: String,
    pub(super) model: String,
    pub(super) platform_id: String,
}

/// A payment as an administrator's refund finds it (`refunds::reserve`).
#[derive(sqlx::FromRow)]
pub(super) struct RefundableRow {
    pub(super) status: String,
    pub(super) purpose: String,
    pub(super) vessel_id: String,
    pub(super) provider: String,
    pub(super) provider_intent_id: Option<String>,
    pub(super) transfer_status: Option<String>,
    pub(super) vessel_status: String,
    /// 1 when the vessel is no longer the payer's.
    pub(super) passed_on: i64,
    pub(super) pending_refund: Option<String>,
    pub(super) pending_cause: Option<String>,
    /// Succeeded refunds.
    pub(super) refunded: i64,
}

/// A refund without effect that the provider has not answered yet.
#[derive(sqlx::FromRow)]
pub(super) struct PendingRefundRow {
    pub(super) id: String,
    pub(super) payment_id: String,
    pub(super) reason: String,
    pub(super) provider_intent_id: Option<String>,
    pub(super) purpose: String,
    pub(super) vessel_id: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsConfig {
    /// `local` or `stripe`.
    pub provider: String,
    /// Stripe only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub publishable_key: Option<String>,
}
