//! Single-use tokens sent by email. Only their hash is stored.

use sqlx::Row;

use crate::{
    platform::clock::{DAY, HOUR, now_ms},
    platform::db::Tx,
    platform::ids::{hash_secret, new_secret},
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    VerifyEmail,
    PasswordReset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::VerifyEmail => "verify_email",
            Purpose::PasswordReset => "password_reset",
        }
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
    sqlx::query(
        "INSERT INTO tokens (token_hash, purpose, user_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(hash_secret(&secret))
    .bind(purpose.as_str())
    .bind(user_id)
    .bind(now)
    .bind(now + purpose.validity_ms())
    .execute(&mut **tx)
    .await?;
    Ok(secret)
}

/// Mark the token used and return its user, if it is live, unused, of this
/// purpose and its account is not archived. The conditional UPDATE makes two
/// concurrent redemptions of one token yield exactly one success.
pub async fn redeem(tx: &mut Tx<'_>, token: &str, purpose: Purpose) -> sqlx::Result<Option<String>> {
    let now = now_ms();
    let row = sqlx::query(
        "UPDATE tokens SET used_at = $1
         WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1
           AND user_id IN (SELECT id FROM users WHERE archived_at IS NULL)
         RETURNING user_id",
    )
    .bind(now)
    .bind(hash_secret(token.trim()))
    .bind(purpose.as_str())
    .fetch_optional(&mut **tx)
    .await?;
    row.map(|r| r.try_get("user_id")).transpose()
}

/// Older unused tokens of a purpose stop working when a new one is sent or
/// one is used.
pub async fn revoke_unused(tx: &mut Tx<'_>, user_id: &str, purpose: Purpose) -> sqlx::Result<()> {
    sqlx::query("UPDATE tokens SET used_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL")
        .bind(now_ms())
        .bind(user_id)
        .bind(purpose.as_str())
        .execute(&mut **tx)
        .await?;
    Ok(())
}
