//! The documents feature's HTTP face: its router and thin handlers, each
//! parsing the request into domain types and making one service call.

use super::{
    model::{Document, DocumentType, PreviousOwnerDocument},
    service,
};
use axum::{
    Router,
    extract::{DefaultBodyLimit, Multipart, Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{delete, get, post},
};
use utoipa::ToSchema;

use crate::{
    features::auth::CurrentUser,
    foundation::error::{AppResult, ErrorBody},
    http::{extract::PlatformIdPath, json::ApiJson},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/vessels/{id}/documents", get(list))
        .route("/api/vessels/{id}/documents/previous-owners", get(previous_owners))
        .route("/api/documents/{id}/download", get(download))
        .route("/api/documents/{id}", delete(remove))
}

/// The upload route, which the edge serves outside its small body limit:
/// the files stream in under this route's own limits.
pub fn upload_router() -> Router<AppState> {
    Router::new()
        .route("/api/vessels/{id}/documents", post(upload_to_vessel))
        .route("/api/documents/upload", post(upload))
        .layer(DefaultBodyLimit::max(super::upload::BODY_LIMIT))
}

/// The form `POST /api/documents/upload` takes (`multipart/form-data`).
#[derive(ToSchema)]
#[allow(dead_code)] // Documents the form; the handler streams the fields itself.
#[schema(rename_all = "camelCase")]
pub struct UploadForm {
    vessel_id: String,
    /// Up to 10 files (PDF, JPEG or PNG; at most 10 MB each, 50 MB in all).
    #[schema(value_type = Vec<String>, format = Binary)]
    files: Vec<Vec<u8>>,
    /// `documentType_{index}` for each file (0-based), one of the document
    /// types; `customType_{index}` (1 to 100 characters) only for `custom`.
    #[schema(rename = "documentType_0")]
    document_type_0: DocumentType,
    #[schema(rename = "customType_0")]
    custom_type_0: Option<String>,
}

#[utoipa::path(post, path = "/api/documents/upload", tag = "documents",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Vec<Document>, description = "Every file stored"),
              (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the vessel's current owner"),
              (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "The vessel no longer takes documents"),
              (status = 413, body = ErrorBody, description = "A file over 10 MB, more than 10 files, or over 50 MB"),
              (status = 415, body = ErrorBody, description = "Not a PDF, JPEG or PNG, or not what its name says (names the file)"),
              (status = 422, body = ErrorBody, description = "Field errors: documentType_{i}, customType_{i}, vesselId; or bad_multipart: not a readable form"),
              (status = 503, body = ErrorBody, description = "Storage unavailable; nothing kept")))]
pub(crate) async fn upload(
    State(state): State<AppState>,
    me: CurrentUser,
    form: Multipart,
) -> AppResult<(StatusCode, ApiJson<Vec<Document>>)> {
    let user = &me.user;
    let upload = super::upload::read(
        form,
        super::upload::Target::InForm(|vessel_id: String| {
            let state = state.clone();
            let user = user.clone();
            async move { service::may_upload(&state, &user, &vessel_id).await }
        }),
    )
    .await?;
    Ok((StatusCode::CREATED, ApiJson(service::store(&state, user, upload).await?)))
}

/// The form `POST /api/vessels/{id}/documents` takes: the files and their
/// types, the vessel named in the path.
#[derive(ToSchema)]
#[allow(dead_code)] // Documents the form; the handler streams the fields itself.
#[schema(rename_all = "camelCase")]
pub struct VesselUploadForm {
    /// Up to 10 files (PDF, JPEG or PNG; at most 10 MB each, 50 MB in all).
    #[schema(value_type = Vec<String>, format = Binary)]
    files: Vec<Vec<u8>>,
    /// `documentType_{index}` for each file (0-based), one of the document
    /// types; `customType_{index}` (1 to 100 characters) only for `custom`.
    #[schema(rename = "documentType_0")]
    document_type_0: DocumentType,
    #[schema(rename = "customType_0")]
    custom_type_0: Option<String>,
}

#[utoipa::path(post, path = "/api/vessels/{id}/documents", tag = "documents",
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    request_body(content = VesselUploadForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Vec<Document>, description = "Every file stored"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not the vessel's current owner: answered before the body is read"),
              (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "The vessel no longer takes documents"),
              (status = 413, body = ErrorBody, description = "A file over 10 MB, more than 10 files, or over 50 MB"),
              (status = 415, body = ErrorBody, description = "Not a PDF, JPEG or PNG, or not what its name says (names the file)"),
              (status = 422, body = ErrorBody, description = "Field errors: documentType_{i}, customType_{i}; or bad_multipart: not a readable form"),
              (status = 503, body = ErrorBody, description = "Storage unavailable; nothing kept")))]
pub(crate) async fn upload_to_vessel(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    me: CurrentUser,
    form: Multipart,
) -> AppResult<(StatusCode, ApiJson<Vec<Document>>)> {
    let user = &me.user;
    // Before a byte of the body: a stranger's upload is refused without being read.
    let vessel_id = service::may_upload_to(&state, user, &id).await?;
    let upload = super::upload::read(form, super::upload::Target::authorized(vessel_id)).await?;
    Ok((StatusCode::CREATED, ApiJson(service::store(&state, user, upload).await?)))
}

#[utoipa::path(get, path = "/api/vessels/{id}/documents", tag = "documents",
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, body = Vec<Document>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not its current owner or an administrator"),
              (status = 404, body = ErrorBody)))]
pub(crate) async fn list(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    me: CurrentUser,
) -> AppResult<ApiJson<Vec<Document>>> {
    Ok(ApiJson(service::list(&state, &me.user, &id).await?))
}

#[utoipa::path(get, path = "/api/vessels/{id}/documents/previous-owners", tag = "documents",
    params(("id" = String, Path, description = "The vessel's platform ID",
        pattern = r"^[-\t ]*([0-9A-HJKMNP-TV-Za-hjkmnp-tv-zOoIiLl][-\t ]*){12}$")),
    responses((status = 200, body = Vec<PreviousOwnerDocument>, description = "What previous owners uploaded: kind and date, never the file"),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody, description = "Not its current owner or an administrator"),
              (status = 404, body = ErrorBody)))]
pub(crate) async fn previous_owners(
    State(state): State<AppState>,
    PlatformIdPath(id): PlatformIdPath,
    me: CurrentUser,
) -> AppResult<ApiJson<Vec<PreviousOwnerDocument>>> {
    Ok(ApiJson(service::previous_owners(&state, &me.user, &id).await?))
}

#[utoipa::path(get, path = "/api/documents/{id}/download", tag = "documents",
    params(("id" = String, Path, description = "The document's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 200, description = "The file, as an attachment", content_type = "application/octet-stream"),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 503, body = ErrorBody)))]
pub(crate) async fn download(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let file = service::download(&state, &me.user, &id).await?;
    Ok(file_response(&file, Disposition::Attachment))
}

#[derive(Clone, Copy)]
pub(crate) enum Disposition {
    /// Saved by the browser.
    Attachment,
    /// Shown in the administrators' console (an image or a PDF in a frame of
    /// the console's own origin).
    Preview,
}

pub(crate) fn file_response(file: &service::Download, disposition: Disposition) -> Response {
    let name: String = file
        .document
        .file_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || ".-_ ".contains(c) { c } else { '_' })
        .collect();
    let (disposition, policy, frames) = match disposition {
        Disposition::Attachment => ("attachment", "default-src 'none'; sandbox", "DENY"),
        Disposition::Preview => ("inline", "default-src 'none'; img-src 'self'; frame-ancestors 'self'", "SAMEORIGIN"),
    };
    let disposition = format!("{disposition}; filename=\"{name}\"");
    let mut response = file.bytes.clone().into_response();
    let headers = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&file.document.content_type) {
        headers.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, v);
    }
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(policy));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static(frames));
    response
}

#[utoipa::path(delete, path = "/api/documents/{id}", tag = "documents",
    params(("id" = String, Path, description = "The document's id", pattern = r"^[0-9A-HJKMNP-TV-Z]{26}$")),
    responses((status = 204, description = "Deleted"), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
              (status = 409, body = ErrorBody, description = "Verified documents stay")))]
pub(crate) async fn remove(
    State(state): State<AppState>,
    me: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<StatusCode> {
    service::delete(&state, &me.user, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}
