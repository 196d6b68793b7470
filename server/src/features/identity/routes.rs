//! The identity feature's HTTP face: its router and thin handlers, each
//! parsing the request into domain types and making one service call.

use super::model::{IdentitySession, IdentitySessionRequest};
use super::{local, service, webhook};
use axum::{
    Router,
    body::Bytes,
    extract::{DefaultBodyLimit, Multipart, Path, State},
    http::HeaderMap,
    response::{Redirect, Response},
    routing::{get, post},
};

use crate::{
    domain::PlatformId,
    features::auth::CurrentUser,
    foundation::error::{AppError, AppResult, ErrorBody},
    http::json::ApiJson,
    platform::config::IdentityProviderConfig,
    platform::state::AppState,
    platform::stripe_http::WebhookAck,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/identity/create-session", post(create_session))
        .route("/api/identity/webhook", post(stripe_webhook))
        .route("/identity/local/{session}", get(local_page))
}

/// The local page's form carries a photo: outside the API's small body limit.
pub fn upload_router() -> Router<AppState> {
    Router::new().route("/identity/local/{session}", post(local_submit)).layer(DefaultBodyLimit::max(local::BODY_LIMIT))
}

#[utoipa::path(post, path = "/api/identity/create-session", tag = "identity", request_body = IdentitySessionRequest,
    responses((status = 200, body = IdentitySession), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the vessel's current owner"),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody, description = "Already verified or in progress"),
              (status = 422, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn create_session(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<IdentitySessionRequest>,
) -> AppResult<ApiJson<IdentitySession>> {
    let vessel = body
        .vessel_platform_id
        .as_deref()
        .map(|id| PlatformId::parse(id).map_err(|e| AppError::field("vesselPlatformId", e.message())))
        .transpose()?;
    let url = service::create_session(&state, &me.user, vessel.as_ref()).await?;
    Ok(ApiJson(IdentitySession { url }))
}

#[utoipa::path(post, path = "/api/identity/webhook", tag = "identity",
    request_body(content = String, description = "A Stripe Identity event, signed in the Stripe-Signature header"),
    responses((status = 200, body = WebhookAck), (status = 400, body = ErrorBody, description = "Bad or missing signature"),
              (status = 404, body = ErrorBody, description = "Not using Stripe Identity")))]
pub(crate) async fn stripe_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> AppResult<ApiJson<WebhookAck>> {
    Ok(ApiJson(webhook::handle(&state, &headers, &body).await?))
}

fn require_local(state: &AppState) -> AppResult<()> {
    match state.config.identity {
        IdentityProviderConfig::Local => Ok(()),
        IdentityProviderConfig::Stripe { .. } => Err(AppError::NotFound("local_identity_provider_not_use".into())),
    }
}

async fn local_page(State(state): State<AppState>, Path(session): Path<String>) -> AppResult<Response> {
    require_local(&state)?;
    Ok(crate::http::hosted_page::response(local::page_for(&state, &session).await?))
}

async fn local_submit(
    State(state): State<AppState>,
    Path(session): Path<String>,
    form: Multipart,
) -> AppResult<Redirect> {
    require_local(&state)?;
    Ok(Redirect::to(&local::submit(&state, &session, form).await?))
}
