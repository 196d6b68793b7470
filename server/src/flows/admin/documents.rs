//! The document review queue (read only: decisions go through
//! `documents::service::review`).

use serde::{Deserialize, Serialize};
use sqlx::{FromRow, Row};
use utoipa::ToSchema;

use super::paging::Paging;
use crate::{
    domain::PlatformId,
    features::documents::model::{DOCUMENT_COLUMNS, Document, ReviewStatus},
    foundation::error::AppResult,
    platform::state::AppState,
};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminDocument {
    #[serde(flatten)]
    pub document: Document,
    pub vessel_platform_id: String,
    pub vessel_name: Option<String>,
    /// Who uploaded it (the vessel's owner at the time).
    pub uploaded_by_email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminDocumentPage {
    pub data: Vec<AdminDocument>,
    pub total: i64,
    pub total_pages: i64,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DocumentListParams {
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    /// Default `pending`: the queue, oldest first. Others newest first.
    pub status: Option<ReviewStatus>,
}

#[tracing::instrument(skip(state))]
pub async fn list(state: &AppState, status: Option<ReviewStatus>, paging: Paging) -> AppResult<AdminDocumentPage> {
    let status = status.unwrap_or(ReviewStatus::Pending);
    // The queue is worked oldest first; decided documents are looked up newest first.
    let order = if status == ReviewStatus::Pending { "ASC" } else { "DESC" };
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM documents WHERE review_status = $1")
        .bind(status.as_str())
        .fetch_one(&state.db)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {DOCUMENT_COLUMNS}, v.platform_id, v.name AS vessel_name, u.email AS uploaded_by_email
         FROM documents d JOIN vessels v ON v.id = d.vessel_id JOIN users u ON u.id = d.uploaded_by
         WHERE d.review_status = $1 ORDER BY d.uploaded_at {order}, d.id {order} LIMIT $2 OFFSET $3"
    ))
    .bind(status.as_str())
    .bind(paging.size)
    .bind(paging.offset)
    .fetch_all(&state.db)
    .await?;
    let data = rows
        .iter()
        .map(|r| -> sqlx::Result<AdminDocument> {
            Ok(AdminDocument {
                document: Document::from_row(r)?,
                vessel_platform_id: PlatformId::display_stored(r.try_get("platform_id")?),
                vessel_name: r.try_get("vessel_name")?,
                uploaded_by_email: r.try_get("uploaded_by_email")?,
            })
        })
        .collect::<sqlx::Result<_>>()?;
    Ok(AdminDocumentPage { data, total, total_pages: paging.total_pages(total) })
}
