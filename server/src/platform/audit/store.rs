//! The audit log's one statement: it only ever appends.

use crate::{platform::clock::now_ms, platform::ids::new_id};

pub(super) struct Entry<'a> {
    pub actor: Option<&'a str>,
    pub action: &'a str,
    pub vessel_id: Option<&'a str>,
    pub subject_type: Option<&'a str>,
    pub subject_id: Option<&'a str>,
    pub outcome: &'static str,
    pub detail: String,
}

pub(super) async fn insert<'e, E>(executor: E, entry: Entry<'_>) -> sqlx::Result<()>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query(
        "INSERT INTO audit_log (id, created_at, actor_user_id, action, vessel_id, subject_type, subject_id,
             outcome, request_id, detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(new_id())
    .bind(now_ms())
    .bind(entry.actor.map(str::to_owned))
    .bind(entry.action)
    .bind(entry.vessel_id.map(str::to_owned))
    .bind(entry.subject_type.map(str::to_owned))
    .bind(entry.subject_id.map(str::to_owned))
    .bind(entry.outcome)
    .bind(crate::platform::request_context::request_id())
    .bind(entry.detail)
    .execute(executor)
    .await?;
    Ok(())
}
