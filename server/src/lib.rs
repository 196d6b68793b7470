//! The European Small-Craft Registry server as a library: `main.rs` and the
//! integration tests both build on it.

pub mod accounts;
pub mod admin;
pub mod app;
pub mod audit;
pub mod auth;
pub mod certificates;
pub mod cli;
pub mod config;
pub mod countries;
pub mod db;
pub mod documents;
pub mod domain;
pub mod error;
pub mod fees;
pub mod http;
pub mod i18n;
pub mod identity;
pub mod jobs;
pub mod maintenance;
pub mod openapi;
pub mod outbox;
pub mod payments;
pub mod platform;
pub mod private_files;
pub mod public_pages;
pub mod routes;
pub mod server;
pub mod support;
pub mod transfers;
pub mod vessels;
