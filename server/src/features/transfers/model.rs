//! Transfers as the API shows them.

use serde::{Deserialize, Serialize};
use sqlx::{Row, any::AnyRow};
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

pub const TRANSFER_COLUMNS: &str = "t.id, t.vessel_id, t.from_user_id, t.to_phone_e164, t.to_user_id, t.status, \
     t.created_at, t.verified_at, t.completed_at, t.canceled_at, t.expires_at, t.claimed_at, \
     v.platform_id, v.name, v.make, v.model";

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

impl Transfer {
    pub fn from_row(r: &AnyRow, viewer_id: &str) -> sqlx::Result<Self> {
        let optional =
            |name: &str| -> sqlx::Result<Option<String>> { Ok(r.try_get::<Option<i64>, _>(name)?.map(rfc3339)) };
        let status = crate::platform::db::stored::<TransferStatus>(r.try_get("status")?)?;
        let recipient: Option<String> = r.try_get("to_user_id")?;
        Ok(Self {
            id: r.try_get("id")?,
            vessel: TransferVessel {
                id: r.try_get("vessel_id")?,
                platform_id: PlatformId::display_stored(r.try_get("platform_id")?),
                name: r.try_get("name")?,
                make: r.try_get("make")?,
                model: r.try_get("model")?,
            },
            to_phone_masked: mask_phone(r.try_get("to_phone_e164")?),
            status,
            outgoing: r.try_get::<String, _>("from_user_id")? == viewer_id,
            created_at: rfc3339(r.try_get("created_at")?),
            verified_at: optional("verified_at")?,
            completed_at: optional("completed_at")?,
            canceled_at: optional("canceled_at")?,
            expires_at: rfc3339(r.try_get("expires_at")?),
            awaiting_claim: status == TransferStatus::Completed && recipient.is_none(),
            claimed_at: optional("claimed_at")?,
        })
    }
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
