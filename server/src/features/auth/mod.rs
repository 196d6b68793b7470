//! Accounts: registration, email verification, sessions, password reset.

pub mod extract;
mod hashing;
pub mod phone;
mod routes;
pub mod service;
pub mod sessions;
pub mod tokens;
mod user;

pub use extract::{Admin, CurrentUser, MaybeUser};
pub use routes::*;
pub use user::{
    IdentityFailure, IdentityVerificationStatus, OwnerKind, Recipient, Role, USER_COLUMNS, User, language_of,
    set_language,
};
