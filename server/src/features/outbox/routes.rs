//! The dev mailbox (development mode only: not routed at all in prod mode).

use axum::{Router, extract::State, routing::get};

use crate::{
    features::outbox::{MailboxMessage, service},
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
    Ok(ApiJson(service::recent(&state.db, 200).await?))
}
