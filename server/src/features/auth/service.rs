//! Account operations, free of HTTP: handlers parse requests into domain
//! types and call these.

use std::net::IpAddr;

use super::{
    hashing,
    model::{OwnerKind, Recipient, Role, User},
    sessions, store,
    tokens::{self, INVALID_TOKEN, Purpose},
};
use crate::platform::throttle::{self, Limit};
use crate::{
    domain::{CompanyNumber, Email, NewPassword, OwnerName, PhoneE164},
    features::outbox::{self, Message},
    foundation::error::{AppError, AppResult},
    foundation::i18n::{Lang, Msg},
    platform::audit::Event,
    platform::clock::{HOUR, MINUTE, now_ms},
    platform::db::{Tx, is_unique_violation},
    platform::ids::new_id,
    platform::state::AppState,
};

pub const INVALID_CREDENTIALS: &str = "invalid_email_password";

/// Ten failed sign-ins for one email within 15 minutes lock it until the
/// window passes.
pub const LOGIN_LIMIT: Limit = Limit { max: 10, window_ms: 15 * MINUTE };
/// Sign-in attempts from one client address across all accounts (credential
/// stuffing). Generous, since an office or a marina's Wi-Fi shares one address.
pub const LOGIN_PER_CLIENT_LIMIT: Limit = Limit { max: 100, window_ms: 15 * MINUTE };
/// Registrations and verification resends from one client address.
pub const SIGNUP_PER_CLIENT_LIMIT: Limit = Limit { max: 20, window_ms: HOUR };

/// Anyone who knows an email can exhaust its sign-in attempts; the owner
/// gets back in at once through a password reset, which clears the count.
pub const ACCOUNT_LOCKED: &str = "account_locked";
const TOO_MANY_FROM_CLIENT: &str = "too_many_sign_ins_from_network";
/// Reset and verification emails per address, and reset requests per client.
pub const EMAIL_SEND_LIMIT: Limit = Limit { max: 5, window_ms: HOUR };
pub const RESET_PER_CLIENT_LIMIT: Limit = Limit { max: 20, window_ms: HOUR };

pub struct Registration {
    pub email: Email,
    pub password: NewPassword,
    pub phone: Option<PhoneE164>,
    pub language: Lang,
    /// The name certificates will print (unverified until an identity check), if given.
    pub owner: Option<Owner>,
}

/// Who owns an account's vessels, as a certificate names them.
pub enum Owner {
    Person(OwnerName),
    Company { name: OwnerName, number: CompanyNumber },
}

impl Owner {
    fn kind(&self) -> OwnerKind {
        match self {
            Self::Person(_) => OwnerKind::Person,
            Self::Company { .. } => OwnerKind::Company,
        }
    }

    fn name(&self) -> &OwnerName {
        match self {
            Self::Person(name) | Self::Company { name, .. } => name,
        }
    }

    fn number(&self) -> Option<&str> {
        match self {
            Self::Person(_) => None,
            Self::Company { number, .. } => Some(number.as_str()),
        }
    }
}

/// Set the name certificates print. A name an identity check verified
/// changes only through another check (409 `verified_name_needs_new_verification`):
/// the refusal is part of the update's condition, so a check completing at
/// the same moment cannot be overwritten. Any other change is unverified.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn set_owner(state: &AppState, user: &User, owner: &Owner) -> AppResult<()> {
    let mut tx = state.begin().await?;
    let changed = store::set_owner_unless_verified(
        &mut tx,
        &user.id,
        owner.name().as_str(),
        owner.kind().as_str(),
        owner.number(),
    )
    .await?;
    if changed == 0 {
        return Err(AppError::Conflict("verified_name_needs_new_verification".into()));
    }
    Event::new("owner_name_set")
        .by(Some(&user.id))
        .subject("user", &user.id)
        .detail(serde_json::json!({"ownerKind": owner.kind().as_str()}))
        .write(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Create an account and send the verification email. An address that
/// already has an account is answered exactly as a new one (the caller cannot
/// tell them apart); its owner gets an email saying someone tried, with links
/// to sign in or reset the password.
#[tracing::instrument(skip_all, fields(client = %client))]
pub async fn register(state: &AppState, r: Registration, client: IpAddr) -> AppResult<()> {
    refuse_when_throttled(state, &format!("register-client:{client}"), SIGNUP_PER_CLIENT_LIMIT).await?;
    // Hashed in both cases so that both take the same time.
    let hash = hashing::hash(&state.cpu, &r.password).await?;
    let id = new_id();
    let mut tx = state.begin().await?;
    let inserted = store::insert_user(
        &mut tx,
        store::NewUser {
            id: &id,
            email: r.email.as_str(),
            password_hash: &hash,
            phone_e164: r.phone.as_ref().map(|p| p.as_str().to_owned()),
            created_at: now_ms(),
            language: r.language.code(),
            name: r.owner.as_ref().map(|o| o.name().as_str().to_owned()),
            owner_kind: r.owner.as_ref().map_or(OwnerKind::Person, Owner::kind).as_str(),
            company_number: r.owner.as_ref().and_then(Owner::number).map(str::to_owned),
        },
    )
    .await;
    match inserted {
        Err(e) if is_unique_violation(&e) => {
            // PostgreSQL aborts the transaction on the violation: start afresh.
            tx.rollback().await?;
            return tell_existing_owner(state, &r.email).await;
        }
        other => other?,
    }
    send_verification(state, &mut tx, &id, &r.email, r.language).await?;
    Event::new("account_registered").by(Some(&id)).subject("user", &id).write(&mut *tx).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}

async fn tell_existing_owner(state: &AppState, email: &Email) -> AppResult<()> {
    // Someone repeating the attempt must not flood the owner's inbox; the
    // answer to the caller stays the same either way.
    if throttle::reserve(&state.db, &format!("exists-mail:{email}"), EMAIL_SEND_LIMIT).await?.is_some() {
        return Ok(());
    }
    let body = Msg::new("mail.account_exists_body")
        .arg("signIn", state.config.link("/login"))
        .arg("reset", state.config.link("/forgot-password"));
    let mut tx = state.begin().await?;
    let lang = language_of(&mut tx, Recipient::Email(email.as_str())).await?.unwrap_or_default();
    let message = Message::email_in(lang, email.as_str(), &Msg::new("mail.account_exists_subject"), &body);
    outbox::enqueue(&mut tx, &message).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}

/// A new link makes the earlier ones stop working.
async fn send_verification(
    state: &AppState,
    tx: &mut Tx<'_>,
    user_id: &str,
    email: &Email,
    lang: Lang,
) -> AppResult<()> {
    tokens::revoke_unused(tx, user_id, Purpose::VerifyEmail).await?;
    let token = tokens::issue(tx, user_id, Purpose::VerifyEmail).await?;
    let body =
        Msg::new("mail.verify_email_body").arg("link", state.config.link(&format!("/verify-email?token={token}")));
    let message = Message::email_in(lang, email.as_str(), &Msg::new("mail.verify_email_subject"), &body);
    outbox::enqueue(tx, &message).await?;
    Ok(())
}

pub async fn verify_email(state: &AppState, token: &str) -> AppResult<()> {
    let mut tx = state.begin().await?;
    let Some(user_id) = tokens::redeem(&mut tx, token, Purpose::VerifyEmail).await? else {
        return Err(AppError::bad_request("invalid_token", INVALID_TOKEN));
    };
    store::mark_email_verified(&mut tx, &user_id, now_ms()).await?;
    Event::new("email_verified").by(Some(&user_id)).subject("user", &user_id).write(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn resend_verification(state: &AppState, user: &User, client: IpAddr) -> AppResult<()> {
    if user.email_verified_at.is_some() {
        return Err(AppError::Conflict("email_address_already_verified".into()));
    }
    refuse_when_throttled(state, &format!("resend-client:{client}"), SIGNUP_PER_CLIENT_LIMIT).await?;
    refuse_when_throttled(state, &format!("verify-mail:{}", user.id), EMAIL_SEND_LIMIT).await?;
    let email = Email::parse(&user.email).map_err(|e| anyhow::anyhow!("stored email: {e}"))?;
    let mut tx = state.begin().await?;
    send_verification(state, &mut tx, &user.id, &email, user.language).await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}

/// Check the credentials and start a fresh session. Returns the user and the
/// session secret for the cookie.
///
/// Whether an email is verified does not matter here: an unverified user may
/// sign in (to resend the link, see their profile), but actions that need a
/// verified address (registering a vessel) check it themselves.
///
/// Each attempt is reserved in the throttle (counted and checked in one
/// statement) before the password is verified, so however many guesses run in
/// parallel, at most `LOGIN_LIMIT.max` of them are ever verified per window.
/// Where a sign-in comes from: the client's address, its `User-Agent`, and
/// the secret of the browser's long-lived cookie (when it has one).
pub struct SignInFrom<'a> {
    pub client: IpAddr,
    pub user_agent: Option<&'a str>,
    pub browser: Option<&'a str>,
}

/// A sign-in: the user, the session's secret, and the secret to give the
/// browser in its cookie when it had none.
pub struct SignedIn {
    pub user: User,
    pub session: String,
    pub new_browser_secret: Option<String>,
}

#[tracing::instrument(skip_all, fields(client = %from.client))]
pub async fn login(
    state: &AppState,
    email: &Email,
    password: &str,
    remember: bool,
    from: &SignInFrom<'_>,
) -> AppResult<SignedIn> {
    let client = from.client;
    if let Some(wait) = throttle::reserve(&state.db, &format!("login-client:{client}"), LOGIN_PER_CLIENT_LIMIT).await? {
        return Err(too_many(wait, TOO_MANY_FROM_CLIENT));
    }
    let account = format!("login:{email}");
    if let Some(wait) = throttle::reserve(&state.db, &account, LOGIN_LIMIT).await? {
        return Err(too_many(wait, ACCOUNT_LOCKED));
    }
    let row = store::live_user_with_password(&state.db, email.as_str()).await?;
    let stored = row.as_ref().map(|r| r.password_hash.clone());
    let known = row.as_ref().map(|r| r.user.id().to_owned());
    let (true, Some(row)) = (hashing::verify(&state.cpu, stored, password).await?, row) else {
        // The account (if there is one) is named by id; an unknown address is
        // not recorded at all.
        let mut failure = Event::new("sign_in").failed().detail(serde_json::json!({"reason": "invalid_credentials"}));
        if let Some(id) = known.as_deref() {
            failure = failure.subject("user", id);
        }
        failure.write(&state.db).await?;
        return Err(AppError::Unauthorized(INVALID_CREDENTIALS.into()));
    };
    let user = User::try_from(row.user)?;
    throttle::clear(&state.db, &account).await?;
    // Told only to whoever knows the password: this account signs in with a passkey.
    if !user.password_sign_in {
        return Err(AppError::Forbidden("password_sign_in_off".into()));
    }
    start_session(state, user, remember, from, "password").await
}

/// A session for `user`, who just proved who they are by `method`
/// (`password` or `passkey`): the last sign-in recorded, the browser
/// remembered, and the owner emailed when the browser is new to the account.
pub async fn start_session(
    state: &AppState,
    user: User,
    remember: bool,
    from: &SignInFrom<'_>,
    method: &str,
) -> AppResult<SignedIn> {
    let now = now_ms();
    let (browser, new_browser_secret) = if let Some(b) = from.browser.filter(|b| b.len() >= 16 && b.len() <= 64) {
        (b.to_owned(), None)
    } else {
        let fresh = crate::platform::ids::new_secret();
        (fresh.clone(), Some(fresh))
    };
    let mut tx = state.begin().await?;
    let secret = sessions::create(&mut tx, &user.id, remember, from.user_agent).await?;
    store::set_last_signed_in(&mut tx, &user.id, now).await?;
    // The first browser an account signs in from is not news; any later new one is.
    let known_before = store::known_browser_count(&mut tx, &user.id).await?;
    let browser_hash = crate::platform::ids::hash_secret(&browser);
    if store::add_known_browser(&mut tx, &user.id, &browser_hash, now).await? && known_before > 0 {
        let ua = from.user_agent.unwrap_or_default();
        let body = Msg::new("mail.new_sign_in_body")
            .arg("time", format!("{} UTC", &crate::platform::clock::rfc3339(now)[..16].replace('T', " ")))
            .arg("browser", crate::domain::user_agent::browser(ua))
            .arg("platform", crate::domain::user_agent::platform(ua))
            .arg("link", state.config.link("/profile#sessions"));
        let message = Message::email_in(user.language, &user.email, &Msg::new("mail.new_sign_in_subject"), &body);
        outbox::enqueue(&mut tx, &message).await?;
    }
    Event::new("sign_in")
        .by(Some(&user.id))
        .subject("user", &user.id)
        .detail(serde_json::json!({"method": method}))
        .write(&mut *tx)
        .await?;
    tx.commit().await?;
    state.wake_outbox();
    Ok(SignedIn { user, session: secret, new_browser_secret })
}

/// The signed-in person proves who they are again with their password, so
/// that a sensitive action may follow (`extract::CurrentUser::require_recent`).
/// Guesses count against the same budget as sign-ins: the account locks
/// after as many wrong passwords, whichever form they were typed in.
#[tracing::instrument(skip_all, fields(user = %user.id, client = %client))]
pub async fn reauthenticate(
    state: &AppState,
    user: &User,
    session_secret: &str,
    password: &str,
    client: IpAddr,
) -> AppResult<()> {
    if !user.password_sign_in {
        return Err(AppError::Forbidden("password_sign_in_off".into()));
    }
    if let Some(wait) = throttle::reserve(&state.db, &format!("login-client:{client}"), LOGIN_PER_CLIENT_LIMIT).await? {
        return Err(too_many(wait, TOO_MANY_FROM_CLIENT));
    }
    let account = format!("login:{}", user.email);
    if let Some(wait) = throttle::reserve(&state.db, &account, LOGIN_LIMIT).await? {
        return Err(too_many(wait, ACCOUNT_LOCKED));
    }
    let row = store::live_user_with_password(&state.db, &user.email).await?;
    let stored = row.map(|r| r.password_hash);
    if !hashing::verify(&state.cpu, stored, password).await? {
        Event::new("reauthenticated")
            .by(Some(&user.id))
            .subject("user", &user.id)
            .failed()
            .detail(serde_json::json!({"reason": "invalid_credentials"}))
            .write(&state.db)
            .await?;
        return Err(AppError::bad_request("invalid_password", "password_incorrect"));
    }
    throttle::clear(&state.db, &account).await?;
    sessions::reauthenticated(&state.db, session_secret).await?;
    Event::new("reauthenticated").by(Some(&user.id)).subject("user", &user.id).write(&state.db).await?;
    Ok(())
}

/// Turn password sign-in on or off. Off needs a passkey first, and the
/// check and the change are made under the account's row lock, so a passkey
/// removed meanwhile cannot leave the account without a way in.
#[tracing::instrument(skip_all, fields(user = %user.id, enabled))]
pub async fn set_password_sign_in(state: &AppState, user: &User, enabled: bool) -> AppResult<()> {
    let mut tx = state.begin().await?;
    let (_, passkeys) = store::lock_sign_in_methods(&mut tx, state.backend, &user.id).await?;
    if !enabled && passkeys == 0 {
        return Err(AppError::Conflict("passkey_needed_first".into()));
    }
    store::set_password_sign_in(&mut tx, &user.id, enabled).await?;
    Event::new("password_sign_in_changed")
        .by(Some(&user.id))
        .subject("user", &user.id)
        .detail(serde_json::json!({"enabled": enabled}))
        .write(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// End one of the account's sessions.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn end_session(state: &AppState, user: &User, public_id: &str) -> AppResult<()> {
    if !sessions::end_by_id(&state.db, &user.id, public_id).await? {
        return Err(AppError::NotFound("session_not_found".into()));
    }
    Event::new("session_ended")
        .by(Some(&user.id))
        .subject("user", &user.id)
        .detail(serde_json::json!({"session": public_id}))
        .write(&state.db)
        .await?;
    Ok(())
}

/// Sign out everywhere else: every session of the account but this one ends.
#[tracing::instrument(skip_all, fields(user = %user.id))]
pub async fn end_other_sessions(state: &AppState, user: &User, session_secret: &str) -> AppResult<u64> {
    let ended = sessions::end_others(&state.db, &user.id, session_secret).await?;
    Event::new("session_ended")
        .by(Some(&user.id))
        .subject("user", &user.id)
        .detail(serde_json::json!({"others": ended}))
        .write(&state.db)
        .await?;
    Ok(ended)
}

/// Always succeeds from the caller's point of view, whether or not the
/// account exists, so the answer does not reveal who has an account.
pub async fn request_password_reset(state: &AppState, email: &Email, client: IpAddr) -> AppResult<()> {
    refuse_when_throttled(state, &format!("reset-client:{client}"), RESET_PER_CLIENT_LIMIT).await?;
    refuse_when_throttled(state, &format!("reset-mail:{email}"), EMAIL_SEND_LIMIT).await?;
    let mut tx = state.begin().await?;
    let user = store::live_user_for_reset(&mut tx, email.as_str()).await?;
    if let Some((user_id, language, password_sign_in)) = user {
        tokens::revoke_unused(&mut tx, &user_id, Purpose::PasswordReset).await?;
        let token = tokens::issue(&mut tx, &user_id, Purpose::PasswordReset).await?;
        // An account that signs in without a password gets back in by adding
        // a passkey (passkeys::recover_*); its link opens the page in that mode.
        let (subject, body, link) = if password_sign_in == 0 {
            (
                "mail.recover_passkey_subject",
                "mail.recover_passkey_body",
                format!("/reset-password?token={token}&passkey=1"),
            )
        } else {
            ("mail.reset_password_subject", "mail.reset_password_body", format!("/reset-password?token={token}"))
        };
        let body = Msg::new(body).arg("link", state.config.link(&link));
        let lang = Lang::parse(&language).unwrap_or_default();
        let message = Message::email_in(lang, email.as_str(), &Msg::new(subject), &body);
        outbox::enqueue(&mut tx, &message).await?;
    }
    tx.commit().await?;
    state.wake_outbox();
    Ok(())
}

/// Set the new password, end every session, and clear the account's failed
/// sign-ins: whoever locked the owner out by guessing does not keep them out.
pub async fn confirm_password_reset(state: &AppState, token: &str, password: &NewPassword) -> AppResult<()> {
    let hash = hashing::hash(&state.cpu, password).await?;
    let mut tx = state.begin().await?;
    let Some(user_id) = tokens::redeem(&mut tx, token, Purpose::PasswordReset).await? else {
        return Err(AppError::bad_request("invalid_token", INVALID_TOKEN));
    };
    // An account without password sign-in recovers by adding a passkey
    // (passkeys::recover_*); the token stays unused (the transaction is dropped).
    let (password_on, _) = store::lock_sign_in_methods(&mut tx, state.backend, &user_id).await?;
    if password_on == 0 {
        return Err(AppError::Conflict("password_sign_in_off_add_passkey".into()));
    }
    let email = store::set_password_hash(&mut tx, &user_id, &hash).await?;
    tokens::revoke_unused(&mut tx, &user_id, Purpose::PasswordReset).await?;
    sessions::end_all_for_user(&mut tx, &user_id).await?;
    tx.commit().await?;
    throttle::clear(&state.db, &format!("login:{email}")).await?;
    Ok(())
}

async fn refuse_when_throttled(state: &AppState, bucket: &str, limit: Limit) -> AppResult<()> {
    match throttle::reserve(&state.db, bucket, limit).await? {
        Some(wait) => Err(too_many(wait, "too_many_requests_try_again")),
        None => Ok(()),
    }
}

fn too_many(retry_after_secs: u64, message: &'static str) -> AppError {
    AppError::too_many(message, retry_after_secs)
}

/// For the seeder, which creates accounts without the registration flow.
pub async fn hash_password(state: &AppState, password: &NewPassword) -> anyhow::Result<String> {
    Ok(hashing::hash(&state.cpu, password).await?)
}

/// Serialise changes to who is an administrator on PostgreSQL (SQLite's
/// write lock already does), so that the last-administrator counts see every
/// other change: role changes and archiving take this lock.
pub async fn lock_roles(state: &AppState, tx: &mut Tx<'_>) -> sqlx::Result<()> {
    store::lock_roles(state.backend, tx).await
}

/// An administrator makes an account an administrator or takes the role
/// away: never their own role, and never the last administrator's (counted
/// in the statement that changes it, so two demotions at once cannot leave
/// the registry without one).
#[tracing::instrument(skip(state))]
pub async fn set_role(state: &AppState, admin: &str, user_id: &str, role: Role) -> AppResult<()> {
    if admin == user_id {
        return Err(AppError::Conflict("cannot_change_own_role".into()));
    }
    let role_text = match role {
        Role::Admin => "admin",
        Role::User => "user",
    };
    let mut tx = state.begin().await?;
    lock_roles(state, &mut tx).await?;
    let changed = store::set_role_keeping_an_admin(&mut tx, user_id, role_text, admin).await?;
    if changed == 0 {
        return Err(if account_open(&mut tx, user_id).await? {
            AppError::Conflict("registry_keep_least_one_administrator".into())
        } else {
            AppError::NotFound("no_such_account".into())
        });
    }
    Event::new("role_changed")
        .by(Some(admin))
        .subject("user", user_id)
        .detail(serde_json::json!({ "role": role_text }))
        .write(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Whether account `user_id` exists and is not archived, read in `tx`.
pub async fn account_open(tx: &mut crate::platform::db::Tx<'_>, user_id: &str) -> sqlx::Result<bool> {
    Ok(store::live_accounts_with_id(tx, user_id).await? > 0)
}

/// The recipient's chosen language, when they have a live account.
pub async fn language_of(conn: &mut sqlx::AnyConnection, who: Recipient<'_>) -> sqlx::Result<Option<Lang>> {
    Ok(store::language_of(conn, who).await?.as_deref().and_then(Lang::parse))
}

/// Email an open account in its language (in the caller's transaction, with
/// the change it tells of); an archived account is not written to.
pub async fn email_account(
    tx: &mut Tx<'_>,
    user_id: &str,
    subject: &Msg,
    body: impl FnOnce(Lang) -> Msg,
) -> AppResult<()> {
    email_account_with(tx, user_id, |lang| (subject.clone(), body(lang))).await
}

/// As [`email_account`], with a subject that depends on the language too
/// (one naming an unnamed vessel, say): `compose` answers subject and body.
pub async fn email_account_with(
    tx: &mut Tx<'_>,
    user_id: &str,
    compose: impl FnOnce(Lang) -> (Msg, Msg),
) -> AppResult<()> {
    if let Some((email, language)) = store::open_contact(tx, user_id).await? {
        let lang = Lang::parse(&language).unwrap_or_default();
        let (subject, body) = compose(lang);
        outbox::enqueue(tx, &Message::email_in(lang, &email, &subject, &body)).await?;
    }
    Ok(())
}

/// Keep `language` as the account's language.
pub async fn set_language(conn: &mut sqlx::AnyConnection, user_id: &str, language: Lang) -> sqlx::Result<()> {
    store::set_language(conn, user_id, language.code()).await
}
