//! The payments' SQL that no other room of the feature shares.

use sqlx::Row;

use crate::platform::db::Db;

/// Has vessel `vessel_id`'s registration fee been paid?
pub async fn registration_paid(db: &Db, vessel_id: &str) -> sqlx::Result<bool> {
    let paid: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM payments WHERE vessel_id = $1 AND purpose = 'registration' AND status = 'succeeded'",
    )
    .bind(vessel_id)
    .fetch_one(db)
    .await?
    .try_get("n")?;
    Ok(paid > 0)
}
