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

use crate::foundation::i18n::Msg;

/// Each field's problems, keyed by the request's field name.
pub type FieldErrors = BTreeMap<String, Vec<Msg>>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{message}")]
    BadRequest { code: &'static str, message: Msg },
    #[error("{0}")]
    Unauthorized(Msg),
    #[error("{0}")]
    Forbidden(Msg),
    #[error("{0}")]
    NotFound(Msg),
    #[error("{0}")]
    Conflict(Msg),
    #[error("{message}")]
    Unprocessable { message: Msg, fields: FieldErrors },
    /// 429 with `Retry-After`; `code` names the budget (`too_many_requests`, `too_many_codes`).
    #[error("{message}")]
    TooManyRequests { code: &'static str, message: Msg, retry_after_secs: u64 },
    #[error("{message}")]
    Status { status: StatusCode, code: &'static str, message: Msg },
    /// 503: a bounded resource is saturated; the client should retry later.
    #[error("{message}")]
    Unavailable { code: &'static str, message: Msg, retry_after_secs: u64 },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    /// A sentence the UI can show as is, in the request's language (`Accept-Language`).
    pub message: String,
    /// A stable machine-readable code for the kind of error, e.g. `validation_failed`.
    pub code: String,
    /// The stable key of `message` in the message catalogue (`server/messages/<lang>.json`,
    /// section `errors`), e.g. `vessel_not_found`: a client shows its own text for it.
    pub message_code: String,
    /// The values of the message's `{{placeholders}}`, when it has any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, String>>)]
    pub args: Option<BTreeMap<String, String>>,
    /// Per-field messages, present only for validation errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, Vec<String>>>)]
    pub fields: Option<BTreeMap<String, Vec<String>>>,
    /// The catalogue keys of `fields`' messages, in the same order.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<std::collections::HashMap<String, Vec<String>>>)]
    pub field_codes: Option<BTreeMap<String, Vec<String>>>,
}

impl ErrorBody {
    /// The body for `message` in the language of the request being answered.
    pub fn new(code: &str, message: &Msg) -> Self {
        let args = (!message.args().is_empty())
            .then(|| message.args().iter().map(|(k, v)| ((*k).to_owned(), v.clone())).collect());
        Self {
            message: message.localized(),
            code: code.to_owned(),
            message_code: message.key().to_owned(),
            args,
            fields: None,
            field_codes: None,
        }
    }

    fn with_fields(mut self, fields: &FieldErrors) -> Self {
        let render = |f: fn(&Msg) -> String| {
            fields.iter().map(|(name, msgs)| (name.clone(), msgs.iter().map(f).collect())).collect()
        };
        self.fields = Some(render(Msg::localized));
        self.field_codes = Some(render(|m| m.key().to_owned()));
        self
    }
}

/// The internal cause of a 500, for the logging middleware.
#[derive(Clone)]
pub struct InternalCause(pub Arc<anyhow::Error>);

impl AppError {
    pub fn bad_request(code: &'static str, message: impl Into<Msg>) -> Self {
        Self::BadRequest { code, message: message.into() }
    }

    /// A validation error on one field.
    pub fn field(field: &str, message: impl Into<Msg>) -> Self {
        let message = message.into();
        Self::Unprocessable { message: message.clone(), fields: BTreeMap::from([(field.to_owned(), vec![message])]) }
    }

    /// A validation error from several collected field problems.
    pub fn fields(fields: FieldErrors) -> Self {
        let message = fields.values().flatten().next().cloned().unwrap_or_else(|| Msg::new("request_not_valid"));
        Self::Unprocessable { message, fields }
    }

    /// 429 `too_many_requests`: a general budget, with the seconds until it refills.
    pub fn too_many(message: impl Into<Msg>, retry_after_secs: u64) -> Self {
        Self::TooManyRequests { code: "too_many_requests", message: message.into(), retry_after_secs }
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
            Self::BadRequest { code, .. }
            | Self::Status { code, .. }
            | Self::Unavailable { code, .. }
            | Self::TooManyRequests { code, .. } => code,
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound(_) => "not_found",
            Self::Conflict(_) => "conflict",
            Self::Unprocessable { .. } => "validation_failed",
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
            Self::Internal(cause) => (Msg::new("internal"), None, None, Some(cause)),
            Self::Unprocessable { message, fields } => (message, Some(fields), None, None),
            Self::TooManyRequests { message, retry_after_secs, .. }
            | Self::Unavailable { message, retry_after_secs, .. } => (message, None, Some(retry_after_secs), None),
            Self::BadRequest { message, .. }
            | Self::Unauthorized(message)
            | Self::Forbidden(message)
            | Self::NotFound(message)
            | Self::Conflict(message)
            | Self::Status { message, .. } => (message, None, None, None),
        };
        let mut body = ErrorBody::new(code, &message);
        if let Some(fields) = &fields {
            body = body.with_fields(fields);
        }
        let mut response = (status, Json(body)).into_response();
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
    pub fn take<T, E: Into<Msg>>(&mut self, field: &str, parsed: Result<T, E>) -> Option<T> {
        parsed.map_err(|message| self.0.entry(field.to_owned()).or_default().push(message.into())).ok()
    }

    pub fn finish(self) -> AppResult<()> {
        if self.0.is_empty() { Ok(()) } else { Err(AppError::fields(self.0)) }
    }
}
