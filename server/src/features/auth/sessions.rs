//! Server-side sessions. The cookie carries an opaque random secret; the
//! database stores only its hash. Sessions expire after a period of
//! inactivity: 12 hours, or 30 days when the user chose "Remember me".

use crate::{
    features::auth::user::{USER_COLUMNS, User},
    platform::clock::{DAY, HOUR, MINUTE, now_ms},
    platform::db::{Db, Tx},
    platform::ids::{hash_secret, new_secret},
};

pub const COOKIE: &str = "registry_session";
pub const IDLE_MS: i64 = 12 * HOUR;
pub const REMEMBER_MS: i64 = 30 * DAY;
/// Extending a session costs a write; do it at most this often.
const TOUCH_EVERY_MS: i64 = MINUTE;

fn lifetime(remember: bool) -> i64 {
    if remember { REMEMBER_MS } else { IDLE_MS }
}

/// Start a session; returns the secret for the cookie.
pub async fn create(tx: &mut Tx<'_>, user_id: &str, remember: bool) -> sqlx::Result<String> {
    let secret = new_secret();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO sessions (id_hash, user_id, remember, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, $3, $4, $4, $5)",
    )
    .bind(hash_secret(&secret))
    .bind(user_id)
    .bind(i64::from(remember))
    .bind(now)
    .bind(now + lifetime(remember))
    .execute(&mut **tx)
    .await?;
    Ok(secret)
}

/// The user of a live session, extending its idle window.
pub async fn user_for(db: &Db, secret: &str) -> sqlx::Result<Option<User>> {
    use sqlx::{FromRow, Row};
    let now = now_ms();
    let id_hash = hash_secret(secret);
    let row = sqlx::query(&format!(
        "SELECT {USER_COLUMNS}, s.remember, s.last_seen_at FROM sessions s
         JOIN users u ON u.id = s.user_id
         WHERE s.id_hash = $1 AND s.expires_at > $2 AND u.archived_at IS NULL"
    ))
    .bind(&id_hash)
    .bind(now)
    .fetch_optional(db)
    .await?;
    let Some(row) = row else { return Ok(None) };
    if now - row.try_get::<i64, _>("last_seen_at")? > TOUCH_EVERY_MS {
        sqlx::query("UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE id_hash = $3")
            .bind(now)
            .bind(now + lifetime(row.try_get::<i64, _>("remember")? == 1))
            .bind(&id_hash)
            .execute(db)
            .await?;
    }
    Ok(Some(User::from_row(&row)?))
}

pub async fn end(db: &Db, secret: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE id_hash = $1").bind(hash_secret(secret)).execute(db).await?;
    Ok(())
}

pub async fn end_all_for_user(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

/// The `Set-Cookie` value for a new session. Without "Remember me" it is a
/// browser-session cookie; with it, it lasts as long as the server session.
pub fn cookie(secret: &str, remember: bool, secure: bool) -> String {
    let mut c = format!("{COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax");
    if remember {
        c.push_str("; Max-Age=");
        c.push_str(&(REMEMBER_MS / 1000).to_string());
    }
    if secure {
        c.push_str("; Secure");
    }
    c
}

pub fn clearing_cookie(secure: bool) -> String {
    let mut c = format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    if secure {
        c.push_str("; Secure");
    }
    c
}
