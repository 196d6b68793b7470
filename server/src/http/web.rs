//! The built web app: hashed assets cached for a year, and for every other path the app's page,
//! with the page's HTML in the reader's language when the build wrote it (`prerendered`), so
//! that client-side routes load directly.

use std::path::{Path, PathBuf};

use axum::{
    extract::Request,
    handler::HandlerWithoutStateExt,
    http::{HeaderValue, Method, header},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::get,
};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::http::prerendered;

pub fn service(web_dir: &Path) -> axum::Router {
    let dir = web_dir.to_path_buf();
    let app = move |request: Request| app_page(dir.clone(), request);
    axum::Router::new()
        // ServeDir would answer `/` with index.html itself.
        .route("/", get(app.clone()))
        .fallback_service(ServeDir::new(web_dir).fallback(app.into_service()))
        .layer(middleware::from_fn(cache_headers))
}

/// The page written for this path in the reader's language, else the app's empty page. A URL
/// with a query (a search, a redirect after sign-in) gets the empty page: the HTML was written
/// for the path alone.
async fn app_page(web_dir: PathBuf, request: Request) -> Response {
    let read = request.method() == Method::GET || request.method() == Method::HEAD;
    if read && request.uri().query().is_none() {
        let lang = prerendered::language(request.headers());
        if let Some(html) = prerendered::page(&web_dir, lang, request.uri().path()).await {
            return prerendered::response(html);
        }
    }
    match ServeFile::new(web_dir.join("index.html")).oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    }
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value =
        if immutable && response.status().is_success() { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
