//! Hostile input refused once, at the edge, before any handler or database
//! sees it: control characters (NUL reaches `PostgreSQL` as an encoding error
//! and `SQLite`'s FTS5 as a syntax error), bidirectional overrides (text that
//! displays differently from what it is), and request lines or headers
//! larger than anything the API needs.

use axum::{
    extract::Request,
    http::StatusCode,
    middleware::Next,
    response::{IntoResponse, Response},
};
use percent_encoding::percent_decode_str;

use crate::foundation::error::AppError;

/// The longest request target (path and query) we serve.
const MAX_URI_BYTES: usize = 8 * 1024;
/// The most header bytes (names and values) a request may carry.
const MAX_HEADER_BYTES: usize = 32 * 1024;
/// Longer path segments name no route and no file (file systems stop at 255).
const MAX_SEGMENT_BYTES: usize = 255;

/// A character no text field or parameter may hold: C0 and C1 controls
/// other than tab and line breaks, and the bidirectional embeddings,
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069).
pub fn is_refused_char(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
        || ('\u{202A}'..='\u{202E}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

pub const REFUSED_CHARS: &str = "must not contain control characters or bidirectional override characters";

pub async fn refuse_hostile_uris(request: Request, next: Next) -> Response {
    match check(&request) {
        Ok(()) => next.run(request).await,
        Err(e) => e.into_response(),
    }
}

fn check(request: &Request) -> Result<(), AppError> {
    let uri = request.uri();
    let target_len = uri.path().len() + uri.query().map_or(0, |q| q.len() + 1);
    if target_len > MAX_URI_BYTES {
        return Err(AppError::Status {
            status: StatusCode::URI_TOO_LONG,
            code: "uri_too_long",
            message: "request_address_too_long".into(),
        });
    }
    let header_bytes: usize = request.headers().iter().map(|(n, v)| n.as_str().len() + v.len()).sum();
    if header_bytes > MAX_HEADER_BYTES {
        return Err(AppError::Status {
            status: StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            code: "headers_too_large",
            message: "request_headers_too_large".into(),
        });
    }
    if uri.path().split('/').any(|segment| segment.len() > MAX_SEGMENT_BYTES) {
        return Err(AppError::NotFound("not_found".into()));
    }
    let decoded_path = percent_decode_str(uri.path()).decode_utf8_lossy();
    if decoded_path.chars().any(is_refused_char) {
        return Err(AppError::bad_request("invalid_path", "address_refused_chars"));
    }
    if let Some(query) = uri.query() {
        // `+` is a space in a query string; it cannot hide a refused character.
        if percent_decode_str(query).decode_utf8_lossy().chars().any(is_refused_char) {
            return Err(AppError::bad_request("invalid_parameter", "query_refused_chars"));
        }
    }
    Ok(())
}

/// The JSON path of the first string (or object key) in `value` holding a
/// refused character, e.g. `name` or `identifiers.brandmerk`.
pub fn first_refused_string(value: &serde_json::Value) -> Option<String> {
    fn walk(value: &serde_json::Value, path: &mut Vec<String>) -> Option<String> {
        match value {
            serde_json::Value::String(s) if s.chars().any(is_refused_char) => Some(path.join(".")),
            serde_json::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
                path.push(i.to_string());
                let found = walk(item, path);
                path.pop();
                found
            }),
            serde_json::Value::Object(map) => map.iter().find_map(|(key, item)| {
                path.push(key.clone());
                let found = if key.chars().any(is_refused_char) { Some(path.join(".")) } else { walk(item, path) };
                path.pop();
                found
            }),
            _ => None,
        }
    }
    walk(value, &mut Vec::new())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tabs_and_newlines_pass_but_nul_and_overrides_do_not() {
        assert!(!is_refused_char('\t') && !is_refused_char('\n') && !is_refused_char('é'));
        assert!(is_refused_char('\0') && is_refused_char('\u{7f}') && is_refused_char('\u{85}'));
        assert!(is_refused_char('\u{202E}') && is_refused_char('\u{2066}'));
    }

    #[test]
    fn the_path_of_a_hostile_string_is_named() {
        let body = json!({"name": "ok", "identifiers": {"brandmerk": "a\u{0}b"}});
        assert_eq!(first_refused_string(&body).as_deref(), Some("identifiers.brandmerk"));
        assert_eq!(first_refused_string(&json!({"name": "Zee\u{202E}meeuw"})).as_deref(), Some("name"));
        assert_eq!(first_refused_string(&json!({"notes": "line\nbreak\ttab"})), None);
    }
}

#[cfg(test)]
mod properties {
    use std::{borrow::Cow, ops::RangeInclusive};

    use axum::body::Body;
    use percent_encoding::{NON_ALPHANUMERIC, percent_encode, utf8_percent_encode};
    use proptest::prelude::*;

    use super::*;

    /// The characters the module documents as refused: C0 and C1 controls but tab and line
    /// breaks, and the bidirectional embeddings, overrides and isolates.
    static REFUSED: &[RangeInclusive<char>] = &[
        '\u{0}'..='\u{8}',
        '\u{b}'..='\u{c}',
        '\u{e}'..='\u{1f}',
        '\u{7f}'..='\u{9f}',
        '\u{202a}'..='\u{202e}',
        '\u{2066}'..='\u{2069}',
    ];

    fn refused() -> impl Strategy<Value = char> {
        proptest::char::ranges(Cow::Borrowed(REFUSED))
    }

    /// Printable text in any script, with tabs and line breaks; encoded, at most 192 bytes, so a
    /// path segment holding it stays under the segment limit.
    fn ordinary() -> impl Strategy<Value = String> {
        "[\\PC\\t\\n\\r]{0,16}"
    }

    /// Shorter ordinary text, to put on either side of a refused character in one segment.
    fn short() -> impl Strategy<Value = String> {
        "[\\PC\\t\\n\\r]{0,6}"
    }

    fn request(path: &str, query: Option<&str>) -> Request {
        let uri = match query {
            Some(q) => format!("{path}?{q}"),
            None => path.to_owned(),
        };
        axum::http::Request::builder().uri(uri).body(Body::empty()).expect("a valid request")
    }

    fn encoded(text: &str) -> String {
        utf8_percent_encode(text, NON_ALPHANUMERIC).to_string()
    }

    proptest! {
        #[test]
        fn any_encoded_bytes_are_answered_without_a_panic(
            path in proptest::collection::vec(any::<u8>(), 0..64),
            query in proptest::option::of(proptest::collection::vec(any::<u8>(), 0..64)),
        ) {
            let path = format!("/api/{}", percent_encode(&path, NON_ALPHANUMERIC));
            let query = query.map(|q| percent_encode(&q, NON_ALPHANUMERIC).to_string());
            let _ = check(&request(&path, query.as_deref()));
        }

        #[test]
        fn ordinary_text_in_the_path_or_the_query_is_accepted(segment in ordinary(), value in ordinary()) {
            let path = format!("/api/vessels/{}", encoded(&segment));
            let query = format!("q={}", encoded(&value));
            prop_assert!(check(&request(&path, Some(query.as_str()))).is_ok());
        }

        #[test]
        fn a_refused_character_anywhere_in_the_path_is_refused(
            before in short(),
            c in refused(),
            after in short(),
        ) {
            let path = format!("/api/vessels/{}", encoded(&format!("{before}{c}{after}")));
            let answer = check(&request(&path, Some("q=ok")));
            prop_assert!(matches!(answer, Err(AppError::BadRequest { code: "invalid_path", .. })), "{answer:?}");
        }

        #[test]
        fn a_refused_character_anywhere_in_the_query_is_refused(
            before in short(),
            c in refused(),
            after in short(),
        ) {
            let query = format!("q={}", encoded(&format!("{before}{c}{after}")));
            let answer = check(&request("/api/vessels", Some(query.as_str())));
            prop_assert!(matches!(answer, Err(AppError::BadRequest { code: "invalid_parameter", .. })), "{answer:?}");
        }
    }
}
