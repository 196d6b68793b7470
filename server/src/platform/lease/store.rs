//! Every SQL statement of the job leases.

use crate::platform::db::Db;

/// Insert the lease, or take it over when it has lapsed, or renew it when
/// `holder` holds it: one statement, so of several processes asking at once
/// exactly one gets a lapsed lease. Answers whether `holder` holds it now.
pub(super) async fn take(db: &Db, job: &str, holder: &str, now: i64, until: i64) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "INSERT INTO job_leases (job, holder, until_ms) VALUES ($1, $2, $3)
         ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, until_ms = excluded.until_ms
         WHERE job_leases.until_ms <= $4 OR job_leases.holder = excluded.holder",
    )
    .bind(job)
    .bind(holder)
    .bind(until)
    .bind(now)
    .execute(db)
    .await?
    .rows_affected();
    Ok(changed == 1)
}

pub(super) async fn release_all(db: &Db, holder: &str) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE job_leases SET until_ms = 0 WHERE holder = $1")
        .bind(holder)
        .execute(db)
        .await?
        .rows_affected())
}
