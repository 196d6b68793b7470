use axum::{
    Router,
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::IntoResponse,
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    extract::{CurrentUser, MaybeUser},
    model::{OwnerKind, User},
    service, sessions,
};
use crate::http::json::MessageResponse;
use crate::{
    domain::{CompanyNumber, Email, NewPassword, OwnerName, PhoneE164},
    foundation::error::{AppError, AppResult, ErrorBody, FieldCheck},
    foundation::i18n::Lang,
    http::{client_addr::ClientAddr, json::ApiJson},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/register", post(register))
        .route("/api/auth/verify-email", post(verify_email))
        .route("/api/auth/resend-verification", post(resend_verification))
        .route("/api/auth/login", post(login))
        .route("/api/auth/logout", post(logout))
        .route("/api/auth/me", get(me))
        .route("/api/auth/session", get(session))
        .route("/api/auth/password-reset/request", post(request_password_reset))
        .route("/api/auth/password-reset/confirm", post(confirm_password_reset))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RegisterRequest {
    #[schema(
        pattern = r"^[ \t\n\r]*[^\s@\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]{1,64}@[^\s@.\-\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069][^\s@.\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*(\.[^\s@.\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]+)+[ \t\n\r]*$",
        max_length = 254
    )]
    pub email: String,
    #[schema(min_length = 8, max_length = 256)]
    pub password: String,
    /// Optional; E.164, e.g. `+31612345678`. Needed later for transfers.
    #[serde(rename = "phoneE164", default)]
    #[schema(pattern = r"^[ \t\n\r]*(\+[1-9][0-9]{1,14})?[ \t\n\r]*$")]
    pub phone_e164: Option<String>,
    /// The language to write to this person in; the request's `Accept-Language` when left out.
    #[serde(default)]
    pub language: Option<Lang>,
    /// Optional: the legal name certificates print (a person's, or the company's), unverified
    /// until an identity check. Required with `ownerKind` `company`.
    #[serde(default)]
    #[schema(max_length = 200)]
    pub name: Option<String>,
    /// `person` (the default) or `company`.
    #[serde(default)]
    pub owner_kind: Option<OwnerKind>,
    /// A company's registration number; required with `ownerKind` `company`, refused otherwise.
    #[serde(default)]
    #[schema(max_length = 40)]
    pub company_number: Option<String>,
}

/// The owner's name from a form's three fields, with each problem recorded
/// under its field (so `None` is either no name given where none is required,
/// or a problem that `check.finish()` reports).
pub(crate) fn owner_from(
    check: &mut FieldCheck,
    name: Option<&str>,
    kind: Option<OwnerKind>,
    number: Option<&str>,
    name_required: bool,
) -> Option<service::Owner> {
    fn given(v: Option<&str>) -> Option<&str> {
        v.map(str::trim).filter(|v| !v.is_empty())
    }
    let (name, number) = (given(name), given(number));
    let kind = kind.unwrap_or(OwnerKind::Person);
    let name = match name {
        Some(n) => Some(check.take("name", OwnerName::parse(n))?),
        None if name_required || kind == OwnerKind::Company => {
            check.take::<(), _>("name", Err("owner_name_invalid"));
            return None;
        }
        None => None,
    };
    match (kind, number) {
        (OwnerKind::Person, None) => name.map(service::Owner::Person),
        (OwnerKind::Person, Some(_)) => {
            check.take::<(), _>("companyNumber", Err("company_number_only_for_companies"));
            None
        }
        (OwnerKind::Company, number) => {
            let number = check.take("companyNumber", CompanyNumber::parse(number.unwrap_or_default()))?;
            name.map(|name| service::Owner::Company { name, number })
        }
    }
}

#[utoipa::path(post, path = "/api/auth/register", tag = "auth", request_body = RegisterRequest,
    responses((status = 201, body = MessageResponse, description = "Account created, unverified, not signed in"),
              (status = 422, body = ErrorBody, description = "Field errors"),
              (status = 429, body = ErrorBody, description = "Too many registrations from this client address; see Retry-After")))]
pub(crate) async fn register(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<RegisterRequest>,
) -> AppResult<impl IntoResponse> {
    let mut check = FieldCheck::default();
    let email = check.take("email", Email::parse(&body.email));
    let password = check.take("password", NewPassword::parse(&body.password));
    let phone = match body.phone_e164.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        Some(p) => check.take("phoneE164", PhoneE164::parse(p)).map(Some),
        None => Some(None),
    };
    let owner = owner_from(&mut check, body.name.as_deref(), body.owner_kind, body.company_number.as_deref(), false);
    check.finish()?;
    let (Some(email), Some(password), Some(phone)) = (email, password, phone) else { unreachable!() };
    let language = body.language.unwrap_or_else(crate::foundation::i18n::current);
    service::register(&state, service::Registration { email, password, phone, language, owner }, client).await?;
    Ok((StatusCode::CREATED, MessageResponse::new("account_created")))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VerifyEmailRequest {
    pub token: String,
}

#[utoipa::path(post, path = "/api/auth/verify-email", tag = "auth", request_body = VerifyEmailRequest,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody, description = "Invalid or expired token.")))]
pub(crate) async fn verify_email(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<VerifyEmailRequest>,
) -> AppResult<ApiJson<MessageResponse>> {
    service::verify_email(&state, &body.token).await?;
    Ok(MessageResponse::new("email_address_verified"))
}

#[utoipa::path(post, path = "/api/auth/resend-verification", tag = "auth",
    responses((status = 202, body = MessageResponse), (status = 401, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "Already verified"), (status = 429, body = ErrorBody)))]
pub(crate) async fn resend_verification(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    me: CurrentUser,
) -> AppResult<impl IntoResponse> {
    service::resend_verification(&state, &me.user, client).await?;
    Ok((StatusCode::ACCEPTED, MessageResponse::new("verification_email_sent")))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoginRequest {
    #[schema(max_length = 254)]
    pub email: String,
    pub password: String,
    /// Keep the session for 30 days instead of until the browser closes.
    #[serde(default)]
    pub remember_me: bool,
}

#[utoipa::path(post, path = "/api/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = User, description = "Signed in; sets the session cookie"),
              (status = 401, body = ErrorBody, description = "Invalid email or password"),
              (status = 429, body = ErrorBody, description = "Too many failed attempts; see Retry-After")))]
pub(crate) async fn login(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<LoginRequest>,
) -> AppResult<impl IntoResponse> {
    let email = Email::parse(&body.email).map_err(|_| AppError::Unauthorized(service::INVALID_CREDENTIALS.into()))?;
    let (user, secret) = service::login(&state, &email, &body.password, body.remember_me, client).await?;
    let cookie = sessions::cookie(&secret, body.remember_me, state.config.secure_cookies());
    Ok((set_cookie(&cookie)?, ApiJson(user)))
}

#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", responses((status = 204, description = "Session ended")))]
pub(crate) async fn logout(State(state): State<AppState>, headers: HeaderMap) -> AppResult<impl IntoResponse> {
    if let Some(secret) = super::extract::session_secret(&headers) {
        sessions::end(&state.db, &secret).await?;
    }
    Ok((StatusCode::NO_CONTENT, set_cookie(&sessions::clearing_cookie(state.config.secure_cookies()))?))
}

#[utoipa::path(get, path = "/api/auth/me", tag = "auth",
    responses((status = 200, body = User), (status = 401, body = ErrorBody)))]
pub(crate) async fn me(me: CurrentUser) -> ApiJson<User> {
    ApiJson(me.user)
}

#[derive(Serialize, ToSchema)]
pub struct SessionResponse {
    /// The signed-in user, or null for a guest.
    pub user: Option<User>,
}

/// Who is signed in, if anyone: a guest is an answer here, not a failure, so a
/// browser loading any page does not log one (`/api/auth/me` keeps its 401 for API clients).
#[utoipa::path(get, path = "/api/auth/session", tag = "auth", responses((status = 200, body = SessionResponse)))]
pub(crate) async fn session(MaybeUser(user): MaybeUser) -> ApiJson<SessionResponse> {
    ApiJson(SessionResponse { user })
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetRequest {
    #[schema(
        pattern = r"^[ \t\n\r]*[^\s@\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]{1,64}@[^\s@.\-\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069][^\s@.\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*(\.[^\s@.\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]+)+[ \t\n\r]*$",
        max_length = 254
    )]
    pub email: String,
}

#[utoipa::path(post, path = "/api/auth/password-reset/request", tag = "auth", request_body = PasswordResetRequest,
    responses((status = 202, body = MessageResponse, description = "Same answer whether or not the account exists"),
              (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn request_password_reset(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<PasswordResetRequest>,
) -> AppResult<impl IntoResponse> {
    let email = Email::parse(&body.email).map_err(|m| AppError::field("email", m))?;
    service::request_password_reset(&state, &email, client).await?;
    Ok((StatusCode::ACCEPTED, MessageResponse::new("reset_link_sent")))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PasswordResetConfirm {
    pub token: String,
    #[schema(min_length = 8, max_length = 256)]
    pub password: String,
}

#[utoipa::path(post, path = "/api/auth/password-reset/confirm", tag = "auth", request_body = PasswordResetConfirm,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorBody, description = "Invalid or expired token."),
              (status = 422, body = ErrorBody)))]
pub(crate) async fn confirm_password_reset(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<PasswordResetConfirm>,
) -> AppResult<ApiJson<MessageResponse>> {
    let password = NewPassword::parse(&body.password).map_err(|m| AppError::field("password", m))?;
    service::confirm_password_reset(&state, &body.token, &password).await?;
    Ok(MessageResponse::new("password_changed"))
}

pub fn set_cookie(value: &str) -> AppResult<[(header::HeaderName, HeaderValue); 1]> {
    let value = HeaderValue::from_str(value).map_err(|e| anyhow::anyhow!("cookie header: {e}"))?;
    Ok([(header::SET_COOKIE, value)])
}
