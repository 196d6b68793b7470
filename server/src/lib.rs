//! The European Small-Craft Registry server as a library: `main.rs` and the
//! integration tests both build on it.

pub mod app;
pub mod audit;
pub mod auth;
pub mod certificates;
pub mod clock;
pub mod config;
pub mod countries;
pub mod cpu;
pub mod db;
pub mod dev;
pub mod documents;
pub mod domain;
pub mod error;
pub mod fees;
pub mod http;
pub mod ids;
pub mod maintenance;
pub mod openapi;
pub mod otp;
pub mod outbox;
pub mod payments;
pub mod profile;
pub mod retention;
pub mod routes;
pub mod seed;
pub mod seed_vessels;
pub mod server;
pub mod stats;
pub mod storage;
pub mod transfers;
pub mod vessel_record;
pub mod vessels;
