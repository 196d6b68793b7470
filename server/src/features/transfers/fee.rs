//! A transfer's fee, as payments see it: who may pay it, and what paying it
//! does (the transfer completes; the other party's payment, if any, is
//! canceled).

use async_trait::async_trait;

use crate::{
    features::{
        auth::User,
        payments::{
            purpose::{Fee, FeePurpose},
            records,
        },
    },
    foundation::error::{AppError, AppResult},
    platform::{db::Tx, state::AppState},
};

pub struct TransferFee;

fn transfer_of(fee: Fee<'_>) -> AppResult<&str> {
    fee.transfer_id.ok_or_else(|| {
        AppError::from(anyhow::anyhow!("a transfer fee for vessel {} without a transfer", fee.vessel_id))
    })
}

#[async_trait]
impl FeePurpose for TransferFee {
    async fn payable(&self, state: &AppState, user: &User, fee: Fee<'_>) -> AppResult<String> {
        let payable = super::service::payable(state, user, transfer_of(fee)?, fee.vessel_id).await?;
        Ok(format!("Ownership transfer of {}", payable.platform_id))
    }

    async fn fulfil(
        &self,
        tx: &mut Tx<'_>,
        fee: Fee<'_>,
        _payer: &str,
        payment_id: &str,
    ) -> AppResult<Option<&'static str>> {
        let transfer_id = transfer_of(fee)?;
        let completed = super::service::complete(tx, transfer_id, payment_id).await?;
        if completed {
            // The other party's payment, if they opened one, can buy nothing now.
            records::cancel_open_for_transfer(tx, transfer_id).await?;
        }
        Ok((!completed).then_some("the transfer was no longer open"))
    }

    /// A refunded transfer fee undoes nothing: the sale stands.
    async fn refunded(&self, _tx: &mut Tx<'_>, _fee: Fee<'_>, _admin: &str, _reason: &str) -> AppResult<()> {
        Ok(())
    }
}
