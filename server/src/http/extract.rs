//! Extractors of the edge that know no feature: a platform ID from the path, a cookie.
//! Who is calling (`CurrentUser`, `MaybeUser`, `Admin`) is the accounts
//! feature's business: `auth::extract`.

use axum::{
    extract::{FromRequestParts, Path},
    http::request::Parts,
};

use crate::{domain::PlatformId, foundation::error::AppError};

/// The value of the cookie `name` in the request, if any.
pub fn cookie<'h>(headers: &'h axum::http::HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}

/// A platform ID from the last path segment, parsed before any other
/// extractor (the session lookup included) touches the database: a malformed
/// ID or a failed check answers 400 `invalid_platform_id` at once.
pub struct PlatformIdPath(pub PlatformId);

/// How the `OpenAPI` document describes a platform ID in a path (`{id}`).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)] // Documents the parameter; `PlatformIdPath` reads it.
pub struct PlatformIdParam {
    /// The platform ID: any case, hyphens optional (O reads as 0, I and L as 1).
    #[param(pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")]
    id: String,
}

impl<S: Send + Sync> FromRequestParts<S> for PlatformIdPath {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state).await.map_err(|e| {
            AppError::bad_request(
                "invalid_path",
                crate::foundation::i18n::Msg::new("path_unreadable").arg("detail", e.body_text()),
            )
        })?;
        PlatformId::parse(&raw).map(Self).map_err(|e| AppError::bad_request("invalid_platform_id", e.message()))
    }
}
