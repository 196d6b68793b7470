//! How long a request body may take to arrive, so that a client trickling
//! one cannot hold a connection slot for long:
//!
//! - an ordinary body (JSON, at most 64 KiB) is read whole within
//!   `REGISTRY_BODY_READ_TIMEOUT_SECS` (10 s) before the handler runs, else
//!   408 `timeout`;
//! - an upload streams to its handler, and must keep arriving at
//!   `REGISTRY_UPLOAD_MIN_BYTES_PER_SEC` (32 KiB/s) on average after that
//!   same grace period; slower, its stream ends with [`TooSlow`], which the
//!   upload answers as 408.

use std::time::Duration;

use axum::{
    body::Body,
    extract::{Request, State},
    http::StatusCode,
    middleware::Next,
    response::{IntoResponse, Response},
};
use futures_util::StreamExt;
use tokio::time::Instant;

use crate::{foundation::error::AppError, platform::state::AppState};

/// An upload's body arrived more slowly than the minimum rate.
#[derive(Debug, thiserror::Error)]
#[error("the request body arrived too slowly")]
pub struct TooSlow;

pub fn timeout() -> AppError {
    AppError::Status { status: StatusCode::REQUEST_TIMEOUT, code: "timeout", message: "request_took_too_long".into() }
}

/// Whether `error` (or anything it wraps) is [`TooSlow`].
pub fn is_too_slow(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(error);
    while let Some(e) = next {
        if e.downcast_ref::<TooSlow>().is_some() {
            return true;
        }
        next = e.source();
    }
    false
}

/// Read an ordinary body whole within the deadline, then hand the request on.
pub async fn read_within(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let limit = super::BODY_LIMIT;
    match tokio::time::timeout(state.config.body_read_timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
        // Over the limit (or a broken body): the limit layer's own answer, 413.
        Ok(Err(_)) => StatusCode::PAYLOAD_TOO_LARGE.into_response(),
        Err(_) => timeout().into_response(),
    }
}

/// Let an upload's body stream on while it keeps the minimum rate.
pub async fn keep_rate(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let grace = state.config.body_read_timeout;
    let rate = state.config.upload_min_bytes_per_sec.max(1);
    let (parts, body) = request.into_parts();
    let started = Instant::now();
    let chunks = futures_util::stream::unfold(
        (body.into_data_stream(), 0u64, false),
        move |(mut chunks, received, ended)| async move {
            if ended {
                return None;
            }
            // The time the bytes so far allow, on top of the grace period.
            let deadline = started + grace + Duration::from_millis(received.saturating_mul(1000) / rate);
            match tokio::time::timeout_at(deadline, chunks.next()).await {
                Ok(Some(Ok(chunk))) => {
                    let received = received + chunk.len() as u64;
                    Some((Ok(chunk), (chunks, received, false)))
                }
                Ok(Some(Err(e))) => Some((Err(axum::BoxError::from(e)), (chunks, received, true))),
                Ok(None) => None,
                Err(_) => Some((Err(axum::BoxError::from(TooSlow)), (chunks, received, true))),
            }
        },
    );
    next.run(Request::from_parts(parts, Body::from_stream(chunks))).await
}
