//! Demo data for `make run`: a verified administrator and a verified owner.

use sqlx::Row;

use crate::{
    app::AppState,
    clock::now_ms,
    db::Db,
    domain::{Email, NewPassword},
    error::AppError,
    ids::new_id,
};

pub struct DemoAccount {
    pub email: &'static str,
    pub password: &'static str,
    pub role: &'static str,
}

/// Documented in the README. Only ever created in dev mode.
pub const DEMO_ACCOUNTS: &[DemoAccount] = &[
    DemoAccount { email: "admin@registry.test", password: "harbour-master-2025", role: "admin" },
    DemoAccount { email: "owner@registry.test", password: "sloop-owner-2025", role: "user" },
];

pub async fn is_empty(state: &AppState) -> anyhow::Result<bool> {
    let n: i64 = sqlx::query("SELECT COUNT(*) AS n FROM users").fetch_one(&state.db).await?.try_get("n")?;
    Ok(n == 0)
}

pub async fn demo(state: &AppState) -> anyhow::Result<()> {
    anyhow::ensure!(state.config.is_dev(), "demo accounts are only created in dev mode (REGISTRY_MODE=dev)");
    for account in DEMO_ACCOUNTS {
        let email = Email::parse(account.email).map_err(anyhow::Error::msg)?;
        let password = NewPassword::parse(account.password).map_err(anyhow::Error::msg)?;
        let hash = crate::auth::service::hash_password(state, &password).await?;
        let now = now_ms();
        let result = sqlx::query(
            "INSERT INTO users (id, email, password_hash, role, email_verified_at, created_at)
             VALUES ($1, $2, $3, $4, $5, $5)",
        )
        .bind(new_id())
        .bind(email.as_str())
        .bind(hash)
        .bind(account.role)
        .bind(now)
        .execute(&state.db)
        .await;
        match result {
            Err(e) if crate::db::is_unique_violation(&e) => println!("  {} exists already", account.email),
            other => {
                other?;
            }
        }
    }
    Ok(())
}

/// `registry users promote EMAIL`.
pub async fn promote(db: &Db, email: &str) -> Result<(), AppError> {
    let email = Email::parse(email).map_err(|m| AppError::field("email", m))?;
    let changed = sqlx::query("UPDATE users SET role = 'admin' WHERE email = $1 AND archived_at IS NULL")
        .bind(email.as_str())
        .execute(db)
        .await?
        .rows_affected();
    if changed == 0 {
        return Err(AppError::NotFound(format!("No active user with email {email}.")));
    }
    Ok(())
}
