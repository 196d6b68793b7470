//! What each fee pays for, installed into payments at start-up
//! (`app::server`): the registration fee here, the transfer fee in
//! `transfers::TransferFee`. A registration's refund reaches across two
//! features (its vessel leaves the registry, its open transfers end), so
//! its purpose lives on this floor rather than in `vessels`.

use async_trait::async_trait;

use crate::{
    features::{
        auth::User,
        payments::purpose::{self, Fee, FeePurpose, Purposes},
        transfers::{self, TransferFee},
        vessels::{lifecycle, service as vessels},
    },
    foundation::error::AppResult,
    platform::{db::Tx, state::AppState},
};

/// Install both purposes into payments (once per process).
pub fn install() {
    purpose::install(|| Purposes { registration: Box::new(Registration), transfer: Box::new(TransferFee) });
}

/// A vessel's one-time registration fee.
pub struct Registration;

#[async_trait]
impl FeePurpose for Registration {
    async fn payable(&self, state: &AppState, user: &User, fee: Fee<'_>) -> AppResult<String> {
        vessels::registration_payable(state, user, fee.vessel_id).await
    }

    async fn fulfil(
        &self,
        tx: &mut Tx<'_>,
        fee: Fee<'_>,
        payer: &str,
        payment_id: &str,
    ) -> AppResult<Option<&'static str>> {
        let activation = lifecycle::activate_after_payment(tx, fee.vessel_id, payer, payment_id).await?;
        Ok((activation == lifecycle::Activation::Unchanged)
            .then_some("the vessel was no longer awaiting its registration fee"))
    }

    /// The vessel leaves the registry, and no transfer of it stays open.
    async fn refunded(&self, tx: &mut Tx<'_>, fee: Fee<'_>, admin: &str, reason: &str) -> AppResult<()> {
        transfers::service::cancel_all_of_vessel(tx, fee.vessel_id).await?;
        lifecycle::deactivate_refunded(tx, fee.vessel_id, admin, reason).await?;
        Ok(())
    }
}
