//! Stolen vessels: the owner reports a theft with the police reference; an
//! administrator confirms it or removes a false one; the owner or an
//! administrator ends it when the vessel is recovered. While a report is
//! open the vessel says so wherever it is shown, and nothing changes hands
//! (`vessels::lifecycle`). docs/BUYER-PROTECTION.md.

pub mod model;
mod routes;
pub mod service;
mod store;

pub use model::{TheftReport, TheftReportStatus};
pub use routes::*;
