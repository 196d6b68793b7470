//! The plain HTML shell of the pages the server renders itself: the offline
//! providers' hosted pages (card authentication, identity check), which
//! stand in for pages the real providers host.

/// HTML-escape text for an element or a quoted attribute.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// Such a page may style itself inline; nothing else runs on it.
pub const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// A whole page: `title` (text), `body` (HTML), and a test-mode `note` (text).
pub fn page(title: &str, body: &str, note: &str) -> String {
    let title = escape(title);
    let note = escape(note);
    format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body{{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;display:grid;place-items:center;min-height:100vh}}
main{{background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002;padding:2rem;max-width:28rem}}
h1{{font-size:1.4rem;margin-top:0}} .note{{color:#475569;font-size:.875rem}}
label{{display:block;font-weight:600;margin:1rem 0 .35rem}} select,input{{font:inherit}}
.actions{{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.5rem}}
button{{font:inherit;padding:.6rem 1rem;border-radius:8px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}}
button.secondary{{background:#fff;color:#b91c1c;border-color:#b91c1c}} :focus-visible{{outline:3px solid #f59e0b;outline-offset:2px}}
</style></head>
<body><main><h1>{title}</h1>{body}
<p class="note">{note}</p></main></body></html>"#
    )
}

/// A page response with its own CSP, never stored.
pub fn response(html: String) -> axum::response::Response {
    use axum::{
        http::{HeaderValue, header},
        response::{Html, IntoResponse},
    };
    let mut response = Html(html).into_response();
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
