//! Fixed-window counters kept in the database, so that limits hold across
//! several server processes and restarts.
//!
//! An attempt is counted and checked in one statement (`reserve`): a check
//! followed by a separate count lets a burst of parallel requests all pass
//! the check before any of them is counted.

mod store;

use crate::{platform::clock::now_ms, platform::db::Db};

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
    let (start, hits) = store::count(executor, bucket, now, limit.window_ms).await?;
    let ends = start + limit.window_ms;
    Ok((hits > limit.max).then(|| u64::try_from(ends - now).unwrap_or(0).div_ceil(1000).max(1)))
}

/// Forget a bucket's attempts (a successful sign-in, a completed reset).
pub async fn clear(db: &Db, bucket: &str) -> sqlx::Result<()> {
    store::clear(db, bucket).await
}
