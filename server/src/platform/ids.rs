//! Identifiers and secrets made by the server.

use rand::{RngCore, rngs::OsRng};
use sha2::{Digest, Sha256};

const CROCKFORD: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A time-ordered id (48-bit millisecond timestamp, 80 random bits) in
/// Crockford base32: 26 characters that sort by creation time.
pub fn new_id() -> String {
    id_at(crate::platform::clock::now_ms())
}

/// An id for something created at `ms` (the seeder back-dates vessels).
pub fn id_at(ms: i64) -> String {
    // The mask leaves the low 48 bits (two's complement for a negative `ms`),
    // so the value is never negative and the fallback is unreachable.
    let ms = u128::try_from(ms & ((1i64 << 48) - 1)).unwrap_or_default();
    let mut random = [0u8; 10];
    OsRng.fill_bytes(&mut random);
    let mut value = ms << 80;
    for (i, b) in random.iter().enumerate() {
        value |= u128::from(*b) << (8 * (9 - i));
    }
    (0..26).rev().map(|i| CROCKFORD[((value >> (5 * i)) & 31) as usize] as char).collect()
}

/// A secret for a cookie or a link: 32 random bytes, URL-safe base64.
pub fn new_secret() -> String {
    use base64::Engine;
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// Secrets are stored only as their SHA-256, so a database leak does not
/// hand out sessions or tokens. (They are high-entropy; no salt is needed.)
pub fn hash_secret(secret: &str) -> String {
    to_hex(&Sha256::digest(secret.as_bytes()))
}

/// Lower-case hexadecimal, two digits a byte.
pub fn to_hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut out, b| {
        // Writing to a `String` cannot fail.
        let _ = write!(out, "{b:02x}");
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_sort_by_creation_time() {
        let a = new_id();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let b = new_id();
        assert_eq!(a.len(), 26);
        assert!(a < b, "{a} !< {b}");
    }

    #[test]
    fn secrets_are_unique_and_hashes_are_stable() {
        assert_ne!(new_secret(), new_secret());
        assert_eq!(hash_secret("abc"), hash_secret("abc"));
        assert_eq!(hash_secret("abc").len(), 64);
    }
}
