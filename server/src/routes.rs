//! The API as one router: every feature's routes, composed above the HTTP
//! edge (which knows none of them) and handed to `http::router`.

use axum::Router;

use crate::app::AppState;

pub fn api(state: &AppState) -> Router<AppState> {
    let api = Router::new()
        .merge(crate::auth::router())
        .merge(crate::admin::router())
        .merge(crate::accounts::profile::router())
        .merge(crate::vessels::stats::router())
        .merge(crate::countries::router())
        .merge(crate::support::router())
        .merge(crate::vessels::router())
        .merge(crate::payments::router())
        .merge(crate::transfers::router())
        .merge(crate::documents::router())
        .merge(crate::identity::router())
        .merge(crate::certificates::router())
        .merge(crate::maintenance::router())
        .merge(crate::maintenance::record_pdf::router())
        .merge(crate::openapi::router())
        .merge(crate::public_pages::router());
    // Dev mode only ever listens on loopback (config refuses otherwise).
    if state.config.is_dev() { api.merge(crate::outbox::mailbox::router()) } else { api }
}

/// Routes that stream large request bodies (`http::router` serves them
/// outside its small body limit).
pub fn uploads() -> Router<AppState> {
    crate::documents::upload_router().merge(crate::identity::upload_router())
}
