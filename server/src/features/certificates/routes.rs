//! The certificates feature's HTTP face: its router and thin handlers, each
//! parsing the request into domain types and making one service call.

use super::service;
use axum::{
    Router,
    extract::{Path, Query, State},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};
use base64::{Engine as _, engine::general_purpose::STANDARD as B64};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::service::CertificateCheck;
use crate::{
    domain::CertificateSerial,
    features::auth::CurrentUser,
    foundation::error::{AppError, AppResult, ErrorBody},
    http::{extract::PlatformIdPath, json::ApiJson},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/vessels/{id}/certificate.pdf", get(certificate))
        .route("/api/certificates/public-key", get(public_key))
        .route("/api/certificates/{serial}", get(check))
}

#[utoipa::path(get, path = "/api/vessels/{id}/certificate.pdf", tag = "certificates",
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, description = "The certificate (PDF); its serial in X-Certificate-Serial", content_type = "application/pdf"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the vessel's current owner"),
              (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "The vessel is not active")))]
pub(crate) async fn certificate(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    me: CurrentUser,
) -> AppResult<Response> {
    let issued = service::certificate(&state, &me.user, &id, crate::foundation::i18n::current()).await?;
    let mut response = issued.pdf.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    let disposition = format!("attachment; filename=\"certificate-{}.pdf\"", id.compact());
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    if let Ok(v) = HeaderValue::from_str(&issued.serial) {
        headers.insert("x-certificate-serial", v);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(response)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicKey {
    /// Always `Ed25519`.
    pub algorithm: &'static str,
    /// The raw 32-byte public key, base64.
    pub public_key: String,
    /// The same key as a PEM `PUBLIC KEY` (`SubjectPublicKeyInfo`), for `OpenSSL`.
    pub pem: String,
}

#[utoipa::path(get, path = "/api/certificates/public-key", tag = "certificates",
    responses((status = 200, body = PublicKey)))]
pub(crate) async fn public_key(State(state): State<AppState>) -> ApiJson<PublicKey> {
    let raw = state.signer.public_key().to_bytes();
    // SubjectPublicKeyInfo for Ed25519 (RFC 8410): a fixed 12-byte prefix.
    let mut der = vec![0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];
    der.extend_from_slice(&raw);
    let pem = format!("-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----\n", B64.encode(der));
    ApiJson(PublicKey { algorithm: "Ed25519", public_key: B64.encode(raw), pem })
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CheckQuery {
    /// The owner's name as printed on the paper: the answer says whether it is the certified one.
    #[param(max_length = 200)]
    pub owner_name: Option<String>,
}

#[utoipa::path(get, path = "/api/certificates/{serial}", tag = "certificates",
    params(("serial" = String, Path, description = "The certificate's serial as printed; any case, hyphens optional",
        pattern = r"^[ \t]*[Ee][Ss][Rr][Cc]([- \t]*[0-9A-Za-z]){16}[ \t]*$"), CheckQuery),
    responses((status = 200, body = CertificateCheck), (status = 404, body = ErrorBody)))]
pub(crate) async fn check(
    State(state): State<AppState>,
    Path(serial): Path<String>,
    Query(query): Query<CheckQuery>,
) -> AppResult<ApiJson<CertificateCheck>> {
    let serial = CertificateSerial::parse(&serial).map_err(|code| AppError::NotFound(code.into()))?;
    let typed = query.owner_name.as_deref().map(str::trim).filter(|n| !n.is_empty());
    Ok(ApiJson(service::check(&state, &serial, typed).await?))
}
