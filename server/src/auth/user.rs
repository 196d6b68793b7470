use serde::Serialize;
use sqlx::{Row, any::AnyRow};
use utoipa::ToSchema;

use crate::clock::rfc3339;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
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

impl IdentityVerificationStatus {
    pub fn parse(s: &str) -> Self {
        match s {
            "verified" => Self::Verified,
            "pending" => Self::Pending,
            _ => Self::NotStarted,
        }
    }
}

impl Role {
    pub fn parse(s: &str) -> Self {
        if s == "admin" { Self::Admin } else { Self::User }
    }
}

/// Why the last identity check did not verify the person, in our words
/// (providers' own reasons are mapped onto these).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum IdentityFailure {
    DocumentExpired,
    SelfieMismatch,
    DocumentUnreadable,
    DocumentTypeUnsupported,
    Canceled,
    Other,
}

impl IdentityFailure {
    pub const ALL: [Self; 6] = [
        Self::DocumentExpired,
        Self::SelfieMismatch,
        Self::DocumentUnreadable,
        Self::DocumentTypeUnsupported,
        Self::Canceled,
        Self::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::DocumentExpired => "document_expired",
            Self::SelfieMismatch => "selfie_mismatch",
            Self::DocumentUnreadable => "document_unreadable",
            Self::DocumentTypeUnsupported => "document_type_unsupported",
            Self::Canceled => "canceled",
            Self::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.as_str() == s)
    }

    /// What the person is told.
    pub fn message(self) -> &'static str {
        match self {
            Self::DocumentExpired => "The identity document has expired. Please try again with a valid document.",
            Self::SelfieMismatch => "The photo of your face did not match the photo on the document. Please try again.",
            Self::DocumentUnreadable => {
                "The document could not be read. Please try again with a sharper, well-lit photo."
            }
            Self::DocumentTypeUnsupported => {
                "This kind of document is not accepted. Please use a passport, identity card or driving licence."
            }
            Self::Canceled => "The identity check was cancelled before it finished. You can start it again.",
            Self::Other => "The identity check could not verify you. Please try again.",
        }
    }
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
    /// Why the last identity check failed; null when none failed since.
    pub identity_failure_code: Option<IdentityFailure>,
    /// `identityFailureCode` in words (English).
    pub identity_failure_reason: Option<String>,
}

/// Columns to select for [`User::from_row`], with table alias `u`.
pub const USER_COLUMNS: &str = "u.id, u.role, u.name, u.email, u.phone_e164, u.email_verified_at, \
     u.phone_verified_at, u.identity_verification_status, u.identity_failure_code";

impl sqlx::FromRow<'_, AnyRow> for User {
    fn from_row(r: &AnyRow) -> sqlx::Result<Self> {
        let failure = r.try_get::<Option<&str>, _>("identity_failure_code")?.and_then(IdentityFailure::parse);
        Ok(Self {
            id: r.try_get("id")?,
            role: Role::parse(r.try_get("role")?),
            name: r.try_get("name")?,
            email: r.try_get("email")?,
            phone_e164: r.try_get("phone_e164")?,
            email_verified_at: r.try_get::<Option<i64>, _>("email_verified_at")?.map(rfc3339),
            phone_verified_at: r.try_get::<Option<i64>, _>("phone_verified_at")?.map(rfc3339),
            identity_verification_status: IdentityVerificationStatus::parse(r.try_get("identity_verification_status")?),
            identity_failure_code: failure,
            identity_failure_reason: failure.map(|f| f.message().to_owned()),
        })
    }
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }
}
