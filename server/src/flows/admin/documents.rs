//! The document review queue (read only: decisions go through
//! `documents::service::review`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{paging::Paging, store};
use crate::{
    domain::PlatformId,
    features::documents::model::{Document, ReviewStatus},
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

#[tracing::instrument(skip_all)]
pub async fn list(state: &AppState, status: Option<ReviewStatus>, paging: Paging) -> AppResult<AdminDocumentPage> {
    let status = status.unwrap_or(ReviewStatus::Pending);
    // The queue is worked oldest first; decided documents are looked up newest first.
    let oldest_first = status == ReviewStatus::Pending;
    let total = store::count_documents(&state.db, status.as_str()).await?;
    let data = store::documents_page(&state.db, status.as_str(), oldest_first, paging.size, paging.offset)
        .await?
        .into_iter()
        .map(|r| AdminDocument {
            document: r.document,
            vessel_platform_id: PlatformId::display_stored(r.platform_id),
            vessel_name: r.vessel_name,
            uploaded_by_email: r.uploaded_by_email,
        })
        .collect();
    Ok(AdminDocumentPage { data, total, total_pages: paging.total_pages(total) })
}
