//! argon2id password hashing on the application's CPU pool (`crate::platform::cpu`),
//! whose bounded queue keeps a burst of sign-ins from exhausting memory.

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, Version,
    password_hash::{self, Output, ParamsString, Salt, SaltString, rand_core::OsRng},
};

use crate::{domain::NewPassword, foundation::error::AppError, platform::cpu::CpuPool};

async fn run<T: Send + 'static>(pool: &CpuPool, work: impl FnOnce() -> T + Send + 'static) -> Result<T, AppError> {
    pool.run_or_busy(work).await
}

/// Each hashing thread keeps one argon2 work area and reuses it: freeing
/// 19 MiB after every hash made glibc raise its mmap threshold, after which
/// the blocks came from per-thread arenas that kept them (three arenas held
/// 58 MiB each after a burst). One reused buffer per thread stays at
/// threads × 19 MiB.
mod work_area {
    use std::cell::RefCell;

    use argon2::Block;

    /// More than any parameters we issue need (m = 19,456 KiB by default).
    const MAX_BLOCKS: usize = 64 * 1024;

    thread_local! {
        static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
    }

    pub fn with<T>(blocks: usize, work: impl FnOnce(&mut [Block]) -> T) -> Option<T> {
        if blocks > MAX_BLOCKS {
            return None;
        }
        BLOCKS.with(|cell| {
            let mut area = cell.borrow_mut();
            if area.len() < blocks {
                area.resize(blocks, Block::default());
            }
            Some(work(&mut area[..blocks]))
        })
    }
}

fn compute(argon: &Argon2<'_>, password: &[u8], salt: &Salt<'_>, out: &mut [u8]) -> Result<(), password_hash::Error> {
    let mut salt_buffer = [0u8; 64];
    let salt = salt.decode_b64(&mut salt_buffer)?;
    work_area::with(argon.params().block_count(), |blocks| {
        argon.hash_password_into_with_memory(password, salt, out, blocks)
    })
    .ok_or(password_hash::Error::ParamValueInvalid(password_hash::errors::InvalidValue::TooLong))?
    .map_err(password_hash::Error::from)
}

fn hash_blocking(password: &[u8]) -> Result<String, password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    let argon = Argon2::default();
    let output = Output::init_with(Params::DEFAULT_OUTPUT_LEN, |out| compute(&argon, password, &salt.as_salt(), out))?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon.params())?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    };
    Ok(hash.to_string())
}

/// True when `candidate` hashes to `stored` (compared in constant time).
fn verify_blocking(stored: &str, candidate: &[u8]) -> Result<bool, password_hash::Error> {
    let parsed = PasswordHash::new(stored)?;
    let (Some(expected), Some(salt)) = (parsed.hash, parsed.salt) else {
        return Err(password_hash::Error::PhcStringField);
    };
    let version = parsed.version.map(Version::try_from).transpose()?.unwrap_or_default();
    let argon = Argon2::new(Algorithm::try_from(parsed.algorithm)?, version, Params::try_from(&parsed)?);
    let actual = Output::init_with(expected.len(), |out| compute(&argon, candidate, &salt, out))?;
    Ok(actual == expected)
}

pub async fn hash(pool: &CpuPool, password: &NewPassword) -> Result<String, AppError> {
    let password = password.expose().to_owned();
    run(pool, move || hash_blocking(password.as_bytes()))
        .await?
        .map_err(|e| AppError::Internal(anyhow::anyhow!("hashing a password: {e}")))
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
        if let Ok(matches) = verify_blocking(&stored, candidate.as_bytes()) {
            matches
        } else {
            let _ = verify_blocking(DECOY, candidate.as_bytes());
            false
        }
    })
    .await?;
    Ok(exists && matches)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_only_and_is_a_standard_phc_string() {
        let hash = hash_blocking(b"harbour-lights-42").unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(verify_blocking(&hash, b"harbour-lights-42").unwrap());
        assert!(!verify_blocking(&hash, b"harbour-lights-43").unwrap());
        // Interoperable with the argon2 crate's own verifier.
        let parsed = PasswordHash::new(&hash).unwrap();
        assert!(argon2::PasswordVerifier::verify_password(&Argon2::default(), b"harbour-lights-42", &parsed).is_ok());
    }

    #[test]
    fn hashes_made_by_the_argon2_crate_still_verify() {
        use argon2::PasswordHasher as _;
        let salt = SaltString::generate(&mut OsRng);
        let theirs = Argon2::default().hash_password(b"sloop-owner-2025", &salt).unwrap().to_string();
        assert!(verify_blocking(&theirs, b"sloop-owner-2025").unwrap());
        assert!(!verify_blocking(DECOY, b"sloop-owner-2025").unwrap());
    }
}
