//! Theft reports over HTTP: the owner's, and the administrators'.

use axum::{
    Router,
    extract::{Path, State},
    http::StatusCode,
    response::IntoResponse,
    routing::{get, post},
};

use super::model::{RemoveTheftReportRequest, ReportTheftRequest, TheftReport};
use super::service;
use crate::{
    features::auth::{Admin, CurrentUser},
    foundation::error::{AppResult, ErrorBody},
    http::{extract::PlatformIdPath, json::ApiJson},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/vessels/{id}/stolen", post(report))
        .route("/api/vessels/{id}/recovered", post(recovered))
        .route("/api/vessels/{id}/theft-reports", get(reports))
        .route("/api/admin/vessels/{id}/stolen/confirm", post(confirm))
        .route("/api/admin/vessels/{id}/stolen/remove", post(remove))
}

#[utoipa::path(post, path = "/api/vessels/{id}/stolen", tag = "theft", request_body = ReportTheftRequest,
    params(("id" = String, Path, description = "The vessel's id (not its platform ID)", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 201, body = TheftReport, description = "Reported: the vessel shows it, an open transfer is canceled"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "No such vessel of the caller's"),
              (status = 409, body = ErrorBody, description = "vessel_already_reported_stolen, or the vessel is not in the registry"),
              (status = 422, body = ErrorBody, description = "Field errors: the time (not in the future), place, police reference")))]
pub(crate) async fn report(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReportTheftRequest>,
) -> AppResult<impl IntoResponse> {
    Ok((StatusCode::CREATED, ApiJson(service::report(&state, &me.user, &id, &body).await?)))
}

#[utoipa::path(post, path = "/api/vessels/{id}/recovered", tag = "theft",
    params(("id" = String, Path, description = "The vessel's id (not its platform ID)", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = TheftReport, description = "The report ended as recovered"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "Neither the owner nor an administrator"),
              (status = 409, body = ErrorBody, description = "no_open_theft_report")))]
pub(crate) async fn recovered(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<TheftReport>> {
    Ok(ApiJson(service::recovered(&state, &me.user, &id).await?))
}

#[utoipa::path(get, path = "/api/vessels/{id}/theft-reports", tag = "theft",
    params(("id" = String, Path, description = "The vessel's id (not its platform ID)", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Vec<TheftReport>, description = "Newest first, with the police reference"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "Neither the owner nor an administrator")))]
pub(crate) async fn reports(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<Vec<TheftReport>>> {
    Ok(ApiJson(service::of_vessel(&state, &me.user, &id).await?))
}

#[utoipa::path(post, path = "/api/admin/vessels/{id}/stolen/confirm", tag = "admin",
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, body = TheftReport, description = "Confirmed: the police reference was checked"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "no_open_theft_report, theft_report_already_confirmed")))]
pub(crate) async fn confirm(
    State(state): State<AppState>,
    Admin(admin): Admin,
    id: PlatformIdPath,
) -> AppResult<ApiJson<TheftReport>> {
    Ok(ApiJson(service::confirm(&state, &admin, &id.0).await?))
}

#[utoipa::path(post, path = "/api/admin/vessels/{id}/stolen/remove", tag = "admin", request_body = RemoveTheftReportRequest,
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, body = TheftReport, description = "Removed as false; the owner is told why"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "no_open_theft_report"),
              (status = 422, body = ErrorBody, description = "The reason's length")))]
pub(crate) async fn remove(
    State(state): State<AppState>,
    Admin(admin): Admin,
    id: PlatformIdPath,
    ApiJson(body): ApiJson<RemoveTheftReportRequest>,
) -> AppResult<ApiJson<TheftReport>> {
    Ok(ApiJson(service::remove(&state, &admin, &id.0, &body.reason).await?))
}
