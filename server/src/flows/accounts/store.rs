//! The SQL of the account flows: closing an account's row.

use crate::platform::db::Tx;

/// Archive the account, erasing its password hash, phone and name; 0 rows
/// when it is archived already or is the last administrator (counted in
/// the statement itself).
pub(super) async fn archive_user_unless_last_admin(tx: &mut Tx<'_>, user_id: &str, now: i64) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE users SET archived_at = $1, password_hash = '', phone_e164 = NULL, name = NULL
         WHERE id = $2 AND archived_at IS NULL
           AND (role <> 'admin'
                OR (SELECT COUNT(*) FROM users a WHERE a.role = 'admin' AND a.archived_at IS NULL AND a.id <> $2) > 0)",
    )
    .bind(now)
    .bind(user_id)
    .execute(&mut **tx)
    .await?
    .rows_affected())
}
