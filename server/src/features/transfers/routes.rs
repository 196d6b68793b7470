//! The transfers feature's HTTP face: its router and thin handlers, each
//! parsing the request into domain types and making one service call.

use super::{model::Transfer, record, service};
use axum::{
    Router,
    extract::{Path, State},
    http::StatusCode,
    response::IntoResponse,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::http::json::MessageResponse;
use crate::{
    domain::{Email, OtpCode, PhoneE164},
    features::auth::{CurrentUser, RecentUser},
    foundation::error::{AppError, AppResult, ErrorBody, FieldCheck},
    http::{client_addr::ClientAddr, json::ApiJson},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/transfers", get(list))
        .route("/api/transfers/initiate", post(initiate))
        .route("/api/transfers/{id}", get(one))
        .route("/api/transfers/{id}/verify-otp", post(verify_otp))
        .route("/api/transfers/{id}/resend-otp", post(resend_otp))
        .route("/api/transfers/{id}/cancel", post(cancel))
        .route("/api/transfers/{id}/record.pdf", get(transfer_record))
        .route("/api/transfer-records/{serial}", get(check_record))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InitiateTransferRequest {
    /// The vessel's id (not its platform ID).
    pub vessel_id: String,
    /// The new owner's mobile number, E.164.
    #[serde(rename = "toPhoneE164")]
    #[schema(pattern = r"^\+[1-9][0-9]{1,14}$")]
    pub to_phone_e164: String,
    #[serde(default)]
    #[schema(max_length = 254)]
    pub to_email: Option<String>,
    /// The price of the sale, in euro cents, if the seller wants it on the transfer record.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100_000_000_000_i64)]
    pub sale_price_cents: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InitiatedTransfer {
    pub transfer_id: String,
}

#[utoipa::path(post, path = "/api/transfers/initiate", tag = "transfers", request_body = InitiateTransferRequest,
    responses((status = 201, body = InitiatedTransfer, description = "Created; the vessel is in transfer and the code is sent"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "verify_email_before_codes: the seller's email is not verified; reauthentication_required: sign in again first"),
              (status = 404, body = ErrorBody, description = "No such vessel of yours"),
              (status = 409, body = ErrorBody, description = "Not active, or a transfer is already open"),
              (status = 422, body = ErrorBody, description = "Field errors; phone_not_supported_mobile: not a mobile number of a country the registry texts"),
              (status = 429, body = ErrorBody, description = "too_many_codes: over a code budget (per minute, client address, account a day, number); see Retry-After")))]
pub(crate) async fn initiate(
    State(state): State<AppState>,
    RecentUser(me): RecentUser,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<InitiateTransferRequest>,
) -> AppResult<impl IntoResponse> {
    let mut check = FieldCheck::default();
    let to_phone = check.take("toPhoneE164", PhoneE164::parse(&body.to_phone_e164));
    let to_email = match body.to_email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        Some(e) => check.take("toEmail", Email::parse(e)).map(Some),
        None => Some(None),
    };
    let sale_price = check.take(
        "salePriceCents",
        match body.sale_price_cents {
            Some(cents) if !(0..=100_000_000_000).contains(&cents) => Err("sale_price_invalid"),
            other => Ok(other),
        },
    );
    check.finish()?;
    let (Some(to_phone), Some(to_email), Some(sale_price_cents)) = (to_phone, to_email, sale_price) else {
        return Err(anyhow::anyhow!("field check passed without values").into());
    };
    let id = service::initiate(
        &state,
        &me.user,
        service::Initiation { vessel_id: body.vessel_id, to_phone, to_email, client, sale_price_cents },
    )
    .await?;
    Ok((StatusCode::CREATED, ApiJson(InitiatedTransfer { transfer_id: id })))
}

#[utoipa::path(get, path = "/api/transfers", tag = "transfers",
    responses((status = 200, body = Vec<Transfer>, description = "The caller's outgoing and incoming transfers"),
              (status = 401, body = ErrorBody)))]
pub(crate) async fn list(State(state): State<AppState>, me: CurrentUser) -> AppResult<ApiJson<Vec<Transfer>>> {
    Ok(ApiJson(service::list(&state, &me.user).await?))
}

#[utoipa::path(get, path = "/api/transfers/{id}", tag = "transfers",
    params(("id" = String, Path, description = "The transfer's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Transfer), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such transfer of the caller's")))]
pub(crate) async fn one(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<Transfer>> {
    Ok(ApiJson(service::get(&state, &me.user, &id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyOtpRequest {
    #[schema(pattern = r"^[0-9]{6}$")]
    pub otp: String,
}

#[utoipa::path(post, path = "/api/transfers/{id}/verify-otp", tag = "transfers", request_body = VerifyOtpRequest,
    params(("id" = String, Path, description = "The transfer's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Transfer, description = "Verified; the transfer fee is next"),
              (status = 400, body = ErrorBody, description = "code wrong_code: the message says how many attempts are left"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "Not the initiator"),
              (status = 422, body = ErrorBody, description = "Not six digits: refused without using an attempt"),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Already verified or no longer open"),
              (status = 429, body = ErrorBody, description = "No live code (five wrong attempts, or expired): send a new one")))]
pub(crate) async fn verify_otp(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<VerifyOtpRequest>,
) -> AppResult<ApiJson<Transfer>> {
    let code = OtpCode::parse(&body.otp).map_err(|e| AppError::field("otp", e))?;
    Ok(ApiJson(service::verify(&state, &me.user, &id, &code).await?))
}

#[utoipa::path(post, path = "/api/transfers/{id}/resend-otp", tag = "transfers",
    params(("id" = String, Path, description = "The transfer's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 202, body = MessageResponse), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 429, body = ErrorBody, description = "Within a minute of the last code, or four codes this hour; see Retry-After")))]
pub(crate) async fn resend_otp(
    State(state): State<AppState>,
    me: CurrentUser,
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
) -> AppResult<impl IntoResponse> {
    service::resend(&state, &me.user, &id, client).await?;
    Ok((StatusCode::ACCEPTED, MessageResponse::new("new_code_been_sent_new")))
}

#[utoipa::path(post, path = "/api/transfers/{id}/cancel", tag = "transfers",
    params(("id" = String, Path, description = "The transfer's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Transfer, description = "Canceled by the seller, declined by the buyer (the holder of the number it goes to), or canceled by an administrator; the vessel is active again and the other side is told"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "An administrator without a passkey (passkey_required) or without a sign-in in the last 5 minutes (reauthentication_required)"),
              (status = 404, body = ErrorBody, description = "No such transfer of the caller's"),
              (status = 409, body = ErrorBody, description = "No longer open")))]
pub(crate) async fn cancel(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<Transfer>> {
    // An administrator cancelling here is an administrator's action, held to
    // the console's rule (a passkey and a recent sign-in), whoever's it is.
    if me.user.is_admin() {
        me.require_admin_change()?;
    }
    let transfer = service::cancel(&state, &me.user, &id).await?;
    // The canceled fee's intent, at the provider.
    crate::features::payments::follow_up::run(&state).await;
    Ok(ApiJson(transfer))
}

#[utoipa::path(get, path = "/api/transfers/{id}/record.pdf", tag = "transfers",
    params(("id" = String, Path, description = "The transfer's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, description = "The signed transfer record (PDF); its serial in X-Record-Serial", content_type = "application/pdf"),
              (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such transfer of the caller's (its seller or its new owner)"),
              (status = 409, body = ErrorBody, description = "transfer_record_after_completion: not completed, or its vessel not claimed yet"),
              (status = 503, body = ErrorBody)))]
pub(crate) async fn transfer_record(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::response::Response> {
    use axum::http::{HeaderValue, header};
    let issued = record::record(&state, &me.user, &id, crate::foundation::i18n::current()).await?;
    let mut response = issued.pdf.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"transfer-record-{}.pdf\"", issued.serial)) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    if let Ok(v) = HeaderValue::from_str(&issued.serial) {
        headers.insert("x-record-serial", v);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(response)
}

#[utoipa::path(get, path = "/api/transfer-records/{serial}", tag = "transfers",
    params(("serial" = String, Path, description = "The record's serial as printed; any case, hyphens optional",
        pattern = r"^[ \t]*[Ee][Ss][Tt][Rr]([- \t]*[0-9A-Za-z]){16}[ \t]*$")),
    responses((status = 200, body = record::TransferRecordCheck), (status = 404, body = ErrorBody)))]
pub(crate) async fn check_record(
    State(state): State<AppState>,
    Path(serial): Path<String>,
) -> AppResult<ApiJson<record::TransferRecordCheck>> {
    let serial = crate::domain::TransferRecordSerial::parse(&serial).map_err(|code| AppError::NotFound(code.into()))?;
    Ok(ApiJson(record::check(&state, &serial).await?))
}
