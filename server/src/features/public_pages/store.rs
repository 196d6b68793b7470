//! The public pages' reads: which vessels are listed, for the sitemaps
//! (the vessels feature writes them; this reads them only).

use crate::platform::db::Db;

/// How many vessels are listed, from the counts the triggers keep (migration 18).
pub async fn listed_total(db: &Db) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) AS n FROM listing_counts").fetch_one(db).await
}

/// The platform IDs of `limit` listed vessels from `offset` on, in registration order
/// (ids are time-ordered and unique, so the pages do not overlap).
pub async fn listed_platform_ids(db: &Db, offset: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT v.platform_id FROM vessels v WHERE v.status = 'active' AND v.public_visibility = 1
         ORDER BY v.id LIMIT $1 OFFSET $2",
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}
