//! Browser-facing protections applied to every response and request.

use axum::{
    extract::{Request, State},
    http::{HeaderName, HeaderValue, Method, header},
    middleware::Next,
    response::{IntoResponse, Response},
};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::{
    foundation::error::AppError,
    platform::config::{Config, PaymentsProvider},
    platform::state::AppState,
};

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'; frame-src 'self'";

/// With Stripe, its Payment Element loads its script and frames from Stripe
/// and talks to Stripe's API (Stripe's documented CSP requirements).
const STRIPE_ADDITIONS: &[(&str, &str)] = &[
    ("script-src", "https://js.stripe.com"),
    ("connect-src", "https://api.stripe.com"),
    ("frame-src", "https://js.stripe.com https://hooks.stripe.com"),
];

pub fn content_security_policy(payments: &PaymentsProvider) -> String {
    match payments {
        PaymentsProvider::Local => CONTENT_SECURITY_POLICY.to_owned(),
        PaymentsProvider::Stripe { .. } => {
            let mut policy = CONTENT_SECURITY_POLICY.to_owned();
            for (directive, sources) in STRIPE_ADDITIONS {
                policy = match policy.find(&format!("{directive} ")) {
                    Some(at) => {
                        let end = at + policy[at..].find(';').unwrap_or(policy.len() - at);
                        format!("{} {sources}{}", &policy[..end], &policy[end..])
                    }
                    None => format!("{policy}; {directive} {sources}"),
                };
            }
            policy
        }
    }
}

/// The headers every response carries unless a handler set its own. With an
/// https public URL, browsers are also told to use nothing but https for a
/// year (HSTS), subdomains included.
pub fn header_layers(config: &Config) -> Vec<SetResponseHeaderLayer<HeaderValue>> {
    let csp = HeaderValue::from_str(&content_security_policy(&config.payments)).expect("CSP is ASCII");
    let mut headers: Vec<(HeaderName, HeaderValue)> = vec![
        (header::CONTENT_SECURITY_POLICY, csp),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    ];
    if config.secure_cookies() {
        headers.push((header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(HSTS)));
    }
    headers.into_iter().map(|(name, value)| SetResponseHeaderLayer::if_not_present(name, value)).collect()
}

pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// Cross-origin protection for unsafe methods, after Go 1.25's
/// `net/http.CrossOriginProtection`: a browser's `Sec-Fetch-Site` decides
/// when present (only `same-origin` and `none`, a user-typed navigation,
/// pass); otherwise an `Origin` header must equal the public URL's origin.
/// Requests with neither header are not from a browser and pass.
pub async fn cross_origin_protection(State(state): State<AppState>, request: Request, next: Next) -> Response {
    if is_cross_origin(&request, &state.config.public_origin()) {
        return AppError::Forbidden("cross_origin_requests_not_allowed".into()).into_response();
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
        let get = Request::builder().uri("/").header("sec-fetch-site", "cross-site").body(Body::empty()).unwrap();
        assert!(!is_cross_origin(&get, ORIGIN));
    }

    #[test]
    fn with_stripe_the_policy_admits_stripes_script_frames_and_api_only() {
        let stripe = PaymentsProvider::Stripe {
            secret_key: crate::platform::config::Secret::new("sk_test_x"),
            publishable_key: "pk_test_x".into(),
            webhook_secret: crate::platform::config::Secret::new("whsec_x"),
            api_base: url::Url::parse("https://api.stripe.com").unwrap(),
        };
        let policy = content_security_policy(&stripe);
        assert!(policy.contains("script-src 'self' https://js.stripe.com;"), "{policy}");
        assert!(policy.contains("connect-src 'self' https://api.stripe.com;"), "{policy}");
        // Its own origin stays framable for the console's document previews.
        assert!(policy.ends_with("frame-src 'self' https://js.stripe.com https://hooks.stripe.com"), "{policy}");
        assert_eq!(content_security_policy(&PaymentsProvider::Local), CONTENT_SECURITY_POLICY);
    }
}
