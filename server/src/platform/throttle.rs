//! Fixed-window counters kept in the database, so that limits hold across
//! several server processes and restarts.
//!
//! An attempt is counted and checked in one statement (`reserve`): a check
//! followed by a separate count lets a burst of parallel requests all pass
//! the check before any of them is counted.

use crate::{platform::clock::now_ms, platform::db::Db};
use sqlx::Row;

#[derive(Clone, Copy, Debug)]
pub struct Limit {
    pub max: i64,
    pub window_ms: i64,
}

/// Count one attempt in `bucket` and answer `Some(seconds to wait)` when it
/// is over the limit (the attempt must then not go ahead), `None` when it
/// may. A window that has passed starts afresh with this attempt.
/// `executor` is the pool, or the caller's transaction when the attempt
/// should count only if the rest of that transaction commits.
pub async fn reserve<'e, E>(executor: E, bucket: &str, limit: Limit) -> sqlx::Result<Option<u64>>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    let now = now_ms();
    let row = sqlx::query(
        "INSERT INTO throttle (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN throttle.window_start + $3 <= $2 THEN 1 ELSE throttle.hits + 1 END,
           window_start = CASE WHEN throttle.window_start + $3 <= $2 THEN $2 ELSE throttle.window_start END
         RETURNING window_start, hits",
    )
    .bind(bucket)
    .bind(now)
    .bind(limit.window_ms)
    .fetch_one(executor)
    .await?;
    let start: i64 = row.try_get("window_start")?;
    let hits: i64 = row.try_get("hits")?;
    let ends = start + limit.window_ms;
    Ok((hits > limit.max).then(|| u64::try_from(ends - now).unwrap_or(0).div_ceil(1000).max(1)))
}

/// Forget a bucket's attempts (a successful sign-in, a completed reset).
pub async fn clear(db: &Db, bucket: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM throttle WHERE bucket = $1").bind(bucket).execute(db).await?;
    Ok(())
}
