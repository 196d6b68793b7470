//! The countries the registry supports: flag, name, phone prefix and the
//! identifiers their vessels carry (spec section 3). Served at
//! `/api/config/countries`.

mod model;
mod routes;
mod service;
mod store;

pub use model::{Country, CountryConfig, IdentifierConfig, IdentifierType, LocalizedText};
pub use routes::*;
pub use service::{find, identifier_label};
pub use store::SUPPORTED;
