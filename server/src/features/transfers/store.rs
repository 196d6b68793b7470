//! Every SQL statement of the transfers feature. The service opens the
//! transactions and decides; these run one statement each, in the executor
//! the service hands them, and answer plain values or rows. Several are
//! compare-and-sets or row locks whose WHERE clause is the rule that makes a
//! race safe: the service calls them in the order its comments give.

use super::model::{
    RecordSource, StoredRecord, TransferRow, TransferToComplete, UnclaimedTransfer, VesselToTransfer, WaitingTransfer,
};
use crate::platform::db::{Db, Tx};

/// The columns [`TransferRow`] reads; `t` is transfers, `v` the vessel.
const TRANSFER_COLUMNS: &str = "t.id, t.vessel_id, t.from_user_id, t.to_phone_e164, t.to_user_id, t.status, \
     t.created_at, t.verified_at, t.completed_at, t.canceled_at, t.expires_at, t.claimed_at, \
     v.platform_id, v.name, v.make, v.model";

// Accounts.

/// Lock an open account's row (an update that changes nothing); 0 when the
/// account is archived. Archiving takes the same row first, so it either
/// waits for the caller's transaction or has happened before it.
pub(super) async fn lock_open_account(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE users SET archived_at = archived_at WHERE id = $1 AND archived_at IS NULL")
        .bind(user_id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

pub(super) async fn open_account_by_email(tx: &mut Tx<'_>, email: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM users WHERE email = $1 AND archived_at IS NULL")
        .bind(email)
        .fetch_optional(&mut **tx)
        .await
}

/// Lock every open account on which `phone` is verified (an update that
/// changes nothing), so that an archiving of one waits for the caller's
/// transaction or is seen by it.
pub(super) async fn lock_verified_holders(tx: &mut Tx<'_>, phone: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET phone_verified_at = phone_verified_at
         WHERE phone_e164 = $1 AND phone_verified_at IS NOT NULL AND archived_at IS NULL",
    )
    .bind(phone)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The open accounts on which `phone` is verified, at most two (enough to
/// tell one from several).
pub(super) async fn verified_holders(tx: &mut Tx<'_>, phone: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT id FROM users WHERE phone_e164 = $1 AND phone_verified_at IS NOT NULL AND archived_at IS NULL LIMIT 2",
    )
    .bind(phone)
    .fetch_all(&mut **tx)
    .await
}

// Vessels.

/// Whether an active lien stands against the transfer: one that did not
/// consent to it. (The hand-over checks this again in its compare-and-set.)
pub(super) async fn encumbered_for(db: &Db, vessel_id: &str, transfer_id: &str) -> sqlx::Result<bool> {
    let blocked: Option<i64> = sqlx::query_scalar(
        "SELECT CASE WHEN active_liens > 0 AND NOT (COALESCE(lien_consents_for, '') = $2
                                                   AND lien_consents >= active_liens) THEN 1 ELSE 0 END
           FROM vessels WHERE id = $1",
    )
    .bind(vessel_id)
    .bind(transfer_id)
    .fetch_optional(db)
    .await?;
    Ok(blocked == Some(1))
}

pub(super) async fn vessel_to_transfer(db: &Db, vessel_id: &str) -> sqlx::Result<Option<VesselToTransfer>> {
    sqlx::query_as::<_, VesselToTransfer>(
        "SELECT owner_user_id, status, name, platform_id, stolen_status FROM vessels WHERE id = $1",
    )
    .bind(vessel_id)
    .fetch_optional(db)
    .await
}

// Transfers: reads.

pub(super) async fn transfer_by_id(db: &Db, id: &str) -> sqlx::Result<Option<TransferRow>> {
    sqlx::query_as::<_, TransferRow>(&format!(
        "SELECT {TRANSFER_COLUMNS} FROM transfers t JOIN vessels v ON v.id = t.vessel_id WHERE t.id = $1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await
}

/// The transfers `user_id` started or received, and open ones to `phone`
/// (their verified number, or empty), newest first, at most 200.
pub(super) async fn transfers_seen_by(db: &Db, user_id: &str, phone: &str) -> sqlx::Result<Vec<TransferRow>> {
    sqlx::query_as::<_, TransferRow>(&format!(
        "SELECT {TRANSFER_COLUMNS} FROM transfers t JOIN vessels v ON v.id = t.vessel_id
         WHERE t.from_user_id = $1 OR t.to_user_id = $1
            OR ($2 <> '' AND t.to_phone_e164 = $2 AND t.status IN ('pending_verification', 'verified'))
         ORDER BY t.created_at DESC, t.id DESC LIMIT 200"
    ))
    .bind(user_id)
    .bind(phone)
    .fetch_all(db)
    .await
}

/// Open transfers whose time ran out by `now`: (transfer id, vessel id).
pub(super) async fn open_transfers_due(db: &Db, now: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT id, vessel_id FROM transfers WHERE status IN ('pending_verification', 'verified') AND expires_at <= $1",
    )
    .bind(now)
    .fetch_all(db)
    .await
}

/// Completed transfers by `completed_by` whose released vessel still waits for
/// its claim: (transfer id, vessel id).
pub(super) async fn unclaimed_completed_by(db: &Db, completed_by: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT t.id, t.vessel_id FROM transfers t JOIN vessels v ON v.id = t.vessel_id
         WHERE t.status = 'completed' AND t.to_user_id IS NULL AND t.completed_at <= $1
           AND v.status = 'in_transfer' AND v.owner_user_id IS NULL",
    )
    .bind(completed_by)
    .fetch_all(db)
    .await
}

/// The latest completed, unclaimed transfer of a vessel held for review.
pub(super) async fn unclaimed_under_review(
    tx: &mut Tx<'_>,
    vessel_id: &str,
) -> sqlx::Result<Option<UnclaimedTransfer>> {
    sqlx::query_as::<_, UnclaimedTransfer>(
        "SELECT t.id, t.from_user_id, v.name, v.platform_id FROM transfers t JOIN vessels v ON v.id = t.vessel_id
         WHERE t.vessel_id = $1 AND t.status = 'completed' AND t.to_user_id IS NULL
           AND v.status = 'needs_review' AND v.owner_user_id IS NULL
         ORDER BY t.completed_at DESC LIMIT 1",
    )
    .bind(vessel_id)
    .fetch_optional(&mut **tx)
    .await
}

pub(super) async fn succeeded_fee_payments(db: &Db, transfer_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) AS n FROM payments WHERE transfer_id = $1 AND purpose = 'transfer' AND status = 'succeeded'",
    )
    .bind(transfer_id)
    .fetch_one(db)
    .await
}

pub(super) async fn transfer_to_complete(tx: &mut Tx<'_>, id: &str) -> sqlx::Result<TransferToComplete> {
    sqlx::query_as::<_, TransferToComplete>(
        "SELECT t.vessel_id, t.from_user_id, t.to_phone_e164, t.to_email, v.platform_id, v.name
         FROM transfers t JOIN vessels v ON v.id = t.vessel_id WHERE t.id = $1",
    )
    .bind(id)
    .fetch_one(&mut **tx)
    .await
}

/// Paid transfers to `phone` whose vessel still waits for its claim (not
/// held for review).
pub(super) async fn waiting_for_phone(tx: &mut Tx<'_>, phone: &str) -> sqlx::Result<Vec<WaitingTransfer>> {
    sqlx::query_as::<_, WaitingTransfer>(
        "SELECT t.id, t.vessel_id, v.platform_id, v.name FROM transfers t JOIN vessels v ON v.id = t.vessel_id
         WHERE t.to_phone_e164 = $1 AND t.status = 'completed' AND t.to_user_id IS NULL
           AND v.status = 'in_transfer' AND v.owner_user_id IS NULL",
    )
    .bind(phone)
    .fetch_all(&mut **tx)
    .await
}

async fn open_ids(tx: &mut Tx<'_>, column: &'static str, key: &str) -> sqlx::Result<Vec<String>> {
    crate::platform::db::ids(
        tx,
        &format!("SELECT id FROM transfers WHERE {column} = $1 AND status IN ('pending_verification', 'verified')"),
        key,
    )
    .await
}

pub(super) async fn open_transfers_from(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<Vec<String>> {
    open_ids(tx, "from_user_id", user_id).await
}

pub(super) async fn open_transfers_of_vessel(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<Vec<String>> {
    open_ids(tx, "vessel_id", vessel_id).await
}

// Transfers: changes.

/// A new transfer, as `insert_transfer` writes it (`pending_verification`).
pub(super) struct NewTransfer<'a> {
    pub(super) id: &'a str,
    pub(super) vessel_id: &'a str,
    pub(super) from_user_id: &'a str,
    pub(super) to_phone: &'a str,
    pub(super) to_email: Option<&'a str>,
    pub(super) created_at: i64,
    pub(super) expires_at: i64,
    pub(super) sale_price_cents: Option<i64>,
}

/// Fails with a unique violation when the vessel already has an open transfer.
pub(super) async fn insert_transfer(tx: &mut Tx<'_>, t: &NewTransfer<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO transfers (id, vessel_id, from_user_id, to_phone_e164, to_email, status, created_at, expires_at,
             sale_price_cents)
         VALUES ($1, $2, $3, $4, $5, 'pending_verification', $6, $7, $8)",
    )
    .bind(t.id)
    .bind(t.vessel_id)
    .bind(t.from_user_id)
    .bind(t.to_phone)
    .bind(t.to_email)
    .bind(t.created_at)
    .bind(t.expires_at)
    .bind(t.sale_price_cents)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Only a pending transfer within its time; 0 otherwise.
pub(super) async fn mark_verified_if_pending(tx: &mut Tx<'_>, id: &str, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE transfers SET status = 'verified', verified_at = $1
         WHERE id = $2 AND status = 'pending_verification' AND expires_at > $1",
    )
    .bind(now)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// Only while it is still open: a fee recorded meanwhile completed it, and a
/// completed transfer never changes again. 0 when it was no longer open.
pub(super) async fn mark_canceled_if_open(tx: &mut Tx<'_>, id: &str, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE transfers SET status = 'canceled', canceled_at = $1
         WHERE id = $2 AND status IN ('pending_verification', 'verified')",
    )
    .bind(now)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// Only an open transfer whose time ran out by `now`; 0 when it was completed
/// or canceled meanwhile.
pub(super) async fn mark_expired_if_due(tx: &mut Tx<'_>, id: &str, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE transfers SET status = 'expired'
             WHERE id = $1 AND status IN ('pending_verification', 'verified') AND expires_at <= $2",
    )
    .bind(id)
    .bind(now)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// Lock the transfer's row while it still waits for a claim (an update that
/// changes nothing), as a claim locks it; 0 when it was claimed.
pub(super) async fn lock_if_unclaimed(tx: &mut Tx<'_>, id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE transfers SET status = status WHERE id = $1 AND to_user_id IS NULL")
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// Lock the transfer's row while it is verified (an update that changes
/// nothing); 0 when it is not.
pub(super) async fn lock_if_verified(tx: &mut Tx<'_>, id: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE transfers SET status = status WHERE id = $1 AND status = 'verified'")
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// Only a verified transfer; its recipient is `to` (none: it waits for a claim).
pub(super) async fn mark_completed_if_verified(
    tx: &mut Tx<'_>,
    id: &str,
    to: Option<&str>,
    now: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE transfers SET status = 'completed', completed_at = $1, claimed_at = NULL, to_user_id = $2
         WHERE id = $3 AND status = 'verified'",
    )
    .bind(now)
    .bind(to)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// The claim: the recipient is set only while it is empty, so two claims at
/// once agree on one; 0 for the second.
pub(super) async fn set_recipient_if_unclaimed(
    tx: &mut Tx<'_>,
    id: &str,
    user_id: &str,
    now: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE transfers SET to_user_id = $1, claimed_at = $2 WHERE id = $3 AND to_user_id IS NULL")
        .bind(user_id)
        .bind(now)
        .bind(id)
        .execute(&mut **tx)
        .await?
        .rows_affected())
}

/// Lock every transfer to `phone` that is or may become waiting for a claim
/// (an update that changes nothing).
pub(super) async fn lock_waiting_or_payable_to_phone(tx: &mut Tx<'_>, phone: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE transfers SET to_phone_e164 = to_phone_e164
         WHERE to_phone_e164 = $1 AND status IN ('verified', 'completed') AND to_user_id IS NULL",
    )
    .bind(phone)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

// Transfer records.

pub(super) async fn record_source(db: &Db, transfer_id: &str) -> sqlx::Result<Option<RecordSource>> {
    sqlx::query_as::<_, RecordSource>(
        "SELECT t.from_user_id, t.to_user_id, t.status, t.completed_at, t.sale_price_cents, t.vessel_id,
             v.platform_id, v.name, v.make, v.model, s.name AS seller_name, b.name AS buyer_name
         FROM transfers t JOIN vessels v ON v.id = t.vessel_id
         JOIN users s ON s.id = t.from_user_id LEFT JOIN users b ON b.id = t.to_user_id
         WHERE t.id = $1",
    )
    .bind(transfer_id)
    .fetch_optional(db)
    .await
}

/// The record issued for a transfer, if any.
pub(super) async fn record_of_transfer(db: &Db, transfer_id: &str) -> sqlx::Result<Option<StoredRecord>> {
    sqlx::query_as::<_, StoredRecord>(
        "SELECT serial, payload, signature, seller_name, buyer_name FROM transfer_records WHERE transfer_id = $1",
    )
    .bind(transfer_id)
    .fetch_optional(db)
    .await
}

/// The seller's last certificate of the vessel issued by `at` (the sale).
pub(super) async fn certificate_before(db: &Db, vessel_id: &str, owner: &str, at: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT serial FROM certificates WHERE vessel_id = $1 AND owner_user_id = $2 AND issued_at <= $3
         ORDER BY issued_at DESC LIMIT 1",
    )
    .bind(vessel_id)
    .bind(owner)
    .bind(at)
    .fetch_optional(db)
    .await
}

/// The new owner's first certificate of the vessel issued from `at` (the sale).
pub(super) async fn certificate_after(db: &Db, vessel_id: &str, owner: &str, at: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT serial FROM certificates WHERE vessel_id = $1 AND owner_user_id = $2 AND issued_at >= $3
         ORDER BY issued_at ASC LIMIT 1",
    )
    .bind(vessel_id)
    .bind(owner)
    .bind(at)
    .fetch_optional(db)
    .await
}

/// Two first downloads at once agree on one record: the transfer is unique,
/// and the second inserts nothing (0).
pub(super) async fn insert_record_if_none(
    db: &Db,
    transfer_id: &str,
    record: &StoredRecord,
    issued_at: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "INSERT INTO transfer_records (serial, transfer_id, payload, signature, seller_name, buyer_name, issued_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (transfer_id) DO NOTHING",
    )
    .bind(&record.serial)
    .bind(transfer_id)
    .bind(&record.payload)
    .bind(&record.signature)
    .bind(record.seller_name.as_deref())
    .bind(record.buyer_name.as_deref())
    .bind(issued_at)
    .execute(db)
    .await?
    .rows_affected())
}

/// A record's signed data and signature, by its serial.
pub(super) async fn signed_record(db: &Db, serial: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("SELECT payload, signature FROM transfer_records WHERE serial = $1")
        .bind(serial)
        .fetch_optional(db)
        .await
}
