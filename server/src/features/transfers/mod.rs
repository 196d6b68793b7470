//! Ownership transfers: start one with the new owner's phone, confirm the
//! code their phone received, resend it, cancel; the fee's success (in
//! `payments`) completes it through `service::complete`. A buyer without an
//! account cannot yet claim a vessel (issue 9).

mod fee;
pub mod model;
pub mod record;
mod routes;
pub mod service;
mod store;

pub use fee::TransferFee;
pub use model::{Transfer, TransferStatus, TransferVessel};
pub use routes::*;
