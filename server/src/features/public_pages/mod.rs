//! What search engines and link previews read: `robots.txt`, the sitemap of
//! the public vessel pages, and a public vessel page's HTML with its title,
//! description and Open Graph tags written in by the server (a crawler or a
//! chat preview does not run the web app), into the page's HTML written at
//! build time in the reader's language (`http::prerendered`).
//! Nothing here names an owner. The support address the pages show is
//! served here too.

mod model;
mod page;
mod routes;
mod service;
mod store;

pub use model::{SITEMAP_PAGE, SupportContact};
pub use routes::*;
