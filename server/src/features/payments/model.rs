//! Payments as the API shows them.

use serde::{Deserialize, Serialize};
use sqlx::{Row, any::AnyRow};
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

/// Columns for [`Payment::from_row`]; `p` is payments, `v` the vessel.
pub const PAYMENT_COLUMNS: &str = "p.id, p.user_id, p.purpose, p.status, p.amount_cents, p.currency, p.vessel_id, \
     v.platform_id, p.transfer_id, p.card_brand, p.card_last4, p.failure_message, p.failure_code, p.created_at, p.succeeded_at, \
     p.provider, p.provider_intent_id, p.client_secret";

impl sqlx::FromRow<'_, AnyRow> for Payment {
    fn from_row(r: &AnyRow) -> sqlx::Result<Self> {
        let code = r
            .try_get::<Option<String>, _>("failure_code")?
            .as_deref()
            .and_then(crate::platform::payment_provider::failure_key);
        Ok(Self {
            id: r.try_get("id")?,
            purpose: crate::platform::db::stored::<Purpose>(r.try_get("purpose")?)?,
            status: crate::platform::db::stored::<PaymentStatus>(r.try_get("status")?)?,
            amount_cents: r.try_get("amount_cents")?,
            currency: r.try_get("currency")?,
            vessel_id: r.try_get("vessel_id")?,
            vessel_platform_id: PlatformId::display_stored(r.try_get("platform_id")?),
            transfer_id: r.try_get("transfer_id")?,
            card_brand: r.try_get("card_brand")?,
            card_last4: r.try_get("card_last4")?,
            failure_message: match code {
                Some(key) => Some(Msg::new(key).localized()),
                None => r.try_get("failure_message")?,
            },
            failure_code: code.map(str::to_owned),
            created_at: rfc3339(r.try_get("created_at")?),
            succeeded_at: r.try_get::<Option<i64>, _>("succeeded_at")?.map(rfc3339),
        })
    }
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
