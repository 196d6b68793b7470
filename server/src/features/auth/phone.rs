//! The account's mobile number and its verification by SMS code. A number is
//! verified on at most one account at a time, so a transfer's recipient is
//! never ambiguous.

use super::{model::User, store};
use crate::{
    domain::PhoneE164,
    features::outbox::{self, Message},
    foundation::error::{AppError, AppResult},
    foundation::i18n::Msg,
    platform::clock::now_ms,
    platform::otp::{self, Purpose},
    platform::state::AppState,
};

/// Set or change the number; it is unverified until a code confirms it, and
/// any code sent to the old number stops working.
pub async fn set(state: &AppState, user: &User, phone: &PhoneE164) -> AppResult<()> {
    // The account's mobile number is where its codes go.
    phone.textable(&state.config.sms_prefixes).map_err(|m| AppError::field("phoneE164", m))?;
    let mut tx = state.begin().await?;
    store::set_phone(&mut tx, &user.id, phone.as_str()).await?;
    store::revoke_phone_codes(&mut tx, &format!("{}:%", user.id), now_ms()).await?;
    tx.commit().await?;
    Ok(())
}

/// A code proves one number for one account: the subject names both, so a
/// code sent to one number can never verify another (a number changed
/// while a code was on its way).
fn subject(user: &User, phone: &str) -> String {
    format!("{}:{phone}", user.id)
}

fn unverified_phone(user: &User) -> AppResult<&str> {
    let phone =
        user.phone_e164.as_deref().ok_or_else(|| AppError::Conflict("add_mobile_number_profile_first".into()))?;
    if user.phone_verified_at.is_some() {
        return Err(AppError::Conflict("mobile_number_already_verified".into()));
    }
    Ok(phone)
}

/// Send a code to the account's number, within the send limits.
pub async fn send_code(state: &AppState, user: &User, client: std::net::IpAddr) -> AppResult<()> {
    user.may_have_codes_sent()?;
    let phone = unverified_phone(user)?;
    let number = PhoneE164::parse(phone)
        .and_then(|n| n.textable(&state.config.sms_prefixes).map(|()| n))
        .map_err(|m| AppError::field("phoneE164", m))?;
    let sender = otp::Sender { account: &user.id, client, own_number: true, budgets: state.config.code_budgets };
    let mut tx = state.begin().await?;
    let slot = otp::reserve_send(&mut tx, Purpose::Phone, &subject(user, phone), &number, &sender).await?;
    let code = slot.issue(&mut tx).await?;
    let body = Msg::new("mail.phone_code_sms").arg("code", code.expose());
    let message = Message::sms_in(user.language, phone, &Msg::new("mail.phone_code_subject"), &body);
    outbox::enqueue(&mut tx, &message).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}

/// A number confirmed in a transaction not yet committed: the caller adds
/// what follows from it (a waiting transfer's claim) and commits.
pub struct Confirmed {
    pub tx: crate::platform::db::Tx<'static>,
    pub phone: String,
}

/// Confirm the number with the code it received.
pub async fn verify(state: &AppState, user: &User, code: &crate::domain::OtpCode) -> AppResult<Confirmed> {
    let phone = unverified_phone(user)?.to_owned();
    let matched = otp::check(&state.db, Purpose::Phone, &subject(user, &phone), code).await?.map_err(AppError::from)?;
    let mut tx = state.begin().await?;
    let taken = store::phone_verified_elsewhere(&mut tx, &phone, &user.id).await?;
    if taken > 0 {
        tx.rollback().await?;
        return Err(taken_elsewhere());
    }
    let verified = store::mark_phone_verified(&mut tx, &user.id, &phone, now_ms()).await;
    let verified = match verified {
        // Another account verified the number in the meantime (the unique index).
        Err(e) if crate::platform::db::is_unique_violation(&e) => {
            tx.rollback().await?;
            return Err(taken_elsewhere());
        }
        other => other?,
    };
    if verified == 0 || !matched.consume(&mut tx).await? {
        tx.rollback().await?;
        return Err(AppError::Conflict("code_already_been_used".into()));
    }
    Ok(Confirmed { tx, phone })
}

fn taken_elsewhere() -> AppError {
    AppError::Conflict("mobile_number_verified_another_account".into())
}
