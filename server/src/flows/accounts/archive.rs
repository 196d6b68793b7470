//! Archiving an account: a flow across features. The account is closed
//! (`auth`), its sessions ended, its unfinished payments canceled
//! (`payments`), its open transfers canceled (`transfers`) and its vessels
//! deactivated (`vessels`), in one transaction and in the order a payment's
//! success locks the same rows, so the two cannot deadlock.

use super::store;
use crate::{
    features::auth::{service::lock_roles, sessions},
    foundation::error::{AppError, AppResult},
    platform::audit::Event,
    platform::clock::now_ms,
    platform::state::AppState,
};

/// Archive an account: its sessions end, its email becomes free to register
/// again, the password hash, phone and name are erased (data minimisation;
/// the email stays for bookkeeping), its vessels are deactivated with the
/// phone stored on them erased (each change audited), and its unfinished
/// payments are canceled, all in one transaction.
/// `actor` is the account holder or an administrator; `reason` is the
/// administrator's.
pub async fn archive_account(state: &AppState, user_id: &str, actor: &str, reason: Option<&str>) -> AppResult<()> {
    let mut tx = state.begin().await?;
    lock_roles(state, &mut tx).await?;
    // Its payments before its row: a fee being recorded locks the payment
    // first and the payer's row after (`transfers::service::complete`), so
    // taking them in the same order cannot deadlock. Either that fee commits
    // first (and stands), or it finds the payment canceled and the payer
    // archived (and is refunded).
    crate::features::payments::records::cancel_open_for_user(&mut tx, user_id).await?;
    // The last administrator cannot leave (counted in the statement itself).
    let changed = store::archive_user_unless_last_admin(&mut tx, user_id, now_ms()).await?;
    if changed == 0 {
        return Err(if crate::features::auth::service::account_open(&mut tx, user_id).await? {
            AppError::Conflict("last_administrator_account".into())
        } else {
            AppError::NotFound("account_no_longer_exists".into())
        });
    }
    Event::new("account_archived")
        .by(Some(actor))
        .subject("user", user_id)
        .detail(serde_json::json!({ "reason": reason }))
        .write(&mut *tx)
        .await?;
    sessions::end_all_for_user(&mut tx, user_id).await?;
    sessions::forget_browsers(&mut tx, user_id).await?;
    crate::features::auth::passkeys::forget(&mut tx, user_id).await?;
    // Then transfers (with their fee payments) and vessels: the order a
    // payment's success locks them in, so the two cannot deadlock on PostgreSQL.
    crate::features::transfers::service::cancel_all_from(&mut tx, user_id).await?;
    crate::features::vessels::lifecycle::deactivate_all_of(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(())
}
