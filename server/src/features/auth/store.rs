//! Every SQL statement of accounts: users, sessions, email tokens, the
//! mobile number's verification, and the lock on administrators' roles.

use super::model::{Recipient, UserRow};
use crate::platform::db::{Backend, Db, Tx};

/// Columns to select for a [`super::User`] (`UserRow`), with table alias `u`.
pub const USER_COLUMNS: &str = "u.id, u.role, u.name, u.name_verified_at, u.owner_kind, u.company_number, u.email, \
     u.phone_e164, u.email_verified_at, u.phone_verified_at, u.identity_verification_status, u.identity_failure_code, \
     u.language, u.password_sign_in, (SELECT COUNT(*) FROM passkeys pk WHERE pk.user_id = u.id) AS passkey_count";

// ---- users ----

/// A new account, as registration inserts it.
pub(super) struct NewUser<'a> {
    pub(super) id: &'a str,
    pub(super) email: &'a str,
    pub(super) password_hash: &'a str,
    pub(super) phone_e164: Option<String>,
    pub(super) created_at: i64,
    pub(super) language: &'a str,
    pub(super) name: Option<String>,
    pub(super) owner_kind: &'a str,
    pub(super) company_number: Option<String>,
}

/// Insert the account; a taken email is a unique violation, which the
/// caller answers (PostgreSQL aborts the transaction on it).
pub(super) async fn insert_user(tx: &mut Tx<'_>, u: NewUser<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, phone_e164, created_at, language, name, owner_kind, company_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(u.id)
    .bind(u.email)
    .bind(u.password_hash)
    .bind(u.phone_e164)
    .bind(u.created_at)
    .bind(u.language)
    .bind(u.name)
    .bind(u.owner_kind)
    .bind(u.company_number)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Set the owner's name, kind and company number; 0 rows when the name was
/// verified by an identity check and this would change it (the refusal is
/// part of the update's condition, so a check completing at the same moment
/// cannot be overwritten).
pub(super) async fn set_owner_unless_verified(
    tx: &mut Tx<'_>,
    user_id: &str,
    name: &str,
    owner_kind: &str,
    company_number: Option<&str>,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE users SET name = $1, owner_kind = $2, company_number = $3,
             name_verified_at = CASE WHEN owner_kind = $2 AND name = $1 THEN name_verified_at ELSE NULL END
         WHERE id = $4
           AND (name_verified_at IS NULL OR owner_kind <> 'person' OR $2 <> 'person' OR name = $1)",
    )
    .bind(name)
    .bind(owner_kind)
    .bind(company_number)
    .bind(user_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// The first verification time stays; a second verification changes nothing.
pub(super) async fn mark_email_verified(tx: &mut Tx<'_>, user_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET email_verified_at = COALESCE(email_verified_at, $1) WHERE id = $2")
        .bind(now)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A live account and its password hash, to check a sign-in.
#[derive(sqlx::FromRow)]
pub(super) struct UserWithPassword {
    #[sqlx(flatten)]
    pub(super) user: UserRow,
    pub(super) password_hash: String,
}

pub(super) async fn live_user_with_password(db: &Db, email: &str) -> sqlx::Result<Option<UserWithPassword>> {
    sqlx::query_as::<_, UserWithPassword>(&format!(
        "SELECT {USER_COLUMNS}, u.password_hash FROM users u WHERE u.email = $1 AND u.archived_at IS NULL"
    ))
    .bind(email)
    .fetch_optional(db)
    .await
}

pub(super) async fn set_last_signed_in(tx: &mut Tx<'_>, user_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET last_signed_in_at = $1 WHERE id = $2")
        .bind(now)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The id, language and password sign-in flag (1 on, 0 off) of the live
/// account with this email.
pub(super) async fn live_user_for_reset(tx: &mut Tx<'_>, email: &str) -> sqlx::Result<Option<(String, String, i64)>> {
    sqlx::query_as("SELECT id, language, password_sign_in FROM users WHERE email = $1 AND archived_at IS NULL")
        .bind(email)
        .fetch_optional(&mut **tx)
        .await
}

/// Set the password hash; answers the account's email.
pub(super) async fn set_password_hash(tx: &mut Tx<'_>, user_id: &str, hash: &str) -> sqlx::Result<String> {
    sqlx::query_scalar("UPDATE users SET password_hash = $1 WHERE id = $2 RETURNING email")
        .bind(hash)
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await
}

/// The language column of the recipient's live account.
pub(super) async fn language_of(conn: &mut sqlx::AnyConnection, who: Recipient<'_>) -> sqlx::Result<Option<String>> {
    let (sql, value) = match who {
        Recipient::Id(id) => ("SELECT language FROM users WHERE id = $1 AND archived_at IS NULL", id),
        Recipient::Email(email) => ("SELECT language FROM users WHERE email = $1 AND archived_at IS NULL", email),
        Recipient::VerifiedPhone(phone) => (
            "SELECT language FROM users WHERE phone_e164 = $1 AND phone_verified_at IS NOT NULL AND archived_at IS NULL",
            phone,
        ),
    };
    sqlx::query_scalar(sql).bind(value).fetch_optional(conn).await
}

/// An open account's email address and language.
pub(super) async fn open_contact(
    conn: &mut sqlx::AnyConnection,
    user_id: &str,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as("SELECT email, language FROM users WHERE id = $1 AND archived_at IS NULL")
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

pub(super) async fn set_language(conn: &mut sqlx::AnyConnection, user_id: &str, code: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET language = $1 WHERE id = $2").bind(code).bind(user_id).execute(conn).await?;
    Ok(())
}

// ---- roles ----

/// Serialise changes to who is an administrator on PostgreSQL (SQLite's
/// write lock already does).
pub(super) async fn lock_roles(backend: Backend, tx: &mut Tx<'_>) -> sqlx::Result<()> {
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(727275)").execute(&mut **tx).await?;
    }
    Ok(())
}

/// Set the role; 0 rows when the account is not live, when it would take the
/// last administrator's role, or when `admin` is no longer an administrator
/// (all counted in this statement, so two demotions at once cannot leave
/// the registry without one).
pub(super) async fn set_role_keeping_an_admin(
    tx: &mut Tx<'_>,
    user_id: &str,
    role: &str,
    admin: &str,
) -> sqlx::Result<u64> {
    // The actor must still be an administrator when the change is made.
    Ok(sqlx::query(
        "UPDATE users SET role = $1 WHERE id = $2 AND archived_at IS NULL
           AND ($1 = 'admin' OR (SELECT COUNT(*) FROM users a WHERE a.role = 'admin' AND a.archived_at IS NULL AND a.id <> $2) > 0)
           AND EXISTS (SELECT 1 FROM users x WHERE x.id = $3 AND x.role = 'admin' AND x.archived_at IS NULL)",
    )
    .bind(role)
    .bind(user_id)
    .bind(admin)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

/// 1 when the account exists and is not archived, else 0.
pub(super) async fn live_accounts_with_id(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE id = $1 AND archived_at IS NULL")
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await
}

// ---- sessions ----

pub(super) struct NewSession<'a> {
    pub(super) id_hash: &'a str,
    pub(super) public_id: &'a str,
    pub(super) user_id: &'a str,
    pub(super) remember: bool,
    pub(super) now: i64,
    pub(super) expires_at: i64,
    pub(super) user_agent: Option<&'a str>,
}

pub(super) async fn insert_session(tx: &mut Tx<'_>, s: &NewSession<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sessions (id_hash, public_id, user_id, remember, created_at, last_seen_at, expires_at,
                               authenticated_at, user_agent)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $5, $7)",
    )
    .bind(s.id_hash)
    .bind(s.public_id)
    .bind(s.user_id)
    .bind(i64::from(s.remember))
    .bind(s.now)
    .bind(s.expires_at)
    .bind(s.user_agent)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A live session's user, with what extending the session needs.
#[derive(sqlx::FromRow)]
pub(super) struct SessionUser {
    #[sqlx(flatten)]
    pub(super) user: UserRow,
    /// 1 when "Remember me" was chosen.
    pub(super) remember: i64,
    pub(super) last_seen_at: i64,
    pub(super) public_id: String,
    pub(super) authenticated_at: i64,
}

/// The user of the unexpired session `id_hash`, unless the account is archived.
pub(super) async fn live_session(db: &Db, id_hash: &str, now: i64) -> sqlx::Result<Option<SessionUser>> {
    sqlx::query_as::<_, SessionUser>(&format!(
        "SELECT {USER_COLUMNS}, s.remember, s.last_seen_at, s.public_id, s.authenticated_at FROM sessions s
         JOIN users u ON u.id = s.user_id
         WHERE s.id_hash = $1 AND s.expires_at > $2 AND u.archived_at IS NULL"
    ))
    .bind(id_hash)
    .bind(now)
    .fetch_optional(db)
    .await
}

/// The holder of the session proved who they are again.
pub(super) async fn set_authenticated_at(db: &Db, id_hash: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET authenticated_at = $1 WHERE id_hash = $2")
        .bind(now)
        .bind(id_hash)
        .execute(db)
        .await?;
    Ok(())
}

/// The account's live sessions, the most recently used first.
pub(super) async fn sessions_of_user(db: &Db, user_id: &str, now: i64) -> sqlx::Result<Vec<SessionListRow>> {
    sqlx::query_as(
        "SELECT id_hash, public_id, created_at, last_seen_at, user_agent FROM sessions
          WHERE user_id = $1 AND expires_at > $2 ORDER BY last_seen_at DESC, created_at DESC",
    )
    .bind(user_id)
    .bind(now)
    .fetch_all(db)
    .await
}

#[derive(sqlx::FromRow)]
pub(super) struct SessionListRow {
    pub(super) id_hash: String,
    pub(super) public_id: String,
    pub(super) created_at: i64,
    pub(super) last_seen_at: i64,
    pub(super) user_agent: Option<String>,
}

/// End one of the account's sessions by its public id; false when it has none such.
pub(super) async fn delete_session_of_user(db: &Db, user_id: &str, public_id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND public_id = $2")
        .bind(user_id)
        .bind(public_id)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// End every session of the account but `keep`; how many ended.
pub(super) async fn delete_other_sessions(db: &Db, user_id: &str, keep: &str) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2")
        .bind(user_id)
        .bind(keep)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

/// Record that the account signed in from the browser `hash`: true when it
/// is new to the account (this statement added it, so parallel sign-ins from
/// one browser count it once).
pub(super) async fn add_known_browser(tx: &mut Tx<'_>, user_id: &str, hash: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO known_browsers (user_id, browser_hash, first_seen_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, browser_hash) DO NOTHING",
    )
    .bind(user_id)
    .bind(hash)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// How many browsers the account has signed in from.
pub(super) async fn known_browser_count(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM known_browsers WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(&mut **tx)
        .await
}

/// Forget the account's browsers (archiving erases them).
pub(super) async fn delete_known_browsers(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM known_browsers WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

/// Extend the session's idle window.
pub(super) async fn touch_session(db: &Db, id_hash: &str, now: i64, expires_at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET last_seen_at = $1, expires_at = $2 WHERE id_hash = $3")
        .bind(now)
        .bind(expires_at)
        .bind(id_hash)
        .execute(db)
        .await?;
    Ok(())
}

pub(super) async fn delete_session(db: &Db, id_hash: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE id_hash = $1").bind(id_hash).execute(db).await?;
    Ok(())
}

pub(super) async fn delete_sessions_of_user(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

// ---- email tokens ----

pub(super) async fn insert_token(
    tx: &mut Tx<'_>,
    token_hash: &str,
    purpose: &str,
    user_id: &str,
    now: i64,
    expires_at: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO tokens (token_hash, purpose, user_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(token_hash)
    .bind(purpose)
    .bind(user_id)
    .bind(now)
    .bind(expires_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Mark the token used and return its user, if it is live, unused, of this
/// purpose and its account is not archived. The conditional UPDATE makes two
/// concurrent redemptions of one token yield exactly one success.
pub(super) async fn redeem_token(
    tx: &mut Tx<'_>,
    token_hash: &str,
    purpose: &str,
    now: i64,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "UPDATE tokens SET used_at = $1
         WHERE token_hash = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $1
           AND user_id IN (SELECT id FROM users WHERE archived_at IS NULL)
         RETURNING user_id",
    )
    .bind(now)
    .bind(token_hash)
    .bind(purpose)
    .fetch_optional(&mut **tx)
    .await
}

pub(super) async fn revoke_unused_tokens(tx: &mut Tx<'_>, user_id: &str, purpose: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE tokens SET used_at = $1 WHERE user_id = $2 AND purpose = $3 AND used_at IS NULL")
        .bind(now)
        .bind(user_id)
        .bind(purpose)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

// ---- the mobile number ----

/// Set the number; its verification stays only when it is the same number.
pub(super) async fn set_phone(tx: &mut Tx<'_>, user_id: &str, phone: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE users SET phone_e164 = $1,
             phone_verified_at = CASE WHEN phone_e164 = $1 THEN phone_verified_at ELSE NULL END
         WHERE id = $2",
    )
    .bind(phone)
    .bind(user_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Use up the unused phone codes whose subject matches `subject_like`.
pub(super) async fn revoke_phone_codes(tx: &mut Tx<'_>, subject_like: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE one_time_codes SET used_at = $1 WHERE purpose = 'phone' AND subject LIKE $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(subject_like)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// How many other live accounts have this number verified.
pub(super) async fn phone_verified_elsewhere(tx: &mut Tx<'_>, phone: &str, user_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) AS n FROM users WHERE phone_e164 = $1 AND phone_verified_at IS NOT NULL
           AND archived_at IS NULL AND id <> $2",
    )
    .bind(phone)
    .bind(user_id)
    .fetch_one(&mut **tx)
    .await
}

/// Mark the number verified if it is still the account's and unverified;
/// another account verifying it first is a unique violation.
pub(super) async fn mark_phone_verified(tx: &mut Tx<'_>, user_id: &str, phone: &str, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE users SET phone_verified_at = $1 WHERE id = $2 AND phone_e164 = $3 AND phone_verified_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .bind(phone)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}

// ---- passkeys ----

pub(super) async fn webauthn_handle(db: &Db, user_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT webauthn_handle FROM users WHERE id = $1").bind(user_id).fetch_one(db).await
}

/// Give the account its user handle, unless it has one already.
pub(super) async fn set_webauthn_handle(db: &Db, user_id: &str, handle: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET webauthn_handle = $1 WHERE id = $2 AND webauthn_handle IS NULL")
        .bind(handle)
        .bind(user_id)
        .execute(db)
        .await?;
    Ok(())
}

pub(super) async fn credential_ids_of(db: &Db, user_id: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT credential_id FROM passkeys WHERE user_id = $1").bind(user_id).fetch_all(db).await
}

pub(super) struct NewChallenge<'a> {
    pub(super) id_hash: &'a str,
    pub(super) purpose: &'a str,
    pub(super) bound_to: Option<&'a str>,
    pub(super) user_id: Option<&'a str>,
    pub(super) state: &'a str,
    pub(super) expires_at: i64,
}

pub(super) async fn insert_challenge(db: &Db, c: &NewChallenge<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO webauthn_challenges (id_hash, purpose, bound_to, user_id, state, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(c.id_hash)
    .bind(c.purpose)
    .bind(c.bound_to)
    .bind(c.user_id)
    .bind(c.state)
    .bind(c.expires_at)
    .execute(db)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
pub(super) struct TakenChallenge {
    pub(super) bound_to: Option<String>,
    pub(super) user_id: Option<String>,
    pub(super) state: String,
}

/// Take a ceremony's state: deleted in the statement that reads it, so it
/// serves one finish however many arrive at once.
pub(super) async fn take_challenge(
    db: &Db,
    id_hash: &str,
    purpose: &str,
    now: i64,
) -> sqlx::Result<Option<TakenChallenge>> {
    sqlx::query_as(
        "DELETE FROM webauthn_challenges WHERE id_hash = $1 AND purpose = $2 AND expires_at > $3
         RETURNING bound_to, user_id, state",
    )
    .bind(id_hash)
    .bind(purpose)
    .bind(now)
    .fetch_optional(db)
    .await
}

pub(super) struct NewPasskey<'a> {
    pub(super) id: &'a str,
    pub(super) user_id: &'a str,
    pub(super) credential_id: &'a str,
    pub(super) passkey: &'a str,
    pub(super) name: &'a str,
    pub(super) created_at: i64,
    pub(super) sign_count: i64,
    pub(super) backup_eligible: i64,
    pub(super) backup_state: i64,
}

pub(super) async fn insert_passkey(tx: &mut Tx<'_>, p: &NewPasskey<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO passkeys (id, user_id, credential_id, passkey, name, created_at, sign_count, backup_eligible,
                               backup_state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(p.id)
    .bind(p.user_id)
    .bind(p.credential_id)
    .bind(p.passkey)
    .bind(p.name)
    .bind(p.created_at)
    .bind(p.sign_count)
    .bind(p.backup_eligible)
    .bind(p.backup_state)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
pub(super) struct PasskeyRow {
    pub(super) id: String,
    pub(super) name: String,
    pub(super) created_at: i64,
    pub(super) last_used_at: Option<i64>,
    pub(super) backup_state: i64,
}

pub(super) async fn passkeys_of(db: &Db, user_id: &str) -> sqlx::Result<Vec<PasskeyRow>> {
    sqlx::query_as(
        "SELECT id, name, created_at, last_used_at, backup_state FROM passkeys WHERE user_id = $1
          ORDER BY created_at DESC, id DESC",
    )
    .bind(user_id)
    .fetch_all(db)
    .await
}

/// Lock the account's row for a change to how it signs in, and answer
/// whether password sign-in is on and how many passkeys it holds.
pub(super) async fn lock_sign_in_methods(tx: &mut Tx<'_>, backend: Backend, user_id: &str) -> sqlx::Result<(i64, i64)> {
    let lock = if backend == Backend::Postgres { " FOR UPDATE OF u" } else { "" };
    sqlx::query_as(&format!(
        "SELECT u.password_sign_in, (SELECT COUNT(*) FROM passkeys p WHERE p.user_id = u.id) FROM users u
          WHERE u.id = $1{lock}"
    ))
    .bind(user_id)
    .fetch_one(&mut **tx)
    .await
}

pub(super) async fn set_password_sign_in(tx: &mut Tx<'_>, user_id: &str, on: bool) -> sqlx::Result<()> {
    sqlx::query("UPDATE users SET password_sign_in = $1 WHERE id = $2")
        .bind(i64::from(on))
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The account a reset token names, if it is live and unused (not redeemed).
pub(super) async fn token_user(db: &Db, token_hash: &str, purpose: &str, now: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT user_id FROM tokens
          WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
            AND user_id IN (SELECT id FROM users WHERE archived_at IS NULL)",
    )
    .bind(token_hash)
    .bind(purpose)
    .bind(now)
    .fetch_optional(db)
    .await
}

pub(super) async fn delete_passkey(tx: &mut Tx<'_>, user_id: &str, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM passkeys WHERE user_id = $1 AND id = $2")
        .bind(user_id)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Every passkey and open ceremony of the account (archiving erases them).
pub(super) async fn delete_passkeys_of_user(tx: &mut Tx<'_>, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM passkeys WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    sqlx::query("DELETE FROM webauthn_challenges WHERE user_id = $1").bind(user_id).execute(&mut **tx).await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
pub(super) struct PasskeyOwner {
    pub(super) id: String,
    pub(super) user_id: String,
    pub(super) passkey: String,
    pub(super) webauthn_handle: Option<String>,
}

/// A live account's passkey by its credential id.
pub(super) async fn passkey_by_credential(db: &Db, credential_id: &str) -> sqlx::Result<Option<PasskeyOwner>> {
    sqlx::query_as(
        "SELECT p.id, p.user_id, p.passkey, u.webauthn_handle FROM passkeys p JOIN users u ON u.id = p.user_id
          WHERE p.credential_id = $1 AND u.archived_at IS NULL",
    )
    .bind(credential_id)
    .fetch_optional(db)
    .await
}

/// A sign-in used the passkey: its new record, counter and backup state.
pub(super) async fn passkey_used(
    db: &Db,
    id: &str,
    passkey: &str,
    now: i64,
    counter: i64,
    backed_up: bool,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE passkeys SET passkey = $1, last_used_at = $2, sign_count = $3, backup_state = $4 WHERE id = $5",
    )
    .bind(passkey)
    .bind(now)
    .bind(counter)
    .bind(i64::from(backed_up))
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// A live (not archived) account by id.
pub(super) async fn live_user_by_id(db: &Db, user_id: &str) -> sqlx::Result<Option<super::model::User>> {
    sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM users u WHERE u.id = $1 AND u.archived_at IS NULL"))
        .bind(user_id)
        .fetch_optional(db)
        .await
}
