//! The OpenAPI document (the web app's types are generated from it) and the
//! interactive docs.

use axum::{
    Router,
    http::{HeaderValue, header},
};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::{app::AppState, auth, countries, dev, error, outbox, payments, profile, stats, vessels};

#[derive(OpenApi)]
#[openapi(
    info(title = "European Small-Craft Registry API", version = "0.1.0",
         description = "Errors always answer `ErrorBody`. Timestamps are RFC 3339 UTC. See docs/API-DESIGN.md."),
    paths(
        auth::register, auth::verify_email, auth::resend_verification, auth::login, auth::logout, auth::me,
        auth::request_password_reset, auth::confirm_password_reset,
        profile::show, profile::archive,
        stats::stats,
        countries::list, countries::one,
        vessels::register, vessels::search, vessels::my_list, vessels::detail, vessels::update, vessels::admin_list,
        payments::payments_config, payments::create_intent, payments::payment, payments::local_confirm,
        payments::webhook,
        dev::mailbox,
    ),
    components(schemas(error::ErrorBody, outbox::MailboxMessage, outbox::Channel, auth::User, auth::Role,
        auth::IdentityVerificationStatus))
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// Swagger UI sets inline styles, so its pages (only) allow them.
const DOCS_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

pub fn router() -> Router<AppState> {
    let docs = Router::new()
        .merge(SwaggerUi::new("/api/docs").url("/api/openapi.json", document()))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(DOCS_CSP),
        ));
    Router::new().merge(docs)
}
