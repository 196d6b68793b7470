//! Extractors of the edge that know no feature: a platform ID from the path.
//! Who is calling (`CurrentUser`, `MaybeUser`, `Admin`) is the accounts
//! feature's business: `auth::extract`.

use axum::{
    extract::{FromRequestParts, Path},
    http::request::Parts,
};

use crate::{domain::PlatformId, error::AppError};

/// A platform ID from the last path segment, parsed before any other
/// extractor (the session lookup included) touches the database: a malformed
/// ID or a failed check answers 400 `invalid_platform_id` at once.
pub struct PlatformIdPath(pub PlatformId);

impl<S: Send + Sync> FromRequestParts<S> for PlatformIdPath {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Path(raw) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|e| AppError::bad_request("invalid_path", e.body_text()))?;
        PlatformId::parse(&raw).map(Self).map_err(|e| AppError::bad_request("invalid_platform_id", e.message()))
    }
}
