//! The console's four figures, all counted from the records.

use serde::Serialize;
use utoipa::ToSchema;

use super::store;
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

#[tracing::instrument(skip_all)]
pub async fn stats(state: &AppState) -> AppResult<AdminStats> {
    let since = now_ms() - THIRTY_DAYS_MS;
    let row = store::stats(&state.db, since).await?;
    Ok(AdminStats {
        total_vessels: row.vessels,
        active_transfers: row.transfers,
        revenue_30d_cents: row.earned - row.refunded,
        currency: "EUR",
        active_users: row.users,
    })
}
