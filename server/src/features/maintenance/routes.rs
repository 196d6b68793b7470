//! The maintenance feature's HTTP face: its router and thin handlers, each
//! parsing the request into domain types and making one service call.

use super::{
    model::{Record, RecordEntry},
    service,
};
use axum::{
    Router,
    extract::{Path, State},
    http::StatusCode,
    routing::{get, patch},
};

use super::model::EntryRequest;
use crate::{
    domain::PlatformId,
    features::auth::CurrentUser,
    foundation::error::{AppResult, ErrorBody},
    http::{extract::PlatformIdPath, json::ApiJson},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/vessels/{id}/record", get(list).post(add))
        .route("/api/vessels/{id}/record/{entry}", patch(change).delete(remove))
}

#[utoipa::path(get, path = "/api/vessels/{id}/record", tag = "record",
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, body = Record), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    me: CurrentUser,
) -> AppResult<ApiJson<Record>> {
    Ok(ApiJson(service::record(&state, &me.user, &id).await?))
}

#[utoipa::path(post, path = "/api/vessels/{id}/record", tag = "record", request_body = EntryRequest,
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 201, body = RecordEntry), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 422, body = ErrorBody, description = "Field errors")))]
pub(crate) async fn add(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    me: CurrentUser,
    ApiJson(body): ApiJson<EntryRequest>,
) -> AppResult<(StatusCode, ApiJson<RecordEntry>)> {
    Ok((StatusCode::CREATED, ApiJson(service::add(&state, &me.user, &id, body).await?)))
}

/// The platform ID and the entry id of `/api/vessels/{id}/record/{entry}`.
fn entry_path(id: &str) -> AppResult<PlatformId> {
    PlatformId::parse(id)
        .map_err(|e| crate::foundation::error::AppError::bad_request("invalid_platform_id", e.message()))
}

#[utoipa::path(patch, path = "/api/vessels/{id}/record/{entry}", tag = "record", request_body = EntryRequest,
    params(("id" = String, Path, description = "The vessel's platform ID",
               pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$"),
           ("entry" = String, Path, description = "The entry's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = RecordEntry), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the vessel's current owner, or a previous owner's entry"),
              (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(crate) async fn change(
    State(state): State<AppState>,
    me: CurrentUser,
    Path((id, entry)): Path<(String, String)>,
    ApiJson(body): ApiJson<EntryRequest>,
) -> AppResult<ApiJson<RecordEntry>> {
    Ok(ApiJson(service::change(&state, &me.user, &entry_path(&id)?, &entry, body).await?))
}

#[utoipa::path(delete, path = "/api/vessels/{id}/record/{entry}", tag = "record",
    params(("id" = String, Path, description = "The vessel's platform ID",
               pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$"),
           ("entry" = String, Path, description = "The entry's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 204, description = "Deleted"), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn remove(
    State(state): State<AppState>,
    me: CurrentUser,
    Path((id, entry)): Path<(String, String)>,
) -> AppResult<StatusCode> {
    service::remove(&state, &me.user, &entry_path(&id)?, &entry).await?;
    Ok(StatusCode::NO_CONTENT)
}
