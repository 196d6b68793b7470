//! Every payment, for administrators, with totals (read only: refunds go
//! through `payments::refunds`).

use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::paging::Paging;
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

const COLUMNS: &str = "p.id, p.purpose, p.amount_cents, p.currency, p.status, p.provider, p.provider_intent_id, \
     p.created_at, p.succeeded_at, v.platform_id, t.status AS transfer_status, \
     CAST(CASE WHEN COALESCE(v.owner_user_id, '') = p.user_id THEN 0 ELSE 1 END AS BIGINT) AS passed_on, \
     r.status AS refund_status, r.reason AS refund_reason, r.created_at AS refund_created_at";

/// The latest refund of each payment joins as `r`.
const FROM: &str = "FROM payments p JOIN vessels v ON v.id = p.vessel_id LEFT JOIN transfers t ON t.id = p.transfer_id
     LEFT JOIN payment_refunds r ON r.id = (SELECT MAX(r2.id) FROM payment_refunds r2 WHERE r2.payment_id = p.id)
     WHERE ($1 IS NULL OR p.status = $1) AND ($2 IS NULL OR p.purpose = $2)";

fn from_row(r: &sqlx::any::AnyRow) -> sqlx::Result<AdminPayment> {
    let refund = match r.try_get::<Option<String>, _>("refund_status")? {
        Some(status) => Some(PaymentRefund {
            status,
            reason: r.try_get("refund_reason")?,
            created_at: rfc3339(r.try_get("refund_created_at")?),
        }),
        None => None,
    };
    let status: String = r.try_get("status")?;
    let purpose: String = r.try_get("purpose")?;
    let transfer_status: Option<String> = r.try_get("transfer_status")?;
    // A pending refund (the provider did not answer) may be asked again.
    let refunded = refund.as_ref().is_some_and(|f| f.status == "succeeded");
    Ok(AdminPayment {
        id: r.try_get("id")?,
        refundable: refunds::refusal(&refunds::Refundable {
            status: &status,
            purpose: &purpose,
            transfer_status: transfer_status.as_deref(),
            refunded,
            passed_on: r.try_get::<i64, _>("passed_on")? == 1,
        })
        .is_none(),
        purpose: crate::platform::db::stored::<Purpose>(&purpose)?,
        amount_cents: r.try_get("amount_cents")?,
        currency: r.try_get::<String, _>("currency")?.to_uppercase(),
        status: crate::platform::db::stored::<PaymentStatus>(&status)?,
        provider: r.try_get("provider")?,
        provider_reference: r.try_get("provider_intent_id")?,
        vessel_platform_id: PlatformId::display_stored(r.try_get("platform_id")?),
        created_at: rfc3339(r.try_get("created_at")?),
        succeeded_at: r.try_get::<Option<i64>, _>("succeeded_at")?.map(rfc3339),
        refund,
    })
}

#[tracing::instrument(skip(state))]
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
    let sums = sqlx::query(
        "SELECT COUNT(*) AS n,
             CAST(COALESCE(SUM(CASE WHEN p.status = 'succeeded' THEN p.amount_cents ELSE 0 END), 0) AS BIGINT) AS earned,
             CAST(COALESCE(SUM(CASE WHEN r.status = 'succeeded' THEN r.amount_cents ELSE 0 END), 0) AS BIGINT)
                 AS refunded
         FROM payments p LEFT JOIN payment_refunds r ON r.payment_id = p.id AND r.status = 'succeeded'
         WHERE ($1 IS NULL OR p.status = $1) AND ($2 IS NULL OR p.purpose = $2)",
    )
    .bind(status)
    .bind(purpose)
    .fetch_one(&state.db)
    .await?;
    let total: i64 = sums.try_get("n")?;
    let earned: i64 = sums.try_get("earned")?;
    let refunded: i64 = sums.try_get("refunded")?;
    let rows =
        sqlx::query(&format!("SELECT {COLUMNS} {FROM} ORDER BY p.created_at DESC, p.id DESC LIMIT $3 OFFSET $4"))
            .bind(status)
            .bind(purpose)
            .bind(paging.size)
            .bind(paging.offset)
            .fetch_all(&state.db)
            .await?;
    let data = rows.iter().map(from_row).collect::<sqlx::Result<_>>()?;
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
    let row = sqlx::query(&format!("SELECT {COLUMNS} {FROM} AND p.id = $3"))
        .bind(None::<String>)
        .bind(None::<String>)
        .bind(id)
        .fetch_optional(&state.db)
        .await?
        .ok_or_else(|| AppError::NotFound("no_such_payment".into()))?;
    Ok(from_row(&row)?)
}
