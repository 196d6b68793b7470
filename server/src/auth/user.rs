use serde::Serialize;
use sqlx::{Row, any::AnyRow};
use utoipa::ToSchema;

use crate::clock::rfc3339;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Admin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum IdentityVerificationStatus {
    NotStarted,
    Pending,
    Verified,
}

/// The signed-in user as the API shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: String,
    pub role: Role,
    pub name: Option<String>,
    pub email: String,
    #[serde(rename = "phoneE164")]
    pub phone_e164: Option<String>,
    /// RFC 3339, UTC; null until the email is verified.
    pub email_verified_at: Option<String>,
    pub phone_verified_at: Option<String>,
    pub identity_verification_status: IdentityVerificationStatus,
}

/// Columns to select for [`User::from_row`], with table alias `u`.
pub const USER_COLUMNS: &str = "u.id, u.role, u.name, u.email, u.phone_e164, u.email_verified_at, \
     u.phone_verified_at, u.identity_verification_status";

impl sqlx::FromRow<'_, AnyRow> for User {
    fn from_row(r: &AnyRow) -> sqlx::Result<Self> {
        Ok(Self {
            id: r.try_get("id")?,
            role: if r.try_get::<&str, _>("role")? == "admin" { Role::Admin } else { Role::User },
            name: r.try_get("name")?,
            email: r.try_get("email")?,
            phone_e164: r.try_get("phone_e164")?,
            email_verified_at: r.try_get::<Option<i64>, _>("email_verified_at")?.map(rfc3339),
            phone_verified_at: r.try_get::<Option<i64>, _>("phone_verified_at")?.map(rfc3339),
            identity_verification_status: match r.try_get::<&str, _>("identity_verification_status")? {
                "verified" => IdentityVerificationStatus::Verified,
                "pending" => IdentityVerificationStatus::Pending,
                _ => IdentityVerificationStatus::NotStarted,
            },
        })
    }
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}
