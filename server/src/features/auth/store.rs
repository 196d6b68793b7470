//! Every SQL statement of accounts: users, sessions, email tokens, the
//! mobile number's verification, and the lock on administrators' roles.

use super::model::{Recipient, UserRow};
use crate::platform::db::{Backend, Db, Tx};

/// Columns to select for a [`super::User`] (`UserRow`), with table alias `u`.
pub const USER_COLUMNS: &str = "u.id, u.role, u.name, u.name_verified_at, u.owner_kind, u.company_number, u.email, \
     u.phone_e164, u.email_verified_at, u.phone_verified_at, u.identity_verification_status, u.identity_failure_code, \
     u.language";

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

/// The id and language of the live account with this email.
pub(super) async fn live_user_id_and_language(tx: &mut Tx<'_>, email: &str) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as::<_, (String, String)>("SELECT id, language FROM users WHERE email = $1 AND archived_at IS NULL")
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

pub(super) async fn insert_session(
    tx: &mut Tx<'_>,
    id_hash: &str,
    user_id: &str,
    remember: bool,
    now: i64,
    expires_at: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sessions (id_hash, user_id, remember, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, $3, $4, $4, $5)",
    )
    .bind(id_hash)
    .bind(user_id)
    .bind(i64::from(remember))
    .bind(now)
    .bind(expires_at)
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
}

/// The user of the unexpired session `id_hash`, unless the account is archived.
pub(super) async fn live_session(db: &Db, id_hash: &str, now: i64) -> sqlx::Result<Option<SessionUser>> {
    sqlx::query_as::<_, SessionUser>(&format!(
        "SELECT {USER_COLUMNS}, s.remember, s.last_seen_at FROM sessions s
         JOIN users u ON u.id = s.user_id
         WHERE s.id_hash = $1 AND s.expires_at > $2 AND u.archived_at IS NULL"
    ))
    .bind(id_hash)
    .bind(now)
    .fetch_optional(db)
    .await
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
