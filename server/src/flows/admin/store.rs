//! Every SQL statement of the console's reads: the figures, the lists of
//! transfers, payments, documents, accounts and the audit log. Its changes
//! go through the features that own the state, which hold their own SQL.

use crate::{
    features::documents::model::{DOCUMENT_COLUMNS, Document},
    platform::db::Db,
};

// ---- the figures ----

/// The console's figures, each counted by its own subquery.
#[derive(sqlx::FromRow)]
pub(super) struct StatsRow {
    pub(super) vessels: i64,
    pub(super) transfers: i64,
    pub(super) earned: i64,
    pub(super) refunded: i64,
    pub(super) users: i64,
}

/// Vessels, open transfers, and fees earned, refunds made and accounts
/// signed in since `since`.
pub(super) async fn stats(db: &Db, since: i64) -> sqlx::Result<StatsRow> {
    sqlx::query_as::<_, StatsRow>(
        "SELECT
            (SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM vessel_counts) AS vessels,
            (SELECT COUNT(*) FROM transfers WHERE status IN ('pending_verification', 'verified')) AS transfers,
            (SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM payments
                WHERE status = 'succeeded' AND succeeded_at >= $1) AS earned,
            (SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM payment_refunds
                WHERE status = 'succeeded' AND decided_at >= $1) AS refunded,
            (SELECT COUNT(*) FROM users WHERE archived_at IS NULL AND last_signed_in_at >= $1) AS users",
    )
    .bind(since)
    .fetch_one(db)
    .await
}

// ---- the audit log ----

/// What the audit log is filtered by; `None` is any.
pub(super) struct AuditQuery<'a> {
    /// Lowercase.
    pub(super) actor_email: Option<&'a str>,
    /// Compact platform ID.
    pub(super) vessel: Option<&'a str>,
    pub(super) kind: Option<&'a str>,
    pub(super) from_ms: Option<i64>,
    /// Exclusive.
    pub(super) to_ms: Option<i64>,
}

const AUDIT_WHERE: &str =
    "FROM audit_log a LEFT JOIN users u ON u.id = a.actor_user_id LEFT JOIN vessels v ON v.id = a.vessel_id
     WHERE ($1 IS NULL OR LOWER(u.email) = $1) AND ($2 IS NULL OR v.platform_id = $2) AND ($3 IS NULL OR a.action = $3)
       AND ($4 IS NULL OR a.created_at >= $4) AND ($5 IS NULL OR a.created_at < $5)";

/// An audit entry with its actor's email and its vessel's platform ID.
#[derive(sqlx::FromRow)]
pub(super) struct AuditRow {
    pub(super) id: String,
    pub(super) created_at: i64,
    pub(super) actor_user_id: Option<String>,
    pub(super) email: Option<String>,
    pub(super) action: String,
    pub(super) platform_id: Option<String>,
    pub(super) subject_type: Option<String>,
    pub(super) subject_id: Option<String>,
    pub(super) outcome: String,
    pub(super) request_id: Option<String>,
    /// JSON.
    pub(super) detail: String,
}

pub(super) async fn count_audit(db: &Db, q: &AuditQuery<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(&format!("SELECT COUNT(*) AS n {AUDIT_WHERE}"))
        .bind(q.actor_email)
        .bind(q.vessel)
        .bind(q.kind)
        .bind(q.from_ms)
        .bind(q.to_ms)
        .fetch_one(db)
        .await
}

/// A page of the entries the filter selects, newest first.
pub(super) async fn audit_page(db: &Db, q: &AuditQuery<'_>, size: i64, offset: i64) -> sqlx::Result<Vec<AuditRow>> {
    sqlx::query_as::<_, AuditRow>(&format!(
        "SELECT a.id, a.created_at, a.actor_user_id, u.email, a.action, v.platform_id, a.subject_type, a.subject_id,
             a.outcome, a.request_id, a.detail
         {AUDIT_WHERE} ORDER BY a.id DESC LIMIT $6 OFFSET $7"
    ))
    .bind(q.actor_email)
    .bind(q.vessel)
    .bind(q.kind)
    .bind(q.from_ms)
    .bind(q.to_ms)
    .bind(size)
    .bind(offset)
    .fetch_all(db)
    .await
}

// ---- documents ----

/// A document with its vessel and its uploader.
#[derive(sqlx::FromRow)]
pub(super) struct DocumentRow {
    #[sqlx(flatten)]
    pub(super) document: Document,
    pub(super) platform_id: String,
    pub(super) vessel_name: Option<String>,
    pub(super) uploaded_by_email: String,
}

pub(super) async fn count_documents(db: &Db, review_status: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM documents WHERE review_status = $1")
        .bind(review_status)
        .fetch_one(db)
        .await
}

/// A page of the documents in `review_status`, by upload time.
pub(super) async fn documents_page(
    db: &Db,
    review_status: &str,
    oldest_first: bool,
    size: i64,
    offset: i64,
) -> sqlx::Result<Vec<DocumentRow>> {
    let order = if oldest_first { "ASC" } else { "DESC" };
    sqlx::query_as::<_, DocumentRow>(&format!(
        "SELECT {DOCUMENT_COLUMNS}, v.platform_id, v.name AS vessel_name, u.email AS uploaded_by_email
         FROM documents d JOIN vessels v ON v.id = d.vessel_id JOIN users u ON u.id = d.uploaded_by
         WHERE d.review_status = $1 ORDER BY d.uploaded_at {order}, d.id {order} LIMIT $2 OFFSET $3"
    ))
    .bind(review_status)
    .bind(size)
    .bind(offset)
    .fetch_all(db)
    .await
}

// ---- payments ----

const PAYMENT_COLUMNS: &str = "p.id, p.purpose, p.amount_cents, p.currency, p.status, p.provider, p.provider_intent_id, \
     p.created_at, p.succeeded_at, v.platform_id, t.status AS transfer_status, \
     CAST(CASE WHEN COALESCE(v.owner_user_id, '') = p.user_id THEN 0 ELSE 1 END AS BIGINT) AS passed_on, \
     r.status AS refund_status, r.reason AS refund_reason, r.created_at AS refund_created_at";

/// The latest refund of each payment joins as `r`.
const PAYMENT_FROM: &str =
    "FROM payments p JOIN vessels v ON v.id = p.vessel_id LEFT JOIN transfers t ON t.id = p.transfer_id
     LEFT JOIN payment_refunds r ON r.id = (SELECT MAX(r2.id) FROM payment_refunds r2 WHERE r2.payment_id = p.id)
     WHERE ($1 IS NULL OR p.status = $1) AND ($2 IS NULL OR p.purpose = $2)";

/// A payment with its vessel, its transfer's status and its latest refund.
#[derive(sqlx::FromRow)]
pub(super) struct PaymentRow {
    pub(super) id: String,
    pub(super) purpose: String,
    pub(super) amount_cents: i64,
    pub(super) currency: String,
    pub(super) status: String,
    pub(super) provider: String,
    pub(super) provider_intent_id: Option<String>,
    pub(super) created_at: i64,
    pub(super) succeeded_at: Option<i64>,
    pub(super) platform_id: String,
    pub(super) transfer_status: Option<String>,
    /// 1 when the vessel is no longer the payer's.
    pub(super) passed_on: i64,
    pub(super) refund_status: Option<String>,
    pub(super) refund_reason: Option<String>,
    pub(super) refund_created_at: Option<i64>,
}

/// How many payments the filters select, and what they earned and refunded.
#[derive(sqlx::FromRow)]
pub(super) struct PaymentSums {
    pub(super) n: i64,
    pub(super) earned: i64,
    pub(super) refunded: i64,
}

pub(super) async fn payment_sums(db: &Db, status: Option<&str>, purpose: Option<&str>) -> sqlx::Result<PaymentSums> {
    sqlx::query_as::<_, PaymentSums>(
        "SELECT COUNT(*) AS n,
             CAST(COALESCE(SUM(CASE WHEN p.status = 'succeeded' THEN p.amount_cents ELSE 0 END), 0) AS BIGINT) AS earned,
             CAST(COALESCE(SUM(CASE WHEN r.status = 'succeeded' THEN r.amount_cents ELSE 0 END), 0) AS BIGINT)
                 AS refunded
         FROM payments p LEFT JOIN payment_refunds r ON r.payment_id = p.id AND r.status = 'succeeded'
         WHERE ($1 IS NULL OR p.status = $1) AND ($2 IS NULL OR p.purpose = $2)",
    )
    .bind(status)
    .bind(purpose)
    .fetch_one(db)
    .await
}

/// A page of the payments the filters select, newest first.
pub(super) async fn payments_page(
    db: &Db,
    status: Option<&str>,
    purpose: Option<&str>,
    size: i64,
    offset: i64,
) -> sqlx::Result<Vec<PaymentRow>> {
    sqlx::query_as::<_, PaymentRow>(&format!(
        "SELECT {PAYMENT_COLUMNS} {PAYMENT_FROM} ORDER BY p.created_at DESC, p.id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(status)
    .bind(purpose)
    .bind(size)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub(super) async fn payment(db: &Db, id: &str) -> sqlx::Result<Option<PaymentRow>> {
    sqlx::query_as::<_, PaymentRow>(&format!("SELECT {PAYMENT_COLUMNS} {PAYMENT_FROM} AND p.id = $3"))
        .bind(None::<String>)
        .bind(None::<String>)
        .bind(id)
        .fetch_optional(db)
        .await
}

// ---- transfers ----

const TRANSFER_COLUMNS: &str = "t.id, t.status, t.to_phone_e164, t.to_user_id, t.created_at, t.expires_at, \
     t.completed_at, t.canceled_at, v.platform_id, v.name, \
     (SELECT COUNT(*) FROM payments p WHERE p.transfer_id = t.id AND p.purpose = 'transfer' AND p.status = 'succeeded') \
         AS paid";

/// A transfer with its vessel and how many of its fees succeeded.
#[derive(sqlx::FromRow)]
pub(super) struct TransferRow {
    pub(super) id: String,
    pub(super) status: String,
    pub(super) to_phone_e164: String,
    pub(super) to_user_id: Option<String>,
    pub(super) created_at: i64,
    pub(super) expires_at: i64,
    pub(super) completed_at: Option<i64>,
    pub(super) canceled_at: Option<i64>,
    pub(super) platform_id: String,
    pub(super) name: Option<String>,
    pub(super) paid: i64,
}

pub(super) async fn count_transfers(db: &Db, status: Option<&str>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM transfers t WHERE ($1 IS NULL OR t.status = $1)")
        .bind(status)
        .fetch_one(db)
        .await
}

/// A page of the transfers in `status` (any when `None`), newest first.
pub(super) async fn transfers_page(
    db: &Db,
    status: Option<&str>,
    size: i64,
    offset: i64,
) -> sqlx::Result<Vec<TransferRow>> {
    sqlx::query_as::<_, TransferRow>(&format!(
        "SELECT {TRANSFER_COLUMNS} FROM transfers t JOIN vessels v ON v.id = t.vessel_id
         WHERE ($1 IS NULL OR t.status = $1) ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(status)
    .bind(size)
    .bind(offset)
    .fetch_all(db)
    .await
}

pub(super) async fn transfer(db: &Db, id: &str) -> sqlx::Result<Option<TransferRow>> {
    sqlx::query_as::<_, TransferRow>(&format!(
        "SELECT {TRANSFER_COLUMNS} FROM transfers t JOIN vessels v ON v.id = t.vessel_id WHERE t.id = $1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await
}

// ---- accounts ----

const USER_COLUMNS: &str = "u.id, u.email, u.name, u.role, u.archived_at, u.email_verified_at, u.phone_verified_at, \
     u.identity_verification_status, u.created_at, u.last_signed_in_at";

/// An account as the console lists it.
#[derive(sqlx::FromRow)]
pub(super) struct UserRow {
    pub(super) id: String,
    pub(super) email: String,
    pub(super) name: Option<String>,
    pub(super) role: String,
    pub(super) archived_at: Option<i64>,
    pub(super) email_verified_at: Option<i64>,
    pub(super) phone_verified_at: Option<i64>,
    pub(super) identity_verification_status: String,
    pub(super) created_at: i64,
    pub(super) last_signed_in_at: Option<i64>,
}

/// Accounts whose email contains `pattern` (lowercase, without LIKE's
/// wildcards), open accounts first, by email.
pub(super) async fn users_matching(db: &Db, pattern: &str, limit: i64) -> sqlx::Result<Vec<UserRow>> {
    sqlx::query_as::<_, UserRow>(&format!(
        "SELECT {USER_COLUMNS} FROM users u WHERE LOWER(u.email) LIKE $1 ORDER BY u.archived_at IS NOT NULL, u.email LIMIT $2"
    ))
    .bind(format!("%{pattern}%"))
    .bind(limit)
    .fetch_all(db)
    .await
}

pub(super) async fn user(db: &Db, id: &str) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as::<_, UserRow>(&format!("SELECT {USER_COLUMNS} FROM users u WHERE u.id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}

/// A vessel an account owns.
#[derive(sqlx::FromRow)]
pub(super) struct OwnedVesselRow {
    pub(super) platform_id: String,
    pub(super) name: Option<String>,
    pub(super) status: String,
}

/// The newest 100 vessels the account owns.
pub(super) async fn vessels_of_owner(db: &Db, user_id: &str) -> sqlx::Result<Vec<OwnedVesselRow>> {
    sqlx::query_as::<_, OwnedVesselRow>(
        "SELECT platform_id, name, status FROM vessels WHERE owner_user_id = $1 ORDER BY created_at DESC LIMIT 100",
    )
    .bind(user_id)
    .fetch_all(db)
    .await
}
