//! The public pages' types: a sitemap file by its number, and the contact
//! address the pages show.

use serde::Serialize;
use utoipa::ToSchema;

/// Entries per sitemap file: the sitemaps protocol's limit.
pub const SITEMAP_PAGE: i64 = 50_000;

/// Pages every visitor can open, beside the vessels.
pub(super) const PUBLIC_PATHS: [&str; 6] =
    ["/", "/registry", "/how-transfers-work", "/legal/privacy", "/legal/terms", "/legal/dpia"];

/// A sitemap file as its name gives it: `0.xml` is the fixed pages, `n.xml` the
/// n-th 50,000 listed vessels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SitemapFile {
    Fixed,
    /// Listed vessels from this offset on.
    Vessels {
        offset: i64,
    },
}

impl SitemapFile {
    /// One spelling per file (no `+1` or `01`), and a number whose offset fits.
    pub fn parse(file: &str) -> Option<Self> {
        let n = file.strip_suffix(".xml")?;
        let parsed = n.parse::<i64>().ok().filter(|p| *p >= 0 && p.to_string() == n)?;
        match parsed {
            0 => Some(Self::Fixed),
            n => (n - 1).checked_mul(SITEMAP_PAGE).map(|offset| Self::Vessels { offset }),
        }
    }
}

/// Where people write about disputes and for support (`REGISTRY_SUPPORT_EMAIL`):
/// the contact page, the footer, `/verify` and the privacy page show it.
#[derive(Serialize, ToSchema)]
pub struct SupportContact {
    /// The registry's address for support, disputes over ownership and privacy requests.
    pub email: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sitemap_file_has_one_spelling() {
        assert_eq!(SitemapFile::parse("0.xml"), Some(SitemapFile::Fixed));
        assert_eq!(SitemapFile::parse("2.xml"), Some(SitemapFile::Vessels { offset: SITEMAP_PAGE }));
        for bad in ["01.xml", "+1.xml", "-1.xml", "1", "x.xml", "99999999999999999.xml"] {
            assert_eq!(SitemapFile::parse(bad), None, "{bad}");
        }
    }
}
