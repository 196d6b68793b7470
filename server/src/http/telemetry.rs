//! Each request counted and timed by its route template (`metrics`' names in
//! `platform::telemetry`). What no route matched (the web app's files and
//! pages) counts as `web`: paths themselves may carry anything a client sent.

use axum::{
    extract::{MatchedPath, Request},
    http::Method,
    middleware::Next,
    response::Response,
};

use crate::platform::telemetry::{HTTP_DURATION, HTTP_REQUESTS};

pub async fn count_and_time(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map_or("web", MatchedPath::as_str).to_owned();
    // Methods from a fixed list: any other a client invents would be a new series, kept for good.
    let method = match *request.method() {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    };
    let started = std::time::Instant::now();
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    // One line per request, inside its span (so with its id): the route's
    // template, never the query string or the body.
    tracing::info!(route = %route, status, duration_ms = elapsed.as_secs_f64() * 1000.0, "answered");
    metrics::counter!(HTTP_REQUESTS, "route" => route.clone(), "method" => method, "status" => status.to_string())
        .increment(1);
    metrics::histogram!(HTTP_DURATION, "route" => route).record(elapsed.as_secs_f64());
    response
}
