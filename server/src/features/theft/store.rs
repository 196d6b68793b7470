//! The theft reports' SQL.

use super::model::{ReportRow, VesselRow};
use crate::platform::db::{Db, Tx};

const REPORT_COLUMNS: &str = "id, vessel_id, status, reported_at, stolen_at, place, police_reference, description, \
                              confirmed_at, ended_at, end_reason";

pub(super) async fn vessel(db: &Db, vessel_id: &str) -> sqlx::Result<Option<VesselRow>> {
    sqlx::query_as("SELECT owner_user_id, status, name, platform_id FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_optional(db)
        .await
}

pub(super) struct NewReport<'a> {
    pub(super) id: &'a str,
    pub(super) vessel_id: &'a str,
    pub(super) reported_by: &'a str,
    pub(super) reported_at: i64,
    pub(super) stolen_at: i64,
    pub(super) place: &'a str,
    pub(super) police_reference: &'a str,
    pub(super) description: &'a str,
}

pub(super) async fn insert(tx: &mut Tx<'_>, r: &NewReport<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO theft_reports (id, vessel_id, reported_by, reported_at, stolen_at, place, police_reference,
             description, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'reported')",
    )
    .bind(r.id)
    .bind(r.vessel_id)
    .bind(r.reported_by)
    .bind(r.reported_at)
    .bind(r.stolen_at)
    .bind(r.place)
    .bind(r.police_reference)
    .bind(r.description)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The vessel's open report, locked for the change the caller makes.
pub(super) async fn open_report(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<Option<ReportRow>> {
    sqlx::query_as(&format!(
        "SELECT {REPORT_COLUMNS} FROM theft_reports WHERE vessel_id = $1 AND status IN ('reported', 'confirmed')"
    ))
    .bind(vessel_id)
    .fetch_optional(&mut **tx)
    .await
}

/// `reported` → `confirmed`. The rows changed.
pub(super) async fn confirm(tx: &mut Tx<'_>, id: &str, admin: &str, at: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE theft_reports SET status = 'confirmed', confirmed_at = $1, confirmed_by = $2
         WHERE id = $3 AND status = 'reported'",
    )
    .bind(at)
    .bind(admin)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// An open report → `recovered` or `removed`. The rows changed.
pub(super) async fn end(
    tx: &mut Tx<'_>,
    id: &str,
    status: &str,
    by: &str,
    at: i64,
    reason: Option<&str>,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE theft_reports SET status = $1, ended_at = $2, ended_by = $3, end_reason = $4
         WHERE id = $5 AND status IN ('reported', 'confirmed')",
    )
    .bind(status)
    .bind(at)
    .bind(by)
    .bind(reason)
    .bind(id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// The vessel's reports, newest first; with `reported_by`, only that account's.
pub(super) async fn of_vessel(db: &Db, vessel_id: &str, reported_by: Option<&str>) -> sqlx::Result<Vec<ReportRow>> {
    sqlx::query_as(&format!(
        "SELECT {REPORT_COLUMNS} FROM theft_reports
         WHERE vessel_id = $1 AND ($2 IS NULL OR reported_by = $2) ORDER BY reported_at DESC, id DESC"
    ))
    .bind(vessel_id)
    .bind(reported_by)
    .fetch_all(db)
    .await
}

/// The vessel's transfers still open, in the caller's transaction.
pub(super) async fn open_transfers(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM transfers WHERE vessel_id = $1 AND status IN ('pending_verification', 'verified')",
    )
    .bind(vessel_id)
    .fetch_one(&mut **tx)
    .await
}

pub(super) async fn by_id(tx: &mut Tx<'_>, id: &str) -> sqlx::Result<Option<ReportRow>> {
    sqlx::query_as(&format!("SELECT {REPORT_COLUMNS} FROM theft_reports WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut **tx)
        .await
}

/// The vessel's current owner, read in the caller's transaction.
pub(super) async fn owner_of(tx: &mut Tx<'_>, vessel_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT owner_user_id FROM vessels WHERE id = $1")
        .bind(vessel_id)
        .fetch_optional(&mut **tx)
        .await
        .map(Option::flatten)
}

/// The vessel with this platform ID (compact form).
pub(super) async fn vessel_id_of(db: &Db, platform_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM vessels WHERE platform_id = $1").bind(platform_id).fetch_optional(db).await
}
