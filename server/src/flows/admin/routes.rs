//! The console's router and its handlers: each parses the request, calls
//! the read-side module or `service` (or the feature that owns the change),
//! and answers.

use axum::{
    Router,
    extract::{Path, Query, State},
    routing::{get, post},
};

use super::{
    audit_log, documents,
    model::{AdminReason, Reason, ResolveAction, ResolveReview, ReviewRequest, RoleChange},
    paging::Paging,
    payments, service, stats, transfers, users, vessels,
};
use crate::{
    features::auth::{Admin, Role},
    features::documents::model::ReviewStatus,
    features::vessels::model::{Vessel, VesselStatus},
    foundation::error::{AppError, AppResult, ErrorBody},
    http::{
        extract::{PlatformIdParam, PlatformIdPath},
        json::ApiJson,
    },
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/stats", get(show_stats))
        .route("/api/admin/vessels", get(vessels::admin_list))
        .route("/api/admin/correction-requests", get(vessels::admin_correction_requests))
        .route("/api/admin/correction-requests/{id}/approve", post(vessels::approve_correction))
        .route("/api/admin/correction-requests/{id}/reject", post(vessels::reject_correction))
        .route("/api/admin/vessels/{id}/deactivate", post(deactivate_vessel))
        .route("/api/admin/vessels/{id}/reactivate", post(reactivate_vessel))
        .route("/api/admin/vessels/{id}/resolve", post(resolve_vessel))
        .route("/api/admin/transfers", get(list_transfers))
        .route("/api/admin/transfers/{id}/cancel", post(cancel_transfer))
        .route("/api/admin/payments", get(list_payments))
        .route("/api/admin/payments/{id}/refund", post(refund_payment))
        .route("/api/admin/documents", get(list_documents))
        .route("/api/admin/documents/{id}/preview", get(preview_document))
        .route("/api/admin/documents/{id}/review", post(review_document))
        .route("/api/admin/users", get(lookup_users))
        .route("/api/admin/users/{id}/archive", post(archive_user))
        .route("/api/admin/users/{id}/role", post(change_role))
        .route("/api/admin/audit", get(list_audit))
}

#[utoipa::path(get, path = "/api/admin/stats", tag = "admin",
    responses((status = 200, body = stats::AdminStats), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn show_stats(State(state): State<AppState>, _admin: Admin) -> AppResult<ApiJson<stats::AdminStats>> {
    Ok(ApiJson(stats::stats(&state).await?))
}

/// The vessel as administrators see it (any state).
async fn vessel(state: &AppState, admin: &crate::features::auth::User, id: &PlatformIdPath) -> AppResult<Vessel> {
    crate::features::vessels::service::visible(state, Some(admin), &id.0).await
}

#[utoipa::path(post, path = "/api/admin/vessels/{id}/deactivate", tag = "admin", request_body = AdminReason,
    params(PlatformIdParam),
    responses((status = 200, body = Vessel), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub(crate) async fn deactivate_vessel(
    State(state): State<AppState>,
    Admin(admin): Admin,
    id: PlatformIdPath,
    ApiJson(body): ApiJson<AdminReason>,
) -> AppResult<ApiJson<Vessel>> {
    let reason = Reason::parse(&body.reason)?;
    let target = vessel(&state, &admin, &id).await?;
    service::deactivate_vessel(&state, &admin, &target.id, &reason).await?;
    Ok(ApiJson(vessel(&state, &admin, &id).await?))
}

#[utoipa::path(post, path = "/api/admin/vessels/{id}/reactivate", tag = "admin", request_body = AdminReason,
    params(PlatformIdParam),
    responses((status = 200, body = Vessel), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "Not deactivated, refunded, owner archived, or an identifier taken"),
              (status = 422, body = ErrorBody)))]
pub(crate) async fn reactivate_vessel(
    State(state): State<AppState>,
    Admin(admin): Admin,
    id: PlatformIdPath,
    ApiJson(body): ApiJson<AdminReason>,
) -> AppResult<ApiJson<Vessel>> {
    let reason = Reason::parse(&body.reason)?;
    let target = vessel(&state, &admin, &id).await?;
    service::activate_vessel(&state, &admin, &target.id, VesselStatus::Deactivated, &reason).await?;
    Ok(ApiJson(vessel(&state, &admin, &id).await?))
}

#[utoipa::path(post, path = "/api/admin/vessels/{id}/resolve", tag = "admin", request_body = ResolveReview,
    params(PlatformIdParam),
    responses((status = 200, body = Vessel), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody), (status = 502, body = ErrorBody, description = "The card provider refused the refund")))]
pub(crate) async fn resolve_vessel(
    State(state): State<AppState>,
    Admin(admin): Admin,
    id: PlatformIdPath,
    ApiJson(body): ApiJson<ResolveReview>,
) -> AppResult<ApiJson<Vessel>> {
    let reason = Reason::parse(&body.reason)?;
    let target = vessel(&state, &admin, &id).await?;
    if target.status != VesselStatus::NeedsReview {
        return Err(AppError::Conflict("vessel_not_awaiting_review".into()));
    }
    let resolution = match body.action {
        ResolveAction::Activate => service::Resolution::Activate,
        ResolveAction::Refund => service::Resolution::Refund,
        ResolveAction::HandOver => {
            let email = body.email.as_deref().unwrap_or_default();
            service::Resolution::HandOver(crate::domain::Email::parse(email).map_err(|m| AppError::field("email", m))?)
        }
        ResolveAction::ReturnToSeller => service::Resolution::ReturnToSeller,
    };
    service::resolve_review(&state, &admin, &target.id, resolution, &reason).await?;
    Ok(ApiJson(vessel(&state, &admin, &id).await?))
}

#[utoipa::path(get, path = "/api/admin/transfers", tag = "admin", params(transfers::TransferListParams),
    responses((status = 200, body = transfers::AdminTransferPage), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn list_transfers(
    State(state): State<AppState>,
    _admin: Admin,
    Query(p): Query<transfers::TransferListParams>,
) -> AppResult<ApiJson<transfers::AdminTransferPage>> {
    let paging = Paging::parse(p.page, p.page_size)?;
    Ok(ApiJson(transfers::list(&state, p.status, paging).await?))
}

#[utoipa::path(post, path = "/api/admin/transfers/{id}/cancel", tag = "admin", request_body = AdminReason,
    params(("id" = String, Path, description = "The transfer's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = transfers::AdminTransfer), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "No longer open"), (status = 422, body = ErrorBody)))]
pub(crate) async fn cancel_transfer(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<AdminReason>,
) -> AppResult<ApiJson<transfers::AdminTransfer>> {
    let reason = Reason::parse(&body.reason)?;
    crate::features::transfers::service::cancel_with_reason(&state, &admin, &id, Some(reason.as_str())).await?;
    crate::features::payments::follow_up::run(&state).await;
    Ok(ApiJson(transfers::one(&state, &id).await?))
}

#[utoipa::path(get, path = "/api/admin/payments", tag = "admin", params(payments::PaymentListParams),
    responses((status = 200, body = payments::AdminPaymentPage), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn list_payments(
    State(state): State<AppState>,
    _admin: Admin,
    Query(p): Query<payments::PaymentListParams>,
) -> AppResult<ApiJson<payments::AdminPaymentPage>> {
    let paging = Paging::parse(p.page, p.page_size)?;
    let status = p.status.as_deref().filter(|s| !s.is_empty());
    Ok(ApiJson(payments::list(&state, status, p.purpose, paging).await?))
}

#[utoipa::path(post, path = "/api/admin/payments/{id}/refund", tag = "admin", request_body = AdminReason,
    params(("id" = String, Path, description = "The payment's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = payments::AdminPayment), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "Not refundable (not succeeded, refunded, its transfer completed, or a registration fee whose vessel passed to another owner: registration_fee_vessel_passed_on)"),
              (status = 422, body = ErrorBody),
              (status = 502, body = ErrorBody, description = "The card provider refused the refund, or did not answer (then it is pending: ask again)")))]
pub(crate) async fn refund_payment(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<AdminReason>,
) -> AppResult<ApiJson<payments::AdminPayment>> {
    let reason = Reason::parse(&body.reason)?;
    crate::features::payments::refunds::refund(&state, &admin, &id, reason.as_str()).await?;
    // The transfers canceled with a refunded vessel may have fee intents to cancel.
    crate::features::payments::follow_up::run(&state).await;
    Ok(ApiJson(payments::one(&state, &id).await?))
}

#[utoipa::path(get, path = "/api/admin/documents", tag = "admin", params(documents::DocumentListParams),
    responses((status = 200, body = documents::AdminDocumentPage), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn list_documents(
    State(state): State<AppState>,
    _admin: Admin,
    Query(p): Query<documents::DocumentListParams>,
) -> AppResult<ApiJson<documents::AdminDocumentPage>> {
    let paging = Paging::parse(p.page, p.page_size)?;
    let status: Option<ReviewStatus> = p.status;
    Ok(ApiJson(documents::list(&state, status, paging).await?))
}

#[utoipa::path(get, path = "/api/admin/users", tag = "admin", params(users::UserLookupParams),
    responses((status = 200, body = users::AdminUserList), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn lookup_users(
    State(state): State<AppState>,
    _admin: Admin,
    Query(p): Query<users::UserLookupParams>,
) -> AppResult<ApiJson<users::AdminUserList>> {
    Ok(ApiJson(users::lookup(&state, &p.email).await?))
}

#[utoipa::path(post, path = "/api/admin/users/{id}/archive", tag = "admin", request_body = AdminReason,
    params(("id" = String, Path, description = "The account's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = users::AdminUser), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "One's own account, or an administrator's"),
              (status = 422, body = ErrorBody)))]
pub(crate) async fn archive_user(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<AdminReason>,
) -> AppResult<ApiJson<users::AdminUser>> {
    let reason = Reason::parse(&body.reason)?;
    let target = users::one(&state, &id).await?;
    if target.id == admin.id {
        return Err(AppError::Conflict("archive_own_account_from_profile".into()));
    }
    if target.role == Role::Admin {
        return Err(AppError::Conflict("remove_administrator_role_before_archiving".into()));
    }
    crate::flows::accounts::archive::archive_account(&state, &id, &admin.id, Some(reason.as_str())).await?;
    crate::features::payments::follow_up::run(&state).await;
    Ok(ApiJson(users::one(&state, &id).await?))
}

#[utoipa::path(post, path = "/api/admin/users/{id}/role", tag = "admin", request_body = RoleChange,
    params(("id" = String, Path, description = "The account's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = users::AdminUser), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "One's own role, or the last administrator")))]
pub(crate) async fn change_role(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RoleChange>,
) -> AppResult<ApiJson<users::AdminUser>> {
    crate::features::auth::service::set_role(&state, &admin.id, &id, body.role).await?;
    Ok(ApiJson(users::one(&state, &id).await?))
}

#[utoipa::path(get, path = "/api/admin/audit", tag = "admin", params(audit_log::AuditParams),
    responses((status = 200, body = audit_log::AuditPage), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub(crate) async fn list_audit(
    State(state): State<AppState>,
    _admin: Admin,
    Query(p): Query<audit_log::AuditParams>,
) -> AppResult<ApiJson<audit_log::AuditPage>> {
    let paging = Paging::parse(p.page, p.page_size)?;
    let filter = audit_log::AuditFilter::parse(&p)?;
    Ok(ApiJson(audit_log::list(&state, &filter, paging).await?))
}

#[utoipa::path(get, path = "/api/admin/documents/{id}/preview", tag = "admin", operation_id = "preview",
    params(("id" = String, Path, description = "The document's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, description = "The file (PDF, JPEG or PNG), shown inline", content_type = "application/octet-stream"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 503, body = ErrorBody)))]
pub(crate) async fn preview_document(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> AppResult<axum::response::Response> {
    let file = crate::features::documents::service::download(&state, &admin, &id).await?;
    Ok(crate::features::documents::file_response(&file, crate::features::documents::Disposition::Preview))
}

#[utoipa::path(post, path = "/api/admin/documents/{id}/review", tag = "documents", operation_id = "review", request_body = ReviewRequest,
    params(("id" = String, Path, description = "The document's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = crate::features::documents::model::Document), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub(crate) async fn review_document(
    State(state): State<AppState>,
    admin: Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReviewRequest>,
) -> AppResult<ApiJson<crate::features::documents::model::Document>> {
    Ok(ApiJson(crate::features::documents::service::review(&state, &admin.0, &id, body.decision, body.reason).await?))
}
