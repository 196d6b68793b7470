//! Where people write about disputes and for support (`REGISTRY_SUPPORT_EMAIL`):
//! the contact page, the footer, `/verify` and the privacy page show it.

use axum::{Router, extract::State, routing::get};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{http::json::ApiJson, platform::state::AppState};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/config/support", get(support))
}

#[derive(Serialize, ToSchema)]
pub struct SupportContact {
    /// The registry's address for support, disputes over ownership and privacy requests.
    pub email: String,
}

#[utoipa::path(get, path = "/api/config/support", tag = "config",
    responses((status = 200, body = SupportContact)))]
pub(crate) async fn support(State(state): State<AppState>) -> ApiJson<SupportContact> {
    ApiJson(SupportContact { email: state.config.support_email.clone() })
}
