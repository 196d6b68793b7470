//! Who is calling: extractors that make a handler's signature say who may
//! call it. `CurrentUser` answers 401 without a live session; `Admin` 403
//! for a signed-in user who is not an administrator. Authorisation is
//! decided here, on the server, whatever the UI shows.

use axum::{extract::FromRequestParts, http::request::Parts};

use super::{model::User, sessions};
use crate::{foundation::error::AppError, platform::state::AppState};

pub struct CurrentUser {
    pub user: User,
    pub session_secret: String,
}

/// The session secret from the request's cookie, if any.
pub fn session_secret(headers: &axum::http::HeaderMap) -> Option<String> {
    crate::http::extract::cookie(headers, sessions::COOKIE).filter(|v| !v.is_empty()).map(str::to_owned)
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let unauthorized = || AppError::Unauthorized("sign_in_required".into());
        let secret = session_secret(&parts.headers).ok_or_else(unauthorized)?;
        let user = sessions::user_for(&state.db, &secret).await?.ok_or_else(unauthorized)?;
        Ok(Self { user, session_secret: secret })
    }
}

pub struct Admin(pub User);

impl FromRequestParts<AppState> for Admin {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let CurrentUser { user, .. } = CurrentUser::from_request_parts(parts, state).await?;
        if !user.is_admin() {
            return Err(AppError::Forbidden("admin_only".into()));
        }
        Ok(Self(user))
    }
}

/// The signed-in user, if any. A request without a session cookie, or with
/// one whose session has expired or ended, is anonymous; a database failure
/// is an error, never silently anonymous.
pub struct MaybeUser(pub Option<User>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        match session_secret(&parts.headers) {
            Some(secret) => Ok(Self(sessions::user_for(&state.db, &secret).await?)),
            None => Ok(Self(None)),
        }
    }
}
