//! The identity checks' SQL: every statement of the feature.

use crate::platform::db::{Db, Tx};

/// A vessel's owner and whether it is listed (active or in transfer, and
/// public), by its (compact) platform ID.
pub(super) async fn vessel_owner_and_listed(db: &Db, platform_id: &str) -> sqlx::Result<Option<(Option<String>, i64)>> {
    sqlx::query_as(
        "SELECT owner_user_id,
             CASE WHEN status IN ('active', 'in_transfer') AND public_visibility = 1 THEN 1 ELSE 0 END AS listed
         FROM vessels WHERE platform_id = $1",
    )
    .bind(platform_id)
    .fetch_optional(db)
    .await
}

/// End the person's sessions not yet submitted.
pub(super) async fn cancel_created_sessions(tx: &mut Tx<'_>, user_id: &str, decided_at: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE identity_sessions SET status = 'canceled', decided_at = $1 WHERE user_id = $2 AND status = 'created'",
    )
    .bind(decided_at)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A new session, `created`, at `provider` (which calls it `provider_session_id`).
pub(super) async fn insert_session(
    tx: &mut Tx<'_>,
    id: &str,
    user_id: &str,
    provider: &str,
    provider_session_id: &str,
    vessel_platform_id: Option<&str>,
    created_at: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO identity_sessions (id, user_id, provider, provider_session_id, vessel_platform_id, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 'created', $6)",
    )
    .bind(id)
    .bind(user_id)
    .bind(provider)
    .bind(provider_session_id)
    .bind(vessel_platform_id)
    .bind(created_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub(super) async fn set_verified_name(
    tx: &mut Tx<'_>,
    provider: &str,
    provider_session_id: &str,
    name: &str,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE identity_sessions SET verified_name = $1 WHERE provider = $2 AND provider_session_id = $3")
        .bind(name)
        .bind(provider)
        .bind(provider_session_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A session a report moved.
#[derive(sqlx::FromRow)]
pub(super) struct MovedSession {
    pub id: String,
    pub user_id: String,
    pub verified_name: Option<String>,
}

/// What a report sets on its session.
pub(super) struct SessionReport<'a> {
    pub status: &'a str,
    pub failure_code: Option<&'a str>,
    /// When the provider made the report (its clock, ms).
    pub reported_at: i64,
    /// When a final report decides the session (ours, ms).
    pub decided_at: i64,
}

/// Move a session that is not final yet, unless `report` is older than the
/// last one applied to it (compare and set).
pub(super) async fn move_session(
    tx: &mut Tx<'_>,
    provider: &str,
    provider_session_id: &str,
    report: &SessionReport<'_>,
) -> sqlx::Result<Option<MovedSession>> {
    sqlx::query_as(
        "UPDATE identity_sessions SET status = $1, failure_code = $2, last_event_at = $3,
             decided_at = CASE WHEN $1 = 'processing' THEN decided_at ELSE $4 END
         WHERE provider = $5 AND provider_session_id = $6 AND status IN ('created', 'processing')
           AND COALESCE(last_event_at, 0) <= $3
         RETURNING id, user_id, verified_name",
    )
    .bind(report.status)
    .bind(report.failure_code)
    .bind(report.reported_at)
    .bind(report.decided_at)
    .bind(provider)
    .bind(provider_session_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Set the person's status, unless they are verified (which is final).
pub(super) async fn set_person_status(
    tx: &mut Tx<'_>,
    user_id: &str,
    status: &str,
    failure_code: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET identity_verification_status = $1, identity_failure_code = $2
         WHERE id = $3 AND identity_verification_status <> 'verified'",
    )
    .bind(status)
    .bind(failure_code)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Set a person's verified name (a company's name is left alone).
pub(super) async fn set_person_verified_name(
    tx: &mut Tx<'_>,
    user_id: &str,
    name: &str,
    verified_at: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET name = $1, name_verified_at = $2 WHERE id = $3 AND owner_kind = 'person'")
        .bind(name)
        .bind(verified_at)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// What the local provider's page submitted.
pub(super) struct LocalSubmission<'a> {
    pub document_key: &'a str,
    pub test_outcome: &'a str,
    pub decide_at: i64,
    pub verified_name: Option<&'a str>,
}

/// Hand a local session its document, once (compare and set); answers the
/// vessel it was started from (`Some(None)`: from the profile), or `None`
/// when the session is unknown or already submitted.
pub(super) async fn submit_local_session(
    tx: &mut Tx<'_>,
    provider_session_id: &str,
    submission: &LocalSubmission<'_>,
) -> sqlx::Result<Option<Option<String>>> {
    sqlx::query_scalar(
        "UPDATE identity_sessions SET document_key = $1, test_outcome = $2, decide_at = $3, verified_name = $4
         WHERE provider = 'local' AND provider_session_id = $5 AND status = 'created' AND document_key IS NULL
         RETURNING vessel_platform_id",
    )
    .bind(submission.document_key)
    .bind(submission.test_outcome)
    .bind(submission.decide_at)
    .bind(submission.verified_name)
    .bind(provider_session_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Sessions whose local decision is due at `now`, at most 50.
pub(super) async fn due_local_decisions(db: &Db, now: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT provider_session_id FROM identity_sessions WHERE decide_at IS NOT NULL AND decide_at <= $1 LIMIT 50",
    )
    .bind(now)
    .fetch_all(db)
    .await
}

/// Claim a due local decision (one process wins it): answers the chosen
/// outcome and the photo's key.
pub(super) async fn claim_local_decision(
    tx: &mut Tx<'_>,
    provider_session_id: &str,
) -> sqlx::Result<Option<(Option<String>, Option<String>)>> {
    sqlx::query_as(
        "UPDATE identity_sessions SET decide_at = NULL
         WHERE provider = 'local' AND provider_session_id = $1 AND decide_at IS NOT NULL
         RETURNING test_outcome, document_key",
    )
    .bind(provider_session_id)
    .fetch_optional(&mut **tx)
    .await
}

/// Decided sessions whose photo is still stored (its deletion failed), at
/// most 50: their provider session id and the photo's key.
pub(super) async fn photos_left(db: &Db) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT provider_session_id, document_key FROM identity_sessions
         WHERE document_key IS NOT NULL AND decide_at IS NULL AND status IN ('verified', 'failed', 'canceled')
         LIMIT 50",
    )
    .fetch_all(db)
    .await
}

pub(super) async fn clear_photo_key(db: &Db, provider_session_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE identity_sessions SET document_key = NULL WHERE provider_session_id = $1")
        .bind(provider_session_id)
        .execute(db)
        .await?;
    Ok(())
}

/// A local session's status.
pub(super) async fn local_session_status(db: &Db, provider_session_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT status FROM identity_sessions WHERE provider = 'local' AND provider_session_id = $1")
        .bind(provider_session_id)
        .fetch_optional(db)
        .await
}

/// Our id of a Stripe session.
pub(super) async fn stripe_session_id(tx: &mut Tx<'_>, provider_session_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM identity_sessions WHERE provider = 'stripe' AND provider_session_id = $1")
        .bind(provider_session_id)
        .fetch_optional(&mut **tx)
        .await
}

/// Note a provider's event as received; a unique violation means it was
/// received before.
pub(super) async fn insert_event(
    tx: &mut Tx<'_>,
    event_id: &str,
    session_id: &str,
    kind: &str,
    received_at: i64,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO identity_events (id, session_id, type, received_at) VALUES ($1, $2, $3, $4)")
        .bind(event_id)
        .bind(session_id)
        .bind(kind)
        .bind(received_at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
