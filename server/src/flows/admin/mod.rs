//! The administrators' console: figures, every list, and the actions an
//! administrator takes. Every route takes the `Admin` extractor (401
//! anonymous, 403 signed in without the role). Reads are this module's own;
//! every change goes through the module that owns the state (a vessel's
//! status through `vessels::lifecycle`, a refund through
//! `payments::refunds`, a review through `documents::service`, an account
//! through `auth::service`), which also writes the audit entry.

pub mod audit_log;
pub mod documents;
pub mod model;
pub mod paging;
pub mod payments;
mod routes;
pub mod service;
pub mod stats;
mod store;
pub mod transfers;
pub mod users;
pub mod vessels;

pub use routes::*;
