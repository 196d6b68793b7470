//! argon2id password hashing, run on the blocking pool so that a burst of
//! logins does not stall the async runtime.

use argon2::{
    Argon2, PasswordHash, PasswordHasher, PasswordVerifier,
    password_hash::{SaltString, rand_core::OsRng},
};

use crate::domain::NewPassword;

pub async fn hash(password: &NewPassword) -> anyhow::Result<String> {
    let password = password.expose().to_owned();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await?
}

/// A hash of a random password, verified against when the account does not
/// exist so that both cases take the same time.
const DECOY: &str = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$Bh5eYxDdTFiGSUl7xyZnrDkhR7Hfm/L0d3XyRptBsWA";

pub async fn verify(stored_hash: Option<String>, candidate: &str) -> anyhow::Result<bool> {
    let candidate = candidate.to_owned();
    let exists = stored_hash.is_some();
    let stored = stored_hash.unwrap_or_else(|| DECOY.to_owned());
    let matches = tokio::task::spawn_blocking(move || {
        // An account without a usable hash (seeded owners) never matches,
        // but still costs one verification.
        let (parsed, usable) = match PasswordHash::new(&stored) {
            Ok(p) => (p, true),
            Err(_) => (PasswordHash::new(DECOY).expect("decoy hash parses"), false),
        };
        Argon2::default().verify_password(candidate.as_bytes(), &parsed).is_ok() && usable
    })
    .await?;
    Ok(exists && matches)
}
