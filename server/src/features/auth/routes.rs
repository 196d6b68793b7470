use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::IntoResponse,
    routing::{delete, get, post},
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    extract::{CurrentUser, MaybeUser, RecentUser},
    model::{
        FinishPasskeyRegistration, FinishPasskeySignIn, OwnerKind, PasskeyInfo, PasswordSignInRequest,
        ReauthenticateRequest, RecoverFinishRequest, RecoverStartRequest, SessionInfo, SessionsEnded, User,
    },
    passkeys, service, sessions,
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
        .route("/api/auth/reauthenticate", post(reauthenticate))
        .route("/api/auth/sessions", get(list_sessions))
        .route("/api/auth/sessions/{id}", delete(end_session))
        .route("/api/auth/sessions/end-others", post(end_other_sessions))
        .route("/api/auth/passkeys", get(list_passkeys))
        .route("/api/auth/passkeys/{id}", delete(remove_passkey))
        .route("/api/auth/passkeys/register/start", post(passkey_register_start))
        .route("/api/auth/passkeys/register/finish", post(passkey_register_finish))
        .route("/api/auth/passkeys/login/start", post(passkey_login_start))
        .route("/api/auth/passkeys/login/finish", post(passkey_login_finish))
        .route("/api/auth/passkeys/recover/start", post(passkey_recover_start))
        .route("/api/auth/passkeys/recover/finish", post(passkey_recover_finish))
        .route("/api/auth/password-sign-in", axum::routing::put(set_password_sign_in))
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
              (status = 403, body = ErrorBody, description = "password_sign_in_off: this account signs in with a passkey"),
              (status = 429, body = ErrorBody, description = "Too many failed attempts; see Retry-After")))]
pub(crate) async fn login(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginRequest>,
) -> AppResult<impl IntoResponse> {
    let email = Email::parse(&body.email).map_err(|_| AppError::Unauthorized(service::INVALID_CREDENTIALS.into()))?;
    let from = service::SignInFrom {
        client,
        user_agent: headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()),
        browser: crate::http::extract::cookie(&headers, sessions::BROWSER_COOKIE),
    };
    let signed_in = service::login(&state, &email, &body.password, body.remember_me, &from).await?;
    signed_in_response(&state, signed_in, body.remember_me)
}

/// The answer to a sign-in: the account, the session's cookie, and the
/// browser's lasting cookie when it had none.
fn signed_in_response(
    state: &AppState,
    signed_in: service::SignedIn,
    remember: bool,
) -> AppResult<(HeaderMap, ApiJson<User>)> {
    let secure = state.config.secure_cookies();
    let mut response_headers = HeaderMap::new();
    let session_cookie = sessions::cookie(&signed_in.session, remember, secure);
    response_headers.append(header::SET_COOKIE, cookie_value(&session_cookie)?);
    if let Some(browser) = &signed_in.new_browser_secret {
        response_headers.append(header::SET_COOKIE, cookie_value(&sessions::browser_cookie(browser, secure))?);
    }
    Ok((response_headers, ApiJson(signed_in.user)))
}

/// A started ceremony: its options, and the cookie that must come back with its finish.
fn started_response(state: &AppState, started: passkeys::Started) -> AppResult<impl IntoResponse + use<>> {
    let cookie = passkeys::ceremony_cookie(&started.cookie_secret, state.config.secure_cookies());
    Ok((set_cookie(&cookie)?, ApiJson(started.options)))
}

fn ceremony_secret(headers: &HeaderMap) -> Option<&str> {
    crate::http::extract::cookie(headers, passkeys::CEREMONY_COOKIE).filter(|v| !v.is_empty())
}

#[utoipa::path(get, path = "/api/auth/passkeys", tag = "auth",
    responses((status = 200, body = Vec<PasskeyInfo>, description = "The account's passkeys, newest first"),
              (status = 401, body = ErrorBody)))]
pub(crate) async fn list_passkeys(
    State(state): State<AppState>,
    me: CurrentUser,
) -> AppResult<ApiJson<Vec<PasskeyInfo>>> {
    Ok(ApiJson(passkeys::list(&state.db, &me.user.id).await?))
}

#[utoipa::path(delete, path = "/api/auth/passkeys/{id}", tag = "auth",
    params(("id" = String, Path, description = "The passkey's id from the list")),
    responses((status = 204, description = "Removed"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "reauthentication_required: sign in again first"),
              (status = 404, body = ErrorBody, description = "passkey_not_found: no such passkey of yours"),
              (status = 409, body = ErrorBody, description = "last_passkey: the account signs in without a password, and this is its last passkey")))]
pub(crate) async fn remove_passkey(
    State(state): State<AppState>,
    RecentUser(me): RecentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    passkeys::remove(&state, &me.user, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/auth/passkeys/register/start", tag = "auth",
    responses((status = 200, body = Object, description = "`CredentialCreationOptions` JSON (`{publicKey: …}`, base64url) for `navigator.credentials.create`; sets the ceremony's cookie, valid 5 minutes, for this session only"),
              (status = 401, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "too_many_passkeys"),
              (status = 503, body = ErrorBody, description = "passkeys_unavailable: the registry's public address is not a host name")))]
pub(crate) async fn passkey_register_start(
    State(state): State<AppState>,
    me: CurrentUser,
) -> AppResult<impl IntoResponse> {
    started_response(&state, passkeys::register_start(&state, &me.user, &me.session_secret).await?)
}

#[utoipa::path(post, path = "/api/auth/passkeys/register/finish", tag = "auth", request_body = FinishPasskeyRegistration,
    responses((status = 201, body = PasskeyInfo, description = "Added"),
              (status = 400, body = ErrorBody, description = "passkey_ceremony_expired (no ceremony of this session, used, or older than 5 minutes), passkey_ceremony_failed"),
              (status = 401, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "passkey_already_registered"),
              (status = 503, body = ErrorBody, description = "passkeys_unavailable: the registry's public address is not a host name")))]
pub(crate) async fn passkey_register_finish(
    State(state): State<AppState>,
    me: CurrentUser,
    headers: HeaderMap,
    ApiJson(body): ApiJson<FinishPasskeyRegistration>,
) -> AppResult<impl IntoResponse> {
    let added = passkeys::register_finish(
        &state,
        &me.user,
        &me.session_secret,
        ceremony_secret(&headers),
        body.name.as_deref(),
        &body.credential,
    )
    .await?;
    Ok((StatusCode::CREATED, ApiJson(added)))
}

#[utoipa::path(post, path = "/api/auth/passkeys/login/start", tag = "auth",
    responses((status = 200, body = Object, description = "`CredentialRequestOptions` JSON (`{publicKey: …}`, base64url, no credentials listed: the browser offers the person's passkeys) for `navigator.credentials.get`; sets the ceremony's cookie, valid 5 minutes"),
              (status = 429, body = ErrorBody, description = "too_many_sign_ins_from_network: the address's budget of sign-ins; see Retry-After"),
              (status = 503, body = ErrorBody, description = "passkeys_unavailable: the registry's public address is not a host name")))]
pub(crate) async fn passkey_login_start(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
) -> AppResult<impl IntoResponse> {
    started_response(&state, passkeys::sign_in_start(&state, client).await?)
}

#[utoipa::path(post, path = "/api/auth/passkeys/login/finish", tag = "auth", request_body = FinishPasskeySignIn,
    responses((status = 200, body = User, description = "Signed in (a sign-in that counts as recent for sensitive actions); sets the session cookie. A session this browser already had for the same account ends."),
              (status = 400, body = ErrorBody, description = "passkey_ceremony_expired, passkey_ceremony_failed"),
              (status = 401, body = ErrorBody, description = "passkey_unknown: no account holds this passkey"),
              (status = 503, body = ErrorBody, description = "passkeys_unavailable: the registry's public address is not a host name")))]
pub(crate) async fn passkey_login_finish(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<FinishPasskeySignIn>,
) -> AppResult<impl IntoResponse> {
    let user = passkeys::sign_in_finish(&state, ceremony_secret(&headers), &body.credential).await?;
    // Signing in again with a passkey before a sensitive action replaces the
    // browser's session rather than leaving a second one behind, and keeps
    // its "Remember me" (the dialog that asks does not offer the choice).
    let mut remember_me = body.remember_me;
    if let Some(old) = super::extract::session_secret(&headers)
        && let Some(replaced) = sessions::session_for(&state.db, &old).await?.filter(|s| s.user.id == user.id)
    {
        remember_me |= replaced.remember;
        sessions::end(&state.db, &old).await?;
    }
    let from = service::SignInFrom {
        client,
        user_agent: headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()),
        browser: crate::http::extract::cookie(&headers, sessions::BROWSER_COOKIE),
    };
    let signed_in = service::start_session(&state, user, remember_me, &from, "passkey").await?;
    signed_in_response(&state, signed_in, remember_me)
}

#[utoipa::path(post, path = "/api/auth/reauthenticate", tag = "auth", request_body = ReauthenticateRequest,
    responses((status = 200, body = MessageResponse, description = "Signed in again: sensitive actions are allowed for five minutes"),
              (status = 400, body = ErrorBody, description = "invalid_password"),
              (status = 403, body = ErrorBody, description = "password_sign_in_off: sign in again with a passkey"),
              (status = 401, body = ErrorBody),
              (status = 429, body = ErrorBody, description = "Too many wrong passwords (the sign-in's budget); see Retry-After")))]
pub(crate) async fn reauthenticate(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    me: CurrentUser,
    ApiJson(body): ApiJson<ReauthenticateRequest>,
) -> AppResult<ApiJson<MessageResponse>> {
    service::reauthenticate(&state, &me.user, &me.session_secret, &body.password, client).await?;
    Ok(MessageResponse::new("signed_in_again"))
}

#[utoipa::path(get, path = "/api/auth/sessions", tag = "auth",
    responses((status = 200, body = Vec<SessionInfo>, description = "The account's live sessions, the most recently used first"),
              (status = 401, body = ErrorBody)))]
pub(crate) async fn list_sessions(
    State(state): State<AppState>,
    me: CurrentUser,
) -> AppResult<ApiJson<Vec<SessionInfo>>> {
    Ok(ApiJson(sessions::list(&state.db, &me.user.id, &me.session_secret).await?))
}

#[utoipa::path(delete, path = "/api/auth/sessions/{id}", tag = "auth",
    params(("id" = String, Path, description = "The session's id from the list")),
    responses((status = 204, description = "Ended (the current one too: that signs this browser out)"),
              (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "session_not_found: no such session of yours")))]
pub(crate) async fn end_session(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    service::end_session(&state, &me.user, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/api/auth/sessions/end-others", tag = "auth",
    responses((status = 200, body = SessionsEnded, description = "Signed out everywhere else"),
              (status = 401, body = ErrorBody)))]
pub(crate) async fn end_other_sessions(
    State(state): State<AppState>,
    me: CurrentUser,
) -> AppResult<ApiJson<SessionsEnded>> {
    let ended = service::end_other_sessions(&state, &me.user, &me.session_secret).await?;
    Ok(ApiJson(SessionsEnded { ended }))
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
              (status = 409, body = ErrorBody, description = "password_sign_in_off_add_passkey: this account signs in without a password; add a passkey with the link (POST /api/auth/passkeys/recover/start)"),
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
    Ok([(header::SET_COOKIE, cookie_value(value)?)])
}

fn cookie_value(value: &str) -> AppResult<HeaderValue> {
    Ok(HeaderValue::from_str(value).map_err(|e| anyhow::anyhow!("cookie header: {e}"))?)
}

#[utoipa::path(put, path = "/api/auth/password-sign-in", tag = "auth", request_body = PasswordSignInRequest,
    responses((status = 200, body = User, description = "Changed: `passwordSignIn` says how the account signs in now"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "reauthentication_required: sign in again first"),
              (status = 409, body = ErrorBody, description = "passkey_needed_first: add a passkey before turning password sign-in off")))]
pub(crate) async fn set_password_sign_in(
    State(state): State<AppState>,
    RecentUser(me): RecentUser,
    ApiJson(body): ApiJson<PasswordSignInRequest>,
) -> AppResult<ApiJson<User>> {
    service::set_password_sign_in(&state, &me.user, body.enabled).await?;
    let user = sessions::user_for(&state.db, &me.session_secret)
        .await?
        .ok_or_else(|| AppError::Unauthorized("sign_in_required".into()))?;
    Ok(ApiJson(user))
}

#[utoipa::path(post, path = "/api/auth/passkeys/recover/start", tag = "auth", request_body = RecoverStartRequest,
    responses((status = 200, body = Object, description = "Creation options, as `register/start`'s, for an account that signs in without a password; sets the ceremony's cookie, bound to the reset link's token"),
              (status = 400, body = ErrorBody, description = "invalid_token: a reset link never sent, used or expired"),
              (status = 409, body = ErrorBody, description = "password_sign_in_on_reset_password: this account resets its password instead"),
              (status = 503, body = ErrorBody, description = "passkeys_unavailable: the registry's public address is not a host name")))]
pub(crate) async fn passkey_recover_start(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<RecoverStartRequest>,
) -> AppResult<impl IntoResponse> {
    started_response(&state, passkeys::recover_start(&state, &body.token).await?)
}

#[utoipa::path(post, path = "/api/auth/passkeys/recover/finish", tag = "auth", request_body = RecoverFinishRequest,
    responses((status = 200, body = User, description = "The passkey added, the reset link used, every other session ended, and signed in"),
              (status = 400, body = ErrorBody, description = "invalid_token, passkey_ceremony_expired, passkey_ceremony_failed"),
              (status = 409, body = ErrorBody, description = "passkey_already_registered"),
              (status = 503, body = ErrorBody, description = "passkeys_unavailable: the registry's public address is not a host name")))]
pub(crate) async fn passkey_recover_finish(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RecoverFinishRequest>,
) -> AppResult<impl IntoResponse> {
    let user = passkeys::recover_finish(
        &state,
        ceremony_secret(&headers),
        &body.token,
        body.name.as_deref(),
        &body.credential,
    )
    .await?;
    let from = service::SignInFrom {
        client,
        user_agent: headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()),
        browser: crate::http::extract::cookie(&headers, sessions::BROWSER_COOKIE),
    };
    let signed_in = service::start_session(&state, user, false, &from, "passkey").await?;
    signed_in_response(&state, signed_in, false)
}
