//! Every person's data on request (GDPR article 15 and 20): one JSON
//! document of what the registry holds about the signed-in person, read in
//! one snapshot-consistent transaction. What others' records say of them is
//! included only as far as it is theirs: the other side of a transfer is a
//! masked number, a document's file is named, not sent.

use serde::Serialize;
use sqlx::FromRow;
use utoipa::ToSchema;

use super::store;
use crate::{
    domain::PlatformId,
    features::auth::{PasskeyInfo, SessionInfo, User, passkeys, sessions},
    foundation::error::AppResult,
    platform::clock::{now_ms, rfc3339},
    platform::state::AppState,
};

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

fn grouped(platform_id: String) -> String {
    PlatformId::display_stored(platform_id)
}

/// The person's data, read in one transaction.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn export(state: &AppState, user: &User, session_secret: &str) -> AppResult<PersonalData> {
    let mut tx = state.begin().await?;
    let (created, last_signed_in) = store::account_times(&mut tx, &user.id).await?;
    let ownerships = store::ownerships(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|o| ExportOwnership {
            platform_id: grouped(o.platform_id),
            acquired_at: rfc3339(o.acquired_ms),
            transferred_out_at: o.transferred_out_ms.map(rfc3339),
            ..o
        })
        .collect();
    let documents = store::documents(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|d| ExportDocument { platform_id: grouped(d.platform_id), uploaded_at: rfc3339(d.uploaded_ms), ..d })
        .collect();
    let record_entries = store::record_entries(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|e| ExportRecordEntry { platform_id: grouped(e.platform_id), ..e })
        .collect();
    let payments = store::payments(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|p| ExportPayment { platform_id: p.platform_id.map(grouped), created_at: rfc3339(p.created_ms), ..p })
        .collect();
    let refunds = store::refunds(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|r| ExportRefund { created_at: rfc3339(r.created_ms), ..r })
        .collect();
    let transfer = |t: ExportTransfer| ExportTransfer {
        platform_id: grouped(t.platform_id.clone()),
        to_phone_masked: crate::features::transfers::model::mask_phone(&t.to_phone_e164),
        created_at: rfc3339(t.created_ms),
        completed_at: t.completed_ms.map(rfc3339),
        ..t
    };
    let transfers_sent = store::transfers(&mut tx, &user.id, true).await?.into_iter().map(transfer).collect();
    let transfers_received = store::transfers(&mut tx, &user.id, false).await?.into_iter().map(transfer).collect();
    let liens = store::liens(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|l| ExportLien { platform_id: grouped(l.platform_id), registered_at: rfc3339(l.registered_ms), ..l })
        .collect();
    let audit_entries = store::audit_entries(&mut tx, &user.id)
        .await?
        .into_iter()
        .map(|a| ExportAuditEntry { made_by_you: a.by_them == 1, at: rfc3339(a.created_ms), ..a })
        .collect();
    tx.commit().await?;
    Ok(PersonalData {
        exported_at: rfc3339(now_ms()),
        account: ExportAccount {
            user: user.clone(),
            created_at: rfc3339(created),
            last_signed_in_at: last_signed_in.map(rfc3339),
        },
        ownerships,
        documents,
        record_entries,
        payments,
        refunds,
        transfers_sent,
        transfers_received,
        liens,
        sessions: sessions::list(&state.db, &user.id, session_secret).await?,
        passkeys: passkeys::list(&state.db, &user.id).await?,
        audit_entries,
    })
}
