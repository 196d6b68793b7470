//! Proof-of-ownership documents: upload (all or nothing, limits enforced
//! while the body streams in), list, download, delete, and an
//! administrator's review. Files live in object storage (`crate::platform::storage`).

pub mod model;
mod routes;
pub mod service;
mod store;
pub mod upload;

pub use model::{Document, DocumentType, PreviousOwnerDocument, ReviewStatus};
pub use routes::*;
