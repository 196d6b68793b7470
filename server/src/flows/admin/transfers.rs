//! Every transfer, for administrators (read only: canceling goes through
//! `transfers::service`).

use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::paging::Paging;
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

const COLUMNS: &str = "t.id, t.status, t.to_phone_e164, t.to_user_id, t.created_at, t.expires_at, t.completed_at, \
     t.canceled_at, v.platform_id, v.name, \
     (SELECT COUNT(*) FROM payments p WHERE p.transfer_id = t.id AND p.purpose = 'transfer' AND p.status = 'succeeded') \
         AS paid";

fn from_row(r: &sqlx::any::AnyRow) -> sqlx::Result<AdminTransfer> {
    let status = crate::platform::db::stored::<TransferStatus>(r.try_get("status")?)?;
    let completed_at: Option<i64> = r.try_get("completed_at")?;
    Ok(AdminTransfer {
        id: r.try_get("id")?,
        vessel_platform_id: PlatformId::display_stored(r.try_get("platform_id")?),
        vessel_name: r.try_get("name")?,
        released: status == TransferStatus::Completed && r.try_get::<Option<String>, _>("to_user_id")?.is_none(),
        open: status.is_open(),
        status,
        recipient_phone_masked: mask_phone(r.try_get("to_phone_e164")?),
        fee_paid: r.try_get::<i64, _>("paid")? > 0,
        created_at: rfc3339(r.try_get("created_at")?),
        expires_at: rfc3339(r.try_get("expires_at")?),
        completed_at: completed_at.map(rfc3339),
        canceled_at: r.try_get::<Option<i64>, _>("canceled_at")?.map(rfc3339),
    })
}

#[tracing::instrument(skip(state))]
pub async fn list(state: &AppState, status: Option<TransferStatus>, paging: Paging) -> AppResult<AdminTransferPage> {
    let status = status.map(TransferStatus::as_str);
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transfers t WHERE ($1 IS NULL OR t.status = $1)")
        .bind(status)
        .fetch_one(&state.db)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM transfers t JOIN vessels v ON v.id = t.vessel_id
         WHERE ($1 IS NULL OR t.status = $1) ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(status)
    .bind(paging.size)
    .bind(paging.offset)
    .fetch_all(&state.db)
    .await?;
    let data = rows.iter().map(from_row).collect::<sqlx::Result<_>>()?;
    Ok(AdminTransferPage { data, total, total_pages: paging.total_pages(total) })
}

pub async fn one(state: &AppState, id: &str) -> AppResult<AdminTransfer> {
    let row =
        sqlx::query(&format!("SELECT {COLUMNS} FROM transfers t JOIN vessels v ON v.id = t.vessel_id WHERE t.id = $1"))
            .bind(id)
            .fetch_optional(&state.db)
            .await?
            .ok_or_else(|| crate::foundation::error::AppError::NotFound("no_such_transfer".into()))?;
    Ok(from_row(&row)?)
}
