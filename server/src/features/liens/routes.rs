//! Liens over HTTP: the lender's, the owner's, the public's and the administrators'.

use axum::{
    Router,
    extract::{Path, State},
    http::StatusCode,
    response::IntoResponse,
    routing::{get, post},
};

use super::model::{ConsentLienRequest, Lien, RegisterLienRequest, ReleaseLienRequest};
use super::service;
use crate::{
    domain::OtpCode,
    features::auth::{CurrentUser, MaybeUser, RecentUser},
    foundation::error::{AppError, AppResult, ErrorBody},
    http::{
        client_addr::ClientAddr,
        json::{ApiJson, MessageResponse},
    },
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/vessels/{id}/liens", post(register).get(of_vessel))
        .route("/api/liens", get(mine))
        .route("/api/liens/{id}/consent", post(consent))
        .route("/api/liens/{id}/consent-code", post(resend_code))
        .route("/api/liens/{id}/transfer-consent", post(consent_transfer))
        .route("/api/liens/{id}/release", post(release))
}

#[utoipa::path(post, path = "/api/vessels/{id}/liens", tag = "liens", request_body = RegisterLienRequest,
    params(("id" = String, Path, description = "The vessel's id (not its platform ID)", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 201, body = Lien, description = "Registered, pending: the owner was texted a code to consent with"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "lien_lender_identity_required: a verified email and identity first"),
              (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "lien_vessel_not_in_registry, lien_on_own_vessel, lien_owner_cannot_receive_code"),
              (status = 422, body = ErrorBody, description = "Field errors: lender name, reference, amount, currency"),
              (status = 429, body = ErrorBody, description = "too_many_codes: over the lender's code budget; see Retry-After")))]
pub(crate) async fn register(
    State(state): State<AppState>,
    me: CurrentUser,
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<RegisterLienRequest>,
) -> AppResult<impl IntoResponse> {
    Ok((StatusCode::CREATED, ApiJson(service::register(&state, &me.user, &id, &body, client).await?)))
}

#[utoipa::path(get, path = "/api/vessels/{id}/liens", tag = "liens",
    params(("id" = String, Path, description = "The vessel's id (not its platform ID)", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Vec<Lien>, description = "Newest first. The owner and administrators see every lien in full, a lender their own; anyone else the active ones' lender and dates, never an amount"),
              (status = 404, body = ErrorBody)))]
pub(crate) async fn of_vessel(
    State(state): State<AppState>,
    me: MaybeUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<Vec<Lien>>> {
    Ok(ApiJson(service::of_vessel(&state, me.0.as_ref(), &id).await?))
}

#[utoipa::path(get, path = "/api/liens", tag = "liens",
    responses((status = 200, body = Vec<Lien>, description = "The liens the caller holds as lender (yourRole lender) and those on their vessels (yourRole owner), newest first"),
              (status = 401, body = ErrorBody)))]
pub(crate) async fn mine(State(state): State<AppState>, me: CurrentUser) -> AppResult<ApiJson<Vec<Lien>>> {
    Ok(ApiJson(service::mine(&state, &me.user).await?))
}

#[utoipa::path(post, path = "/api/liens/{id}/consent", tag = "liens", request_body = ConsentLienRequest,
    params(("id" = String, Path, description = "The lien's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Lien, description = "Active: the vessel is encumbered"),
              (status = 400, body = ErrorBody, description = "wrong_code: the message says how many attempts are left"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "reauthentication_required: sign in again first (docs/ACCOUNTS.md)"),
              (status = 404, body = ErrorBody, description = "Not a lien the caller was asked to consent to"),
              (status = 409, body = ErrorBody, description = "lien_not_pending, lien_vessel_changed"),
              (status = 422, body = ErrorBody, description = "Not six digits: refused without using an attempt"),
              (status = 429, body = ErrorBody, description = "No live code (five wrong attempts, or expired): ask for a new one")))]
pub(crate) async fn consent(
    State(state): State<AppState>,
    RecentUser(me): RecentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ConsentLienRequest>,
) -> AppResult<ApiJson<Lien>> {
    let code = OtpCode::parse(&body.code).map_err(|e| AppError::field("code", e))?;
    Ok(ApiJson(service::consent(&state, &me.user, &id, &code).await?))
}

#[utoipa::path(post, path = "/api/liens/{id}/consent-code", tag = "liens",
    params(("id" = String, Path, description = "The lien's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 202, body = MessageResponse, description = "A new code was texted to the owner's verified mobile"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "lien_not_pending, lien_owner_cannot_receive_code"),
              (status = 429, body = ErrorBody, description = "too_many_codes; see Retry-After")))]
pub(crate) async fn resend_code(
    State(state): State<AppState>,
    me: CurrentUser,
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
) -> AppResult<impl IntoResponse> {
    service::resend_code(&state, &me.user, &id, client).await?;
    Ok((StatusCode::ACCEPTED, MessageResponse::new("new_code_been_sent_new")))
}

#[utoipa::path(post, path = "/api/liens/{id}/transfer-consent", tag = "liens",
    params(("id" = String, Path, description = "The lien's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Lien, description = "The lender consents to the vessel's open transfer; the lien stays on the vessel"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody, description = "Not a lien the caller holds"),
              (status = 409, body = ErrorBody, description = "lien_not_active, lien_no_open_transfer, lien_transfer_already_consented")))]
pub(crate) async fn consent_transfer(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<Lien>> {
    Ok(ApiJson(service::consent_transfer(&state, &me.user, &id).await?))
}

#[utoipa::path(post, path = "/api/liens/{id}/release", tag = "liens", request_body = ReleaseLienRequest,
    params(("id" = String, Path, description = "The lien's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Lien, description = "Released (or withdrawn while pending); both parties are told"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "lien_released_by_lender: the owner cannot release it"),
              (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "lien_already_released"),
              (status = 422, body = ErrorBody, description = "An administrator's reason: 10 to 1,000 characters")))]
pub(crate) async fn release(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReleaseLienRequest>,
) -> AppResult<ApiJson<Lien>> {
    Ok(ApiJson(service::release(&state, &me.user, &id, body.reason.as_deref()).await?))
}
