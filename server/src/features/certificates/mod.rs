//! Registration certificates: a signed one-page PDF for the current owner,
//! and a public check by serial (docs/CERTIFICATES.md).

pub mod pdf;
mod routes;
pub mod service;
mod store;

pub use routes::*;
