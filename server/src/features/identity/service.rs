//! Identity checks: the state machine of a person's
//! `identityVerificationStatus` and of each session at the provider.
//!
//! | Event | Session | Person |
//! |---|---|---|
//! | session created | `created` | unchanged |
//! | document submitted (Stripe `processing`) | `processing` | `pending` |
//! | verified | `verified` | `verified` (final) |
//! | failed (Stripe `requires_input` with an error) | `failed` | `not_started`, with the reason |
//! | canceled | `canceled` | `not_started`, with the reason |
//!
//! Providers' events may arrive twice or out of order: each is applied once
//! (its id is kept), an event older than the last one applied to its session
//! changes nothing, and nothing moves a person away from `verified`.

use super::model::Report;
use super::store::{self, LocalSubmission, SessionReport};
use crate::{
    domain::PlatformId,
    features::auth::{IdentityFailure, IdentityVerificationStatus, User},
    foundation::error::{AppError, AppResult},
    platform::audit::Event,
    platform::clock::{DAY, now_ms},
    platform::db::Tx,
    platform::ids::new_id,
    platform::state::AppState,
    platform::throttle,
};

use crate::platform::identity_provider::SessionRequest;

/// The local provider decides this long after the document arrives, as the
/// real provider's webhook would.
pub const LOCAL_DECISION_DELAY: std::time::Duration = std::time::Duration::from_secs(3);
/// Sessions a person may start per day (each costs at the real provider).
const SESSIONS_PER_DAY: throttle::Limit = throttle::Limit { max: 10, window_ms: DAY };

/// Start a check for the signed-in person; answers the address the browser
/// goes to. From a vessel's page (`vessel`, which they must own) it verifies
/// an owner not yet verified; from the profile (no vessel) it may also verify
/// a verified person again, to change the name certificates print.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn create_session(state: &AppState, user: &User, vessel: Option<&PlatformId>) -> AppResult<String> {
    if let Some(vessel) = vessel {
        require_owner(state, user, vessel).await?;
    }
    match user.identity_verification_status {
        IdentityVerificationStatus::Verified if vessel.is_some() => {
            return Err(AppError::Conflict("identity_already_verified".into()));
        }
        IdentityVerificationStatus::Pending => {
            return Err(AppError::Conflict("identity_check_in_progress".into()));
        }
        IdentityVerificationStatus::Verified | IdentityVerificationStatus::NotStarted => {}
    }
    if let Some(wait) = throttle::reserve(&state.db, &format!("identity:{}", user.id), SESSIONS_PER_DAY).await? {
        return Err(AppError::too_many("identity_checks_per_day", wait));
    }
    let id = new_id();
    let return_url = state.config.link(&return_path(vessel.map(|v| v.compact().to_owned())));
    let session =
        state.identity.create_session(&SessionRequest { session_id: id.clone(), return_url }).await.map_err(|e| {
            tracing::error!(error = %format!("{e:#}"), "the identity provider did not create a session");
            AppError::Status {
                status: axum::http::StatusCode::BAD_GATEWAY,
                code: "provider_unavailable",
                message: "identity_provider_not_answering_try".into(),
            }
        })?;
    let mut tx = state.begin().await?;
    // Only the newest session speaks for the person: earlier ones not yet
    // submitted end here, so a late report about them changes nothing.
    store::cancel_created_sessions(&mut tx, &user.id, now_ms()).await?;
    store::insert_session(
        &mut tx,
        &id,
        &user.id,
        state.identity.name(),
        &session.id,
        vessel.map(PlatformId::compact),
        now_ms(),
    )
    .await?;
    Event::new("identity_started").by(Some(&user.id)).subject("identity_session", &id).write(&mut *tx).await?;
    tx.commit().await?;
    Ok(session.url)
}

async fn require_owner(state: &AppState, user: &User, vessel: &PlatformId) -> AppResult<()> {
    let row = store::vessel_owner_and_listed(&state.db, vessel.compact()).await?;
    let not_found = || AppError::NotFound("vessel_not_found".into());
    let (owner, listed) = row.ok_or_else(not_found)?;
    if owner.as_deref() != Some(user.id.as_str()) {
        // An unlisted vessel is nobody's business but its owner's.
        if listed == 0 {
            return Err(not_found());
        }
        return Err(AppError::Forbidden("you_current_owner_vessel_verify".into()));
    }
    Ok(())
}

/// Where the browser returns after the check: the vessel's page it started
/// from, or the profile.
fn return_path(vessel: Option<String>) -> String {
    match vessel {
        Some(stored) => format!("/registry/{}?verified=identity", PlatformId::display_stored(stored)),
        None => "/profile?verified=identity".to_owned(),
    }
}

/// Keep the name the provider verified for its session, to be applied with
/// the `verified` report.
pub async fn record_verified_name(
    tx: &mut Tx<'_>,
    provider: &str,
    provider_session: &str,
    name: &str,
) -> AppResult<()> {
    store::set_verified_name(tx, provider, provider_session, name).await?;
    Ok(())
}

/// Apply a provider's report about the session it calls `provider_session`,
/// made at `reported_at` (the provider's clock, ms). False when it changed
/// nothing (unknown session, stale or superseded report).
#[tracing::instrument(skip(tx))]
pub async fn apply(
    tx: &mut Tx<'_>,
    provider: &str,
    provider_session: &str,
    report: Report,
    reported_at: i64,
) -> AppResult<bool> {
    let (status, failure) = match report {
        Report::Processing => ("processing", None),
        Report::Verified => ("verified", None),
        Report::Failed(IdentityFailure::Canceled) => ("canceled", Some(IdentityFailure::Canceled)),
        Report::Failed(f) => ("failed", Some(f)),
    };
    // A final session never moves again; a report older than the last one
    // applied is out of order.
    let moved =
        SessionReport { status, failure_code: failure.map(IdentityFailure::as_str), reported_at, decided_at: now_ms() };
    let row = store::move_session(tx, provider, provider_session, &moved).await?;
    let Some(row) = row else { return Ok(false) };
    let session_id = row.id;
    let user_id = row.user_id;
    let (person, code) = match report {
        Report::Processing => ("pending", None),
        Report::Verified => ("verified", None),
        Report::Failed(f) => ("not_started", Some(f.as_str())),
    };
    store::set_person_status(tx, &user_id, person, code).await?;
    // The verified name is the one certificates print from now on (a
    // company's own name is not what an identity check verifies).
    if let (Report::Verified, Some(name)) = (report, row.verified_name) {
        store::set_person_verified_name(tx, &user_id, &name, now_ms()).await?;
    }
    let event = match report {
        Report::Processing => Event::new("identity_submitted"),
        Report::Verified => Event::new("identity_verified"),
        Report::Failed(f) => Event::new("identity_failed").failed().detail(serde_json::json!({"reason": f.as_str()})),
    };
    event.by(Some(&user_id)).subject("identity_session", &session_id).write(&mut **tx).await?;
    Ok(true)
}

/// The local provider's document arrived: the person is `pending` until the
/// decision, taken by [`decide_due`] after [`LOCAL_DECISION_DELAY`].
pub async fn submit_local(
    state: &AppState,
    provider_session: &str,
    document_key: &str,
    outcome: Report,
    name: Option<&str>,
) -> AppResult<String> {
    let mut tx = state.begin().await?;
    let test_outcome = match outcome {
        Report::Failed(f) => f.as_str(),
        Report::Verified | Report::Processing => "verified",
    };
    let decide_at = now_ms() + i64::try_from(LOCAL_DECISION_DELAY.as_millis()).unwrap_or(3_000);
    let submission = LocalSubmission { document_key, test_outcome, decide_at, verified_name: name };
    let vessel = store::submit_local_session(&mut tx, provider_session, &submission)
        .await?
        .ok_or_else(|| AppError::Conflict("verification_session_already_been_submitted".into()))?;
    apply(&mut tx, "local", provider_session, Report::Processing, now_ms()).await?;
    tx.commit().await?;
    Ok(state.config.link(&return_path(vessel)))
}

/// Decide every local session whose time has come: apply the chosen
/// outcome and delete the photo. Safe to run in several processes at once:
/// each session is claimed by one conditional update.
pub async fn decide_due(state: &AppState) -> AppResult<usize> {
    let due = store::due_local_decisions(&state.db, now_ms()).await?;
    let mut decided = 0;
    for session in due {
        let mut tx = state.begin().await?;
        let claimed = store::claim_local_decision(&mut tx, &session).await?;
        let Some((outcome, key)) = claimed else { continue };
        let report = match outcome.as_deref().and_then(IdentityFailure::parse) {
            Some(f) => Report::Failed(f),
            None => Report::Verified,
        };
        apply(&mut tx, "local", &session, report, now_ms()).await?;
        tx.commit().await?;
        if let Some(key) = key {
            forget_photo(state, &session, &key).await;
        }
        decided += 1;
    }
    // Photos whose deletion failed before: try again.
    let left = store::photos_left(&state.db).await?;
    for (session, key) in left {
        forget_photo(state, &session, &key).await;
    }
    Ok(decided)
}

/// Delete a decided session's photo (kept no longer than the decision needs
/// it), then its key; a failure is logged and retried by the next round.
async fn forget_photo(state: &AppState, session: &str, key: &str) {
    if let Err(e) = crate::platform::storage::delete(&state.storage, &key.into()).await {
        tracing::warn!(error = %format!("{e:#}"), "deleting an identity photo failed; retrying later");
        return;
    }
    let cleared = store::clear_photo_key(&state.db, session).await;
    if let Err(e) = cleared {
        tracing::warn!(error = %e, "clearing an identity photo's key failed");
    }
}
