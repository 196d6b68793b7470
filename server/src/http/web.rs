//! The built web app: hashed assets cached for a year, and `index.html` for
//! every other path so that client-side routes load directly.

use std::path::Path;

use axum::{
    extract::Request,
    http::{HeaderValue, header},
    middleware::{self, Next},
    response::Response,
};
use tower_http::services::{ServeDir, ServeFile};

pub fn service(web_dir: &Path) -> axum::Router {
    let index = ServeFile::new(web_dir.join("index.html"));
    axum::Router::new()
        .fallback_service(ServeDir::new(web_dir).fallback(index))
        .layer(middleware::from_fn(cache_headers))
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value =
        if immutable && response.status().is_success() { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
