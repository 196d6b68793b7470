//! Accounts: registration, email verification, sessions, password reset.

pub mod extract;
mod hashing;
mod model;
pub mod passkeys;
pub mod phone;
mod routes;
pub mod service;
pub mod sessions;
mod store;
pub mod tokens;

pub use extract::{Admin, CurrentUser, MaybeUser, RecentUser};
pub use model::{
    IdentityFailure, IdentityVerificationStatus, OwnerKind, PasskeyInfo, Recipient, Role, SessionInfo, User,
};
pub use routes::*;
pub use service::{email_account, email_account_with, language_of, set_language};
pub use store::USER_COLUMNS;
