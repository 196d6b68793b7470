//! Reading the audit log (nothing here or anywhere writes it but `audit`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{paging::Paging, store};
use crate::{
    domain::PlatformId,
    foundation::error::{AppError, AppResult},
    platform::clock::rfc3339,
    platform::state::AppState,
};

/// Every kind of event the application records.
pub const TYPES: &[&str] = &[
    "sign_in",
    "reauthenticated",
    "session_ended",
    "passkey_added",
    "passkey_removed",
    "password_sign_in_changed",
    "account_registered",
    "email_verified",
    "account_archived",
    "role_changed",
    "registered",
    "registration_paid",
    "activation_blocked",
    "flags_changed",
    "deactivated",
    "reactivated",
    "review_resolved",
    "transfer_started",
    "transfer_code_confirmed",
    "transfer_ended",
    "transfer_canceled",
    "transferred",
    "released_for_claim",
    "claimed",
    "claim_expired",
    "handed_over_by_admin",
    "returned_to_seller",
    "transfer_payment_unmatched",
    "payment_refunded",
    "refunded_without_effect",
    "documents_added",
    "document_deleted",
    "document_reviewed",
    "record_entry_added",
    "record_entry_changed",
    "record_entry_deleted",
    "identity_started",
    "identity_submitted",
    "identity_verified",
    "identity_failed",
    "reported_stolen",
    "theft_confirmed",
    "recovered",
    "theft_report_removed",
    "lien_registered",
    "lien_consented",
    "lien_transfer_consented",
    "lien_released",
];

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: String,
    pub at: String,
    pub actor_user_id: Option<String>,
    pub actor_email: Option<String>,
    pub action: String,
    pub vessel_platform_id: Option<String>,
    /// `kind:id` of what the event is about, e.g. `payment:01J...`.
    pub subject: Option<String>,
    /// `success` or `failure`.
    pub outcome: String,
    pub request_id: Option<String>,
    /// What the event needs: ids, a reason, a decision.
    #[schema(value_type = std::collections::HashMap<String, Object>, additional_properties = true)]
    pub detail: serde_json::Value,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub data: Vec<AuditEntry>,
    pub total: i64,
    pub total_pages: i64,
    /// Every event type, for the filter.
    pub types: Vec<&'static str>,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    #[param(minimum = 1, maximum = 100_000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    /// The actor's email address (exact, any case).
    pub actor: Option<String>,
    /// The vessel's platform ID.
    pub vessel: Option<String>,
    /// One of `types`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub kind: Option<String>,
    /// From this day (UTC), `YYYY-MM-DD`.
    pub from: Option<String>,
    /// To this day (UTC) inclusive, `YYYY-MM-DD`.
    pub to: Option<String>,
}

/// The filters, parsed.
#[derive(Debug, Default)]
pub struct AuditFilter {
    actor_email: Option<String>,
    vessel: Option<String>,
    kind: Option<String>,
    from_ms: Option<i64>,
    to_ms: Option<i64>,
}

fn day_start_ms(day: &str) -> AppResult<i64> {
    let format = time::macros::format_description!("[year]-[month]-[day]");
    let date =
        time::Date::parse(day, &format).map_err(|_| AppError::bad_request("invalid_parameter", "date_format"))?;
    Ok(i64::try_from(date.midnight().assume_utc().unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX))
}

impl AuditFilter {
    pub fn parse(p: &AuditParams) -> AppResult<Self> {
        let present = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let vessel = match present(&p.vessel) {
            None => None,
            Some(v) => Some(
                PlatformId::parse(&v)
                    .map_err(|e| AppError::bad_request("invalid_platform_id", e.message()))?
                    .compact()
                    .to_owned(),
            ),
        };
        let kind = present(&p.kind);
        if kind.as_deref().is_some_and(|k| !TYPES.contains(&k)) {
            return Err(AppError::bad_request("invalid_parameter", "unknown_event_type"));
        }
        let from_ms = present(&p.from).map(|d| day_start_ms(&d)).transpose()?;
        let to_ms = present(&p.to).map(|d| day_start_ms(&d).map(|t| t + crate::platform::clock::DAY)).transpose()?;
        Ok(Self { actor_email: present(&p.actor).map(|a| a.to_lowercase()), vessel, kind, from_ms, to_ms })
    }
}

#[tracing::instrument(skip_all)]
pub async fn list(state: &AppState, f: &AuditFilter, paging: Paging) -> AppResult<AuditPage> {
    let query = store::AuditQuery {
        actor_email: f.actor_email.as_deref(),
        vessel: f.vessel.as_deref(),
        kind: f.kind.as_deref(),
        from_ms: f.from_ms,
        to_ms: f.to_ms,
    };
    let total = store::count_audit(&state.db, &query).await?;
    let data = store::audit_page(&state.db, &query, paging.size, paging.offset)
        .await?
        .into_iter()
        .map(|r| AuditEntry {
            id: r.id,
            at: rfc3339(r.created_at),
            actor_user_id: r.actor_user_id,
            actor_email: r.email,
            action: r.action,
            vessel_platform_id: r.platform_id.map(PlatformId::display_stored),
            subject: r.subject_type.zip(r.subject_id).map(|(k, id)| format!("{k}:{id}")),
            outcome: r.outcome,
            request_id: r.request_id.filter(|id| !id.is_empty()),
            detail: serde_json::from_str(&r.detail).unwrap_or(serde_json::Value::Null),
        })
        .collect();
    Ok(AuditPage { data, total, total_pages: paging.total_pages(total), types: TYPES.to_vec() })
}
