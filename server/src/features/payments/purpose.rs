//! What a fee pays for. Payments keep the money's state (asked, paid,
//! canceled, refunded); what a fee is for, and what it buys, belong to the
//! feature it is for: a registration to the vessels, a transfer's fee to
//! the transfers. Those stand above payments, so payments cannot call them:
//! each implements [`FeePurpose`], and the application installs them once at
//! start-up (`app::server`, through `flows::fees`). Payments dispatch by the
//! payment's purpose.

use std::sync::OnceLock;

use async_trait::async_trait;

use super::model::Purpose;
use crate::{
    features::auth::User,
    foundation::error::{AppError, AppResult},
    platform::{db::Tx, state::AppState},
};

/// The fee a payment is for: a vessel's registration, or the fee of one of
/// its transfers.
#[derive(Clone, Copy, Debug)]
pub struct Fee<'a> {
    pub purpose: Purpose,
    pub vessel_id: &'a str,
    /// The transfer, for a transfer's fee.
    pub transfer_id: Option<&'a str>,
}

/// A purpose's side of a payment.
#[async_trait]
pub trait FeePurpose: Send + Sync {
    /// May `user` pay `fee` now? Answers the payment's description for the
    /// card provider ('Vessel registration ESR-…').
    async fn payable(&self, state: &AppState, user: &User, fee: Fee<'_>) -> AppResult<String>;

    /// Give succeeded payment `payment_id` of `payer` its effect, in `tx`,
    /// the transaction that recorded the success. `Some(why)` when the
    /// purpose can no longer take effect: the payment is then refunded.
    async fn fulfil(
        &self,
        tx: &mut Tx<'_>,
        fee: Fee<'_>,
        payer: &str,
        payment_id: &str,
    ) -> AppResult<Option<&'static str>>;

    /// An administrator refunded the fee (`admin`, with `reason`): undo what
    /// it bought, in the refund's transaction.
    async fn refunded(&self, tx: &mut Tx<'_>, fee: Fee<'_>, admin: &str, reason: &str) -> AppResult<()>;
}

/// The implementations, one per purpose.
pub struct Purposes {
    pub registration: Box<dyn FeePurpose>,
    pub transfer: Box<dyn FeePurpose>,
}

static INSTALLED: OnceLock<Purposes> = OnceLock::new();

/// Install the purposes (once per process; a second call keeps the first,
/// as every test server in one process installs the same ones).
pub fn install(purposes: impl FnOnce() -> Purposes) {
    INSTALLED.get_or_init(purposes);
}

/// The implementation for `purpose`.
pub(crate) fn of(purpose: Purpose) -> AppResult<&'static dyn FeePurpose> {
    let installed = INSTALLED
        .get()
        .ok_or_else(|| AppError::from(anyhow::anyhow!("payment purposes not installed (app::server installs them)")))?;
    Ok(match purpose {
        Purpose::Registration => installed.registration.as_ref(),
        Purpose::Transfer => installed.transfer.as_ref(),
    })
}
