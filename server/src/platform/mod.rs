//! The platform floor: what every feature stands on and none owns. The
//! configuration, the database and its dialects, the state every handler
//! shares, the audit log's writer, time and ids, the CPU pool, object storage, the request's context, throttles and
//! one-time codes, leases on background jobs, cached counts, the certificate signing key, a streamed ZIP writer, and the
//! clients and traits of outside providers (payments, identity checks).
//! Nothing here imports a feature.

pub mod audit;
pub mod clock;
pub mod config;
pub mod count_cache;
pub mod cpu;
pub mod db;
pub mod identity_provider;
pub mod ids;
pub mod lease;
pub mod otp;
pub mod payment_provider;
pub mod request_context;
pub mod signing;
pub mod state;
pub mod storage;
pub mod stripe_http;
pub mod telemetry;
pub mod throttle;
pub mod zip;
