//! The console's requests: what an administrator sends with an action.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    features::auth::Role,
    features::documents::model::ReviewStatus,
    foundation::error::{AppError, AppResult},
};

/// Why an administrator acts: kept in the audit log (and, for a rejected
/// document or a refund, told to the person concerned).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AdminReason {
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
}

/// A reason, trimmed, 1 to 500 characters.
pub struct Reason(String);

impl Reason {
    pub fn parse(raw: &str) -> AppResult<Self> {
        let reason = raw.trim();
        if reason.is_empty() {
            return Err(AppError::field("reason", "give_reason_kept_audit_log"));
        }
        if reason.chars().count() > 500 {
            return Err(AppError::field("reason", "reason_most_500_characters"));
        }
        Ok(Self(reason.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ResolveAction {
    /// The conflict is resolved: put the vessel in the registry.
    Activate,
    /// The vessel cannot be registered: refund its fee (which deactivates it).
    Refund,
    /// Its buyer never claimed it (`vessel_claim_window_expired_review`): give it to the
    /// open account with `email`.
    HandOver,
    /// Its buyer never claimed it: give it back to its seller.
    ReturnToSeller,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ResolveReview {
    pub action: ResolveAction,
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
    /// For `hand_over`: the email of the account that gets the vessel.
    #[serde(default)]
    pub email: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoleChange {
    pub role: Role,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReviewRequest {
    /// `verified` or `rejected`.
    pub decision: ReviewStatus,
    /// Required for `rejected`: what the owner is told.
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}
