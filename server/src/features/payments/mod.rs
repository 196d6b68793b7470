//! Card payments: the registration fee and the transfer fee, through the
//! offline processor or Stripe in test mode. The server
//! decides that money arrived; see `service`.

mod card;
pub mod follow_up;
pub mod local;
pub mod model;
pub mod purpose;
mod receipt;
pub mod records;
pub mod refunds;
mod routes;
pub mod service;
mod store;
pub mod stripe;
mod webhook;

pub use crate::platform::payment_provider::PaymentProvider;
pub use routes::*;

use std::sync::Arc;

use crate::{
    platform::config::{Config, PaymentsProvider},
    platform::db::Db,
};

/// The configured provider.
pub fn provider(config: &Config, db: Db) -> anyhow::Result<Arc<dyn PaymentProvider>> {
    Ok(match &config.payments {
        PaymentsProvider::Local => Arc::new(local::LocalProcessor::new(db)),
        PaymentsProvider::Stripe { secret_key, publishable_key, api_base, .. } => {
            Arc::new(stripe::StripeClient::new(api_base.clone(), secret_key.clone(), publishable_key.clone())?)
        }
    })
}
