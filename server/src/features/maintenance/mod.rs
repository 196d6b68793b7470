//! The vessel's value & maintenance record (`/api/vessels/{platformId}/record`).

mod model;
pub mod record_pdf;
mod routes;
pub mod service;
mod store;

pub use model::{EntryKind, Record, RecordEntry};
pub use routes::*;
