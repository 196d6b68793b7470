//! The built web app: hashed assets cached for a year, and for every other path the app's page,
//! with the page's HTML in the reader's language when the build wrote it (`prerendered`), so
//! that client-side routes load directly. A path that is none of the app's routes gets the same
//! page (which shows 'Page Not Found') with status 404, so that it is no soft 404 to a crawler.

use std::path::{Path, PathBuf};

use axum::{
    extract::Request,
    handler::HandlerWithoutStateExt,
    http::{HeaderValue, Method, StatusCode, header},
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

/// The app's routes (`web/src/app/router.tsx`; a test keeps the two lists equal). `:name`
/// stands for one non-empty segment.
pub const APP_ROUTES: &[&str] = &[
    "/",
    "/registry",
    "/registry/:platformId",
    "/registry/:platformId/upload-documents",
    "/dashboard",
    "/register-vessel",
    "/transfer/:vesselId",
    "/transfers/payment",
    "/transfers/:transferId/receipt",
    "/how-transfers-work",
    "/check",
    "/verify/:serial",
    "/admin",
    "/login",
    "/signup",
    "/verify-email",
    "/forgot-password",
    "/reset-password",
    "/profile",
    "/legal/privacy",
    "/legal/terms",
    "/legal/dpia",
    "/contact",
    "/dev/mailbox",
];

/// Whether `path` is one of the app's routes (a trailing slash is allowed, as the app's router allows it).
pub fn is_app_route(path: &str) -> bool {
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    let segments: Vec<&str> = path.split('/').collect();
    APP_ROUTES.iter().any(|route| {
        let pattern: Vec<&str> = route.split('/').collect();
        pattern.len() == segments.len()
            && pattern.iter().zip(&segments).all(|(p, s)| if p.starts_with(':') { !s.is_empty() } else { p == s })
    })
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
    let known = is_app_route(request.uri().path());
    let mut response = match ServeFile::new(web_dir.join("index.html")).oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(never) => match never {},
    };
    if !known && response.status().is_success() {
        *response.status_mut() = StatusCode::NOT_FOUND;
    }
    response
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value =
        if immutable && response.status().is_success() { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_routes_are_the_web_routers() {
        let router = include_str!("../../../web/src/app/router.tsx");
        let mut web: Vec<String> = router
            .split("path=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter(|p| *p != "*")
            .map(|p| format!("/{p}"))
            .collect();
        web.push("/".to_owned()); // the index route
        web.sort();
        let mut server: Vec<String> = APP_ROUTES.iter().map(|r| (*r).to_owned()).collect();
        server.sort();
        assert_eq!(server, web);
    }

    #[test]
    fn routes_match_by_segment() {
        for known in ["/", "/registry", "/registry/NL-1234", "/registry/x/upload-documents", "/login/", "/verify/ab-cd"]
        {
            assert!(is_app_route(known), "{known}");
        }
        for unknown in ["/nope", "/registry/x/y", "/registry//upload-documents", "/admin/x", "/verify", "/index.html"] {
            assert!(!is_app_route(unknown), "{unknown}");
        }
    }
}
