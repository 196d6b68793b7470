//! The registry's vessels: registration, the public search, vessel pages,
//! the owner's list and the owner's permitted changes.

pub mod contact;
pub mod corrections;
mod create;
pub mod history_chain;
pub mod hull_check;
pub mod identifiers_in_use;
pub mod lifecycle;
pub mod model;
mod routes;
pub mod search;
pub mod service;
pub mod stats;
mod store;

pub use create::{CIN_SINCE, CreateVesselRequest, NewVessel, create as create_vessel};
pub use routes::*;
