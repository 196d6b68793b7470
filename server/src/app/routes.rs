//! The API as one router: every feature's routes, composed above the HTTP
//! edge (which knows none of them) and handed to `http::router`.

use axum::Router;

use crate::platform::state::AppState;

pub fn api(state: &AppState) -> Router<AppState> {
    let api = Router::new()
        .merge(crate::features::auth::router())
        .merge(crate::flows::admin::router())
        .merge(crate::flows::accounts::profile::router())
        .merge(crate::features::vessels::stats::router())
        .merge(crate::features::countries::router())
        .merge(crate::features::vessels::router())
        .merge(crate::features::payments::router())
        .merge(crate::features::transfers::router())
        .merge(crate::features::theft::router())
        .merge(crate::features::liens::router())
        .merge(crate::features::transparency::router())
        .merge(crate::features::documents::router())
        .merge(crate::features::identity::router())
        .merge(crate::features::certificates::router())
        .merge(crate::features::maintenance::router())
        .merge(crate::features::maintenance::record_pdf::router())
        .merge(crate::app::openapi::router())
        .merge(crate::features::public_pages::router());
    // Dev mode only ever listens on loopback (config refuses otherwise).
    if state.config.is_dev() { api.merge(crate::features::outbox::router()) } else { api }
}

/// Routes that stream large request bodies (`http::router` serves them
/// outside its small body limit).
pub fn uploads() -> Router<AppState> {
    crate::features::documents::upload_router().merge(crate::features::identity::upload_router())
}
