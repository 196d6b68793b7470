//! The throttle's two statements.

use crate::platform::db::Db;

/// Count one attempt in `bucket` at `now`, starting the window afresh when
/// it has passed, and answer the window's start and its hits: one statement,
/// so parallel attempts cannot all pass a check made before any is counted.
pub(super) async fn count<'e, E>(executor: E, bucket: &str, now: i64, window_ms: i64) -> sqlx::Result<(i64, i64)>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query_as(
        "INSERT INTO throttle (bucket, window_start, hits) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           hits = CASE WHEN throttle.window_start + $3 <= $2 THEN 1 ELSE throttle.hits + 1 END,
           window_start = CASE WHEN throttle.window_start + $3 <= $2 THEN $2 ELSE throttle.window_start END
         RETURNING window_start, hits",
    )
    .bind(bucket)
    .bind(now)
    .bind(window_ms)
    .fetch_one(executor)
    .await
}

pub(super) async fn clear(db: &Db, bucket: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM throttle WHERE bucket = $1").bind(bucket).execute(db).await?;
    Ok(())
}
