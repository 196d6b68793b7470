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

use crate::foundation::{
    error::{AppError, AppResult},
    i18n::Msg,
};

/// The longest request target (path and query) we serve.
const MAX_URI_BYTES: usize = 8 * 1024;
/// The most header bytes (names and values) a request may carry.
const MAX_HEADER_BYTES: usize = 32 * 1024;
/// Longer path segments name no route and no file (file systems stop at 255).
const MAX_SEGMENT_BYTES: usize = 255;

/// A whole number, exactly as written (the web app omits empty filters; an
/// empty or padded value is as malformed as any other text).
pub fn whole_number(field: &str, raw: Option<&str>) -> AppResult<Option<i64>> {
    match raw {
        None => Ok(None),
        Some(s) => s.parse::<i64>().map(Some).map_err(|_| {
            AppError::bad_request("invalid_parameter", Msg::new("not_a_whole_number").arg("parameter", field))
        }),
    }
}

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
    use serde_json::{Map, Value};

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

    /// Printable text in any script (letters, digits, punctuation, symbols, spaces), with tabs
    /// and line breaks, of at most `max` characters.
    fn ordinary_text(max: usize) -> impl Strategy<Value = String> {
        proptest::string::string_regex(&format!("[\\PC\\t\\n\\r]{{0,{max}}}")).expect("a valid pattern")
    }

    /// Ordinary text that, encoded (at most 192 bytes), keeps a path segment under its limit.
    fn ordinary() -> impl Strategy<Value = String> {
        ordinary_text(16)
    }

    /// Shorter ordinary text, to put on either side of a refused character in one segment.
    fn short() -> impl Strategy<Value = String> {
        ordinary_text(6)
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

    /// A step into a JSON value: a member's key or an element's index.
    #[derive(Clone, Debug)]
    enum Step {
        Key(String),
        Index(usize),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof!["[a-z]{1,8}".prop_map(Step::Key), (0usize..3).prop_map(Step::Index)]
    }

    /// `leaf` at `path`, inside objects and arrays whose other members are the string `filler`.
    fn nest(path: &[Step], leaf: Value, filler: &str) -> Value {
        path.iter().rev().fold(leaf, |inner, step| match step {
            Step::Key(key) => {
                let mut members = Map::new();
                members.insert("Other".to_owned(), Value::String(filler.to_owned()));
                members.insert(key.clone(), inner);
                Value::Object(members)
            }
            Step::Index(at) => {
                let mut items = vec![Value::String(filler.to_owned()); *at + 2];
                items[*at] = inner;
                Value::Array(items)
            }
        })
    }

    /// `path` as `first_refused_string` names it: `identifiers.national.0`.
    fn path_text(path: &[Step]) -> String {
        let steps: Vec<String> = path
            .iter()
            .map(|step| match step {
                Step::Key(key) => key.clone(),
                Step::Index(at) => at.to_string(),
            })
            .collect();
        steps.join(".")
    }

    #[test]
    fn every_character_is_refused_exactly_when_the_documented_list_names_it() {
        for c in (0..=0x10_ffff).filter_map(char::from_u32) {
            let code = u32::from(c);
            assert_eq!(is_refused_char(c), REFUSED.iter().any(|r| r.contains(&c)), "U+{code:04X}");
        }
    }

    proptest! {
        #[test]
        fn ordinary_text_is_never_refused_in_json(text in ordinary_text(24), path in proptest::collection::vec(step(), 0..4)) {
            prop_assert!(!text.chars().any(is_refused_char), "{text:?}");
            let mut keyed = Map::new();
            keyed.insert(text.clone(), Value::Null);
            prop_assert_eq!(first_refused_string(&nest(&path, Value::String(text.clone()), &text)), None);
            prop_assert_eq!(first_refused_string(&nest(&path, Value::Object(keyed), &text)), None);
        }

        /// A refused character anywhere in a string, or in a member's key, is found, and the
        /// answer names where it is.
        #[test]
        fn a_refused_character_is_found_where_it_is_in_json(
            before in ordinary_text(24),
            c in refused(),
            after in ordinary_text(24),
            filler in ordinary_text(24),
            path in proptest::collection::vec(step(), 0..4),
        ) {
            prop_assert!(is_refused_char(c));
            let hostile = format!("{before}{c}{after}");
            let found = first_refused_string(&nest(&path, Value::String(hostile.clone()), &filler));
            prop_assert_eq!(found, Some(path_text(&path)));
            let mut keyed = Map::new();
            keyed.insert(hostile.clone(), Value::Null);
            let mut key_path = path.clone();
            key_path.push(Step::Key(hostile));
            prop_assert_eq!(first_refused_string(&nest(&path, Value::Object(keyed), &filler)), Some(path_text(&key_path)));
        }
    }
}
