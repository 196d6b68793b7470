//! The signed-in user's own profile, and archiving the account.

use axum::{
    Router,
    extract::State,
    http::StatusCode,
    response::IntoResponse,
    routing::{get, post, put},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::http::json::MessageResponse;
use crate::{
    domain::PhoneE164,
    features::auth::{CurrentUser, RecentUser},
    features::auth::{OwnerKind, User, owner_from, phone, service, sessions, set_cookie},
    foundation::error::{AppError, AppResult, ErrorBody},
    foundation::i18n::{Lang, Msg},
    http::{client_addr::ClientAddr, json::ApiJson},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/profile", get(show).patch(update).delete(archive))
        .route("/api/profile/phone", post(set_phone))
        .route("/api/profile/phone/send-code", post(send_phone_code))
        .route("/api/profile/phone/verify", post(verify_phone))
        .route("/api/profile/language", put(set_language))
        .route("/api/profile/export", get(export))
}

#[derive(Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LanguageRequest {
    /// One of the six languages of the web app's menu.
    pub language: Lang,
}

/// Keep the language chosen in the web app on the account: emails and SMS to
/// this person are written in it from now on.
#[utoipa::path(put, path = "/api/profile/language", tag = "profile", request_body = LanguageRequest,
    responses((status = 200, body = LanguageRequest, description = "The language now kept on the account"),
              (status = 401, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub(crate) async fn set_language(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<LanguageRequest>,
) -> AppResult<ApiJson<LanguageRequest>> {
    let mut tx = state.begin().await?;
    crate::features::auth::set_language(&mut tx, &me.user.id, body.language).await?;
    tx.commit().await?;
    Ok(ApiJson(body))
}

#[derive(Serialize, ToSchema)]
pub struct Profile {
    pub name: Option<String>,
    pub email: String,
    #[serde(rename = "phoneE164")]
    pub phone_e164: Option<String>,
}

#[utoipa::path(get, path = "/api/profile", tag = "profile",
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody)))]
pub(crate) async fn show(me: CurrentUser) -> ApiJson<Profile> {
    let u = me.user;
    ApiJson(Profile { name: u.name, email: u.email, phone_e164: u.phone_e164 })
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileUpdate {
    /// The legal name certificates print: a person's, or the company's for `ownerKind` `company`.
    #[schema(max_length = 200)]
    pub name: String,
    /// `person` or `company`; unchanged when left out.
    #[serde(default)]
    pub owner_kind: Option<OwnerKind>,
    /// Required with `ownerKind` `company`, refused otherwise.
    #[serde(default)]
    #[schema(max_length = 40)]
    pub company_number: Option<String>,
}

/// Set the owner's name as certificates print it. A typed name is shown as
/// not verified; a name an identity check verified changes only through
/// another check.
#[utoipa::path(patch, path = "/api/profile", tag = "profile", request_body = ProfileUpdate,
    responses((status = 200, body = User, description = "The account with its new name (`nameVerified` false unless unchanged)"),
              (status = 401, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "verified_name_needs_new_verification: the name was verified; verify your identity again to change it"),
              (status = 422, body = ErrorBody)))]
pub(crate) async fn update(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<ProfileUpdate>,
) -> AppResult<ApiJson<User>> {
    let mut check = crate::foundation::error::FieldCheck::default();
    let kind = Some(body.owner_kind.unwrap_or(me.user.owner_kind));
    let owner = owner_from(&mut check, Some(&body.name), kind, body.company_number.as_deref(), true);
    check.finish()?;
    let Some(owner) = owner else { unreachable!("a required name was checked") };
    service::set_owner(&state, &me.user, &owner).await?;
    Ok(ApiJson(reloaded(&state, &me.session_secret).await?))
}

#[utoipa::path(delete, path = "/api/profile", tag = "profile",
    responses((status = 200, body = MessageResponse, description = "Account archived; every session ended"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "reauthentication_required: sign in again first (docs/ACCOUNTS.md)")))]
pub(crate) async fn archive(State(state): State<AppState>, RecentUser(me): RecentUser) -> AppResult<impl IntoResponse> {
    crate::flows::accounts::archive::archive_account(&state, &me.user.id, &me.user.id, None).await?;
    // The archived account's canceled payments, at the provider.
    crate::features::payments::follow_up::run(&state).await;
    Ok((
        set_cookie(&sessions::clearing_cookie(state.config.secure_cookies()))?,
        MessageResponse::new("account_been_archived"),
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetPhoneRequest {
    #[serde(rename = "phoneE164")]
    #[schema(pattern = r"^\+[1-9][0-9]{1,14}$")]
    pub phone_e164: String,
}

#[utoipa::path(post, path = "/api/profile/phone", tag = "profile", request_body = SetPhoneRequest,
    responses((status = 200, body = User, description = "Set; unverified unless unchanged"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "reauthentication_required: sign in again first (docs/ACCOUNTS.md)"), (status = 422, body = ErrorBody)))]
pub(crate) async fn set_phone(
    State(state): State<AppState>,
    RecentUser(me): RecentUser,
    ApiJson(body): ApiJson<SetPhoneRequest>,
) -> AppResult<ApiJson<User>> {
    let number = PhoneE164::parse(&body.phone_e164).map_err(|m| AppError::field("phoneE164", m))?;
    phone::set(&state, &me.user, &number).await?;
    Ok(ApiJson(reloaded(&state, &me.session_secret).await?))
}

#[utoipa::path(post, path = "/api/profile/phone/send-code", tag = "profile",
    responses((status = 202, body = MessageResponse), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "verify_email_before_codes: the email is not verified; reauthentication_required: sign in again first"),
              (status = 409, body = ErrorBody, description = "No number, or already verified"),
              (status = 422, body = ErrorBody, description = "phone_not_supported_mobile: not a mobile number of a country the registry texts"),
              (status = 429, body = ErrorBody, description = "too_many_codes: within a minute of the last code, or over a code budget; see Retry-After")))]
pub(crate) async fn send_phone_code(
    State(state): State<AppState>,
    RecentUser(me): RecentUser,
    ClientAddr(client): ClientAddr,
) -> AppResult<impl IntoResponse> {
    phone::send_code(&state, &me.user, client).await?;
    Ok((StatusCode::ACCEPTED, MessageResponse::new("we_sent_code_mobile_number")))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyPhoneRequest {
    #[schema(pattern = r"^[0-9]{6}$")]
    pub otp: String,
}

/// The account after verifying its number, and the vessels that were waiting
/// for that number and are now the caller's.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneVerified {
    #[serde(flatten)]
    pub user: User,
    pub claimed_vessels: Vec<crate::features::transfers::service::ClaimedVessel>,
}

#[utoipa::path(post, path = "/api/profile/phone/verify", tag = "profile", request_body = VerifyPhoneRequest,
    responses((status = 200, body = PhoneVerified, description = "Verified; any paid transfer waiting for this number is now the caller's, named in claimedVessels"),
              (status = 400, body = ErrorBody, description = "code wrong_code, with the attempts left"),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody, description = "reauthentication_required: sign in again first (docs/ACCOUNTS.md)"),
              (status = 409, body = ErrorBody, description = "No number, already verified, or verified on another account"),
              (status = 422, body = ErrorBody, description = "Not six digits: refused without using an attempt"),
              (status = 429, body = ErrorBody, description = "No live code: ask for a new one")))]
pub(crate) async fn verify_phone(
    State(state): State<AppState>,
    RecentUser(me): RecentUser,
    ApiJson(body): ApiJson<VerifyPhoneRequest>,
) -> AppResult<ApiJson<PhoneVerified>> {
    let code = crate::domain::OtpCode::parse(&body.otp).map_err(|e| AppError::field("otp", e))?;
    let claimed_vessels = confirm_phone(&state, &me.user, &code).await?;
    Ok(ApiJson(PhoneVerified { user: reloaded(&state, &me.session_secret).await?, claimed_vessels }))
}

/// A verified number completes any paid transfer waiting for it, in the
/// verification's own transaction: the buyer who signed up after the quay
/// scene finds the vessel on their dashboard at once.
async fn confirm_phone(
    state: &AppState,
    user: &User,
    otp: &crate::domain::OtpCode,
) -> AppResult<Vec<crate::features::transfers::service::ClaimedVessel>> {
    let mut confirmed = phone::verify(state, user, otp).await?;
    let claimed =
        crate::features::transfers::service::claim_waiting(&mut confirmed.tx, &user.id, &confirmed.phone).await?;
    confirmed.tx.commit().await?;
    if !claimed.is_empty() {
        state.wake_outbox();
    }
    Ok(claimed)
}

/// The user as stored now, after a change.
async fn reloaded(state: &AppState, session_secret: &str) -> AppResult<User> {
    sessions::user_for(&state.db, session_secret)
        .await?
        .ok_or_else(|| AppError::Unauthorized("sign_in_required".into()))
}

/// Read as text and parsed by the handler, so an unknown value gets the
/// API's JSON error rather than the extractor's.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportParams {
    /// `files`: a ZIP of the JSON document and your own documents' files.
    #[param(pattern = "^files$")]
    pub include: Option<String>,
}

#[utoipa::path(get, path = "/api/profile/export", tag = "profile", params(ExportParams),
    responses((status = 200, description = "Everything the registry holds about you, as one JSON document (a download); with `include=files`, a ZIP of `personal-data.json` and `documents/{platform id}/{document id}-{file name}` for each document you uploaded",
                  content((super::model::PersonalData = "application/json"), (Vec<u8> = "application/zip"))),
              (status = 400, body = ErrorBody, description = "invalid_parameter: `include` is not `files`"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "reauthentication_required: sign in again first"),
              (status = 409, body = ErrorBody, description = "export_files_too_large: more than a ZIP holds (4 GiB); download the document without files")))]
pub(crate) async fn export(
    State(state): State<AppState>,
    RecentUser(me): RecentUser,
    axum::extract::Query(params): axum::extract::Query<ExportParams>,
) -> AppResult<axum::response::Response> {
    use axum::http::{HeaderValue, header};
    match params.include.as_deref() {
        None => {
            let data = super::export::export(&state, &me.user, &me.session_secret).await?;
            let disposition = HeaderValue::from_static("attachment; filename=\"registry-personal-data.json\"");
            Ok(([(header::CONTENT_DISPOSITION, disposition)], ApiJson(data)).into_response())
        }
        Some("files") => {
            let zip = super::export::export_with_files(&state, &me.user, &me.session_secret).await?;
            let disposition = HeaderValue::from_static("attachment; filename=\"registry-personal-data.zip\"");
            let headers = [
                (header::CONTENT_TYPE, HeaderValue::from_static("application/zip")),
                (header::CONTENT_DISPOSITION, disposition),
            ];
            Ok((headers, axum::body::Body::from_stream(zip)).into_response())
        }
        Some(_) => Err(AppError::bad_request("invalid_parameter", Msg::new("export_include_files"))),
    }
}
