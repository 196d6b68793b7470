//! Accounts: registration, email verification, sessions, password reset.

pub mod extract;
mod hashing;
pub mod phone;
mod routes;
pub mod service;
pub mod sessions;
mod store;
pub mod tokens;
mod user;

pub use extract::{Admin, CurrentUser, MaybeUser};
pub use routes::*;
pub use store::USER_COLUMNS;
pub use user::{
    IdentityFailure, IdentityVerificationStatus, OwnerKind, Recipient, Role, User, language_of, set_language,
};
