//! Single-use tokens sent by email. Only their hash is stored.

use super::store;
use crate::{
    platform::clock::{DAY, HOUR, now_ms},
    platform::db::Tx,
    platform::ids::{hash_secret, new_secret},
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumString, strum::IntoStaticStr)]
#[strum(serialize_all = "snake_case")]
pub enum Purpose {
    VerifyEmail,
    PasswordReset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        self.into()
    }
    fn validity_ms(self) -> i64 {
        match self {
            Purpose::VerifyEmail => DAY,
            Purpose::PasswordReset => HOUR,
        }
    }
}

pub const INVALID_TOKEN: &str = "invalid_expired_token";

pub async fn issue(tx: &mut Tx<'_>, user_id: &str, purpose: Purpose) -> sqlx::Result<String> {
    let secret = new_secret();
    let now = now_ms();
    store::insert_token(tx, &hash_secret(&secret), purpose.as_str(), user_id, now, now + purpose.validity_ms()).await?;
    Ok(secret)
}

/// Mark the token used and return its user, if it is live, unused, of this
/// purpose and its account is not archived (one success for two concurrent
/// redemptions: `store::redeem_token`).
pub async fn redeem(tx: &mut Tx<'_>, token: &str, purpose: Purpose) -> sqlx::Result<Option<String>> {
    let now = now_ms();
    store::redeem_token(tx, &hash_secret(token.trim()), purpose.as_str(), now).await
}

/// The account a live, unused token names, without using it.
pub async fn account_of(db: &crate::platform::db::Db, token: &str, purpose: Purpose) -> sqlx::Result<Option<String>> {
    store::token_user(db, &hash_secret(token.trim()), purpose.as_str(), now_ms()).await
}

/// Older unused tokens of a purpose stop working when a new one is sent or
/// one is used.
pub async fn revoke_unused(tx: &mut Tx<'_>, user_id: &str, purpose: Purpose) -> sqlx::Result<()> {
    store::revoke_unused_tokens(tx, user_id, purpose.as_str(), now_ms()).await
}
