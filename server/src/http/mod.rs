//! The HTTP edge: middleware, the static web app, and the one place where
//! every feature's router is merged.

pub mod extract;
pub mod json;
pub mod security;
mod web;

use std::time::Duration;

use axum::{
    Router,
    extract::{DefaultBodyLimit, Request},
    http::{HeaderValue, StatusCode, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{any, get},
};
use tower_http::{
    compression::CompressionLayer,
    limit::RequestBodyLimitLayer,
    request_id::{MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer},
    timeout::TimeoutLayer,
    trace::TraceLayer,
};

use crate::{
    app::AppState,
    error::{AppError, ErrorBody, InternalCause},
};

/// Request bodies larger than this are refused (uploads get their own limit).
pub const BODY_LIMIT: usize = 64 * 1024;
const REQUEST_ID: &str = "x-request-id";

pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .merge(crate::auth::router())
        .merge(crate::profile::router())
        .merge(crate::stats::router())
        .merge(crate::countries::router())
        .merge(crate::vessels::router())
        .merge(crate::payments::router())
        .merge(crate::openapi::router());
    let api = if state.config.is_dev() { api.merge(crate::dev::router()) } else { api };

    let mut app = Router::new()
        .merge(api)
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .fallback_service(web::service(&state.config.web_dir))
        .layer(middleware::from_fn_with_state(state.clone(), security::cross_origin_protection))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(30)))
        .layer(middleware::from_fn(error_envelope))
        .layer(CompressionLayer::new());
    for layer in security::header_layers(&state.config.payments) {
        app = app.layer(layer);
    }
    app.layer(PropagateRequestIdLayer::x_request_id())
        .layer(TraceLayer::new_for_http().make_span_with(|req: &Request| {
            let id = req.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
            tracing::info_span!("request", request_id = %id, method = %req.method(), path = %req.uri().path())
        }))
        .layer(SetRequestIdLayer::x_request_id(NewRequestId))
        .with_state(state)
}

#[derive(Clone)]
struct NewRequestId;

impl MakeRequestId for NewRequestId {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        HeaderValue::from_str(&crate::ids::new_id()).ok().map(RequestId::new)
    }
}

async fn api_not_found() -> AppError {
    AppError::NotFound("No such API endpoint.".into())
}

async fn healthz() -> &'static str {
    "ok"
}

async fn readyz(axum::extract::State(state): axum::extract::State<AppState>) -> Result<&'static str, AppError> {
    if let Err(e) = sqlx::query("SELECT 1").execute(&state.db).await {
        tracing::error!(error = %e, "readiness check failed");
        return Err(AppError::Status {
            status: StatusCode::SERVICE_UNAVAILABLE,
            code: "database_unavailable",
            message: "The database is not reachable.".into(),
        });
    }
    Ok("ready")
}

/// Logs internal causes (inside the request's span, so with its id), and
/// gives error responses that were not made by `AppError` (axum's 405,
/// tower-http's 408 and 413) the same JSON envelope.
async fn error_envelope(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if let Some(InternalCause(cause)) = response.extensions().get::<InternalCause>() {
        tracing::error!(error = %format!("{cause:#}"), "internal error");
    }
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if status.as_u16() < 400 || is_json {
        return response;
    }
    let (code, message) = match status {
        StatusCode::NOT_FOUND => ("not_found", "Not found."),
        StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "This method is not allowed here."),
        StatusCode::REQUEST_TIMEOUT => ("timeout", "The request took too long."),
        StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", "The request body is too large."),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ("unsupported_media_type", "Unsupported content type."),
        s if s.is_server_error() => ("internal", "Something went wrong on our side. Please try again."),
        _ => ("bad_request", "The request could not be handled."),
    };
    let mut envelope = (status, axum::Json(ErrorBody { message: message.into(), code: code.into(), fields: None }))
        .into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = response.headers().get(&name) {
            envelope.headers_mut().insert(name, v.clone());
        }
    }
    envelope
}
