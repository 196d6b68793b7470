//! Figures for the landing page, computed from the database.

use axum::{Router, extract::State, routing::get};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::fees, features::countries::SUPPORTED, foundation::error::AppResult, http::json::ApiJson,
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/stats", get(stats))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Vessels that are active in the registry.
    pub registered_vessels: i64,
    /// Countries whose identifiers the registry supports: the EU members it serves and
    /// Switzerland (the landing page calls them European countries).
    pub countries: i64,
    pub registration_fee_cents: i64,
    pub transfer_fee_cents: i64,
}

#[utoipa::path(get, path = "/api/stats", tag = "registry", responses((status = 200, body = Stats)))]
pub(crate) async fn stats(State(state): State<AppState>) -> AppResult<ApiJson<Stats>> {
    let registered_vessels =
        state.public_read(|source| async move { Ok(super::store::registered_vessels(source.db).await?) }).await?;
    Ok(ApiJson(Stats {
        registered_vessels,
        // A handful of countries; the fallback is unreachable.
        countries: i64::try_from(SUPPORTED.len()).unwrap_or(i64::MAX),
        registration_fee_cents: fees::REGISTRATION_CENTS,
        transfer_fee_cents: fees::TRANSFER_CENTS,
    }))
}
