//! `ApiJson`: axum's `Json`, but a body that cannot be read answers in our
//! error envelope instead of axum's plain-text rejection.

use axum::{
    extract::{FromRequest, Request, rejection::JsonRejection},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use serde::{Deserialize, Serialize, de::DeserializeOwned};

use super::input::first_refused_string;
use crate::{foundation::error::AppError, foundation::i18n::Msg};

/// A success answered in words: the message in the request's language and
/// its catalogue key, as errors carry theirs.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageResponse {
    /// In the request's language.
    pub message: String,
    /// The message's key in the catalogue's `errors` section, as in the error envelope.
    pub message_code: String,
}

impl MessageResponse {
    pub fn new(key: &'static str) -> ApiJson<Self> {
        let message = Msg::new(key);
        ApiJson(Self { message: message.localized(), message_code: key.to_owned() })
    }
}

pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    /// The body is read as JSON, checked for refused characters (every
    /// string, so no handler can forget), and only then given its shape.
    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let axum::Json(mut value) =
            axum::Json::<serde_json::Value>::from_request(req, state).await.map_err(rejection_to_error)?;
        whole_floats_as_integers(&mut value);
        if let Some(path) = first_refused_string(&value) {
            let field = if path.is_empty() { "body".to_owned() } else { path };
            return Err(AppError::field(&field, "field_refused_chars"));
        }
        serde_path_to_error::deserialize(value).map(Self).map_err(|e| AppError::Status {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "invalid_body",
            message: Msg::new("request_body_wrong_shape").arg("path", e.path()).arg("detail", e.inner()),
        })
    }
}

/// JSON does not tell `2034` from `2034.0`, and JSON Schema's `integer`
/// admits both; serde's integers take only the first. A float with no
/// fraction within the i64 range becomes that integer.
fn whole_floats_as_integers(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(n) if !n.is_i64() && !n.is_u64() => {
            if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15) {
                // Below 2^53 in magnitude and whole, so exactly representable.
                #[allow(clippy::cast_possible_truncation)]
                let whole = f as i64;
                *value = Value::from(whole);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_floats_as_integers),
        Value::Object(map) => map.values_mut().for_each(whole_floats_as_integers),
        _ => {}
    }
}

fn rejection_to_error(rejection: JsonRejection) -> AppError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => AppError::Status {
            status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
            code: "unsupported_media_type",
            message: "send_request_body_json_content".into(),
        },
        JsonRejection::JsonSyntaxError(_) => AppError::bad_request("malformed_json", "request_body_not_valid_json"),
        JsonRejection::BytesRejection(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => AppError::Status {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            code: "payload_too_large",
            message: "request_body_too_large".into(),
        },
        other => AppError::bad_request(
            "unreadable_body",
            Msg::new("request_body_unreadable").arg("detail", other.body_text()),
        ),
    }
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// For `#[serde(default, deserialize_with = "present_or_null")]` on an
/// `Option<Option<T>>`: a field left out stays `None` (unchanged), a field
/// sent as `null` is `Some(None)` (removed).
pub fn present_or_null<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}
