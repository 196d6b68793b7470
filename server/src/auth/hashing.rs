//! argon2id password hashing on the application's CPU pool (`crate::cpu`),
//! whose bounded queue keeps a burst of sign-ins from exhausting memory.

use argon2::{
    Argon2, PasswordHash, PasswordHasher, PasswordVerifier,
    password_hash::{SaltString, rand_core::OsRng},
};

use crate::{
    cpu::{CpuError, CpuPool},
    domain::NewPassword,
    error::AppError,
};

/// The answer when the hashing queue is full.
pub fn busy() -> AppError {
    AppError::Unavailable {
        code: "busy",
        message: "The server is busy. Please try again in a moment.".into(),
        retry_after_secs: 2,
    }
}

async fn run<T: Send + 'static>(pool: &CpuPool, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
    pool.run(work).await.map_err(|e| match e {
        CpuError::Busy => busy(),
        CpuError::Gone => AppError::Internal(e.into()),
    })
}

pub async fn hash(pool: &CpuPool, password: &NewPassword) -> Result<String, AppError> {
    let password = password.expose().to_owned();
    run(pool, move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await?
    .map_err(AppError::Internal)
}

/// A hash of a random password, verified against when the account does not
/// exist so that both cases take the same time.
const DECOY: &str = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$Bh5eYxDdTFiGSUl7xyZnrDkhR7Hfm/L0d3XyRptBsWA";

pub async fn verify(pool: &CpuPool, stored_hash: Option<String>, candidate: &str) -> Result<bool, AppError> {
    let candidate = candidate.to_owned();
    let exists = stored_hash.is_some();
    let stored = stored_hash.unwrap_or_else(|| DECOY.to_owned());
    let matches = run(pool, move || {
        // An account without a usable hash (seeded owners, archived ones)
        // never matches, but still costs one verification.
        let decoy = PasswordHash::new(DECOY);
        match (PasswordHash::new(&stored), decoy) {
            (Ok(parsed), _) => Argon2::default().verify_password(candidate.as_bytes(), &parsed).is_ok(),
            (Err(_), Ok(decoy)) => {
                let _ = Argon2::default().verify_password(candidate.as_bytes(), &decoy);
                false
            }
            (Err(_), Err(_)) => false,
        }
    })
    .await?;
    Ok(exists && matches)
}
