//! Browser-facing protections applied to every response and request.

use axum::{
    extract::{Request, State},
    http::{HeaderName, HeaderValue, Method, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::{app::AppState, error::AppError};

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The headers every response carries unless a handler set its own.
pub fn header_layers() -> [SetResponseHeaderLayer<HeaderValue>; 4] {
    [
        (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::X_FRAME_OPTIONS, "DENY"),
    ]
    .map(|(name, value): (HeaderName, &'static str)| {
        SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
    })
}

/// Cross-origin protection for unsafe methods, after Go 1.25's
/// `net/http.CrossOriginProtection`: a browser's `Sec-Fetch-Site` decides
/// when present (only `same-origin` and `none`, a user-typed navigation,
/// pass); otherwise an `Origin` header must equal the public URL's origin.
/// Requests with neither header are not from a browser and pass.
pub async fn cross_origin_protection(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if is_cross_origin(&request, &state.config.public_origin()) {
        return AppError::Forbidden("Cross-origin requests are not allowed.".into()).into_response();
    }
    next.run(request).await
}

fn is_cross_origin(request: &Request, public_origin: &str) -> bool {
    if matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return false;
    }
    let headers = request.headers();
    if let Some(site) = headers.get("sec-fetch-site") {
        return !matches!(site.as_bytes(), b"same-origin" | b"none");
    }
    match headers.get(header::ORIGIN) {
        Some(origin) => origin.as_bytes() != public_origin.as_bytes(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;

    fn post(headers: &[(&str, &str)]) -> Request {
        let mut b = Request::builder().method("POST").uri("/api/auth/login");
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        b.body(Body::empty()).unwrap()
    }

    const ORIGIN: &str = "http://localhost:8080";

    #[test]
    fn same_origin_fetches_and_non_browser_clients_pass() {
        assert!(!is_cross_origin(&post(&[("sec-fetch-site", "same-origin")]), ORIGIN));
        assert!(!is_cross_origin(&post(&[("sec-fetch-site", "none")]), ORIGIN));
        assert!(!is_cross_origin(&post(&[]), ORIGIN));
        assert!(!is_cross_origin(&post(&[("origin", ORIGIN)]), ORIGIN));
    }

    #[test]
    fn cross_site_same_site_and_foreign_origins_are_rejected() {
        assert!(is_cross_origin(&post(&[("sec-fetch-site", "cross-site")]), ORIGIN));
        assert!(is_cross_origin(&post(&[("sec-fetch-site", "same-site")]), ORIGIN));
        assert!(is_cross_origin(&post(&[("origin", "https://evil.example")]), ORIGIN));
        assert!(is_cross_origin(&post(&[("origin", "null")]), ORIGIN));
    }

    #[test]
    fn safe_methods_are_never_blocked() {
        let get = Request::builder()
            .uri("/")
            .header("sec-fetch-site", "cross-site")
            .body(Body::empty())
            .unwrap();
        assert!(!is_cross_origin(&get, ORIGIN));
    }
}
