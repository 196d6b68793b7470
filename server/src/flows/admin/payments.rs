//! Every payment, for administrators, with totals (read only: refunds go
//! through `payments::refunds`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    paging::Paging,
    store::{self, PaymentRow},
};
use crate::{
    domain::PlatformId,
    features::payments::{
        model::{PaymentStatus, Purpose},
        refunds,
    },
    foundation::error::{AppError, AppResult},
    platform::clock::rfc3339,
    platform::state::AppState,
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentRefund {
    /// `pending`, `succeeded` or `failed`.
    pub status: String,
    pub reason: String,
    pub created_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPayment {
    pub id: String,
    pub purpose: Purpose,
    pub amount_cents: i64,
    pub currency: String,
    pub status: PaymentStatus,
    /// `local` or `stripe`.
    pub provider: String,
    /// The provider's id of the payment (a `PaymentIntent`).
    pub provider_reference: Option<String>,
    pub vessel_platform_id: String,
    pub created_at: String,
    pub succeeded_at: Option<String>,
    /// The latest refund attempt, if any.
    pub refund: Option<PaymentRefund>,
    /// A full refund may be made now.
    pub refundable: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentTotals {
    /// Every payment that succeeded, among those the filters select.
    pub succeeded_cents: i64,
    pub refunded_cents: i64,
    pub net_cents: i64,
    pub currency: &'static str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPaymentPage {
    pub data: Vec<AdminPayment>,
    pub total: i64,
    pub total_pages: i64,
    pub totals: PaymentTotals,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PaymentListParams {
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    /// `requires_payment`, `requires_action`, `processing`, `succeeded`, `failed` or `canceled`.
    pub status: Option<String>,
    pub purpose: Option<Purpose>,
}

const STATUSES: [&str; 6] = ["requires_payment", "requires_action", "processing", "succeeded", "failed", "canceled"];

impl TryFrom<PaymentRow> for AdminPayment {
    type Error = sqlx::Error;

    fn try_from(r: PaymentRow) -> sqlx::Result<Self> {
        let refund = match r.refund_status {
            Some(status) => Some(PaymentRefund {
                status,
                reason: r.refund_reason.ok_or_else(|| sqlx::Error::Decode("a refund without its reason".into()))?,
                created_at: rfc3339(
                    r.refund_created_at.ok_or_else(|| sqlx::Error::Decode("a refund without its time".into()))?,
                ),
            }),
            None => None,
        };
        // A pending refund (the provider did not answer) may be asked again.
        let refunded = refund.as_ref().is_some_and(|f| f.status == "succeeded");
        Ok(Self {
            id: r.id,
            refundable: refunds::refusal(&refunds::Refundable {
                status: &r.status,
                purpose: &r.purpose,
                transfer_status: r.transfer_status.as_deref(),
                refunded,
                passed_on: r.passed_on == 1,
            })
            .is_none(),
            purpose: crate::platform::db::stored::<Purpose>(&r.purpose)?,
            amount_cents: r.amount_cents,
            currency: r.currency.to_uppercase(),
            status: crate::platform::db::stored::<PaymentStatus>(&r.status)?,
            provider: r.provider,
            provider_reference: r.provider_intent_id,
            vessel_platform_id: PlatformId::display_stored(r.platform_id),
            created_at: rfc3339(r.created_at),
            succeeded_at: r.succeeded_at.map(rfc3339),
            refund,
        })
    }
}

#[tracing::instrument(skip_all)]
pub async fn list(
    state: &AppState,
    status: Option<&str>,
    purpose: Option<Purpose>,
    paging: Paging,
) -> AppResult<AdminPaymentPage> {
    if status.is_some_and(|s| !STATUSES.contains(&s)) {
        return Err(AppError::bad_request("invalid_parameter", "unknown_payment_status"));
    }
    let purpose = purpose.map(Purpose::as_str);
    let sums = store::payment_sums(&state.db, status, purpose).await?;
    let (total, earned, refunded) = (sums.n, sums.earned, sums.refunded);
    let data = store::payments_page(&state.db, status, purpose, paging.size, paging.offset)
        .await?
        .into_iter()
        .map(AdminPayment::try_from)
        .collect::<sqlx::Result<_>>()?;
    Ok(AdminPaymentPage {
        data,
        total,
        total_pages: paging.total_pages(total),
        totals: PaymentTotals {
            succeeded_cents: earned,
            refunded_cents: refunded,
            net_cents: earned - refunded,
            currency: "EUR",
        },
    })
}

pub async fn one(state: &AppState, id: &str) -> AppResult<AdminPayment> {
    let row = store::payment(&state.db, id).await?.ok_or_else(|| AppError::NotFound("no_such_payment".into()))?;
    Ok(AdminPayment::try_from(row)?)
}
