//! The payments feature's HTTP face: its router and thin handlers, each
//! parsing the request into domain types and making one service call.

use super::{follow_up, local, service};

use axum::{
    Router,
    body::Bytes,
    extract::{Path, Query, State},
    http::HeaderMap,
    response::{Redirect, Response},
    routing::{get, post},
};

use super::local::{AuthenticationParams, LocalConfirmRequest, LocalConfirmResponse};
use super::model::{CreateIntentRequest, CreatedIntent, Payment, PaymentsConfig, Purpose};
use crate::platform::stripe_http::WebhookAck;
use crate::{
    features::auth::CurrentUser,
    foundation::error::{AppError, AppResult, ErrorBody},
    http::json::ApiJson,
    platform::config::PaymentsProvider,
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/config/payments", get(payments_config))
        .route("/api/payments/create-intent", post(create_intent))
        .route("/api/payments/local/confirm", post(local_confirm))
        .route("/api/payments/webhook", post(webhook))
        .route("/api/payments/{id}", get(payment))
        .route("/payments/local/authenticate/{intent}", get(authentication_page).post(authenticate))
}

#[utoipa::path(get, path = "/api/config/payments", tag = "payments",
    responses((status = 200, body = PaymentsConfig)))]
pub(crate) async fn payments_config(State(state): State<AppState>) -> ApiJson<PaymentsConfig> {
    ApiJson(PaymentsConfig {
        provider: state.payments.name().to_owned(),
        publishable_key: state.payments.publishable_key(),
    })
}

#[utoipa::path(post, path = "/api/payments/create-intent", tag = "payments", request_body = CreateIntentRequest,
    responses((status = 200, body = CreatedIntent, description = "A new payment, or the fee's unfinished one"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the vessel's owner (registration), or neither seller nor new owner (transfer); reauthentication_required for a transfer's fee: sign in again first"),
              (status = 404, body = ErrorBody, description = "No such vessel or transfer of the caller's"),
              (status = 409, body = ErrorBody, description = "Already paid, an identifier is in use, or the transfer is not payable (not verified, closed, or no account for the new owner)"),
              (status = 422, body = ErrorBody, description = "A transfer fee without transferId, or for another vessel"),
              (status = 502, body = ErrorBody, description = "The card provider could not be reached")))]
pub(crate) async fn create_intent(
    State(state): State<AppState>,
    me: CurrentUser,
    ApiJson(body): ApiJson<CreateIntentRequest>,
) -> AppResult<ApiJson<CreatedIntent>> {
    // Paying a transfer's fee gives the vessel away: a recent sign-in first.
    if body.purpose == Purpose::Transfer {
        me.require_recent()?;
    }
    Ok(ApiJson(service::create_intent(&state, &me.user, body).await?))
}

#[utoipa::path(get, path = "/api/payments/{id}", tag = "payments",
    params(("id" = String, Path, description = "The payment id from create-intent", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, body = Payment), (status = 401, body = ErrorBody),
              (status = 404, body = ErrorBody, description = "No such payment of yours")))]
pub(crate) async fn payment(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<ApiJson<Payment>> {
    let payment = service::payment_for(&state, &me.user, &id).await?;
    // A success read back from the provider may need a refund without effect.
    follow_up::run(&state).await;
    Ok(ApiJson(payment))
}

#[utoipa::path(post, path = "/api/payments/local/confirm", tag = "payments", request_body = LocalConfirmRequest,
    responses((status = 200, body = LocalConfirmResponse, description = "`succeeded`, or `requires_action` with the page to send the browser to"),
              (status = 400, body = ErrorBody), (status = 402, body = ErrorBody, description = "Declined or invalid card: the provider's message"),
              (status = 404, body = ErrorBody, description = "Unknown client secret, or the offline processor is not in use"),
              (status = 409, body = ErrorBody, description = "payment_canceled: what it paid for ended (transfer canceled, expired or paid by the other party, account archived, vessel out of the registry)")))]
pub(crate) async fn local_confirm(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<LocalConfirmRequest>,
) -> AppResult<ApiJson<LocalConfirmResponse>> {
    require_local(&state)?;
    let confirmed = local::confirm(&state, body).await?;
    // A transfer fee completed by this payment cancels the other party's, at the provider too.
    follow_up::run(&state).await;
    Ok(ApiJson(confirmed))
}

#[utoipa::path(post, path = "/api/payments/webhook", tag = "payments",
    request_body(content = String, description = "A Stripe event, signed in the Stripe-Signature header"),
    responses((status = 200, body = WebhookAck), (status = 400, body = ErrorBody, description = "Bad or missing signature"),
              (status = 404, body = ErrorBody, description = "Not using Stripe")))]
pub(crate) async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> AppResult<ApiJson<WebhookAck>> {
    Ok(ApiJson(super::webhook::handle(&state, &headers, &body).await?))
}

fn require_local(state: &AppState) -> AppResult<()> {
    match state.config.payments {
        PaymentsProvider::Local => Ok(()),
        PaymentsProvider::Stripe { .. } => Err(AppError::NotFound("offline_card_processor_not_use".into())),
    }
}

async fn authentication_page(
    State(state): State<AppState>,
    Path(intent): Path<String>,
    Query(params): Query<AuthenticationParams>,
) -> AppResult<Response> {
    require_local(&state)?;
    let html = local::authentication_page(&state, &intent, &params).await?;
    Ok(crate::http::hosted_page::response(html))
}

async fn authenticate(State(state): State<AppState>, Path(intent): Path<String>, body: Bytes) -> AppResult<Redirect> {
    require_local(&state)?;
    let fields: std::collections::HashMap<String, String> = url::form_urlencoded::parse(&body).into_owned().collect();
    // A form body is not JSON, so the edge's check is repeated here, once.
    if fields.values().any(|v| v.chars().any(crate::http::input::is_refused_char)) {
        return Err(AppError::bad_request("invalid_parameter", "form_holds_characters_not_allowed"));
    }
    let field = |name: &str| fields.get(name).cloned().unwrap_or_default();
    let params = AuthenticationParams {
        client_secret: field("client_secret"),
        return_url: field("return_url"),
        outcome: fields.get("outcome").cloned(),
    };
    let back = local::authenticate(&state, &intent, &params).await?;
    Ok(Redirect::to(&back))
}
