//! The console's four figures, all counted from the records.

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::{foundation::error::AppResult, platform::clock::now_ms, platform::state::AppState};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminStats {
    /// Every vessel in any state.
    pub total_vessels: i64,
    /// Transfers started and not yet completed, canceled or expired.
    pub active_transfers: i64,
    /// Fees that succeeded in the last 30 days, less refunds made in them.
    #[serde(rename = "revenue30dCents")]
    pub revenue_30d_cents: i64,
    pub currency: &'static str,
    /// Accounts that signed in within the last 30 days.
    pub active_users: i64,
}

const THIRTY_DAYS_MS: i64 = 30 * crate::platform::clock::DAY;

#[tracing::instrument(skip(state))]
pub async fn stats(state: &AppState) -> AppResult<AdminStats> {
    let since = now_ms() - THIRTY_DAYS_MS;
    let row = sqlx::query(
        "SELECT
            (SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM vessel_counts) AS vessels,
            (SELECT COUNT(*) FROM transfers WHERE status IN ('pending_verification', 'verified')) AS transfers,
            (SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM payments
                WHERE status = 'succeeded' AND succeeded_at >= $1) AS earned,
            (SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM payment_refunds
                WHERE status = 'succeeded' AND decided_at >= $1) AS refunded,
            (SELECT COUNT(*) FROM users WHERE archived_at IS NULL AND last_signed_in_at >= $1) AS users",
    )
    .bind(since)
    .fetch_one(&state.db)
    .await?;
    Ok(AdminStats {
        total_vessels: row.try_get("vessels")?,
        active_transfers: row.try_get("transfers")?,
        revenue_30d_cents: row.try_get::<i64, _>("earned")? - row.try_get::<i64, _>("refunded")?,
        currency: "EUR",
        active_users: row.try_get("users")?,
    })
}
