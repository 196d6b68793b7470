//! The liens' SQL.

use super::model::{LienRow, VesselRow};
use crate::platform::db::{Db, Tx};

const LIEN_COLUMNS: &str = "l.id, l.vessel_id, l.lender_user_id, l.owner_user_id, l.lender_name, l.reference, \
                            l.amount_cents, l.currency, l.status, l.registered_at, l.activated_at, l.released_at, \
                            l.release_reason, l.transfer_consent_id, v.platform_id, v.name AS vessel_name, \
                            v.owner_user_id AS current_owner";

pub(super) async fn vessel(db: &Db, vessel_id: &str) -> sqlx::Result<Option<VesselRow>> {
    sqlx::query_as(
        "SELECT v.owner_user_id, v.status,
                CASE WHEN u.phone_verified_at IS NOT NULL AND u.archived_at IS NULL THEN u.phone_e164 END AS owner_phone
           FROM vessels v LEFT JOIN users u ON u.id = v.owner_user_id
          WHERE v.id = $1",
    )
    .bind(vessel_id)
    .fetch_optional(db)
    .await
}

pub(super) struct NewLien<'a> {
    pub(super) id: &'a str,
    pub(super) vessel_id: &'a str,
    pub(super) lender: &'a str,
    pub(super) owner: &'a str,
    pub(super) lender_name: &'a str,
    pub(super) reference: &'a str,
    pub(super) amount_cents: i64,
    pub(super) currency: &'a str,
    pub(super) at: i64,
}

pub(super) async fn insert(tx: &mut Tx<'_>, l: &NewLien<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO liens (id, vessel_id, lender_user_id, owner_user_id, lender_name, reference, amount_cents,
             currency, status, registered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)",
    )
    .bind(l.id)
    .bind(l.vessel_id)
    .bind(l.lender)
    .bind(l.owner)
    .bind(l.lender_name)
    .bind(l.reference)
    .bind(l.amount_cents)
    .bind(l.currency)
    .bind(l.at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub(super) async fn by_id(db: &Db, id: &str) -> sqlx::Result<Option<LienRow>> {
    sqlx::query_as(&format!("SELECT {LIEN_COLUMNS} FROM liens l JOIN vessels v ON v.id = l.vessel_id WHERE l.id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}

pub(super) async fn by_id_in(tx: &mut Tx<'_>, id: &str) -> sqlx::Result<Option<LienRow>> {
    sqlx::query_as(&format!("SELECT {LIEN_COLUMNS} FROM liens l JOIN vessels v ON v.id = l.vessel_id WHERE l.id = $1"))
        .bind(id)
        .fetch_optional(&mut **tx)
        .await
}

/// A vessel's liens, newest first.
pub(super) async fn of_vessel(db: &Db, vessel_id: &str) -> sqlx::Result<Vec<LienRow>> {
    sqlx::query_as(&format!(
        "SELECT {LIEN_COLUMNS} FROM liens l JOIN vessels v ON v.id = l.vessel_id
          WHERE l.vessel_id = $1 ORDER BY l.registered_at DESC, l.id DESC"
    ))
    .bind(vessel_id)
    .fetch_all(db)
    .await
}

/// The liens `user` holds as lender, and those on vessels they own (or
/// were asked to consent to), newest first.
pub(super) async fn of_account(db: &Db, user: &str) -> sqlx::Result<Vec<LienRow>> {
    sqlx::query_as(&format!(
        "SELECT {LIEN_COLUMNS} FROM liens l JOIN vessels v ON v.id = l.vessel_id
          WHERE l.lender_user_id = $1 OR v.owner_user_id = $1 OR (l.owner_user_id = $1 AND l.status = 'pending')
          ORDER BY l.registered_at DESC, l.id DESC LIMIT 500"
    ))
    .bind(user)
    .fetch_all(db)
    .await
}

/// `pending` → `active`, consented by `owner`. The rows changed.
pub(super) async fn activate(tx: &mut Tx<'_>, id: &str, owner: &str, at: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE liens SET status = 'active', activated_at = $1 WHERE id = $2 AND owner_user_id = $3 AND status = 'pending'",
    )
    .bind(at)
    .bind(id)
    .bind(owner)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// An active lien consents to `transfer_id`, once. The rows changed.
pub(super) async fn consent_transfer(tx: &mut Tx<'_>, id: &str, transfer_id: &str, at: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE liens SET transfer_consent_id = $1, transfer_consented_at = $2
          WHERE id = $3 AND status = 'active' AND COALESCE(transfer_consent_id, '') <> $1",
    )
    .bind(transfer_id)
    .bind(at)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// `expected` → `released`. The rows changed.
pub(super) async fn release(
    tx: &mut Tx<'_>,
    id: &str,
    expected: &str,
    by: &str,
    at: i64,
    reason: Option<&str>,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE liens SET status = 'released', released_at = $1, released_by = $2, release_reason = $3
          WHERE id = $4 AND status = $5",
    )
    .bind(at)
    .bind(by)
    .bind(reason)
    .bind(id)
    .bind(expected)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}
