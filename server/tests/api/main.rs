//! One integration-test binary (fast to link) that spawns the real app on
//! port 0 with a fresh database per test. Runs on `SQLite` by default and on
//! `PostgreSQL` when `REGISTRY_TEST_POSTGRES_URL` points at a server.

mod accounts;
mod admin;
mod authorization;
mod certificates;
mod documents;
mod fake_stripe;
mod hardening;
mod helpers;
mod history_chain;
mod http_edge;
mod identity;
mod maintenance;
mod money;
mod otp;
mod outbox;
mod particulars;
mod password_reset;
mod payments;
mod phone;
mod profile;
mod public_pages;
mod races;
mod search;
mod smtp;
mod transfers;
mod twilio;
mod vessels;
