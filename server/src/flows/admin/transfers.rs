//! Every transfer, for administrators (read only: canceling goes through
//! `transfers::service`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    paging::Paging,
    store::{self, TransferRow},
};
use crate::{
    domain::PlatformId,
    features::transfers::model::{TransferStatus, mask_phone},
    foundation::error::AppResult,
    platform::clock::rfc3339,
    platform::state::AppState,
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminTransfer {
    pub id: String,
    pub vessel_platform_id: String,
    pub vessel_name: Option<String>,
    pub status: TransferStatus,
    /// Completed and paid; the vessel waits for its buyer's claim.
    pub released: bool,
    pub recipient_phone_masked: String,
    /// Its fee has been paid.
    pub fee_paid: bool,
    /// Still open (may be canceled).
    pub open: bool,
    pub created_at: String,
    pub expires_at: String,
    pub completed_at: Option<String>,
    pub canceled_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminTransferPage {
    pub data: Vec<AdminTransfer>,
    pub total: i64,
    pub total_pages: i64,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TransferListParams {
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    pub status: Option<TransferStatus>,
}

impl TryFrom<TransferRow> for AdminTransfer {
    type Error = sqlx::Error;

    fn try_from(r: TransferRow) -> sqlx::Result<Self> {
        let status = crate::platform::db::stored::<TransferStatus>(&r.status)?;
        Ok(Self {
            id: r.id,
            vessel_platform_id: PlatformId::display_stored(r.platform_id),
            vessel_name: r.name,
            released: status == TransferStatus::Completed && r.to_user_id.is_none(),
            open: status.is_open(),
            status,
            recipient_phone_masked: mask_phone(&r.to_phone_e164),
            fee_paid: r.paid > 0,
            created_at: rfc3339(r.created_at),
            expires_at: rfc3339(r.expires_at),
            completed_at: r.completed_at.map(rfc3339),
            canceled_at: r.canceled_at.map(rfc3339),
        })
    }
}

#[tracing::instrument(skip_all)]
pub async fn list(state: &AppState, status: Option<TransferStatus>, paging: Paging) -> AppResult<AdminTransferPage> {
    let status = status.map(TransferStatus::as_str);
    let total = store::count_transfers(&state.db, status).await?;
    let data = store::transfers_page(&state.db, status, paging.size, paging.offset)
        .await?
        .into_iter()
        .map(AdminTransfer::try_from)
        .collect::<sqlx::Result<_>>()?;
    Ok(AdminTransferPage { data, total, total_pages: paging.total_pages(total) })
}

pub async fn one(state: &AppState, id: &str) -> AppResult<AdminTransfer> {
    let row = store::transfer(&state.db, id)
        .await?
        .ok_or_else(|| crate::foundation::error::AppError::NotFound("no_such_transfer".into()))?;
    Ok(AdminTransfer::try_from(row)?)
}
