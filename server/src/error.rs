//! The one error type of the HTTP API and its one mapping to responses.
//!
//! Every 4xx and 5xx body is `{"message", "code", "fields"?}`. Internal causes
//! are attached to the response as an extension and logged by middleware
//! (`http::error_envelope`) with the request id; clients only ever see
//! a generic message.

use std::{collections::BTreeMap, sync::Arc};

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::Serialize;
use utoipa::ToSchema;

pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{message}")]
    Unprocessable { message: String, fields: FieldErrors },
    #[error("{message}")]
    TooManyRequests { message: String, retry_after_secs: u64 },
    #[error("{message}")]
    Status { status: StatusCode, code: &'static str, message: String },
    /// 503: a bounded resource is saturated; the client should retry later.
    #[error("{message}")]
    Unavailable { code: &'static str, message: String, retry_after_secs: u64 },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A sentence the UI can show as is.
    pub message: String,
    /// A stable machine-readable code, e.g. `validation_failed`.
    pub code: String,
    /// Per-field messages, present only for validation errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, Vec<String>>>)]
    pub fields: Option<FieldErrors>,
}

/// The internal cause of a 500, for the logging middleware.
#[derive(Clone)]
pub struct InternalCause(pub Arc<anyhow::Error>);

impl AppError {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest { code, message: message.into() }
    }

    /// A validation error on one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        Self::Unprocessable { message: message.clone(), fields: BTreeMap::from([(field.to_owned(), vec![message])]) }
    }

    /// A validation error from several collected field problems.
    pub fn fields(fields: FieldErrors) -> Self {
        let message = fields.values().flatten().next().cloned().unwrap_or_else(|| "The request is not valid.".into());
        Self::Unprocessable { message, fields }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Status { status, .. } => *status,
            Self::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. } | Self::Status { code, .. } | Self::Unavailable { code, .. } => code,
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound(_) => "not_found",
            Self::Conflict(_) => "conflict",
            Self::Unprocessable { .. } => "validation_failed",
            Self::TooManyRequests { .. } => "too_many_requests",
            Self::Internal(_) => "internal",
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        Self::Internal(e.into())
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let code = self.code();
        let (message, fields, retry_after, cause) = match self {
            Self::Internal(cause) => {
                ("Something went wrong on our side. Please try again.".to_owned(), None, None, Some(cause))
            }
            Self::Unprocessable { message, fields } => (message, Some(fields), None, None),
            Self::TooManyRequests { message, retry_after_secs }
            | Self::Unavailable { message, retry_after_secs, .. } => (message, None, Some(retry_after_secs), None),
            other => (other.to_string(), None, None, None),
        };
        let mut response = (status, Json(ErrorBody { message, code: code.to_owned(), fields })).into_response();
        if let Some(secs) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        }
        if let Some(cause) = cause {
            response.extensions_mut().insert(InternalCause(Arc::new(cause)));
        }
        response
    }
}

pub type AppResult<T> = Result<T, AppError>;

/// Collects field problems so a form shows all of them at once.
#[derive(Default)]
pub struct FieldCheck(FieldErrors);

impl FieldCheck {
    /// The parsed value, or `None` with the problem recorded under `field`.
    pub fn take<T, E: Into<String>>(&mut self, field: &str, parsed: Result<T, E>) -> Option<T> {
        parsed.map_err(|message| self.0.entry(field.to_owned()).or_default().push(message.into())).ok()
    }

    pub fn finish(self) -> AppResult<()> {
        if self.0.is_empty() { Ok(()) } else { Err(AppError::fields(self.0)) }
    }
}
