//! The `OpenAPI` document (the web app's types are generated from it) and the
//! interactive docs.

use axum::{
    Router,
    http::{HeaderValue, header},
};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::OpenApi;
use utoipa_swagger_ui::SwaggerUi;

use crate::{
    features::auth, features::certificates, features::countries, features::documents, features::identity,
    features::liens, features::maintenance, features::maintenance::record_pdf, features::outbox, features::payments,
    features::public_pages, features::theft, features::transfers, features::transparency, features::vessels,
    features::vessels::stats, flows::accounts::profile, flows::admin, foundation::error, platform::state::AppState,
};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "European Small-Craft Registry API",
        version = "0.1.0",
        description = "Errors always answer `ErrorBody`. Timestamps are RFC 3339 UTC. See docs/API-DESIGN.md."
    ),
    paths(
        auth::register,
        auth::verify_email,
        auth::resend_verification,
        auth::login,
        auth::reauthenticate,
        auth::list_sessions,
        auth::end_session,
        auth::end_other_sessions,
        auth::list_passkeys,
        auth::remove_passkey,
        auth::passkey_register_start,
        auth::passkey_register_finish,
        auth::passkey_login_start,
        auth::passkey_login_finish,
        auth::passkey_recover_start,
        auth::passkey_recover_finish,
        auth::set_password_sign_in,
        auth::logout,
        auth::me,
        auth::session,
        auth::request_password_reset,
        auth::confirm_password_reset,
        profile::show,
        profile::update,
        profile::archive,
        profile::set_phone,
        profile::send_phone_code,
        profile::verify_phone,
        profile::set_language,
        profile::export,
        stats::stats,
        countries::list,
        countries::one,
        public_pages::support,
        vessels::register,
        vessels::search,
        vessels::my_list,
        vessels::detail,
        vessels::verify_history,
        vessels::update,
        vessels::cancel_registration,
        vessels::contact_owner,
        vessels::hull_check,
        vessels::request_correction,
        vessels::correction_requests,
        theft::report,
        theft::recovered,
        theft::reports,
        theft::confirm,
        theft::remove,
        liens::register,
        liens::of_vessel,
        liens::mine,
        liens::consent,
        liens::resend_code,
        liens::consent_transfer,
        liens::release,
        transparency::tree_heads,
        transparency::tree_head,
        transparency::inclusion,
        transparency::consistency,
        transfers::initiate,
        transfers::list,
        transfers::one,
        transfers::verify_otp,
        transfers::resend_otp,
        transfers::cancel,
        transfers::transfer_record,
        transfers::check_record,
        documents::upload,
        documents::upload_to_vessel,
        documents::list,
        documents::previous_owners,
        documents::download,
        documents::remove,
        admin::review_document,
        certificates::certificate,
        certificates::public_key,
        certificates::check,
        maintenance::list,
        maintenance::add,
        maintenance::change,
        maintenance::remove,
        record_pdf::record_pdf,
        payments::payments_config,
        payments::create_intent,
        payments::payment,
        payments::local_confirm,
        payments::webhook,
        identity::create_session,
        identity::stripe_webhook,
        admin::preview_document,
        admin::show_stats,
        admin::deactivate_vessel,
        admin::reactivate_vessel,
        admin::resolve_vessel,
        admin::list_transfers,
        admin::cancel_transfer,
        admin::list_payments,
        admin::refund_payment,
        admin::list_documents,
        admin::lookup_users,
        admin::archive_user,
        admin::vessels::admin_list,
        admin::vessels::admin_correction_requests,
        admin::vessels::approve_correction,
        admin::vessels::reject_correction,
        admin::change_role,
        admin::list_audit,
        outbox::mailbox,
    ),
    components(schemas(
        error::ErrorBody,
        outbox::MailboxMessage,
        outbox::Channel,
        auth::User,
        auth::Role,
        auth::IdentityVerificationStatus,
        auth::IdentityFailure
    ))
)]
pub struct ApiDoc;

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    declare_edge_responses(&mut doc);
    declare_refused_characters(&doc)
}

/// The edge refuses control characters (but tab and line breaks) and
/// bidirectional overrides in every parameter and every string of a request
/// body (`http::input`). Say so in the document: every request string
/// without a pattern of its own gets this one.
pub const NO_REFUSED_CHARACTERS: &str = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*$";

fn declare_refused_characters(doc: &utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use serde_json::Value;
    /// Adds the pattern to free strings in `schema`; names the components
    /// it refers to (once each) in `out`, for the caller to visit in turn.
    fn constrain(schema: &mut Value, seen: &mut std::collections::BTreeSet<String>, out: &mut Vec<String>) {
        match schema {
            Value::Object(map) => {
                if let Some(Value::String(reference)) = map.get("$ref") {
                    let name = reference.trim_start_matches("#/components/schemas/").to_owned();
                    if seen.insert(name.clone()) {
                        out.push(name);
                    }
                    return;
                }
                let is_string = match map.get("type") {
                    Some(Value::String(t)) => t == "string",
                    Some(Value::Array(types)) => types.iter().any(|t| t == "string"),
                    _ => false,
                };
                let free = !["pattern", "enum", "format", "const"].iter().any(|k| map.contains_key(*k));
                if is_string && free {
                    map.insert("pattern".into(), Value::String(NO_REFUSED_CHARACTERS.into()));
                }
                for value in map.values_mut() {
                    constrain(value, seen, out);
                }
            }
            Value::Array(items) => {
                for item in items {
                    constrain(item, seen, out);
                }
            }
            _ => {}
        }
    }
    let Ok(mut value) = serde_json::to_value(doc) else { return doc.clone() };
    // Request schemas reached from parameters and request bodies, by name.
    let mut seen = std::collections::BTreeSet::new();
    let mut names = Vec::new();
    if let Some(Value::Object(paths)) = value.get_mut("paths") {
        for item in paths.values_mut() {
            let Value::Object(operations) = item else { continue };
            for operation in operations.values_mut() {
                for key in ["parameters", "requestBody"] {
                    if let Some(part) = operation.get_mut(key) {
                        constrain(part, &mut seen, &mut names);
                    }
                }
            }
        }
    }
    let mut index = 0;
    while index < names.len() {
        let name = names[index].clone();
        index += 1;
        if let Some(schema) = value.pointer_mut(&format!("/components/schemas/{name}")) {
            let mut nested = Vec::new();
            constrain(schema, &mut seen, &mut nested);
            names.extend(nested);
        }
    }
    serde_json::from_value(value).unwrap_or_else(|_| doc.clone())
}

/// Answers the edge can give for any operation, before its handler runs
/// (docs/API-DESIGN.md). Declared here once, so that the document lists every
/// status a client can meet and each handler's annotation lists only its own.
fn declare_edge_responses(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{Content, Ref, RefOr, ResponseBuilder};
    let error = |description: &str| {
        RefOr::T(
            ResponseBuilder::new()
                .description(description)
                .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
                .build(),
        )
    };
    let always = [
        ("400", "A parameter holds control or bidirectional override characters, or is malformed"),
        ("408", "The request took too long"),
        ("414", "The request target is longer than 8 KiB"),
        ("431", "The request headers are larger than 32 KiB"),
        ("503", "The server is busy (connection cap or hashing queue full); see Retry-After"),
    ];
    let with_body = [
        ("413", "The body is larger than 64 KiB"),
        ("415", "The body is not sent as application/json"),
        ("422", "The body has the wrong shape, or a field holds control or bidirectional override characters"),
    ];
    for item in doc.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            let has_body = operation.request_body.is_some();
            let responses = &mut operation.responses.responses;
            for (status, description) in always {
                responses.entry(status.to_owned()).or_insert_with(|| error(description));
            }
            if has_body {
                for (status, description) in with_body {
                    responses.entry(status.to_owned()).or_insert_with(|| error(description));
                }
            }
        }
    }
}

/// Swagger UI sets inline styles, so its pages (only) allow them.
const DOCS_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

pub fn router() -> Router<AppState> {
    let docs = Router::new()
        .merge(SwaggerUi::new("/api/docs").url("/api/openapi.json", document()))
        .layer(SetResponseHeaderLayer::overriding(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(DOCS_CSP)));
    Router::new().merge(docs)
}

#[cfg(test)]
mod round_trip_tests {
    /// The patterns are added by editing the JSON and reading it back; a
    /// schema utoipa cannot read back would silently lose every pattern.
    #[test]
    fn every_request_string_gets_the_refused_characters_pattern() {
        let doc = serde_json::to_value(super::document()).unwrap();
        let token = &doc["components"]["schemas"]["VerifyEmailRequest"]["properties"]["token"];
        assert_eq!(token["pattern"], super::NO_REFUSED_CHARACTERS, "{token}");
        let reason = &doc["components"]["schemas"]["AdminReason"]["properties"]["reason"];
        assert_eq!(reason["pattern"], super::NO_REFUSED_CHARACTERS, "{reason}");
    }
}
