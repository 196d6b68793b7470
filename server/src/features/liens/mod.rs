//! Registered liens: a lender registers money owed on a vessel, the owner
//! consents with a code texted to their verified mobile, and while a lien is
//! active the vessel changes hands only in a transfer its lender consented to,
//! or after the lender (or an administrator) released it.

pub mod model;
mod routes;
pub mod service;
mod store;

pub use routes::*;
