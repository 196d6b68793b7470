//! Development-mode helpers. Not routed at all in prod mode.

use axum::{Router, extract::State, routing::get};

use crate::{
    features::outbox::{self, MailboxMessage},
    foundation::error::AppResult,
    http::json::ApiJson,
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/dev/mailbox", get(mailbox))
}

#[utoipa::path(get, path = "/api/dev/mailbox", tag = "dev",
    responses((status = 200, body = Vec<MailboxMessage>, description = "Newest first; dev mode only (404 in prod)")))]
pub(crate) async fn mailbox(State(state): State<AppState>) -> AppResult<ApiJson<Vec<MailboxMessage>>> {
    Ok(ApiJson(outbox::recent(&state.db, 200).await?))
}
