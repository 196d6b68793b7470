//! The personal data export's document and the rows it is read from.

use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use crate::features::auth::{PasskeyInfo, SessionInfo, User};

/// Everything the registry holds about one person.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonalData {
    /// When this export was made (RFC 3339, UTC).
    pub exported_at: String,
    pub account: ExportAccount,
    /// Every period the person owned a vessel, the current ones with `transferredOutAt` null.
    pub ownerships: Vec<ExportOwnership>,
    /// Documents the person uploaded: what they are, not their files.
    pub documents: Vec<ExportDocument>,
    /// Value and maintenance record entries the person wrote.
    pub record_entries: Vec<ExportRecordEntry>,
    pub payments: Vec<ExportPayment>,
    pub refunds: Vec<ExportRefund>,
    /// Transfers the person started as the seller.
    pub transfers_sent: Vec<ExportTransfer>,
    /// Transfers that made the person the buyer.
    pub transfers_received: Vec<ExportTransfer>,
    /// Liens the person holds as lender or granted as owner.
    pub liens: Vec<ExportLien>,
    pub sessions: Vec<SessionInfo>,
    pub passkeys: Vec<PasskeyInfo>,
    /// Audit entries the person made or that are about their account.
    pub audit_entries: Vec<ExportAuditEntry>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportAccount {
    #[serde(flatten)]
    pub user: User,
    pub created_at: String,
    pub last_signed_in_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ExportOwnership {
    pub platform_id: String,
    pub vessel_name: Option<String>,
    pub acquisition_type: String,
    #[serde(skip)]
    pub acquired_ms: i64,
    #[serde(skip)]
    pub transferred_out_ms: Option<i64>,
    #[sqlx(skip)]
    pub acquired_at: String,
    #[sqlx(skip)]
    pub transferred_out_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ExportDocument {
    pub id: String,
    pub platform_id: String,
    pub document_type: String,
    pub original_name: String,
    pub size_bytes: i64,
    pub content_type: String,
    pub review_status: String,
    #[serde(skip)]
    pub uploaded_ms: i64,
    #[sqlx(skip)]
    pub uploaded_at: String,
    /// Where its file is stored (for the export's ZIP); never shown.
    #[serde(skip)]
    pub object_key: String,
}

#[derive(Debug, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ExportRecordEntry {
    pub id: String,
    pub platform_id: String,
    pub entry_date: String,
    pub kind: String,
    pub description: String,
    pub amount_cents: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ExportPayment {
    pub id: String,
    pub purpose: String,
    pub platform_id: Option<String>,
    pub amount_cents: i64,
    pub currency: String,
    pub status: String,
    #[serde(skip)]
    pub created_ms: i64,
    #[sqlx(skip)]
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ExportRefund {
    pub payment_id: String,
    pub amount_cents: i64,
    pub status: String,
    #[serde(skip)]
    pub created_ms: i64,
    #[sqlx(skip)]
    pub created_at: String,
}

#[derive(Debug, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ExportTransfer {
    pub id: String,
    pub platform_id: String,
    pub status: String,
    /// The buyer's number as the seller gave it, masked (`+31 6•••••678`).
    #[serde(skip)]
    pub to_phone_e164: String,
    #[sqlx(skip)]
    pub to_phone_masked: String,
    #[serde(skip)]
    pub created_ms: i64,
    #[serde(skip)]
    pub completed_ms: Option<i64>,
    #[sqlx(skip)]
    pub created_at: String,
    #[sqlx(skip)]
    pub completed_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ExportLien {
    pub id: String,
    pub platform_id: String,
    /// `lender` or `owner`.
    pub role: String,
    pub lender_name: String,
    pub reference: String,
    pub amount_cents: i64,
    pub currency: String,
    pub status: String,
    #[serde(skip)]
    pub registered_ms: i64,
    #[sqlx(skip)]
    pub registered_at: String,
}

#[derive(Debug, Serialize, ToSchema, FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ExportAuditEntry {
    pub action: String,
    pub outcome: String,
    /// Whether the person made it (else it is about their account).
    #[serde(skip)]
    pub by_them: i64,
    #[sqlx(skip)]
    pub made_by_you: bool,
    #[serde(skip)]
    pub created_ms: i64,
    #[sqlx(skip)]
    pub at: String,
}
