//! Accounts: registration, email verification, sessions, password reset.

mod hashing;
mod routes;
pub mod service;
pub mod sessions;
pub mod throttle;
pub mod tokens;
mod user;

pub use routes::*;
pub use user::{IdentityVerificationStatus, Role, User};
