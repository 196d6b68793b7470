//! The European Small-Craft Registry server as a library: `main.rs` and the
//! integration tests both build on it.
//!
//! Its folders are its layers, from the ground up; each imports only from its
//! own layer and the ones below (docs/ARCHITECTURE.md, "Layers"; held by
//! `tests/layering.rs`):
//! `foundation` (errors, messages) → `domain` (parsed types) → `platform`
//! (database, state, providers, clock, codes) → `http` (the edge) →
//! `features` → `flows` (what crosses features) → `app` (routes, `OpenAPI`,
//! assembly, jobs) → `cli`.

pub mod app;
pub mod cli;
pub mod domain;
pub mod features;
pub mod flows;
pub mod foundation;
pub mod http;
pub mod platform;
