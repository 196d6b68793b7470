use serde::Serialize;
use sqlx::{Row, any::AnyRow};
use utoipa::ToSchema;

use crate::{foundation::i18n::Lang, platform::clock::rfc3339};

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Role {
    User,
    Admin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum IdentityVerificationStatus {
    NotStarted,
    Pending,
    Verified,
}

/// Whether an account owns vessels as a private person or as a company; a
/// certificate prints the person's legal name or the company's name and number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OwnerKind {
    Person,
    Company,
}

impl OwnerKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Person => "person",
            Self::Company => "company",
        }
    }

    /// Unknown values are refused, never read as a default.
    pub fn parse(s: &str) -> Option<Self> {
        [Self::Person, Self::Company].into_iter().find(|k| k.as_str() == s)
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
            Self::DocumentExpired => "identity_document_expired",
            Self::SelfieMismatch => "identity_selfie_mismatch",
            Self::DocumentUnreadable => "identity_document_unreadable",
            Self::DocumentTypeUnsupported => "identity_document_not_accepted",
            Self::Canceled => "identity_check_cancelled",
            Self::Other => "identity_check_failed",
        }
    }
}

/// The signed-in user as the API shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: String,
    pub role: Role,
    /// The owner's legal name (a person's, or a company's for a company owner), as certificates print it.
    pub name: Option<String>,
    /// The name was reported by an identity check (a person's only); a name typed by the person is not.
    pub name_verified: bool,
    pub owner_kind: OwnerKind,
    /// A company owner's registration number; null for a person.
    pub company_number: Option<String>,
    pub email: String,
    #[serde(rename = "phoneE164")]
    pub phone_e164: Option<String>,
    /// RFC 3339, UTC; null until the email is verified.
    pub email_verified_at: Option<String>,
    pub phone_verified_at: Option<String>,
    pub identity_verification_status: IdentityVerificationStatus,
    /// Why the last identity check failed; null when none failed since.
    pub identity_failure_code: Option<IdentityFailure>,
    /// `identityFailureCode` in words, in the request's language.
    pub identity_failure_reason: Option<String>,
    /// The language chosen in the web app; emails and SMS to this person are written in it.
    pub language: Lang,
}

/// Columns to select for [`User::from_row`], with table alias `u`.
pub const USER_COLUMNS: &str = "u.id, u.role, u.name, u.name_verified_at, u.owner_kind, u.company_number, u.email, \
     u.phone_e164, u.email_verified_at, u.phone_verified_at, u.identity_verification_status, u.identity_failure_code, \
     u.language";

impl sqlx::FromRow<'_, AnyRow> for User {
    fn from_row(r: &AnyRow) -> sqlx::Result<Self> {
        let failure = r.try_get::<Option<&str>, _>("identity_failure_code")?.and_then(IdentityFailure::parse);
        Ok(Self {
            id: r.try_get("id")?,
            role: crate::platform::db::stored::<Role>(r.try_get("role")?)?,
            name: r.try_get("name")?,
            name_verified: r.try_get::<Option<i64>, _>("name_verified_at")?.is_some(),
            owner_kind: OwnerKind::parse(r.try_get("owner_kind")?)
                .ok_or_else(|| sqlx::Error::Decode("unknown owner_kind".into()))?,
            company_number: r.try_get("company_number")?,
            email: r.try_get("email")?,
            phone_e164: r.try_get("phone_e164")?,
            email_verified_at: r.try_get::<Option<i64>, _>("email_verified_at")?.map(rfc3339),
            phone_verified_at: r.try_get::<Option<i64>, _>("phone_verified_at")?.map(rfc3339),
            identity_verification_status: crate::platform::db::stored::<IdentityVerificationStatus>(
                r.try_get("identity_verification_status")?,
            )?,
            identity_failure_code: failure,
            identity_failure_reason: failure.map(|f| crate::foundation::i18n::Msg::new(f.message()).localized()),
            language: Lang::parse(r.try_get("language")?).unwrap_or_default(),
        })
    }
}

impl User {
    pub fn is_admin(&self) -> bool {
        self.role == Role::Admin
    }

    /// Texting a code costs the registry money: only an account whose email
    /// is verified may have one sent (403 otherwise).
    pub fn may_have_codes_sent(&self) -> crate::foundation::error::AppResult<()> {
        if self.email_verified_at.is_some() {
            Ok(())
        } else {
            Err(crate::foundation::error::AppError::Forbidden("verify_email_before_codes".into()))
        }
    }
}

/// Whom a message is for, to find the language to write it in.
pub enum Recipient<'a> {
    Id(&'a str),
    Email(&'a str),
    /// The account on which this number is verified.
    VerifiedPhone(&'a str),
}

/// The recipient's chosen language, when they have a live account.
pub async fn language_of(conn: &mut sqlx::AnyConnection, who: Recipient<'_>) -> sqlx::Result<Option<Lang>> {
    let (sql, value) = match who {
        Recipient::Id(id) => ("SELECT language FROM users WHERE id = $1 AND archived_at IS NULL", id),
        Recipient::Email(email) => ("SELECT language FROM users WHERE email = $1 AND archived_at IS NULL", email),
        Recipient::VerifiedPhone(phone) => (
            "SELECT language FROM users WHERE phone_e164 = $1 AND phone_verified_at IS NOT NULL AND archived_at IS NULL",
            phone,
        ),
    };
    let row = sqlx::query(sql).bind(value).fetch_optional(conn).await?;
    Ok(row.map(|r| r.try_get::<String, _>("language")).transpose()?.as_deref().and_then(Lang::parse))
}

/// Keep `language` as the account's language.
pub async fn set_language(conn: &mut sqlx::AnyConnection, user_id: &str, language: Lang) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET language = $1 WHERE id = $2")
        .bind(language.code())
        .bind(user_id)
        .execute(conn)
        .await?;
    Ok(())
}
