//! What search engines, link previews and the pages' footer read:
//! `robots.txt`, the sitemaps of the public vessel pages, a vessel page's
//! HTML with the vessel written in, and the support address.

use std::fmt::Write as _;

use super::model::{PUBLIC_PATHS, SITEMAP_PAGE, SitemapFile, SupportContact};
use super::{page, store};
use crate::{
    domain::PlatformId,
    features::vessels,
    foundation::error::{AppError, AppResult},
    foundation::i18n::Lang,
    http::{hosted_page::escape, prerendered},
    platform::state::AppState,
};

const XML: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;
const SITEMAPS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";

pub fn robots(state: &AppState) -> String {
    format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\nDisallow: /dashboard\nDisallow: /profile\n\
         Disallow: /transfer/\nDisallow: /transfers/\nDisallow: /dev/\n\nSitemap: {}\n",
        state.config.link("/sitemap.xml")
    )
}

/// The index: the fixed pages' file, then one file per 50,000 listed vessels.
#[tracing::instrument(skip_all)]
pub async fn sitemap_index(state: &AppState) -> AppResult<String> {
    let listed = state.public_read(|source| async move { Ok(store::listed_total(source.db).await?) }).await?;
    let files = 1 + (listed + SITEMAP_PAGE - 1) / SITEMAP_PAGE;
    let entries = locations("sitemap", (0..files).map(|n| state.config.link(&format!("/sitemaps/{n}.xml"))));
    Ok(format!("{XML}<sitemapindex xmlns=\"{SITEMAPS}\">{entries}</sitemapindex>"))
}

/// One sitemap file, oldest vessels first; 404 past the last.
#[tracing::instrument(skip_all)]
pub async fn sitemap_file(state: &AppState, file: SitemapFile) -> AppResult<String> {
    let paths: Vec<String> = match file {
        SitemapFile::Fixed => PUBLIC_PATHS.iter().map(|p| (*p).to_owned()).collect(),
        SitemapFile::Vessels { offset } => {
            let ids = state
                .public_read(
                    |source| async move { Ok(store::listed_platform_ids(source.db, offset, SITEMAP_PAGE).await?) },
                )
                .await?;
            if ids.is_empty() {
                return Err(AppError::NotFound("not_found".into()));
            }
            ids.into_iter().map(|id| format!("/registry/{}", PlatformId::display_stored(id))).collect()
        }
    };
    let entries = locations("url", paths.iter().map(|path| state.config.link(path)));
    Ok(format!("{XML}<urlset xmlns=\"{SITEMAPS}\">{entries}</urlset>"))
}

/// The web app's page, with a listed vessel's name, make, model and platform ID
/// in its title, description and Open Graph tags. An unlisted or unknown
/// vessel gets the page as it is: the app shows its owner the vessel, and
/// everyone else that it is not there.
#[tracing::instrument(skip_all)]
pub async fn vessel_page(state: &AppState, lang: Lang, raw: &str) -> AppResult<String> {
    let web_dir = &state.config.web_dir;
    let vessel = match PlatformId::parse(raw) {
        Ok(id) => vessels::service::visible(state, None, &id).await.ok(),
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
            prerendered::page(web_dir, lang, file).await.map(|page| page::with_preview(&page, platform_id, name))
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
            let html = page::with_meta(&index, &title, &description, &url);
            // Asked for as the app asks: with cookies, so an owner gets their own view.
            if as_written { page::with_data_preload(&html, &format!("/api/vessels/{platform_id}")) } else { html }
        }
        None => index,
    };
    Ok(html)
}

pub fn support(state: &AppState) -> SupportContact {
    SupportContact { email: state.config.support_email.clone() }
}

/// `<element><loc>…</loc></element>` for each location.
fn locations(element: &str, locs: impl Iterator<Item = String>) -> String {
    locs.fold(String::new(), |mut out, loc| {
        let _ = write!(out, "<{element}><loc>{}</loc></{element}>", escape(&loc));
        out
    })
}
