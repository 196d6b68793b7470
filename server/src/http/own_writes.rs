//! Read-your-writes with a read replica, across instances: a response to a
//! request that may have written (any method but GET, HEAD, OPTIONS) sets a
//! short-lived cookie, and while a client sends it, its public reads go to
//! the primary (`platform::request_context`). The cookie holds when it runs
//! out (milliseconds since the epoch); one a client forges only sends that
//! client's own reads to the primary. Without a replica no cookie is set.

use axum::{
    extract::{Request, State},
    http::{HeaderMap, HeaderValue, header},
    middleware::Next,
    response::Response,
};

use crate::platform::{clock::now_ms, state::AppState};

const COOKIE: &str = "registry_wrote_until";

/// Set the request's context (its id, whether its client wrote a moment
/// ago) around the request, and mark a client that may have written.
pub async fn with_request_context(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let id = request.headers().get(super::REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let replica = state.replica.as_ref();
    let now = now_ms();
    let own_writes = replica.is_some() && wrote_until(request.headers()).is_some_and(|until| until > now);
    let may_write = !request.method().is_safe();
    let mut response = crate::platform::request_context::scope(id, own_writes, next.run(request)).await;
    if let Some(replica) = replica.filter(|_| may_write) {
        let window = replica.own_writes_window();
        let until = now + i64::try_from(window.as_millis()).unwrap_or(i64::MAX / 2);
        let secure = if state.config.secure_cookies() { "; Secure" } else { "" };
        let cookie = format!("{COOKIE}={until}; Path=/; Max-Age={}; HttpOnly; SameSite=Lax{secure}", window.as_secs());
        if let Ok(value) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
    }
    response
}

fn wrote_until(headers: &HeaderMap) -> Option<i64> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('=')?.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_found_among_others() {
        let mut headers = HeaderMap::new();
        headers.append(header::COOKIE, HeaderValue::from_static("session=abc; registry_wrote_until=1700000000000"));
        assert_eq!(wrote_until(&headers), Some(1_700_000_000_000));
        let mut other = HeaderMap::new();
        other.append(header::COOKIE, HeaderValue::from_static("registry_wrote_until_x=5; registry_wrote_until=junk"));
        assert_eq!(wrote_until(&other), None);
    }
}
