//! The public pages' HTTP face: `robots.txt`, the sitemaps, the vessel
//! pages' HTML, and the support address under `/api/config/support`.

use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};

use super::model::{SitemapFile, SupportContact};
use super::service;
use crate::{
    foundation::error::{AppError, AppResult},
    http::{json::ApiJson, prerendered},
    platform::state::AppState,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap_index))
        .route("/sitemaps/{file}", get(sitemap_file))
        .route("/registry/{platform_id}", get(vessel_page))
        .route("/api/config/support", get(support))
}

async fn robots(State(state): State<AppState>) -> Response {
    typed("text/plain; charset=utf-8", service::robots(&state))
}

async fn sitemap_index(State(state): State<AppState>) -> AppResult<Response> {
    Ok(typed("application/xml; charset=utf-8", service::sitemap_index(&state).await?))
}

async fn sitemap_file(State(state): State<AppState>, Path(file): Path<String>) -> AppResult<Response> {
    let file = SitemapFile::parse(&file).ok_or_else(|| AppError::NotFound("not_found".into()))?;
    Ok(typed("application/xml; charset=utf-8", service::sitemap_file(&state, file).await?))
}

async fn vessel_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(raw): Path<String>,
) -> AppResult<Response> {
    let html = service::vessel_page(&state, prerendered::language(&headers), &raw).await?;
    Ok(prerendered::response(html))
}

#[utoipa::path(get, path = "/api/config/support", tag = "config",
    responses((status = 200, body = SupportContact)))]
pub(crate) async fn support(State(state): State<AppState>) -> ApiJson<SupportContact> {
    ApiJson(service::support(&state))
}

fn typed(content_type: &'static str, body: String) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}
