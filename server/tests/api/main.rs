//! One integration-test binary (fast to link) that spawns the real app on
//! port 0 with a fresh database per test. Runs on `SQLite` by default and on
//! `PostgreSQL` when `REGISTRY_TEST_POSTGRES_URL` points at a server.

mod accounts;
mod admin;
mod authenticator;
mod authorization;
mod backup;
mod certificates;
mod documents;
mod fake_stripe;
mod hardening;
mod helpers;
mod history_chain;
mod http_edge;
mod hull_check;
mod identity;
mod jobs;
mod liens;
mod maintenance;
mod money;
mod otp;
mod outbox;
mod particulars;
mod passkeys;
mod password_reset;
mod payments;
mod phone;
mod process;
mod profile;
mod public_pages;
mod races;
mod replica_pg;
mod search;
mod search_plans_pg;
mod sessions;
mod smtp;
mod telemetry;
mod theft;
mod transfers;
mod transparency;
mod twilio;
mod vessels;
