//! A lien, as its lender, the vessel's owner, administrators and the public see it.

use serde::{Deserialize, Serialize};
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::platform::clock::rfc3339;

/// A lien's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, strum::EnumString, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum LienStatus {
    /// Registered by the lender; waits for the owner's consent and has no effect yet.
    Pending,
    /// The owner consented: the vessel is encumbered.
    Active,
    /// Released by the lender or an administrator (or withdrawn while pending).
    Released,
}

/// How the caller stands to a lien.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LienRole {
    /// The caller registered it.
    Lender,
    /// The caller owns the vessel (or was asked to consent).
    Owner,
    /// An administrator.
    Administrator,
    /// Anyone else: only an active lien's lender and dates.
    Public,
}

/// What a lender registers.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RegisterLienRequest {
    /// The lender as the public sees it (a bank's name, say), 2 to 120 characters.
    #[schema(min_length = 2, max_length = 120)]
    pub lender_name: String,
    /// The lender's reference for the loan, at most 60 characters; the owner and the lender see it.
    #[schema(min_length = 1, max_length = 60)]
    pub reference: String,
    /// The amount secured, in the currency's minor unit (cents); never shown publicly.
    #[schema(minimum = 1, maximum = 100_000_000_000_i64)]
    pub amount_cents: i64,
    /// ISO 4217 code of a European currency (EUR, GBP, CHF, SEK, ...).
    #[schema(pattern = "^[A-Z]{3}$")]
    pub currency: String,
}

/// The owner's consent: the code texted to their verified mobile.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConsentLienRequest {
    /// Six digits.
    #[schema(pattern = "^[0-9]{6}$")]
    pub code: String,
}

/// Why an administrator releases a lien (a lender needs none).
#[derive(Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReleaseLienRequest {
    /// 10 to 1,000 characters; required of an administrator, and both parties are told.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub reason: Option<String>,
}

/// A lien. The amount, the reference and who released it are null for the public.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lien {
    pub id: String,
    pub vessel_id: String,
    /// The vessel's platform ID, as displayed.
    pub platform_id: String,
    pub vessel_name: Option<String>,
    pub status: LienStatus,
    pub lender_name: String,
    pub reference: Option<String>,
    pub amount_cents: Option<i64>,
    pub currency: Option<String>,
    /// RFC 3339, UTC.
    pub registered_at: String,
    pub activated_at: Option<String>,
    pub released_at: Option<String>,
    pub release_reason: Option<String>,
    /// The transfer its lender consented to, if any.
    pub transfer_consent_id: Option<String>,
    pub your_role: LienRole,
}

/// A `liens` row with its vessel.
#[derive(FromRow)]
pub(super) struct LienRow {
    pub(super) id: String,
    pub(super) vessel_id: String,
    pub(super) lender_user_id: String,
    pub(super) owner_user_id: String,
    pub(super) lender_name: String,
    pub(super) reference: String,
    pub(super) amount_cents: i64,
    pub(super) currency: String,
    pub(super) status: String,
    pub(super) registered_at: i64,
    pub(super) activated_at: Option<i64>,
    pub(super) released_at: Option<i64>,
    pub(super) release_reason: Option<String>,
    pub(super) transfer_consent_id: Option<String>,
    pub(super) platform_id: String,
    pub(super) vessel_name: Option<String>,
    /// The vessel's owner now.
    pub(super) current_owner: Option<String>,
}

impl LienRow {
    pub(super) fn status(&self) -> sqlx::Result<LienStatus> {
        crate::platform::db::stored(&self.status)
    }

    /// How `user` (with `admin`) stands to this lien.
    pub(super) fn role_of(&self, user: Option<&str>, admin: bool) -> LienRole {
        match user {
            Some(u) if u == self.lender_user_id => LienRole::Lender,
            Some(u) if Some(u) == self.current_owner.as_deref() => LienRole::Owner,
            Some(u) if u == self.owner_user_id && self.status == "pending" => LienRole::Owner,
            _ if admin => LienRole::Administrator,
            _ => LienRole::Public,
        }
    }

    pub(super) fn into_lien(self, role: LienRole) -> sqlx::Result<Lien> {
        let status = self.status()?;
        let private = role != LienRole::Public;
        Ok(Lien {
            status,
            platform_id: crate::domain::PlatformId::display_stored(self.platform_id),
            vessel_name: self.vessel_name,
            lender_name: self.lender_name,
            reference: private.then_some(self.reference),
            amount_cents: private.then_some(self.amount_cents),
            currency: private.then_some(self.currency),
            registered_at: rfc3339(self.registered_at),
            activated_at: self.activated_at.map(rfc3339),
            released_at: self.released_at.map(rfc3339),
            release_reason: if private { self.release_reason } else { None },
            transfer_consent_id: if private { self.transfer_consent_id } else { None },
            your_role: role,
            id: self.id,
            vessel_id: self.vessel_id,
        })
    }
}

/// The vessel a lien is registered on, with its owner's verified mobile.
#[derive(FromRow)]
pub(super) struct VesselRow {
    pub(super) owner_user_id: Option<String>,
    pub(super) status: String,
    /// The owner's mobile, when verified.
    pub(super) owner_phone: Option<String>,
}
