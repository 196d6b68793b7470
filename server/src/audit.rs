//! The audit trail: who changed what, when and why, written in the
//! transaction of the change itself, so an entry exists exactly when its
//! change was committed. Every feature records through here; nothing else
//! writes `vessel_audit`.

use crate::{clock::now_ms, db::Tx, ids::new_id};

/// Record a change to a vessel. `actor` is the user who caused it, or `None`
/// for the registry itself (a provider's report, a sweep).
pub async fn record(
    tx: &mut Tx<'_>,
    vessel_id: &str,
    actor: Option<&str>,
    action: &str,
    detail: serde_json::Value,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO vessel_audit (id, vessel_id, actor_user_id, action, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(new_id())
    .bind(vessel_id)
    .bind(actor.map(str::to_owned))
    .bind(action)
    .bind(detail.to_string())
    .bind(now_ms())
    .execute(&mut **tx)
    .await?;
    Ok(())
}
