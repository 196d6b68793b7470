//! Registration certificates: a signed one-page PDF for the current owner,
//! and a public check by serial (docs/CERTIFICATES.md).

mod model;
pub mod pdf;
mod routes;
pub mod service;
mod store;

pub use model::{CertificateCheck, CertificateStatus, CertifiedOwner, CertifiedVessel, Described, Issued, PublicKey};
pub use routes::*;
