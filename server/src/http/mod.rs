//! The HTTP edge: middleware, extractors, JSON, the static web app and the
//! listener. It knows no feature: `crate::app::routes` composes their routers and
//! hands the result to [`router`].

pub mod body_deadline;
pub mod client_addr;
pub mod extract;
pub mod hosted_page;
pub mod input;
pub mod json;
mod own_writes;
pub mod prerendered;
pub mod security;
pub mod serve;
pub mod telemetry;
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
    catch_panic::CatchPanicLayer,
    compression::CompressionLayer,
    limit::RequestBodyLimitLayer,
    request_id::{MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer},
    timeout::TimeoutLayer,
    trace::TraceLayer,
};

use crate::{
    foundation::error::{AppError, ErrorBody, InternalCause},
    foundation::i18n::{Lang, Msg},
    platform::state::AppState,
};

/// Request bodies larger than this are refused (uploads get their own limit).
pub const BODY_LIMIT: usize = 64 * 1024;
const REQUEST_ID: &str = "x-request-id";

/// Wrap the composed API (`crate::app::routes`) in the edge: health checks, the
/// web app, and every middleware. `uploads` are routes that stream large
/// bodies: they set their own body limit and get a longer timeout, and
/// share every other layer.
pub fn router(state: AppState, api: Router<AppState>, uploads: Router<AppState>) -> Router {
    let small = Router::new()
        .merge(api)
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .fallback_service(web::service(&state.config.web_dir))
        .layer(middleware::from_fn_with_state(state.clone(), body_deadline::read_within))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(RequestBodyLimitLayer::new(BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(30)));
    let uploads = uploads
        .layer(middleware::from_fn_with_state(state.clone(), body_deadline::keep_rate))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_mins(5)));
    let mut app = small
        .merge(uploads)
        .layer(middleware::from_fn_with_state(state.clone(), security::cross_origin_protection))
        .layer(middleware::from_fn(cache_control))
        .layer(middleware::from_fn(input::refuse_hostile_uris))
        .layer(CatchPanicLayer::custom(|panic: Box<dyn std::any::Any + Send>| panic_response(&*panic)))
        .layer(middleware::from_fn(error_envelope))
        .layer(middleware::from_fn(telemetry::count_and_time))
        .layer(middleware::from_fn_with_state(state.clone(), own_writes::with_request_context))
        .layer(CompressionLayer::new());
    for layer in security::header_layers(&state.config) {
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

/// A panic in a handler still answers in the envelope; the panic message is
/// logged inside the request's span (so with its id), never sent.
fn panic_response(panic: &(dyn std::any::Any + Send)) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    tracing::error!(panic = %detail, "a handler panicked");
    AppError::Internal(anyhow::anyhow!("a handler panicked")).into_response()
}

/// API answers are not stored by browsers or proxies unless a handler says
/// otherwise: most of them carry personal data (a session, a profile, one's
/// vessels, payments), and a shared cache must never hand one person's
/// answer to another.
async fn cache_control(request: Request, next: Next) -> Response {
    let is_api = request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    if is_api && !response.headers().contains_key(header::CACHE_CONTROL) {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

#[derive(Clone)]
struct NewRequestId;

impl MakeRequestId for NewRequestId {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        HeaderValue::from_str(&crate::platform::ids::new_id()).ok().map(RequestId::new)
    }
}

async fn api_not_found() -> AppError {
    AppError::NotFound("no_such_api_endpoint".into())
}

async fn healthz() -> &'static str {
    "ok"
}

#[derive(serde::Serialize)]
struct Readiness {
    status: &'static str,
    /// Offline providers configured in prod mode (a demonstration set-up).
    warnings: Vec<String>,
}

async fn readyz(
    axum::extract::State(state): axum::extract::State<AppState>,
) -> Result<json::ApiJson<Readiness>, AppError> {
    // Each dependency gets a few seconds: one that hangs makes the process unready, not the
    // check hang.
    let database = tokio::time::timeout(Duration::from_secs(3), crate::platform::db::ping(&state.db)).await;
    if let Err(e) = answered(database) {
        tracing::error!(error = %e, "readiness: the database is not reachable");
        return Err(AppError::Unavailable {
            code: "database_unavailable",
            message: "database_not_reachable".into(),
            retry_after_secs: 5,
        });
    }
    if let Some(replica) = &state.replica {
        // The watcher's last finding (at most a second old): the instance
        // still answers every read from the primary meanwhile, and says so.
        use crate::platform::db::replica::Health;
        let message = match replica.health() {
            Health::Serving => None,
            Health::Unchecked | Health::Unreachable => Some(Msg::new("replica_not_reachable")),
            Health::Behind { lag } => Some(
                Msg::new("replica_behind")
                    .arg("lagSecs", lag.as_secs())
                    .arg("maxSecs", state.config.replica_max_lag.as_secs()),
            ),
        };
        if let Some(message) = message {
            return Err(AppError::Unavailable { code: "replica_unavailable", message, retry_after_secs: 5 });
        }
    }
    let storage = tokio::time::timeout(Duration::from_secs(5), crate::platform::storage::ping(&state.storage)).await;
    if let Err(e) = answered(storage) {
        tracing::error!(error = %e, "readiness: the object storage is not reachable");
        return Err(AppError::Unavailable {
            code: "storage_unavailable",
            message: "storage_not_reachable".into(),
            retry_after_secs: 5,
        });
    }
    Ok(json::ApiJson(Readiness { status: "ready", warnings: state.config.warnings.clone() }))
}

/// A check's outcome within its time: its error, or that it timed out.
fn answered<E: std::fmt::Debug>(outcome: Result<Result<(), E>, tokio::time::error::Elapsed>) -> Result<(), String> {
    match outcome {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(format!("{e:?}")),
        Err(_) => Err("no answer in time".to_owned()),
    }
}

/// Answers the request in its language (`Accept-Language`, among the six), logs
/// internal causes (inside the request's span, so with its id), and gives error
/// responses that were not made by `AppError` (axum's 405, tower-http's 408 and
/// 413) the same JSON envelope.
async fn error_envelope(request: Request, next: Next) -> Response {
    let lang = Lang::from_accept_language(request.headers().get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()));
    crate::foundation::i18n::scope(lang, enveloped(request, next)).await
}

async fn enveloped(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    if let Some(InternalCause(cause)) = response.extensions().get::<InternalCause>() {
        tracing::error!(error = %format!("{cause:#}"), "internal error");
    }
    let status = response.status();
    let content_type = response.headers().get(header::CONTENT_TYPE).map(HeaderValue::as_bytes).unwrap_or_default();
    let is_json = content_type.starts_with(b"application/json");
    // The web app's page for a path that is none of its routes (`web`): a 404 a person reads.
    let is_app_page = status == StatusCode::NOT_FOUND && content_type.starts_with(b"text/html");
    if status.as_u16() < 400 || is_json || is_app_page {
        return response;
    }
    let (code, message) = match status {
        StatusCode::NOT_FOUND => ("not_found", "not_found"),
        StatusCode::METHOD_NOT_ALLOWED => ("method_not_allowed", "method_not_allowed_here"),
        StatusCode::REQUEST_TIMEOUT => ("timeout", "request_took_too_long"),
        StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", "request_body_too_large"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ("unsupported_media_type", "unsupported_content_type"),
        StatusCode::URI_TOO_LONG => ("uri_too_long", "request_address_too_long"),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => ("headers_too_large", "request_headers_too_large"),
        s if s.is_server_error() => ("internal", "internal"),
        _ => ("bad_request", "request_could_not_handled"),
    };
    let mut envelope = (status, axum::Json(ErrorBody::new(code, &Msg::new(message)))).into_response();
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(v) = response.headers().get(&name) {
            envelope.headers_mut().insert(name, v.clone());
        }
    }
    envelope
}
