//! The transparency log: every ownership event's new chain head is a leaf of
//! an append-only Merkle tree (RFC 9162), whose signed heads the registry
//! publishes at a fixed interval, so that anyone who keeps them can prove a
//! vessel's history was not rewritten (docs/TRANSPARENCY.md).

pub mod model;
mod routes;
pub mod service;
mod store;

pub use routes::*;
