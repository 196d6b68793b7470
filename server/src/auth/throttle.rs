//! Fixed-window counters kept in the database, so that limits hold across
//! several server processes and restarts.

use crate::{clock::now_ms, db::Db};
use sqlx::Row;

#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub max: i64,
    pub window_ms: i64,
}

/// `Some(seconds to wait)` when the bucket is at its limit now.
pub async fn blocked(db: &Db, bucket: &str, limit: Limit) -> sqlx::Result<Option<u64>> {
    let now = now_ms();
    let row = sqlx::query("SELECT window_start, hits FROM throttle WHERE bucket = $1")
        .bind(bucket)
        .fetch_optional(db)
        .await?;
    Ok(row.and_then(|r| {
        let start: i64 = r.get("window_start");
        let hits: i64 = r.get("hits");
        let ends = start + limit.window_ms;
        (hits >= limit.max && now < ends).then(|| ((ends - now) as u64).div_ceil(1000))
    }))
}

/// Count one hit; a window that has passed starts afresh.
pub async fn hit(db: &Db, bucket: &str, limit: Limit) -> sqlx::Result<()> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO throttle (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN throttle.window_start + $3 <= $2 THEN 1 ELSE throttle.hits + 1 END,
           window_start = CASE WHEN throttle.window_start + $3 <= $2 THEN $2 ELSE throttle.window_start END",
    )
    .bind(bucket)
    .bind(now)
    .bind(limit.window_ms)
    .execute(db)
    .await?;
    Ok(())
}

/// Count a hit and report whether it went over the limit, for actions that
/// are refused once too many were attempted (reset emails, resends).
pub async fn take(db: &Db, bucket: &str, limit: Limit) -> sqlx::Result<Option<u64>> {
    if let Some(wait) = blocked(db, bucket, limit).await? {
        return Ok(Some(wait));
    }
    hit(db, bucket, limit).await?;
    Ok(None)
}

pub async fn clear(db: &Db, bucket: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM throttle WHERE bucket = $1").bind(bucket).execute(db).await?;
    Ok(())
}
