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
    /// The session's public id.
    pub session_id: String,
    /// When the session's holder last signed in or proved who they are again.
    pub authenticated_at: i64,
}

impl CurrentUser {
    /// A sensitive action (giving a vessel away, consenting to a lien,
    /// changing the mobile number, archiving the account, an administrator's
    /// change) needs a sign-in within the last five minutes: 403
    /// `reauthentication_required` otherwise, which the web app answers by
    /// asking for the password and repeating the request.
    pub fn require_recent(&self) -> Result<(), AppError> {
        if crate::platform::clock::now_ms() - self.authenticated_at <= sessions::RECENT_MS {
            Ok(())
        } else {
            Err(AppError::Status {
                status: axum::http::StatusCode::FORBIDDEN,
                code: "reauthentication_required",
                message: "reauthentication_required".into(),
            })
        }
    }

    /// An administrator's change needs a passkey on the account (a
    /// phishing-resistant way in) and a recent sign-in; reading does not.
    pub fn require_admin_change(&self) -> Result<(), AppError> {
        if self.user.passkey_count == 0 {
            return Err(AppError::Forbidden("passkey_required".into()));
        }
        self.require_recent()
    }
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
        let session = sessions::session_for(&state.db, &secret).await?.ok_or_else(unauthorized)?;
        Ok(Self {
            user: session.user,
            session_secret: secret,
            session_id: session.id,
            authenticated_at: session.authenticated_at,
        })
    }
}

/// A signed-in user who signed in (or proved who they are again) within the
/// last five minutes: see [`CurrentUser::require_recent`].
pub struct RecentUser(pub CurrentUser);

impl FromRequestParts<AppState> for RecentUser {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let me = CurrentUser::from_request_parts(parts, state).await?;
        me.require_recent()?;
        Ok(Self(me))
    }
}

pub struct Admin(pub User);

impl FromRequestParts<AppState> for Admin {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let me = CurrentUser::from_request_parts(parts, state).await?;
        if !me.user.is_admin() {
            return Err(AppError::Forbidden("admin_only".into()));
        }
        if !parts.method.is_safe() {
            me.require_admin_change()?;
        }
        Ok(Self(me.user))
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
