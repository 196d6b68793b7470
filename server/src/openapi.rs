//! The OpenAPI document (the web app's types are generated from it) and the
//! interactive docs.

use axum::Router;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::{app::AppState, auth, dev, error, outbox, profile, stats};

#[derive(OpenApi)]
#[openapi(
    info(title = "European Small-Craft Registry API", version = "0.1.0",
         description = "Errors always answer `ErrorBody`. Timestamps are RFC 3339 UTC. See docs/API-DESIGN.md."),
    paths(
        auth::register, auth::verify_email, auth::resend_verification, auth::login, auth::logout, auth::me,
        auth::request_password_reset, auth::confirm_password_reset,
        profile::show, profile::archive,
        stats::stats,
        dev::mailbox,
    ),
    components(schemas(error::ErrorBody, outbox::MailboxMessage, outbox::Channel, auth::User, auth::Role,
        auth::IdentityVerificationStatus))
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

pub fn router() -> Router<AppState> {
    Router::new().merge(SwaggerUi::new("/api/docs").url("/api/openapi.json", document()))
}
