//! The console's view of vessels: every vessel in any state, and the queue
//! of owners' requests to correct what identifies a vessel, with the
//! decisions (taken by `vessels::corrections`, which writes the record, the
//! audit entry and the owner's email).

use axum::extract::{Path, Query, State};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    features::auth::Admin,
    features::vessels::model::{CorrectionRequest, CorrectionRequestStatus, VesselPage, VesselStatus},
    foundation::error::{AppResult, ErrorBody},
    http::json::ApiJson,
    platform::state::AppState,
};

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AdminListParams {
    /// From 1 to 100,000.
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    /// 1 to 100; default 20.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    /// Only vessels in this state, e.g. `needs_review`.
    pub status: Option<VesselStatus>,
    /// Part of the platform ID, name, make or model (any case).
    #[param(max_length = 100)]
    pub query: Option<String>,
    /// Only vessels of this country (NL, DE, FR, ES, IT, BE, PL, PT, GR, HR, CH).
    pub country_code: Option<String>,
}

#[utoipa::path(get, path = "/api/admin/vessels", tag = "admin", params(AdminListParams),
    responses((status = 200, body = VesselPage, description = "Every vessel, newest first"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Signed in, not an administrator")))]
pub(crate) async fn admin_list(
    State(state): State<AppState>,
    _admin: Admin,
    Query(params): Query<AdminListParams>,
) -> AppResult<ApiJson<VesselPage>> {
    let page = params.page.unwrap_or(1);
    let page_size = params.page_size.unwrap_or(ADMIN_PAGE_SIZE);
    if !(1..=crate::features::vessels::search::MAX_PAGE).contains(&page)
        || !(1..=crate::features::vessels::search::MAX_PAGE_SIZE).contains(&page_size)
    {
        return Err(crate::foundation::error::AppError::bad_request(
            "invalid_parameter",
            crate::foundation::i18n::Msg::new("paging_range")
                .arg("maxPage", crate::features::vessels::search::MAX_PAGE)
                .arg("maxSize", crate::features::vessels::search::MAX_PAGE_SIZE),
        ));
    }
    let country = match params.country_code.as_deref().filter(|c| !c.is_empty()) {
        None => None,
        Some(c) => Some(
            crate::features::countries::find(&c.to_ascii_uppercase())
                .ok_or_else(|| {
                    crate::foundation::error::AppError::bad_request("invalid_parameter", "unknown_country_code")
                })?
                .code,
        ),
    };
    let query = params.query.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if query.is_some_and(|q| q.chars().count() > 100) {
        return Err(crate::foundation::error::AppError::bad_request(
            "invalid_parameter",
            crate::foundation::i18n::Msg::new("query_too_long").arg("max", 100),
        ));
    }
    let filter = crate::features::vessels::service::AdminFilter { status: params.status, query, country };
    Ok(ApiJson(crate::features::vessels::service::all_for_admin(&state, &filter, page, page_size).await?))
}

/// The spec's admin page size.
const ADMIN_PAGE_SIZE: i64 = 20;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminCorrectionParams {
    /// Default `pending`: the queue, oldest first.
    pub status: Option<CorrectionRequestStatus>,
}

#[utoipa::path(get, path = "/api/admin/correction-requests", tag = "admin", params(AdminCorrectionParams),
    responses((status = 200, body = Vec<CorrectionRequest>, description = "Oldest first, at most 200"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Signed in, not an administrator")))]
pub(crate) async fn admin_correction_requests(
    State(state): State<AppState>,
    _admin: Admin,
    Query(params): Query<AdminCorrectionParams>,
) -> AppResult<ApiJson<Vec<CorrectionRequest>>> {
    let status = params.status.unwrap_or(CorrectionRequestStatus::Pending);
    Ok(ApiJson(crate::features::vessels::corrections::for_admin(&state, status).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CorrectionDecisionBody {
    /// For the owner: optional when approving, required (1 to 1,000 characters) when rejecting.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub note: Option<String>,
}

#[utoipa::path(post, path = "/api/admin/correction-requests/{id}/approve", tag = "admin", request_body = CorrectionDecisionBody,
    params(("id" = String, Path, description = "The request's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = CorrectionRequest, description = "Granted: the vessel's record is corrected and the owner emailed"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "correction_request_decided, an identifier in use, or the vessel changed meanwhile"),
              (status = 422, body = ErrorBody, description = "The value no longer fits the vessel as it is")))]
pub(crate) async fn approve_correction(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CorrectionDecisionBody>,
) -> AppResult<ApiJson<CorrectionRequest>> {
    let decision = crate::features::vessels::corrections::Decision::Approve { note: body.note.as_deref() };
    Ok(ApiJson(crate::features::vessels::corrections::decide(&state, &admin.0, &id, decision).await?))
}

#[utoipa::path(post, path = "/api/admin/correction-requests/{id}/reject", tag = "admin", request_body = CorrectionDecisionBody,
    params(("id" = String, Path, description = "The request's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = CorrectionRequest, description = "Refused: the owner is emailed the note"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "correction_request_decided"),
              (status = 422, body = ErrorBody, description = "note missing or too long")))]
pub(crate) async fn reject_correction(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<CorrectionDecisionBody>,
) -> AppResult<ApiJson<CorrectionRequest>> {
    let decision = crate::features::vessels::corrections::Decision::Reject { note: body.note.as_deref().unwrap_or("") };
    Ok(ApiJson(crate::features::vessels::corrections::decide(&state, &admin.0, &id, decision).await?))
}
