//! The certificates' SQL: every statement of the feature.

use crate::{
    features::auth::OwnerKind,
    features::vessels::model::{VESSEL_COLUMNS, Vessel},
    platform::db::Db,
};

/// The hash of the newest event in the vessel's ownership chain; none
/// before its first event.
pub(super) async fn chain_head(db: &Db, vessel_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT hash FROM ownership_events WHERE vessel_id = $1 ORDER BY sequence DESC LIMIT 1")
        .bind(vessel_id)
        .fetch_optional(db)
        .await
}

/// A vessel with its current owner's id.
#[derive(sqlx::FromRow)]
pub(super) struct OwnedVessel {
    pub owner_user_id: Option<String>,
    #[sqlx(flatten)]
    pub vessel: Vessel,
}

pub(super) async fn vessel_by_platform_id(db: &Db, platform_id: &str) -> sqlx::Result<Option<OwnedVessel>> {
    sqlx::query_as(&format!("SELECT {VESSEL_COLUMNS} FROM vessels v WHERE v.platform_id = $1"))
        .bind(platform_id)
        .fetch_optional(db)
        .await
}

/// What a certificate certifies besides the vessel's particulars as signed:
/// one already issued is handed out again only while every part still holds.
pub(super) struct Certified<'a> {
    pub vessel_id: &'a str,
    pub owner_user_id: &'a str,
    pub history_head: &'a str,
    pub owner_name: &'a str,
    pub owner_kind: OwnerKind,
    pub owner_name_verified: bool,
    pub particulars_version: i64,
    pub owner_company_number: Option<&'a str>,
}

/// The newest unrevoked certificate issued for exactly `certified`: its
/// serial, when it was issued (ms) and its signature.
pub(super) async fn matching_certificate(
    db: &Db,
    certified: &Certified<'_>,
) -> sqlx::Result<Option<(String, i64, String)>> {
    sqlx::query_as(
        "SELECT serial, issued_at, signature FROM certificates
         WHERE vessel_id = $1 AND owner_user_id = $2 AND history_head = $3 AND owner_name = $4 AND owner_kind = $5
           AND owner_name_verified = $6 AND particulars_version = $7 AND COALESCE(owner_company_number, '') = $8
           AND revoked_at IS NULL
         ORDER BY issued_at DESC LIMIT 1",
    )
    .bind(certified.vessel_id)
    .bind(certified.owner_user_id)
    .bind(certified.history_head)
    .bind(certified.owner_name)
    .bind(certified.owner_kind.as_str())
    .bind(i64::from(certified.owner_name_verified))
    .bind(certified.particulars_version)
    .bind(certified.owner_company_number.unwrap_or(""))
    .fetch_optional(db)
    .await
}

pub(super) async fn insert_certificate(
    db: &Db,
    certified: &Certified<'_>,
    serial: &str,
    payload: &str,
    signature: &str,
    owner_name_sha256: &str,
    issued_at: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO certificates (serial, vessel_id, owner_user_id, payload, signature, history_head, owner_name_sha256,
             issued_at, owner_name, owner_kind, owner_name_verified, particulars_version, owner_company_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(serial)
    .bind(certified.vessel_id)
    .bind(certified.owner_user_id)
    .bind(payload)
    .bind(signature)
    .bind(certified.history_head)
    .bind(owner_name_sha256)
    .bind(issued_at)
    .bind(certified.owner_name)
    .bind(certified.owner_kind.as_str())
    .bind(i64::from(certified.owner_name_verified))
    .bind(certified.particulars_version)
    .bind(certified.owner_company_number)
    .execute(db)
    .await?;
    Ok(())
}

/// A certificate as stored, with its vessel as it is now.
#[derive(sqlx::FromRow)]
pub(super) struct CertificateRow {
    pub serial: String,
    /// The owner it was issued to.
    pub certified_owner: String,
    pub payload: String,
    pub signature: String,
    pub history_head: String,
    pub revoked_at: Option<i64>,
    /// The owner's name as printed.
    pub certified_name: Option<String>,
    /// The vessel's `particulars_version` at issue.
    pub certified_particulars: i64,
    /// The vessel's owner now.
    pub owner_user_id: Option<String>,
    #[sqlx(flatten)]
    pub vessel: Vessel,
}

pub(super) async fn certificate_by_serial(db: &Db, serial: &str) -> sqlx::Result<Option<CertificateRow>> {
    sqlx::query_as(&format!(
        "SELECT c.serial, c.owner_user_id AS certified_owner, c.payload, c.signature, c.history_head, c.issued_at,
                c.revoked_at, c.owner_name AS certified_name, c.particulars_version AS certified_particulars,
                {VESSEL_COLUMNS}
         FROM certificates c JOIN vessels v ON v.id = c.vessel_id WHERE c.serial = $1"
    ))
    .bind(serial)
    .fetch_optional(db)
    .await
}
