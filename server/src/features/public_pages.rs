//! What search engines and link previews read: `robots.txt`, the sitemap of
//! the public vessel pages, and a public vessel page's HTML with its title,
//! description and Open Graph tags written in by the server (a crawler or a
//! chat preview does not run the web app), into the page's HTML written at
//! build time in the reader's language (`http::prerendered`).
//! Nothing here names an owner.

use std::fmt::Write as _;

use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};

use crate::{
    domain::PlatformId,
    features::vessels,
    foundation::error::{AppError, AppResult},
    http::{hosted_page::escape, prerendered},
    platform::state::AppState,
};

/// Entries per sitemap file: the sitemaps protocol's limit.
pub const SITEMAP_PAGE: i64 = 50_000;

const XML: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;
const SITEMAPS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

/// Pages every visitor can open, beside the vessels.
const PUBLIC_PATHS: [&str; 6] =
    ["/", "/registry", "/how-transfers-work", "/legal/privacy", "/legal/terms", "/legal/dpia"];

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap_index))
        .route("/sitemaps/{file}", get(sitemap_file))
        .route("/registry/{platform_id}", get(vessel_page))
}

async fn robots(State(state): State<AppState>) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /dashboard\nDisallow: /profile\n\
         Disallow: /transfer/\nDisallow: /transfers/\nDisallow: /dev/\n\nSitemap: {}\n",
        state.config.link("/sitemap.xml")
    );
    typed("text/plain; charset=utf-8", body)
}

/// The index: the fixed pages' file, then one file per 50,000 listed vessels.
async fn sitemap_index(State(state): State<AppState>) -> AppResult<Response> {
    let listed = vessels::listed_total(&state.db).await?;
    let files = 1 + (listed + SITEMAP_PAGE - 1) / SITEMAP_PAGE;
    let entries = locations("sitemap", (0..files).map(|n| state.config.link(&format!("/sitemaps/{n}.xml"))));
    let xml = format!("{XML}<sitemapindex xmlns=\"{SITEMAPS}\">{entries}</sitemapindex>");
    Ok(typed("application/xml; charset=utf-8", xml))
}

/// `0.xml` lists the fixed pages; `n.xml` the n-th 50,000 listed vessels, oldest first.
async fn sitemap_file(State(state): State<AppState>, Path(file): Path<String>) -> AppResult<Response> {
    let not_found = || AppError::NotFound("not_found".into());
    // One spelling per file (no `+1` or `01`), and a number whose offset fits.
    let n = file
        .strip_suffix(".xml")
        .and_then(|n| n.parse::<i64>().ok().filter(|parsed| *parsed >= 0 && parsed.to_string() == n))
        .ok_or_else(not_found)?;
    let paths: Vec<String> = if n == 0 {
        PUBLIC_PATHS.iter().map(|p| (*p).to_owned()).collect()
    } else {
        let offset = (n - 1).checked_mul(SITEMAP_PAGE).ok_or_else(not_found)?;
        let ids = vessels::listed_platform_ids(&state.db, offset, SITEMAP_PAGE).await?;
        if ids.is_empty() {
            return Err(not_found());
        }
        ids.into_iter().map(|id| format!("/registry/{}", PlatformId::display_stored(id))).collect()
    };
    let entries = locations("url", paths.iter().map(|path| state.config.link(path)));
    let xml = format!("{XML}<urlset xmlns=\"{SITEMAPS}\">{entries}</urlset>");
    Ok(typed("application/xml; charset=utf-8", xml))
}

/// The web app's page, with a listed vessel's name, make, model and platform ID
/// in its title, description and Open Graph tags. An unlisted or unknown
/// vessel gets the page as it is: the app shows its owner the vessel, and
/// everyone else that it is not there.
async fn vessel_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(raw): Path<String>,
) -> AppResult<Response> {
    let web_dir = &state.config.web_dir;
    let lang = prerendered::language(&headers);
    let vessel = match PlatformId::parse(&raw) {
        Ok(id) => vessels::service::visible(&state, None, &id).await.ok(),
        Err(_) => None,
    };
    // The app asks for this very path, and matches what the page carries to it: the page carries
    // the vessel's data (as a preload) and its name (the preview) only when the path spells the
    // ID as the server writes it.
    let as_written = vessel.as_ref().is_some_and(|v| raw == v.platform_id);
    let preview =
        vessel.as_ref().filter(|_| as_written).map(|v| (v.platform_id.as_str(), v.name.as_deref().unwrap_or_default()));
    let previewed = match preview {
        Some((platform_id, name)) => {
            let file =
                if name.is_empty() { prerendered::VESSEL_UNNAMED_PAGE } else { prerendered::VESSEL_PREVIEW_PAGE };
            prerendered::page(web_dir, lang, file).await.map(|page| with_preview(&page, platform_id, name))
        }
        None => None,
    };
    let index = match previewed {
        Some(page) => page,
        None => match prerendered::page(web_dir, lang, prerendered::VESSEL_PAGE).await {
            Some(page) => page,
            None => tokio::fs::read_to_string(web_dir.join("index.html"))
                .await
                .map_err(|_| AppError::NotFound("not_found".into()))?,
        },
    };
    let html = match vessel {
        Some(v) => {
            let platform_id = &v.platform_id;
            let craft = format!("{} {}", v.make, v.model);
            let title = match &v.name {
                Some(name) => format!("{name} ({craft}) · {platform_id} · European Small-Craft Registry"),
                None => format!("{craft} · {platform_id} · European Small-Craft Registry"),
            };
            let year = v.build_year.map(|y| format!(", built {y}")).unwrap_or_default();
            let description = format!(
                "{}{craft}{year}, registered in the European Small-Craft Registry under platform ID {platform_id}.",
                v.name.as_deref().map(|n| format!("{n}: ")).unwrap_or_default()
            );
            let url = state.config.link(&format!("/registry/{platform_id}"));
            let html = with_meta(&index, &title, &description, &url);
            // Asked for as the app asks: with cookies, so an owner gets their own view.
            if as_written { with_data_preload(&html, &format!("/api/vessels/{platform_id}")) } else { html }
        }
        None => index,
    };
    Ok(prerendered::response(html))
}

/// The vessel page written with places for a vessel's platform ID and name (`VESSEL_SLOTS`), with
/// them filled in, and the same as JSON for the app, which shows them while it takes the page over
/// (`web/src/features/vessels/api/vessel-preview.ts`): what it draws must match what is written.
fn with_preview(page: &str, platform_id: &str, name: &str) -> String {
    let [id_slot, name_slot] = prerendered::VESSEL_SLOTS;
    // The ID first: it cannot hold the name's slot, while a name could hold the ID's.
    let html = page.replace(id_slot, &escape(platform_id)).replace(name_slot, &escape(name));
    // `<` escaped, so no name can close the script element.
    let json = serde_json::json!({ "platformId": platform_id, "name": name }).to_string().replace('<', "\\u003c");
    html.replacen(
        "</head>",
        &format!("  <script type=\"application/json\" id=\"vessel-preview\">{json}</script>\n  </head>"),
        1,
    )
}

/// `index` with `title` as its `<title>` and the description and Open Graph tags in its head.
fn with_meta(index: &str, title: &str, description: &str, url: &str) -> String {
    let (title, description, url) = (escape(title), escape(description), escape(url));
    let head = format!(
        "<title>{title}</title>\n    <meta property=\"og:type\" content=\"website\" />\n    \
         <meta property=\"og:site_name\" content=\"European Small-Craft Registry\" />\n    \
         <meta property=\"og:title\" content=\"{title}\" />\n    \
         <meta property=\"og:description\" content=\"{description}\" />\n    \
         <meta property=\"og:url\" content=\"{url}\" />\n    <link rel=\"canonical\" href=\"{url}\" />"
    );
    let mut html = replace_element(index, "<title>", "</title>", &head);
    html = replace_description(&html, &description);
    html
}

/// `html` with a preload of the API path `path` in its head.
fn with_data_preload(html: &str, path: &str) -> String {
    let link =
        format!("<link rel=\"preload\" href=\"{}\" as=\"fetch\" crossorigin=\"use-credentials\" />", escape(path));
    html.replacen("</head>", &format!("  {link}\n  </head>"), 1)
}

/// Replaces the first `open…close` element with `with`, or adds `with` before `</head>`.
fn replace_element(html: &str, open: &str, close: &str, with: &str) -> String {
    match html.find(open).and_then(|start| html[start..].find(close).map(|end| (start, start + end + close.len()))) {
        Some((start, end)) => format!("{}{with}{}", &html[..start], &html[end..]),
        None => html.replacen("</head>", &format!("{with}\n</head>"), 1),
    }
}

fn replace_description(html: &str, description: &str) -> String {
    let tag = format!("<meta name=\"description\" content=\"{description}\" />");
    match html.find("<meta name=\"description\"").and_then(|s| html[s..].find('>').map(|e| (s, s + e + 1))) {
        Some((start, end)) => format!("{}{tag}{}", &html[..start], &html[end..]),
        None => html.replacen("</head>", &format!("{tag}\n</head>"), 1),
    }
}

/// `<element><loc>…</loc></element>` for each location.
fn locations(element: &str, locs: impl Iterator<Item = String>) -> String {
    locs.fold(String::new(), |mut out, loc| {
        let _ = write!(out, "<{element}><loc>{}</loc></{element}>", escape(&loc));
        out
    })
}

fn typed(content_type: &'static str, body: String) -> Response {
    let mut response = body.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vessel_is_written_into_the_head_escaped() {
        let index = "<html><head>\n<meta name=\"description\" content=\"x\" />\n<title>Old</title>\n</head><body></body></html>";
        let html = with_meta(index, "Sea <Breeze>", "A \"fast\" boat", "https://r.example/registry/ABC");
        assert!(html.contains("<title>Sea &lt;Breeze&gt;</title>"), "{html}");
        assert!(html.contains("<meta name=\"description\" content=\"A &quot;fast&quot; boat\" />"));
        assert!(html.contains("<meta property=\"og:url\" content=\"https://r.example/registry/ABC\" />"));
        assert!(!html.contains("Old"));
        assert_eq!(html.matches("name=\"description\"").count(), 1);
    }

    #[test]
    fn the_preview_is_written_in_escaped_and_cannot_close_its_script() {
        let page = "<head></head><li>__VESSEL_PLATFORM_ID__</li><h1>__VESSEL_NAME__</h1>";
        let name = "</script><b>\"Sea\" & 'Breeze' __VESSEL_PLATFORM_ID__";
        let html = with_preview(page, "7KQ2-M9XD-4HTB", name);
        assert!(html.contains("<li>7KQ2-M9XD-4HTB</li>"), "{html}");
        assert!(
            html.contains(
                "<h1>&lt;/script&gt;&lt;b&gt;&quot;Sea&quot; &amp; &#39;Breeze&#39; __VESSEL_PLATFORM_ID__</h1>"
            ),
            "{html}"
        );
        // One script element: the name's `</script>` is written `\u003c/script>` inside the JSON.
        assert_eq!(html.matches("</script>").count(), 1, "{html}");
        let start = html.find("id=\"vessel-preview\">").unwrap() + "id=\"vessel-preview\">".len();
        let json: serde_json::Value = serde_json::from_str(&html[start..html.find("</script>").unwrap()]).unwrap();
        assert_eq!(json, serde_json::json!({ "platformId": "7KQ2-M9XD-4HTB", "name": name }));
    }
}
