//! Transfers as the API shows them, and the rows the store reads them from.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{domain::PlatformId, platform::clock::rfc3339};

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, strum::EnumString, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum TransferStatus {
    /// Waiting for the code the new owner's phone received.
    PendingVerification,
    /// The code was right; the transfer fee is next.
    Verified,
    Completed,
    Canceled,
    /// Not paid within 24 hours.
    Expired,
}

impl TransferStatus {
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    pub fn is_open(self) -> bool {
        matches!(self, Self::PendingVerification | Self::Verified)
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferVessel {
    pub id: String,
    pub platform_id: String,
    pub name: Option<String>,
    pub make: String,
    pub model: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transfer {
    pub id: String,
    pub vessel: TransferVessel,
    /// The new owner's phone, masked: `+31 6•••••678`.
    pub to_phone_masked: String,
    pub status: TransferStatus,
    /// Whether the caller started it (false: the caller is its recipient).
    pub outgoing: bool,
    pub created_at: String,
    pub verified_at: Option<String>,
    pub completed_at: Option<String>,
    pub canceled_at: Option<String>,
    pub expires_at: String,
    /// Completed and paid, but no account holds the recipient's number,
    /// verified, yet: the vessel waits for that number's claim.
    pub awaiting_claim: bool,
    pub claimed_at: Option<String>,
}

/// `+31612345678` → `+31 6•••••678`: the country prefix, the first digit and
/// the last three, enough for the seller to recognise the number they typed.
pub fn mask_phone(phone: &str) -> String {
    let prefix = crate::features::countries::SUPPORTED
        .iter()
        .map(|c| c.phone_prefix)
        .find(|p| phone.starts_with(p))
        .unwrap_or_else(|| phone.get(..3).unwrap_or(phone));
    let rest: Vec<char> = phone[prefix.len()..].chars().collect();
    if rest.len() <= 4 {
        return format!("{prefix} {}", "•".repeat(rest.len()));
    }
    let tail: String = rest[rest.len() - 3..].iter().collect();
    format!("{prefix} {}{}{tail}", rest[0], "•".repeat(rest.len() - 4))
}

/// A transfer with its vessel, as `store::TRANSFER_COLUMNS` selects it.
#[derive(sqlx::FromRow)]
pub(super) struct TransferRow {
    pub(super) id: String,
    pub(super) vessel_id: String,
    pub(super) from_user_id: String,
    pub(super) to_phone_e164: String,
    pub(super) to_user_id: Option<String>,
    pub(super) status: String,
    pub(super) created_at: i64,
    pub(super) verified_at: Option<i64>,
    pub(super) completed_at: Option<i64>,
    pub(super) canceled_at: Option<i64>,
    pub(super) expires_at: i64,
    pub(super) claimed_at: Option<i64>,
    pub(super) platform_id: String,
    pub(super) name: Option<String>,
    pub(super) make: String,
    pub(super) model: String,
}

impl TransferRow {
    pub(super) fn status(&self) -> sqlx::Result<TransferStatus> {
        crate::platform::db::stored::<TransferStatus>(&self.status)
    }

    /// The transfer as `viewer_id` sees it (`outgoing` when they started it).
    pub(super) fn into_transfer(self, viewer_id: &str) -> sqlx::Result<Transfer> {
        let status = self.status()?;
        Ok(Transfer {
            id: self.id,
            vessel: TransferVessel {
                id: self.vessel_id,
                platform_id: PlatformId::display_stored(self.platform_id),
                name: self.name,
                make: self.make,
                model: self.model,
            },
            to_phone_masked: mask_phone(&self.to_phone_e164),
            status,
            outgoing: self.from_user_id == viewer_id,
            created_at: rfc3339(self.created_at),
            verified_at: self.verified_at.map(rfc3339),
            completed_at: self.completed_at.map(rfc3339),
            canceled_at: self.canceled_at.map(rfc3339),
            expires_at: rfc3339(self.expires_at),
            awaiting_claim: status == TransferStatus::Completed && self.to_user_id.is_none(),
            claimed_at: self.claimed_at.map(rfc3339),
        })
    }
}

/// The vessel a transfer is started for, as its owner's request finds it.
#[derive(sqlx::FromRow)]
pub(super) struct VesselToTransfer {
    pub(super) owner_user_id: Option<String>,
    /// The vessel's status as stored (`active`, `in_transfer`, ...).
    pub(super) status: String,
    pub(super) name: Option<String>,
    pub(super) platform_id: String,
    /// Set while a theft report is open.
    pub(super) stolen_status: Option<String>,
}

/// What completing a paid transfer needs of it and its vessel.
#[derive(sqlx::FromRow)]
pub(super) struct TransferToComplete {
    pub(super) vessel_id: String,
    pub(super) from_user_id: String,
    pub(super) to_phone_e164: String,
    pub(super) to_email: Option<String>,
    pub(super) platform_id: String,
    pub(super) name: Option<String>,
}

/// A completed transfer whose vessel waits for its buyer's claim: the one a
/// claim or an administrator's resolution takes.
#[derive(sqlx::FromRow)]
pub(super) struct UnclaimedTransfer {
    pub(super) id: String,
    pub(super) from_user_id: String,
    pub(super) platform_id: String,
    pub(super) name: Option<String>,
}

/// A paid transfer waiting for its number's claim, with its vessel.
#[derive(sqlx::FromRow)]
pub(super) struct WaitingTransfer {
    pub(super) id: String,
    pub(super) vessel_id: String,
    pub(super) platform_id: String,
    pub(super) name: Option<String>,
}

/// What a transfer record is made from: the transfer, its vessel and both
/// parties' names.
#[derive(sqlx::FromRow)]
pub(super) struct RecordSource {
    pub(super) from_user_id: String,
    pub(super) to_user_id: Option<String>,
    /// The transfer's status as stored.
    pub(super) status: String,
    pub(super) completed_at: Option<i64>,
    pub(super) sale_price_cents: Option<i64>,
    pub(super) vessel_id: String,
    pub(super) platform_id: String,
    pub(super) name: Option<String>,
    pub(super) make: String,
    pub(super) model: String,
    pub(super) seller_name: Option<String>,
    pub(super) buyer_name: Option<String>,
}

/// An issued transfer record as stored: what was signed, its signature, and
/// the names printed.
#[derive(sqlx::FromRow)]
pub(super) struct StoredRecord {
    pub(super) serial: String,
    pub(super) payload: String,
    pub(super) signature: String,
    pub(super) seller_name: Option<String>,
    pub(super) buyer_name: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::mask_phone;

    #[test]
    fn a_phone_is_masked_to_its_country_first_digit_and_last_three() {
        assert_eq!(mask_phone("+31612345678"), "+31 6•••••678");
        assert_eq!(mask_phone("+491701234567"), "+49 1••••••567");
        assert_eq!(mask_phone("+351912345678"), "+351 9•••••678");
    }
}
