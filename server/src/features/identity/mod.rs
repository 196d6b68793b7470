//! Identity verification of people: a session at the provider (the local
//! test-mode page or Stripe Identity), results from the provider's webhook
//! or the local decision worker, and the person's status.

pub mod local;
mod model;
mod routes;
pub mod service;
mod store;
pub mod webhook;

pub use model::{IdentitySession, IdentitySessionRequest, Report};
pub use routes::*;
