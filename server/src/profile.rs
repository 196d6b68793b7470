//! The signed-in user's own profile, and archiving the account.

use axum::{Router, extract::State, response::IntoResponse, routing::get};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    app::AppState,
    auth::CurrentUser,
    auth::{MessageResponse, service, sessions, set_cookie},
    error::{AppResult, ErrorBody},
    http::json::ApiJson,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/profile", get(show).delete(archive))
}

#[derive(Serialize, ToSchema)]
pub struct Profile {
    pub name: Option<String>,
    pub email: String,
    #[serde(rename = "phoneE164")]
    pub phone_e164: Option<String>,
}

#[utoipa::path(get, path = "/api/profile", tag = "profile",
    responses((status = 200, body = Profile), (status = 401, body = ErrorBody)))]
pub(crate) async fn show(me: CurrentUser) -> ApiJson<Profile> {
    let u = me.user;
    ApiJson(Profile { name: u.name, email: u.email, phone_e164: u.phone_e164 })
}

#[utoipa::path(delete, path = "/api/profile", tag = "profile",
    responses((status = 200, body = MessageResponse, description = "Account archived; every session ended"),
              (status = 401, body = ErrorBody)))]
pub(crate) async fn archive(State(state): State<AppState>, me: CurrentUser) -> AppResult<impl IntoResponse> {
    service::archive_account(&state, &me.user).await?;
    Ok((
        set_cookie(&sessions::clearing_cookie(state.config.secure_cookies()))?,
        MessageResponse::new("Your account has been archived."),
    ))
}
