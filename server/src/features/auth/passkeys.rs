//! Passkeys (`WebAuthn`, with `webauthn-rs`): adding one to a signed-in
//! account, signing in with one (discoverable: no email typed), listing and
//! removing them. A ceremony's state waits in the database between its start
//! and its finish for five minutes and is taken once, by the browser holding
//! the cookie the start gave it; adding a passkey is also bound to the
//! session that asked.

use serde_json::Value;
use webauthn_rs::prelude::{
    DiscoverableAuthentication, Passkey, PasskeyRegistration, PublicKeyCredential, RegisterPublicKeyCredential, Url,
    Uuid, Webauthn, WebauthnBuilder,
};

use super::model::{PasskeyInfo, User};
use super::store::{self, NewPasskey};
use crate::{
    foundation::error::{AppError, AppResult},
    platform::audit::Event,
    platform::clock::{MINUTE, now_ms, rfc3339},
    platform::config::Config,
    platform::db::Db,
    platform::ids::{hash_secret, new_id, new_secret},
    platform::state::AppState,
};

/// The cookie that carries a ceremony from its start to its finish.
pub const CEREMONY_COOKIE: &str = "registry_webauthn";
/// How long a ceremony may take (the `WebAuthn` default timeout).
pub const CEREMONY_MS: i64 = 5 * MINUTE;
/// Passkeys per account: enough for every device a person owns.
const MAX_PASSKEYS: i64 = 20;
const NAME_MAX: usize = 60;

/// The relying party: the registry's public host, any port in development
/// (the browser tests serve on a free one).
fn webauthn(config: &Config) -> AppResult<Webauthn> {
    let origin: &Url = &config.public_url;
    let rp_id = origin.host_str().ok_or_else(|| anyhow::anyhow!("REGISTRY_PUBLIC_URL has no host for passkeys"))?;
    let built = WebauthnBuilder::new(rp_id, origin)
        .and_then(|b| b.rp_name("European Small-Craft Registry").allow_any_port(config.is_dev()).build());
    built.map_err(|e| {
        AppError::Internal(anyhow::anyhow!("passkeys need REGISTRY_PUBLIC_URL to name a host (not an IP address): {e}"))
    })
}

fn ceremony_failed() -> AppError {
    AppError::bad_request("passkey_ceremony_failed", "passkey_ceremony_failed")
}

fn ceremony_expired() -> AppError {
    AppError::bad_request("passkey_ceremony_expired", "passkey_ceremony_expired")
}

/// A started ceremony: the options for `navigator.credentials`, and the
/// secret for the cookie that must come back with the finish.
pub struct Started {
    pub options: Value,
    pub cookie_secret: String,
}

/// Start adding a passkey to the signed-in account.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn register_start(state: &AppState, user: &User, session_secret: &str) -> AppResult<Started> {
    if user.passkey_count >= MAX_PASSKEYS {
        return Err(AppError::Conflict("too_many_passkeys".into()));
    }
    let stored = if let Some(h) = store::webauthn_handle(&state.db, &user.id).await? {
        h
    } else {
        let fresh = Uuid::new_v4().to_string();
        store::set_webauthn_handle(&state.db, &user.id, &fresh).await?;
        // A parallel start may have set one first: use whichever is stored.
        store::webauthn_handle(&state.db, &user.id).await?.unwrap_or(fresh)
    };
    let handle = Uuid::parse_str(&stored).map_err(|e| anyhow::anyhow!("stored user handle: {e}"))?;
    let (options, registration) = registration_options(state, user, handle).await?;
    let state_json = serde_json::to_string(&registration).map_err(anyhow::Error::from)?;
    let cookie_secret = new_secret();
    store::insert_challenge(
        &state.db,
        &store::NewChallenge {
            id_hash: &hash_secret(&cookie_secret),
            purpose: "register",
            bound_to: Some(&hash_secret(session_secret)),
            user_id: Some(&user.id),
            state: &state_json,
            expires_at: now_ms() + CEREMONY_MS,
        },
    )
    .await?;
    Ok(Started { options, cookie_secret })
}

/// The options for `navigator.credentials.create` and the ceremony's state,
/// for a new passkey of `user` under `handle`, its existing ones excluded.
async fn registration_options(state: &AppState, user: &User, handle: Uuid) -> AppResult<(Value, PasskeyRegistration)> {
    let exclude =
        store::credential_ids_of(&state.db, &user.id).await?.iter().filter_map(|id| b64url_decode(id)).collect();
    let display = user.name.clone().unwrap_or_else(|| user.email.clone());
    let (options, registration) = webauthn(&state.config)?
        .start_passkey_registration(handle, &user.email, &display, Some(exclude))
        .map_err(|e| anyhow::anyhow!("starting a passkey registration: {e}"))?;
    // A passkey is a discoverable credential: the sign-in asks for no email,
    // so the authenticator must keep it (webauthn-rs asks for none by default).
    let mut options = serde_json::to_value(&options).map_err(anyhow::Error::from)?;
    options["publicKey"]["authenticatorSelection"]["residentKey"] = "required".into();
    options["publicKey"]["authenticatorSelection"]["requireResidentKey"] = true.into();
    Ok((options, registration))
}

/// Finish adding a passkey: the browser's answer checked against the
/// ceremony this session started, then kept under `name`.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn register_finish(
    state: &AppState,
    user: &User,
    session_secret: &str,
    cookie_secret: Option<&str>,
    name: Option<&str>,
    credential: &RegisterPublicKeyCredential,
) -> AppResult<PasskeyInfo> {
    let taken = take_challenge(&state.db, cookie_secret, "register").await?;
    if taken.bound_to.as_deref() != Some(hash_secret(session_secret).as_str())
        || taken.user_id.as_deref() != Some(&user.id)
    {
        return Err(ceremony_expired());
    }
    let mut tx = state.begin().await?;
    let added = keep_new_passkey(state, &mut tx, user, &taken, name, credential).await?;
    tx.commit().await?;
    Ok(added)
}

/// Check a registration's answer against its ceremony and keep the passkey
/// in `tx`, with its audit entry.
async fn keep_new_passkey(
    state: &AppState,
    tx: &mut crate::platform::db::Tx<'_>,
    user: &User,
    taken: &store::TakenChallenge,
    name: Option<&str>,
    credential: &RegisterPublicKeyCredential,
) -> AppResult<PasskeyInfo> {
    let registration: PasskeyRegistration = serde_json::from_str(&taken.state).map_err(anyhow::Error::from)?;
    let passkey = webauthn(&state.config)?.finish_passkey_registration(credential, &registration).map_err(|e| {
        tracing::info!(error = %e, "a passkey registration was refused");
        ceremony_failed()
    })?;
    let name = name.map(str::trim).filter(|n| !n.is_empty()).map_or_else(
        || "Passkey".to_owned(),
        |n| n.chars().filter(|c| !crate::http::input::is_refused_char(*c)).take(NAME_MAX).collect(),
    );
    let flags = flags_of(&passkey);
    let id = new_id();
    let now = now_ms();
    let inserted = store::insert_passkey(
        tx,
        &NewPasskey {
            id: &id,
            user_id: &user.id,
            credential_id: &b64url(passkey.cred_id()),
            passkey: &serde_json::to_string(&passkey).map_err(anyhow::Error::from)?,
            name: &name,
            created_at: now,
            sign_count: flags.0,
            backup_eligible: flags.1,
            backup_state: flags.2,
        },
    )
    .await;
    match inserted {
        Ok(()) => {}
        Err(e) if crate::platform::db::is_unique_violation(&e) => {
            return Err(AppError::Conflict("passkey_already_registered".into()));
        }
        Err(e) => return Err(e.into()),
    }
    Event::new("passkey_added")
        .by(Some(&user.id))
        .subject("user", &user.id)
        .detail(serde_json::json!({"passkey": id}))
        .write(&mut **tx)
        .await?;
    Ok(PasskeyInfo { id, name, created_at: rfc3339(now), last_used_at: None, backed_up: flags.2 == 1 })
}

/// Start adding a passkey with a password reset link, for an account that
/// signs in without a password: the ceremony is bound to the link's token,
/// which its finish redeems.
#[tracing::instrument(skip_all)]
pub async fn recover_start(state: &AppState, token: &str) -> AppResult<Started> {
    let token_hash = hash_secret(token.trim());
    let user_id = super::tokens::account_of(&state.db, token, super::tokens::Purpose::PasswordReset)
        .await?
        .ok_or_else(|| AppError::bad_request("invalid_token", super::tokens::INVALID_TOKEN))?;
    let user = store::live_user_by_id(&state.db, &user_id)
        .await?
        .ok_or_else(|| AppError::bad_request("invalid_token", super::tokens::INVALID_TOKEN))?;
    if user.password_sign_in {
        return Err(AppError::Conflict("password_sign_in_on_reset_password".into()));
    }
    let handle = store::webauthn_handle(&state.db, &user.id)
        .await?
        .and_then(|h| Uuid::parse_str(&h).ok())
        .ok_or_else(|| anyhow::anyhow!("an account without password sign-in has no user handle"))?;
    let (options, registration) = registration_options(state, &user, handle).await?;
    let cookie_secret = new_secret();
    store::insert_challenge(
        &state.db,
        &store::NewChallenge {
            id_hash: &hash_secret(&cookie_secret),
            purpose: "recover",
            bound_to: Some(&token_hash),
            user_id: Some(&user.id),
            state: &serde_json::to_string(&registration).map_err(anyhow::Error::from)?,
            expires_at: now_ms() + CEREMONY_MS,
        },
    )
    .await?;
    Ok(Started { options, cookie_secret })
}

/// Finish a recovery: the reset token redeemed (once), the passkey kept,
/// every session ended, in one transaction. Answers the account, for a new
/// session.
#[tracing::instrument(skip_all)]
pub async fn recover_finish(
    state: &AppState,
    cookie_secret: Option<&str>,
    token: &str,
    name: Option<&str>,
    credential: &RegisterPublicKeyCredential,
) -> AppResult<User> {
    let ceremony = take_challenge(&state.db, cookie_secret, "recover").await?;
    if ceremony.bound_to.as_deref() != Some(hash_secret(token.trim()).as_str()) {
        return Err(ceremony_expired());
    }
    let user_id = ceremony.user_id.clone().ok_or_else(ceremony_expired)?;
    let user = store::live_user_by_id(&state.db, &user_id).await?.ok_or_else(ceremony_expired)?;
    let mut tx = state.begin().await?;
    let redeemed = super::tokens::redeem(&mut tx, token, super::tokens::Purpose::PasswordReset).await?;
    if redeemed.as_deref() != Some(user.id.as_str()) {
        return Err(AppError::bad_request("invalid_token", super::tokens::INVALID_TOKEN));
    }
    keep_new_passkey(state, &mut tx, &user, &ceremony, name, credential).await?;
    super::tokens::revoke_unused(&mut tx, &user.id, super::tokens::Purpose::PasswordReset).await?;
    super::sessions::end_all_for_user(&mut tx, &user.id).await?;
    tx.commit().await?;
    Ok(store::live_user_by_id(&state.db, &user.id).await?.unwrap_or(user))
}

/// The account's passkeys, newest first.
pub async fn list(db: &Db, user_id: &str) -> AppResult<Vec<PasskeyInfo>> {
    Ok(store::passkeys_of(db, user_id)
        .await?
        .into_iter()
        .map(|p| PasskeyInfo {
            id: p.id,
            name: p.name,
            created_at: rfc3339(p.created_at),
            last_used_at: p.last_used_at.map(rfc3339),
            backed_up: p.backup_state == 1,
        })
        .collect())
}

/// Remove one of the account's passkeys.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn remove(state: &AppState, user: &User, id: &str) -> AppResult<()> {
    let mut tx = state.begin().await?;
    // Under the account's row lock: two removals at once cannot both take the last way in.
    let (password_on, count) = store::lock_sign_in_methods(&mut tx, state.backend, &user.id).await?;
    if password_on == 0 && count <= 1 {
        return Err(AppError::Conflict("last_passkey".into()));
    }
    if !store::delete_passkey(&mut tx, &user.id, id).await? {
        return Err(AppError::NotFound("passkey_not_found".into()));
    }
    Event::new("passkey_removed")
        .by(Some(&user.id))
        .subject("user", &user.id)
        .detail(serde_json::json!({"passkey": id}))
        .write(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Start a sign-in with a passkey: any of the registry's, the browser
/// offers the person theirs.
///
/// Each start stores a ceremony before anyone is known, so starts are
/// counted per client address like sign-ins are.
#[tracing::instrument(skip_all, fields(client = %client))]
pub async fn sign_in_start(state: &AppState, client: std::net::IpAddr) -> AppResult<Started> {
    let bucket = format!("passkey-start:{client}");
    if let Some(wait) =
        crate::platform::throttle::reserve(&state.db, &bucket, super::service::LOGIN_PER_CLIENT_LIMIT).await?
    {
        return Err(AppError::too_many("too_many_sign_ins_from_network", wait));
    }
    let (options, authentication) = webauthn(&state.config)?
        .start_discoverable_authentication()
        .map_err(|e| anyhow::anyhow!("starting a passkey sign-in: {e}"))?;
    let mut options = serde_json::to_value(&options).map_err(anyhow::Error::from)?;
    // The sign-in page asks when the person presses its button, not as they type.
    if let Some(o) = options.as_object_mut() {
        o.remove("mediation");
    }
    let cookie_secret = new_secret();
    store::insert_challenge(
        &state.db,
        &store::NewChallenge {
            id_hash: &hash_secret(&cookie_secret),
            purpose: "sign_in",
            bound_to: None,
            user_id: None,
            state: &serde_json::to_string(&authentication).map_err(anyhow::Error::from)?,
            expires_at: now_ms() + CEREMONY_MS,
        },
    )
    .await?;
    Ok(Started { options, cookie_secret })
}

/// Finish a passkey sign-in: the assertion checked against the ceremony and
/// the stored passkey of the account it names; its counter and backup flags
/// kept. Answers the account.
#[tracing::instrument(skip_all)]
pub async fn sign_in_finish(
    state: &AppState,
    cookie_secret: Option<&str>,
    credential: &PublicKeyCredential,
) -> AppResult<User> {
    let taken = take_challenge(&state.db, cookie_secret, "sign_in").await?;
    let authentication: DiscoverableAuthentication = serde_json::from_str(&taken.state).map_err(anyhow::Error::from)?;
    let webauthn = webauthn(&state.config)?;
    let (handle, credential_id) =
        webauthn.identify_discoverable_authentication(credential).map_err(|_| ceremony_failed())?;
    let Some(row) = store::passkey_by_credential(&state.db, &b64url(credential_id)).await? else {
        return Err(AppError::Unauthorized("passkey_unknown".into()));
    };
    // The library checks the credential; that it is this account's is ours to check.
    if row.webauthn_handle.as_deref() != Some(handle.to_string().as_str()) {
        return Err(AppError::Unauthorized("passkey_unknown".into()));
    }
    let mut passkey: Passkey = serde_json::from_str(&row.passkey).map_err(anyhow::Error::from)?;
    let result = webauthn.finish_discoverable_authentication_v2(credential, authentication, &passkey).map_err(|e| {
        tracing::info!(error = %e, "a passkey sign-in was refused");
        ceremony_failed()
    })?;
    passkey.update_credential(&result);
    store::passkey_used(
        &state.db,
        &row.id,
        &serde_json::to_string(&passkey).map_err(anyhow::Error::from)?,
        now_ms(),
        i64::from(result.counter()),
        result.backup_state(),
    )
    .await?;
    let user = store::live_user_by_id(&state.db, &row.user_id)
        .await?
        .ok_or_else(|| AppError::Unauthorized("passkey_unknown".into()))?;
    Ok(user)
}

/// Forget the account's passkeys and open ceremonies (archiving).
pub async fn forget(tx: &mut crate::platform::db::Tx<'_>, user_id: &str) -> sqlx::Result<()> {
    store::delete_passkeys_of_user(tx, user_id).await
}

/// Take the ceremony the cookie names, once, if it has not expired.
async fn take_challenge(db: &Db, cookie_secret: Option<&str>, purpose: &str) -> AppResult<store::TakenChallenge> {
    let secret = cookie_secret.ok_or_else(ceremony_expired)?;
    store::take_challenge(db, &hash_secret(secret), purpose, now_ms()).await?.ok_or_else(ceremony_expired)
}

/// (counter, backup eligible, backed up) as stored, from the passkey's own record.
fn flags_of(passkey: &Passkey) -> (i64, i64, i64) {
    let v = serde_json::to_value(passkey).unwrap_or_default();
    let cred = &v["cred"];
    (
        cred["counter"].as_i64().unwrap_or(0),
        i64::from(cred["backup_eligible"].as_bool().unwrap_or(false)),
        i64::from(cred["backup_state"].as_bool().unwrap_or(false)),
    )
}

fn b64url(bytes: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

fn b64url_decode(text: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(text).ok()
}

/// The `Set-Cookie` value carrying a ceremony (only to the passkey routes).
pub fn ceremony_cookie(secret: &str, secure: bool) -> String {
    let mut c = format!(
        "{CEREMONY_COOKIE}={secret}; Path=/api/auth/passkeys; HttpOnly; SameSite=Strict; Max-Age={}",
        CEREMONY_MS / 1000
    );
    if secure {
        c.push_str("; Secure");
    }
    c
}
