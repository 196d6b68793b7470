//! Server-side sessions. The cookie carries an opaque random secret; the
//! database stores only its hash. Sessions expire after a period of
//! inactivity: 12 hours, or 30 days when the user chose "Remember me".

use super::model::{SessionInfo, User};
use super::store::{self, NewSession};
use crate::{
    domain::user_agent,
    platform::clock::{DAY, HOUR, MINUTE, now_ms, rfc3339},
    platform::db::{Db, Tx},
    platform::ids::{hash_secret, new_id, new_secret},
};

pub const COOKIE: &str = "registry_session";
/// A random secret that stays with the browser across sessions, so that a
/// sign-in from a browser the account has not used before can be told to
/// its owner. Only its hash is stored, with the account.
pub const BROWSER_COOKIE: &str = "registry_browser";
/// Two years.
const BROWSER_COOKIE_SECS: i64 = 2 * 365 * 24 * 3600;
pub const IDLE_MS: i64 = 12 * HOUR;
pub const REMEMBER_MS: i64 = 30 * DAY;
/// Extending a session costs a write; do it at most this often.
const TOUCH_EVERY_MS: i64 = MINUTE;
/// How recent a sign-in a sensitive action needs (NIST SP 800-63B's
/// re-authentication before a high-risk action).
pub const RECENT_MS: i64 = 5 * MINUTE;
/// The longest `User-Agent` kept with a session.
const USER_AGENT_MAX: usize = 300;

/// A live session: its user, its public id and when its holder last proved who they are.
pub struct Session {
    pub user: User,
    pub id: String,
    pub authenticated_at: i64,
    /// "Remember me" was chosen when it started.
    pub remember: bool,
}

fn lifetime(remember: bool) -> i64 {
    if remember { REMEMBER_MS } else { IDLE_MS }
}

/// Start a session in the browser `user_agent` names; returns the secret for the cookie.
pub async fn create(tx: &mut Tx<'_>, user_id: &str, remember: bool, user_agent: Option<&str>) -> sqlx::Result<String> {
    let secret = new_secret();
    let now = now_ms();
    let user_agent = user_agent.map(|ua| ua.chars().take(USER_AGENT_MAX).collect::<String>());
    let session = NewSession {
        id_hash: &hash_secret(&secret),
        public_id: &new_id(),
        user_id,
        remember,
        now,
        expires_at: now + lifetime(remember),
        user_agent: user_agent.as_deref(),
    };
    store::insert_session(tx, &session).await?;
    Ok(secret)
}

/// A live session, extending its idle window.
pub async fn session_for(db: &Db, secret: &str) -> sqlx::Result<Option<Session>> {
    let now = now_ms();
    let id_hash = hash_secret(secret);
    let Some(session) = store::live_session(db, &id_hash, now).await? else { return Ok(None) };
    if now - session.last_seen_at > TOUCH_EVERY_MS {
        store::touch_session(db, &id_hash, now, now + lifetime(session.remember == 1)).await?;
    }
    Ok(Some(Session {
        user: session.user.try_into()?,
        id: session.public_id,
        authenticated_at: session.authenticated_at,
        remember: session.remember == 1,
    }))
}

/// The user of a live session, extending its idle window.
pub async fn user_for(db: &Db, secret: &str) -> sqlx::Result<Option<User>> {
    Ok(session_for(db, secret).await?.map(|s| s.user))
}

/// The session's holder proved who they are again, now.
pub async fn reauthenticated(db: &Db, secret: &str) -> sqlx::Result<()> {
    store::set_authenticated_at(db, &hash_secret(secret), now_ms()).await
}

/// The account's live sessions, the one of `current_secret` marked.
pub async fn list(db: &Db, user_id: &str, current_secret: &str) -> sqlx::Result<Vec<SessionInfo>> {
    let current = hash_secret(current_secret);
    let rows = store::sessions_of_user(db, user_id, now_ms()).await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let ua = r.user_agent.as_deref().unwrap_or_default();
            SessionInfo {
                current: r.id_hash == current,
                id: r.public_id,
                created_at: rfc3339(r.created_at),
                last_seen_at: rfc3339(r.last_seen_at),
                browser: user_agent::browser(ua).to_owned(),
                platform: user_agent::platform(ua).to_owned(),
            }
        })
        .collect())
}

/// End the account's session `public_id`; false when it has none such.
pub async fn end_by_id(db: &Db, user_id: &str, public_id: &str) -> sqlx::Result<bool> {
    store::delete_session_of_user(db, user_id, public_id).await
}

/// End every session of the account but the one of `keep_secret`.
pub async fn end_others(db: &Db, user_id: &str, keep_secret: &str) -> sqlx::Result<u64> {
    store::delete_other_sessions(db, user_id, &hash_secret(keep_secret)).await
}

pub async fn end(db: &Db, secret: &str) -> sqlx::Result<()> {
    store::delete_session(db, &hash_secret(secret)).await
}

pub async fn end_all_for_user(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<()> {
    store::delete_sessions_of_user(tx, user_id).await
}

/// Forget the browsers the account signed in from (archiving).
pub async fn forget_browsers(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<()> {
    store::delete_known_browsers(tx, user_id).await
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

/// The `Set-Cookie` value that gives a browser its lasting secret.
pub fn browser_cookie(secret: &str, secure: bool) -> String {
    let mut c =
        format!("{BROWSER_COOKIE}={secret}; Path=/api/auth; HttpOnly; SameSite=Lax; Max-Age={BROWSER_COOKIE_SECS}");
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
