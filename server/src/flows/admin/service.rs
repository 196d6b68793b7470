//! The console's actions on vessels, each in the module that owns the state
//! it changes (`vessels::lifecycle`, `payments`, `transfers`), composed here
//! so that the handlers only parse and answer.

use crate::{
    domain::Email,
    features::auth::User,
    features::vessels::model::VesselStatus,
    foundation::error::{AppError, AppResult},
    platform::state::AppState,
};

use super::model::Reason;

/// Take a vessel out of the registry: any fee form left open for it can no
/// longer buy anything (canceled in the same transaction, at the provider
/// after it).
#[tracing::instrument(skip(state, admin, reason), fields(admin = %admin.id))]
pub async fn deactivate_vessel(state: &AppState, admin: &User, vessel_id: &str, reason: &Reason) -> AppResult<()> {
    let mut tx = state.begin().await?;
    crate::features::payments::records::cancel_open_for_vessel(&mut tx, vessel_id).await?;
    crate::features::vessels::lifecycle::deactivate_by_admin(&mut tx, vessel_id, &admin.id, reason.as_str()).await?;
    tx.commit().await?;
    crate::features::payments::follow_up::run(state).await;
    Ok(())
}

/// Put a vessel (back) into the registry from `from`.
#[tracing::instrument(skip(state, admin, reason), fields(admin = %admin.id))]
pub async fn activate_vessel(
    state: &AppState,
    admin: &User,
    vessel_id: &str,
    from: VesselStatus,
    reason: &Reason,
) -> AppResult<()> {
    let mut tx = state.begin().await?;
    crate::features::vessels::lifecycle::activate_by_admin(&mut tx, vessel_id, from, &admin.id, reason.as_str())
        .await?;
    tx.commit().await?;
    Ok(())
}

/// How an administrator settles a vessel waiting in `needs_review`.
pub enum Resolution {
    Activate,
    /// Refund its registration fee (which deactivates it).
    Refund,
    /// Give a released vessel to this account.
    HandOver(Email),
    ReturnToSeller,
}

#[tracing::instrument(skip(state, admin, resolution, reason), fields(admin = %admin.id))]
pub async fn resolve_review(
    state: &AppState,
    admin: &User,
    vessel_id: &str,
    resolution: Resolution,
    reason: &Reason,
) -> AppResult<()> {
    match resolution {
        Resolution::Activate => activate_vessel(state, admin, vessel_id, VesselStatus::NeedsReview, reason).await,
        Resolution::Refund => {
            let payment = crate::features::payments::records::registration_fee_paid(&state.db, vessel_id)
                .await?
                .ok_or_else(|| AppError::Conflict("vessel_no_registration_payment_refund".into()))?;
            // The refund asks the card provider between its own transactions, so the
            // review's resolution is recorded once the money is back.
            crate::features::payments::refunds::refund(state, admin, &payment, reason.as_str()).await?;
            crate::features::payments::follow_up::run(state).await;
            crate::platform::audit::Event::new("review_resolved")
                .by(Some(&admin.id))
                .vessel(vessel_id)
                .detail(serde_json::json!({"reason": reason.as_str(), "refunded": true}))
                .write(&state.db)
                .await?;
            Ok(())
        }
        Resolution::HandOver(email) => {
            let to = crate::features::transfers::service::Unclaimed::Account(&email);
            crate::features::transfers::service::resolve_unclaimed(state, admin, vessel_id, to, reason.as_str()).await
        }
        Resolution::ReturnToSeller => {
            let to = crate::features::transfers::service::Unclaimed::Seller;
            crate::features::transfers::service::resolve_unclaimed(state, admin, vessel_id, to, reason.as_str()).await
        }
    }
}
