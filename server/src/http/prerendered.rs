//! The first pages' HTML, written at build time in each language (`web/scripts/prerender.mjs`,
//! into `<web dir>/prerendered/<lang>/<path>.html`). The server sends a page's HTML in place of
//! the empty app page, so it shows before the app's code has arrived and run; the app then takes
//! it over (`web/src/app/main.tsx`). The language is the one the `registry_language` cookie names
//! (the web app sets it beside its local storage), else English, as the app's own default.

use std::path::{Path, PathBuf};

use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};

use crate::{foundation::i18n::Lang, http::extract::cookie};

/// The cookie that carries the reader's language choice to the server.
pub const LANGUAGE_COOKIE: &str = "registry_language";

/// The file a vessel page's HTML is written in: the page shows its loading state until the
/// vessel's data arrive, whichever vessel it is.
pub const VESSEL_PAGE: &str = "/registry/_";

/// The file a public vessel's page is written in: the same loading state, with places for the
/// vessel's platform ID and name (`VESSEL_SLOTS`), which the server fills in so that the page shows
/// them at once (`web/src/features/vessels/api/vessel-preview.ts`).
pub const VESSEL_PREVIEW_PAGE: &str = "/registry/_preview";

/// The same for a vessel without a name: 'Unnamed vessel' in the page's language, and a place for
/// its platform ID.
pub const VESSEL_UNNAMED_PAGE: &str = "/registry/_unnamed";

/// What the build wrote in place of a vessel's platform ID and of its name, in that order.
pub const VESSEL_SLOTS: [&str; 2] = ["__VESSEL_PLATFORM_ID__", "__VESSEL_NAME__"];

/// The language the reader chose, or English.
pub fn language(headers: &HeaderMap) -> Lang {
    cookie(headers, LANGUAGE_COOKIE).and_then(Lang::parse).unwrap_or_default()
}

/// The file written for `path` in `lang`, for a path of lower-case words joined by `/` (so no
/// request can name a file outside the folder).
fn file(web_dir: &Path, lang: Lang, path: &str) -> Option<PathBuf> {
    // `/` is the file `index`; the path `/index` is no page of the app.
    let name = if path == "/" { "index" } else { path.strip_prefix('/').filter(|name| *name != "index")? };
    let plain = |segment: &str| {
        !segment.is_empty()
            && segment.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    };
    name.split('/').all(plain).then(|| web_dir.join("prerendered").join(lang.code()).join(format!("{name}.html")))
}

/// The HTML written for `path` in `lang`, if the build wrote that page.
pub async fn page(web_dir: &Path, lang: Lang, path: &str) -> Option<String> {
    tokio::fs::read_to_string(file(web_dir, lang, path)?).await.ok()
}

/// A page's HTML as the response: it varies with the language cookie, and is never kept stale.
pub fn response(html: String) -> Response {
    let mut response = html.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::VARY, HeaderValue::from_static("Cookie"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_paths_name_a_file() {
        let dir = Path::new("/w");
        assert_eq!(file(dir, Lang::Nl, "/"), Some(PathBuf::from("/w/prerendered/nl/index.html")));
        assert_eq!(file(dir, Lang::En, "/legal/dpia"), Some(PathBuf::from("/w/prerendered/en/legal/dpia.html")));
        assert_eq!(file(dir, Lang::En, VESSEL_PAGE), Some(PathBuf::from("/w/prerendered/en/registry/_.html")));
        for hostile in ["/../secret", "/legal/..", "//x", "/a//b", "/x.html", "/Login", "/a/", "", "/%2e%2e", "/index"]
        {
            assert_eq!(file(dir, Lang::En, hostile), None, "{hostile}");
        }
    }

    #[test]
    fn the_language_comes_from_its_cookie() {
        let mut headers = HeaderMap::new();
        assert_eq!(language(&headers), Lang::En);
        headers.insert(header::COOKIE, HeaderValue::from_static("registry_session=abc; registry_language=de"));
        assert_eq!(language(&headers), Lang::De);
        headers.insert(header::COOKIE, HeaderValue::from_static("registry_language=xx"));
        assert_eq!(language(&headers), Lang::En);
    }
}
