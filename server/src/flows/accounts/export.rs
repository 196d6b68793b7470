//! Every person's data on request (GDPR article 15 and 20): one JSON
//! document of what the registry holds about the signed-in person, read in
//! one snapshot-consistent transaction. What others' records say of them is
//! included only as far as it is theirs: the other side of a transfer is a
//! masked number, a document's file is named, not sent.

use super::model::{
    ExportAccount, ExportAuditEntry, ExportDocument, ExportLien, ExportOwnership, ExportPayment, ExportRecordEntry,
    ExportRefund, ExportTransfer, PersonalData,
};
use super::store;
use crate::{
    domain::PlatformId,
    features::auth::{User, passkeys, sessions},
    foundation::error::AppResult,
    platform::clock::{now_ms, rfc3339},
    platform::state::AppState,
};

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
