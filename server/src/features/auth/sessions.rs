//! Server-side sessions. The cookie carries an opaque random secret; the
//! database stores only its hash. Sessions expire after a period of
//! inactivity: 12 hours, or 30 days when the user chose "Remember me".

use super::store;
use crate::{
    features::auth::model::User,
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
    store::insert_session(tx, &hash_secret(&secret), user_id, remember, now, now + lifetime(remember)).await?;
    Ok(secret)
}

/// The user of a live session, extending its idle window.
pub async fn user_for(db: &Db, secret: &str) -> sqlx::Result<Option<User>> {
    let now = now_ms();
    let id_hash = hash_secret(secret);
    let Some(session) = store::live_session(db, &id_hash, now).await? else { return Ok(None) };
    if now - session.last_seen_at > TOUCH_EVERY_MS {
        store::touch_session(db, &id_hash, now, now + lifetime(session.remember == 1)).await?;
    }
    Ok(Some(session.user.try_into()?))
}

pub async fn end(db: &Db, secret: &str) -> sqlx::Result<()> {
    store::delete_session(db, &hash_secret(secret)).await
}

pub async fn end_all_for_user(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<()> {
    store::delete_sessions_of_user(tx, user_id).await
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
