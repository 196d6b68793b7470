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

use super::model::{CertificateCheck, CheckQuery, PublicKey};
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

#[utoipa::path(get, path = "/api/certificates/public-key", tag = "certificates",
    responses((status = 200, body = PublicKey)))]
pub(crate) async fn public_key(State(state): State<AppState>) -> ApiJson<PublicKey> {
    ApiJson(service::public_key(&state))
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
