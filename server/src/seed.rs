//! Demo data for `make run`: a verified administrator, a verified owner with
//! three vessels, and a buyer whose mobile number is verified, so that one
//! person with two browsers can play the quay scene (README).

use sqlx::{FromRow, Row};

use crate::{
    app::AppState,
    auth::{USER_COLUMNS, User},
    clock::now_ms,
    db::Db,
    domain::{Email, NewPassword},
    error::AppError,
    ids::new_id,
    vessels::{CreateVesselRequest, NewVessel, lifecycle},
};

pub struct DemoAccount {
    pub email: &'static str,
    pub password: &'static str,
    pub role: &'static str,
    /// A mobile number, verified.
    pub phone: Option<&'static str>,
}

/// Documented in the README. Only ever created in dev mode.
pub const DEMO_ACCOUNTS: &[DemoAccount] = &[
    DemoAccount { email: "admin@registry.test", password: "harbour-master-2025", role: "admin", phone: None },
    DemoAccount {
        email: "owner@registry.test",
        password: "sloop-owner-2025",
        role: "user",
        phone: Some("+31611111111"),
    },
    DemoAccount {
        email: "buyer@registry.test",
        password: "quay-buyer-2025",
        role: "user",
        phone: Some("+31622222222"),
    },
];
const OWNER: &str = "owner@registry.test";
/// The demo owner's first vessel came from this (password-less) account.
const PREVIOUS_OWNER: &str = "previous-owner@registry.invalid";

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
            "INSERT INTO users (id, email, password_hash, role, email_verified_at, phone_e164, phone_verified_at,
                 created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $5)",
        )
        .bind(new_id())
        .bind(email.as_str())
        .bind(hash)
        .bind(account.role)
        .bind(now)
        .bind(account.phone)
        .bind(account.phone.map(|_| now))
        .execute(&state.db)
        .await;
        match result {
            Err(e) if crate::db::is_unique_violation(&e) => println!("  {} exists already", account.email),
            other => {
                other?;
            }
        }
    }
    demo_vessels(state).await
}

async fn user(state: &AppState, email: &str) -> anyhow::Result<User> {
    let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users u WHERE u.email = $1"))
        .bind(email)
        .fetch_one(&state.db)
        .await?;
    Ok(User::from_row(&row)?)
}

/// A vessel registered through the same code a person's registration runs.
async fn register(state: &AppState, owner: &User, request: serde_json::Value) -> anyhow::Result<String> {
    let request: CreateVesselRequest = serde_json::from_value(request)?;
    let (vessel, warnings) = NewVessel::parse(&request, 2026).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let created = crate::vessels::create_vessel(state, owner, vessel, warnings).await?;
    Ok(created.vessel.id)
}

/// The registration fee, as a paid payment would settle it.
async fn activate(state: &AppState, vessel_id: &str, owner: &User) -> anyhow::Result<()> {
    let mut tx = state.begin().await?;
    lifecycle::activate_after_payment(&mut tx, vessel_id, &owner.id, "demo").await?;
    tx.commit().await?;
    Ok(())
}

/// The demo owner's three vessels: an active one bought from a previous
/// owner (its history and chain show the transfer), one awaiting its
/// registration fee, and an active one ready to transfer to the demo buyer.
async fn demo_vessels(state: &AppState) -> anyhow::Result<()> {
    let owner = user(state, OWNER).await?;
    let previous_exists: i64 = sqlx::query("SELECT COUNT(*) AS n FROM users WHERE email = $1")
        .bind(PREVIOUS_OWNER)
        .fetch_one(&state.db)
        .await?
        .try_get("n")?;
    if previous_exists > 0 {
        println!("  the demo owner's vessels exist already");
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO users (id, email, password_hash, email_verified_at, created_at) VALUES ($1, $2, '', $3, $3)",
    )
    .bind(new_id())
    .bind(PREVIOUS_OWNER)
    .bind(now_ms())
    .execute(&state.db)
    .await?;
    let previous = user(state, PREVIOUS_OWNER).await?;
    let vessel = |name: &str, make: &str, model: &str, year: i64, cin: Option<&str>| {
        serde_json::json!({
            "name": name, "countryCode": "NL", "phoneE164": "+31611111111", "make": make, "model": model,
            "buildYear": year, "lengthCm": 1099, "publicVisibility": true, "forSale": false,
            "cin": cin, "legacyId": cin.is_none().then_some("NL 1988 HR031"), "engineSerial": "unknown",
            "identifiers": {"brandmerk": "unknown"}
        })
    };

    let bought =
        register(state, &previous, vessel("Zeemeeuw", "Bavaria", "Cruiser 34", 2019, Some("NL-BAV2K4L7C919"))).await?;
    activate(state, &bought, &previous).await?;
    let mut tx = state.begin().await?;
    lifecycle::start_transfer(&mut tx, &bought, &previous.id, "demo").await?;
    lifecycle::hand_over(&mut tx, &bought, &previous.id, &owner.id, "demo").await?;
    tx.commit().await?;

    register(state, &owner, vessel("Kwikstaart", "Beneteau", "First 27", 2022, Some("NL-BEN3R7X8D222"))).await?;

    let ready = register(state, &owner, vessel("Albatros", "Hallberg-Rassy", "31", 1988, None)).await?;
    activate(state, &ready, &owner).await?;
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
