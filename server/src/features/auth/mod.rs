//! Accounts: registration, email verification, sessions, password reset.

pub mod extract;
mod hashing;
mod model;
pub mod phone;
mod routes;
pub mod service;
pub mod sessions;
mod store;
pub mod tokens;

pub use extract::{Admin, CurrentUser, MaybeUser};
pub use model::{IdentityFailure, IdentityVerificationStatus, OwnerKind, Recipient, Role, User};
pub use routes::*;
pub use service::{email_account, email_account_with, language_of, set_language};
pub use store::USER_COLUMNS;
