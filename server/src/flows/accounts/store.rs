//! The SQL of the account flows: closing an account's row, and reading
//! everything about a person for their export.

use super::model::{
    ExportAuditEntry, ExportDocument, ExportLien, ExportOwnership, ExportPayment, ExportRecordEntry, ExportRefund,
    ExportTransfer,
};
use crate::platform::db::Tx;

/// Archive the account, erasing its password hash, phone and name; 0 rows
/// when it is archived already or is the last administrator (counted in
/// the statement itself).
pub(super) async fn archive_user_unless_last_admin(tx: &mut Tx<'_>, user_id: &str, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE users SET archived_at = $1, password_hash = '', phone_e164 = NULL, name = NULL
         WHERE id = $2 AND archived_at IS NULL
           AND (role <> 'admin'
                OR (SELECT COUNT(*) FROM users a WHERE a.role = 'admin' AND a.archived_at IS NULL AND a.id <> $2) > 0)",
    )
    .bind(now)
    .bind(user_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

// ---- the personal data export (reads only) ----

pub(super) async fn account_times(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<(i64, Option<i64>)> {
    sqlx::query_as("SELECT created_at, last_signed_in_at FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await
}

pub(super) async fn ownerships(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<ExportOwnership>> {
    sqlx::query_as(
        "SELECT v.platform_id, v.name AS vessel_name, h.acquisition_type, h.acquired_at AS acquired_ms,
                h.transferred_out_at AS transferred_out_ms
           FROM ownership_history h JOIN vessels v ON v.id = h.vessel_id
          WHERE h.owner_user_id = $1 ORDER BY h.acquired_at, h.id",
    )
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await
}

pub(super) async fn documents(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<ExportDocument>> {
    sqlx::query_as(
        "SELECT d.id, v.platform_id, d.document_type, d.original_name, d.size_bytes, d.content_type, d.review_status,
                d.uploaded_at AS uploaded_ms, d.object_key
           FROM documents d JOIN vessels v ON v.id = d.vessel_id
          WHERE d.uploaded_by = $1 ORDER BY d.uploaded_at, d.id",
    )
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await
}

pub(super) async fn record_entries(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<ExportRecordEntry>> {
    sqlx::query_as(
        "SELECT m.id, v.platform_id, m.entry_date, m.kind, m.description, m.amount_cents
           FROM maintenance_entries m JOIN vessels v ON v.id = m.vessel_id
          WHERE m.author_user_id = $1 ORDER BY m.created_at, m.id",
    )
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await
}

pub(super) async fn payments(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<ExportPayment>> {
    sqlx::query_as(
        "SELECT p.id, p.purpose, v.platform_id, p.amount_cents, p.currency, p.status, p.created_at AS created_ms
           FROM payments p LEFT JOIN vessels v ON v.id = p.vessel_id
          WHERE p.user_id = $1 ORDER BY p.created_at, p.id",
    )
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await
}

pub(super) async fn refunds(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<ExportRefund>> {
    sqlx::query_as(
        "SELECT r.payment_id, r.amount_cents, r.status, r.created_at AS created_ms
           FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
          WHERE p.user_id = $1 ORDER BY r.created_at, r.id",
    )
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await
}

/// Transfers the person sent (`sent`) or received.
pub(super) async fn transfers(tx: &mut Tx<'_>, user_id: &str, sent: bool) -> sqlx::Result<Vec<ExportTransfer>> {
    let side = if sent { "t.from_user_id" } else { "t.to_user_id" };
    sqlx::query_as(&format!(
        "SELECT t.id, v.platform_id, t.status, t.to_phone_e164, t.created_at AS created_ms, t.completed_at AS completed_ms
           FROM transfers t JOIN vessels v ON v.id = t.vessel_id
          WHERE {side} = $1 ORDER BY t.created_at, t.id"
    ))
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await
}

pub(super) async fn liens(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<ExportLien>> {
    sqlx::query_as(
        "SELECT l.id, v.platform_id, CASE WHEN l.lender_user_id = $1 THEN 'lender' ELSE 'owner' END AS role,
                l.lender_name, l.reference, l.amount_cents, l.currency, l.status, l.registered_at AS registered_ms
           FROM liens l JOIN vessels v ON v.id = l.vessel_id
          WHERE l.lender_user_id = $1 OR l.owner_user_id = $1 ORDER BY l.registered_at, l.id",
    )
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await
}

pub(super) async fn audit_entries(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<ExportAuditEntry>> {
    sqlx::query_as(
        "SELECT action, outcome, CASE WHEN actor_user_id = $1 THEN 1 ELSE 0 END AS by_them, created_at AS created_ms
           FROM audit_log
          WHERE actor_user_id = $1 OR (subject_type = 'user' AND subject_id = $1)
          ORDER BY created_at, id",
    )
    .bind(user_id)
    .fetch_all(&mut **tx)
    .await
}
