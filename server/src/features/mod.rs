//! The features: each one a folder with the same rooms:
//! `routes.rs` (thin handlers and the router), `service.rs` (rules, free of
//! HTTP), `store.rs` (its SQL) and `model.rs` (its types). A feature uses
//! another only through what that one's `mod.rs` offers.

pub mod auth;
pub mod certificates;
pub mod countries;
pub mod documents;
pub mod identity;
pub mod liens;
pub mod maintenance;
pub mod outbox;
pub mod payments;
pub mod public_pages;
pub mod theft;
pub mod transfers;
pub mod transparency;
pub mod vessels;
