use serde::Serialize;
use sqlx::any::AnyRow;
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
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum OwnerKind {
    Person,
    Company,
}

impl OwnerKind {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Unknown values are refused, never read as a default.
    pub fn parse(s: &str) -> Option<Self> {
        s.parse().ok()
    }
}

/// Why the last identity check did not verify the person, in our words
/// (providers' own reasons are mapped onto these).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
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
        self.into()
    }

    pub fn parse(s: &str) -> Option<Self> {
        s.parse().ok()
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
    /// How many passkeys the account holds. An administrator needs one before any change.
    pub passkey_count: i64,
    /// Whether the account may sign in with its password (an account with a passkey may turn it off).
    pub password_sign_in: bool,
}

/// A `users` row as `store::USER_COLUMNS` selects it.
#[derive(sqlx::FromRow)]
pub(super) struct UserRow {
    id: String,
    role: String,
    name: Option<String>,
    name_verified_at: Option<i64>,
    owner_kind: String,
    company_number: Option<String>,
    email: String,
    phone_e164: Option<String>,
    email_verified_at: Option<i64>,
    phone_verified_at: Option<i64>,
    identity_verification_status: String,
    identity_failure_code: Option<String>,
    language: String,
    password_sign_in: i64,
    passkey_count: i64,
}

impl UserRow {
    pub(super) fn id(&self) -> &str {
        &self.id
    }
}

impl TryFrom<UserRow> for User {
    type Error = sqlx::Error;

    fn try_from(r: UserRow) -> sqlx::Result<Self> {
        let failure = r.identity_failure_code.as_deref().and_then(IdentityFailure::parse);
        Ok(Self {
            id: r.id,
            role: crate::platform::db::stored::<Role>(&r.role)?,
            name: r.name,
            name_verified: r.name_verified_at.is_some(),
            owner_kind: OwnerKind::parse(&r.owner_kind)
                .ok_or_else(|| sqlx::Error::Decode("unknown owner_kind".into()))?,
            company_number: r.company_number,
            email: r.email,
            phone_e164: r.phone_e164,
            email_verified_at: r.email_verified_at.map(rfc3339),
            phone_verified_at: r.phone_verified_at.map(rfc3339),
            identity_verification_status: crate::platform::db::stored::<IdentityVerificationStatus>(
                &r.identity_verification_status,
            )?,
            identity_failure_code: failure,
            identity_failure_reason: failure.map(|f| crate::foundation::i18n::Msg::new(f.message()).localized()),
            language: Lang::parse(&r.language).unwrap_or_default(),
            passkey_count: r.passkey_count,
            password_sign_in: r.password_sign_in == 1,
        })
    }
}

/// A user read with `USER_COLUMNS` (`query_as::<_, User>`), through [`UserRow`].
impl sqlx::FromRow<'_, AnyRow> for User {
    fn from_row(r: &AnyRow) -> sqlx::Result<Self> {
        <UserRow as sqlx::FromRow<'_, AnyRow>>::from_row(r)?.try_into()
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

/// One of the account's sessions, as its owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionInfo {
    /// Names the session to `DELETE /api/auth/sessions/{id}`.
    pub id: String,
    pub created_at: String,
    pub last_seen_at: String,
    /// The browser's family from its `User-Agent` (Firefox, Chrome, Safari, Edge, Opera), or `unknown`.
    pub browser: String,
    /// The platform's family (Windows, macOS, Linux, Android, iOS, `ChromeOS`), or `unknown`.
    pub platform: String,
    /// The session this request was made in.
    pub current: bool,
}

/// Signing in again before a sensitive action.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReauthenticateRequest {
    pub password: String,
}

/// How many sessions ended.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionsEnded {
    pub ended: u64,
}

/// One of the account's passkeys, as its owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyInfo {
    /// Names the passkey to `DELETE /api/auth/passkeys/{id}`.
    pub id: String,
    /// The name given when it was added, e.g. "Laptop".
    pub name: String,
    pub created_at: String,
    /// Null until it signs in.
    pub last_used_at: Option<String>,
    /// Whether the authenticator reports it backed up (synced to other devices).
    pub backed_up: bool,
}

/// The browser's answer to `register/start`'s options, with a name for the passkey.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FinishPasskeyRegistration {
    /// Up to 60 characters; "Passkey" when absent.
    #[schema(max_length = 60)]
    pub name: Option<String>,
    /// `PublicKeyCredential.toJSON()` of the new credential (base64url fields).
    #[schema(value_type = Object)]
    pub credential: webauthn_rs::prelude::RegisterPublicKeyCredential,
}

/// The browser's answer to `login/start`'s options.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FinishPasskeySignIn {
    /// `PublicKeyCredential.toJSON()` of the assertion (base64url fields).
    #[schema(value_type = Object)]
    pub credential: webauthn_rs::prelude::PublicKeyCredential,
    /// Keep the session for 30 days instead of until the browser closes.
    #[serde(default)]
    pub remember_me: bool,
}

/// Turning password sign-in on or off.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasswordSignInRequest {
    pub enabled: bool,
}

/// A reset link's token, to add a passkey with instead of a password.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RecoverStartRequest {
    pub token: String,
}

/// The browser's answer to `recover/start`'s options, with the reset token.
#[derive(Debug, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RecoverFinishRequest {
    pub token: String,
    /// Up to 60 characters; "Passkey" when absent.
    #[schema(max_length = 60)]
    pub name: Option<String>,
    /// `PublicKeyCredential.toJSON()` of the new credential (base64url fields).
    #[schema(value_type = Object)]
    pub credential: webauthn_rs::prelude::RegisterPublicKeyCredential,
}
